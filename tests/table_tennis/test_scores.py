"""Game and match scores, table-driven from the laws (ITTF 2.11.1, 2.12) and the event plans (docs/table_tennis.md).

Working for the game vectors (target T, loser's points l, winner's points w):
a game is over the moment one side has at least T points and leads by 2. So a
finished score has w ≥ T and w − l ≥ 2, and if w > T the game went through T−1 all,
so w − l is exactly 2 (it ended the moment the lead became 2). 11-10 and 12-11 lead by
1 (not over); 12-9 would have been over at 11-9; 13-10 at 12-10; 15-12 at 14-12.
"""

from __future__ import annotations

import pytest

from podium.errors import Hint, ResultError
from podium.model.entrants import EntrantKind
from podium.model.outcomes import OutcomeKind

from .helpers import SPORT, ctx

# (score, target) — valid games worked from ITTF 2.11.1, and the same shapes at 21 (ITTF 2.11.1 with T = 21).
VALID_GAMES = [
    ("11-0", 11), ("11-9", 11), ("12-10", 11), ("13-11", 11), ("20-18", 11), ("9-11", 11), ("0-11", 11),
    ("21-19", 21), ("22-20", 21), ("21-0", 21), ("30-28", 21),
]

# (score, target, reason) — games ITTF 2.11.1 refuses, plus the examples, reasons worked out above.
INVALID_GAMES = [
    ("11-10", 11, "Game 1 (11-10): at 10-10 a game goes on until one side leads by 2 points (ITTF 2.11.1)."),
    ("12-11", 11, "Game 1 (12-11): at 10-10 a game goes on until one side leads by 2 points (ITTF 2.11.1)."),
    ("13-10", 11, "Game 1 (13-10) is impossible: the game was over at 12-10 (ITTF 2.11.1)."),
    ("15-12", 11, "Game 1 (15-12) is impossible: the game was over at 14-12 (ITTF 2.11.1)."),
    ("12-9", 11, "Game 1 (12-9) is impossible: the game was over at 11-9 (ITTF 2.11.1)."),
    ("9-12", 11, "Game 1 (9-12) is impossible: the game was over at 9-11 (ITTF 2.11.1)."),
    ("10-8", 11, "Game 1 (10-8) is not finished: a game is won by the first to 11 points (ITTF 2.11.1)."),
    ("10-10", 11, "Game 1 (10-10) is level; a game cannot end level (ITTF 2.11.1)."),
    ("11-11", 11, "Game 1 (11-11) is level; a game cannot end level (ITTF 2.11.1)."),
    ("12-12", 11, "Game 1 (12-12) is level; a game cannot end level (ITTF 2.11.1)."),
    ("21-20", 21, "Game 1 (21-20): at 20-20 a game goes on until one side leads by 2 points (ITTF 2.11.1)."),
    ("23-20", 21, "Game 1 (23-20) is impossible: the game was over at 22-20 (ITTF 2.11.1)."),
    ("20-18", 21, "Game 1 (20-18) is not finished: a game is won by the first to 21 points (ITTF 2.11.1)."),
]


@pytest.mark.parametrize(("score", "target"), VALID_GAMES)
def test_valid_game_is_a_best_of_1_match(score, target):
    """ITTF 2.11.1: each valid vector is a complete best-of-1 match (ITTF 2.12: N = 1)."""
    result = SPORT.parse_result(score, ctx(best_of=1, game_points=target))
    a, b = map(int, score.split("-"))
    assert result.games == ((a, b),)
    assert SPORT.outcome(result, ctx(best_of=1, game_points=target)).winner == (0 if a > b else 1)


@pytest.mark.parametrize(("score", "target", "reason"), INVALID_GAMES)
def test_invalid_game_is_refused_with_its_reason(score, target, reason):
    """ITTF 2.11.1: each invalid vector is refused, naming the broken rule (ITTF 2.11.1)."""
    with pytest.raises(ResultError) as refused:
        SPORT.parse_result(f"{score} 11-5 11-5 11-5" if target == 11 else f"{score} 21-5 21-5 21-5", ctx(best_of=5, game_points=target))
    assert refused.value.message == reason


# (best of, games, valid) — matches worked from ITTF 2.12, written out as games; "W" is 11-5 to side 1, "L" 5-11.
def games(pattern: str) -> str:
    return " ".join("11-5" if g == "W" else "5-11" for g in pattern)


