"""Athletics marks, worked out by hand from the rule text: timing and rounding (World Athletics TR 19), distances
(TR 29, TR 32), wind (TR 17, TR 29; records CR 31), the high-jump countback (TR 26.8) and jump-off (TR 26.9), the
next-best-trial countback (TR 25.22) and the best eight's final trials with a tie for eighth (TR 25.5)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from podium.errors import ResultError
from podium.journal.measured_stage import final_trials_order, outside_cut
from podium.measure.marks import AttemptMark, mark
from podium.measure.performance import Performance, Status
from podium.measure.ranking import rank_marks
from podium.plugins.athletics.heights import parse_series
from tests.athletics.helpers import athletics

D = Decimal
HAND = athletics(measure="time", race=100)
FAT = athletics(measure="time", race=100, timing="fat")
JUMP = athletics(measure="distance", limit=9.0, wind=True)


def official(measurement, text):
    """The official value of one attempt recorded as ``text``."""
    return measurement.judge(Performance("a", "H1", 1, measurement.canonical(text))).value


@pytest.mark.parametrize(("reading", "rounded"), [
    ("12.31", "12.4"), ("12.30", "12.3"), ("12.39", "12.4"), ("12.3", "12.3"), ("10.01", "10.1"), ("59.99", "1:00.0"),
])
def test_hand_times_are_rounded_up_to_the_next_tenth(reading, rounded):
    """TR 19 (and 国家学生体质健康标准: "非0进1"): a hand time read to 0.01 s is rounded up to the next longer 0.1 s
    unless it is a whole tenth: 12.31 → 12.4, 12.30 stays 12.3, 59.99 → 60.0 (1:00.0)."""
    assert HAND.format(official(HAND, reading)) == rounded


@pytest.mark.parametrize(("reading", "rounded"), [("10.111", "10.12"), ("10.110", "10.11"), ("10.1", "10.10"), ("9.999", "10.00")])
def test_automatic_times_are_rounded_up_to_the_next_hundredth(reading, rounded):
    """TR 19: a photo-finish time read to 0.001 s is converted to the next longer 0.01 s unless it is exact."""
    assert FAT.format(official(FAT, reading)) == rounded


def test_the_thousandths_separate_equal_automatic_times():
    """TR 21: 11.401 and 11.404 are both 11.41; the thousandths (the countback) rank 11.401 first."""
    a = mark("a", [Performance("a", "H1", 1, "11.404")], FAT)
    b = mark("b", [Performance("b", "H1", 1, "11.401")], FAT)
    assert a.value == b.value == D("11.41")
    assert [(p.entrant, p.place) for p in rank_marks([a, b]).placings] == [("b", 1), ("a", 2)]
    hand = [mark(k, [Performance(k, "H1", 1, "11.4")], HAND) for k in "ab"]
    assert [p.place for p in rank_marks(hand).placings] == [1, 1]


@pytest.mark.parametrize("text", ["8.99", "0", "0.00", "1:40.01", "-12.1"])
def test_impossible_times_are_refused(text):
    """A 100 m under 9 s, a zero time, or slower than 1 m/s (100 s) is not a time anyone ran."""
    with pytest.raises(ResultError):
        HAND.canonical(text)


def test_possible_times_at_the_bounds_are_read():
    assert HAND.canonical("9.00") == "9.00" and HAND.canonical("1:40") == "1:40"


@pytest.mark.parametrize(("reading", "recorded"), [("6.456", "6.45"), ("6.45", "6.45"), ("6.449", "6.44"), ("645cm", "6.45")])
def test_distances_are_recorded_to_the_centimetre_below(reading, recorded):
    """TR 29, TR 32: a distance not a whole centimetre is recorded to the centimetre below."""
    assert JUMP.format(official(JUMP, reading)) == recorded


@pytest.mark.parametrize("text", ["0", "0.00", "9.01", "-3"])
def test_a_zero_distance_or_beyond_the_limit_is_refused(text):
    with pytest.raises(ResultError):
        JUMP.canonical(text)


@pytest.mark.parametrize(("reading", "recorded"), [("+2.03", "+2.1"), ("-2.03", "-2.0"), ("2", "+2.0"), ("0", "0.0"), ("+0.01", "+0.1"), ("−1.5", "-1.5")])
def test_wind_is_rounded_up_to_the_next_tenth_in_the_positive_direction(reading, recorded):
    """TR 17, TR 29: +2.03 m/s is recorded +2.1; −2.03 m/s is recorded −2.0."""
    assert JUMP.read_wind(reading) == recorded


def test_wind_readings_are_refused_where_no_wind_is_measured_or_impossible():
    with pytest.raises(ResultError, match="no wind readings"):
        athletics(measure="distance", limit=20.0).read_wind("+1.0")
    with pytest.raises(ResultError, match="from -9.9 to"):
        JUMP.read_wind("+12")


def test_a_following_wind_over_two_metres_sets_no_record_when_a_gauge_is_read():
    """CR 31: with a gauge, +2.0 m/s counts for records, +2.1 does not, and no reading does not; without a gauge
    (school practice) every valid mark counts."""
    gauge = athletics(measure="distance", limit=9.0, wind=True, wind_gauge=True)
    attempt = AttemptMark(1, D("5.00"), D("5.00"), Status.OK)
    assert gauge.legal(attempt.__class__(1, D("5.00"), D("5.00"), Status.OK, wind=D("2.0")))
    assert not gauge.legal(attempt.__class__(1, D("5.00"), D("5.00"), Status.OK, wind=D("2.1")))
    assert not gauge.legal(attempt)
    assert JUMP.legal(attempt.__class__(1, D("5.00"), D("5.00"), Status.OK, wind=D("3.5")))


def series(key, text, measurement=None, extras=()):
    """A high jumper's mark from a series and optional jump-off attempts."""
    measurement = measurement or athletics(measure="heights", limit=2.5)
    performances = [Performance(key, "H1", 1, text)]
    performances += [Performance(key, "H1", 1, jump, extra=n) for n, jump in enumerate(extras, start=1)]
    return mark(key, performances, measurement)


