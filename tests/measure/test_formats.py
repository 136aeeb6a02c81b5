"""Measured formats: heats → final (winners, best N across heats, both), rounds with cuts, elimination games.

Each case is laid out by the format and judged by the measurement core, the way
``podium.journal.measured_stage`` folds a stage; the expected heats and places are worked by hand.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from podium.formats.base import StageEntrant
from podium.formats.cut_rounds import Rounds
from podium.formats.heats import EliminationGame, Heats
from podium.formats.measured import MeasuredView, split_even
from podium.journal.measured_stage import judge_heats
from podium.measure.performance import Performance, Status
from podium.measure.rules import Measurement
from podium.model.options import resolve_options


def settle(fmt, given_options, keys, results, rules=None):
    """Lay out heats and judge marks until no new heat appears; ``results[(round, key)]`` is a value or a Status."""
    options = resolve_options(fmt.options, given_options, "test")
    entrants = tuple(StageEntrant(k) for k in keys)
    draw = fmt.draw(entrants, options, random.Random(7))
    measurement = Measurement.from_rules(rules or {"measure": "time"})
    marks, complete, heats = {}, set(), []
    while True:
        view = MeasuredView("main", options, entrants, draw, marks, frozenset(complete))
        laid = fmt.heats(view)
        if laid == heats:
            return view, heats
        heats = laid
        performances = {}
        for heat in heats:
            for key in heat.entrants:
                given = results.get((heat.round, key))
                if isinstance(given, Status):
                    performances[(heat.key, key)] = [Performance(key, heat.key, 1, status=given)]
                elif given is not None:
                    performances[(heat.key, key)] = [Performance(key, heat.key, 1, given)]
        marks, complete = judge_heats(heats, performances, lambda _round: measurement)


def placed(fmt, view, heats):
    return [(p.entrant, p.place) for p in fmt.ranking(view, heats).ranking.placings]


SEVEN = ["E1", "E2", "E3", "E4", "E5", "E6", "E7"]
HEAT_TIMES = {
    (1, "E1"): "12.0", (1, "E2"): "11.5", (1, "E3"): "13.0",  # heat 1
    (1, "E4"): "12.2", (1, "E5"): "12.8",  # heat 2
    (1, "E6"): "11.9", (1, "E7"): Status.DNF,  # heat 3
}
LIST = {"lanes": 3, "order": "list"}


def test_heats_are_balanced_and_follow_the_list():
    """7 entrants, 3 lanes: ceil(7/3) = 3 heats of 3, 2, 2 (sizes differ by at most one)."""
    view, heats = settle(Heats(), LIST, SEVEN, {})
    assert [h.entrants for h in heats] == [("E1", "E2", "E3"), ("E4", "E5"), ("E6", "E7")]
    assert [h.key for h in heats] == ["H1", "H2", "H3"]


def test_heat_winners_go_to_the_final():
    """Tug-of-war and heats rules §2: 每组胜出者参加决赛. Winners: E2 (11.5), E4 (12.2), E6 (11.9).
    Final: E6 11.6, E2 11.8, E4 12.5 → 1 E6, 2 E2, 3 E4; then the rest by heat time:
    E1 12.0 (4), E5 12.8 (5), E3 13.0 (6); E7 did not finish (no place)."""
    results = {**HEAT_TIMES, (2, "E2"): "11.8", (2, "E4"): "12.5", (2, "E6"): "11.6"}
    view, heats = settle(Heats(), {**LIST, "advance": "winners"}, SEVEN, results)
    final = heats[-1]
    assert (final.key, final.round_name, sorted(final.entrants)) == ("F", "final", ["E2", "E4", "E6"])
    assert placed(Heats(), view, heats) == [
        ("E6", 1), ("E2", 2), ("E4", 3), ("E1", 4), ("E5", 5), ("E3", 6), ("E7", None)
    ]


def test_best_n_across_heats():
    """Best 3 times across heats: E2 11.5, E6 11.9, E1 12.0 (E4's 12.2 is fourth)."""
    view, heats = settle(Heats(), {**LIST, "advance": "best", "best": 3}, SEVEN, HEAT_TIMES)
    assert sorted(heats[-1].entrants) == ["E1", "E2", "E6"]


def test_winners_and_best_n():
    """Winners E2, E4, E6 plus the next best 1: E1 (12.0) → four finalists."""
    view, heats = settle(Heats(), {**LIST, "advance": "both", "best": 1}, SEVEN, HEAT_TIMES)
    assert sorted(heats[-1].entrants) == ["E1", "E2", "E4", "E6"]


def test_a_tie_at_the_cut_takes_everyone_tied():
    """E1 and E4 both run 12.2 and tie for third across heats: with best 3 both go through (4 finalists)."""
    results = {**HEAT_TIMES, (1, "E1"): "12.2"}
    view, heats = settle(Heats(), {**LIST, "advance": "best", "best": 3}, SEVEN, results)
    assert sorted(heats[-1].entrants) == ["E1", "E2", "E4", "E6"]


def test_no_final_until_every_heat_is_complete():
    results = {k: v for k, v in HEAT_TIMES.items() if k != (1, "E7")}
    view, heats = settle(Heats(), {**LIST, "advance": "winners"}, SEVEN, results)
    assert [h.key for h in heats] == ["H1", "H2", "H3"]


def test_heats_without_a_final_rank_together():
    """School fun sports-day annex, (1) 2: heats of 5, the best three times overall win. Here: E2, E6, E1, E4, E5, E3, E7 (DNF)."""
    view, heats = settle(Heats(), {**LIST, "advance": "none"}, SEVEN, HEAT_TIMES)
    assert len(heats) == 3
    assert placed(Heats(), view, heats) == [
        ("E2", 1), ("E6", 2), ("E1", 3), ("E4", 4), ("E5", 5), ("E3", 6), ("E7", None)
    ]


def test_one_heat_is_the_final():
    """Three entrants in 5 lanes: one heat, named final, and no second round."""
    view, heats = settle(Heats(), {"lanes": 5}, ["a", "b", "c"], {(1, "a"): "10", (1, "b"): "9", (1, "c"): "11"})
    assert [(h.key, h.round_name) for h in heats] == [("H1", "final")]
    assert placed(Heats(), view, heats) == [("b", 1), ("a", 2), ("c", 3)]


def test_the_final_waits_places_do_not_move():
    """While finalists have not run, the others keep the places below the final (E1 is 4th, not 1st)."""
    view, heats = settle(Heats(), {**LIST, "advance": "winners"}, SEVEN, HEAT_TIMES)
    assert placed(Heats(), view, heats)[:3] == [("E1", 4), ("E5", 5), ("E3", 6)]


def test_seeds_are_spread_over_heats():
    """Order by seed, snake order over 2 heats: seeds 1, 4 in heat 1; 2, 3 in heat 2."""
    entrants = tuple(StageEntrant(k, seed=s) for k, s in [("d", 4), ("a", 1), ("c", 3), ("b", 2)])
    options = resolve_options(Heats.options, {"lanes": 2, "order": "seeds"}, "test")
    draw = Heats().draw(entrants, options, random.Random(3))
    assert [sorted(part) for part in draw["heats"]] == [["a", "d"], ["b", "c"]]


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=1, max_value=40), st.integers(min_value=1, max_value=8), st.integers(min_value=0, max_value=99))
def test_every_entrant_is_in_exactly_one_first_round_heat(count, lanes, seed):
    """Law: heats hold every entrant once, at most ``lanes`` each, sizes differing by at most one."""
    keys = [f"e{i}" for i in range(count)]
    options = resolve_options(Heats.options, {"lanes": lanes}, "test")
    parts = Heats().draw(tuple(StageEntrant(k) for k in keys), options, random.Random(seed))["heats"]
    sizes = [len(p) for p in parts]
    assert sorted(k for p in parts for k in p) == sorted(keys)
    assert max(sizes) <= lanes and max(sizes) - min(sizes) <= 1