MATCHES = [
    # best of 1 (ITTF 2.12, table-tennis plan 4, stage 2): exactly one game.
    (1, "W", True), (1, "L", True), (1, "WW", False), (1, "WL", False),
    # best of 3 (table-tennis plan 2 §5.3, plan 6 §7(1)): 2-0 and 2-1 are valid; 2-2 and 3-0 are not.
    (3, "WW", True), (3, "LWW", True), (3, "WLW", True), (3, "LL", True),
    (3, "WWW", False), (3, "WLWL", False), (3, "W", False), (3, "WL", False),
    # best of 5 (table-tennis plan 1 §6(2)): 3-0, 3-1, 3-2 valid; 3-3, 4-1, 2-1 and W,W,W,L invalid.
    (5, "WWW", True), (5, "LWWW", True), (5, "WLWLW", True), (5, "LLWWW", True), (5, "LLL", True),
    (5, "WWWL", False), (5, "WLWLWL", False), (5, "LWWWW", False), (5, "WWL", False), (5, "WLWLWW", False),
    # best of 7 (table-tennis plan 7 §4): 4-0 to 4-3 valid; 4-4 and 5-2 invalid.
    (7, "WWWW", True), (7, "LWWWW", True), (7, "LLWWWW", True), (7, "LLLWWWW", True),
    (7, "LLLWWWWL", False), (7, "WWWWL", False), (7, "LWLWLWW", True), (7, "WWWLLL", False),
]


@pytest.mark.parametrize(("best_of", "pattern", "valid"), MATCHES)
def test_best_of_lengths(best_of, pattern, valid):
    """ITTF 2.12: the winner has exactly ⌈N/2⌉ games and no game follows the deciding one."""
    text = games(pattern)
    rules = ctx(best_of=best_of)
    if valid:
        need = best_of // 2 + 1
        result = SPORT.parse_result(text, rules)
        won = SPORT.outcome(result, rules).stats["games"]
        assert max(won) == need and min(won) < need
        return
    with pytest.raises(ResultError) as refused:
        SPORT.parse_result(text, rules)
    assert refused.value.message.startswith(("Game", "The match is not finished"))


def test_sixth_game_in_a_best_of_5():
    """The issue's example: 3-2 after five games decides the match; a sixth game is refused (ITTF 2.12)."""
    with pytest.raises(ResultError) as refused:
        SPORT.parse_result("11-9 9-11 11-9 9-11 11-9 11-3", ctx(best_of=5))
    assert refused.value.message == (
        "Game 6: the best-of-5 match was already decided 3-2 after game 5; no further game is played (ITTF 2.12)."
    )


def test_unfinished_match_names_what_is_missing():
    """2-1 in a best of 5 is not a result yet: the winner needs 3 games (ITTF 2.12)."""
    with pytest.raises(ResultError) as refused:
        SPORT.parse_result("11-9 11-9 9-11", ctx(best_of=5))
    assert refused.value.message == "The match is not finished: in a best of 5 the winner needs 3 games, and the games are 2-1."


# (best of, count, valid) — the same matches as game counts (games_only = true).
COUNTS = [
    (5, "3:0", True), (5, "3:1", True), (5, "3:2", True), (5, "0:3", True), (5, "3-3", False), (5, "4:1", False), (5, "2:1", False),
    (3, "2:0", True), (3, "2:1", True), (3, "2:2", False), (3, "3:0", False),
    (7, "4:0", True), (7, "4:3", True), (7, "4:4", False), (7, "5:2", False),
    (1, "1:0", True), (1, "0:1", True), (1, "1:1", False),
]


@pytest.mark.parametrize(("best_of", "count", "valid"), COUNTS)
def test_game_counts_when_the_event_allows_them(best_of, count, valid):
    """A count is possible when the winner has exactly ⌈N/2⌉ games and the loser fewer (ITTF 2.12)."""
    rules = ctx(best_of=best_of, games_only=True)
    if valid:
        result = SPORT.parse_result(count, rules)
        a, b = map(int, count.replace("-", ":").split(":"))
        assert result.game_count == (a, b)
        outcome = SPORT.outcome(result, rules)
        assert outcome.winner == (0 if a > b else 1) and outcome.stats == {"games": (a, b)}
        return
    need = best_of // 2 + 1
    a, b = count.replace("-", ":").split(":")
    with pytest.raises(ResultError) as refused:
        SPORT.parse_result(count, rules)
    assert refused.value.message == (
        f"{a}:{b} is not a possible best-of-{best_of} result: the winner has exactly {need} games and the loser fewer (ITTF 2.12)."
    )


