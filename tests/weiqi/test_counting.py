"""Area counting with komi and warnings: the worked examples of the Chinese Weiqi Rules 2002.

Art. 9: par (归本数) is half the board, 361 / 2 = 180.5 on 19×19; more
wins, equal draws, less loses. Art. 11: Black gives back 3¾ stones, "例如黑方总共得
185子则黑胜3/4子，得184子则黑负1/4子，得184.5子则为黑胜1/4子". Art. 24: a warning
takes one stone off the warned player's count; two warnings lose the game.

A margin of s stones is 2s points, the SGF way of writing it (``B+1.5`` = ¾ stone).
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from podium.errors import ResultError
from podium.model.scoring import PRESETS
from podium.plugins.weiqi import counting


def test_par_is_half_the_board():
    """Art. 9: 361 / 2 = 180.5 on 19×19; 169 / 2 = 84.5 on 13×13; 81 / 2 = 40.5 on 9×9."""
    assert counting.par(19) == Fraction(361, 2)
    assert counting.par(13) == Fraction(169, 2)
    assert counting.par(9) == Fraction(81, 2)


@pytest.mark.parametrize(
    ("count", "winner", "stones", "canonical"),
    [
        ("B185", 0, Fraction(3, 4), "B185 (B+1.5)"),  # 185 − 180.5 − 3.75 = +¾: Black wins by ¾ stone
        ("B184", 1, Fraction(1, 4), "B184 (W+0.5)"),  # 184 − 184.25 = −¼: Black loses by ¼
        ("B184.5", 0, Fraction(1, 4), "B184.5 (B+0.5)"),  # 184.5 − 184.25 = +¼: Black wins by ¼
    ],
)
def test_art_11_worked_examples(weiqi, context, count, winner, stones, canonical):
    """Weiqi 2002 Art. 11, with the default komi of 3¾ stones: Black needs more
    than 180.5 + 3.75 = 184.25. First-listed Ann plays Black."""
    ctx = context()
    result = weiqi.parse_result(count, ctx)
    assert weiqi.outcome(result, ctx).winner == winner
    assert counting.verdict(counting.black_margin(result.value, 19, Fraction(15, 4))).stones == stones
    assert weiqi.format_result(result, ctx) == canonical


def test_one_warning_costs_black_the_game_at_185(weiqi, context):
    """Art. 24.1: 185 with one warning for Black counts 184 — Black loses by ¼ stone."""
    ctx = context()
    result = weiqi.parse_result("B185 warn:B", ctx)
    outcome = weiqi.outcome(result, ctx)
    assert outcome.winner == 1
    assert outcome.stats["warnings"] == (1, 0)
    assert weiqi.format_result(result, ctx) == "B185 warn:B (W+0.5)"


def test_a_warning_for_white_is_a_stone_for_black(weiqi, context):
    """Only Black is counted; White's count is 361 − Black's, so a stone off White's count is a
    stone more for Black: 184 with a warning for White counts as 185 → Black wins by ¾ (B+1.5)."""
    ctx = context()
    result = weiqi.parse_result("B184 warn:W", ctx)
    assert weiqi.outcome(result, ctx).winner == 0
    assert weiqi.format_result(result, ctx) == "B184 warn:W (B+1.5)"


def test_two_warnings_lose_the_game_whatever_the_board(weiqi, context):
    """Art. 24.2: "被判两次警告，则判该局为负". Black's two warnings: White wins."""
    ctx = context()
    outcome = weiqi.outcome(weiqi.parse_result("warn:BB", ctx), ctx)
    assert (outcome.winner, outcome.stats["warnings"]) == (1, (2, 0))


def test_two_warnings_each_is_both_lose(weiqi, context):
    """Both players ruled to have lost by Art. 24.2: both lose, no points for either (Art. 27: loss 0)."""
    ctx = context()
    outcome = weiqi.outcome(weiqi.parse_result("warn:BBWW", ctx), ctx)
    assert outcome.kind.value == "both_lose"
    assert PRESETS["2-1-0"].winner_points(outcome) == (0, 0)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("B+R warn:BB", "Two warnings lose the game (Weiqi 2002 Art. 24.2), so 'B+R' cannot also end it"),
        ("B185 warn:WW", "so 'B185' cannot also end it"),
        ("warn:BBB", "Black has 3 warnings, but the second warning already lost the game"),
    ],
)
def test_warnings_that_cannot_be(weiqi, context, text, message):
    with pytest.raises(ResultError) as refused:
        weiqi.parse_result(text, context())
    assert message in refused.value.message


