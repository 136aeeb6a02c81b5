"""Heats in the order of play, worked by hand: a heats→final sack race sharing a player with table tennis.

The meet (one venue, 2 tables T1 T2 and 1 lawn L1, one session 09:00–12:00, rest 5 minutes):

- ``ms``, table tennis, A B C D in list order, 20-minute matches on the tables. Berger table for 4
  (FIDE C.05): round 1 #1 A–D, #2 B–C; round 2 #3 D–C, #4 A–B; round 3 #5 B–D, #6 C–A.
- ``sack``, the sack race (fun sports-day rules, individual 5), A E F G as listed, heats of 2 lanes filled in list order
  (heat #1 A E, heat #2 F G), the heat winners meet in the final (#3, tug-of-war and heats rules §2), 10-minute heats on
  the lane.

The scheduler takes what may start in order of play — stage, round, event, number — so at equal
rounds the table tennis (listed first) goes before the sack race. Working (a person may start again
5 minutes after their last match or heat ends):

- 09:00 #1 A–D on T1 and #2 B–C on T2 until 09:20; heat #1 waits for A; heat #2 F G on L1 until 09:10.
- 09:20 nothing: A, B, C, D all rest until 09:25.
- 09:25 heat #1 (round 1) before round 2: A E on L1 until 09:35; #3 D–C on T1 until 09:45; #4 A–B
  waits for A (free at 09:40); #5 B–D and #6 C–A wait for their players.
- 09:40 #4 A–B on T2 until 10:00. The final (once the heats have marks: A and F won them) waits for
  A until 10:05, and so do #5 (B) and #6 (A).
- 10:05 the final (round 2 of the sack race) before round 3: A F on L1 until 10:15; #5 B–D on T1
  until 10:25; #6 C–A waits for A.
- 10:20 #6 C–A on T2 until 10:40.

So A plays #1 09:00, heat #1 09:25, #4 09:40, the final 10:05 and #6 10:20, never without 5 minutes'
rest; without the heats' marks there is no final yet, and the rest of the plan is the same but for it.
"""

from __future__ import annotations

import datetime as dt
import json
import random

from podium.config.meet import parse_meet
from podium.faces import wording
from podium.formats.base import StageEntrant
from podium.journal.entries import Entry, Kind
from podium.journal.serialize import entrant_to_json
from podium.journal.state import fold
from podium.measure.sport import PerformanceInput
from podium.model.entrants import Entrant, Gender, Person
from podium.registry import registry
from podium.schedule.jobs import meet_jobs
from podium.services.draws import draw_payload
from podium.services.meet import Meet
from podium.services.performances import prepare as prepare_performance
from podium.services.results import prepare as prepare_result
from podium.services.schedule import now_view

TOML = """\
[meet]
name = "Sports afternoon"
date = 2026-05-20
language = "en"

[units]
c1 = "Class 1"

[venues.ground]
name = "Ground"
resources = { table = 2, lawn = 1 }

[[venues.ground.sessions]]
name = "am"
start = "09:00"
end = "12:00"

[schedule]
rest = 5

[events.ms]
name = "Singles"
sport = "table_tennis"
schedule = { resource = "table", minutes = 20 }

[[events.ms.stages]]
name = "main"
format = "round_robin"
numbers = "list"
order = "berger"  # the expected matches below follow the Berger table (table tennis defaults to the ITTF order)

[events.sack]
name = "Sack race"
sport = "fun_games"
game = "sack_race"
schedule = { resource = "lawn", minutes = 10 }

[[events.sack.stages]]
name = "heats"
format = "heats"
lanes = 2
order = "list"
advance = "winners"
"""

ENTRANTS = "event,name,gender,unit\n" + "".join(f"ms,{n},M,Class 1\n" for n in "ABCD") + "".join(
    f"sack,{n},M,Class 1\n" for n in "AEFG"
)


def drawn(make_meet, podium, toml: str = TOML):
    folder = make_meet(toml, ENTRANTS)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "ms", "--seed", "1")
    podium(folder, "draw", "sack", "--seed", "1")
    return folder


def with_final(make_meet, podium, toml: str = TOML):
    folder = drawn(make_meet, podium, toml)
    for name, time in (("A", "12.0"), ("E", "13.0"), ("F", "11.5"), ("G", "12.5")):
        podium(folder, "perf", "sack", name, time)
    return folder


def plan(podium, folder, *args: str) -> dict:
    return json.loads(podium(folder, "schedule", "--json", *args).output)


