"""Gomoku matches: rule sets A and B, colours, game reasons and outcome counters.

Rules A (college gomoku rules 2012 §2.2): "每轮比赛通过双方选手猜子（单双数）来决定谁执黑，执黑的选手先下，以后每盘棋
交替执黑，先赢满3盘的选手胜出". Rules B (gomoku contest rules §1): "猜对的一方执黑子……第二局换先";
"胜一局得2分，和一局得1分，负一局得0分". Ann is listed first; Bo second.
"""

from __future__ import annotations

import pytest

from podium.errors import ResultError
from podium.model.outcomes import OutcomeKind
from podium.model.scoring import PRESETS
from podium.plugins.gomoku.colours import black_in_game, guess_black

POINTS = PRESETS["2-1-0"]


# --- colours -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("guessed_odd", "count", "black"),
    [(True, 7, "guesser"), (False, 7, "other"), (False, 8, "guesser"), (True, 8, "other")],
)
def test_guessing_odd_or_even(guessed_odd, count, black):
    """Rules B §1 "猜对的一方执黑子": a right guess takes Black. Guesser is player 1 here."""
    assert guess_black(1, guessed_odd, count) == (1 if black == "guesser" else 0)


def test_guess_refuses_nonsense():
    with pytest.raises(ValueError):
        guess_black(2, True, 3)
    with pytest.raises(ValueError):
        guess_black(0, True, 0)


def test_black_alternates_every_game():
    """Rules A §2.2 "以后每盘棋交替执黑" and rules B §1 "第二局换先": Black in game 1, then each game swaps."""
    assert [black_in_game(n, 0) for n in range(1, 7)] == [0, 1, 0, 1, 0, 1]
    assert [black_in_game(n, 1) for n in range(1, 5)] == [1, 0, 1, 0]
    with pytest.raises(ValueError):
        black_in_game(0, 0)


# --- rule set A: first to N -------------------------------------------------------------------------


def test_first_to_three_with_a_draw(gomoku, context):
    """Ann Black in game 1, then alternating:
    game 1 Ann Black, B+five → Ann;  game 2 Bo Black, W+time → White = Ann;
    game 3 Ann Black, = draw (does not count); game 4 Bo Black, W+forbidden → Ann (Bo's foul).
    Ann 3 wins, Bo 0: Ann takes the match. Game points (2/1/0): Ann 2+2+1+2 = 7, Bo 1.
    White: Bo in games 1 and 3, Ann in 2 and 4; Ann won both as White."""
    ctx = context()
    result = gomoku.parse_result("B+five W+time = W+forbidden", ctx)
    outcome = gomoku.outcome(result, ctx)
    assert (outcome.kind, outcome.winner, outcome.first_mover) == (OutcomeKind.PLAYED, 0, 0)
    assert outcome.stats == {
        "games": (7, 1), "game_wins": (3, 0), "second_games": (2, 2), "second_wins": (2, 0), "fouls": (0, 1),
    }
    assert POINTS.winner_points(outcome) == (2, 0)
    assert gomoku.format_result(result, ctx) == "B+five W+time = W+forbidden"


def test_guess_won_by_the_second_player(gomoku, context):
    """black:2 — Bo won the guess: Bo Black in games 1, 3, 5, Ann in games 2 and 4. Black wins
    all five games: Bo wins 1, 3, 5 and Ann 2, 4, so Bo takes the match 3-2."""
    ctx = context()
    result = gomoku.parse_result("B+five B+five B+five B+five B+five black:2", ctx)
    outcome = gomoku.outcome(result, ctx)
    assert (outcome.winner, outcome.first_mover) == (1, 1)
    assert outcome.stats["game_wins"] == (2, 3)
    assert gomoku.format_result(result, ctx) == "B+five B+five B+five B+five B+five black:2"


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("黑+五连 白+超时 和 白+禁手", "B+five W+time = W+forbidden"),
        ("B+5 W+T draw W+forbidden", "B+five W+time = W+forbidden"),
        ("b+r w+resign = w+认输", "B+resign W+resign = W+resign"),
        ("B+five W+time = W+forbidden 执黑:1", "B+five W+time = W+forbidden"),
    ],
)
def test_spellings(gomoku, context, text, canonical):
    ctx = context()
    assert gomoku.format_result(gomoku.parse_result(text, ctx), ctx) == canonical


def test_draws_do_not_count_towards_the_wins(gomoku, context):
    """= = then Ann (Black) wins game 3, Ann wins game 4 as White, Ann wins game 5 as Black."""
    ctx = context()
    outcome = gomoku.outcome(gomoku.parse_result("= = B+five W+five B+five", ctx), ctx)
    assert outcome.stats["game_wins"] == (3, 0)
    assert outcome.stats["games"] == (8, 2)


