"""The laws the conformance suite holds outcomes to, on outcomes built by hand."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from podium.model.outcomes import Outcome, OutcomeKind, forfeit
from podium.model.scoring import PRESETS, Scoring
from podium.testing.results import outcome_problems


def sport(scoring: Scoring = PRESETS["2-1-0"], draws: bool = True):
    return SimpleNamespace(scoring=scoring, draws_allowed=draws)


@pytest.mark.parametrize(
    ("outcome", "scoring"),
    [
        (Outcome.win(0), PRESETS["2-1-0"]),
        (Outcome.draw(), PRESETS["2-1-0"]),
        # general Chinese checkers rules, additional rule 4: a deadlock, no winner, 0.75/0.25 of a win → 0.75 and 0.25 points under 1-0.5-0
        (Outcome(OutcomeKind.PLAYED, None, (0.75, 0.25)), PRESETS["1-0.5-0"]),
        # ITTF: a retirement is a win for the other side; the loser scores 0 (not completed), the winner 2
        (Outcome.win(1, kind=OutcomeKind.RETIRED), PRESETS["ittf"]),
        (forfeit(0), PRESETS["2-1-0"]),
        (forfeit(None), PRESETS["2-1-0"]),  # CXA 2011 §20.2: both absent, 0 and 0
        (Outcome(OutcomeKind.BOTH_LOSE, None, (0.0, 0.0)), PRESETS["2-1-0"]),  # xiangqi supplementary rules §1.6
        # CXA 2011 §13.3: the asymmetric draw gives red 1 and black 2 — unequal points for equal shares is the rule
        (Outcome.draw(first_mover=0), PRESETS["cxa-13.3-asymmetric"]),
    ],
)
def test_lawful_outcomes(outcome, scoring):
    assert outcome_problems(outcome, sport(scoring)) == []


@pytest.mark.parametrize(
    ("outcome", "draws", "says"),
    [
        (Outcome(OutcomeKind.PLAYED, 0, (0.5, 0.5)), True, "the winner (side 1) has a share of 0.5, not more than the loser's 0.5."),
        (Outcome(OutcomeKind.PLAYED, None, (0.5, 0.25)), True, "the shares of a played outcome add up to 1, not 0.75."),
        (Outcome(OutcomeKind.FORFEIT, None, (0.0, 0.0)), True, "a forfeit names the side that wins it"),
        (Outcome(OutcomeKind.DOUBLE_FORFEIT, None, (0.5, 0.5)), True, "in a double_forfeit outcome nobody wins and both shares are 0"),
        (Outcome(OutcomeKind.BYE, 0, (1.0, 0.0)), True, "a sport never gives a bye outcome"),
        (Outcome(OutcomeKind.PLAYED, 0, (1.5, -0.5)), True, "shares must be fractions of a win between 0 and 1"),
        (Outcome.draw(), False, "it is a draw, but the sport declares draws_allowed = False."),
        (Outcome.win(0, stats={"games": (3, -1)}), True, "the counter games must be a pair of numbers (not negative)"),
    ],
)
def test_unlawful_outcomes(outcome, draws, says):
    assert any(says in problem for problem in outcome_problems(outcome, sport(draws=draws)))


def test_a_scoring_that_pays_the_loser_more():
    """Win 0, loss 1: the winner earns 0 points, fewer than the loser's 1."""
    problems = outcome_problems(Outcome.win(0), sport(Scoring(win=0, draw=0.5, loss=1)))
    assert problems == ["under the sport's scoring the winner earns 0 points, not more than the loser's 1."]
