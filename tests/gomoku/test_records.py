"""Game records entered with a match result: adjudicated, and refused when they contradict it.

The positions are the hand-worked diagrams of tests/gomoku/test_renju.py (rules A and B,
see plugins/gomoku/renju.py), here played through the sport: a reported result that the record contradicts is
refused with the game, the move number and the reason. Matches are first to 1 (``wins = 1``)
so one game is the whole match; Ann (listed first) plays Black.
"""

from __future__ import annotations

import pytest

from podium.errors import ResultError
from podium.i18n import use_language

CLEAN_DOUBLE_THREE = "h8 a1 i8 c1 j10 e1 j9 g1 j8"
FAKE_DOUBLE_THREE_THEN_FIVE = "h8 a1 i8 c1 j10 e1 j9 j11 j8 a3 k8 a5 l8"
DOUBLE_FOUR_ON_ONE_LINE = "h8 a1 j8 c1 f8 e1 l8 g1 i8"
BLACK_OVERLINE = "h8 a1 i8 c1 j8 e1 l8 g1 m8 i1 k8"
FIVE_WITH_DOUBLE_THREE = "h8 a1 k10 c1 m10 e1 k9 g1 l9 i1 i8 k1 j8 m1 g8 o1 k8"
WHITE_OVERLINE = "h8 c3 a15 d3 c15 e3 e15 g3 g15 h3 i15 f3"


def refusal(gomoku, ctx, text: str) -> str:
    with pytest.raises(ResultError) as refused:
        gomoku.parse_result(text, ctx)
    return refused.value.message


def test_clean_double_three_loses(gomoku, context):
    """Move 9 j8 makes two live threes, h8-i8-j8 and j8-j9-j10 (rules A, forbidden move 2): Black loses at once
    under the default auto_loss (rules A, basic rule 4). W+forbidden is accepted; a reported Black win or a
    win on time is refused with the move and the reason."""
    ctx = context(wins=1)
    result = gomoku.parse_result(f"W+forbidden[{CLEAN_DOUBLE_THREE}]", ctx)
    assert gomoku.outcome(result, ctx).stats["fouls"] == (1, 0)
    assert refusal(gomoku, ctx, f"B+five[{CLEAN_DOUBLE_THREE}]") == (
        "Game 1: the record does not match B+five: Black made a double three at move 9 (j8): Black loses."
    )
    assert "Black made a double three at move 9 (j8)" in refusal(gomoku, ctx, f"W+time[{CLEAN_DOUBLE_THREE}]")


def test_fake_double_three_is_allowed_and_black_wins_later(gomoku, context):
    """With White on j11, the column three j8-j9-j10 can no longer become a straight four, so j8
    (move 9) is one live three, allowed (活三, rules A, shape 2). Black goes on: k8 (move 11) makes the
    straight four h8-k8, l8 (move 13) the five h8-l8."""
    ctx = context(wins=1)
    result = gomoku.parse_result(f"B+five[{FAKE_DOUBLE_THREE_THEN_FIVE}]", ctx)
    assert gomoku.outcome(result, ctx).winner == 0
    assert gomoku.format_result(result, ctx) == f"B+five[{FAKE_DOUBLE_THREE_THEN_FIVE}]"
    assert refusal(gomoku, ctx, f"W+forbidden[{FAKE_DOUBLE_THREE_THEN_FIVE}]") == (
        "Game 1: the record does not match W+forbidden: Black made five in a row at move 13 (l8): Black wins."
    )


def test_double_four_on_one_line(gomoku, context):
    """f8 . h8 [i8] j8 . l8: g8 completes f8-j8 and k8 completes h8-l8, two fours on one line,
    a double four (rules A, forbidden move 3) at move 9."""
    ctx = context(wins=1)
    assert gomoku.outcome(gomoku.parse_result(f"W+forbidden[{DOUBLE_FOUR_ON_ONE_LINE}]", ctx), ctx).winner == 1
    assert "Black made a double four at move 9 (i8): Black loses" in refusal(
        gomoku, ctx, f"W+resign[{DOUBLE_FOUR_ON_ONE_LINE}]"
    )


