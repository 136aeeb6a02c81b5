"""The final ranking of a multi-stage event (table-tennis plan 6 §8 joint 3rd, plan 7 §4 3rd/4th play-off, plan 7 §5 places 4–8)."""

from __future__ import annotations

import pytest

from podium.standings.tiers import final_ranking, group_tiers

from .helpers import game, ledger, standings


def places(tiers):
    return [(p.place, p.key, p.shared) for p in final_ranking(tiers)]


def test_tiers_share_a_place_and_the_next_place_skips_past_them():
    """A knockout of eight without play-offs (places from the format, tests/formats/test_knockout.py):
    champion, finalist, two semi-final losers sharing 3rd (3–4), four quarter-final losers sharing 5th (5–8)."""
    assert places([("A",), ("B",), ("C", "D"), ("E", "F", "G", "H")]) == [
        (1, "A", False), (2, "B", False), (3, "C", True), (3, "D", True),
        (5, "E", True), (5, "F", True), (5, "G", True), (5, "H", True),
    ]


def test_group_eliminated_after_the_knockout_by_group_place_then_record():
    """Groups then knockout: entrants out in the groups follow the bracket's, by group place, then points per match.

    Group 1 (round robin of 4, 2/1/0): G1a 6, G1b 4, G1c 2 (beat G1d), G1d 0 → G1a, G1b advance.
    Group 2 (round robin of 3): G2a 4, G2b 2, G2c 0 → G2a, G2b advance.
    Third places: G1c 2 points in 3 matches = 0.67 a match, G2c 0 → G1c 5th, G2c 6th; G1d 7th (4th place).
    """
    g1 = [
        game(1, "G1a", "G1b", "1-0"), game(1, "G1c", "G1d", "1-0"),
        game(2, "G1a", "G1c", "1-0"), game(2, "G1b", "G1d", "1-0"),
        game(3, "G1a", "G1d", "1-0"), game(3, "G1b", "G1c", "1-0"),
    ]
    g2 = [game(1, "G2a", "G2b", "1-0"), game(2, "G2a", "G2c", "1-0"), game(3, "G2b", "G2c", "1-0")]
    tables = [standings(ledger(["G1a", "G1b", "G1c", "G1d"], g1), "cxa-14.1"), standings(ledger(["G2a", "G2b", "G2c"], g2), "cxa-14.1")]
    bracket = [("G1a",), ("G2a",), ("G1b", "G2b")]  # the knockout's places: final won by G1a, semi-final losers 3=
    ranking = final_ranking([*bracket, *group_tiers(tables, advanced={"G1a", "G1b", "G2a", "G2b"})])
    assert [(p.place, p.key) for p in ranking] == [
        (1, "G1a"), (2, "G2a"), (3, "G1b"), (3, "G2b"), (5, "G1c"), (6, "G2c"), (7, "G1d"),
    ]


def test_an_entrant_in_two_tiers_is_refused():
    with pytest.raises(ValueError, match="appears twice"):
        final_ranking([("A",), ("B", "A")])
