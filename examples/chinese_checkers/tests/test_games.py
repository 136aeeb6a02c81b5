"""Chinese checkers results, worked out by hand from the rules named in docs/sources.md."""

from __future__ import annotations

import pytest
from podium.api import Entrant, EntrantKind, MatchContext, OutcomeKind, Person, ResultError, use_language

from podium_chinese_checkers.sport import ChineseCheckers

SPORT = ChineseCheckers()
SIDES = (Entrant("1", "cc", EntrantKind.INDIVIDUAL, "Ann", (Person("Ann"),)), Entrant("2", "cc", EntrantKind.INDIVIDUAL, "Bea", (Person("Bea"),)))
RULES = {"deadlock": True, "time_warnings": 2, "late_limit": 5, "kind": "individual"}


def ctx(decisive: bool = False, **rules: object) -> MatchContext:
    return MatchContext("cc", {**RULES, **rules}, SIDES, decisive=decisive)


def points(text: str, **rules: object) -> tuple[float, float]:
    result = SPORT.parse_result(text, ctx(**rules))
    return SPORT.scoring.winner_points(SPORT.outcome(result, ctx(**rules)))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1-0", (1, 0)),  # general Chinese checkers rules, scoring: win 1, loss 0
        ("0-1 time", (0, 1)),  # Chinese checkers rules 2012 §2: the second overstep loses
        ("1:0 blocked", (1, 0)),  # Chinese checkers rules 2012 §6, league plan item 2: the blocked side loses
        ("胜 被困", (1, 0)),  # Chinese checkers rules 2012 §6: more trapped pieces loses
        ("=", (0.5, 0.5)),  # general Chinese checkers rules, scoring: a draw is ½ each
        ("½-½", (0.5, 0.5)),
        ("0.75-0.25", (0.75, 0.25)),  # general Chinese checkers rules, additional rule 4: half a step ahead in a deadlock
        ("¼-¾", (0.25, 0.75)),
        ("死局 2", (0.25, 0.75)),  # the second side is ahead
        ("+:-", (1, 0)),  # Chinese checkers rules 2012 §6: more than 5 minutes late is a forfeit
        ("-:-", (0, 0)),
    ],
)
def test_points_of_each_result(text, expected):
    assert points(text) == expected


def test_canonical_texts():
    assert [SPORT.format_result(SPORT.parse_result(t, ctx()), ctx()) for t in ("胜", "负 超时", "和", "¾-¼", "死局:2")] == [
        "1-0", "0-1 time", "=", "0.75-0.25", "0.25-0.75"
    ]


def test_a_deadlock_has_no_winner_but_unequal_shares():
    """General Chinese checkers rules, additional rule 4: a deadlock is between a win and a draw: nobody wins, the leader earns 0.75."""
    outcome = SPORT.outcome(SPORT.parse_result("0.75-0.25", ctx()), ctx())
    assert (outcome.kind, outcome.winner, outcome.shares) == (OutcomeKind.PLAYED, None, (0.75, 0.25))


def test_knockout_game_needs_a_winner():
    """Chinese checkers rules 2012 §4: one game decides and the winner goes on, so a knockout game cannot be drawn or deadlocked."""
    for text in ("=", "0.75-0.25"):
        with pytest.raises(ResultError, match="One game decides a knockout match"):
            SPORT.parse_result(text, ctx(decisive=True))
    assert SPORT.outcome(SPORT.parse_result("1-0 trapped", ctx(decisive=True)), ctx(decisive=True)).winner == 0


def test_without_the_deadlock_rule():
    """The knockout rules (Chinese checkers rules 2012) have no deadlock: the blocking rule decides."""
    with pytest.raises(ResultError, match="no deadlock rule"):
        SPORT.parse_result("0.75-0.25", ctx(deadlock=False))


@pytest.mark.parametrize(("text", "says"), [("1-1", "one side scores 1"), ("2-0", "not a Chinese checkers result"),
                                           ("1-0 resigned", "not a way to win"), ("", "empty")])
def test_bad_results(text, says):
    with pytest.raises(ResultError, match=says):
        SPORT.parse_result(text, ctx())


def test_sheet_notes_follow_the_options():
    """Student board-games league plan §7.5, item 1: three warnings lose; Chinese checkers rules 2012 §6: five minutes late."""
    notes = SPORT.score_sheet_fields(ctx(time_warnings=3, late_limit=10))["notes"]
    assert notes[0] == "30 seconds a move; overstepping is warned, and warning 3 loses the game (Chinese checkers rules 2012 §2; student board-games league plan §7.5, item 1)."
    assert notes[1] == "More than 10 minutes late loses by forfeit (Chinese checkers rules 2012 §6)."


def test_messages_in_chinese():
    with use_language("zh"):
        with pytest.raises(ResultError) as refused:
            SPORT.parse_result("=", ctx(decisive=True))
        assert "淘汰赛一局定胜负" in str(refused.value)
