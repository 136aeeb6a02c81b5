"""The measuring rules of an event: what is measured, attempts, penalties, statuses, judging, ties.

A sport that measures offers :data:`MEASURE_OPTIONS` among its options; the event's
rules (``[events.X.rules]`` in ``meet.toml``, over a game template's defaults) then
build a :class:`Measurement`. Where the event rules are silent the option says so and its
default is documented in ``docs/fun_games.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from enum import StrEnum
from typing import TYPE_CHECKING, Any

import attrs

from podium.config.tables import toml_text
from podium.errors import Problem, ResultError, Target, problem
from podium.i18n import N_, _
from podium.model.options import Option

if TYPE_CHECKING:
    from podium.measure.performance import AttemptMark, Performance, Status


class MeasureKind(StrEnum):
    """What a performance measures."""

    TIME = "time"  # seconds, lower is better
    COUNT = "count"  # whole repetitions, higher is better
    DISTANCE = "distance"  # metres, higher is better
    POINTS = "points"  # points scored, higher is better
    JUDGED = "judged"  # judges' scores aggregated, higher is better
    ZONES = "zones"  # landing zone → points, higher is better
    ELIMINATION = "elimination"  # round an entrant went out in, later is better


class Judging(StrEnum):
    """How judges' scores become one score (the square-dance contest rules do not say: an option)."""

    DROP_HIGH_LOW = "drop_high_low"  # drop one highest and one lowest, mean of the rest
    MEAN = "mean"
    SUM = "sum"


class Ties(StrEnum):
    """What an equal mark means once a mark's own countback values (:attr:`~podium.measure.marks.Mark.countback`)
    are equal too: a shared place, the next best attempts, or sudden-death extra attempts until decided."""

    SHARE = "share"
    SUDDEN_DEATH = "sudden_death"  # table-tennis plan 5 §5(1): "每人用任意手再投一球，直至决出名次"
    COUNTBACK = "countback"  # World Athletics TR 25.22: the second best attempt, then the third best …
    SUDDEN_DEATH_FIRST = "sudden_death_first"  # World Athletics TR 26.8.4: a jump-off for first place only


MEASURES = tuple(k.value for k in MeasureKind)
DAY_SECONDS = 86_400
"""The highest plausible time when a game declares none: no event of a sports day lasts a day."""
COUNTS_PER_SECOND = 10
"""The highest plausible count a second of a counting window when a game declares none."""

