"""Square dance (square-dance contest rules §1–7): judged out of 100 to two decimals, 3 preliminary sessions → 32 → 16 → final.

"比赛进行三场预赛、二场复赛和一场决赛，除预赛外，参赛队伍出场顺序由抽签决定。3场预赛结束后，有32支队进入复赛；
复赛后有16支队进入决赛；决赛总得分1-6名分获一、二、三等奖，总得分7-16名获优秀奖。"

Podium gives the ranking; the award scheme (issue 8) maps final places 1–6 to the three
prize grades and 7–16 to excellence awards (docs/fun_games.md).
"""

from __future__ import annotations

import json

from podium.measure.sport import PerformanceInput
from podium.services.meet import Meet
from podium.services.performances import record_performances

TEAMS = [f"T{i:02d}" for i in range(1, 41)]

MEET = """
[meet]
name = "Square dance festival"
language = "en"

[events.square]
sport = "fun_games"
game = "square_dance"

[events.square.rules]
min_size = 1      # the test teams are one dancer each; the real rule is 12–30 (square-dance contest rules §1)
judges = 5
"""


def judges(score: int) -> str:
    """Five judges around ``score`` (``score − 1``, three × ``score``, ``score + 0.5``): dropping the highest
    and lowest leaves three × score, so the score is ``score``."""
    return f"{score - 1},{score},{score},{score},{score}.5"


def test_thirty_two_then_sixteen_then_final(make_meet, podium):
    """40 teams T01…T40 in registration order; keys 1…40.

    Preliminaries (order as listed: sessions of 14, 13, 13): Ti scores 59 + i → the best 32 are T09…T40.
    Second round (2 sessions of 16, order drawn): Ti scores 91 − i → T09 82 … T24 67 are the best 16.
    Final (one session, order drawn): Ti scores 71 + i → T24 95 first … T09 80 sixteenth.
    Scores are not carried over (the default). The others keep the places of the round they went out in:
    17 T25 (66) … 32 T40 (51), then 33 T08 (67) … 40 T01 (60).
    """
    rows = "\n".join(["event,name,team"] + [f"square,{t},{t}" for t in TEAMS]) + "\n"
    folder = make_meet(MEET, rows)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    assert "40 entrants in 3 heats" in podium(folder, "draw", "square", "--seed", "8").output
    heats = json.loads(podium(folder, "matches", "square", "--json").output)
    assert [[lane["name"] for lane in h["lanes"]] for h in heats] == [TEAMS[0:14], TEAMS[14:27], TEAMS[27:40]]
    assert {h["round_name"] for h in heats} == {"prelims"}

    meet = Meet(folder)  # one transaction per round (the CLI records one performance per command)
    record_performances(meet, "square", [(t, PerformanceInput(judges=judges(59 + i)), None) for i, t in enumerate(TEAMS, start=1)])
    heats = json.loads(podium(folder, "matches", "square", "--json").output)
    second = [h for h in heats if h["round"] == 2]
    assert [len(h["lanes"]) for h in second] == [16, 16] and {h["round_name"] for h in second} == {"round2"}
    assert sorted(lane["name"] for h in second for lane in h["lanes"]) == TEAMS[8:40]
    assert [lane["name"] for lane in second[0]["lanes"]] != TEAMS[8:24]  # the order was drawn

    record_performances(meet, "square", [(TEAMS[i - 1], PerformanceInput(judges=judges(91 - i)), None) for i in range(9, 41)])
    final = [h for h in json.loads(podium(folder, "matches", "square", "--json").output) if h["round"] == 3]
    assert len(final) == 1 and final[0]["round_name"] == "final"
    assert sorted(lane["name"] for lane in final[0]["lanes"]) == TEAMS[8:24]

    record_performances(meet, "square", [(TEAMS[i - 1], PerformanceInput(judges=judges(71 + i)), None) for i in range(9, 25)])
    stage = json.loads(podium(folder, "standings", "square", "--json").output)["stages"][0]
    assert stage["complete"] is True
    expected = [f"T{i:02d}" for i in range(24, 8, -1)] + [f"T{i:02d}" for i in range(25, 41)] + [f"T{i:02d}" for i in range(8, 0, -1)]
    assert [r["name"] for r in stage["rows"]] == expected
    assert [r["place"] for r in stage["rows"]] == list(range(1, 41))
    assert stage["rows"][0]["mark"] == "95.00" and stage["rows"][15]["mark"] == "80.00"
    assert stage["rows"][16]["mark"] == "66.00" and stage["rows"][16]["round"] == "round 2"
    assert stage["rows"][0]["marks"] == {"preliminaries": "83.00", "round 2": "67.00", "final": "95.00"}
    prizes = [r["name"] for r in stage["rows"] if r["place"] <= 6]
    excellence = [r["name"] for r in stage["rows"] if 7 <= r["place"] <= 16]
    assert prizes == ["T24", "T23", "T22", "T21", "T20", "T19"]
    assert excellence == ["T18", "T17", "T16", "T15", "T14", "T13", "T12", "T11", "T10", "T09"]


SMALL = """
[meet]
name = "Line dance"
language = "en"

[events.dance]
sport = "fun_games"
game = "square_dance"

[events.dance.rules]
min_size = 1
judges = 3

[[events.dance.stages]]
name = "main"
format = "rounds"
sessions = [2, 1]
cuts = [2]
"""


def test_judged_event_from_the_cli(make_meet, podium):
    """Four teams, three judges, drop the highest and lowest: the middle score counts.
    Prelims: A 90.10,91.20,89.50 → 90.10; B 95,96,97 → 96.00; C 80,81,82 → 81.00; D 88,88.5,89 → 88.50.
    Best 2: B, A. Final: A 93,94,92 → 93.00; B 91,92.25,90 → 91.00 → A first, B second, then D, C."""
    folder = make_meet(SMALL, "event,name,team\n" + "".join(f"dance,{t},{t}\n" for t in "ABCD"))
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "dance", "--seed", "4")
    journal = (folder / "meet.sqlite").read_bytes()
    for scores, message in [
        ("95,100.5,90", "Judge 2 gave 100.5; a score is from 0 to 100 (square-dance contest rules §5)."),
        ("95,96,94.255", "Judge 3 gave 94.255; scores are kept to two decimals (square-dance contest rules §5)."),
        ("95,96", "This event has 3 judges, but 2 scores were given."),
    ]:
        refused = podium(folder, "perf", "dance", "A", "--judges", scores, ok=False)
        assert refused.exit_code != 0 and message in refused.output, refused.output
        assert (folder / "meet.sqlite").read_bytes() == journal
    refused = podium(folder, "perf", "dance", "A", "95", ok=False)
    assert "This event is judged: give the judges' scores with --judges" in refused.output

    for team, scores in [("A", "90.10,91.20,89.50"), ("B", "95,96,97"), ("C", "80,81,82"), ("D", "88,88.5,89")]:
        out = podium(folder, "perf", "dance", team, "--judges", scores).output
        assert "recorded" in out
    for team, scores in [("A", "93,94,92"), ("B", "91,92.25,90")]:
        podium(folder, "perf", "dance", team, "--judges", scores)
    stage = json.loads(podium(folder, "standings", "dance", "--json").output)["stages"][0]
    assert [(r["place"], r["name"], r["mark"]) for r in stage["rows"]] == [
        (1, "A", "93.00"), (2, "B", "91.00"), (3, "D", "88.50"), (4, "C", "81.00")
    ]
