"""Scoring schemes (CXA 2011 §13, §14.4, §20; ITTF match points; fractional outcomes of the general Chinese checkers rules, additional rule 4)."""

from __future__ import annotations

import pytest

from podium.errors import ConfigError
from podium.model.outcomes import Outcome, OutcomeKind, forfeit
from podium.model.scoring import PRESETS, Scoring, counter, scoring_from_config, team_outcome

from .helpers import board_game

WIN = Outcome.win(0, first_mover=0)
LOSS = Outcome.win(1, first_mover=0)
DRAW = Outcome.draw(first_mover=0)


@pytest.mark.parametrize(
    ("scheme", "win", "draw", "loss"),
    [("2-1-0", 2, 1, 0), ("3-1-0", 3, 1, 0), ("1-0.5-0", 1, 0.5, 0), ("cxa-13.2", 2, 1, 0)],
)
def test_points_per_game(scheme, win, draw, loss):
    """CXA 2011 §13.1 (2/1/0), §13.3 (3/1/0), CXA 1999 §14.1's 1/½/0, §13.2 match points 2/1/0."""
    scoring = PRESETS[scheme]
    assert scoring.winner_points(WIN) == (win, loss)
    assert scoring.winner_points(LOSS) == (loss, win)
    assert scoring.winner_points(DRAW) == (draw, draw)


def test_asymmetric_draw_by_colour():
    """CXA 2011 §13.3: win 3, loss 0, a draw 1 for the first mover (Red) and 2 for the second mover (Black)."""
    scoring = PRESETS["cxa-13.3-asymmetric"]
    assert scoring.winner_points(Outcome.draw(first_mover=0)) == (1, 2)
    assert scoring.winner_points(Outcome.draw(first_mover=1)) == (2, 1)
    assert scoring.winner_points(WIN) == (3, 0)


def test_fractional_outcomes():
    """Checkers deadlock (general Chinese checkers rules, additional rule 4): 0.75 / 0.25 of a win — under 1/½/0 exactly that, under 2/1/0 1.5 / 0.5."""
    deadlock = Outcome(kind=OutcomeKind.PLAYED, winner=0, shares=(0.75, 0.25))
    assert PRESETS["1-0.5-0"].winner_points(deadlock) == (0.75, 0.25)
    assert PRESETS["2-1-0"].winner_points(deadlock) == (1.5, 0.5)


def test_forfeits_byes_and_unplayed():
    """CXA 2011 §20.3: "+" scores as a win (2), "−" as 0; §20.2 both absent: 0 each; §14.4 a bye scores as a win."""
    scoring = PRESETS["2-1-0"]
    assert scoring.winner_points(forfeit(0)) == (2, 0)
    assert scoring.winner_points(forfeit(1)) == (0, 2)
    assert scoring.winner_points(forfeit(None)) == (0, 0)
    assert scoring.points(Outcome.win(0, kind=OutcomeKind.BYE), 0) == 2
    assert scoring.winner_points(Outcome(kind=OutcomeKind.BOTH_LOSE, winner=None, shares=(0, 0))) == (0, 0)
    assert Scoring(forfeit_win=1).winner_points(forfeit(0)) == (1, 0)  # the 1999 rules' individual "+" = 1 (CXA 1999 §21.4)


def test_ittf_match_points():
    """ITTF: win 2, loss 1, not played or not completed 0."""
    scoring = PRESETS["ittf"]
    assert scoring.winner_points(WIN) == (2, 1)
    assert scoring.winner_points(forfeit(1)) == (0, 2)
    assert scoring.winner_points(Outcome.win(0, kind=OutcomeKind.RETIRED)) == (2, 0)


def test_team_match_from_boards():
    """CXA 2011 §13.2: boards score 2/1/0 game points; more game points wins 2 match points, equal 1 each.

    Boards W D L D (first team moves first on boards 1 and 3, §12.2): game points 2+1+0+1 = 4 vs 0+1+2+1 = 4
    → drawn match, 1 match point each. Boards won: 1 each (board 1 by the first team, board 3 by the
    second). Second mover: the first team on boards 2 and 4 (2 games, 0 won); the second team on boards 1
    and 3 (2 games, 1 won: board 3).
    """
    boards = [board_game(i, r) for i, r in enumerate("W D L D".split(), start=1)]
    outcome = team_outcome(boards, Scoring())
    assert outcome.is_draw and PRESETS["2-1-0"].winner_points(outcome) == (1, 1)
    assert outcome.stats["games"] == (4, 4)
    assert outcome.stats["game_wins"] == (1, 1)
    assert outcome.stats["second_games"] == (2, 2)
    assert outcome.stats["second_wins"] == (0, 1)
    assert outcome.boards == ((2, 0), (1, 1), (0, 2), (1, 1))
    won = team_outcome([board_game(i, r) for i, r in enumerate("W W D L".split(), start=1)], Scoring())
    assert won.winner == 0 and won.stats["games"] == (5, 3)


def test_ranking_by_game_points():
    """CXA 2011 §14.7: scoring "cxa-14.7" scores a team match by its game points instead of its result."""
    outcome = team_outcome([board_game(i, r) for i, r in enumerate("W W D L".split(), start=1)], Scoring())
    assert PRESETS["cxa-14.7"].winner_points(outcome) == (5, 3)
    assert PRESETS["cxa-14.7"].points(Outcome.win(0, kind=OutcomeKind.BYE), 0) == 2
    assert Scoring(points_from="games", bye=8).points(Outcome.win(0, kind=OutcomeKind.BYE), 0) == 8


def test_counters_derived_from_colours():
    """A one-game match without counters: won over the board, played second (后走) when the other moved first."""
    black_win = Outcome.win(1, first_mover=0)
    assert [counter(black_win, name, 1) for name in ("game_wins", "second_games", "second_wins")] == [1, 1, 1]
    assert [counter(black_win, name, 0) for name in ("game_wins", "second_games", "second_wins")] == [0, 0, 0]
    assert counter(forfeit(0), "game_wins", 0) == 0  # no game was played


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("4-2-0", "unknown scoring scheme '4-2-0'; valid schemes: 2-1-0, 3-1-0, 1-0.5-0, cxa-13.3-asymmetric, ittf, cxa-13.2, cxa-14.7."),
        ({"win": 3, "tie": 1}, "unknown scoring field 'tie'"),
        ({"win": "three"}, "scoring field 'win' must be a number, not \"three\"."),
        ({"points_from": "rubbers"}, "scoring field 'points_from' must be one of result, games, not \"rubbers\"."),
    ],
)
def test_bad_scoring_is_refused(value, message):
    with pytest.raises(ConfigError) as error:
        scoring_from_config(value, "events.xq.scoring")
    assert message in error.value.message and error.value.message.startswith("events.xq.scoring: ")