def test_high_jump_countback_with_three_athletes_at_the_same_height():
    """TR 26.8. Everyone's best is 1.55 but E's (1.50).
    A 1.50:O 1.55:XO 1.60:XXX — 1 failure at 1.55, 1 in all;  B 1.50:XO 1.55:O 1.60:XXX — 0 at 1.55, 1 in all;
    C 1.50:O 1.55:O 1.60:XXX — 0 and 0;  D 1.50:- 1.55:XXO 1.60:XXX — 2 and 2;  F as A.
    Fewest failures at the height last cleared first: C and B (0) before A and F (1) before D (2); then fewest in
    all: C (0) before B (1). A and F remain equal and share third. So C 1, B 2, A 3=, F 3=, D 5, E 6."""
    marks = [
        series("A", "1.50:O 1.55:XO 1.60:XXX"), series("B", "1.50:XO 1.55:O 1.60:XXX"), series("C", "1.50:O 1.55:O 1.60:XXX"),
        series("D", "1.50:- 1.55:XXO 1.60:XXX"), series("E", "1.45:O 1.50:O 1.55:XXX"), series("F", "1.50:O 1.55:XO 1.60:XXX"),
    ]
    ranking = rank_marks(marks)
    assert [(p.entrant, p.place) for p in ranking.placings] == [("C", 1), ("B", 2), ("A", 3), ("F", 3), ("D", 5), ("E", 6)]
    assert [(d.upper, d.lower, d.countback) for d in ranking.decisions] == [("C", "B", 2), ("B", "A", 1), ("F", "D", 1)]


def test_a_series_with_the_announced_heights_reads_the_same():
    announced = athletics(measure="heights", limit=2.5, heights=[1.50, 1.55, 1.60])
    assert series("A", "O XO XXX", announced).countback == series("A", "1.50:O 1.55:XO 1.60:XXX").countback


def test_no_clearance_is_no_mark():
    found = series("A", "1.30:XXX")
    assert found.status is Status.NR and athletics(measure="heights").status_text(found.status) == "NM"


@pytest.mark.parametrize(("text", "why"), [
    ("1.30:XXXX", "not a record of attempts"), ("1.30:XXX 1.35:O", "three failures in a row"),
    ("1.30:X 1.35:O", "still has attempts"), ("1.35:O 1.30:O", "heights must rise"), ("1.30:O 1.35:XX", "attempts left"),
    ("1.30:XX- 1.35:XO", "three failures in a row"), ("O XO", "has no height"),
])
def test_series_that_break_the_rules_are_refused(text, why):
    """TR 26: three attempts at a height at most; three failures in a row end the competition, even across heights
    (XX- then X); the bar only rises; a series stops only when the athlete is out, passes, retires or clears."""
    with pytest.raises(ResultError, match=why):
        parse_series(text)