def placed(view: dict) -> list[tuple[str, str, str, int, str]]:
    """(start, resource, event, number, who) of every row, in the plan's order (a heat's entrants in alphabetical
    order: the final's lanes are drawn by lot)."""
    return [
        (r["start"][11:], ",".join(r["resources"]), r["event"], r["number"],
         ", ".join(sorted(r["names"])) if r["kind"] == "heat" else " – ".join(r["names"]))
        for s in view["sessions"] for r in s["rows"]
    ]


def test_a_final_after_its_heats_and_a_shared_player_rested(make_meet, podium):
    folder = with_final(make_meet, podium)
    view = plan(podium, folder)
    assert sorted(placed(view)) == sorted([
        ("09:00", "T1", "ms", 1, "A – D"), ("09:00", "T2", "ms", 2, "B – C"), ("09:00", "L1", "sack", 2, "F, G"),
        ("09:25", "L1", "sack", 1, "A, E"), ("09:25", "T1", "ms", 3, "D – C"),
        ("09:40", "T2", "ms", 4, "A – B"),
        ("10:05", "L1", "sack", 3, "A, F"), ("10:05", "T1", "ms", 5, "B – D"),
        ("10:20", "T2", "ms", 6, "C – A"),
    ])
    rows = {(r["event"], r["number"]): r for s in view["sessions"] for r in s["rows"]}
    final = rows[("sack", 3)]
    assert (final["kind"], final["round_name"], final["end"][11:], sorted(final["names"])) == ("heat", "final", "10:15", ["A", "F"])
    assert rows[("sack", 1)]["complete"] is True and final["complete"] is False
    assert (view["matches"], view["heats"], view["fits"]) == (6, 3, True)
    text = podium(folder, "schedule").output
    assert "6 matches and 3 heats; all fit in the sessions." in text
    lines = [line.split() for line in text.splitlines()]
    assert ["10:05", "Lawn", "3", "Sack", "race", "final", "A,", "F"] in lines or ["10:05", "Lawn", "3", "Sack", "race", "final", "F,", "A"] in lines


def test_before_the_heats_are_run_the_final_keeps_its_place(make_meet, podium):
    """Without marks the final's entrants are unknown, but its time is kept: final #3 waits for both heats and
    for everyone who could reach it (A, E, F, G). A is the last of them free (match #4 until 10:00, rested at
    10:05), as worked above for the finalists A and F, so the plan is the same: the final at 10:05 on L1 and
    #6 C–A at 10:20. Shown as decided by the round before; it cannot be called yet."""
    folder = drawn(make_meet, podium)
    view = plan(podium, folder)
    assert sorted(placed(view)) == sorted([
        ("09:00", "T1", "ms", 1, "A – D"), ("09:00", "T2", "ms", 2, "B – C"), ("09:00", "L1", "sack", 2, "F, G"),
        ("09:25", "L1", "sack", 1, "A, E"), ("09:25", "T1", "ms", 3, "D – C"),
        ("09:40", "T2", "ms", 4, "A – B"),
        ("10:05", "L1", "sack", 3, ""), ("10:05", "T1", "ms", 5, "B – D"),
        ("10:20", "T2", "ms", 6, "C – A"),
    ])
    assert (view["matches"], view["heats"], view["fits"]) == (6, 3, True)
    final = next(r for s in view["sessions"] for r in s["rows"] if (r["event"], r["number"]) == ("sack", 3))
    assert (final["round_name"], final["names"], final["ahead"], final["end"][11:]) == ("final", [], None, "10:15")
    assert "entrants decided by the round before" in podium(folder, "schedule").output
    now = json.loads(podium(folder, "schedule", "--now", "--at", "2026-05-20 10:06", "--json").output)
    assert ("sack", 3) in {(r["event"], r["number"]) for r in now["due"]}
    assert ("sack", 3) not in {(r["event"], r["number"]) for r in now["call_next"]}


def test_round_minutes_and_sessions_of_the_final(make_meet, podium):
    """``round_minutes = { final = 15 }`` makes the final last 15 minutes; ``round_sessions`` keeps it to the
    afternoon session (13:00–14:00): it starts at 13:00 and ends at 13:15."""
    toml = TOML.replace(
        'schedule = { resource = "lawn", minutes = 10 }',
        'schedule = { resource = "lawn", minutes = 10, round_minutes = { final = 15 }, round_sessions = { final = ["pm"] } }',
    ) + '\n[[venues.ground.sessions]]\nname = "pm"\nstart = "13:00"\nend = "14:00"\n'
    folder = with_final(make_meet, podium, toml)
    view = plan(podium, folder, "--event", "sack")
    rows = [(s["session"], r["number"], r["start"][11:], r["end"][11:]) for s in view["sessions"] for r in s["rows"]]
    assert rows == [("am", 2, "09:00", "09:10"), ("am", 1, "09:25", "09:35"), ("pm", 3, "13:00", "13:15")]


