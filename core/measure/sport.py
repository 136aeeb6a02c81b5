"""What a sport adds to measure: :class:`MeasuredSport`, and the checks that pair sports with formats.

A measured sport offers :data:`~podium.measure.rules.MEASURE_OPTIONS` (and usually
:data:`~podium.measure.teams.TEAM_OPTIONS`) among its options; the core builds a
:class:`~podium.measure.rules.Measurement` from an event's rules and does the rest.
A sport may measure some events and play others head-to-head (tug of war among fun
games): :meth:`MeasuredSport.measured` says which.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import TYPE_CHECKING, Any, cast

import attrs

from podium.errors import Hint, Problem, ResultError, Target, problem
from podium.formats.base import Format
from podium.i18n import N_, Message
from podium.measure.rules import MeasureKind, Measurement, format_value, measurement_problems
from podium.measure.teams import Composition, roster_problems
from podium.model.entrants import Entrant, Gender
from podium.model.matches import MatchContext
from podium.model.outcomes import Outcome
from podium.model.sports import Sport

if TYPE_CHECKING:
    from podium.measure.marks import ExtraRound, RoundSoFar


@attrs.frozen
class PerformanceInput:
    """What a user gives for one performance, before it is checked (``podium perf`` arguments)."""

    text: str | None = None
    judges: str | None = None
    penalties: tuple[str, ...] = ()  # NAME or NAME:COUNT, e.g. "dress_fault:2"
    false_starts: int = 0
    status: str | None = None
    legs: tuple[str, ...] = ()
    wind: str | None = None  # a wind reading in m/s, where the sport measures one
    rule: str | None = None  # the rule a disqualification cites
    confirmed: bool = False
    """Accept a mark outside the event's plausible bounds (``--confirm``)."""


class MeasuredSport(Sport):
    """A sport whose events are measured: performances in heats rather than results of matches."""

    def measured(self, rules: Mapping[str, Any]) -> bool:
        """True when an event with ``rules`` is measured (the default: every event)."""
        return True

    def measurement(self, rules: Mapping[str, Any]) -> Measurement:
        """The measuring rules of an event (stage, round) with ``rules``."""
        return Measurement.from_rules(rules)

    def entrant_problems(self, entrant: Entrant, rules: Mapping[str, Any], field: Sequence[Entrant]) -> list[Problem]:
        """Team make-up (size, men and women, the lower-grade allowance): :mod:`.teams`; and an entry mark the event's
        measurement can read."""
        problems = roster_problems(entrant, Composition.from_rules(rules), field) if len(entrant.members) > 1 else []
        if entrant.mark and self.measured(rules):
            try:
                self.measurement(rules).read_record(entrant.mark)
            except ResultError as error:
                frame = Message(N_("the entry mark of {name}, {mark}: {message}"), name=entrant.name, mark=entrant.mark)
                problems.append(error.problem.framed(frame))
        return problems

    def entry_ranks(self, entrants: Sequence[Entrant], rules: Mapping[str, Any]) -> dict[str, int]:
        """The rank of each entrant's entry mark (1: the best), for seeding heats (World Athletics TR 20.3); equal
        marks take the same rank, entrants without one none."""
        if not self.measured(rules) or not any(e.mark for e in entrants):
            return {}
        measurement = self.measurement(rules)
        keys: dict[str, Decimal] = {}
        for entrant in entrants:
            value = measurement.read_record(entrant.mark) if entrant.mark else None
            if value is not None:
                keys[entrant.key] = measurement.signed(value)
        ordered = sorted(keys.values())
        return {key: ordered.index(value) + 1 for key, value in keys.items()}

    def check_extra(self, measurement: Measurement, extra: ExtraRound) -> None:
        """A sport's own check of a sudden-death extra attempt in an event measured by ``measurement`` against the
        tie it helps to decide (the heights of a high-jump jump-off, World Athletics TR 26.9): raises a
        :class:`~podium.errors.PodiumError` to refuse it. The core's sudden death ("每人再投一球，直至决出名次",
        table-tennis plan 5 §5(1)) has no order of attempts to keep, so by default every extra attempt is accepted."""

    def check_performance(self, measurement: Measurement, recording: RoundSoFar) -> None:
        """A sport's own check of an ordinary performance in an event measured by ``measurement`` against the rest of its
        round (the announced heights of a high jump, which bind while more than one athlete is still competing, World
        Athletics TR 26.1): raises a :class:`~podium.errors.PodiumError` to refuse it. By default a performance that
        the measurement reads is accepted whatever the others did."""

    def parse_result(self, text: str, ctx: MatchContext) -> Any:
        raise ResultError(N_("{event} is measured, not played in matches."), code="event.measured", target=Target(event=ctx.event), hint=Hint("perf", event=ctx.event), event=ctx.event)

    def format_result(self, result: Any, ctx: MatchContext) -> str:
        return str(result)

    def mirror(self, result: Any, ctx: MatchContext) -> Any:
        return result

    def outcome(self, result: Any, ctx: MatchContext) -> Outcome:
        raise ResultError(N_("{event} is measured, not played in matches."), code="event.measured", target=Target(event=ctx.event), hint=Hint("perf", event=ctx.event), event=ctx.event)

    def simulate(self, rng: random.Random, ctx: MatchContext) -> str:
        raise ResultError(N_("{event} is measured, not played in matches."), code="event.measured", target=Target(event=ctx.event), hint=Hint("perf", event=ctx.event), event=ctx.event)

    def heat_minutes(self, rules: Mapping[str, Any]) -> float | None:
        """Estimated minutes one heat takes under ``rules``, for the order of play; ``None``:
        no estimate (the event's ``minutes`` or the meet's ``[schedule] minutes`` apply).

        The default reads the rules' clock. A counting window (``time_limit``: fun sports-day rules, individual 1,
        "1分钟时间内计有效个数") or a time cap (``time_cap``: table-tennis plan 5 §5(3), "5分钟内未完成比赛的淘汰")
        bounds each attempt, and the entrants of a heat perform side by side in their lanes,
        so a heat lasts ``attempts`` times the clock. Without a clock (a race run to the line,
        a judged routine) there is no estimate. The time between two heats on one lane or
        field is the meet's ``changeover``.
        """
        measurement = self.measurement(rules)
        clock = measurement.time_limit or measurement.time_cap
        if clock is None:
            return None
        return float(clock) * measurement.attempts / 60

    def simulate_heat(
        self, rng: random.Random, measurement: Measurement, rules: Mapping[str, Any], entrants: Sequence[Entrant]
    ) -> list[tuple[Entrant, PerformanceInput]]:
        """Random valid performances for one heat (seeded: same rng, same performances), for demos and tests."""
        if measurement.kind is MeasureKind.ELIMINATION:
            order = list(entrants)
            rng.shuffle(order)
            return [(e, PerformanceInput(str(r) if r < len(order) else "winner")) for r, e in enumerate(order, start=1)]
        from podium.measure.performance import Status

        composition = Composition.from_rules(rules)
        result = []
        for entrant in entrants:
            legs = relay_runners(entrant, composition, rng)
            if measurement.judged:
                scores = [Decimal(rng.randint(8000, 9900)) / 100 for _ in range(measurement.judges or 5)]
                result.append((entrant, PerformanceInput(judges=",".join(f"{s:f}" for s in scores), legs=legs)))
                continue
            if rng.random() < 0.04:
                result.append((entrant, PerformanceInput(status=Status.DNF.value, legs=legs)))
                continue
            value = _random_value(rng, measurement, max(1, composition.legs), ability(entrant))
            result.append((entrant, PerformanceInput(value, legs=legs)))
        return result