def test_3_3_is_refused_even_where_counts_are_not_allowed():
    """3-3 is no result of a best of 5 (ITTF 2.12): refused for that reason before the event's games_only rule."""
    with pytest.raises(ResultError) as refused:
        SPORT.parse_result("3-3", ctx(best_of=5))
    assert "3:3 is not a possible best-of-5 result" in refused.value.message


def test_a_count_needs_games_only():
    """3:1 is a possible count, but the event asks for every game score unless games_only = true."""
    with pytest.raises(ResultError) as refused:
        SPORT.parse_result("3:1", ctx(best_of=5))
    assert refused.value.message == "'3:1' is a game count, but this event needs every game score (e.g. 11-9 9-11 11-7)."
    assert refused.value.hint == Hint("set_option", option="games_only", value="true")  # the organiser's step, not the referee's


SPELLINGS = ["11-9 9-11 11-7 11-5", "11:9 9:11 11:7 11:5", "１１－９ ９－１１ １１－７ １１－５", "11：9 9：11 11：7 11：5",
             "11-9, 9-11, 11-7, 11-5", "11 - 9  9 - 11  11 - 7  11 - 5", "11比9 9比11 11比7 11比5", "11–9 9–11 11–7 11–5"]


@pytest.mark.parametrize("text", SPELLINGS)
def test_every_spelling_reads_the_same(text):
    """ASCII, full-width (１１－９), Chinese colon (11：9), 比, dashes and commas all mean the same four games."""
    result = SPORT.parse_result(text, ctx())
    assert result.games == ((11, 9), (9, 11), (11, 7), (11, 5))
    assert SPORT.format_result(result, ctx()) == "11-9 9-11 11-7 11-5"


def test_outcome_counts_games_and_points():
    """11-9 9-11 11-7 11-5: games 3-1; points 11+9+11+11 = 42 against 9+11+7+5 = 32; ITTF match points 2 and 1."""
    result = SPORT.parse_result("11-9 9-11 11-7 11-5", ctx())
    outcome = SPORT.outcome(result, ctx())
    assert outcome.kind is OutcomeKind.PLAYED and outcome.winner == 0
    assert outcome.stats == {"games": (3, 1), "points": (42, 32)}
    assert SPORT.scoring.winner_points(outcome) == (2, 1)


WALKOVERS = [("+:-", 0), ("-:+", 1), ("＋：－", 0), ("+-", 0), ("w/o:2", 0), ("W/O:1", 1), ("wo 2", 0), ("弃权:1", 1)]


@pytest.mark.parametrize(("text", "winner"), WALKOVERS)
def test_walkover_is_its_own_result(text, winner):
    """Table-tennis plan 1 §6(2), plan 2 §6.4, plan 6 §9.2: an absence is a walkover: 2 match points to the winner, 0 to the absent side (ITTF 3.7.5.1)."""
    result = SPORT.parse_result(text, ctx())
    assert result.walkover == winner and result.games == ()
    outcome = SPORT.outcome(result, ctx())
    assert outcome.kind is OutcomeKind.FORFEIT and outcome.winner == winner
    assert outcome.stats == {}
    points = SPORT.scoring.winner_points(outcome)
    assert points[winner] == 2 and points[1 - winner] == 0


def test_double_walkover():
    """Neither side appeared (-:-): no winner, no match points for anyone."""
    outcome = SPORT.outcome(SPORT.parse_result("-:-", ctx()), ctx())
    assert outcome.kind is OutcomeKind.DOUBLE_FORFEIT and outcome.winner is None
    assert SPORT.scoring.winner_points(outcome) == (0, 0)


def test_a_lone_11_0_is_not_a_walkover():
    """Table-tennis plan 1 §6(2) writes a walkover as 11:0; Podium asks for the walkover notation instead."""
    with pytest.raises(ResultError) as refused:
        SPORT.parse_result("11:0", ctx(best_of=5))
    assert refused.value.message == (
        "'11:0' alone is not a finished best-of-5 match; a walkover is entered as +:- or -:+ (or w/o:2), never as 11:0 games."
    )


