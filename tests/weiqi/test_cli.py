"""Weiqi events run from the command line on a meet folder: an individual and a team round robin.

Berger numbers in list order (FIDE C.05): for 4 players R1 1-4 2-3, R2 4-3 1-2, R3 2-4 3-1;
for 3 (number 4 is the bye) R1 2-3, R2 1-2, R3 3-1. The first-listed side plays Black
(Weiqi 2002 Art. 10: colours by the organisers' draw) unless a result says otherwise.
"""

from __future__ import annotations

import json

import pytest

from podium.registry import registry

INDIVIDUAL = """
[meet]
name = "Go club"
language = "en"

[events.wq]
name = { zh = "围棋个人赛", en = "Weiqi singles" }
sport = "weiqi"
{tiebreaks}

[[events.wq.stages]]
name = "main"
format = "round_robin"
numbers = "list"
"""

PLAYERS = """\
event,name,rating,birth_date
wq,Ann,5,1990-01-01
wq,Bo,4,1992-01-01
wq,Chen,3,1994-01-01
wq,Dai,2,1996-01-01
"""

ORDER = [("Ann", "Dai"), ("Bo", "Chen"), ("Dai", "Chen"), ("Ann", "Bo"), ("Bo", "Dai"), ("Chen", "Ann")]


def missing(*names: str) -> list[str]:
    return [n for n in names if n not in registry().tiebreakers]


def play_individual(folder, podium) -> None:
    """M1 Ann (B) 185 → Ann by ¾. M2 Bo (B) 186 with one warning → 185 → Bo by ¾.
    M3 Dai (B) v Chen W+R → Chen. M4 typed "Bo Ann B+R": colours stay the match's, Ann Black → Ann.
    M5 Bo (B) 184.5 → Bo by ¼. M6 Chen v Ann, nigiri: Ann (5 dan) holds, Chen shows 1, 7 stones →
    odd, Chen Black; B+R → Chen."""
    podium(folder, "result", "wq", "1", "B185")
    podium(folder, "result", "wq", "2", "B186 warn:B")
    podium(folder, "result", "wq", "3", "W+R")
    podium(folder, "result", "wq", "Bo", "Ann", "B+R")
    podium(folder, "result", "wq", "5", "黑184½")
    podium(folder, "result", "wq", "6", "B+R nigiri:1/7")


def test_individual_round_robin(make_meet, podium):
    """Points (Art. 27, 2/1/0): Ann 2 + 2 + 0 = 4, Bo 2 + 0 + 2 = 4, Chen 0 + 2 + 2 = 4, Dai 0.
    Each of the three won twice, so with the chain ["wins"] they share first place."""
    folder = make_meet(INDIVIDUAL.replace("{tiebreaks}", 'tiebreaks = ["wins"]'), PLAYERS)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "wq", "--seed", "3")
    matches = json.loads(podium(folder, "matches", "wq", "--json").output)
    assert [tuple(m["names"]) for m in matches] == ORDER

    journal = (folder / "meet.sqlite").read_bytes()
    refused = podium(folder, "result", "wq", "1", "B+3", ok=False)
    assert refused.exit_code != 0
    assert "'B+3' is impossible with area counting on 19×19 when Black gives back 3¾ stones" in refused.output
    assert "Traceback" not in refused.output
    assert (folder / "meet.sqlite").read_bytes() == journal

    out = podium(folder, "result", "wq", "1", "B185").output
    assert "Match 1 recorded: Ann – Dai B185 (B+1.5), Ann wins." in out
    podium(folder, "correct", "wq", "1", "B184", "--reason", "miscounted")
    row = json.loads(podium(folder, "matches", "wq", "--json").output)[0]
    assert (row["result"], row["winner"]) == ("B184 (W+0.5)", 1)
    podium(folder, "correct", "wq", "1", "B185", "--reason", "recounted")
    for args in (("2", "B186 warn:B"), ("3", "W+R"), ("Bo", "Ann", "B+R"), ("5", "黑184½"), ("6", "B+R nigiri:1/7")):
        podium(folder, "result", "wq", *args)

    results = [(m["result"], m["winner"]) for m in json.loads(podium(folder, "matches", "wq", "--json").output)]
    assert results == [
        ("B185 (B+1.5)", 0), ("B186 warn:B (B+1.5)", 0), ("W+R", 1), ("B+R", 0), ("B184.5 (B+0.5)", 0), ("B+R", 0),
    ]
    view = json.loads(podium(folder, "standings", "wq", "--json").output)
    rows = [(r["place"], r["shared"], r["name"], r["points"]) for r in view["stages"][0]["tables"][0]["rows"]]
    assert sorted(rows[:3]) == [(1, True, "Ann", 4), (1, True, "Bo", 4), (1, True, "Chen", 4)]
    assert rows[3] == (4, False, "Dai", 0)