def test_split_even():
    assert [len(p) for p in split_even(list(range(40)), 3)] == [14, 13, 13]


def test_rounds_carry_over():
    """Line-dance contest rules §1.10.1: preliminary scores are not carried into the final (the default); with carry_over they are.
    Prelims: A 90, B 95, C 80, D 85 → best 2: B and A. Final: A 92, B 88.
    Without carry-over: A 1st (92), B 2nd (88), then D 3rd (85), C 4th (80).
    With carry-over: B 95 + 88 = 183 beats A 90 + 92 = 182."""
    results = {(1, "A"): "90", (1, "B"): "95", (1, "C"): "80", (1, "D"): "85", (2, "A"): "92", (2, "B"): "88"}
    rules = {"measure": "points"}
    plain = {"sessions": [1, 1], "cuts": [2]}
    view, heats = settle(Rounds(), plain, ["A", "B", "C", "D"], results, rules)
    assert placed(Rounds(), view, heats) == [("A", 1), ("B", 2), ("D", 3), ("C", 4)]
    view, heats = settle(Rounds(), {**plain, "carry_over": True}, ["A", "B", "C", "D"], results, rules)
    ranking = Rounds().ranking(view, heats).ranking
    assert [(p.entrant, p.place, p.mark.text) for p in ranking.placings[:2]] == [("B", 1, "183"), ("A", 2, "182")]