def test_no_komi_makes_exact_par_a_draw(weiqi, context):
    """Art. 9 without komi (option komi = 0): exactly 180.5 is a draw, 181 wins by ½ stone (1
    point), 180 loses by ½."""
    ctx = context(komi=0)
    assert weiqi.outcome(weiqi.parse_result("B180.5", ctx), ctx).is_draw
    assert weiqi.format_result(weiqi.parse_result("B180.5", ctx), ctx) == "B180.5 (Draw)"
    assert weiqi.format_result(weiqi.parse_result("B181", ctx), ctx) == "B181 (B+1)"
    assert weiqi.format_result(weiqi.parse_result("B180", ctx), ctx) == "B180 (W+1)"
    assert weiqi.outcome(weiqi.parse_result("Draw", ctx), ctx).is_draw


def test_other_komi(weiqi, context):
    """Komi 3¼ stones (6.5 points): Black needs more than 183.75; 184 wins by ¼ stone (B+0.5)."""
    ctx = context(komi=3.25)
    assert weiqi.format_result(weiqi.parse_result("B184", ctx), ctx) == "B184 (B+0.5)"
    assert weiqi.format_result(weiqi.parse_result("B183.5", ctx), ctx) == "B183.5 (W+0.5)"


def test_komi_in_quarter_stones_only(weiqi, context):
    """Counts go in half stones, so a komi needs quarter stones for margins to make sense."""
    with pytest.raises(ResultError, match="komi = 3.3 is not a whole number of quarter stones"):
        weiqi.parse_result("B185", context(komi=3.3))


@pytest.mark.parametrize(("size", "count", "canonical"), [(9, "B45", "B45 (B+1.5)"), (13, "B88", "B88 (W+0.5)")])
def test_smaller_boards(weiqi, context, size, count, canonical):
    """Par is half the board: 9×9: 45 − 40.5 − 3.75 = +¾ (B+1.5); 13×13: 88 − 84.5 − 3.75 = −¼ (W+0.5)."""
    ctx = context(board_size=size)
    assert weiqi.format_result(weiqi.parse_result(count, ctx), ctx) == canonical


def test_draw_possible_only_with_half_stone_compensation():
    """Counts are whole or half stones: par + komi must be one of them for a level count."""
    assert counting.draw_possible(19, Fraction(0))
    assert counting.draw_possible(19, Fraction(7, 2))
    assert not counting.draw_possible(19, Fraction(15, 4))


def test_stones_as_the_rules_write_them():
    """Art. 11 writes "黑胜3/4子"; 3¾ is "3又3/4"."""
    assert counting.stones_text(Fraction(3, 4), "zh") == "3/4"
    assert counting.stones_text(Fraction(15, 4), "zh") == "3又3/4"
    assert counting.stones_text(Fraction(15, 4), "en") == "3¾"
    assert counting.stones_text(Fraction(1, 4), "en") == "¼"
    assert counting.stones_text(Fraction(2), "en") == "2"


@given(st.integers(0, 722), st.integers(0, 1), st.integers(0, 1))
def test_margin_is_count_minus_par_minus_komi(halves, black_warned, white_warned):
    """For every count in half stones: Black wins exactly when count − warnings(B) + warnings(W)
    exceeds 184¼, and the two results of one count are ¼ + a whole number of half stones apart
    from zero (never level with 3¾ komi)."""
    count = Fraction(halves, 2)
    margin = counting.black_margin(count, 19, Fraction(15, 4), (black_warned, white_warned))
    result = counting.verdict(margin)
    effective = count - black_warned + white_warned
    assert (result.winner == "B") == (effective > Fraction(737, 4))
    assert result.winner is not None
    assert (result.stones * 4) % 2 == 1