@pytest.mark.skipif(
    bool(missing("sonneborn_berger", "warnings")),
    reason=f"the default weiqi round-robin chain needs tie-breakers not installed yet: {missing('sonneborn_berger', 'warnings')}",
)
def test_individual_round_robin_default_chain(make_meet, podium):
    """Weiqi 2002 Art. 27.A/B: 胜者小分 (points of opponents beaten, plus half
    of those drawn with), then fewer warnings. Ann beat Dai (0) and Bo (4): 4; Bo beat Chen (4) and
    Dai (0): 4; Chen beat Dai (0) and Ann (4): 4. Level, so warnings: Bo has one (match 2), so Ann
    and Chen share first and Bo is third."""
    folder = make_meet(INDIVIDUAL.replace("{tiebreaks}", ""), PLAYERS)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "wq", "--seed", "3")
    play_individual(folder, podium)
    view = json.loads(podium(folder, "standings", "wq", "--json").output)
    table = view["stages"][0]["tables"][0]
    assert table["chain"] == ["sonneborn_berger", "warnings"]
    rows = [(r["place"], r["name"]) for r in table["rows"]]
    assert sorted(rows[:2]) == [(1, "Ann"), (1, "Chen")]
    assert rows[2:] == [(3, "Bo"), (4, "Dai")]


TEAMS = """
[meet]
name = "Go league"
language = "en"

[units]
r = "Red club"
b = "Blue club"
g = "Green club"

[events.tq]
name = "Weiqi teams"
sport = "weiqi"
kind = "team"
{tiebreaks}

[[events.tq.stages]]
name = "main"
format = "round_robin"
numbers = "list"

[events.tq.rules]
boards = 2
"""

TEAM_PLAYERS = """\
event,team,name,unit
tq,Red,Rui,Red club
tq,Red,Ren,Red club
tq,Blue,Bai,Blue club
tq,Blue,Bing,Blue club
tq,Green,Gao,Green club
tq,Green,Gu,Green club
"""


def play_teams(folder, podium) -> None:
    """M1 Blue v Green "B+R, B+R": board 1 Blue Black wins 2:0, board 2 Green Black wins 0:2 → 2:2.
    M2 Red v Blue "B185, W+T": board 1 Red Black 185 wins; board 2 Blue Black, White (Red) on
    time → 4:0. M3 Green v Red "W+R, Draw:ruling": board 1 Green Black, White (Red) wins 0:2;
    board 2 ruled drawn 1:1 → 1:3."""
    podium(folder, "result", "tq", "1", "B+R, B+R")
    podium(folder, "result", "tq", "2", "B185, W+T")
    podium(folder, "result", "tq", "3", "W+R, Draw:ruling")


def test_team_round_robin(make_meet, podium):
    """Match points from game points (Art. 27): Red 2 + 2 = 4 (game points 4 + 3 = 7);
    Blue 1 + 0 = 1 (2 + 0 = 2); Green 1 + 0 = 1 (2 + 1 = 3). Ranked by game points: Red, Green, Blue."""
    folder = make_meet(TEAMS.replace("{tiebreaks}", 'tiebreaks = ["game_points"]'), TEAM_PLAYERS)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "tq", "--seed", "1")
    matches = json.loads(podium(folder, "matches", "tq", "--json").output)
    assert [tuple(m["names"]) for m in matches] == [("Blue", "Green"), ("Red", "Blue"), ("Green", "Red")]
    refused = podium(folder, "result", "tq", "1", "B+R", ok=False)
    assert "A team match here has 2 boards, so give 2 results separated by commas" in refused.output
    play_teams(folder, podium)
    assert [m["result"] for m in json.loads(podium(folder, "matches", "tq", "--json").output)] == [
        "B+R, B+R", "B185 (B+1.5), W+T", "W+R, Draw:ruling",
    ]
    view = json.loads(podium(folder, "standings", "tq", "--json").output)
    table = view["stages"][0]["tables"][0]
    assert [(r["place"], r["name"], r["points"], r["values"]["game_points"]) for r in table["rows"]] == [
        (1, "Red", 4, 7), (2, "Green", 1, 3), (3, "Blue", 1, 2),
    ]
    assert "Green above Blue: game points 3 vs 2" in podium(folder, "standings", "tq", "--explain").output


