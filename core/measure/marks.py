"""Marks: what an entrant achieved in one heat, from the performances recorded there (pure).

- Penalties: each fault adds its seconds to a time (piglet herding +1 s for touching
  the ball by hand, grades 1–4 fun-games rules; +3 s per dress fault or obstacle, fire-safety sports meet rules 2018, (1);
  +2 s per hurdle, primary-school fun sports-day rules, (1)) or takes its points off any other measure (team fun-games
  rules §4: the limbo's three failures cost 2 points).
- False starts: the ``false_start_dq``-th false start disqualifies (fire-safety sports meet rules 2018, (1); team fun-games rules §6;
  school fun sports-day annex, (1) 2);
  each false start after the first adds ``false_start_seconds`` (primary-school fun sports-day rules, (1): +10 s).
- Time cap: a raw time over the cap is not finished, DNF (table-tennis plan 5 §5(3): "5分钟内未完成比赛的淘汰").
- Best of N attempts: the best valid attempt counts (team fun-games rules §2, §4).
- Statuses: DQ in any attempt disqualifies the entrant; with no valid attempt the mark
  takes the gravest status recorded (DQ, NR, DNF, DNS, r). Only valid marks are ranked.
  An entrant who retires (``r``) takes no further attempts; those made still count.
- Elimination games: an entrant with no elimination recorded is still in the game.

A mark's :attr:`Mark.key` is the signed value (lower ranks first), so formats can
compare, cut and add marks without knowing what was measured. Equal keys are separated
by the mark's :attr:`Mark.countback` values, which the measurement gives (the next best
attempts, World Athletics TR 25.22; or a sport's own, such as failures at the last height).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal

import attrs

from podium.i18n import _, ngettext
from podium.measure.performance import AttemptMark, Performance, Status
from podium.measure.rules import MeasureKind, Measurement, format_value

GRAVITY = (Status.DQ, Status.NR, Status.DNF, Status.DNS, Status.PASS, Status.RETIRED)
"""Statuses from gravest to mildest: the one a mark takes when no attempt is valid."""

SURVIVOR = Decimal("-Infinity")
"""The key of an entrant still standing in an elimination game: above everyone who went out."""

FORFEIT = Decimal("NaN")
"""The key of a jump-off attempt not taken (a pass or a retirement at the jump-off's height): the athlete gives up
any claim to first place and ranks below everyone still in the jump-off, those who failed included (World Athletics
TR 26.9). It never compares: :func:`podium.measure.ranking.rank_marks` sets such entrants apart first."""

NOT_TAKEN = (Status.PASS, Status.RETIRED, Status.DNS)
"""The statuses of a jump-off attempt not taken: passed, retired, or did not start (:data:`FORFEIT`)."""


@attrs.frozen
class Mark:
    """An entrant's mark in a heat.

    ``key`` is the value signed so that lower ranks first (``None`` when unranked);
    ``countback`` separates equal keys (lower first; :meth:`Measurement.countback`);
    ``extras`` are the signed values of sudden-death extra attempts, in order (:data:`FORFEIT` for a jump-off
    attempt not taken).
    """

    entrant: str
    kind: MeasureKind
    status: Status
    value: Decimal | None
    key: Decimal | None
    attempts: tuple[AttemptMark, ...] = ()
    extras: tuple[Decimal, ...] = ()
    done: bool = True
    countback: tuple[Decimal, ...] = ()

    @property
    def ranked(self) -> bool:
        return self.key is not None

    @property
    def survivor(self) -> bool:
        return self.key == SURVIVOR

    @property
    def text(self) -> str:
        """The mark as shown: the value, the status, or "still in" for an entrant still standing."""
        if self.status is not Status.OK:
            return self.status.value
        if self.survivor:
            return _("still in")
        return format_value(self.kind, self.value) if self.value is not None else ""

    @property
    def note(self) -> str:
        """Why the mark is what it is: penalties added, the time cap, false starts (empty if plain)."""
        return "; ".join(a.note for a in self.attempts if a.note)


def signed(value: Decimal, measurement: Measurement) -> Decimal:
    return value if measurement.lower_is_better else -value


def attempt_mark(performance: Performance, measurement: Measurement) -> AttemptMark:
    """Judge one attempt: as the event's sport does (:meth:`Measurement.judge`), else by :func:`judge_attempt`."""
    return measurement.judge(performance) or judge_attempt(performance, measurement)


@attrs.frozen
class ExtraRound:
    """A sudden-death extra attempt about to be recorded and the round it is recorded in: what a sport checks it
    against (:meth:`~podium.measure.sport.MeasuredSport.check_extra`), such as the heights of a high-jump jump-off
    (World Athletics TR 26.9)."""

    attempt: Performance
    """The new attempt; its ``extra`` numbers it among the entrant's extra attempts (1 the first)."""
    marks: Mapping[str, Mark]
    """The mark of every entrant of the round who has one, by key (the extra attempts do not change it)."""
    extras: Mapping[str, tuple[Performance, ...]]
    """Every entrant's extra attempts recorded before, in order, by key (a corrected one left out)."""
    names: Mapping[str, str]
    """Every entrant's name, by key, for messages."""
    waiting: tuple[str, ...] = ()
    """The keys of entrants of the round still without a finished mark."""
    going_on: tuple[str, ...] = ()
    """The keys of entrants of the round whose ordinary performance may still be continued
    (:meth:`~podium.measure.rules.Measurement.goes_on`): in a high jump, the athletes still in the competition, neither
    out nor retired (World Athletics TR 26), whose marks may yet change."""


@attrs.frozen
class RoundSoFar:
    """An ordinary (not extra) performance about to be recorded and the round it is recorded in, as it stands: what a
    sport checks it against (:meth:`~podium.measure.sport.MeasuredSport.check_performance`), such as the announced
    heights of a high jump, which bind while more than one athlete is still competing (World Athletics TR 26.1)."""

    performance: Performance
    """The new performance."""
    performances: Mapping[str, tuple[Performance, ...]]
    """Every entrant's ordinary performances in the round as recorded now, in attempt order, by key: the one the new
    performance corrects is still among them, the new one is not; an entrant with none has nothing recorded yet (one
    withdrawn with nothing recorded is left out)."""
    names: Mapping[str, str]
    """Every entrant's name, by key, for messages."""


def judge_attempt(performance: Performance, measurement: Measurement) -> AttemptMark:
    """Judge one attempt: raw value, penalties, false starts, time cap and status; the wind reading kept with it,
    the rule a disqualification cites as its note."""
    judged = _judge(performance, measurement)
    if performance.wind is not None:
        judged = attrs.evolve(judged, wind=Decimal(performance.wind))
    return judged


def _judge(performance: Performance, measurement: Measurement) -> AttemptMark:
    attempt = performance.attempt
    if performance.status is not Status.OK:
        return AttemptMark(attempt, None, None, performance.status, performance.rule)
    starts = performance.false_starts
    if measurement.false_start_dq and starts >= measurement.false_start_dq:
        return AttemptMark(attempt, None, None, Status.DQ, ngettext("{count} false start", "{count} false starts", starts).format(count=starts))
    if measurement.judged:
        raw: Decimal | None = measurement.judged_score(performance.judge_scores())
    else:
        raw = measurement.raw_value(performance.value or "")
    if raw is None:  # the winner of an elimination game
        return AttemptMark(attempt, None, None, Status.OK)
    if measurement.time_cap is not None and measurement.kind is MeasureKind.TIME and raw > measurement.time_cap:
        note = _("{time} is over the time cap of {cap}").format(
            time=format_value(MeasureKind.TIME, raw), cap=format_value(MeasureKind.TIME, measurement.time_cap)
        )
        return AttemptMark(attempt, raw, None, Status.DNF, note)
    cost = sum((measurement.penalty(name) * count for name, count in performance.penalties.items()), Decimal(0))
    faults = [f"{name}×{count}" for name, count in performance.penalties.items()]
    if starts > 1 and measurement.false_start_seconds:
        cost += measurement.false_start_seconds * (starts - 1)
        faults.append(ngettext("{count} false start", "{count} false starts", starts).format(count=starts))
    if not cost:
        return AttemptMark(attempt, raw, raw, Status.OK)
    value = raw + cost if measurement.lower_is_better else raw - cost
    sign = "+" if measurement.lower_is_better else "−"
    note = f"{format_value(measurement.kind, raw)} {sign}{cost.normalize():f} ({', '.join(faults)})"
    return AttemptMark(attempt, raw, value, Status.OK, note)


def mark(
    entrant: str, performances: Sequence[Performance], measurement: Measurement, *, heat_size: int = 0
) -> Mark | None:
    """The mark of ``entrant`` from its current performances in one heat; ``None`` while there is none.

    ``performances`` are the current (not voided) performances: regular attempts and
    sudden-death extras (a relay's running order declared before the race, attempt 0, is
    no attempt). In an elimination game an entrant with none is still standing.
    """
    regular = sorted((p for p in performances if not p.extra and p.attempt), key=lambda p: p.attempt)
    extras = sorted((p for p in performances if p.extra), key=lambda p: p.extra)
    if not regular:
        if measurement.kind is MeasureKind.ELIMINATION:
            return Mark(entrant, measurement.kind, Status.OK, None, SURVIVOR, done=False)
        return None
    attempts = tuple(attempt_mark(p, measurement) for p in regular)
    extra_keys = tuple(_extra_key(p, measurement) for p in extras)
    finished = any(a.status in (Status.DQ, Status.DNS, Status.RETIRED) for a in attempts) or len(attempts) >= measurement.attempts
    if any(a.status is Status.DQ for a in attempts):
        return Mark(entrant, measurement.kind, Status.DQ, None, None, attempts, done=True)
    valid = [a for a in attempts if a.status is Status.OK]
    if not valid:
        status = next(s for s in GRAVITY if any(a.status is s for a in attempts))
        return Mark(entrant, measurement.kind, status, None, None, attempts, done=finished)
    if measurement.kind is MeasureKind.ELIMINATION and any(a.value is None for a in valid):
        return Mark(entrant, measurement.kind, Status.OK, None, SURVIVOR, attempts, extra_keys, done=True)
    best = min(valid, key=lambda a: (signed(a.value, measurement), a.countback))  # type: ignore[arg-type]
    assert best.value is not None
    return Mark(
        entrant, measurement.kind, Status.OK, best.value, signed(best.value, measurement), attempts, extra_keys, finished,
        countback=measurement.countback(valid, best),
    )


def _extra_key(performance: Performance, measurement: Measurement) -> Decimal:
    """The signed value of a sudden-death attempt; an invalid one loses to any valid one. In a jump-off for first
    place (World Athletics TR 26.9) an attempt not taken — a pass, a retirement — is :data:`FORFEIT`."""
    judged = attempt_mark(performance, measurement)
    if judged.status in NOT_TAKEN and measurement.sudden_death == "first":
        return FORFEIT
    if judged.status is not Status.OK or judged.value is None:
        return Decimal("Infinity")
    return signed(judged.value, measurement)


def combined(entrant: str, marks: Sequence[Mark]) -> Mark:
    """Marks of several rounds added together (scores carried over; the line-dance contest rules §1.10.1 carry
    none over, so it is an option).

    An unranked mark in any round leaves the total unranked with that status.
    """
    first = marks[0]
    for status in GRAVITY:
        if any(m.status is status for m in marks):
            return Mark(entrant, first.kind, status, None, None, done=all(m.done for m in marks))
    total = sum((m.value for m in marks if m.value is not None), Decimal(0))
    key = sum((m.key for m in marks if m.key is not None), Decimal(0))
    return Mark(entrant, first.kind, Status.OK, total, key, extras=marks[-1].extras, done=all(m.done for m in marks))
