"""The order of play from the command line: podium schedule, pins and moves, and --now.

Four players A, B, C, D in list order; Berger table for 4 (FIDE C.05): R1 1-4 2-3, R2 4-3 1-2,
R3 2-4 3-1, so matches 1–6 are A–D, B–C, D–C, A–B, B–D, C–A. Matches last 20 minutes on 2
tables from 09:00: round 1 at 09:00 (T1, T2), round 2 at 09:20, round 3 at 09:40.
"""

from __future__ import annotations

import datetime as dt
import json
import random

from podium.faces.demo import play_matches
from podium.journal.entries import Entry
from podium.journal.state import fold
from podium.registry import registry
from podium.services.meet import Meet
from podium.services.results import prepare
from podium.services.schedule import now_view

TOML = """\
[meet]
name = "Club evening"
date = 2026-05-20
language = "en"

[units]
c1 = "Club 1"

[venues.hall]
name = "Hall"
resources = { table = 2 }

[[venues.hall.sessions]]
name = "evening"
start = "09:00"
end = "10:00"

[schedule]
rest = 10

[events.ms]
name = "Men's singles"
sport = "table_tennis"
schedule = { minutes = 20, rest = 0 }

[[events.ms.stages]]
name = "main"
format = "round_robin"
numbers = "list"
order = "berger"  # the expected matches below follow the Berger table (table tennis defaults to the ITTF order)
"""

PLAYERS = "event,name,gender,unit\nms,A,M,Club 1\nms,B,M,Club 1\nms,C,M,Club 1\nms,D,M,Club 1\n"


def ready(make_meet, podium, toml: str = TOML):
    folder = make_meet(toml, PLAYERS)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "ms", "--seed", "1")
    return folder


def plan(podium, folder) -> dict:
    return json.loads(podium(folder, "schedule", "--json").output)


def rows(view: dict) -> list[tuple[str, str, int, str, str]]:
    return [(r["start"][11:], r["resources"][0], r["number"], *r["names"]) for s in view["sessions"] for r in s["rows"]]


def test_order_of_play(make_meet, podium):
    folder = ready(make_meet, podium)
    view = plan(podium, folder)
    assert rows(view) == [
        ("09:00", "T1", 1, "A", "D"), ("09:00", "T2", 2, "B", "C"),
        ("09:20", "T1", 3, "D", "C"), ("09:20", "T2", 4, "A", "B"),
        ("09:40", "T1", 5, "B", "D"), ("09:40", "T2", 6, "C", "A"),
    ]
    assert view["fits"] and view["required_minutes"] == 120 and view["available_minutes"] == 120
    text = podium(folder, "schedule").output
    assert "Hall · 2026-05-20 09:00–10:00\n" in text and "6 matches; all fit in the sessions." in text


def test_an_overfull_day_says_how_many_and_by_how_much(make_meet, podium):
    """A 40-minute session holds rounds 1 and 2; round 3 (2 matches) would end at 10:00, 20 minutes late."""
    folder = ready(make_meet, podium, TOML.replace('end = "10:00"', 'end = "09:40"'))
    view = plan(podium, folder)
    assert [(r["number"], r["start"][11:]) for r in view["overflow"]] == [(5, "09:40"), (6, "09:40")]
    assert view["overrun"] == [{"venue": "hall", "minutes": 20, "until": "2026-05-20 10:00"}]
    assert (view["required_minutes"], view["available_minutes"], view["short_minutes"]) == (120, 80, 40)
    text = podium(folder, "schedule").output
    assert "6 matches; 2 do not fit. They need 120 minutes of play on the venues' resources and the sessions offer 80." in text
    assert "hall would have to run 20 minutes longer (until 2026-05-20 10:00)." in text


def test_a_person_in_two_events_is_never_in_two_places(make_meet, podium):
    toml = TOML + '\n[events.open]\nname = "Open singles"\nsport = "table_tennis"\nschedule = { minutes = 20 }\n'
    folder = make_meet(toml, PLAYERS + "open,A,M,Club 1\nopen,E,M,Club 1\n")
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "ms", "--seed", "1")
    podium(folder, "draw", "open", "--seed", "1")
    view = plan(podium, folder)
    placed = [r for s in view["sessions"] for r in s["rows"]] + view["overflow"]
    a_slots = sorted((r["start"], r["end"]) for r in placed if "A" in r["names"])
    assert len(a_slots) == 4
    assert all(later[0] >= earlier[1] for earlier, later in zip(a_slots, a_slots[1:], strict=False))