def test_black_overline(gomoku, context):
    """k8 (move 11) joins h8-j8 and l8-m8 into six: a black overline is forbidden (rules A, forbidden move 1)."""
    ctx = context(wins=1)
    assert "Black made an overline at move 11 (k8): Black loses" in refusal(gomoku, ctx, f"B+five[{BLACK_OVERLINE}]")
    assert gomoku.outcome(gomoku.parse_result(f"W+forbidden[{BLACK_OVERLINE}]", ctx), ctx).winner == 1


def test_five_with_a_forbidden_shape_wins(gomoku, context):
    """k8 (move 17) makes g8-k8, an exact five, and two live threes besides: the five wins
    (rules A, basic rule 7 "五连与禁手同时形成，先五为胜")."""
    ctx = context(wins=1)
    assert gomoku.outcome(gomoku.parse_result(f"B+five[{FIVE_WITH_DOUBLE_THREE}]", ctx), ctx).winner == 0
    assert "Black made five in a row at move 17 (k8): Black wins" in refusal(
        gomoku, ctx, f"W+forbidden[{FIVE_WITH_DOUBLE_THREE}]"
    )


def test_white_overline_counts_as_five(gomoku, context):
    """f3 (move 12) makes c3-h3, six white stones: "白棋长连视同五连" (rules A, winning 1), a White five."""
    ctx = context(wins=1)
    assert gomoku.outcome(gomoku.parse_result(f"W+five[{WHITE_OVERLINE}]", ctx), ctx).winner == 1
    assert "White made an overline at move 12 (f3), which counts as five: White wins" in refusal(
        gomoku, ctx, f"B+time[{WHITE_OVERLINE}]"
    )


def test_record_of_one_game_in_a_longer_match(gomoku, context):
    """The record of game 3 is checked as game 3 (Ann Black in games 1 and 3)."""
    ctx = context()
    assert "Game 3: the record does not match B+time" in refusal(
        gomoku, ctx, f"B+five W+five B+time[{CLEAN_DOUBLE_THREE}]"
    )
    result = gomoku.parse_result(f"B+five W+five B+five[{FAKE_DOUBLE_THREE_THEN_FIVE}]", ctx)
    assert gomoku.format_result(result, ctx) == f"B+five W+five B+five[{FAKE_DOUBLE_THREE_THEN_FIVE}]"


def test_record_without_a_decision_fits_time_resignation_or_draw(gomoku, context):
    """A record that stops before any five fits a game lost on time, resigned or agreed drawn
    (rules A, winning 4; rules A, draw 1), but not a five or a forbidden move."""
    ctx = context(wins=1)
    for text in ("W+time[h8 h9 i9]", "B+resign[h8 h9 i9]", "= W+resign[h8 h9 i9 i8]"):
        gomoku.parse_result(text, ctx)
    assert refusal(gomoku, ctx, "B+five[h8 h9 i9]") == (
        "Game 1: the record does not match B+five: No result after 3 moves."
    )


def test_record_errors_name_the_move(gomoku, context):
    ctx = context(wins=1)
    assert refusal(gomoku, ctx, "B+time[h8 h9 h9]") == "Game 1: move 3 (h9) is on a point already taken by move 2."
    assert refusal(gomoku, ctx, "B+time[a1]") == (
        "Game 1: move 1 must be on the centre point h8 (天元, college gomoku rules 2012, basic rule 1), not a1."
    )
    assert refusal(gomoku, ctx, "B+time[h8 p9]") == (
        "Game 1: move 2: 'p9' is not a point of the 15×15 board; write a column letter a–o and a row 1–15, e.g. h8."
    )
    assert refusal(gomoku, ctx, f"W+forbidden[{CLEAN_DOUBLE_THREE} k1]") == (
        "Game 1: move 10 (k1) comes after the end of the game: Black made a double three at move 9 (j8): Black loses."
    )
    assert refusal(gomoku, ctx, "B+time[h8 a1!]") == (
        "Game 1: move 2 (a1) is White's; only Black has forbidden moves (college gomoku rules 2012, basic rule 4)."
    )
    assert refusal(gomoku, ctx, "B+time[h8 a1 i8!]") == (
        "Game 1: move 3 (i8) is marked as pointed out by White, but it is not a forbidden move."
    )


