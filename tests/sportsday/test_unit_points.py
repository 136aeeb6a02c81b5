"""The unit points table and the medal table, worked by hand.

Scale 9-7-6-5-4-3-2-1 for places 1–8. Entrants sharing a place share the points of
the places they cover (mean of those places' points).
"""

from __future__ import annotations

from fractions import Fraction

from podium.sportsday.awards import AwardScheme, Placed, give_awards
from podium.sportsday.unit_points import DEFAULT_PLACES, event_points, medal_table, place_points, unit_table
from tests.sportsday.helpers import config_problems, meet

SCALE = DEFAULT_PLACES


def test_shared_third_splits_the_points_of_third_and_fourth():
    """Two share 3rd: they cover places 3 and 4 → (6 + 5) / 2 = 5.5 each."""
    assert place_points(3, 2, SCALE) == Fraction(11, 2)


def test_three_sharing_second_split_three_places():
    """Places 2, 3, 4 → (7 + 6 + 5) / 3 = 6 each; and three sharing 6th: (3 + 2 + 1) / 3 = 2."""
    assert place_points(2, 3, SCALE) == 6
    assert place_points(6, 3, SCALE) == 2


def test_sharing_past_the_end_of_the_scale():
    """Two share 8th: places 8 and 9 → (1 + 0) / 2 = 0.5; a three-way tie for 7th: (2 + 1 + 0) / 3 = 1."""
    assert place_points(8, 2, SCALE) == Fraction(1, 2)
    assert place_points(7, 3, SCALE) == 1


def test_event_points_with_a_team_multiplier_and_a_shared_place():
    """Team event ×2; places 1, 2, 3=, 3=: 18, 14, 11, 11 (5.5 × 2)."""
    ranking = [Placed("a", 1), Placed("b", 2), Placed("c", 3, True), Placed("d", 3, True)]
    units = {"a": "u1", "b": "u2", "c": "u1", "d": "u3"}
    scored = {s.entrant: s.points for s in event_points("relay", ranking, units, SCALE, 2)}
    assert scored == {"a": 18, "b": 14, "c": 11, "d": 11}


def test_a_disqualified_entrant_scores_nothing_and_those_below_move_up():
    ranking = [Placed("a", 1, disqualified=True), Placed("b", 2), Placed("c", 3)]
    scored = {s.entrant: s.points for s in event_points("x", ranking, {"a": "u1", "b": "u2", "c": "u3"}, SCALE, 1)}
    assert scored == {"b": 9, "c": 7}


def test_an_entry_without_a_unit_scores_for_nobody():
    scored = event_points("x", [Placed("a", 1), Placed("b", 2)], {"a": None, "b": "u2"}, SCALE, 1)
    assert [(s.entrant, s.unit, s.points) for s in scored] == [("b", "u2", 7)]


def test_unit_ranking_with_the_countback_tie_rule():
    """u1: 9 (a 1st) + 1 (an 8th) = 10; u2: 7 (2nd) + 3 (6th) = 10; u3: 6 + 4 = 10 (3rd, 5th).
    Equal on 10: u1 has a first place, so it leads; u2 and u3 have no first place, u2 has a second: u2, then u3."""
    scored = []
    scored += event_points("e1", [Placed("a", 1), Placed("b", 2), Placed("c", 3)], {"a": "u1", "b": "u2", "c": "u3"}, SCALE, 1)
    ranking = [Placed(k, p) for k, p in (("x", 1), ("y", 2), ("z", 3), ("w", 4), ("c5", 5), ("b6", 6), ("q", 7), ("a8", 8))]
    units = {"c5": "u3", "b6": "u2", "a8": "u1"}
    scored += event_points("e2", ranking, units, SCALE, 1)
    rows = unit_table(scored, ["u1", "u2", "u3"], 8, "countback")
    assert [(r.place, r.unit, r.total, r.shared) for r in rows] == [(1, "u1", 10, False), (2, "u2", 10, False), (3, "u3", 10, False)]
    shared = unit_table(scored, ["u1", "u2", "u3"], 8, "shared")
    assert [(r.place, r.shared) for r in shared] == [(1, True), (1, True), (1, True)]


def test_units_without_points_are_listed_last_sharing_a_place():
    rows = unit_table(event_points("e", [Placed("a", 1)], {"a": "u2"}, SCALE, 1), ["u1", "u2", "u3"], 8)
    assert [(r.place, r.unit, r.total) for r in rows] == [(1, "u2", 9), (2, "u1", 0), (2, "u3", 0)]


def test_medal_table_by_gold_then_silver_then_bronze():
    """Event 1: u1 gold, u2 silver, u3 bronze; event 2: u2 gold, u1 silver, two bronzes shared (u3, u3).
    u1: 1-1-0, u2: 1-1-0, u3: 0-0-3 → u1 and u2 share 1st, u3 3rd despite more medals."""
    awards = give_awards("e1", [Placed("a", 1), Placed("b", 2), Placed("c", 3)], AwardScheme())
    awards += give_awards("e2", [Placed("d", 1), Placed("e", 2), Placed("f", 3, True), Placed("g", 3, True)], AwardScheme())
    unit_of = {("e1", "a"): "u1", ("e1", "b"): "u2", ("e1", "c"): "u3", ("e2", "d"): "u2", ("e2", "e"): "u1",
               ("e2", "f"): "u3", ("e2", "g"): "u3"}
    rows = medal_table(awards, unit_of, ["u1", "u2", "u3"])
    assert [(r.place, r.shared, r.unit, r.gold, r.silver, r.bronze) for r in rows] == [
        (1, True, "u1", 1, 1, 0), (1, True, "u2", 1, 1, 0), (3, False, "u3", 0, 0, 3)
    ]


def test_points_configuration_and_its_mistakes():
    config = meet("""
[points]
places = [7, 5, 4, 3, 2, 1]
team = 2
tie = "shared"

[events.relay]
sport = "table_tennis"
kind = "team"
points = { multiplier = 3 }

[events.fun]
sport = "table_tennis"
points = { counts = false }
""")
    assert config.points.places == (7, 5, 4, 3, 2, 1) and config.points.team == 2 and config.points.tie == "shared"
    assert config.events["relay"].points.multiplier == 3 and config.events["fun"].points.counts is False
    assert config_problems('[points]\nplaces = "9-7-6"\ntie = "coin"\n') == [
        "meet.toml:12: points.places: must be a list of numbers like [9, 7, 6, 5, 4, 3, 2, 1], not \"9-7-6\"",
        "meet.toml:13: points.tie: must be one of countback, shared, not \"coin\"",
    ]