def test_an_event_not_drawn_is_named_as_left_out_of_the_plan(make_meet, podium):
    """Open singles has entrants but no draw yet: the order of play says it is not in the plan, by its name."""
    toml = TOML + '\n[events.open]\nname = "Open singles"\nsport = "table_tennis"\nschedule = { minutes = 20 }\n'
    folder = make_meet(toml, PLAYERS + "open,A,M,Club 1\nopen,E,M,Club 1\n")
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "ms", "--seed", "1")
    assert "Not drawn yet, so not in the plan: Open singles." in podium(folder, "schedule").output


def test_pin_move_and_unpin(make_meet, podium):
    folder = ready(make_meet, podium)
    out = podium(folder, "schedule", "pin", "ms", "6", "--at", "09:00", "--on", "T2").output
    assert out.strip() == "Match 6 pinned at 2026-05-20 09:00 on Table 2."
    view = plan(podium, folder)
    pinned = [r for s in view["sessions"] for r in s["rows"] if r["pinned"]]
    assert [(r["number"], r["start"][11:], r["resources"]) for r in pinned] == [(6, "09:00", ["T2"])]
    a_starts = [r["start"] for s in view["sessions"] for r in s["rows"] if "A" in r["names"]]
    assert len(a_starts) == len(set(a_starts)) == 3
    # a move: pinning again replaces the earlier pin
    podium(folder, "schedule", "pin", "ms", "6", "--at", "09:40")
    again = plan(podium, folder)
    assert [(r["number"], r["start"][11:]) for s in again["sessions"] for r in s["rows"] if r["pinned"]] == [(6, "09:40")]
    assert "Match 6 is no longer pinned." in podium(folder, "schedule", "unpin", "ms", "6").output
    log = podium(folder, "log").output
    assert "match 6 pinned at 2026-05-20 09:00 Table 2" in log and "match 6 unpinned" in log
    assert rows(plan(podium, folder)) == rows(plan(podium, folder))
    refused = podium(folder, "schedule", "unpin", "ms", "6", ok=False)
    assert "Error: match 6 is not pinned." in refused.output


def test_a_pin_that_cannot_hold_is_refused_and_nothing_is_written(make_meet, podium):
    folder = ready(make_meet, podium)
    podium(folder, "schedule", "pin", "ms", "6", "--at", "09:00", "--on", "T2")
    journal = (folder / "meet.sqlite").read_bytes()
    cases = [
        (("4", "--at", "09:10"), "match 4 cannot be pinned at 2026-05-20 09:10: A (Club 1) is in another pinned match then."),
        (("1", "--at", "09:50"), "match 1 cannot be pinned at 2026-05-20 09:50: 2026-05-20 09:50 is not inside a session of its event with room for 20 minutes."),
        (("2", "--at", "09:05", "--on", "T2"), "match 2 cannot be pinned at 2026-05-20 09:05: Table 2 is taken by another pinned match then."),
        (("2", "--at", "09:05", "--on", "T9"), "'T9' names no single resource; resources: Table 1 (T1), Table 2 (T2)."),
        (("2", "--at", "nine"), "'nine' is not a time like 09:30 or 2026-05-20 09:30."),
    ]
    for args, message in cases:
        result = podium(folder, "schedule", "pin", "ms", *args, ok=False)
        assert result.exit_code == 2, args
        assert f"Error: {message}" in result.output, (args, result.output)
        assert "Traceback" not in result.output
    assert (folder / "meet.sqlite").read_bytes() == journal


def test_schedule_needs_venues(make_meet, podium):
    folder = make_meet(TOML.split("[venues.hall]")[0] + '[events.ms]\nsport = "table_tennis"\n', PLAYERS)
    result = podium(folder, "schedule", ok=False)
    assert "meet.toml has no venues with sessions; add [venues.NAME]" in result.output


def _entries_with_results(folder, results: list[tuple[int, str, str]]) -> list[Entry]:
    """The meet's journal plus results of (match number, score, clock time) recorded at those times."""
    meet = Meet(folder)
    entries = list(meet.store.read())
    for number, score, clock in results:
        state = fold(meet.config, registry(), entries)
        _recorded, (kind, event, payload, reason) = prepare(state.event("ms"), [str(number)], score)
        when = dt.datetime.fromisoformat(f"2026-05-20 {clock}").astimezone(dt.UTC)
        entries.append(Entry(len(entries) + 1, when, kind, event, payload, reason))
    return entries