def test_pin_and_unpin_a_heat_by_its_number(make_meet, podium):
    """Heat #2 (F, G) pinned at 09:30 on L1, so the lane is taken 09:30–09:40. Matches #1 and #2 play
    09:00–09:20 as before. At 09:25 heat #1 (A, E) cannot have the lane for 09:25–09:35, so #3 D–C and #4 A–B
    take the tables until 09:45; the lane is free again at 09:40 but A rests until 09:50: heat #1 goes at 09:50.
    The final #3 (anyone of A, E, F, G) follows at 10:05, when A has rested after heat #1.
    The pin is journaled, shown with *, and released by unpin."""
    folder = drawn(make_meet, podium)
    out = podium(folder, "schedule", "pin", "sack", "2", "--at", "09:30", "--on", "L1").output
    assert out.strip() == "Heat 2 pinned at 2026-05-20 09:30 on Lawn."  # the only lawn: no number
    view = plan(podium, folder, "--event", "sack")
    rows = {r["number"]: (r["start"][11:], r["pinned"]) for s in view["sessions"] for r in s["rows"]}
    assert rows == {2: ("09:30", True), 1: ("09:50", False), 3: ("10:05", False)}
    assert "Lawn *" in podium(folder, "schedule", "--event", "sack").output
    assert "heat 2 pinned at 2026-05-20 09:30 Lawn" in podium(folder, "log").output  # the log reads it as the pin did
    assert podium(folder, "schedule", "unpin", "sack", "2").output.strip() == "Heat 2 is no longer pinned."
    assert "heat 2 unpinned" in podium(folder, "log").output
    refused = podium(folder, "schedule", "unpin", "sack", "2", ok=False)
    assert "Error: heat 2 is not pinned." in refused.output


def test_a_pin_of_a_heat_that_cannot_hold_is_refused_and_nothing_is_written(make_meet, podium):
    """With match #1 (A–D) pinned at 09:00–09:20 on T1:
    - the final (A, F) at 09:10 would have A twice (and A rests 5 minutes after 09:20);
    - the final on T2: the sack race uses lanes;
    - heat #1 has its marks, it needs no place;
    - there is no heat #9;
    - the final at 09:05, before the plan can run its heats: heat #2 (F, G) cannot go at 09:00 with F pinned
      in the final at 09:05, and the final depends on both heats — the first heat it waits for is heat #1."""
    folder = with_final(make_meet, podium)
    podium(folder, "schedule", "pin", "ms", "1", "--at", "09:00", "--on", "T1")
    journal = (folder / "meet.sqlite").read_bytes()
    cases = [
        (("3", "--at", "09:10"), "heat 3 cannot be pinned at 2026-05-20 09:10: A (Class 1) is in another pinned match then."),
        (("3", "--at", "10:30", "--on", "T2"), "heat 3 cannot be pinned at 2026-05-20 10:30: it cannot be played on Table 2."),
        (("1", "--at", "10:30"), "heat 1 is complete; it needs no place in the order of play."),
        (("9", "--at", "10:30"), "Sack race has no heat '9'; see 'podium matches sack'."),
    ]
    for args, message in cases:
        result = podium(folder, "schedule", "pin", "sack", *args, ok=False)
        assert result.exit_code != 0, args
        assert f"Error: {message}" in result.output, (args, result.output)
        assert "Traceback" not in result.output
    assert (folder / "meet.sqlite").read_bytes() == journal
    podium(folder, "schedule", "unpin", "ms", "1")
    result = podium(folder, "schedule", "pin", "sack", "3", "--at", "09:05", ok=False)
    assert "Error: heat 3 cannot be pinned at 2026-05-20 09:05: it would start before heat 1 of Sack race ends." in result.output


def _journal_with(folder, facts: list[tuple[str, str, str, str]]) -> list[Entry]:
    """The meet's journal plus results and performances (event, match number or entrant, value, clock time),
    recorded at those clock times."""
    meet = Meet(folder)
    entries = list(meet.store.read())
    for event, who, value, clock in facts:
        state = fold(meet.config, registry(), entries)
        if event == "ms":
            _done, (kind, key, payload, reason) = prepare_result(state.event(event), [who], value)
        else:
            _done, (kind, key, payload, reason) = prepare_performance(state.event(event), who, PerformanceInput(value))
        when = dt.datetime.fromisoformat(f"2026-05-20 {clock}").astimezone(dt.UTC)
        entries.append(Entry(len(entries) + 1, when, kind, key, payload, reason))
    return entries


