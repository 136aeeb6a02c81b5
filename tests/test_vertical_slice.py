"""The foundation's vertical slice: a table-tennis singles round robin run from the CLI.

Six players, Berger numbers in list order (A=1 … F=6), best of 5. Expected values
are worked out by hand:

Berger table for 6 (FIDE C.05): R1 1-6 2-5 3-4; R2 6-4 5-3 1-2; R3 2-6 3-1 4-5;
R4 6-5 1-4 2-3; R5 3-6 4-2 5-1 — so match numbers 1..15 are A-F, B-E, C-D, F-D,
E-C, A-B, B-F, C-A, D-E, F-E, A-D, B-C, C-F, D-B, E-A.

Results: A, B and C beat each other in a cycle (A 3-0 B, B 3-1 C, C 3-2 A) and
beat D, E, F (A beats F by walkover); D beat E, E beat F, F beat D.
ITTF match points (win 2, loss 1, walkover 0):
A 2+1+2+2+2 = 9, B 1+2+2+2+2 = 9, C 2+1+2+2+2 = 9, D 1+1+1+2+1 = 6,
E 1+1+1+1+2 = 6, F 0+1+1+2+1 = 5.
A, B, C tie on 9: among them each has 3 match points, so games ratio among them:
A 3-0 and 2-3 → 5:3; B 0-3 and 3-1 → 3:4; C 3-2 and 1-3 → 4:5; so A, C, B.
D and E tie on 6: their direct match (D beat E) decides: D above E.
"""

from __future__ import annotations

import json

PLAYERS = """\
event,name,gender,unit,bib
ms,Alan,M,Class 1,1
ms,Bo,M,Class 2,2
ms,Chen,M,Class 3,3
ms,Deng,M,Class 1,4
ms,Er,M,Class 2,5
ms,Fu,M,Class 3,6
"""

ROUNDS = [
    ("Alan", "Fu", "+:-"),
    ("Bo", "Er", "11-5 11-5 11-5"),
    ("Chen", "Deng", "11-5 11-5 11-5"),
    ("Fu", "Deng", "11-7 11-7 11-7"),
    ("Er", "Chen", "5-11 5-11 5-11"),
    ("Alan", "Bo", "11-5 11-5 11-5"),
    ("Bo", "Fu", "11-5 11-5 11-5"),
    ("Chen", "Alan", "11-5 5-11 11-5 5-11 11-5"),
    ("Deng", "Er", "11-9 11-9 11-9"),
    ("Fu", "Er", "9-11 9-11 9-11"),
    ("Alan", "Deng", "11-5 11-5 11-5"),
    ("Bo", "Chen", "11-5 5-11 11-5 11-5"),
    ("Chen", "Fu", "11-5 11-5 11-5"),
    ("Deng", "Bo", "5-11 5-11 5-11"),
    ("Er", "Alan", "5-11 5-11 5-11"),
]


def test_round_robin_from_the_cli(make_meet, podium):
    folder = make_meet(entrants=PLAYERS)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    out = podium(folder, "draw", "ms", "--seed", "11").output
    assert "6 entrants, 15 matches" in out

    matches = json.loads(podium(folder, "matches", "ms", "--json").output)
    assert [(m["number"], m["names"]) for m in matches] == [
        (n, [a, b]) for n, (a, b, _) in enumerate(ROUNDS, start=1)
    ]

    # ITTF 2.11.1: 11-10 is not a finished game; nothing is written.
    journal = (folder / "meet.sqlite").read_bytes()
    refused = podium(folder, "result", "ms", "1", "11-10 11-5 11-3", ok=False)
    assert refused.exit_code != 0
    assert "Game 1 (11-10): at 10-10 a game goes on until one side leads by 2 points (ITTF 2.11.1)." in refused.output
    assert "Traceback" not in refused.output
    assert (folder / "meet.sqlite").read_bytes() == journal

    for number, (a, b, score) in enumerate(ROUNDS, start=1):
        if number % 2:
            podium(folder, "result", "ms", str(number), score)
        else:  # by the two names, given in reverse order: the score is mirrored
            mirrored = score if score.startswith(("+", "-:")) else " ".join("-".join(g.split("-")[::-1]) for g in score.split())
            if score == "+:-":
                mirrored = "-:+"
            podium(folder, "result", "ms", b, a, mirrored)

    assert json.loads(podium(folder, "matches", "ms", "--pending", "--json").output) == []
    assert podium(folder, "matches", "ms", "--pending").output == "Nothing of Men's singles waits for a result.\n"
    assert podium(folder, "--lang", "zh", "matches", "ms", "--pending").output == "男子单打没有等待成绩的比赛。\n"
    view = json.loads(podium(folder, "standings", "ms", "--json").output)
    rows = view["stages"][0]["tables"][0]["rows"]
    assert [(r["place"], r["name"], r["points"]) for r in rows] == [
        (1, "Alan", 9), (2, "Chen", 9), (3, "Bo", 9), (4, "Deng", 6), (5, "Er", 6), (6, "Fu", 5),
    ]
    explained = podium(folder, "standings", "ms", "--explain").output
    assert "Alan above Chen: games ratio among the tied 5:3 vs 4:5" in explained
    assert "Chen above Bo: games ratio among the tied 4:5 vs 3:4" in explained
    assert "Deng above Er: match points among the tied 2 vs 1" in explained


def test_correction_keeps_history(make_meet, podium):
    folder = make_meet(entrants=PLAYERS)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "ms", "--seed", "1")
    podium(folder, "result", "ms", "2", "11-5 11-5 11-5")
    again = podium(folder, "result", "ms", "2", "11-5 11-5 11-6", ok=False)
    assert "already has a result (11-5 11-5 11-5)" in again.output
    podium(folder, "correct", "ms", "2", "5-11 5-11 5-11", "--reason", "sides swapped")
    log = json.loads(podium(folder, "log", "--json").output)
    kinds = [(e["kind"], e["payload"].get("result"), e["reason"]) for e in log]
    assert ("result", "11-5 11-5 11-5", None) in kinds
    assert ("correction", "5-11 5-11 5-11", "sides swapped") in kinds
    row = json.loads(podium(folder, "matches", "ms", "--json").output)[1]
    assert row["result"] == "5-11 5-11 5-11" and row["winner"] == 1 and row["status"] == "corrected"


def test_user_mistakes_are_one_sentence(make_meet, podium):
    folder = make_meet(entrants=PLAYERS)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    out = podium(folder, "result", "ms", "1", "11-9 11-9 11-9", ok=False)
    assert out.exit_code != 0 and "has not been drawn yet; run 'podium draw ms'" in out.output
    podium(folder, "draw", "ms", "--seed", "1")
    for args, message in [
        (("result", "xx", "1", "11-9 11-9 11-9"), "Unknown event 'xx'; events of this meet: ms."),
        (("result", "ms", "99", "11-9 11-9 11-9"), "Men's singles has no match '99'"),
        (("result", "ms", "Alan", "Nobody", "11-9 11-9 11-9"), "Men's singles has no entrant 'Nobody'."),
        (("result", "ms", "1", "11-9 11-9"), "in a best of 5 the winner needs 3 games, and the games are 2-0"),
        (("draw", "ms"), "already drawn; add --redraw"),
    ]:
        result = podium(folder, *args, ok=False)
        assert result.exit_code != 0, args
        assert message in result.output, (args, result.output)
        assert "Traceback" not in result.output
