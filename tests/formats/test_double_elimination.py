"""Double elimination: winners and losers brackets, grand final with optional reset (brackets-manager.js layout)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from podium.formats.double_elimination import DoubleElimination
from podium.model.matches import Match
from podium.model.outcomes import Outcome
from tests.formats.helpers import entrants, lower_key_wins, options, play_out, random_winner, view


def test_four_entrants_by_hand() -> None:
    """4 seeded, the better seed always wins.

    Winners: e1–e4, e2–e3, final e1–e2. Losers round 1: e4–e3 → e3; losers final: e3 against
    the winners-final loser e2 → e2. Grand final e1–e2 → e1; no reset (e1 had not lost).
    6 matches = 2n − 2; places e1, e2, e3, e4.
    """
    fmt = DoubleElimination()
    stage, matches = play_out(fmt, view(fmt, entrants(4, seed=[1, 2, 3, 4]), options(fmt)), lower_key_wins)
    assert [(m.key, m.round_name, m.entrants) for m in matches] == [
        ("W1.1", "winners", ("e1", "e4")),
        ("W1.2", "winners", ("e2", "e3")),
        ("W2.1", "winners_final", ("e1", "e2")),
        ("L1.1", "losers", ("e4", "e3")),
        ("L2.1", "losers_final", ("e3", "e2")),
        ("GF", "final", ("e1", "e2")),
    ]
    assert [m.round for m in matches] == [1, 1, 2, 2, 3, 4]
    assert fmt.placings(stage, matches) == [("e1", 1), ("e2", 2), ("e3", 3), ("e4", 4)]


def test_reset_when_the_losers_bracket_winner_wins_the_final() -> None:
    """As above, but e2 beats e1 in the grand final: both have lost once, so a second final is played."""
    fmt = DoubleElimination()

    def decide(match: Match) -> Outcome:
        if match.key == "GF":
            return Outcome.win(1)
        return lower_key_wins(match)

    stage, matches = play_out(fmt, view(fmt, entrants(4, seed=[1, 2, 3, 4]), options(fmt)), decide)
    assert [m.key for m in matches][-2:] == ["GF", "GF2"]
    assert matches[-1].entrants == ("e2", "e1") and matches[-1].round_name == "final_reset"
    assert fmt.placings(stage, matches)[:2] == [("e1", 1), ("e2", 2)]  # GF2 went to form: e1 wins
    no_reset = play_out(fmt, view(fmt, entrants(4, seed=[1, 2, 3, 4]), options(fmt, reset=False)), decide)
    assert [m.key for m in no_reset[1]][-1] == "GF" and fmt.placings(*no_reset)[0] == ("e2", 1)


@settings(max_examples=60, deadline=None)
@given(n=st.integers(2, 40), seed=st.integers(0, 10**6))
def test_everyone_but_the_champion_loses_twice(n: int, seed: int) -> None:
    """2n − 2 matches (2n − 1 with a reset); every entrant but the champion is out after exactly two defeats."""
    fmt = DoubleElimination()
    stage, matches = play_out(fmt, view(fmt, entrants(n), options(fmt), seed), random_winner(random.Random(seed)))
    played = [m for m in matches if not m.is_bye]
    assert len(played) in (2 * n - 2, 2 * n - 1)
    losses: Counter[str] = Counter()
    for match in played:
        outcome = stage.outcomes[match.key]
        losses[match.entrants[1 - outcome.winner]] += 1  # type: ignore[operator, index]
    places = dict(fmt.placings(stage, matches))
    champion = next(key for key, place in places.items() if place == 1)
    assert losses[champion] <= 1
    assert all(losses[e.key] == 2 for e in stage.entrants if e.key != champion)
    assert len(places) == n
