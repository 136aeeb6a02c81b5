"""How athletics marks are read, rounded, compared and shown: :class:`AthleticsMeasurement`.

- **Times** (World Athletics TR 19): a hand time is read to 0.01 s and rounded up to the next
  longer 0.1 s (12.31 → 12.4; 12.30 stays 12.3: the 国家学生体质健康标准 reads a 50 m time the
  same way, "非0进1"); a fully automatic time (``timing = "fat"``) is read to 0.001 s and rounded up
  to the next longer 0.01 s (10.111 → 10.12), and the thousandths separate runners on an equal
  time (TR 21). A time a runner cannot beat — faster than 9 s per 100 m, or zero — or slower than
  1 m/s is refused.
- **Distances** (TR 29, TR 32): read to the millimetre at most, recorded to the centimetre below
  (6.456 → 6.45); zero and anything beyond the event's ``limit`` are refused. ``X`` is a foul
  (no valid trial), ``-`` a trial passed, ``r`` retired; with no valid trial the mark is NM.
  Equal marks go to the next best trial, then the next (TR 25.22).
- **High jump** (TR 26, TR 27): a series of heights (:mod:`~podium.plugins.athletics.heights`);
  the best height cleared, equal heights separated by failures at it, then in all (TR 26.8); a tie for first
  place that remains goes to a jump-off with ``jump_off`` (TR 26.9, :mod:`~podium.plugins.athletics.jump_off`),
  where an athlete who does not jump at a height (``1.55:-``, ``1.55:r``, or ``--status -``/``r``) gives up any claim
  to first place.
- **Wind** (TR 17, TR 29): a reading in m/s is rounded up to the next tenth in the positive direction
  (+2.03 → +2.1, −2.03 → −2.0); a race has one reading for all its runners. With a gauge
  (``wind_gauge = true``) a wind-measured mark sets a record only with a reading of +2.0 m/s or less
  (CR 31).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from decimal import ROUND_CEILING, ROUND_FLOOR, Decimal, InvalidOperation
from typing import Any

import attrs

from podium.api import (
    N_,
    AttemptMark,
    MeasureKind,
    Measurement,
    Performance,
    Problem,
    ResultError,
    Status,
    Target,
    Ties,
    _,
    format_time,
    format_value,
    judge_attempt,
    parse_distance,
    parse_time,
    problem,
)
from podium.plugins.athletics.heights import (
    PASS,
    continued,
    heights_of,
    parse_height,
    parse_jump_off,
    parse_series,
    recorded_series,
    still_in,
)

FASTEST = Decimal("0.09")
"""Seconds per metre no runner beats: 9 s for 100 m (a 100 m under 9 s is refused)."""
SLOWEST = Decimal(1)
"""Seconds per metre beyond which a time is refused as a typing error (1 m/s)."""
RECORD_WIND = Decimal("2.0")
"""The strongest following wind, in m/s, with which a mark may set a record (World Athletics CR 31)."""
MAX_WIND = Decimal("9.9")
"""The largest reading a wind gauge shows."""
HAND, FAT = "hand", "fat"
_VALUE = Target(argument="value")
"""What a wrong mark is about: the value given to ``perf``."""
TENTH, HUNDREDTH, CENTIMETRE = Decimal("0.1"), Decimal("0.01"), Decimal("0.01")
FINAL_TRIALS = 3
"""Trials the best eight have after the first ones (World Athletics TR 25.5)."""

_FOUL = frozenset({"x", "×", "✗", "f", "foul", "犯规", "失败"})
_PASS = frozenset({"-", "–", "—", "－", "p", "pass", "免跳", "免掷", "免"})
_RETIRED = frozenset({"r", "retired", "退出", "退赛"})
_WIND = re.compile(r"^([+-]?)(\d+(?:\.\d+)?)(?:m/s|米/秒)?$")


def round_up(value: Decimal, step: Decimal) -> Decimal:
    """``value`` rounded up to the next ``step`` (a power of ten) unless it is one already (TR 19: the next longer time)."""
    return value.quantize(step, rounding=ROUND_CEILING)


def round_down(value: Decimal, step: Decimal) -> Decimal:
    """``value`` rounded down to ``step`` (a power of ten; TR 29: a distance to the centimetre below)."""
    return value.quantize(step, rounding=ROUND_FLOOR)


def wind_reading(text: str) -> Decimal:
    """A wind reading in m/s, rounded up to the next tenth in the positive direction (TR 17, TR 29)."""
    clean = unicodedata.normalize("NFKC", text).strip().replace("−", "-").replace(" ", "")
    found = _WIND.match(clean)
    if not found:
        raise ResultError(
            N_("'{text}' is not a wind reading; give metres per second like +1.2, -0.4 or 0."),
            code="athletics.wind_invalid", target=Target(argument="wind"), text=text,
        )
    value = Decimal(found[2]) * (-1 if found[1] == "-" else 1)
    if abs(value) > MAX_WIND:
        raise ResultError(
            N_("A wind of {text} m/s cannot be right: a gauge reads from -{most} to +{most}."),
            code="athletics.wind_impossible", target=Target(argument="wind"), text=text, most=MAX_WIND,
        )
    return round_up(value, TENTH)


@attrs.frozen
class AthleticsMeasurement(Measurement):
    """The core measurement with athletics' reading, rounding, bounds, wind, statuses and high-jump series."""

    timing: str = HAND
    race: int = 0
    limit: Decimal | None = None
    wind_gauge: bool = False
    vertical: bool = False
    heights: tuple[Decimal, ...] = ()
    min_raise: Decimal = Decimal("0.02")
    """The least the bar rises after a round of a vertical jump: 2 cm in the high jump, 5 cm in the pole vault (TR 26)."""
    jump_off_step: Decimal = Decimal("0.02")
    """How far the bar moves between the heights of a jump-off: 2 cm in the high jump, 5 cm in the pole vault (TR 26.9)."""

    @property
    def field(self) -> bool:
        """A jump or a throw (not a race)."""
        return self.kind is not MeasureKind.TIME

    def problems(self) -> list[Problem]:
        """Announced heights of a vertical jump that do not rise by at least :attr:`min_raise` after each round
        (World Athletics TR 26: 2 cm in the high jump, 5 cm in the pole vault)."""
        steps = zip(self.heights, self.heights[1:], strict=False)
        return [
            problem(
                N_("the announced heights go from {before} m to {after} m; the bar rises by at least {least} m after each "
                   "round (World Athletics TR 26)"),
                code="athletics.heights_raise", before=f"{before:.2f}", after=f"{after:.2f}", least=f"{self.min_raise:.2f}",
            )
            for before, after in steps if after - before < self.min_raise
        ]

    # reading values ------------------------------------------------------------------------------

    def plausible(self) -> tuple[Decimal | None, Decimal | None] | None:
        """None: athletics bounds its marks by its own rules and refuses what lies outside them (``race``: no
        faster than 9 s per 100 m, no slower than 1 m/s; ``limit`` for jumps and throws), so there is nothing to
        confirm."""
        return None

    def parse(self, text: str, *, heat_size: int = 0) -> Decimal | None:
        if self.vertical:
            return parse_series(text, self.heights, self.limit).best
        if self.kind is MeasureKind.TIME:
            return self._time(text)
        return self._distance(text)

    def canonical(self, text: str, *, heat_size: int = 0, extra: bool = False) -> str:
        """The reading as recorded: a time to its last digit (rounded when judged), a distance, a series (a
        jump-off attempt: one height)."""
        if self.vertical:
            return parse_jump_off(text, self.limit).text if extra else parse_series(text, self.heights, self.limit).text
        value = self.parse(text)
        assert value is not None
        return format_time(value) if self.kind is MeasureKind.TIME else f"{value:f}"

    def continued(self, recorded: str, text: str) -> tuple[str, str] | None:
        """A high-jump series continued height by height (:func:`~podium.plugins.athletics.heights.continued`): the
        heights added and the whole series, as canonical texts."""
        if not self.vertical:
            return None
        found = continued(recorded, text, self.heights, self.limit)
        return None if found is None else (found[0].text, found[1].text)

    def goes_on(self, recorded: str) -> bool:
        """A high-jump series whose athlete is still in: not out after three failures in a row, not retired (TR 26)."""
        return self.vertical and still_in(recorded_series(recorded))

    @property
    def piecewise(self) -> bool:
        """A vertical jump's series is recorded height by height (TR 26)."""
        return self.vertical

    def raw_value(self, canonical: str) -> Decimal | None:
        """The reading of a canonical text; of a high-jump series (or a jump-off attempt) the highest height
        cleared (``None``: none)."""
        if self.vertical:
            return max((h.height for h in heights_of(canonical) if h.cleared), default=None)
        if self.kind is MeasureKind.TIME:
            return parse_time(canonical, 6)
        return Decimal(canonical)

    def _time(self, text: str) -> Decimal:
        places = 3 if self.timing == FAT else 2
        value = parse_time(text, places)
        fastest = self.race * FASTEST
        slowest = self.race * SLOWEST
        if value <= 0 or (self.race and not fastest <= value <= slowest):
            if not self.race:
                raise ResultError(
                    N_("A time of {time} is impossible: a race takes longer than no time."),
                    code="athletics.time_zero", target=_VALUE, time=text,
                )
            raise ResultError(
                N_("{time} for {race} m is impossible: times from {fastest} to {slowest} are accepted."),
                code="athletics.time_impossible", target=_VALUE,
                time=text, race=self.race, fastest=format_time(fastest), slowest=format_time(slowest),
            )
        return value

    def _distance(self, text: str) -> Decimal:
        value = parse_distance(text, 3)
        if value <= 0:
            raise ResultError(
                N_("A mark of {text} is no mark: record a foul as X, a passed trial as -."),
                code="athletics.mark_zero", target=_VALUE, text=text,
            )
        if self.limit is not None and value > self.limit:
            raise ResultError(
                N_("{text} is beyond what anyone here could reach (the event's limit is {limit} m); check the tape."),
                code="athletics.mark_beyond_limit", target=_VALUE, text=text, limit=f"{self.limit:f}",
            )
        return value

    def read_record(self, text: str) -> Decimal | None:
        """A record as its official mark: a time rounded up, a distance down, a high jump as a height."""
        if self.vertical:
            return parse_height(text, self.limit)
        value = self.parse(text)
        if value is None:
            return None
        if self.kind is MeasureKind.TIME:
            return round_up(value, HUNDREDTH if self.timing == FAT else TENTH)
        return round_down(value, CENTIMETRE)

    def value_status(self, text: str) -> Status | None:
        """``X`` (a foul), ``-`` (a trial passed) and ``r`` (retired) in a jump or throw; a run's status (``DNS``,
        ``弃权``) in every event."""
        if not self.field or self.vertical:
            return super().value_status(text)
        word = unicodedata.normalize("NFKC", text).strip().lower()
        if word in _FOUL:
            return Status.NR
        if word in _PASS:
            return Status.PASS
        if word in _RETIRED:
            return Status.RETIRED
        return super().value_status(text)

    def read_wind(self, text: str) -> str:
        if not self.wind:
            return super().read_wind(text)
        value = wind_reading(text)
        return f"{value:+.1f}" if value else "0.0"

    # judging --------------------------------------------------------------------------------------

    def judge(self, performance: Performance) -> AttemptMark:
        """The official mark of one attempt: a time rounded up (its reading kept to separate ties with automatic
        timing), a distance to the centimetre below, a series by its best height with its countback."""
        if performance.status is Status.OK and self.vertical and performance.value is not None:
            return self._series(performance)
        judged = judge_attempt(performance, self)
        if judged.status is Status.DQ and performance.false_starts:
            judged = attrs.evolve(judged, note=f"{judged.note} (TR 16.8)")
        if judged.value is None:
            return judged
        if self.kind is MeasureKind.TIME:
            official = round_up(judged.value, HUNDREDTH if self.timing == FAT else TENTH)
            countback = (judged.value,) if self.timing == FAT else ()
            return attrs.evolve(judged, value=official, countback=countback)
        return attrs.evolve(judged, value=round_down(judged.value, CENTIMETRE))

    def _series(self, performance: Performance) -> AttemptMark:
        wind = Decimal(performance.wind) if performance.wind is not None else None
        if performance.extra:
            jump = parse_jump_off(performance.value or "", self.limit)
            if not jump.jumped:  # a pass or a retirement at the jump-off's height (TR 26.9)
                status = Status.PASS if jump.symbols == PASS else Status.RETIRED
                return AttemptMark(performance.attempt, None, None, status, jump.text, wind=wind)
            if not jump.cleared:
                return AttemptMark(performance.attempt, None, None, Status.NR, jump.text, wind=wind)
            return AttemptMark(performance.attempt, jump.height, jump.height, Status.OK, jump.text, wind=wind)
        series = parse_series(performance.value or "", self.heights, self.limit)
        best = series.best
        if best is None:
            return AttemptMark(performance.attempt, None, None, Status.NR, series.text, wind=wind)
        return AttemptMark(performance.attempt, best, best, Status.OK, series.text, series.countback, wind)

    def legal(self, attempt: AttemptMark) -> bool:
        """A valid mark sets a record unless a gauge is read and the wind is missing or over +2.0 m/s (CR 31)."""
        if not super().legal(attempt):
            return False
        if not (self.wind and self.wind_gauge):
            return True
        return attempt.wind is not None and attempt.wind <= RECORD_WIND

    # showing --------------------------------------------------------------------------------------

    def format(self, value: Decimal) -> str:
        """A time as the rule writes it (``12.4`` by hand, ``12.40`` automatic), a distance or height to the centimetre."""
        if self.kind is MeasureKind.TIME:
            return format_time(round_up(value, HUNDREDTH if self.timing == FAT else TENTH))
        return f"{round_down(value, CENTIMETRE):f}"

    def attempt_text(self, attempt: AttemptMark) -> str:
        return self.format(attempt.value) if attempt.value is not None else ""

    def status_text(self, status: Status, *, attempt: bool = False) -> str:
        """``X`` for a foul and ``NM`` for no mark in a jump or throw; otherwise the status (DNS, DNF, DQ, r, -)."""
        if self.field and status is Status.NR:
            return "X" if attempt else "NM"
        return status.value

    def countback_label(self, index: int) -> str:
        if self.vertical:
            return _("failures at the last height cleared") if index == 1 else _("failures in all")
        if self.kind is MeasureKind.TIME:
            return _("photo-finish time to 1/1000 s")
        return _("next best trial ({number})").format(number=index + 1)

    def countback_text(self, index: int, value: Decimal) -> str:
        if not value.is_finite():
            return "—"
        if self.vertical:
            return f"{value.normalize():f}"
        if self.kind is MeasureKind.TIME:
            return format_time(value)
        return format_value(self.kind, -value)


