"""Recording performances (``podium perf``): checked against the event's rules, then journaled.

Everything is validated inside the store's write transaction against the state at
that moment; a refused performance writes nothing. A performance already recorded is
changed only with a reason (a correction), a run is voided only with a reason, and the
re-run that follows replaces it (primary-school fun sports-day rules, (1) 4). Marks in an earlier round cannot change
once a later round has performances: its line-up was formed from them.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from typing import cast

import attrs

from podium.errors import Hint, NotFound, PodiumError, ResultError, StateError, Target
from podium.formats.measured import Heat
from podium.i18n import N_, Localized, Message, N_plural, _, bilingual, listed
from podium.journal.entries import Kind
from podium.journal.kinds import SPECS, PerformanceFacts
from podium.journal.measured_stage import MeasuredStageState
from podium.journal.stages import name_of
from podium.journal.state import EventState, MeetState
from podium.measure.marks import ExtraRound, RoundSoFar, attempt_mark
from podium.measure.performance import Performance, Status, parse_status, status_word
from podium.measure.rules import MeasureKind, Measurement
from podium.measure.sport import MeasuredSport, PerformanceInput
from podium.measure.teams import Composition, check_legs
from podium.measure.values import parse_judge_scores
from podium.model.entrants import Entrant, EntrantKind, Unit
from podium.model.inputs import typed_text
from podium.services.meet import Meet, NewEntry
from podium.views.answers import RecordedPerformance

MAX_FALSE_STARTS = 99
"""False starts one run may record: more is a typo (the rules disqualify after one or two)."""
_PENALTY = re.compile(r"^\s*(\S+?)\s*(?:(?:[:：×*]|x(?=\s*\d+\s*$))\s*(\d+))?\s*$", re.IGNORECASE)
_LIST = re.compile(r"[,，、;；]+")


def measured_stages(event: EventState) -> list[MeasuredStageState]:
    """The stages of ``event`` that lay out heats: its measured stages (:attr:`podium.formats.base.Format.lays_out`)."""
    return [cast(MeasuredStageState, s) for s in event.stages if s.format.lays_out == "heats"]


def find_heat(event: EventState, reference: str) -> tuple[MeasuredStageState, Heat]:
    """The heat numbered ``reference`` (``3`` or ``#3``) or with that key (``H2``, ``F``, ``R2.1``)."""
    text = reference.strip().lstrip("#")
    for stage in measured_stages(event):
        for heat in stage.heats:
            if text in (str(heat.number), heat.key, f"{stage.name}:{heat.key}"):
                return stage, heat
    raise NotFound(
        N_("{event} has no heat '{heat}'."), code="performance.heat_unknown", target=Target(event=event.key), hint=Hint("matches", event=event.key), event=event.config.name, heat=reference
    )


def heat_of(event: EventState, entrant: Entrant, reference: str | None) -> tuple[MeasuredStageState, Heat]:
    """The heat named by ``reference``, or else the entrant's latest heat."""
    if reference is not None:
        stage, heat = find_heat(event, reference)
        if entrant.key not in heat.entrants:
            raise StateError(
                N_("{name} is not in heat {number}; its entrants: {names}."), code="performance.not_in_heat", target=Target(event=event.key, entrant=entrant.name), name=entrant.name, number=heat.number, names=listed(event.entrants[k].name if k in event.entrants else k for k in heat.entrants)
            )
        return stage, heat
    found = [(stage, heat) for stage in measured_stages(event) for heat in stage.heats if entrant.key in heat.entrants]
    if not found:
        raise StateError(
            N_("{name} is in no heat of {event}."), code="performance.in_no_heat", target=Target(event=event.key, entrant=entrant.name), hint=Hint("matches", event=event.key), name=entrant.name, event=event.config.name
        )
    return found[-1]


def parse_penalties(given: Sequence[str], measurement: Measurement) -> dict[str, int]:
    """``dress_fault``, ``dress_fault:2``, ``obstacle×3`` … as counts per configured penalty name."""
    counts: dict[str, int] = {}
    for item in given:
        match = _PENALTY.match(item)
        if not match:
            raise ResultError(N_("'{text}' is not a penalty; write NAME or NAME:COUNT, like dress_fault:2."), code="performance.penalty_invalid", target=Target(argument="penalty"), text=item)
        name = measurement.penalty_name(match[1])
        count = int(match[2] or 1)
        if count < 1:
            raise ResultError(N_("A penalty is counted 1 or more times, not {count}."), code="performance.penalty_count", target=Target(argument="penalty"), count=count)
        counts[name] = counts.get(name, 0) + count
    return counts


def prepare(
    event: EventState,
    entrant_ref: str,
    given: PerformanceInput,
    *,
    heat_ref: str | None = None,
    attempt: int | None = None,
    extra: bool = False,
    void: bool = False,
    reason: str | None = None,
    units: Mapping[str, Unit] | None = None,
) -> tuple[RecordedPerformance, NewEntry]:
    """Check one performance (or a void) against the event and build its journal entry; ``entrant_ref`` may name a
    team by its unit among the meet's ``units`` (:meth:`~podium.journal.state.EventState.entrant`)."""
    if not event.drawn:
        raise StateError(N_("{event} has not been drawn yet."), code="event.not_drawn", target=Target(event=event.key), hint=Hint("draw", event=event.key), event=event.config.name)
    given = attrs.evolve(
        given,
        text=None if given.text is None else typed_text(given.text),
        judges=None if given.judges is None else typed_text(given.judges),
        penalties=tuple(typed_text(p) for p in given.penalties),
    )
    if not measured_stages(event):
        raise StateError(
            N_("{event} is played in matches, not measured."), code="event.head_to_head", target=Target(event=event.key), hint=Hint("result", event=event.key), event=event.config.name
        )
    entrant = event.entrant(entrant_ref, units)
    stage, heat = heat_of(event, entrant, heat_ref)
    measurement = stage.measurement(heat)
    label = Message(N_("heat {number}"), number=heat.number)
    later = [h for h in stage.heats if h.round > heat.round]
    if any(s[0] in {h.key for h in later} for s in stage.records):
        raise StateError(
            N_("Heat {number} is closed: the next round already has performances, and its line-up came from this heat."), code="performance.heat_closed", target=Target(event=event.key), number=heat.number
        )
    if given.legs and given.text is None and given.status is None and given.judges is None and not (extra or void):
        return _lineup(event, stage, heat, entrant, given.legs, reason)
    declared = stage.records.get((heat.key, entrant.key, 0, 0))
    if not given.legs and declared is not None and declared.current is not None:
        given = attrs.evolve(given, legs=declared.current.legs)  # the running order declared before the race
    extra_round = 0
    if extra:
        if not measurement.sudden_death:
            raise StateError(
                N_("This event shares places on equal marks; sudden-death extra attempts are for events with ties = \"sudden_death\"."), code="performance.no_sudden_death", target=Target(event=event.key, argument="extra")
            )
        if attempt is not None:
            raise PodiumError(N_("Give either --attempt or --extra, not both."), code="performance.attempt_or_extra", target=Target(argument="extra"))
        taken = [s[3] for s, r in stage.records.items() if s[:2] == (heat.key, entrant.key) and s[3] and r.current is not None]
        extra_round = max(taken, default=0) + (0 if void or reason else 1)
        if extra_round == 0:
            raise StateError(N_("{name} has no extra attempt to change."), code="performance.no_extra_attempt", target=Target(event=event.key, entrant=entrant.name), name=entrant.name)
        attempt = 1
    attempt = _attempt(stage, heat, entrant, measurement.attempts, attempt, void=void or reason is not None, extra=extra_round)
    if measurement.has_cut and attempt > measurement.cut_after and not extra_round:
        _check_cut(stage, heat, entrant, measurement)
    slot = (heat.key, entrant.key, attempt, extra_round)
    typed = given.text
    added: str | None = None
    record = stage.records.get(slot)
    existing = record.current if record else None
    if void:
        if not reason:
            raise PodiumError(N_("Say why the run is voided with --reason; the reason is kept in the history."), code="performance.void_reason_missing", target=Target(argument="reason"))
        if existing is None:
            raise StateError(N_("{name} has no performance in {heat} to void."), code="performance.nothing_to_void", target=Target(event=event.key, entrant=entrant.name), name=entrant.name, heat=label)
        if record is not None and record.voids >= measurement.reruns:
            raise StateError(
                N_("{name} was already voided {voided} in {heat} and this event allows {reruns} (primary-school fun sports-day rules, (1) 4); record the re-run, or --status NR."), code="performance.reruns_used", target=Target(event=event.key, entrant=entrant.name), name=entrant.name, voided=Message(N_plural("{count} time", "{count} times"), count=record.voids), heat=label,
                reruns=Message(N_plural("{count} re-run", "{count} re-runs"), count=measurement.reruns),
            )
        performance = attrs.evolve(existing, void=True)
    else:
        if existing is not None and reason is None and not extra_round and _continues(stage, heat, existing, given):
            found = measurement.continued(existing.value or "", given.text or "")
            if found is not None:  # a high-jump series recorded height by height: stored whole, as if typed so
                added, whole = found
                given = attrs.evolve(given, text=whole)
        if existing is not None and reason is None and added is None:
            raise StateError(
                N_("{name} already has {value} in {heat}."), code="performance.already_recorded", target=Target(event=event.key, entrant=entrant.name),
                hint=Hint("correct_perf"), name=entrant.name, value=_shown(existing), heat=label,
            )
        performance = _performance(event, stage, heat, entrant, given, measurement, attempt, extra_round)
        if existing is not None and performance == existing:
            raise StateError(N_("{name} already has exactly this performance in {heat}."), code="performance.unchanged", target=Target(event=event.key, entrant=entrant.name), name=entrant.name, heat=label)
        if extra_round:
            cast(MeasuredSport, event.sport).check_extra(measurement, _extra_round(event, stage, heat, performance, measurement))
        else:
            cast(MeasuredSport, event.sport).check_performance(measurement, _round_so_far(event, stage, heat, performance))
    judged = attempt_mark(performance, measurement) if not void else None
    facts = PerformanceFacts(stage.name, performance, typed if not void else None)
    text = measurement.performance_status(judged.status) if judged and judged.status is not Status.OK else (
        measurement.format(judged.value) if judged and judged.value is not None else performance.value or ""
    )
    note = bilingual(lambda: attempt_mark(performance, measurement).note) if judged and judged.note else None
    recorded = RecordedPerformance(
        event.key, stage.name, heat.key, heat.number, heat.lane_of(entrant.key), entrant.key, entrant.name,
        performance.attempt, performance.extra, text, note, existing is not None and added is None, void,
        rule=(performance.rule or None) if not void else None, legs=performance.legs, in_lanes=stage.in_lanes(heat),
        added=added, series=performance.value if added is not None else None,
        round_name=heat.round_name, heat_index=heat.session,
    )
    return recorded, SPECS[Kind.PERFORMANCE].entry(event.key, facts, reason)


def _continues(stage: MeasuredStageState, heat: Heat, existing: Performance, given: PerformanceInput) -> bool:
    """True when ``given`` may continue the performance ``existing`` rather than correct it
    (:meth:`~podium.measure.rules.Measurement.continued`): a value alone given for a recorded value, in a heat without
    sudden-death extra attempts yet (a high jump's jump-off comes after the series are over, World Athletics TR 26.9)."""
    alone = given.text is not None and given.status is None and given.judges is None
    extras = any(s[0] == heat.key and s[3] and r.current is not None for s, r in stage.records.items())
    return alone and existing.status is Status.OK and bool(existing.value) and not extras


def _extra_round(
    event: EventState, stage: MeasuredStageState, heat: Heat, performance: Performance, measurement: Measurement
) -> ExtraRound:
    """The round of ``heat`` (all its heats) as a new sudden-death extra attempt ``performance`` finds it: every
    mark, every extra attempt recorded before (the one it corrects left out), who is still to perform, and whose
    performance may still go on (:meth:`~podium.measure.rules.Measurement.goes_on`: a high jumper still in)."""
    heats = [h for h in stage.heats if h.round == heat.round]
    keys = [key for h in heats for key in h.entrants]
    marks = {key: found for h in heats for key, found in stage.marks.get(h.key, {}).items()}
    extras: dict[str, list[tuple[int, Performance]]] = {key: [] for key in keys}
    ordinary: dict[str, list[Performance]] = {key: [] for key in keys}
    in_round = {h.key for h in heats}
    for slot, record in stage.records.items():
        if slot[0] not in in_round or record.current is None or slot[1] not in extras:
            continue
        if slot[3] and slot != performance.slot:
            extras[slot[1]].append((slot[3], record.current))
        elif slot[2] and not slot[3]:
            ordinary[slot[1]].append(record.current)
    going_on = tuple(
        key for key, done in ordinary.items()
        if len(done) == 1 and done[0].status is Status.OK and done[0].value and measurement.goes_on(done[0].value)
    )
    return ExtraRound(
        performance, marks, {key: tuple(p for _n, p in sorted(found, key=lambda item: item[0])) for key, found in extras.items()},
        {key: name_of(event.entrants, key) for key in keys}, tuple(key for key in keys if key not in marks or not marks[key].done),
        going_on,
    )


def _round_so_far(event: EventState, stage: MeasuredStageState, heat: Heat, performance: Performance) -> RoundSoFar:
    """The round of ``heat`` (all its heats) as a new ordinary performance finds it: every entrant's ordinary
    performances as recorded now (a relay's declared running order, attempt 0, is none), and their names."""
    heats = [h for h in stage.heats if h.round == heat.round]
    in_round = {h.key for h in heats}
    found: dict[str, list[Performance]] = {key: [] for h in heats for key in h.entrants}
    for slot, record in sorted(stage.records.items()):
        if slot[0] in in_round and slot[2] and not slot[3] and record.current is not None and slot[1] in found:
            found[slot[1]].append(record.current)
    kept = {key: tuple(done) for key, done in found.items() if done or key not in event.withdrawn}
    return RoundSoFar(performance, kept, {key: name_of(event.entrants, key) for key in found})


def _lineup(
    event: EventState, stage: MeasuredStageState, heat: Heat, entrant: Entrant, legs: Sequence[str], reason: str | None
) -> tuple[RecordedPerformance, NewEntry]:
    """A relay team's running order declared before its race (World Athletics TR 24): ``--legs`` without a value.

    It is journaled as attempt 0 of the heat, which no mark counts; a later declaration changes the runners
    or their order until the team's result is recorded, and the result takes the declared order unless it
    gives ``--legs`` itself.
    """
    if entrant.kind is EntrantKind.INDIVIDUAL:
        raise ResultError(
            N_("{name} runs alone: --legs names the runners of a relay team, leg by leg."), code="performance.legs_for_individual",
            target=Target(event=event.key, entrant=entrant.name, argument="legs"), name=entrant.name,
        )
    rules = event.config.rules_for(stage.config, heat.round_name)
    runners = check_legs(entrant, legs, Composition.from_rules(rules))
    if any(s[:2] == (heat.key, entrant.key) and s[2] > 0 and r.current is not None for s, r in stage.records.items()):
        raise StateError(
            N_("{name} has run in heat {number} already; give the runners with the result (--legs … --reason) to correct them."),
            code="performance.legs_after_run", target=Target(event=event.key, entrant=entrant.name, argument="legs"),
            name=entrant.name, number=heat.number,
        )
    record = stage.records.get((heat.key, entrant.key, 0, 0))
    if record is not None and record.current is not None and record.current.legs == runners:
        raise StateError(
            N_("{name} has declared exactly this running order for heat {number}."), code="performance.legs_unchanged",
            target=Target(event=event.key, entrant=entrant.name, argument="legs"), name=entrant.name, number=heat.number,
        )
    performance = Performance(entrant=entrant.key, heat=heat.key, attempt=0, legs=runners)
    changed = record is not None and record.current is not None
    recorded = RecordedPerformance(
        event.key, stage.name, heat.key, heat.number, heat.lane_of(entrant.key), entrant.key, entrant.name,
        0, 0, "", None, changed, False, legs=runners, in_lanes=stage.in_lanes(heat), round_name=heat.round_name,
        heat_index=heat.session,
    )
    return recorded, SPECS[Kind.PERFORMANCE].entry(event.key, PerformanceFacts(stage.name, performance), reason)


def _check_cut(stage: MeasuredStageState, heat: Heat, entrant: Entrant, measurement: Measurement) -> None:
    """Attempts after the cut are for the best :attr:`Measurement.cut` only (World Athletics TR 25.5)."""
    from podium.journal.measured_stage import outside_cut

    outside = outside_cut(stage.marks.get(heat.key, {}), len(heat.lanes), measurement)
    if outside is None:
        raise StateError(
            N_("Attempt {attempt} comes after the cut: record everyone's first {count} attempts in heat {number} first."),
            code="performance.before_cut", target=Target(entrant=entrant.name, argument="attempt"),
            attempt=measurement.cut_after + 1, count=measurement.cut_after, number=heat.number,
        )
    if entrant.key in outside:
        raise StateError(
            N_("{name} is not among the best {cut} after {count} attempts, so has no further attempts."),
            code="performance.outside_cut", target=Target(entrant=entrant.name, argument="attempt"),
            name=entrant.name, cut=measurement.cut, count=measurement.cut_after,
        )


def _attempt(
    stage: MeasuredStageState, heat: Heat, entrant: Entrant, attempts: int, given: int | None, *, void: bool, extra: int
) -> int:
    """The attempt a performance is for: as given, or the next one (the voided or latest one when changing)."""
    if extra:
        return 1
    recorded = {s[2]: r for s, r in stage.records.items() if s[:2] == (heat.key, entrant.key) and not s[3] and s[2]}
    if given is not None:
        if not 1 <= given <= attempts:
            raise PodiumError(
                N_plural("This event has {count} attempt; --attempt must be from 1 to {count}.", "This event has {count} attempts; --attempt must be from 1 to {count}."), code="performance.attempt_out_of_range", target=Target(argument="attempt"), count=attempts
            )
        return given
    waiting = [a for a, r in recorded.items() if r.current is None]
    if waiting:
        return min(waiting)
    done = [a for a, r in recorded.items() if r.current is not None]
    if void:
        return max(done, default=1)
    following = max(done, default=0) + 1
    if following > attempts == 1:
        return 1  # the one attempt is taken: a change needs --reason
    if following > attempts:
        raise StateError(
            N_("{name} has used all {attempts} attempts; to change one, give --attempt N with --reason."), code="performance.attempts_used", target=Target(entrant=entrant.name, argument="attempt"), name=entrant.name, attempts=attempts
        )
    return following


def _performance(
    event: EventState,
    stage: MeasuredStageState,
    heat: Heat,
    entrant: Entrant,
    given: PerformanceInput,
    measurement: Measurement,
    attempt: int,
    extra: int,
) -> Performance:
    rules = event.config.rules_for(stage.config, heat.round_name)
    if given.legs and entrant.kind is EntrantKind.INDIVIDUAL:
        raise ResultError(N_("{name} runs alone: --legs names the runners of a relay team, leg by leg."), code="performance.legs_for_individual", target=Target(entrant=entrant.name, argument="legs"), name=entrant.name)
    legs = check_legs(entrant, given.legs, Composition.from_rules(rules)) if given.legs else ()
    penalties = parse_penalties(given.penalties, measurement)
    if given.false_starts < 0:
        raise ResultError(N_("False starts are counted 0 or more, not {count}."), code="performance.false_starts_negative", target=Target(argument="false_starts"), count=given.false_starts)
    if given.false_starts > MAX_FALSE_STARTS:  # a typo, not a run: it would be stored as a disqualification
        raise ResultError(
            N_("{count} false starts in one run cannot be right; give 0 to {most}."), code="performance.false_starts_too_many", target=Target(argument="false_starts"), count=given.false_starts, most=MAX_FALSE_STARTS
        )
    wind = measurement.read_wind(given.wind) if given.wind is not None else None
    base = Performance(
        entrant=entrant.key, heat=heat.key, attempt=attempt, penalties=penalties,
        false_starts=given.false_starts, legs=legs, extra=extra, wind=wind,
    )
    status = measurement.value_status(given.text) if given.text is not None else None
    if given.status is not None:
        if given.text is not None or given.judges is not None:
            raise PodiumError(N_("Give either a value or --status, not both."), code="performance.value_and_status", target=Target(argument="status"))
        status = parse_status(given.status)
    if given.rule is not None and status is not Status.DQ:
        raise PodiumError(
            N_("--rule names the rule a disqualification breaks; give it with --status DQ."),
            code="performance.rule_without_dq", target=Target(argument="rule"),
        )
    if status is not None:
        return attrs.evolve(base, status=status, rule=(given.rule or "").strip())
    if measurement.judged:
        if given.text is not None:
            raise ResultError(N_("This event is judged: give the judges' scores with --judges, like --judges 95.5,96,94.25."), code="performance.judges_missing", target=Target(argument="judges"))
        if given.judges is None:
            raise ResultError(N_("Give the judges' scores with --judges, like --judges 95.5,96,94.25."), code="performance.judges_needed", target=Target(argument="judges"))
        scores = parse_judge_scores(given.judges, measurement.max_score)
        measurement.judged_score(scores)
        return attrs.evolve(base, judges=tuple(f"{s:f}" for s in scores))
    if given.judges is not None:
        raise ResultError(N_("This event is not judged; give the measured value instead of --judges."), code="performance.not_judged", target=Target(argument="judges"))
    if given.text is None:
        raise ResultError(N_("Give the performance (a value like 12.34), or --status DNS, DNF, DQ or NR."), code="performance.missing", target=Target(argument="value"))
    value = measurement.canonical(given.text, heat_size=len(heat.lanes), extra=bool(extra))
    if measurement.kind is MeasureKind.ELIMINATION and (penalties or given.false_starts):
        raise ResultError(N_("An elimination game has no penalties or false starts."), code="performance.elimination_penalties", target=Target(argument="penalty"))
    raw = measurement.raw_value(value)
    implausible = raw is not None and measurement.implausible(raw)
    if implausible and not given.confirmed:
        raise ResultError(
            N_("{mark} is not a plausible mark in this event ({bounds}: its game's or meet.toml's plausible_min and plausible_max); check it, and if it is right give it again with --confirm."),
            code="performance.implausible", target=Target(argument="value"), mark=value, bounds=Localized.of(plausible_bounds, measurement),
        )
    return attrs.evolve(base, value=value, confirmed=implausible)


def plausible_bounds(measurement: Measurement) -> str:
    """The plausible marks of an event in words: ``more than 0 and at most 5:00``, ``at most 300``."""
    low, high = measurement.plausible() or (None, None)
    shown = [
        _("at least {low}").format(low=measurement.format(low)) if low is not None
        else _("more than 0") if measurement.kind is MeasureKind.TIME else None,
        _("at most {high}").format(high=measurement.format(high)) if high is not None else None,
    ]
    return _(" and ").join(part for part in shown if part)


def _shown(performance: Performance) -> str | Message:
    """A performance as a refusal names it: its status in the reader's words (弃权 for DNS), its scores or its value."""
    if performance.status is not Status.OK:
        return status_word(performance.status.value) or performance.status.value
    if performance.judges:
        return ",".join(performance.judges)
    return performance.value or ""


def record_performance(
    meet: Meet,
    event_key: str,
    entrant: str,
    given: PerformanceInput,
    *,
    heat: str | None = None,
    attempt: int | None = None,
    extra: bool = False,
    void: bool = False,
    reason: str | None = None,
) -> RecordedPerformance:
    """Check and journal one performance, correction or void; all or nothing."""
    event_key = meet.config.event(event_key).key
    done: list[RecordedPerformance] = []

    def build(state: MeetState) -> list[NewEntry]:
        done.clear()
        recorded, entry = prepare(
            state.event(event_key), entrant, given, heat_ref=heat, attempt=attempt, extra=extra, void=void, reason=reason,
            units=state.config.units,
        )
        done.append(recorded)
        return [entry]

    meet.append(build)
    return done[-1]


def record_performances(
    meet: Meet, event_key: str, items: Sequence[tuple[str, PerformanceInput, int | None]]
) -> list[RecordedPerformance]:
    """Check and journal several performances of one event in one transaction: all or none.

    ``items`` are (entrant, performance, attempt or ``None`` for the next one). Each is
    checked against the state before the batch, so a batch holds performances of heats
    that exist now (e.g. one round), and a slot appears once.
    """
    event_key = meet.config.event(event_key).key
    done: list[RecordedPerformance] = []

    def build(state: MeetState) -> list[NewEntry]:
        done.clear()
        event = state.event(event_key)
        entries: list[NewEntry] = []
        seen: set[tuple[str, str, int, int]] = set()
        for entrant, given, attempt in items:
            recorded, entry = prepare(event, entrant, given, attempt=attempt, units=state.config.units)
            slot = (recorded.heat, recorded.entrant, recorded.attempt, recorded.extra)
            if slot in seen:
                raise StateError(
                    N_("{name} appears twice for attempt {attempt} in one batch."), code="performance.twice_in_batch", target=Target(event=event_key, entrant=recorded.name), name=recorded.name, attempt=recorded.attempt
                )
            seen.add(slot)
            done.append(recorded)
            entries.append(entry)
        return entries

    meet.append(build)
    return list(done)


def simulate_performances(meet: Meet, event_key: str, rng: random.Random) -> int:
    """Record simulated performances in every heat of ``event_key`` until none is waiting (demos, benchmarks)."""
    count = 0
    while True:
        event = meet.state().event(event_key)
        sport = cast(MeasuredSport, event.sport)  # an event with heats has a measured sport (measure.sport.stage_problems)
        waiting = [(stage, heat) for stage in measured_stages(event) for heat in stage.pending_heats()]
        if not waiting:
            return count
        items: list[tuple[str, PerformanceInput, int | None]] = []
        for stage, heat in waiting:
            rules = event.config.rules_for(stage.config, heat.round_name)
            measurement = stage.measurement(heat)
            marks = stage.marks.get(heat.key, {})
            todo = [event.entrants[k] for k in heat.entrants if k not in marks or not marks[k].done]
            made = {k: len(marks[k].attempts) if k in marks else 0 for k in heat.entrants}
            last = measurement.attempts
            if measurement.has_cut and any(made[e.key] < measurement.cut_after for e in todo):
                last = measurement.cut_after  # the attempts after the cut wait until it is made
            first = min((made[e.key] for e in todo), default=last) + 1
            for number in range(first, last + 1):  # a fresh attempt each time (the first as before, for one attempt)
                waiting = [e for e in todo if made[e.key] < number]
                items += [(e.key, given, number) for e, given in sport.simulate_heat(rng, measurement, rules, waiting)]
        count += len(record_performances(meet, event_key, items))
