"""The final ranking of a multi-stage event (seed 002 L549 joint 3rd, L593 3rd/4th play-off, L601 places 4–8)."""

from __future__ import annotations

import pytest

from podium.final_ranking import KnockoutResult, final_ranking, group_tiers, knockout_tiers

from .helpers import game, ledger, standings

EIGHT = KnockoutResult(champion="A", losers=(("B",), ("C", "D"), ("E", "F", "G", "H")))


def places(tiers):
    return [(p.place, p.key, p.shared) for p in final_ranking(tiers)]


def test_knockout_losers_share_places():
    """Without play-offs: 1 champion, 2 the final's loser, semi-final losers 3= (3–4), quarter-final losers 5= (5–8)."""
    assert places(knockout_tiers(EIGHT)) == [
        (1, "A", False), (2, "B", False), (3, "C", True), (3, "D", True),
        (5, "E", True), (5, "F", True), (5, "G", True), (5, "H", True),
    ]


def test_play_offs_rank_the_losers():
    """A third-place match (D beat C) gives 3 and 4; a 5–8 classification whose first-round losers are not played off
    gives 5, 6, 7=, 7=."""
    result = KnockoutResult("A", EIGHT.losers, playoffs={"D": 3, "C": 4, "G": 5, "E": 6, "F": 7, "H": 7})
    assert places(knockout_tiers(result)) == [
        (1, "A", False), (2, "B", False), (3, "D", False), (4, "C", False),
        (5, "G", False), (6, "E", False), (7, "F", True), (7, "H", True),
    ]


def test_a_round_with_byes_has_fewer_losers():
    """Six entrants in a bracket of eight: two quarter-final losers share 5th; nobody is 7th."""
    result = KnockoutResult("A", (("B",), ("C", "D"), ("E", "F")))
    assert [(p.place, p.key) for p in final_ranking(knockout_tiers(result))][-2:] == [(5, "E"), (5, "F")]


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
    bracket = KnockoutResult("G1a", (("G2a",), ("G1b", "G2b")))
    ranking = final_ranking([*knockout_tiers(bracket), *group_tiers(tables, advanced={"G1a", "G1b", "G2a", "G2b"})])
    assert [(p.place, p.key) for p in ranking] == [
        (1, "G1a"), (2, "G2a"), (3, "G1b"), (3, "G2b"), (5, "G1c"), (6, "G2c"), (7, "G1d"),
    ]


def test_inconsistent_input_is_refused():
    with pytest.raises(ValueError, match="play-off place or none"):
        knockout_tiers(KnockoutResult("A", (("B",), ("C", "D")), playoffs={"C": 3}))
    with pytest.raises(ValueError, match="does not follow"):
        knockout_tiers(KnockoutResult("A", (("B",), ("C", "D")), playoffs={"C": 4, "D": 5}))
    with pytest.raises(ValueError, match="appears twice"):
        final_ranking([("A",), ("B", "A")])