def test_now_shows_what_is_late_and_what_can_be_called(make_meet, podium):
    """With 10 minutes' rest the plan is: A–D and B–C 09:00–09:20; D–C and A–B 09:30–09:50 (after their rest);
    B–D and C–A do not fit. A–D's result came in at 09:18 and B–C's at 09:27.
    At 09:30 nothing is late; D–C and A–B are due; A and D have rested since 09:28 but B and C rest until 09:37,
    so every ready match has someone still resting: nothing can be called.
    At 09:50 D–C and A–B are late, planned 20 minutes ago, and both can be called (no shared player);
    B–D and C–A share players with them."""
    folder = ready(make_meet, podium, TOML.replace("schedule = { minutes = 20, rest = 0 }", "schedule = { minutes = 20, rest = 10 }"))
    entries = _entries_with_results(folder, [(1, "11-5 11-5 11-5", "09:18"), (2, "11-5 11-5 11-5", "09:27")])
    state = fold(Meet(folder).config, registry(), entries)
    early = now_view(state, dt.datetime(2026, 5, 20, 9, 30))
    assert early.late == () and early.call_next == ()
    assert [r.number for r in early.due] == [3, 4]
    later = now_view(state, dt.datetime(2026, 5, 20, 9, 50))
    assert [(r.number, r.minutes_late) for r in later.late] == [(3, 20), (4, 20)]
    assert [r.number for r in later.call_next] == [3, 4]
    assert later.behind_minutes == 20


def test_now_from_the_cli_with_an_injected_clock(make_meet, podium):
    folder = ready(make_meet, podium)
    out = podium(folder, "schedule", "--now", "--at", "09:25").output
    assert "2026-05-20 09:25: 2 matches are late, the latest planned 25 minutes ago." in out
    assert "Can be called next:" in out
    view = json.loads(podium(folder, "schedule", "--now", "--at", "2026-05-20 09:25", "--json").output)
    assert [r["number"] for r in view["late"]] == [1, 2] and [r["number"] for r in view["due"]] == [3, 4]
    assert [r["number"] for r in view["call_next"]] == [1, 2]


SEED_002_L1325 = """\
[meet]
name = "Doubles league"
date = 2026-05-20
language = "en"

[venues.hall]
name = "Hall"
resources = { table = 7 }
""" + "".join(
    f'[[venues.hall.sessions]]\ndate = 2026-05-{20 + k // 2}\nstart = "{"08:30" if k % 2 == 0 else "14:00"}"\n'
    f'end = "{"10:00" if k % 2 == 0 else "15:30"}"\n'
    for k in range(8)
) + """
[events.xd]
name = "Doubles"
sport = "table_tennis"
kind = "pair"
format = "round_robin"
schedule = { minutes = 30 }
"""


def test_the_171_match_example_of_seed_002_from_the_cli(make_meet, podium):
    """19 pairs → 171 matches of 30 minutes on 7 tables in 8 sessions of 1.5 hours: 24 rounds of play fit,
    171 = 24 × 7 + 3 leaves 3 matches for a 25th, 30 minutes after the last session (2026-05-23 15:30)."""
    rows = ["event,name,team"] + [f"xd,P{n}{side},T{n}" for n in range(19) for side in "ab"]
    folder = make_meet(SEED_002_L1325, "\n".join(rows) + "\n")
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    assert "19 entrants, 171 matches" in podium(folder, "draw", "xd", "--seed", "1").output
    text = podium(folder, "schedule").output
    assert "171 matches; 3 do not fit. They need 5130 minutes of play on the venues' resources and the sessions offer 5040." in text
    assert "hall would have to run 30 minutes longer (until 2026-05-23 16:00)." in text


