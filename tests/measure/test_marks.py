"""Marks: penalties, false starts, time caps, statuses, attempts and judges' aggregation, worked by hand."""

from __future__ import annotations

from decimal import Decimal

import pytest

from podium.errors import ResultError
from podium.measure.marks import mark
from podium.measure.performance import Performance, Status
from podium.measure.rules import Judging, MeasureKind, Measurement, measurement_problems

D = Decimal


def run(value=None, *, attempt=1, penalties=None, false_starts=0, status=Status.OK, judges=(), extra=0):
    return Performance("1", "H1", attempt, value, tuple(judges), penalties or {}, false_starts, status, extra=extra)


def time_rules(**rules):
    return Measurement.from_rules({"measure": "time", **rules})


def test_hand_touch_adds_one_second():
    """Grades 1–4 fun-games rules, grades 1–2, 2 (piglet herding): 用手去扶球加1秒. 20.50 s with two touches: 20.50 + 2 × 1 = 22.50."""
    m = mark("1", [run("20.50", penalties={"hand_touch": 2})], time_rules(penalties={"hand_touch": 1}))
    assert (m.status, m.value, m.text) == (Status.OK, D("22.50"), "22.50")
    assert m.note == "20.50 +2 (hand_touch×2)"


def test_dress_faults_and_obstacles_add_three_seconds_each():
    """Fire-safety sports meet rules 2018, (1): 着装不正确…或…碰到的，每一次加时3s. 1:01.20 with 2 dress faults and 1 obstacle:
    61.20 + 3 × 3 = 70.20 = 1:10.20."""
    rules = time_rules(penalties={"dress_fault": 3, "obstacle": 3})
    m = mark("1", [run("1:01.20", penalties={"dress_fault": 2, "obstacle": 1})], rules)
    assert (m.value, m.text) == (D("70.20"), "1:10.20")


def test_hurdles_and_the_second_false_start():
    """Primary-school fun sports-day rules, (1): a second false start adds 10 s; each hurdle failure adds 2 s.
    45.00 with 2 false starts and 3 hurdle failures: 45 + 10 + 3 × 2 = 61.00 = 1:01.00."""
    rules = time_rules(penalties={"hurdle": 2}, false_start_seconds=10, false_start_dq=0)
    m = mark("1", [run("45.00", penalties={"hurdle": 3}, false_starts=2)], rules)
    assert (m.status, m.value) == (Status.OK, D("61.00"))
    one = mark("1", [run("45.00", false_starts=1)], rules)  # the first false start only restarts the race
    assert one.value == D("45.00")


def test_two_false_starts_disqualify():
    """Fire-safety sports meet rules 2018, (1): 连续两次犯规则取消参赛资格 — the second false start is DQ; one is not."""
    rules = time_rules(false_start_dq=2)
    assert mark("1", [run("50.00", false_starts=2)], rules).status is Status.DQ
    assert mark("1", [run("50.00", false_starts=1)], rules).status is Status.OK


def test_time_cap_is_dnf():
    """Table-tennis plan 5 §5(3): 5分钟内未完成比赛的淘汰. 5:00.00 is within 5 minutes; 5:00.01 is not finished."""
    rules = time_rules(time_cap=300)
    assert mark("1", [run("5:00.00")], rules).status is Status.OK
    over = mark("1", [run("5:00.01")], rules)
    assert (over.status, over.ranked) == (Status.DNF, False)
    assert "5:00.01 is over the time cap of 5:00" in over.note


def test_the_cap_applies_to_the_time_run_not_the_penalties():
    """4:58.00 + 3 s penalty = 5:01.00 is still a finish: the cap is on the run (docs/fun_games.md)."""
    rules = time_rules(time_cap=300, penalties={"drop": 3})
    assert mark("1", [run("4:58.00", penalties={"drop": 1})], rules).value == D("301.00")


@pytest.mark.parametrize("status", [Status.DNS, Status.DNF, Status.DQ, Status.NR])
def test_statuses_are_unranked(status):
    m = mark("1", [run(status=status)], time_rules())
    assert (m.status, m.ranked, m.text) == (status, False, status.value)


def test_best_of_three_counts_the_best():
    """Team fun-games rules §2: 每个队伍有三次机会，取最好的一次. Counts 31, NR, 35 → 35; done after 3 attempts."""
    rules = Measurement.from_rules({"measure": "count", "attempts": 3})
    two = mark("1", [run("31"), run(status=Status.NR, attempt=2)], rules)
    assert (two.value, two.done) == (D(31), False)
    three = mark("1", [run("31"), run(status=Status.NR, attempt=2), run("35", attempt=3)], rules)
    assert (three.value, three.done, three.key) == (D(35), True, D(-35))


