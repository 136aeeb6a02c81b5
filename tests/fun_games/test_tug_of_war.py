"""Tug of war: best-of-3 pulls, three consecutive fouls lose, team make-up with the lower-grade allowance.

The tug-of-war and heats rules §1: "每队10人…实行三局两胜制…连续3次违规视为比赛失败"; the grades 1–4
fun-games rules (children): "20人(10男10女)…
低年级跟高年级比赛，低年级可以多两名男生参加"; the team fun-games rules §1: the final of four is
decided "by points".
"""

from __future__ import annotations

import json

import pytest

from podium.errors import ResultError
from podium.model.outcomes import OutcomeKind
from podium.plugins.fun_games.pulls import Pulls, format_pulls, parse_pulls, pulls_outcome


@pytest.mark.parametrize(
    ("text", "pulls"),
    [
        ("2:1", Pulls(won=(2, 1))),
        ("2-0", Pulls(won=(2, 0))),
        ("０：２", Pulls(won=(0, 2))),
        ("1:0 fouls:2", Pulls(won=(1, 0), fouled_out=1)),  # side 2 fouled out three times running
        ("犯规:1", Pulls(won=(0, 0), fouled_out=0)),
        ("+:-", Pulls(walkover=0)),
    ],
)
def test_valid_pulls(text, pulls):
    assert parse_pulls(text, 3) == pulls


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("2:2", "In a best of 3 the winner needs 2 pulls, and the pulls are 2:2"),
        ("3:1", "the pulls are 3:1"),
        ("1:1", "the pulls are 1:1"),
        ("2:0 fouls:1", "The match was already decided 2:0 in a best of 3; a foul-out cannot come after it."),
        ("left", "'left' is not a tug-of-war result"),
    ],
)
def test_impossible_pulls_are_refused(text, message):
    with pytest.raises(ResultError) as refused:
        parse_pulls(text, 3)
    assert message in str(refused.value)


def test_outcomes():
    """Pulls count as games for the pulls ratio; a foul-out is won by the other side."""
    assert pulls_outcome(Pulls(won=(1, 2))).winner == 1
    fouled = pulls_outcome(parse_pulls("1:0 fouls:1", 3))
    assert (fouled.winner, fouled.stats["games"]) == (1, (1, 0))
    assert pulls_outcome(Pulls(walkover=1)).kind is OutcomeKind.FORFEIT
    assert format_pulls(Pulls(won=(1, 0), fouled_out=1)) == "1:0 fouls:2"
    assert parse_pulls("1:0 fouls:2", 3).mirrored() == Pulls(won=(0, 1), fouled_out=0)


def test_a_chinese_reader_reads_a_foul_out_in_words():
    """``1:0 fouls:2``: side 2 fouled three times running and lost ("连续3次违规视为比赛失败", tug-of-war and heats
    rules §1); a Chinese reader sees it in words, an English one the canonical text; pulls alone as written."""
    from podium.i18n import use_language
    from podium.plugins.fun_games.pulls import read_pulls

    with use_language("zh"):
        assert read_pulls(parse_pulls("1:0 fouls:2", 3)) == "1:0（第 2 方犯规判负）"
        assert read_pulls(parse_pulls("2:1", 3)) == "2:1"
    with use_language("en"):
        assert read_pulls(parse_pulls("1:0 fouls:2", 3)) == "1:0 fouls:2"


MEET = """
[meet]
name = "Company games"
language = "en"

[events.tow]
sport = "fun_games"
game = "tug_of_war"

[events.tow.rules]
min_size = 2
max_size = 2

[[events.tow.stages]]
name = "final"
format = "round_robin"
numbers = "list"
"""


def test_final_of_four_by_points(make_meet, podium):
    """Team fun-games rules §1: the final ranks 1st–4th by points (2 for a win). Berger order for 4 (list numbers):
    1 A–D 2:0, 2 B–C 2:0, 3 D–C 0:1 fouls:1 (D fouled out), 4 A–B 2:1, 5 B–D 2:1, 6 C–A 2:0.
    A, B, C each win twice (4 points), D none. Pulls won:lost — A 2+2+0 : 0+1+2 = 4:3, B 2+1+2 : 0+2+1 = 5:3,
    C 0+1+2 : 2+0+0 = 3:2, D 0+0+1 : 2+1+2 = 1:5; ratios B 1.67 > C 1.5 > A 1.33 → B, C, A, D."""
    rows = "event,name,team\n" + "".join(f"tow,{t}{n},{t}\n" for t in "ABCD" for n in (1, 2))
    folder = make_meet(MEET, rows)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "tow", "--seed", "1")
    refused = podium(folder, "result", "tow", "1", "2:2", ok=False)
    assert "In a best of 3 the winner needs 2 pulls, and the pulls are 2:2 (tug-of-war and heats rules §1: 三局两胜)." in refused.output
    for number, text in enumerate(["2:0", "2:0", "0:1 fouls:1", "2:1", "2:1", "2:0"], start=1):
        podium(folder, "result", "tow", str(number), text)
    rows = json.loads(podium(folder, "standings", "tow", "--json").output)["stages"][0]["tables"][0]["rows"]
    assert [(r["place"], r["name"], r["points"], r["values"]["games_ratio"]) for r in rows] == [
        (1, "B", 4, "5:3"), (2, "C", 4, "3:2"), (3, "A", 4, "4:3"), (4, "D", 0, "1:5")
    ]