def test_now_lists_heats_late_due_and_to_call(make_meet, podium):
    """The plan without the final (above): heat #2 09:00–09:10 on L1, #1 and #2 09:00–09:20, heat #1 and #3
    from 09:25. At 09:30 with nothing entered: late are heat #2, #1 and #2 (30 minutes; listed by start, then
    L1 before T1 and T2); due are heat #1 (L1) and #3 (T1). To call, earliest first (then by key, "ms/…"
    before "sack/…"): #1 A–D, #2 B–C, heat #2 F G; #3 shares D, heat #1 and #4 share A, #5 and #6 share
    players already called."""
    folder = drawn(make_meet, podium)
    state = fold(Meet(folder).config, registry(), list(Meet(folder).store.read()))
    view = now_view(state, dt.datetime(2026, 5, 20, 9, 30))
    assert [(r.event, r.number, r.minutes_late) for r in view.late] == [("sack", 2, 30), ("ms", 1, 30), ("ms", 2, 30)]
    assert [(r.event, r.number) for r in view.due] == [("sack", 1), ("ms", 3)]
    assert [(r.event, r.number, wording.who_line(r)) for r in view.call_next] == [
        ("ms", 1, "A – D"), ("ms", 2, "B – C"), ("sack", 2, "F, G")
    ]
    text = podium(folder, "schedule", "--now", "--at", "09:30").output
    assert "2026-05-20 09:30: 2 matches and 1 heat are late, the latest planned 30 minutes ago." in text


def test_a_performance_counts_as_the_end_of_a_persons_last_match_for_the_rest(make_meet, podium):
    """Results: #1 A–D at 09:21, #2 B–C at 09:22; performances: heat #2 F at 09:31, G at 09:32, heat #1 A at
    09:36, E at 09:37. Both heats are complete, the final (A, F) is laid out; A rests until 09:41 (5 minutes
    after the performance at 09:36), F until 09:36.
    At 09:38: #3 D–C can be called (D rested since 09:26, C since 09:27); #4 A–B and the final wait for A.
    At 09:42: #3 and #4 A–B; the final shares A with #4."""
    folder = drawn(make_meet, podium)
    facts = [("ms", "1", "11-5 11-5 11-5", "09:21"), ("ms", "2", "11-5 11-5 11-5", "09:22"),
             ("sack", "F", "11.5", "09:31"), ("sack", "G", "12.5", "09:32"),
             ("sack", "A", "12.0", "09:36"), ("sack", "E", "13.0", "09:37")]
    state = fold(Meet(folder).config, registry(), _journal_with(folder, facts))
    final = [h for h in state.event("sack").stages[0].heats if h.round_name == "final"]
    assert [sorted(h.entrants) for h in final] == [sorted(state.event("sack").entrant(n).key for n in "AF")]
    early = now_view(state, dt.datetime(2026, 5, 20, 9, 38))
    assert [(r.event, r.number) for r in early.call_next] == [("ms", 3)]
    later = now_view(state, dt.datetime(2026, 5, 20, 9, 42))
    assert [(r.event, r.number) for r in later.call_next] == [("ms", 3), ("ms", 4)]


DURATIONS = """\
[meet]
name = "Fun games"
date = 2026-05-20
language = "en"

[venues.field]
resources = { lawn = 4 }

[[venues.field.sessions]]
start = "13:30"
end = "17:00"

[schedule]
minutes = 12

[events.rope]
sport = "fun_games"
game = "rope_skipping"

[events.rope2]
sport = "fun_games"
game = "rope_skipping"
rules = { attempts = 2 }

[events.drum]
sport = "fun_games"
game = "drum_bounce"

[events.chopsticks]
sport = "fun_games"
game = "chopstick_relay"

[events.team_rope]
sport = "fun_games"
game = "team_rope_skipping"

[events.sack]
sport = "fun_games"
game = "sack_race"

[events.sack7]
sport = "fun_games"
game = "sack_race"
schedule = { minutes = 7 }
"""


def _heat_minutes() -> dict[str, int]:
    """The minutes of each event's first heat, from a meet where every event is drawn with two entrants."""
    config = parse_meet(DURATIONS, registry())
    entries: list[Entry] = []
    when = dt.datetime(2026, 5, 1, tzinfo=dt.UTC)
    for key, event in config.events.items():
        people = [Entrant(f"{key}{n}", key, event.kind, f"{key}{n}", (Person(f"{key}{n}", Gender.MALE),)) for n in (1, 2)]
        entries.append(Entry(len(entries) + 1, when, Kind.ENTRANTS, key, {"entrants": [entrant_to_json(p) for p in people]}))
        stage = event.stages[0]
        fmt = registry().format(stage.format)
        field = [StageEntrant(p.key) for p in people]
        entries.append(Entry(len(entries) + 1, when, Kind.DRAW, key,
                             draw_payload(field, stage.name, fmt.draw(field, stage.options, random.Random(1)), 1)))
    jobs = meet_jobs(fold(config, registry(), entries))
    return {job.event: job.minutes for job in jobs}