def test_rounds_options_are_checked():
    rounds = Rounds()
    assert [str(p) for p in rounds.problems({"sessions": [3, 2, 1], "cuts": [32]})] == ["3 rounds of sessions need 2 cuts (one fewer), not 1"]
    assert [str(p) for p in rounds.problems({"sessions": [3, 2, 1], "cuts": [16, 32]})] == ["each cut must be smaller than the one before, like [32, 16]"]
    assert [str(p) for p in rounds.problems({"sessions": [0], "cuts": []})] == ["sessions must be a list of whole numbers of 1 or more, like [3, 2, 1]"]
    assert [str(p) for p in rounds.problems({"sessions": [3, 2, 1], "cuts": [32, 16]})] == []


def test_elimination_game_order_gives_places():
    """Fun-games contest rules, 4 (musical chairs): 5 players; out in rounds 1 (d), 2 (b), 3 (e), 4 (a): c is the last one left.
    Places: c 1, a 2, e 3, b 4, d 5."""
    results = {(1, "a"): "4", (1, "b"): "2", (1, "d"): "1", (1, "e"): "3"}
    view, heats = settle(EliminationGame(), {}, ["a", "b", "c", "d", "e"], results, {"measure": "elimination"})
    assert [(h.key, h.round_name, len(h.lanes)) for h in heats] == [("H1", "final", 5)]
    assert placed(EliminationGame(), view, heats) == [("c", 1), ("a", 2), ("e", 3), ("b", 4), ("d", 5)]


def test_elimination_two_out_at_once_share():
    """Balloon stomp: two teams lose their last balloons in the same round 2 and share the place below."""
    results = {(1, "a"): "2", (1, "b"): "2", (1, "c"): "winner"}
    view, heats = settle(EliminationGame(), {}, ["a", "b", "c"], results, {"measure": "elimination"})
    assert placed(EliminationGame(), view, heats) == [("c", 1), ("a", 2), ("b", 2)]


@pytest.mark.parametrize("advance", ["best", "both"])
def test_best_needs_a_number(advance):
    assert [str(p) for p in Heats().problems({"advance": advance, "best": 0})] == [
        f"advance = '{advance}' needs best = N (how many go through on their marks)"
    ]


def expected(fmt, given_options, keys, results):
    view, heats = settle(fmt, given_options, keys, results)
    return [(h.key, h.round, h.round_name, h.entrants) for h in fmt.expected(view, heats)]


def test_the_final_is_expected_until_the_heats_lay_it_out():
    """Tug-of-war and heats rules §2: the heat winners meet in a final. Before the marks of heat 3 the final's entrants are
    unknown but it is expected (key F, round 2, no lanes) so the order of play keeps time for it; once
    laid out it is no longer expected. No final with advance = "none", nor when one heat is the final."""
    partial = {k: v for k, v in HEAT_TIMES.items() if k[1] not in ("E6", "E7")}
    assert expected(Heats(), {**LIST, "advance": "winners"}, SEVEN, partial) == [("F", 2, "final", ())]
    assert expected(Heats(), {**LIST, "advance": "winners"}, SEVEN, HEAT_TIMES) == []
    assert expected(Heats(), {**LIST, "advance": "none"}, SEVEN, {}) == []
    assert expected(Heats(), {"lanes": 8}, SEVEN, {}) == []


def test_later_rounds_are_expected_with_their_sessions():
    """Square-dance contest rules §6–7, sessions [3, 2, 1] and cuts [4, 2] for 7 entrants: before any mark, round 2 is expected
    in 2 sessions (R2.1, R2.2) and the final in 1 (R3.1); sessions [3, 3] with a cut of 2 can fill only 2
    sessions of the second round (one entrant each at least), so 2 are expected."""
    assert expected(Rounds(), {"sessions": [3, 2, 1], "cuts": [4, 2]}, SEVEN, {}) == [
        ("R2.1", 2, "round2", ()), ("R2.2", 2, "round2", ()), ("R3.1", 3, "final", ()),
    ]
    assert expected(Rounds(), {"sessions": [3, 3], "cuts": [2]}, SEVEN, {}) == [
        ("R2.1", 2, "final", ()), ("R2.2", 2, "final", ()),
    ]
