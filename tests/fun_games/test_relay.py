"""A relay with heats and a final, from the CLI: team make-up, legs, penalties, false starts, void and re-run.

Fire-extinguisher relay (fire-safety sports meet rules 2018, (1)): 8 per team, 4 men and 4 women, running in
turn, nobody twice; two false starts disqualify; +3 s per dress fault or obstacle hit.
Here four classes race in heats of 2 lanes, the heat winners meet in a final.
"""

from __future__ import annotations

import json

MEET = """
[meet]
name = "Fire-safety games"
language = "en"

[units]
c1 = "Class 1"
c2 = "Class 2"
c3 = "Class 3"
c4 = "Class 4"

[events.fire]
sport = "fun_games"
game = "fire_extinguisher_relay"

[[events.fire.stages]]
name = "main"
format = "heats"
lanes = 2
order = "list"
advance = "winners"
"""


def team_rows(unit: str, men: int = 4, women: int = 4) -> list[str]:
    number = unit[-1]
    rows = [f"fire,M{number}{i},M,{unit},{unit}" for i in range(1, men + 1)]
    return rows + [f"fire,W{number}{i},F,{unit},{unit}" for i in range(1, women + 1)]


def entrants(*teams: list[str]) -> str:
    return "\n".join(["event,name,gender,unit,team", *[row for team in teams for row in team]]) + "\n"


def legs(number: int) -> str:
    return ",".join([f"M{number}{i}" for i in range(1, 5)] + [f"W{number}{i}" for i in range(1, 5)])


def ready(make_meet, podium):
    folder = make_meet(MEET, entrants(*(team_rows(f"Class {n}") for n in range(1, 5))))
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    out = podium(folder, "draw", "fire", "--seed", "5").output
    assert "4 entrants in 2 heats" in out
    return folder


def test_heats_then_final(make_meet, podium):
    """Heats (list order, 2 lanes): H1 Class 1 v Class 2, H2 Class 3 v Class 4.
    H1: Class 1 1:01.20 with 2 dress faults and an obstacle = 61.20 + 9 = 70.20 (1:10.20);
        Class 2 1:08.00 clean → Class 2 wins H1.
    H2: Class 3 1:05.00 with one false start (no penalty) → 65.00; Class 4 two false starts → DQ.
    Final: Class 2 1:04.00, Class 3 1:03.50 → Class 3 first, Class 2 second;
    then Class 1 (70.20) third; Class 4 disqualified, no place."""
    folder = ready(make_meet, podium)
    heats = json.loads(podium(folder, "matches", "fire", "--json").output)
    assert [(h["key"], [lane["name"] for lane in h["lanes"]]) for h in heats] == [
        ("H1", ["Class 1", "Class 2"]), ("H2", ["Class 3", "Class 4"])
    ]
    out = podium(folder, "perf", "fire", "Class 1", "1:01.20", "--penalty", "dress_fault:2", "--penalty", "obstacle",
                 "--legs", legs(1)).output
    assert "Heats, heat 1, lane 1: Class 1 1:10.20 recorded." in out
    assert "1:01.20 +9 (dress_fault×2, obstacle×1)" in out
    podium(folder, "perf", "fire", "Class 2", "1:08.00", "--legs", legs(2))
    podium(folder, "perf", "fire", "Class 3", "1:05.00", "--false-starts", "1")
    out = podium(folder, "perf", "fire", "Class 4", "1:00.00", "--false-starts", "2").output
    assert "Class 4 DQ recorded." in out and "2 false starts" in out

    heats = json.loads(podium(folder, "matches", "fire", "--json").output)
    final = heats[-1]
    assert (final["key"], final["round_name"], sorted(lane["name"] for lane in final["lanes"])) == (
        "F", "final", ["Class 2", "Class 3"]
    )
    assert heats[0]["lanes"][0]["legs"] == legs(1).split(",")
    podium(folder, "perf", "fire", "Class 2", "1:04.00")  # the latest heat of Class 2 is the final
    podium(folder, "perf", "fire", "Class 3", "1:03.50")
    view = json.loads(podium(folder, "standings", "fire", "--json").output)
    stage = view["stages"][0]
    assert stage["complete"] is True
    assert [(r["place"], r["name"], r["mark"], r["status"]) for r in stage["rows"]] == [
        (1, "Class 3", "1:03.50", "ok"),
        (2, "Class 2", "1:04.00", "ok"),
        (3, "Class 1", "1:10.20", "ok"),
        (None, "Class 4", "DQ", "DQ"),
    ]
    text = podium(folder, "standings", "fire").output
    assert "final" in text and "Class 3" in text


def test_team_breaking_its_make_up_is_refused(make_meet, podium):
    """Fire-safety sports meet rules 2018, (1): 每队8人（4男4女）. Class 2 with 5 men and 3 women is refused; nothing is imported."""
    folder = make_meet(MEET, entrants(team_rows("Class 1"), team_rows("Class 2", men=5, women=3)))
    refused = podium(folder, "entrants", "import", str(folder / "entrants.csv"), ok=False)
    assert refused.exit_code != 0
    assert "team 'Class 2' has 5 men and 3 women; the event needs 4 men and 4 women, 8 players" in refused.output
    assert "Traceback" not in refused.output
    assert [(e["event"], e["entrants"]) for e in json.loads(podium(folder, "entrants", "list", "fire", "--json").output)["events"]] == [("fire", [])]