def test_a_tie_for_first_place_is_shared_unless_a_jump_off_is_held():
    """TR 26.8.4: G and H both 1.50:O 1.55:XXX — equal after countback. School default: first place shared. With
    ``jump_off``, each jumps once at each height (TR 26.9): both fail 1.55, then at 1.53 G clears and H fails: G first."""
    assert [p.place for p in rank_marks([series("G", "1.50:O 1.55:XXX"), series("H", "1.50:O 1.55:XXX")]).placings] == [1, 1]
    off = athletics(measure="heights", limit=2.5, jump_off=True)
    waiting = rank_marks([series("G", "1.50:O 1.55:XXX", off), series("H", "1.50:O 1.55:XXX", off)], sudden_death=off.sudden_death)
    assert waiting.unresolved == (("G", "H"),)
    decided = rank_marks(
        [series("G", "1.50:O 1.55:XXX", off, ["1.55:X", "1.53:O"]), series("H", "1.50:O 1.55:XXX", off, ["1.55:X", "1.53:X"])],
        sudden_death=off.sudden_death,
    )
    assert [(p.entrant, p.place) for p in decided.placings] == [("G", 1), ("H", 2)]


def test_a_jump_off_is_for_first_place_only():
    """TR 26.8.3: a tie for another place is shared, jump-off or not."""
    off = athletics(measure="heights", limit=2.5, jump_off=True)
    ranking = rank_marks(
        [series("W", "1.50:O 1.55:O", off), series("G", "1.50:O 1.55:XXX", off), series("H", "1.50:O 1.55:XXX", off)],
        sudden_death=off.sudden_death,
    )
    assert [(p.entrant, p.place) for p in ranking.placings] == [("W", 1), ("G", 2), ("H", 2)] and ranking.unresolved == ()


def test_those_who_drop_out_of_a_jump_off_together_share_their_place():
    """TR 26.8.4, TR 26.9: the jump-off decides first place only. D, G and K all 1.50:O 1.55:XXX are tied for first;
    at 1.55 in the jump-off D clears and G and K fail, so D is first and the jump-off is over: G and K remain tied,
    for second, which they share; nobody is asked for another attempt."""
    off = athletics(measure="heights", limit=2.5, jump_off=True)
    ranking = rank_marks(
        [series(k, "1.50:O 1.55:XXX", off, [jump]) for k, jump in (("D", "1.55:O"), ("G", "1.55:X"), ("K", "1.55:X"))],
        sudden_death=off.sudden_death,
    )
    assert [(p.entrant, p.place, p.shared) for p in ranking.placings] == [("D", 1, False), ("G", 2, True), ("K", 2, True)]
    assert ranking.unresolved == ()


def test_in_a_jump_off_of_three_the_one_who_fails_where_two_clear_is_third():
    """TR 26.9: D, G and K tied for first; at 1.55 D and G clear and K fails: K is out of the jump-off, third; at
    1.57 (raised 2 cm) D clears and G fails: D first, G second."""
    off = athletics(measure="heights", limit=2.5, jump_off=True)
    jumps = {"D": ["1.55:O", "1.57:O"], "G": ["1.55:O", "1.57:X"], "K": ["1.55:X"]}
    ranking = rank_marks([series(k, "1.50:O 1.55:XXX", off, jumps[k]) for k in "DGK"], sudden_death=off.sudden_death)
    assert [(p.entrant, p.place) for p in ranking.placings] == [("D", 1), ("G", 2), ("K", 3)] and ranking.unresolved == ()


def trials(key, values, measurement):
    return mark(key, [Performance(key, "H1", n, v) if v not in ("X",) else Performance(key, "H1", n, status=Status.NR)
                      for n, v in enumerate(values, start=1)], measurement)


def test_equal_best_trials_go_to_the_next_best():
    """TR 25.22: P [5.80, 5.50, X] and Q [5.80, 5.60, 5.10] tie on 5.80; the second best (5.60 > 5.50) puts Q first.
    R [5.80, 5.60, 5.10] is Q's equal throughout and shares with Q."""
    three = athletics(measure="distance", limit=9.0)
    ranking = rank_marks([trials("P", ["5.80", "5.50", "X"], three), trials("Q", ["5.80", "5.60", "5.10"], three),
                          trials("R", ["5.10", "5.80", "5.60"], three)])
    assert [(p.entrant, p.place) for p in ranking.placings] == [("Q", 1), ("R", 1), ("P", 3)]


BEST_EIGHT = athletics(measure="distance", limit=9.0, final_trials=True)


