"""Reading measured values: each form worked out by hand from the rules' wording."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from podium.errors import ResultError
from podium.measure import values


@pytest.mark.parametrize(
    ("text", "seconds"),
    [
        ("12.34", "12.34"),  # plain seconds
        ("12.34s", "12.34"),
        ("12.34秒", "12.34"),
        ("12秒34", "12.34"),  # Chinese stopwatch notation: digits after 秒 are hundredths
        ("1:02.5", "62.5"),  # 1 min + 2.5 s
        ("1:02", "62"),
        ("1分02秒5", "62.5"),  # 60 + 2.5
        ("1分30秒", "90"),
        ("１：０２．５", "62.5"),  # full-width input from a Chinese keyboard
        ("1:00:02.5", "3602.5"),  # 3600 + 0 + 2.5
        ("0", "0"),
    ],
)
def test_time_forms(text, seconds):
    """Fun sports-day rules, individual 5: timed from the start signal to the torso crossing the line; lower is better."""
    assert values.parse_time(text) == Decimal(seconds)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("-3.2", "The time '-3.2' is negative"),
        ("−3.2", "is negative"),
        ("1:75", "has 75 in a place that counts to 59"),
        ("12.345", "has more than 2 decimals"),
        ("fast", "'fast' is not a time"),
        ("", "The time is empty"),
    ],
)
def test_bad_times_are_refused(text, message):
    with pytest.raises(ResultError) as refused:
        values.parse_time(text)
    assert message in str(refused.value)


def test_time_formatting_round_trips():
    """62.5 s is written 1:02.5; 3602.5 s is 1:00:02.5; below a minute seconds stay bare."""
    assert values.format_time(Decimal("62.5")) == "1:02.5"
    assert values.format_time(Decimal("3602.5")) == "1:00:02.5"
    assert values.format_time(Decimal("9.80")) == "9.80"
    assert values.format_time(Decimal("60")) == "1:00"


@given(st.integers(min_value=0, max_value=10**7))
def test_any_time_in_hundredths_reads_back(hundredths):
    """Law: the canonical text of a time parses back to the same time."""
    seconds = Decimal(hundredths) / 100
    assert values.parse_time(values.format_time(seconds)) == seconds


def test_counts_are_whole_numbers():
    """Fun sports-day rules, individual 1: 1分钟时间内计有效个数 — a count of valid skips, a whole number."""
    assert values.parse_count("37") == 37
    assert values.parse_count("37个") == 37
    with pytest.raises(ResultError, match=r"A count must be a whole number, not 12\.5\."):
        values.parse_count("12.5")
    with pytest.raises(ResultError, match="negative"):
        values.parse_count("-1")
    # table-tennis plan 5 §5(1): 20 balls in the basin, so 21 valid balls is impossible
    with pytest.raises(ResultError, match=r"The count 21 is more than this event allows \(20\)\."):
        values.parse_count("21", maximum=20)


def test_distances_in_metres():
    assert values.parse_distance("3.45") == Decimal("3.45")
    assert values.parse_distance("345cm") == Decimal("3.45")  # 345 / 100
    assert values.parse_distance("3米45") == Decimal("3.45")
    assert values.parse_distance("3米5") == Decimal("3.50")  # 3 m 50 cm
    with pytest.raises(ResultError, match="negative"):
        values.parse_distance("-1")


def test_points():
    assert values.parse_points("12.5") == Decimal("12.5")
    with pytest.raises(ResultError, match="negative"):
        values.parse_points("-2")


def test_judge_scores_are_0_to_100_with_two_decimals():
    """Square-dance contest rules §5: 比赛满分为100分，评委打分保留小数点后二位数."""
    assert values.parse_judge_scores("95.5,96,94.25", Decimal(100)) == (Decimal("95.5"), Decimal("96"), Decimal("94.25"))
    assert values.parse_judge_scores("95.5，96、94.25", Decimal(100)) == (Decimal("95.5"), Decimal("96"), Decimal("94.25"))
    with pytest.raises(ResultError, match=r"Judge 2 gave 100\.5; a score is from 0 to 100"):
        values.parse_judge_scores("95,100.5,90", Decimal(100))
    with pytest.raises(ResultError, match=r"Judge 3 gave 94\.255; scores are kept to two decimals"):
        values.parse_judge_scores("95,96,94.255", Decimal(100))
    with pytest.raises(ResultError, match="Judge 1's score 'x' is not a number"):
        values.parse_judge_scores("x,96", Decimal(100))


def test_rounding_is_half_up():
    """A mean of 90.00 and 90.01 is 90.005, which rounds up to 90.01 (not to the even 90.00)."""
    assert values.round_score(Decimal("90.005")) == Decimal("90.01")
    assert values.round_score(Decimal("90.004")) == Decimal("90.00")


def test_zones_and_the_line():
    """Team fun-games rules §4: 扔到对应区域获得对应分数，压线不计分."""
    zones = {"A": Decimal(5), "B": Decimal(3)}
    assert values.parse_zone("a", zones) == ("A", Decimal(5))
    assert values.parse_zone("压线", zones) == ("line", Decimal(0))
    assert values.parse_zone("line", zones) == ("line", Decimal(0))
    with pytest.raises(ResultError, match="'C' is not a zone of this event; zones: A=5, B=3"):
        values.parse_zone("C", zones)


def test_elimination_rounds():
    """Musical chairs with 6 players has rounds 1–5 (one chair fewer each round); the last one left wins."""
    assert values.parse_elimination("3", 5) == 3
    assert values.parse_elimination("第3轮", 5) == 3
    assert values.parse_elimination("winner", 5) is None
    with pytest.raises(ResultError, match="Round 6 is impossible here"):
        values.parse_elimination("6", 5)
