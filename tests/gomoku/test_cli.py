"""A gomoku round robin run from the command line, with a game record checked by the renju rules.

Three players in list order; Berger for 3 (number 4 is the bye): R1 2-3, R2 1-2, R3 3-1, so
the matches are Bo–Chen, Ann–Bo, Chen–Ann. Rule set A, first to 3 wins (college gomoku rules 2012 §2.2):
the first-listed player has Black in game 1, then colours alternate.
"""

from __future__ import annotations

import json

import pytest

from podium.registry import registry

MEET = """
[meet]
name = "Gomoku club"
language = "en"

[events.gm]
name = { zh = "五子棋", en = "Gomoku" }
sport = "gomoku"
{tiebreaks}

[[events.gm.stages]]
name = "main"
format = "round_robin"
numbers = "list"
"""

PLAYERS = """\
event,name
gm,Ann
gm,Bo
gm,Chen
"""

FIVE_ON_ROW_8 = "h8 a1 i8 a3 j8 a5 k8 a7 l8"
ANN_BO = f"B+five[{FIVE_ON_ROW_8}] W+resign = B+time B+five"


def missing(*names: str) -> list[str]:
    return [n for n in names if n not in registry().tiebreakers]


def setup(make_meet, podium, tiebreaks: str):
    folder = make_meet(MEET.replace("{tiebreaks}", tiebreaks), PLAYERS)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "gm", "--seed", "5")
    return folder


def play(folder, podium) -> None:
    """M1 Bo–Chen: Bo Black in games 1 and 3, wins both and game 2 as White: 3-0 Bo.
    M2 Ann–Bo: game 1 Ann Black, record shows her five h8–l8 at move 9; game 2 Bo Black resigns
    (White Ann); game 3 drawn; game 4 Bo Black wins on time; game 5 Ann Black five: Ann 3-1.
    M3 Chen–Ann: Chen absent, Ann wins by forfeit."""
    podium(folder, "result", "gm", "1", "B+five W+five B+five")
    podium(folder, "result", "gm", "2", ANN_BO)
    podium(folder, "result", "gm", "3", "--", "-:+")  # "--": a result starting with "-" is not an option


def test_round_robin_with_records(make_meet, podium):
    """Points 2/1/0: Ann 2 + 2 = 4, Bo 2 + 0 = 2, Chen 0 + 0 = 0."""
    folder = setup(make_meet, podium, 'tiebreaks = ["wins"]')
    assert [tuple(m["names"]) for m in json.loads(podium(folder, "matches", "gm", "--json").output)] == [
        ("Bo", "Chen"), ("Ann", "Bo"), ("Chen", "Ann"),
    ]
    journal = (folder / "meet.sqlite").read_bytes()
    refused = podium(folder, "result", "gm", "2", ANN_BO.replace("B+five[", "W+time[", 1), ok=False)
    assert refused.exit_code != 0
    assert (
        "Game 1: the record does not match W+time: Black made five in a row at move 9 (l8): Black wins." in refused.output
    )
    assert (folder / "meet.sqlite").read_bytes() == journal
    unfinished = podium(folder, "result", "gm", "1", "B+five W+five", ok=False)
    assert "The match is not finished: it is first to 3 game wins, and the games won are 2-0." in unfinished.output

    play(folder, podium)
    rows = json.loads(podium(folder, "matches", "gm", "--json").output)
    assert [(r["result"], r["winner"]) for r in rows] == [("B+five W+five B+five", 0), (ANN_BO, 0), ("-:+", 1)]
    view = json.loads(podium(folder, "standings", "gm", "--json").output)
    assert [(r["place"], r["name"], r["points"]) for r in view["stages"][0]["tables"][0]["rows"]] == [
        (1, "Ann", 4), (2, "Bo", 2), (3, "Chen", 0),
    ]


def test_record_mismatch_in_chinese(make_meet, podium):
    folder = setup(make_meet, podium, "")
    out = podium(folder, "--lang", "zh", "result", "gm", "2", ANN_BO.replace("B+five[", "W+time[", 1), ok=False).output
    assert "第 1 局：棋谱与报告的结果 W+time 不符：第 9 手 l8 黑棋五连，黑胜。" in out