def test_centre_first_and_board_size_options(gomoku, context):
    """centre_first = false allows any first move; board_size = 19 puts the centre on j10 (a–s)."""
    gomoku.parse_result("W+time[a1 h8]", context(wins=1, centre_first=False))
    ctx = context(wins=1, board_size=19)
    gomoku.parse_result("W+time[j10 s19]", ctx)
    assert "centre point j10" in refusal(gomoku, ctx, "W+time[h8]")


# --- forbidden_policy --------------------------------------------------------------------------------


def test_claim_required_needs_the_claim(gomoku, context):
    """claim_required (rules B, winning 5): the double three at move 9 loses only if White points it out
    at once (j8!). Unmarked it stands, and W+forbidden is refused with the hint."""
    ctx = context(wins=1, forbidden_policy="claim_required")
    assert gomoku.outcome(gomoku.parse_result(f"W+forbidden[{CLEAN_DOUBLE_THREE}!]", ctx), ctx).winner == 1
    assert refusal(gomoku, ctx, f"W+forbidden[{CLEAN_DOUBLE_THREE}]") == (
        "Game 1: W+forbidden needs White's claim: under forbidden_policy = claim_required a forbidden move loses "
        "only when White points it out at once (gomoku contest rules, winning 5); mark it in the record, e.g. j8!"
    )
    # Unclaimed, the double three stands and Black wins later with h8-l8 (k8 move 11, l8 move 13).
    gomoku.parse_result(f"B+five[{CLEAN_DOUBLE_THREE} i1 k8 k1 l8]", ctx)


def test_claimed_game_ends_at_the_claim(gomoku, context):
    ctx = context(wins=1, forbidden_policy="claim_required")
    assert refusal(gomoku, ctx, f"W+forbidden[{CLEAN_DOUBLE_THREE}! k1]") == (
        "Game 1: move 10 (k1) comes after the end of the game: Black made a double three at move 9 (j8): Black loses."
    )


def test_only_one_claim_can_end_a_game(gomoku, context):
    """Once White's claim ended the game at move 9, a second marked move cannot follow."""
    ctx = context(wins=1, forbidden_policy="claim_required")
    assert refusal(gomoku, ctx, f"W+forbidden[{CLEAN_DOUBLE_THREE}! k1 k8!]") == (
        "Game 1: move 11 (k8) is marked as pointed out, but the game ended when move 9 was pointed out."
    )


def test_replay_takes_the_claimed_move_back(gomoku, context):
    """replay (rules A §2.2): White points out j8 (move 9), Black plays g8 instead; then f8 (move
    11) makes the straight four f8-i8 and e8 (move 13) the five e8-i8. A forbidden move never
    loses under this policy, so W+forbidden is refused outright."""
    ctx = context(wins=1, forbidden_policy="replay")
    record = f"{CLEAN_DOUBLE_THREE}! g8 i1 f8 k1 e8"
    result = gomoku.parse_result(f"B+five[{record}]", ctx)
    assert gomoku.format_result(result, ctx) == f"B+five[{record}]"
    assert "under forbidden_policy = replay a forbidden move pointed out by White is played again" in refusal(
        gomoku, ctx, f"W+forbidden[{CLEAN_DOUBLE_THREE}]"
    )
    assert "W+forbidden" in refusal(gomoku, ctx, "W+forbidden")


def test_mismatch_in_chinese(gomoku, context):
    """The adjudicator's account comes in the meet's language."""
    with use_language("zh"):
        message = refusal(gomoku, context(wins=1), f"B+five[{CLEAN_DOUBLE_THREE}]")
    assert "第 9 手 j8 黑棋三三禁手，黑负" in message
    assert message.startswith("第 1 局")
