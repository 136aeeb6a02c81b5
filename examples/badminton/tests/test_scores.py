"""BWF Laws of Badminton, Law 7: which game scores and matches are possible, worked out by hand."""

from __future__ import annotations

import pytest
from podium.api import (
    Entrant,
    EntrantKind,
    Gender,
    MatchContext,
    OutcomeKind,
    Person,
    ResultError,
    use_language,
)

from podium_badminton.sport import Badminton

SPORT = Badminton()
ANN = Entrant("1", "ms", EntrantKind.INDIVIDUAL, "Ann", (Person("Ann"),))
BEA = Entrant("2", "ms", EntrantKind.INDIVIDUAL, "Bea", (Person("Bea"),))


def ctx(best_of: int = 3, decisive: bool = False) -> MatchContext:
    return MatchContext("ms", {"best_of": best_of, "doubles": "open", "kind": "individual"}, (ANN, BEA), decisive=decisive)


@pytest.mark.parametrize(
    "game",
    [
        "21-0",  # Law 7.2: first to 21
        "21-19",  # 7.2: 21 with a 2-point lead before 20-all
        "22-20",  # 7.4: from 20-all, the first 2-point lead
        "29-27",  # 7.4: still a 2-point lead
        "30-28",  # 7.4: 28-all, then two points in a row
        "30-29",  # 7.5: at 29-all the 30th point wins
        "19-21",  # the same, won by the second side
    ],
)
def test_possible_games_law_7(game):
    result = SPORT.parse_result(game, ctx(best_of=1))
    assert SPORT.format_result(result, ctx(best_of=1)) == game


@pytest.mark.parametrize(
    ("game", "says"),
    [
        ("21-20", "at 20-all a side needs a 2-point lead (BWF Law 7.4)"),  # 20-all reached, only 1 ahead
        ("20-18", "not finished: a game is won by the first side to 21 points (BWF Law 7.2)"),
        ("23-20", "past 21 a game ends as soon as one side leads by 2"),  # it ended at 22-20
        ("30-27", "past 21 a game ends as soon as one side leads by 2, or at 30"),  # it ended at 29-27
        ("31-29", "no game goes past 30 (BWF Law 7.5)"),  # 29-all: the 30th point wins
        ("15-15", "is level"),
    ],
)
def test_impossible_games_refused(game, says):
    with pytest.raises(ResultError) as refused:
        SPORT.parse_result(game, ctx(best_of=1))
    assert says in str(refused.value)


def test_best_of_three_needs_two_games_and_stops_there():
    """Law 7.1: 2-0 and 2-1 are complete; 1-1 is not; a third game after 2-0 is refused."""
    assert SPORT.outcome(SPORT.parse_result("21-19 21-17", ctx()), ctx()).stats["games"] == (2, 0)
    assert SPORT.outcome(SPORT.parse_result("21-19 18-21 30-29", ctx()), ctx()).winner == 0
    with pytest.raises(ResultError, match="the winner needs 2 games, and the games are 1-1"):
        SPORT.parse_result("21-19 18-21", ctx())
    with pytest.raises(ResultError, match="already won 2-0"):
        SPORT.parse_result("21-19 21-17 21-3", ctx())


def test_outcome_counts_games_and_points():
    """18-21 21-19 21-15: side 1 wins 2 games to 1, points 18+21+21 = 60 to 21+19+15 = 55."""
    outcome = SPORT.outcome(SPORT.parse_result("18-21, 21-19, 21-15", ctx()), ctx())
    assert (outcome.winner, outcome.stats["games"], outcome.stats["points"]) == (0, (2, 1), (60, 55))


def test_walkovers():
    """+:- the first side wins without play (a forfeit); -:- nobody played."""
    assert SPORT.outcome(SPORT.parse_result("+:-", ctx()), ctx()).kind is OutcomeKind.FORFEIT
    assert SPORT.outcome(SPORT.parse_result("-:+", ctx()), ctx()).winner == 1
    assert SPORT.outcome(SPORT.parse_result("-:-", ctx()), ctx()).kind is OutcomeKind.DOUBLE_FORFEIT


def test_mixed_doubles_needs_a_man_and_a_woman():
    """BWF mixed doubles: one man and one woman; open doubles: any two players."""
    pair = Entrant("p1", "xd", EntrantKind.PAIR, "Li/Wang", (Person("Li", Gender.MALE), Person("Wang", Gender.MALE)))
    rules = {"best_of": 3, "doubles": "mixed", "kind": "pair"}
    assert [str(p) for p in SPORT.entrant_problems(pair, rules, [pair])] == [
        "pair Li/Wang is not one man and one woman, as mixed doubles needs (give each player's gender)."
    ]
    assert SPORT.entrant_problems(pair, {**rules, "doubles": "open"}, [pair]) == []
    trio = Entrant("p2", "xd", EntrantKind.PAIR, "Trio", (Person("A"), Person("B"), Person("C")))
    assert [str(p) for p in SPORT.entrant_problems(trio, rules, [trio])] == ["pair Trio has 3 players; a doubles pair has two."]


def test_messages_in_chinese():
    with use_language("zh"):
        with pytest.raises(ResultError) as refused:
            SPORT.parse_result("31-29", ctx(best_of=1))
        assert "29 平后先得第 30 分者胜" in str(refused.value)


def test_a_refusal_has_a_code_and_is_shown_in_either_language():
    """The error names its code for programs, and is translated where it is shown, not where it is raised."""
    with pytest.raises(ResultError) as refused:
        SPORT.parse_result("31-29", ctx(best_of=1))
    assert refused.value.code == "badminton.score_past_30"
    assert "29 平后先得第 30 分者胜" in refused.value.render("zh")
    assert "no game goes past 30 (BWF Law 7.5)" in refused.value.render("en")
