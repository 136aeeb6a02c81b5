"""Weiqi team matches by boards (Weiqi 2002 Art. 25, 27).

"团体赛每人局分的记法和个人赛相同。每场比赛根据两队间局分的多少记场分。局分多者为胜，场分记2分;
局分少者为负，场分记0分;局分相等者为平，场分各记1分。" Each board scores game points 2/1/0;
more game points wins the match (2 match points), equal draws (1 each).

Four boards (the default). Red is listed first and plays Black on boards 1 and 3; Blue plays
Black on boards 2 and 4, unless a board says black:N.
"""

from __future__ import annotations

import pytest

from podium.errors import ResultError
from podium.model.outcomes import OutcomeKind
from podium.model.scoring import PRESETS

MATCH_POINTS = PRESETS["2-1-0"]


def test_clean_sweep(weiqi, context):
    """Board 1 Red Black B+R → Red; board 2 Blue Black, W+T → White = Red; board 3 Red Black,
    185 → Black by ¾ = Red; board 4 Blue Black, W+3.5 → Red. Game points 8:0."""
    ctx = context(team=True)
    result = weiqi.parse_result("B+R, W+T, B185, W+3.5", ctx)
    outcome = weiqi.outcome(result, ctx)
    assert outcome.stats["games"] == (8, 0)
    assert outcome.boards == ((2, 0), (2, 0), (2, 0), (2, 0))
    assert outcome.stats["game_wins"] == (4, 0)
    assert outcome.stats["second_games"] == (2, 2)
    assert outcome.stats["second_wins"] == (2, 0)
    assert MATCH_POINTS.winner_points(outcome) == (2, 0)
    assert weiqi.format_result(result, ctx) == "B+R, W+T, B185 (B+1.5), W+3.5"


def test_level_game_points_draw_the_match(weiqi, context):
    """Board 1 B+R → Red (2:0); board 2 Blue Black B+T → Blue (0:2); board 3 Red Black 184 →
    White = Blue (0:2); board 4 Blue Black W+3.5 → Red (2:0). Game points 4:4: a drawn match,
    1 match point each."""
    ctx = context(team=True)
    outcome = weiqi.outcome(weiqi.parse_result("B+R; B+T; B184; W+3.5", ctx), ctx)
    assert outcome.stats["games"] == (4, 4)
    assert outcome.is_draw
    assert outcome.boards == ((2, 0), (0, 2), (0, 2), (2, 0))
    assert MATCH_POINTS.winner_points(outcome) == (1, 1)


def test_knockout_level_match_decided_from_board_one(weiqi, context):
    """In a knockout the same 4:4 is decided as Art. 27 ranks teams on equal game points:
    board 1's game points first — Red won board 1."""
    ctx = context(team=True, decisive=True)
    outcome = weiqi.outcome(weiqi.parse_result("B+R, B+T, B184, W+3.5", ctx), ctx)
    assert outcome.winner == 0
    assert outcome.stats["games"] == (4, 4)


def test_boards_with_draws_warnings_and_forfeits(weiqi, context):
    """komi 0: board 1 180.5 → draw (1:1); board 2 Blue absent -: wait, '+:-' → Red (2:0);
    board 3 both lose (0:0); board 4 Blue Black, warn:BB → Blue loses → Red (2:0).
    Game points 5:1; warnings 0:2 (Blue's two on board 4)."""
    ctx = context(team=True, komi=0)
    outcome = weiqi.outcome(weiqi.parse_result("B180.5, +:-, both-lose, warn:BB", ctx), ctx)
    assert outcome.stats["games"] == (5, 1)
    assert outcome.boards == ((1, 1), (2, 0), (0, 0), (2, 0))
    assert outcome.stats["warnings"] == (0, 2)
    assert outcome.winner == 0


def test_board_colours_can_be_overridden(weiqi, context):
    """black:2 on board 1: Blue had Black there, so B+R on board 1 is Blue's."""
    ctx = context(team=True)
    result = weiqi.parse_result("B+R black:2, B+R, B+R, B+R", ctx)
    outcome = weiqi.outcome(result, ctx)
    assert outcome.boards == ((0, 2), (0, 2), (2, 0), (0, 2))
    assert weiqi.format_result(result, ctx) == "B+R black:2, B+R, B+R, B+R"


def test_whole_team_forfeit(weiqi, context):
    """A team that does not turn up loses every board by forfeit (Art. 28.4: unplayed games are
    forfeits): game points 8:0 on four boards."""
    ctx = context(team=True)
    outcome = weiqi.outcome(weiqi.parse_result("-:+", ctx), ctx)
    assert (outcome.kind, outcome.winner) == (OutcomeKind.FORFEIT, 1)
    assert outcome.stats["games"] == (0, 8)
    assert outcome.boards == ((0, 2),) * 4
    assert weiqi.outcome(weiqi.parse_result("-:-", ctx), ctx).kind is OutcomeKind.DOUBLE_FORFEIT


def test_team_match_typed_in_reverse_order(weiqi, context):
    """Typed as Blue v Red, the board colours are still the match's: Red (listed first) Black
    on boards 1 and 3. B+R, W+R, B+R, W+R is then Red's on every board (8:0), and only explicit
    colours follow the typed order: black:1 on board 1 typed Blue-first means Blue had Black."""
    ctx = context(team=True)
    typed = context(team=True)
    result = weiqi.mirror(weiqi.parse_result("B+R, W+R, B+R, W+R", typed), ctx)
    assert weiqi.format_result(result, ctx) == "B+R, W+R, B+R, W+R"
    assert weiqi.outcome(result, ctx).stats["games"] == (8, 0)
    explicit = weiqi.mirror(weiqi.parse_result("B+R black:1, W+R, B+R, W+R", typed), ctx)
    assert weiqi.format_result(explicit, ctx) == "B+R black:2, W+R, B+R, W+R"
    assert weiqi.outcome(explicit, ctx).boards[0] == (0, 2)


@pytest.mark.parametrize(
    ("text", "rules", "message"),
    [
        ("B+R, W+R, B+R", {}, "A team match here has 4 boards, so give 4 results separated by commas"),
        ("B+R", {}, "found 1"),
        ("B+R, W+R, B+X, W+R", {}, "Board 3: 'B+X' is not part of a weiqi result"),
        ("B+R, B+3, W+R, W+R", {}, "Board 2: 'B+3' is impossible"),
        ("B+R, W+R", {"boards": 3}, "has 3 boards"),
    ],
)
def test_team_results_refused(weiqi, context, text, rules, message):
    with pytest.raises(ResultError) as refused:
        weiqi.parse_result(text, context(team=True, **rules))
    assert message in refused.value.message


def test_single_board_team_match(weiqi, context):
    """boards = 1: the one result is the board's, and +:- is that board's forfeit (2:0)."""
    ctx = context(team=True, boards=1)
    outcome = weiqi.outcome(weiqi.parse_result("+:-", ctx), ctx)
    assert outcome.stats["games"] == (2, 0) and outcome.winner == 0