def test_legs_must_be_run_by_members_once_each(make_meet, podium):
    """A leg run by a non-member, a member running twice, or legs of the wrong make-up are refused;
    the journal is unchanged each time."""
    folder = ready(make_meet, podium)
    journal = (folder / "meet.sqlite").read_bytes()
    cases = [
        (legs(1).replace("W14", "M21"), "Leg 8: 'M21' is not a member of team 'Class 1'"),
        (legs(1).replace("W14", "W13"), "'W13' runs legs 7 and 8; each member runs one leg."),
        (",".join(legs(1).split(",")[:7]), "This relay has 8 legs, but 7 runners were given."),
    ]
    for given, message in cases:
        refused = podium(folder, "perf", "fire", "Class 1", "1:00.00", "--legs", given, ok=False)
        assert refused.exit_code != 0 and message in refused.output, refused.output
        assert (folder / "meet.sqlite").read_bytes() == journal


def test_void_and_rerun(make_meet, podium):
    """Primary-school fun sports-day rules, (1) 4: a voided run may be re-run once and the re-run replaces it; a second void is refused.
    The void is a journal entry with its reason; the first time stays in the history."""
    folder = ready(make_meet, podium)
    podium(folder, "perf", "fire", "Class 1", "1:10.00")
    refused = podium(folder, "perf", "fire", "Class 1", "--void", ok=False)
    assert "Say why the run is voided with --reason" in refused.output
    out = podium(folder, "perf", "fire", "Class 1", "--void", "--reason", "lane 2 runner crossed over").output
    assert "run voided; the re-run recorded next replaces it" in out
    lane = json.loads(podium(folder, "matches", "fire", "--json").output)[0]["lanes"][0]
    assert lane["mark"] is None
    podium(folder, "perf", "fire", "Class 1", "1:12.00")
    lane = json.loads(podium(folder, "matches", "fire", "--json").output)[0]["lanes"][0]
    assert lane["mark"] == "1:12.00"
    refused = podium(folder, "perf", "fire", "Class 1", "--void", "--reason", "again", ok=False)
    assert "allows 1 re-run (primary-school fun sports-day rules, (1) 4)" in refused.output
    log = json.loads(podium(folder, "log", "--event", "fire", "--json").output)
    runs = [(e["payload"].get("value"), e["payload"].get("void", False), e["reason"]) for e in log if e["kind"] == "performance"]
    assert runs == [("1:10.00", False, None), ("1:10.00", True, "lane 2 runner crossed over"), ("1:12.00", False, None)]
    text = podium(folder, "log", "--event", "fire").output
    assert "heat 1  Class 1  void" in text and "lane 2 runner crossed over" in text


def test_a_recorded_time_changes_only_with_a_reason(make_meet, podium):
    folder = ready(make_meet, podium)
    podium(folder, "perf", "fire", "Class 1", "1:10.00")
    refused = podium(folder, "perf", "fire", "Class 1", "1:09.00", ok=False)
    assert "Class 1 already has 1:10.00 in heat 1; give --reason to correct it" in refused.output
    out = podium(folder, "perf", "fire", "Class 1", "1:09.00", "--reason", "watch misread").output
    assert "Class 1 corrected to 1:09.00." in out
    lane = json.loads(podium(folder, "matches", "fire", "--json").output)[0]
    assert lane["lanes"][0]["mark"] == "1:09.00" and lane["status"] == "ready"


def test_no_redraw_after_a_performance_and_pending_heats(make_meet, podium):
    folder = ready(make_meet, podium)
    podium(folder, "perf", "fire", "Class 1", "1:10.00")
    refused = podium(folder, "draw", "fire", "--redraw", ok=False)
    assert "cannot be redrawn because results have been entered" in refused.output
    podium(folder, "perf", "fire", "Class 2", "1:11.00")
    pending = json.loads(podium(folder, "matches", "fire", "--pending", "--json").output)
    assert [h["key"] for h in pending] == ["H2"]


def test_a_heat_closes_when_the_final_has_performances(make_meet, podium):
    """The final's line-up came from the heats: once it has a performance, heat times cannot change."""
    folder = ready(make_meet, podium)
    for team, time in [("Class 1", "1:00"), ("Class 2", "1:01"), ("Class 3", "1:02"), ("Class 4", "1:03")]:
        podium(folder, "perf", "fire", team, time)
    podium(folder, "perf", "fire", "Class 1", "59.5")
    refused = podium(folder, "perf", "fire", "Class 2", "58", "--heat", "H1", "--reason", "late", ok=False)
    assert "Heat 1 is closed: the next round already has performances" in refused.output


def test_a_team_answers_to_its_unit(make_meet, podium):
    """A relay team entered under its own name (Class 1 Hoses) is named on the command line by its unit too: the
    unit's key (c1) or name (Class 2), as `podium perf --help` shows (`podium perf fire 一班 …`). A name that is
    neither a team nor a unit with one team is refused as before."""
    rows = [row.replace(f",Class {n},Class {n}", f",Class {n},Class {n} Hoses") for n in (1, 2, 3, 4) for row in team_rows(f"Class {n}")]
    folder = make_meet(MEET, entrants(rows))
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "fire", "--seed", "5")
    out = podium(folder, "perf", "fire", "c1", "1:01.20", "--legs", legs(1)).output
    assert "Heats, heat 1, lane 1: Class 1 Hoses 1:01.20 recorded." in out
    out = podium(folder, "perf", "fire", "Class 2", "1:08.00", "--legs", legs(2)).output
    assert "Heats, heat 1, lane 2: Class 2 Hoses 1:08.00 recorded." in out
    assert "has no entrant 'Class 9'" in podium(folder, "perf", "fire", "Class 9", "1:00.00", ok=False).output
