"""Ranking marks: shared places, ties of two and three, sudden death, unranked statuses, play-offs and lots."""

from __future__ import annotations

import random
from decimal import Decimal

from hypothesis import given
from hypothesis import strategies as st

from podium.measure.marks import FORFEIT, Mark
from podium.measure.performance import Status
from podium.measure.ranking import rank_marks, settle
from podium.measure.rules import MeasureKind
from podium.standings.ledger import Decision

D = Decimal


def count(entrant, value, extras=()):
    """A count mark (higher is better, so the key is the value negated)."""
    return Mark(entrant, MeasureKind.COUNT, Status.OK, D(value), -D(value), extras=tuple(-D(e) for e in extras))


def unranked(entrant, status):
    return Mark(entrant, MeasureKind.COUNT, status, None, None)


def places(ranking):
    return [(p.entrant, p.place, p.shared) for p in ranking.placings]


def test_two_tied_share_the_place_and_the_next_is_skipped():
    """Counts 18, 15, 15, 12: places 1, 2=, 2=, 4 (table-tennis plan 6 §8 shares third place: a shared place is a place)."""
    ranking = rank_marks([count("a", 18), count("b", 15), count("c", 15), count("d", 12)])
    assert places(ranking) == [("a", 1, False), ("b", 2, True), ("c", 2, True), ("d", 4, False)]


def test_three_tied():
    """Counts 10, 10, 10, 9: 1=, 1=, 1=, 4."""
    ranking = rank_marks([count("a", 10), count("b", 10), count("c", 10), count("d", 9)])
    assert [p.place for p in ranking.placings] == [1, 1, 1, 4]


def test_sudden_death_until_decided():
    """Table-tennis plan 5 §5(1) (accuracy throw): ties throw one more ball each, repeated until decided.
    a, b, c tie on 15. Extra 1: a 1, b 1, c 0 → c third; a and b tie again. Extra 2: a 0, b 1 → b first."""
    ranking = rank_marks(
        [count("a", 15, (1, 0)), count("b", 15, (1, 1)), count("c", 15, (0,)), count("d", 14)], sudden_death=True
    )
    assert places(ranking) == [("b", 1, False), ("a", 2, False), ("c", 3, False), ("d", 4, False)]
    assert [(d.upper, d.lower, d.extra) for d in ranking.decisions] == [("b", "a", 2), ("a", "c", 1)]
    assert ranking.unresolved == ()


def test_sudden_death_waiting_for_extras_stays_shared():
    """Until every tied entrant has made extra attempt 1, the tie stands and is reported as unresolved."""
    ranking = rank_marks([count("a", 15, (1,)), count("b", 15)], sudden_death=True)
    assert [p.place for p in ranking.placings] == [1, 1]
    assert ranking.unresolved == (("a", "b"),)


def height(entrant, extras):
    """A high jump of 1.50 with jump-off attempts: a height cleared, ``X`` failed, ``-`` not taken (World Athletics
    TR 26.9)."""
    keys = {"X": D("Infinity"), "-": FORFEIT}
    return Mark(entrant, MeasureKind.DISTANCE, Status.OK, D("1.50"), D("-1.50"),
                extras=tuple(keys[e] if e in keys else -D(e) for e in extras))


def test_a_jump_off_attempt_not_taken_ranks_below_a_failure():
    """TR 26.9: a, b and c jump off at 1.55: a clears, b fails, c does not jump. a wins; c gave up any claim to a
    place above those who jumped, so b is second and c third (shared second without the rule)."""
    ranking = rank_marks([height("a", ["1.55"]), height("b", ["X"]), height("c", ["-"])], sudden_death="first")
    assert places(ranking) == [("a", 1, False), ("b", 2, False), ("c", 3, False)]
    assert ranking.unresolved == ()


def test_one_left_alone_in_a_jump_off_is_first_without_jumping():
    """a does not jump at the first jump-off height and b has no attempt there yet: b, alone in the jump-off, is
    first whether or not b jumps there (TR 26.9), so nothing is waiting."""
    ranking = rank_marks([height("a", ["-"]), height("b", [])], sudden_death="first")
    assert places(ranking) == [("b", 1, False), ("a", 2, False)]
    assert ranking.unresolved == ()


def test_unranked_come_last_gravest_last():
    """DNS, DNF, NR, DQ get no place; listed after every placed entrant, DQ at the very end."""
    ranking = rank_marks([unranked("q", Status.DQ), count("a", 3), unranked("s", Status.DNS), unranked("f", Status.DNF)])
    assert places(ranking) == [("a", 1, False), ("s", None, False), ("f", None, False), ("q", None, False)]