def test_matches_settled_by_a_withdrawal_are_not_in_the_order_of_play(make_meet, podium):
    """D withdraws before playing: with none of 3 matches played, fewer than half, all of D's matches are annulled
    (CXA 2011 §19.2) — matches 1 A–D, 3 D–C and 5 B–D. Nobody plays them, so the plan holds only B–C (round 1),
    A–B (round 2) and C–A (round 3), each waiting for the previous one (B, then A): 09:00, 09:20, 09:40 on T1.
    At 09:45 the first two are late; an annulled match never is, and it cannot be pinned."""
    folder = ready(make_meet, podium)
    podium(folder, "withdraw", "ms", "D", "--reason", "ill")
    view = plan(podium, folder)
    assert [(start, number) for start, _table, number, *_names in rows(view)] == [("09:00", 2), ("09:20", 4), ("09:40", 6)]
    late = json.loads(podium(folder, "schedule", "--now", "--at", "09:45", "--json").output)["late"]
    assert [r["number"] for r in late] == [2, 4]
    refused = podium(folder, "schedule", "pin", "ms", "1", "--at", "09:00", ok=False)
    assert refused.exit_code == 2
    assert "match 1 was settled by a withdrawal (a walkover or an annulled match)" in refused.output


def test_the_knockout_after_the_groups_is_in_the_plan_from_the_group_draw(make_meet, podium):
    """The 19-pair round-robin Q&A, its alternative to 171 matches: 19 pairs in 4 groups of 5, 5, 5 and 4, a round robin
    in each (3 × 10 + 6 = 36 matches), the top 2 of each to a knockout of 8: 4 quarter-finals, 2 semi-finals
    and the final, 7 more, 43 in all. The knockout is not drawn until the groups are over, but the order of
    play keeps its time from the group draw: matches 37–43, after every group match, quarter-finals before
    semi-finals before the final, none of them callable; drawn, they keep their numbers. Stand-ins play them,
    so the 4 quarter-finals share a start on 4 of the 7 tables, and so do the 2 semi-finals."""
    toml = SEED_002_L1325.replace('format = "round_robin"\n', "") + (
        '[[events.xd.stages]]\nname = "groups"\nformat = "groups"\ngroups = 4\nadvance = 2\n'
        '[[events.xd.stages]]\nname = "knockout"\nformat = "knockout"\n'
    )
    rows = ["event,name,team"] + [f"xd,P{n}{side},T{n}" for n in range(19) for side in "ab"]
    folder = make_meet(toml, "\n".join(rows) + "\n")
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    assert "19 entrants, 36 matches" in podium(folder, "draw", "xd", "--seed", "1").output
    view = json.loads(podium(folder, "schedule", "--json").output)
    assert (view["matches"], view["heats"], view["fits"]) == (43, 0, True)
    placed = [r for s in view["sessions"] for r in s["rows"]]
    knockout = sorted((r for r in placed if r["stage"] == "knockout"), key=lambda r: r["number"])
    assert [(r["number"], r["round_name"]) for r in knockout] == [
        (37, "quarter"), (38, "quarter"), (39, "quarter"), (40, "quarter"), (41, "semi"), (42, "semi"), (43, "final"),
    ]
    assert {r["ahead"] for r in knockout} == {"groups"} and all(r["names"] == [] for r in knockout)
    assert {r["ahead_title"]["en"] for r in knockout} == {"Groups"}
    assert "entrants decided by stage 'Groups'" in podium(folder, "schedule").output
    last_group_end = max(r["end"] for r in placed if r["stage"] == "groups")
    quarters, semis, final = knockout[:4], knockout[4:6], knockout[6]
    assert min(r["start"] for r in quarters) >= last_group_end
    assert len({r["start"] for r in quarters}) == 1 and len({r["resources"][0] for r in quarters}) == 4
    assert len({r["start"] for r in semis}) == 1
    assert min(r["start"] for r in semis) >= max(r["end"] for r in quarters)
    assert final["start"] >= max(r["end"] for r in semis)
    later = json.loads(podium(folder, "schedule", "--now", "--at", final["start"], "--json").output)
    assert not {r["number"] for r in later["call_next"]} & {r["number"] for r in knockout}
    play_matches(Meet(folder), "xd", random.Random(1))  # every group match, simulated
    podium(folder, "advance", "xd", "--seed", "1", "--lots")
    drawn = json.loads(podium(folder, "schedule", "--json").output)
    assert sorted((r["number"], r["round_name"]) for s in drawn["sessions"] for r in s["rows"] if r["stage"] == "knockout") == [
        (37, "quarter"), (38, "quarter"), (39, "quarter"), (40, "quarter"), (41, "semi"), (42, "semi"), (43, "final"),
    ]