def test_first_to_one(gomoku, context):
    """wins = 1: a single decisive game, draws replayed until someone wins."""
    ctx = context(wins=1)
    assert gomoku.outcome(gomoku.parse_result("= W+five", ctx), ctx).winner == 0  # game 2: Bo Black, White = Ann


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("B+five W+five B+five W+five B+five", "Game 4: the match was already won 3-0 after game 3; it is first to 3 wins"),
        ("B+five B+five", "The match is not finished: it is first to 3 game wins, and the games won are 1-1."),
        ("", "The result lists no game"),
        ("B+forbidden", "Game 1: 'B+forbidden': only Black has forbidden moves"),
        ("B+draw", "Game 1: 'B+draw' is not a game result"),
        ("B+five black:2 black:1", "'black:1' contradicts the colours given before it."),
        ("[h8] B+five", "A record [h8] must follow the result of its game"),
        ("B+five[h8][h8]", "A record [h8] must follow the result of its game"),
        ("B+five[h8", "A record bracket is not closed"),
        ("B+five]", "A record bracket is not closed"),
    ],
)
def test_refused(gomoku, context, text, message):
    with pytest.raises(ResultError) as refused:
        gomoku.parse_result(text, context())
    assert message in refused.value.message


def test_forfeit(gomoku, context):
    ctx = context()
    outcome = gomoku.outcome(gomoku.parse_result("-:+", ctx), ctx)
    assert (outcome.kind, outcome.winner) == (OutcomeKind.FORFEIT, 1)
    assert gomoku.outcome(gomoku.parse_result("-:-", ctx), ctx).kind is OutcomeKind.DOUBLE_FORFEIT
    assert gomoku.format_result(gomoku.mirror(gomoku.parse_result("+:-", ctx), ctx), ctx) == "-:+"


def test_typed_in_reverse_order_keeps_the_colours(gomoku, context):
    """Game 1's Black is the side listed first unless black:N says otherwise; black:N follows the
    order the names were typed in, so typed as Bo v Ann, black:1 means Bo."""
    ctx = context()
    plain = gomoku.mirror(gomoku.parse_result("B+five W+five B+five", ctx), ctx)
    assert gomoku.format_result(plain, ctx) == "B+five W+five B+five"
    assert gomoku.outcome(plain, ctx).winner == 0
    explicit = gomoku.mirror(gomoku.parse_result("B+five W+five B+five black:1", ctx), ctx)
    assert gomoku.format_result(explicit, ctx) == "B+five W+five B+five black:2"
    assert gomoku.outcome(explicit, ctx).winner == 1


# --- rule set B: a fixed number of games scored 2/1/0 ----------------------------------------------


def test_rule_set_b_two_games(gomoku, context):
    """Game 1 Ann Black B+five → Ann 2; game 2 Bo Black ("第二局换先") W+five → Ann 2. 4:0, Ann wins."""
    ctx = context(rule_set="B")
    outcome = gomoku.outcome(gomoku.parse_result("B+five W+five", ctx), ctx)
    assert (outcome.winner, outcome.stats["games"]) == (0, (4, 0))


def test_rule_set_b_split_is_a_drawn_match(gomoku, context):
    """Each wins with Black: 2:2 game points, a drawn match (1 point each under 2/1/0)."""
    ctx = context(rule_set="B")
    outcome = gomoku.outcome(gomoku.parse_result("B+five B+time", ctx), ctx)
    assert outcome.is_draw and outcome.stats["games"] == (2, 2)
    assert POINTS.winner_points(outcome) == (1, 1)


def test_rule_set_b_win_and_draw(gomoku, context):
    """B+five then = : Ann 2 + 1 = 3, Bo 1: Ann wins the match."""
    ctx = context(rule_set="B")
    assert gomoku.outcome(gomoku.parse_result("B+five =", ctx), ctx).stats["games"] == (3, 1)


def test_rule_set_b_in_a_knockout_plays_extra_games(gomoku, context):
    """Knockout (decisive): 2:2 after two games, game 3 (Ann Black) drawn, game 4 (Bo Black)
    won by Black = Bo. Bo: 0 + 2 + 1 + 2 = 5, Ann 2 + 0 + 1 + 0 = 3: Bo advances."""
    ctx = context(rule_set="B", decisive=True)
    outcome = gomoku.outcome(gomoku.parse_result("B+five B+five = B+five", ctx), ctx)
    assert (outcome.winner, outcome.stats["games"]) == (1, (3, 5))


@pytest.mark.parametrize(
    ("text", "decisive", "message"),
    [
        ("B+five", False, "The match is not finished: it has 2 games, and 1 are given."),
        ("B+five B+five B+five", False, "Game 3: the match has 2 games; an extra game is played only in a knockout after a level score."),
        ("B+five W+five B+five", True, "Game 3: the match has 2 games; an extra game is played only in a knockout"),
        ("B+five B+five", True, "The match is level 2-2 in game points after 2 games, and a knockout needs a winner"),
        ("B+five B+five =", True, "the extra games so far are drawn"),
        ("B+five B+five B+five B+five", True, "Game 4: extra game 3 was won, which decided the match"),
    ],
)
def test_rule_set_b_refused(gomoku, context, text, decisive, message):
    with pytest.raises(ResultError) as refused:
        gomoku.parse_result(text, context(rule_set="B", decisive=decisive))
    assert message in refused.value.message


def test_rule_set_b_three_games(gomoku, context):
    """games = 3: B+five B+five B+five — Ann Black in games 1 and 3: Ann 4, Bo 2."""
    ctx = context(rule_set="B", games=3)
    assert gomoku.outcome(gomoku.parse_result("B+five B+five B+five", ctx), ctx).stats["games"] == (4, 2)


def test_result_examples_are_valid(gomoku, context):
    """The examples the sport offers in help and messages are themselves valid results."""
    ctx = context()
    for text in gomoku.result_examples(ctx):
        gomoku.parse_result(text, ctx)