def test_no_valid_attempt_takes_the_gravest_status():
    """DNF, NR and DNS attempts with no valid one: NR is graver than DNF and DNS."""
    rules = Measurement.from_rules({"measure": "count", "attempts": 3})
    m = mark("1", [run(status=Status.DNF), run(status=Status.NR, attempt=2), run(status=Status.DNS, attempt=3)], rules)
    assert m.status is Status.NR


def test_a_disqualification_in_any_attempt_disqualifies():
    rules = Measurement.from_rules({"measure": "count", "attempts": 3})
    assert mark("1", [run("40"), run(status=Status.DQ, attempt=2)], rules).status is Status.DQ


def test_sandbag_zones_best_of_three_line_scores_zero():
    """Team fun-games rules §4: three throws, the best counts; zone points; 压线不计分. Throws: line, 3, 2 → 3 points."""
    rules = Measurement.from_rules({"measure": "zones", "attempts": 3, "zones": {"1": 1, "2": 2, "3": 3}})
    m = mark("1", [run("line"), run("3", attempt=2), run("2", attempt=3)], rules)
    assert m.value == D(3)


def test_points_with_deductions():
    """Team fun-games rules §4: the limbo's three failures cost 2 points. 10 points − 2 = 8."""
    rules = Measurement.from_rules({"measure": "points", "penalties": {"limbo": 2}})
    assert mark("1", [run("10", penalties={"limbo": 1})], rules).value == D(8)


SCORES = ("95.50", "96.00", "94.25", "95.00", "96.50")


@pytest.mark.parametrize(
    ("judging", "expected"),
    [
        # (95.50 + 96.00 + 94.25 + 95.00 + 96.50) / 5 = 477.25 / 5 = 95.45
        (Judging.MEAN, "95.45"),
        # 477.25
        (Judging.SUM, "477.25"),
        # drop 96.50 and 94.25: (95.50 + 96.00 + 95.00) / 3 = 286.50 / 3 = 95.50
        (Judging.DROP_HIGH_LOW, "95.50"),
    ],
)
def test_judges_aggregation(judging, expected):
    """The square-dance contest rules are silent on aggregation: mean, sum, or drop highest and lowest (default)."""
    rules = Measurement.from_rules({"measure": "judged", "judging": judging.value})
    m = mark("1", [run(judges=SCORES)], rules)
    assert m.text == expected


def test_judged_mean_rounds_half_up():
    """Four judges 90.00, 90.01, 90.00, 90.01 → mean 360.02 / 4 = 90.005 → 90.01 (two decimals, half up)."""
    rules = Measurement.from_rules({"measure": "judged", "judging": "mean"})
    assert mark("1", [run(judges=("90.00", "90.01", "90.00", "90.01"))], rules).value == D("90.01")


def test_judge_count_and_drop_rule_need_enough_judges():
    with pytest.raises(ResultError, match="This event has 5 judges, but 3 scores were given."):
        Measurement.from_rules({"measure": "judged", "judges": 5}).judged_score((D(90), D(91), D(92)))
    with pytest.raises(ResultError, match="needs at least 3 judges, not 2"):
        Measurement.from_rules({"measure": "judged"}).judged_score((D(90), D(91)))
    assert [str(p) for p in measurement_problems({"measure": "judged", "judges": 2})] == ["dropping the highest and lowest score needs at least 3 judges"]


def test_elimination_marks():
    """An entrant with no elimination recorded is still standing and ranks above those who went out."""
    rules = Measurement.from_rules({"measure": "elimination"})
    standing = mark("1", [], rules, heat_size=4)
    out = mark("2", [run("2")], rules, heat_size=4)
    assert standing.survivor and not standing.done and standing.key < out.key
    assert out.key == D(-2) and out.kind is MeasureKind.ELIMINATION


def test_unknown_penalty_lists_the_valid_ones():
    with pytest.raises(ResultError, match=r"'fall' is not a penalty of this event; its penalties: hurdle \(2\)\."):
        time_rules(penalties={"hurdle": 2}).penalty("fall")


def test_distance_best_of_three():
    """A standing long jump (team fun-games rules §4, the fun relay): 1.85 m, a foul (NR), 1.92 m → 1.92 m, higher is better."""
    rules = Measurement.from_rules({"measure": "distance", "attempts": 3})
    m = mark("1", [run("1.85"), run(status=Status.NR, attempt=2), run("1.92", attempt=3)], rules)
    assert (m.value, m.key, m.text) == (D("1.92"), D("-1.92"), "1.92")