MEASURE_OPTIONS: tuple[Option, ...] = (
    Option("measure", str, "time", N_("What a performance measures"), choices=(*MEASURES, "pulls"),
           source="fun sports-day rules (time, count); team fun-games rules §4 (zones); square-dance contest rules §5 (judged); "
                  "fun-games contest rules, 4 (elimination); tug-of-war and heats rules §1 (pulls)"),
    Option("attempts", int, 1, N_("Attempts per entrant in a round; the best counts"), minimum=1, maximum=10,
           source="team fun-games rules §2, §4: three attempts, the best counts"),
    Option("decimals", int, 2, N_("Decimal places of times, distances and points (2 = hundredths)"), minimum=0, maximum=3),
    Option("time_cap", float, 0.0, N_("Seconds after which a run is not finished (DNF); 0 = no cap"), minimum=0,
           source="table-tennis plan 5 §5(3): not finished in 5 minutes is eliminated"),
    Option("time_limit", float, 0.0, N_("Seconds of a counting window (e.g. 60 for 1-minute rope skipping); shown with each heat"),
           minimum=0, source="fun sports-day rules, individual 1: 1分钟"),
    Option("max_count", int, 0, N_("Highest possible count (e.g. 20 balls); 0 = no limit"), minimum=0,
           source="table-tennis plan 5 §5(1): 20 balls"),
    Option("extra_count", int, 0, N_("Highest count of one sudden-death extra attempt (e.g. 1: one more ball each); 0 = as max_count"),
           minimum=0, source="table-tennis plan 5 §5(1): ties throw one more ball each"),
    Option("penalties", dict, {}, N_("Named faults and what each costs: seconds added to a time, points taken off a score"),
           source="grades 1–4 fun-games rules, grades 1–2, 2 (+1 s); fire-safety sports meet rules 2018, (1) (+3 s); primary-school fun sports-day rules, (1) (+2 s)"),
    Option("false_start_dq", int, 2, N_("False starts that disqualify (0 = never)"), minimum=0,
           source="fire-safety sports meet rules 2018, (1): two false starts disqualify"),
    Option("false_start_seconds", float, 0.0, N_("Seconds added for each false start after the first"), minimum=0,
           source="primary-school fun sports-day rules, (1): a second false start adds 10 s"),
    Option("reruns", int, 1, N_("Re-runs allowed after a voided run (the re-run replaces it)"), minimum=0,
           source="primary-school fun sports-day rules, (1) 4"),
    Option("judges", int, 0, N_("Number of judges who score (0 = any number)"), minimum=0, maximum=15),
    Option("judging", str, "drop_high_low", N_("How judges' scores are combined"), choices=tuple(j.value for j in Judging),
           source="the square-dance contest rules are silent, so the common practice is the default"),
    Option("max_score", float, 100.0, N_("Full mark of a judge's score"), minimum=1, source="square-dance contest rules §5"),
    Option("zones", dict, {"1": 1, "2": 2, "3": 3, "4": 4, "5": 5}, N_("Zones and the points each scores; on the line scores 0"),
           source="team fun-games rules §4"),
    Option("ties", str, "share",
           N_("Equal marks share the place, are separated by the next best attempts (countback), or go to "
              "sudden-death extra attempts (for every place, or for first place only)"),
           choices=tuple(t.value for t in Ties),
           source="table-tennis plan 5 §5(1); fun-games contest rules, 6; World Athletics TR 25.22, TR 26.8"),
    Option("plausible_min", float, 0.0, N_("Lowest plausible time, count, distance or points; a mark below it is refused "
           "unless confirmed with --confirm (0 = none; a time of 0 is never plausible)"), minimum=0, maximum=1_000_000),
    Option("plausible_max", float, 0.0, N_("Highest plausible time, count, distance or points; a mark above it is refused "
           "unless confirmed with --confirm (0 = a day for times, 10 a second of time_limit for counts, else none)"),
           minimum=0, maximum=1_000_000),
)
"""The options of any measured sport, with defaults."""


