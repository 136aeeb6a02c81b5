"""Colours (先后手) by CXA 2011 §12.1–12.4, and what they feed: first_mover, 后走局数 and 后走胜局."""

from __future__ import annotations

import pytest

from podium.errors import ResultError
from podium.model.scoring import PRESETS

from .helpers import canonical, entered, individual, outcome, team, team_match

NAMES = ("Ann", "Bo")


def test_first_listed_plays_red():
    """§12.1: "表上每轮号码列前者执红棋". Ann is listed first: first_mover 0; Bo had black."""
    result = outcome("0-1", individual(NAMES))
    assert result.first_mover == 0
    assert result.stats["second_games"] == (0, 1)
    assert result.stats["second_wins"] == (0, 1)  # Bo won as black


def test_colour_words_follow_the_listing_even_when_names_are_reversed():
    """Match Ann (red, listed first) v Bo. The scorer types "Bo Ann 红胜": red won, and red is Ann
    (the draw fixed it), so Ann wins. "Bo Ann 1-0" means the first-named, Bo, won."""
    reversed_ctx = individual(("Bo", "Ann"), reversed=True)
    assert entered("红胜", reversed_ctx).winner == 0
    assert entered("黑胜 困毙", reversed_ctx).winner == 1
    assert entered("1-0", reversed_ctx).winner == 1
    assert entered("1-0", reversed_ctx).first_mover == 0


def test_colours_played_the_other_way_are_recorded():
    """§5.8.1: colours found reversed late — the result stands. red=2 records that Bo had red:
    first_mover 1, and Ann played as black."""
    ctx = individual(NAMES)
    assert canonical("red=2 1-0", ctx) == "red=2 1-0"
    result = outcome("red=2 1-0", ctx)
    assert result.first_mover == 1
    assert result.stats["second_games"] == (1, 0)
    assert result.stats["second_wins"] == (1, 0)


def test_asymmetric_draw_scoring_uses_the_colour():
    """§13.3: "先手方和棋计1分、后手方和棋计2分" (preset cxa-13.3-asymmetric). Ann red: 1, Bo 2;
    with red=2, Bo red: Bo 1, Ann 2."""
    scoring = PRESETS["cxa-13.3-asymmetric"]
    listed = outcome("=", individual(NAMES))
    assert [scoring.points(listed, side) for side in (0, 1)] == [1, 2]
    swapped = outcome("red=2 =", individual(NAMES))
    assert [scoring.points(swapped, side) for side in (0, 1)] == [2, 1]


def test_knockout_colours_are_drawn_by_lot_and_recorded():
    """§12.4: "淘汰制比赛，以抽签确定先后手": the result must say who drew red; it is kept in the text."""
    ctx = individual(NAMES, decisive=True)
    with pytest.raises(ResultError) as caught:
        outcome("1-0", ctx)
    assert caught.value.message == (
        "Colours in a knockout match are drawn by lot (CXA 2011 §12.4); say who drew red first, e.g. 'red=1 1-0' (Ann is 1)."
    )
    assert canonical("红=2 1-0", ctx) == "red=2 1-0"
    assert outcome("red=2 1-0", ctx).first_mover == 1
    assert canonical("1-0", individual(NAMES, decisive=True, colour_lots=False)) == "1-0"


def test_knockout_lot_with_names_reversed():
    """Match Ann v Bo; typed "Bo Ann red=1 1-0": Bo (named first) drew red and won. Listed order:
    red is side 2, Bo won: red=2 0-1."""
    ctx = individual(("Bo", "Ann"), decisive=True, reversed=True)
    result = entered("red=1 1-0", ctx)
    assert (result.winner, result.first_mover) == (1, 1)


def test_two_game_match_swaps_colours():
    """§12.4: "第二局换先". red=2 1-0, 1-0 in a two-game knockout: game 1 Bo red, Ann black and wins;
    game 2 Ann red and wins. Ann: one game as black, won it."""
    result = outcome("red=2 1-0, 1-0", individual(NAMES, decisive=True, games=2))
    assert result.stats["second_games"] == (1, 1)
    assert result.stats["second_wins"] == (1, 0)


def test_team_listed_first_has_red_on_odd_boards():
    """§12.2: "单数台棋手均执红棋，双数台棋手均执黑棋". Team A (listed first) wins every board:
    boards 1 and 3 with red, 2 and 4 with black → A two wins as black; each team two games as black."""
    a, b = team("A", ["A1", "A2", "A3", "A4"]), team("B", ["B1", "B2", "B3", "B4"])
    result = outcome("1-0, 1-0, 1-0, 1-0", team_match(a, b))
    assert result.stats["second_games"] == (2, 2)
    assert result.stats["second_wins"] == (2, 0)


def test_team_knockout_lot_decides_which_team_has_red_on_board_one():
    """§12.4 with §12.3: red=2 → team B has red on odd boards. 1-0, =, =, =: A won board 1, now as black."""
    a, b = team("A", ["A1", "A2", "A3", "A4"]), team("B", ["B1", "B2", "B3", "B4"])
    listed = outcome("1-0, =, =, =", team_match(a, b))
    assert listed.stats["second_wins"] == (0, 0)
    lot = outcome("red=2 1-0, =, =, =", team_match(a, b, decisive=True))
    assert lot.stats["second_wins"] == (1, 0)


def test_team_names_reversed_keep_board_colours():
    """Match A v B (A red on board 1). Typed "B A 1-0, =, =, =": B won board 1, where B had black."""
    a, b = team("A", ["A1", "A2", "A3", "A4"]), team("B", ["B1", "B2", "B3", "B4"])
    result = entered("1-0, =, =, =", team_match(b, a, reversed=True))
    assert result.winner == 1
    assert result.stats["second_wins"] == (0, 1)