CHILDREN = """
[meet]
name = "Primary sports day"
language = "en"

[events.tow]
sport = "fun_games"
game = "tug_of_war_children"
"""


def team(name: str, grade: int, boys: int, girls: int = 10) -> str:
    rows = [f"tow,{name}-b{i},M,{grade},{name}" for i in range(boys)]
    rows += [f"tow,{name}-g{i},F,{grade},{name}" for i in range(girls)]
    return "".join(row + "\n" for row in rows)


def test_lower_grade_may_field_two_extra_boys(make_meet, podium):
    """Grades 1–4 fun-games rules, tug of war: 20 players, 10 boys and 10 girls; a lower grade facing a higher grade may add 2 boys.
    Grade 1 with 12 boys is fine next to a grade 2 team."""
    folder = make_meet(CHILDREN, "event,name,gender,grade,team\n" + team("1A", 1, 12) + team("2A", 2, 10))
    out = podium(folder, "entrants", "import", str(folder / "entrants.csv")).output
    assert "2 teams imported into Children's tug of war" in out  # an event without a name takes its game's title; teams counted as teams


def test_the_highest_grade_gets_no_extra_boys(make_meet, podium):
    """Grade 2 is the highest grade here, so its 12 boys break the rule; nothing is imported."""
    folder = make_meet(CHILDREN, "event,name,gender,grade,team\n" + team("1A", 1, 10) + team("2A", 2, 12))
    refused = podium(folder, "entrants", "import", str(folder / "entrants.csv"), ok=False)
    assert "team '2A' has 22 players; the event needs 10 men and 10 women, 20 players" in refused.output
    assert "team '2A' has 12 men and 10 women" in refused.output
    assert "extra boys are allowed only for a lower grade facing a higher one" in refused.output
    assert [(e["event"], e["entrants"]) for e in json.loads(podium(folder, "entrants", "list", "tow", "--json").output)["events"]] == [("tow", [])]


def test_a_foul_out_is_confirmed_in_chinese_words(make_meet, podium):
    """Match 3 is D–C (Berger order for 4, above); ``0:1 fouls:1``: D fouled out (tug-of-war and heats rules §1), so
    C wins, and a Chinese reader is told so in words; ``--json`` keeps the canonical text."""
    rows = "event,name,team\n" + "".join(f"tow,{t}{n},{t}\n" for t in "ABCD" for n in (1, 2))
    folder = make_meet(MEET, rows)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "tow", "--seed", "1")
    out = podium(folder, "--lang", "zh", "result", "tow", "3", "0:1 fouls:1").output
    assert out == "第 3 场已录入：D – C 0:1（第 1 方犯规判负），C 胜。\n"
    assert [m["result"] for m in json.loads(podium(folder, "matches", "tow", "--json").output) if m["result"]] == ["0:1 fouls:1"]


def test_the_childrens_sheet_cites_the_grades_1_to_4_rules():
    """The children's game takes its best of 3 from the grades 1–4 fun-games rules ("三局两胜") and prints their
    allowance of 2 extra boys for a lower grade; three fouls in a row lose (tug-of-war and heats rules §1), as every
    tug-of-war result is read; the fouls of the team fun-games rules §1 are those of the ``tug_of_war`` game only.
    One pull is a match of its own (``best_of = 1``)."""
    from podium.i18n import use_language
    from podium.plugins.fun_games.pulls import sheet_notes

    with use_language("en"):
        assert sheet_notes({"best_of": 3, "game": "tug_of_war_children", "extra_men_lower_grade": 2}) == (
            "Best of 3 pulls: the first team to win 2 pulls wins the match (grades 1–4 fun-games rules, tug of war: 三局两胜).",
            "Three fouls in a row lose the match (tug-of-war and heats rules §1: 连续3次违规视为比赛失败).",
            "A lower grade facing a higher grade may field 2 extra boys (grades 1–4 fun-games rules, tug of war).",
        )
        assert sheet_notes({"best_of": 1})[0] == "One pull decides the match."
    with use_language("zh"):
        assert sheet_notes({"best_of": 3, "game": "tug_of_war_children", "extra_men_lower_grade": 2})[2] == (
            "低年级与高年级比赛时，低年级可多 2 名男生参加（《趣味项目比赛规则（小学1~4年级）》拔河）。"
        )