def test_rule_set_b_event(make_meet, podium):
    """Rule set B (gomoku contest rules): two games, colours swapped in game 2, 2/1/0 per game. Bo–Chen
    "B+five B+five": each wins with Black, 2:2 game points, a drawn match (1 point each)."""
    folder = make_meet(MEET.replace("{tiebreaks}", 'tiebreaks = ["wins"]\n[events.gm.rules]\nrule_set = "B"'), PLAYERS)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "gm", "--seed", "5")
    podium(folder, "result", "gm", "1", "B+five B+five")
    view = json.loads(podium(folder, "standings", "gm", "--json").output)
    points = {r["name"]: (r["points"], r["draws"]) for r in view["stages"][0]["tables"][0]["rows"]}
    assert points["Bo"] == (1, 1) and points["Chen"] == (1, 1)


def test_bad_option_is_refused(make_meet, podium):
    folder = make_meet(MEET.replace("{tiebreaks}", '[events.gm.rules]\nforbidden_policy = "ignore"'), PLAYERS)
    out = podium(folder, "entrants", "import", str(folder / "entrants.csv"), ok=False).output
    assert "option 'forbidden_policy' cannot be \"ignore\"; valid values: auto_loss, claim_required, replay" in out


@pytest.mark.skipif(
    bool(missing("sonneborn_berger", "wins")),
    reason=f"the default gomoku chain needs tie-breakers not installed yet: {missing('sonneborn_berger', 'wins')}",
)
def test_default_chain(make_meet, podium):
    """No ties on points here (4, 2, 0), so the chain only has to be the default and run."""
    folder = setup(make_meet, podium, "")
    play(folder, podium)
    table = json.loads(podium(folder, "standings", "gm", "--json").output)["stages"][0]["tables"][0]
    assert table["chain"] == ["sonneborn_berger", "wins"]
    assert [r["name"] for r in table["rows"]] == ["Ann", "Bo", "Chen"]


def test_chinese_answers_word_games_in_the_rules_own_words(make_meet, podium):
    """A Chinese reader reads 黑胜/白胜 and the reason in the rules' words (五连 rules A basic rule 3, 禁手 the special
    rules, 超时 winning 4), never B+five; ``--json`` keeps the canonical text. Matches: 1 Bo–Chen, 2 Ann–Bo, 3 Chen–Ann.

    2: W+forbidden B+five = B+time: game 1 Ann (Black) makes a forbidden move, Bo wins; game 2 Bo Black five;
    game 3 drawn; game 4 Bo Black wins on time: Bo 3-0.
    1 typed as Chen, Bo with B+five W+five B+five: Bo (listed first) has Black in game 1; Bo wins games 1 and 3 as
    Black and game 2 as White: Bo 3-0.
    3: ... black:2: Ann (side 2) has Black in games 1, 3, 5 and wins them: Ann 3-2.
    """
    folder = setup(make_meet, podium, "")
    zh = ("--lang", "zh")
    out = podium(folder, *zh, "result", "gm", "2", "W+forbidden B+five = B+time").output
    assert out == "第 2 场已录入：Ann – Bo 白胜（禁手）、黑胜（五连）、和棋、黑胜（超时），Bo 胜。\n"
    out = podium(folder, *zh, "result", "gm", "Chen", "Bo", "B+five W+five B+five").output
    assert out == "第 1 场已录入：Chen – Bo 黑胜（五连）、白胜（五连）、黑胜（五连），Bo 胜。\n"
    out = podium(folder, *zh, "result", "gm", "3", "B+five B+five B+five B+five B+five black:2").output
    assert out == "第 3 场已录入：Chen – Ann 第 2 方先执黑：黑胜（五连）、黑胜（五连）、黑胜（五连）、黑胜（五连）、黑胜（五连），Ann 胜。\n"

    table = podium(folder, *zh, "matches", "gm").output
    assert "白胜（禁手）、黑胜（五连）、和棋、黑胜（超时）" in table
    assert not any(word in table for word in ("five", "forbidden", "time", "black"))
    stored = [row["result"] for row in json.loads(podium(folder, "matches", "gm", "--json").output) if row["result"]]
    assert "W+forbidden B+five = B+time" in stored and "B+five B+five B+five B+five B+five black:2" in stored
    assert "W+forbidden B+five = B+time" in podium(folder, "matches", "gm").output