def _decimal(value: Any) -> Decimal | None:
    try:
        found = Decimal(str(value))
    except InvalidOperation:
        return None
    return found if found.is_finite() and found > 0 else None


def measurement(rules: Mapping[str, Any]) -> AthleticsMeasurement:
    """The measurement of an athletics event with ``rules`` (the options of :data:`~podium.plugins.athletics.sport.OPTIONS`)."""
    measure = rules.get("measure", "time")
    wind = bool(rules.get("wind", False))
    common: dict[str, Any] = {
        "false_start_dq": int(rules.get("false_start_dq", 1)),
        "limit": _decimal(rules.get("limit", 0)),
        "wind": wind,
        "wind_gauge": bool(rules.get("wind_gauge", False)),
        "reruns": 1,
    }
    if measure == "time":
        timing = rules.get("timing", HAND)
        return AthleticsMeasurement(
            kind=MeasureKind.TIME, decimals=3 if timing == FAT else 2, timing=timing, race=int(rules.get("race", 0)),
            heat_wind=wind, **common,
        )
    if measure == "heights":
        heights = tuple(h for h in (_decimal(v) for v in rules.get("heights", ())) if h is not None)
        ties = Ties.SUDDEN_DEATH_FIRST if rules.get("jump_off") else Ties.SHARE
        return AthleticsMeasurement(
            kind=MeasureKind.DISTANCE, vertical=True, heights=heights, ties=ties,
            min_raise=_decimal(rules.get("min_raise", 0.02)) or Decimal(0),
            jump_off_step=_decimal(rules.get("jump_off_step", 0.02)) or Decimal("0.02"), **common,
        )
    trials = int(rules.get("trials", 3))
    final = bool(rules.get("final_trials", False))
    return AthleticsMeasurement(
        kind=MeasureKind.DISTANCE, decimals=3, attempts=trials + (FINAL_TRIALS if final else 0), ties=Ties.COUNTBACK,
        cut_after=trials if final else 0, cut=int(rules.get("final_best", 8)) if final else 0, **common,
    )


def heat_minutes(rules: Mapping[str, Any]) -> float:
    """Minutes a heat or flight takes with its start procedure: a race 3 minutes plus half a minute per 100 m
    (a relay 2 more, for the change-overs); a flight of jumps or throws 15 minutes per round of trials, 60 for a
    high jump."""
    measure = rules.get("measure", "time")
    if measure == "time":
        relay = 2 if rules.get("legs") else 0
        return 3 + int(rules.get("race", 0)) / 200 + relay
    if measure == "heights":
        return 60
    trials = int(rules.get("trials", 3)) + (FINAL_TRIALS if rules.get("final_trials") else 0)
    return 15 * trials