@attrs.frozen
class Measurement:
    """How one event (stage, round) measures and compares performances."""

    kind: MeasureKind
    attempts: int = 1
    decimals: int = 2
    time_cap: Decimal | None = None
    time_limit: Decimal | None = None
    max_count: int | None = None
    extra_count: int | None = None
    """The highest count of a sudden-death extra attempt (``None``: as :attr:`max_count`)."""
    penalties: Mapping[str, Decimal] = attrs.field(factory=dict)
    false_start_dq: int = 2
    false_start_seconds: Decimal = Decimal(0)
    reruns: int = 1
    judges: int = 0
    judging: Judging = Judging.DROP_HIGH_LOW
    max_score: Decimal = Decimal(100)
    zones: Mapping[str, Decimal] = attrs.field(factory=dict)
    ties: Ties = Ties.SHARE
    cut_after: int = 0
    """After this many attempts only the best :attr:`cut` go on to the remaining ones (0: everyone has every
    attempt); a sport offers the options ``cut_after`` and ``cut`` when its rules have such a cut."""
    cut: int = 0
    wind: bool = False
    """Marks are wind-measured: a wind reading is taken with each attempt (a long jump), or once a heat with
    :attr:`heat_wind` (a race); a sport that measures wind sets it and reads the readings (:meth:`read_wind`)."""
    heat_wind: bool = False
    """One wind reading stands for every entrant of a heat (a race): given with any of them, it is every
    runner's; a sport that measures wind sets it."""
    plausible_min: Decimal | None = None
    plausible_max: Decimal | None = None

    @classmethod
    def from_rules(cls, rules: Mapping[str, Any]) -> Measurement:
        """The measurement an event's resolved rules describe (see :data:`MEASURE_OPTIONS`)."""

        def number(name: str, default: Any = 0) -> Decimal:
            return Decimal(str(rules.get(name, default)))

        cap = number("time_cap")
        limit = number("time_limit")
        return cls(
            kind=MeasureKind(rules.get("measure", "time")),
            attempts=int(rules.get("attempts", 1)),
            decimals=int(rules.get("decimals", 2)),
            time_cap=cap if cap > 0 else None,
            time_limit=limit if limit > 0 else None,
            max_count=int(rules.get("max_count", 0)) or None,
            extra_count=int(rules.get("extra_count", 0)) or None,
            penalties={str(k): Decimal(str(v)) for k, v in dict(rules.get("penalties", {})).items()},
            false_start_dq=int(rules.get("false_start_dq", 2)),
            false_start_seconds=number("false_start_seconds"),
            reruns=int(rules.get("reruns", 1)),
            judges=int(rules.get("judges", 0)),
            judging=Judging(rules.get("judging", Judging.DROP_HIGH_LOW.value)),
            max_score=number("max_score", 100),
            zones={str(k): Decimal(str(v)) for k, v in dict(rules.get("zones", {})).items()},
            ties=Ties(rules.get("ties", Ties.SHARE.value)),
            cut_after=int(rules.get("cut_after", 0)),
            cut=int(rules.get("cut", 0)),
            plausible_min=number("plausible_min") or None,
            plausible_max=number("plausible_max") or None,
        )

    def plausible(self) -> tuple[Decimal | None, Decimal | None] | None:
        """The lowest and highest plausible mark (``None``: no bound), or ``None`` for measures that are bounded
        by their own rules (zones, elimination rounds, judges' scores up to the full mark).

        The game or ``meet.toml`` declares them (``plausible_min``, ``plausible_max``); without a declared
        highest mark a time is at most a day and a count at most 10 a second of the counting window
        (``time_limit``) — no person skips a rope 600 times in a minute.
        """
        if self.kind not in (MeasureKind.TIME, MeasureKind.COUNT, MeasureKind.DISTANCE, MeasureKind.POINTS):
            return None
        high = self.plausible_max
        if high is None and self.kind is MeasureKind.TIME:
            high = Decimal(DAY_SECONDS)
        if high is None and self.kind is MeasureKind.COUNT and self.time_limit is not None:
            high = self.time_limit * COUNTS_PER_SECOND
        return self.plausible_min, high

    def implausible(self, value: Decimal) -> bool:
        """True when the raw mark ``value`` lies outside :meth:`plausible` (a time of 0 always does)."""
        bounds = self.plausible()
        if bounds is None:
            return False
        low, high = bounds
        if self.kind is MeasureKind.TIME and value <= 0:
            return True
        return (low is not None and value < low) or (high is not None and value > high)

    @property
    def lower_is_better(self) -> bool:
        """Times rank lowest first; every other measure ranks highest first."""
        return self.kind is MeasureKind.TIME

    @property
    def judged(self) -> bool:
        return self.kind is MeasureKind.JUDGED

    @property
    def sudden_death(self) -> bool | str:
        """Which ties extra attempts decide: every tie (``True``), the tie for first place (``"first"``) or none."""
        return {Ties.SUDDEN_DEATH: True, Ties.SUDDEN_DEATH_FIRST: "first"}.get(self.ties, False)

    @property
    def has_cut(self) -> bool:
        """True when only the best :attr:`cut` have the attempts after the first :attr:`cut_after`."""
        return 0 < self.cut_after < self.attempts and self.cut > 0

    # What a sport may change by returning a subclass from MeasuredSport.measurement: how one attempt is
    # judged, what separates equal marks, words that stand for a status, wind readings, how statuses read,
    # what its own options contradict.

    def problems(self) -> list[Problem]:
        """What a sport's own measuring options break (reported by ``meet.toml`` checks with the others of
        :func:`measurement_problems`); none by default."""
        return []

    def judge(self, performance: Performance) -> AttemptMark | None:
        """A sport's own judging of one attempt; ``None`` (the default) judges it the core's way: raw value,
        penalties, false starts, time cap and status (:func:`podium.measure.marks.judge_attempt`)."""
        return None

    def countback(self, valid: Sequence[AttemptMark], best: AttemptMark) -> tuple[Decimal, ...]:
        """Values that separate marks equal to ``best`` (lower first): the best attempt's own
        (:attr:`~podium.measure.performance.AttemptMark.countback`), then with ``ties = "countback"`` the other valid
        attempts, best first, a missing one counting as worse than any (World Athletics TR 25.22)."""
        own = tuple(best.countback)
        if self.ties is not Ties.COUNTBACK:
            return own
        rest = sorted(self.signed(a.value) for a in valid if a is not best and a.value is not None)
        missing = max(0, self.attempts - 1 - len(rest))
        return own + tuple(rest) + (Decimal("Infinity"),) * missing

    def countback_label(self, index: int) -> str:
        """What the ``index``-th countback value (1-based) is, for explanations."""
        if self.ties is Ties.COUNTBACK:
            return _("best attempt number {number}").format(number=index + 1)
        return _("countback value {number}").format(number=index)

    def countback_text(self, index: int, value: Decimal) -> str:
        """The ``index``-th countback value as shown."""
        if not value.is_finite():
            return "—"
        return format_value(self.kind, self.signed(value)) if self.ties is Ties.COUNTBACK else f"{value.normalize():f}"

    def signed(self, value: Decimal) -> Decimal:
        """``value`` signed so that lower ranks first."""
        return value if self.lower_is_better else -value

    def read_record(self, text: str) -> Decimal | None:
        """A record's mark as ``meet.toml`` writes it: read like a performance's value by default."""
        return self.parse(text)

    def value_status(self, text: str) -> Status | None:
        """The status a value text stands for, or ``None`` for a value: the status of a whole run typed in place of
        its value (``DNS``, ``弃权``, ``未完成``: :func:`~podium.measure.performance.run_status`); a sport adds its own
        (athletics: ``X`` for a foul)."""
        from podium.measure.performance import run_status

        return run_status(text)

    def read_wind(self, text: str) -> str:
        """The canonical text of a wind reading; events without a wind gauge refuse one."""
        raise ResultError(
            N_("This event has no wind readings; leave out --wind."), code="performance.wind_not_measured",
            target=Target(argument="wind"),
        )

    def attempt_text(self, attempt: AttemptMark) -> str:
        """One valid attempt as shown in a row of attempts."""
        return format_value(self.kind, attempt.value) if attempt.value is not None else ""

    def status_text(self, status: Status, *, attempt: bool = False) -> str:
        """How a status reads in results: of a whole mark, or of one ``attempt``."""
        return status.value

    def performance_status(self, status: Status) -> str:
        """How the status of one recorded performance reads (:meth:`status_text`): as one attempt's where the event
        has several (``X`` for a foul in a long jump, World Athletics TR 25), else as the whole mark's (``NM``)."""
        return self.status_text(status, attempt=self.attempts > 1)

    def legal(self, attempt: AttemptMark) -> bool:
        """True when ``attempt`` may set a record (a sport may refuse wind-aided marks)."""
        from podium.measure.performance import Status

        return attempt.status is Status.OK and attempt.value is not None

    def parse(self, text: str, *, heat_size: int = 0) -> Decimal | None:
        """The raw value of ``text`` (``None`` for the winner of an elimination game)."""
        from podium.measure import values  # the value grammar: loaded when a value is read or shown

        kind = self.kind
        if kind is MeasureKind.TIME:
            return values.parse_time(text, self.decimals)
        if kind is MeasureKind.COUNT:
            return values.parse_count(text, self.max_count)
        if kind is MeasureKind.DISTANCE:
            return values.parse_distance(text, self.decimals)
        if kind is MeasureKind.POINTS:
            return values.parse_points(text, self.decimals)
        if kind is MeasureKind.ZONES:
            return values.parse_zone(text, self.zones)[1]
        if kind is MeasureKind.ELIMINATION:
            out = values.parse_elimination(text, max(1, heat_size - 1))
            return None if out is None else Decimal(out)
        raise ResultError(
            N_("This event is judged: give the judges' scores with --judges, like --judges 95.5,96,94.25."), code="performance.judges_missing", target=Target(argument="judges")
        )

    def canonical(self, text: str, *, heat_size: int = 0, extra: bool = False) -> str:
        """The canonical text of a raw value as entered (a zone keeps its name); ``extra`` for a sudden-death
        extra attempt (a sport may write those differently)."""
        from podium.measure import values  # the value grammar: loaded when a value is read or shown

        if self.kind is MeasureKind.ZONES:
            return values.parse_zone(text, self.zones)[0]
        if extra and self.kind is MeasureKind.COUNT and self.extra_count is not None:
            value = values.parse_count(text)
            if value > self.extra_count:
                raise ResultError(
                    N_("A sudden-death extra attempt counts at most {maximum}, not {value}."),
                    code="performance.extra_count_too_high", target=Target(argument="value"), maximum=self.extra_count, value=value,
                )
            return self.format(value)
        value = self.parse(text, heat_size=heat_size)
        if value is None:
            return "winner"
        return self.format(value)

    def raw_value(self, canonical: str) -> Decimal | None:
        """The raw value of a canonical text read back from the journal."""
        from podium.measure import values  # the value grammar: loaded when a value is read or shown

        if self.kind is MeasureKind.ZONES:
            return values.parse_zone(canonical, self.zones)[1]
        if self.kind is MeasureKind.ELIMINATION:
            return None if canonical == "winner" else Decimal(canonical)
        if self.kind is MeasureKind.TIME:
            return values.parse_time(canonical, 6)
        return Decimal(canonical)

    def continued(self, recorded: str, text: str) -> tuple[str, str] | None:
        """What ``text`` adds to the performance recorded as ``recorded`` (canonical) and the whole performance it gives,
        when a sport records one performance piece by piece (a high-jump series, height by height, World Athletics
        TR 26); ``None`` when ``text`` does not continue it and would replace it (a correction, which needs a reason).
        By default a performance is recorded whole: ``None``."""
        return None

    def goes_on(self, recorded: str) -> bool:
        """True when the performance recorded as ``recorded`` (canonical) may still be continued
        (:meth:`continued`): a high-jump series of an athlete still in. By default: never."""
        return False

    @property
    def piecewise(self) -> bool:
        """True when a performance is recorded piece by piece, each entry going on from the one recorded
        (:meth:`continued`): a high-jump series, height by height (World Athletics TR 26). By default: never."""
        return False

    def format(self, value: Decimal) -> str:
        """A value as shown: judged scores with two decimals; times with the event's :attr:`decimals` (``1:02.50`` at
        2), so every time of an event has one precision (World Athletics TR 19: a time is read to one unit, 0.1 s by
        hand) and ``1:15.6`` never stands beside ``1:01.03``; a time entered more precisely than that keeps its digits."""
        if self.kind is MeasureKind.TIME and value.is_finite() and -value.as_tuple().exponent < self.decimals:
            value = value.quantize(Decimal(1).scaleb(-self.decimals))
        return format_value(self.kind, value)

    def judged_score(self, scores: tuple[Decimal, ...]) -> Decimal:
        """One score from the judges' scores under :attr:`judging` (two decimals, halves up; square-dance contest rules §5)."""
        from podium.measure import values  # the value grammar: loaded when a value is read or shown

        if self.judges and len(scores) != self.judges:
            raise ResultError(
                N_("This event has {judges} judges, but {count} scores were given."), code="performance.judges_count", target=Target(argument="judges"), judges=self.judges, count=len(scores)
            )
        if self.judging is Judging.SUM:
            return values.round_score(sum(scores, Decimal(0)))
        kept = list(scores)
        if self.judging is Judging.DROP_HIGH_LOW:
            if len(kept) < 3:
                raise ResultError(
                    N_("Dropping the highest and lowest score needs at least 3 judges, not {count}."), code="performance.judges_too_few_to_drop", target=Target(argument="judges"), count=len(kept)
                )
            kept.remove(max(kept))
            kept.remove(min(kept))
        return values.round_score(sum(kept, Decimal(0)) / len(kept))

    def penalty(self, name: str) -> Decimal:
        """What one fault called ``name`` costs (seconds or points)."""
        for known, cost in self.penalties.items():
            if known.lower() == name.lower():
                return cost
        valid = ", ".join(f"{k} ({v})" for k, v in self.penalties.items()) or _("none")
        raise ResultError(
            N_("'{name}' is not a penalty of this event; its penalties: {valid}."), code="performance.penalty_unknown", target=Target(argument="penalty"), name=name, valid=valid
        )

    def penalty_name(self, name: str) -> str:
        """The configured spelling of penalty ``name`` (checked)."""
        self.penalty(name)
        return next(k for k in self.penalties if k.lower() == name.lower())