def test_no_marks_no_places():
    assert rank_marks([]).placings == ()


def test_one_entrant():
    assert places(rank_marks([count("a", 0)])) == [("a", 1, False)]


def test_within_includes_everyone_tied_at_the_cut():
    """Best 2 of counts 20, 18, 18, 10: the tie for second goes through, so three qualify."""
    ranking = rank_marks([count("a", 20), count("b", 18), count("c", 18), count("d", 10)])
    assert ranking.within(2) == ["a", "b", "c"]


@given(st.lists(st.integers(min_value=0, max_value=5), min_size=0, max_size=12), st.randoms())
def test_ranking_does_not_depend_on_the_order_marks_are_given(counts, rng: random.Random):
    """Law: places come from the marks alone, never from the order they were entered."""
    marks = [count(f"e{i}", c) for i, c in enumerate(counts)]
    shuffled = list(marks)
    rng.shuffle(shuffled)
    assert sorted(places(rank_marks(marks))) == sorted(places(rank_marks(shuffled)))
    for p in rank_marks(marks).placings:  # a place is one more than the number of strictly better marks
        assert p.place == 1 + sum(1 for c in counts if c > p.mark.value)


def test_a_play_off_orders_a_shared_place():
    """Counts 18, 15, 15, 12 share second place (b, c); a play-off puts c ahead (CXA 1999 §15.6: a place that
    must not be shared is settled by a play-off or by lots): a 1, c 2, b 3, d 4, and the decision says so."""
    ranking = rank_marks([count("a", 18), count("b", 15), count("c", 15), count("d", 12)])
    settled = settle(ranking, [Decision(frozenset("bc"), ("c", "b"), "playoff")])
    assert places(settled) == [("a", 1, False), ("c", 2, False), ("b", 3, False), ("d", 4, False)]
    assert [(d.upper, d.lower, d.method, d.upper_key, d.lower_key) for d in settled.decisions] == [("c", "b", "playoff", 1, 2)]


def test_a_play_off_naming_one_leaves_the_others_tied_below():
    """a, b, c share first on 10; the play-off only found the champion, b: b 1, a and c share 2 (2=), d 4."""
    ranking = rank_marks([count("a", 10), count("b", 10), count("c", 10), count("d", 9)])
    settled = settle(ranking, [Decision(frozenset("abc"), ("b",), "playoff")])
    assert places(settled) == [("b", 1, False), ("a", 2, True), ("c", 2, True), ("d", 4, False)]


def test_an_order_settles_only_a_tie_it_covered():
    """Lots were drawn between a and b; c then joins them on 10: the tie of three is a new one and stays shared."""
    ranking = rank_marks([count("a", 10), count("b", 10), count("c", 10)])
    assert places(settle(ranking, [Decision(frozenset("ab"), ("b", "a"), "lots", 4)])) == [("a", 1, True), ("b", 1, True), ("c", 1, True)]


def test_the_latest_order_counts():
    """Two orders recorded for the same tie (a play-off, then lots drawn again): the later one counts."""
    ranking = rank_marks([count("a", 7), count("b", 7)])
    settled = settle(ranking, [Decision(frozenset("ab"), ("b", "a"), "playoff"), Decision(frozenset("ab"), ("a", "b"), "lots", 9)])
    assert places(settled) == [("a", 1, False), ("b", 2, False)]
    assert [(d.upper, d.lower, d.method, d.seed) for d in settled.decisions] == [("a", "b", "lots", 9)]


def test_a_tie_waiting_for_sudden_death_settled_by_lots_no_longer_waits():
    """a and b tie on 15 and b has not made extra attempt 1 (table-tennis plan 5 §5(1)); lots decide instead: a 1,
    b 2, and no tie is left waiting for an extra attempt."""
    ranking = rank_marks([count("a", 15, (1,)), count("b", 15)], sudden_death=True)
    settled = settle(ranking, [Decision(frozenset("ab"), ("b", "a"), "lots", 3)])
    assert places(settled) == [("b", 1, False), ("a", 2, False)]
    assert settled.unresolved == ()


def test_unranked_entrants_are_not_a_tie():
    """Two DNFs have no place: an order recorded for them changes nothing."""
    ranking = rank_marks([count("a", 3), unranked("f", Status.DNF), unranked("g", Status.DNF)])
    assert settle(ranking, [Decision(frozenset("fg"), ("g", "f"), "lots", 1)]) == ranking