def test_heat_durations_from_the_games_clock():
    """A heat's entrants perform side by side, so a heat lasts as long as the game's clock, once per attempt
    (MeasuredSport.heat_minutes), else the event's or the meet's minutes:
    - 1-minute rope skipping (fun sports-day rules, individual 1: time_limit 60 s): 1 minute; with 2 attempts, 2 minutes;
    - drum bounce (team fun-games rules §7: 限时两分钟, time_limit 120 s): 2 minutes;
    - chopstick relay (table-tennis plan 5 §5(3): not finished in 5 minutes is out, time_cap 300 s): 5 minutes;
    - team rope skipping (three attempts, no clock) and the sack race (run to the line): the meet's 12;
    - the sack race with the event's minutes = 7: 7."""
    assert _heat_minutes() == {
        "rope": 1, "rope2": 2, "drum": 2, "chopsticks": 5, "team_rope": 12, "sack": 12, "sack7": 7,
    }


def test_the_printed_order_of_play_lists_heats_with_their_entrants(make_meet, podium, tmp_path):
    """``podium print order`` takes the plan: heat #2 of the sack race at 09:00 on L1, named with its event and
    round, with its entrants by lane across the two side columns (lanes drawn by lot: G in lane 1, F in lane 2);
    heats with all their marks (and matches with results) are left out of the pending order, and are listed
    with --all."""
    folder = drawn(make_meet, podium)
    lanes = {name: lane for heat in _lanes(folder) for lane, name in heat}
    podium(folder, "print", "order", "--html", "-o", str(tmp_path / "order.html"))
    html = (tmp_path / "order.html").read_text(encoding="utf-8")
    compact = " ".join(html.split())
    heat_2 = "".join(f'<span class="lane"><b>{lanes[n]}</b> {n}</span>' for n in sorted("FG", key=lanes.get))
    assert (
        '<td class="time">09:00</td><td class="place">Lawn</td> <td class="num">2</td> '
        '<td class="what"><span class="event">Sack race</span> <span class="round">heats · heat 2</span></td> '
        f'<td colspan="2" class="lanes">{heat_2}</td>'
    ) in compact
    assert '<span class="round">heats · heat 1</span>' in compact
    podium(folder, "perf", "sack", "F", "11.5")
    podium(folder, "perf", "sack", "G", "12.5")
    podium(folder, "print", "order", "--html", "-o", str(tmp_path / "pending.html"))
    pending = " ".join((tmp_path / "pending.html").read_text(encoding="utf-8").split())
    assert "heats · heat 2" not in pending and "heats · heat 1" in pending
    podium(folder, "print", "order", "--all", "--html", "-o", str(tmp_path / "all.html"))
    assert heat_2 in " ".join((tmp_path / "all.html").read_text(encoding="utf-8").split())


def _lanes(folder) -> list[list[tuple[int, str]]]:
    from podium.journal.measured_stage import MeasuredStageState
    from podium.services.meet import Meet

    event = Meet(folder).state().event("sack")
    stage = event.stages[0]
    assert isinstance(stage, MeasuredStageState)
    return [[(lane.position, event.entrants[lane.entrant].name) for lane in heat.lanes] for heat in stage.heats]


def test_a_final_pinned_before_its_heats_are_run_keeps_the_pin(make_meet, podium):
    """Final #3 pinned at 10:30 on L1 while its entrants are unknown; once the heats' marks are in (winners A
    and F), the laid-out final is the same heat (key F) and stays at 10:30, pinned, with A and F."""
    folder = drawn(make_meet, podium)
    assert podium(folder, "schedule", "pin", "sack", "3", "--at", "10:30", "--on", "L1").output.strip() == (
        "Heat 3 pinned at 2026-05-20 10:30 on Lawn."
    )
    for name, time in (("A", "12.0"), ("E", "13.0"), ("F", "11.5"), ("G", "12.5")):
        podium(folder, "perf", "sack", name, time)
    rows = {r["number"]: r for s in plan(podium, folder, "--event", "sack")["sessions"] for r in s["rows"]}
    assert (rows[3]["start"][11:], rows[3]["pinned"], sorted(rows[3]["names"])) == ("10:30", True, ["A", "F"])