def test_the_best_eight_after_three_trials_have_three_more_and_a_tie_for_eighth_is_broken_by_countback():
    """TR 25.5 and TR 25.22: ten jumpers; after three trials a1 … a7 lead (6.00 down to 5.40), a8 and a9 both best
    5.30, a10 5.00. Second best: a8 5.10, a9 5.20 — a9 is eighth and has trials 4–6; a8 and a10 are finished."""
    marks = {f"a{n}": trials(f"a{n}", [f"{6.10 - n / 10:.2f}", "X", "X"], BEST_EIGHT) for n in range(1, 8)}
    marks["a8"] = trials("a8", ["5.30", "5.10", "X"], BEST_EIGHT)
    marks["a9"] = trials("a9", ["5.20", "5.30", "X"], BEST_EIGHT)
    marks["a10"] = trials("a10", ["5.00", "X", "X"], BEST_EIGHT)
    assert outside_cut(marks, 10, BEST_EIGHT) == {"a8", "a10"}


def test_everyone_tied_for_eighth_has_the_final_trials():
    """TR 25.5: a8 and a9 both [5.30, 5.10, X] — still equal after countback, so both have trials 4–6 (nine jump on)."""
    marks = {f"a{n}": trials(f"a{n}", [f"{6.10 - n / 10:.2f}", "X", "X"], BEST_EIGHT) for n in range(1, 8)}
    marks["a8"] = trials("a8", ["5.30", "5.10", "X"], BEST_EIGHT)
    marks["a9"] = trials("a9", ["5.10", "X", "5.30"], BEST_EIGHT)
    marks["a10"] = trials("a10", ["5.00", "X", "X"], BEST_EIGHT)
    assert outside_cut(marks, 10, BEST_EIGHT) == {"a10"}


def test_the_cut_waits_for_everyone_s_first_three_trials():
    marks = {"a": trials("a", ["5.00", "5.10"], BEST_EIGHT), "b": trials("b", ["5.00", "5.10", "X"], BEST_EIGHT)}
    assert outside_cut(marks, 2, BEST_EIGHT) is None


def test_trials_four_to_six_go_in_the_reverse_order_of_the_ranking_after_three():
    """TR 25.5: the last three trials are taken in the reverse order of the ranking after three, the best last; those
    still tied keep their drawn order. Drawn A B C D E F. After three: A 6.10 first; B and C best 5.90, B's second
    best 5.80 beats C's 5.60 (TR 25.22), so B second, C third; E [5.50, X, 5.50] and F [5.50, 5.50, X] equal
    throughout, sharing fourth; D three fouls, no valid trial, below everyone. Trial 4: D, then E before F (drawn
    so), C, B, and A last."""
    drawn = ("A", "B", "C", "D", "E", "F")
    given = {"A": ["6.10", "X", "X"], "B": ["5.80", "5.90", "X"], "C": ["5.90", "5.60", "X"], "D": ["X", "X", "X"],
             "E": ["5.50", "X", "5.50"], "F": ["5.50", "5.50", "X"]}
    marks = {key: trials(key, values, BEST_EIGHT) for key, values in given.items()}
    assert final_trials_order(marks, drawn, BEST_EIGHT) == ("D", "E", "F", "C", "B", "A")


def test_the_order_after_the_cut_leaves_out_those_outside_it_and_waits_for_the_cut():
    """Ten jumpers drawn a1 … a10 with bests 6.00, 5.90 … 5.10: a9 and a10 are outside the best eight (TR 25.5), so
    trial 4 goes a8, a7, … a1. Before a10's third trial the cut is not made and there is no order yet."""
    marks = {f"a{n}": trials(f"a{n}", [f"{6.10 - n / 10:.2f}", "X", "X"], BEST_EIGHT) for n in range(1, 11)}
    drawn = tuple(f"a{n}" for n in range(1, 11))
    assert final_trials_order(marks, drawn, BEST_EIGHT) == tuple(f"a{n}" for n in range(8, 0, -1))
    marks["a10"] = trials("a10", ["5.10", "X"], BEST_EIGHT)
    assert final_trials_order(marks, drawn, BEST_EIGHT) == ()


def test_school_practice_is_three_trials_only():
    """``final_trials = false`` (the default): three trials, no cut."""
    three = athletics(measure="distance", limit=9.0)
    assert (three.attempts, three.has_cut) == (3, False)
    assert (BEST_EIGHT.attempts, BEST_EIGHT.cut_after, BEST_EIGHT.cut) == (6, 3, 8)