def test_walkover_in_ratios_counts_it_won_to_nil():
    """With walkover_in_ratios (table-tennis plan 1 §6(2): 即为11：0) a best-of-5 walkover counts 3:0 games and 33:0 points."""
    rules = ctx(walkover_in_ratios=True)
    outcome = SPORT.outcome(SPORT.parse_result("-:+", rules), rules)
    assert outcome.kind is OutcomeKind.FORFEIT
    assert outcome.stats == {"games": (0, 3), "points": (0, 33)}


def test_retirement():
    """11-9 5-3 ret:2: side 2 retired during game 2. Side 1 wins; the retired side gets 0 match points (ITTF 3.7.5.1).

    Games count finished games only (1-0); points count every point played (16:12).
    """
    result = SPORT.parse_result("11-9 5-3 ret:2", ctx())
    outcome = SPORT.outcome(result, ctx())
    assert result.retired == 1 and outcome.kind is OutcomeKind.RETIRED and outcome.winner == 0
    assert outcome.stats == {"games": (1, 0), "points": (16, 12)}
    assert SPORT.scoring.winner_points(outcome) == (2, 0)
    assert SPORT.format_result(result, ctx()) == "11-9 5-3 ret:2"


def test_a_chinese_reader_reads_a_retirement_in_words():
    """``11-9 5-3 ret:2`` is side 2 retiring in game 2 (ITTF 3.7.5.1): a Chinese reader sees 退赛 with the games as
    played, an English one the canonical text; games alone read alike in both languages."""
    from podium.i18n import use_language

    retired, played = "11-9 5-3 ret:2", "11-9 9-11 11-7 11-5"
    with use_language("zh"):
        assert SPORT.describe_result(retired, ctx()) == "11-9 5-3（第 2 方退赛）"
        assert SPORT.describe_result(played, ctx()) == "11-9 9-11 11-7 11-5"
    with use_language("en"):
        assert SPORT.describe_result(retired, ctx()) == "11-9 5-3 ret:2"


def test_retirement_while_ahead_still_loses():
    """A player who retires loses the match whatever the score (ITTF 3.7.5.1: not completed)."""
    outcome = SPORT.outcome(SPORT.parse_result("11-9 11-3 10-2 退赛:1", ctx()), ctx())
    assert outcome.winner == 1 and outcome.kind is OutcomeKind.RETIRED


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("11-9 11-9 11-9 ret:2", "A player cannot retire from a match that was already decided 3-0."),
        ("ret:2", "A retirement lists the games played so far (e.g. 11-9 5-3 ret:2); a player who never started gives a walkover (+:- or -:+)."),
        ("11-9 12-9 ret:2", "Game 2 (12-9) is impossible: the game was over at 11-9 (ITTF 2.11.1)."),
    ],
)
def test_impossible_retirements(text, reason):
    with pytest.raises(ResultError) as refused:
        SPORT.parse_result(text, ctx())
    assert refused.value.message == reason


@pytest.mark.parametrize("text", ["", "  ", "abc", "11-9 x", "11--9 11-5 11-5", "11.5-9 11-5 11-5"])
def test_malformed_text(text):
    with pytest.raises(ResultError) as refused:
        SPORT.parse_result(text, ctx())
    assert refused.value.message.startswith(("The result is empty", "'"))


def test_mirror_reads_the_result_from_the_other_side():
    """Named in reverse, 9-11 11-9 … is the same match seen from the other side."""
    rules = ctx()
    for text in ("11-9 9-11 11-7 11-5", "+:-", "11-9 5-3 ret:2"):
        result = SPORT.parse_result(text, rules)
        assert SPORT.mirror(SPORT.mirror(result, rules), rules) == result
        assert SPORT.outcome(SPORT.mirror(result, rules), rules) == SPORT.outcome(result, rules).mirrored()


def test_doubles_use_the_same_scores():
    """Doubles matches are scored like singles (ITTF 2.11, 2.12)."""
    rules = ctx(EntrantKind.PAIR, best_of=3)
    assert SPORT.outcome(SPORT.parse_result("11-9 11-13 11-4", rules), rules).stats["games"] == (2, 1)