FORM = 0.03
"""How far a simulated time strays from an entrant's level from one round to the next (±3 %)."""


def ability(entrant: Entrant) -> float:
    """An entrant's level between 0 (best) and 1, the same in every round: drawn from a generator seeded with the
    event and the entrant's key, so a demo's final is run at the pace of its heats (seeded: same entrant, same level)."""
    return random.Random(f"{entrant.event}/{entrant.key}").random()


def _random_value(rng: random.Random, measurement: Measurement, legs: int, level: float) -> str:
    kind = measurement.kind
    bounds = measurement.plausible() or (None, None)
    if kind is MeasureKind.TIME:  # 8–20 s a leg at the entrant's level ± its form, within the cap and the plausible bounds
        low, high = 800 * legs, 2000 * legs
        if measurement.time_cap is not None:
            high = min(high, int(measurement.time_cap * 95))
        if bounds[1] is not None:
            high = min(high, int(bounds[1] * 100))
        if bounds[0] is not None:
            low = max(low, int(bounds[0] * 100) + 1)
        low = min(low, high - 1)
        centre = low + level * (high - low)
        hundredths = round(centre * rng.uniform(1 - FORM, 1 + FORM))
        return format_value(kind, Decimal(min(max(hundredths, low), high)) / 100)
    if kind is MeasureKind.COUNT:
        high = min(measurement.max_count or 120, int(bounds[1]) if bounds[1] is not None else 120)
        return str(rng.randint(min(int(bounds[0] or 0), high), high))
    if kind is MeasureKind.ZONES:
        return rng.choice([*measurement.zones, "line"])
    if kind is MeasureKind.DISTANCE:
        return format_value(kind, Decimal(rng.randint(150, 900)) / 100)
    return format_value(kind, Decimal(rng.randint(0, 200)) / 10)


def relay_runners(entrant: Entrant, composition: Composition, rng: random.Random) -> tuple[str, ...]:
    """Members for the legs of a relay: the make-up the event needs, in a random order."""
    if not composition.legs:
        return ()
    players = list(entrant.players)
    if composition.men is not None and composition.women is not None:
        men = [p for p in players if p.gender is Gender.MALE][: composition.men]
        women = [p for p in players if p.gender is Gender.FEMALE][: composition.women]
        players = men + women
    chosen = players[: composition.legs]
    rng.shuffle(chosen)
    return tuple(p.name for p in chosen)


def stage_problems(sport: Sport, fmt: Format, rules: Mapping[str, Any], options: Mapping[str, Any]) -> list[Problem]:
    """Why a stage cannot run ``sport`` with ``fmt``: a measured event needs a measured format and back.

    Also reports contradictions among the measuring options and the format's options.
    """
    measured = sport.measured(rules)
    heats = fmt.lays_out == "heats"
    if heats and not measured:
        return [
            problem(
                N_("format '{format}' lays out heats for measured events, but {sport} events here are played head-to-head"),
                code="config.format_for_measured", format=fmt.name, sport=sport.name,
            )
        ]
    if measured and not heats:
        return [
            problem(
                N_("{sport} events measured by {measure} need a measured format (heats, rounds or elimination), not '{format}'"),
                code="config.format_not_measured", sport=sport.name, measure=rules.get("measure", "time"), format=fmt.name,
            )
        ]
    if measured:
        return measurement_problems(rules, cast(MeasuredSport, sport).measurement) + fmt.problems(options)
    return []