def format_value(kind: MeasureKind, value: Decimal) -> str:
    """A measured value as shown: times as ``1:02.5``, judged scores with two decimals, whole numbers bare."""
    from podium.measure import values

    if kind is MeasureKind.TIME:
        return values.format_time(value)
    if kind is MeasureKind.JUDGED:
        return f"{values.round_score(value):f}"
    return f"{value.normalize():f}" if value == value.to_integral_value() else f"{value:f}"


def measurement_problems(
    rules: Mapping[str, Any], build: Callable[[Mapping[str, Any]], Measurement] = Measurement.from_rules
) -> list[Problem]:
    """Contradictions among measuring options that single options cannot catch (reported by ``meet.toml`` checks);
    ``build`` makes the measurement from the rules (the sport's :meth:`MeasuredSport.measurement`)."""
    problems = []
    for table in ("penalties", "zones"):
        for name, cost in dict(rules.get(table, {})).items():
            if isinstance(cost, bool) or not isinstance(cost, (int, float)):
                problems.append(problem(N_("{table}.{name} must be a number, not {value}"), code="config.measure_cost_not_a_number", table=table, name=name, value=toml_text(cost)))
    if problems:
        return problems
    measurement = build(rules)
    for name, cost in measurement.penalties.items():
        if cost < 0:
            problems.append(problem(N_("penalty '{name}' must cost 0 or more, not {cost}"), code="config.penalty_cost_negative", name=name, cost=cost))
    if measurement.kind is MeasureKind.ZONES and not measurement.zones:
        problems.append(problem(N_("a zones event needs a table of zones like zones = {{ \"1\" = 1, \"2\" = 3 }}"), code="config.zones_missing"))
    if measurement.kind is MeasureKind.JUDGED and measurement.judging is Judging.DROP_HIGH_LOW and 0 < measurement.judges < 3:
        problems.append(problem(N_("dropping the highest and lowest score needs at least 3 judges"), code="config.drop_high_low_judges"))
    if measurement.kind is MeasureKind.ELIMINATION and measurement.attempts != 1:
        problems.append(problem(N_("an elimination game has one attempt"), code="config.elimination_attempts"))
    problems += measurement.problems()
    low, high = measurement.plausible_min, measurement.plausible_max
    if low is not None and high is not None and low > high:
        problems.append(
            problem(
                N_("plausible_min ({low}) is above plausible_max ({high}); no mark could be recorded"),
                code="config.plausible_bounds_reversed", low=f"{low.normalize():f}", high=f"{high.normalize():f}",
            )
        )
    return problems