@pytest.mark.skipif(
    bool(missing("game_points", "boards")),
    reason=f"the default weiqi team chain needs tie-breakers not installed yet: {missing('game_points', 'boards')}",
)
def test_team_round_robin_default_chain(make_meet, podium):
    """Art. 27 teams: match points, then game points, then board 1, board 2 … — Red, Green, Blue."""
    folder = make_meet(TEAMS.replace("{tiebreaks}", ""), TEAM_PLAYERS)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "tq", "--seed", "1")
    play_teams(folder, podium)
    table = json.loads(podium(folder, "standings", "tq", "--json").output)["stages"][0]["tables"][0]
    assert table["chain"] == ["game_points", "boards"]
    assert [r["name"] for r in table["rows"]] == ["Red", "Green", "Blue"]


def test_messages_in_chinese(make_meet, podium):
    """A refused count in the meet's other language: zh."""
    folder = make_meet(INDIVIDUAL.replace("{tiebreaks}", ""), PLAYERS)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "wq", "--seed", "3")
    out = podium(folder, "--lang", "zh", "result", "wq", "1", "B185 (B+0.5)", ok=False).output
    assert "按数子结果应为黑方胜3/4子（B+1.5），而不是 B+0.5" in out


def test_a_chinese_reader_reads_results_in_the_rules_own_words(make_meet, podium):
    """Weiqi 2002 Art. 23, 24: a win by resignation is 中盘胜, on time 超时胜; a count of 185 stones with the
    3¾-stone compensation (184¼ to win, Art. 11) is a win by ¾ stone, 黑方胜3/4子; a second warning (Art. 17,
    警告) and a game the result says side 2 played with Black (执黑) show too. English keeps the notation typed."""
    folder = make_meet(INDIVIDUAL.replace("{tiebreaks}", ""), PLAYERS)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "wq", "--seed", "3")
    said = [
        podium(folder, "--lang", "zh", "result", "wq", number, text).output
        for number, text in (("1", "B+R"), ("2", "W+T"), ("3", "B185"), ("4", "B+R warn:W black:2"))
    ]
    assert said == [  # Berger R1 Ann–Dai, Bo–Chen; R2 Dai–Chen, Ann–Bo; the first-listed side holds Black
        "第 1 场已录入：Ann – Dai 黑中盘胜，Ann 胜。\n",
        "第 2 场已录入：Bo – Chen 白超时胜，Chen 胜。\n",
        "第 3 场已录入：Dai – Chen 黑185子（黑方胜3/4子），Dai 胜。\n",
        "第 4 场已录入：Ann – Bo 黑中盘胜 警告:白 第 2 方执黑，Bo 胜。\n",
    ]
    table = podium(folder, "--lang", "zh", "matches", "wq").output
    assert all(word in table for word in ("黑中盘胜", "白超时胜", "黑185子（黑方胜3/4子）")) and "B+R" not in table
    english = podium(folder, "matches", "wq").output
    assert all(text in english for text in ("B+R", "W+T", "B185 (B+1.5)", "B+R warn:W black:2"))


def test_a_withdrawal_cites_the_weiqi_rules(make_meet, podium):
    """Weiqi 2002 Art. 28: a player who withdraws having played fewer than half of the rounds loses every result. Dai
    plays round 1 (Ann–Dai, match 1) and withdraws: 1 of 3 — the result is annulled, and the rule cited is the weiqi
    rules' article, not the xiangqi rules' (CXA 2011 §19.2) the other sports follow."""
    folder = make_meet(INDIVIDUAL.replace("{tiebreaks}", ""), PLAYERS)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "wq", "--seed", "3")
    podium(folder, "result", "wq", "1", "B185")
    out = podium(folder, "withdraw", "wq", "Dai", "--reason", "ill").output
    assert out == "Dai withdrawn after playing 1 of 3 matches: fewer than half, so all of their results are annulled (Weiqi 2002 Art. 28).\n"
