"""Measured stages as plain data: heats with lanes and marks, and stage rankings (CLI, ``--json``, documents)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal
from typing import Any

from podium.formats.measured import Heat, round_title
from podium.i18n import _
from podium.journal.measured_stage import MeasuredStageState
from podium.journal.state import EventState
from podium.measure.marks import AttemptMark, Mark
from podium.measure.performance import Status
from podium.measure.ranking import Decision, rank_marks
from podium.measure.records import Broken, Record
from podium.measure.rules import MeasureKind, Measurement, format_value
from podium.services.records import broken_records, record_flags


def _name(event: EventState, key: str) -> str:
    entrant = event.entrants.get(key)
    return entrant.name if entrant else key


def _unit(event: EventState, key: str) -> str | None:
    entrant = event.entrants.get(key)
    return entrant.unit if entrant else None


def heat_rows(event: EventState, *, pending: bool = False) -> list[dict[str, Any]]:
    """Every heat of the event's measured stages (or only those still waiting) with lanes and marks."""
    flags = record_flags(event)
    rows = []
    for stage in event.stages:
        if not isinstance(stage, MeasuredStageState):
            continue
        for heat in stage.heats:
            done = heat.key in stage.complete_heats
            if pending and done:
                continue
            rows.append(_heat_row(event, stage, heat, done, flags))
    return rows


def mark_text(mark: Mark, measurement: Measurement) -> str:
    """A mark as shown, its status in the event's words (``NM`` for a field event's no mark)."""
    if mark.status is not Status.OK:
        return measurement.status_text(mark.status)
    return measurement.format(mark.value) if mark.value is not None and not mark.survivor else mark.text


def _heat_row(
    event: EventState, stage: MeasuredStageState, heat: Heat, done: bool, flags: Mapping[tuple[str, str], list[str]]
) -> dict[str, Any]:
    marks = stage.marks.get(heat.key, {})
    measurement = stage.measurement(heat)
    places = {p.entrant: p for p in rank_marks(list(marks.values()), sudden_death=measurement.sudden_death).placings}
    progress = stage.progress.get(heat.key, {})
    corrected = any(r.corrected or r.voids for s, r in stage.records.items() if s[0] == heat.key)
    lanes = []
    for lane in heat.lanes:
        mark = marks.get(lane.entrant)
        placing = places.get(lane.entrant)
        legs = next((p.legs for p in reversed(stage.performances(heat, lane.entrant)) if p.legs), ())
        lanes.append({
            "lane": lane.position,
            "entrant": lane.entrant,
            "name": _name(event, lane.entrant),
            "unit": _unit(event, lane.entrant),
            "mark": mark_text(mark, measurement) if mark else None,
            "status": mark.status.value if mark else None,
            "note": mark.note if mark else "",
            "attempts": [_attempt_text(a, mark, measurement) for a in mark.attempts] if mark else [],
            "winds": [_wind_text(a.wind) for a in mark.attempts] if mark else [],
            "legs": list(legs),
            "place": placing.place if placing else None,
            "qualified": progress.get(lane.entrant, ""),
            "records": flags.get((heat.key, lane.entrant), []),
        })
    return {
        "kind": "heat",
        "number": heat.number,
        "stage": heat.stage,
        "key": heat.key,
        "round": heat.round,
        "round_name": heat.round_name,
        "round_title": round_title(heat.round_name),
        "session": heat.session,
        "status": ("corrected" if corrected else "done") if done else "ready",
        "time_limit": f"{measurement.time_limit.normalize():f}" if measurement.time_limit else None,
        "wind": _race_wind(marks.values()) if measurement.heat_wind else "",
        "time_cap": format_value(MeasureKind.TIME, measurement.time_cap) if measurement.time_cap else None,
        "lanes": lanes,
    }


def _attempt_text(attempt: AttemptMark, mark: Mark, measurement: Measurement) -> str:
    if attempt.status is not Status.OK:
        return measurement.status_text(attempt.status, attempt=True)
    return measurement.attempt_text(attempt) if attempt.value is not None else _("winner")


def _race_wind(marks: Iterable[Mark]) -> str:
    """The wind of a race: its one reading, given with any runner."""
    return next((_wind_text(a.wind) for m in marks for a in m.attempts if a.wind is not None), "")


def _wind_text(wind: Decimal | None) -> str:
    """A wind reading as shown: ``+1.2``, ``-0.4``, ``0.0``; empty when none was taken."""
    if wind is None:
        return ""
    return f"{wind:+.1f}" if wind else "0.0"


def measured_stage_view(event: EventState, stage: MeasuredStageState) -> dict[str, Any]:
    """The ranking of a measured stage with every entrant's marks by round, sudden-death decisions and open ties."""
    standing = stage.standing
    ranking = standing.ranking
    rounds: dict[str, dict[str, str]] = {}
    measurement = stage.measurements[stage.heats[-1].round_name] if stage.heats else None
    for heat in stage.heats:
        title = round_title(heat.round_name)
        for key, mark in stage.marks.get(heat.key, {}).items():
            rounds.setdefault(key, {})[title] = mark_text(mark, stage.measurement(heat))
    flags = record_flags(event)
    last_heat = {key: heat.key for heat in stage.heats for key in heat.entrants}  # where each row's mark comes from
    rows = []
    for placing in ranking.placings:
        key = placing.entrant
        rows.append({
            "place": placing.place,
            "shared": placing.shared,
            "key": key,
            "name": _name(event, key),
            "unit": _unit(event, key),
            "mark": mark_text(placing.mark, measurement) if measurement else placing.mark.text,
            "status": placing.mark.status.value,
            "note": placing.mark.note,
            "round": _reached(stage, standing.reached.get(key, 1)),
            "marks": rounds.get(key, {}),
            "records": flags.get((last_heat.get(key, ""), key), []),
        })
    placed = {p.entrant for p in ranking.placings}
    entrants = [e.key for e in stage.view.entrants]
    return {
        "stage": stage.name,
        "title": stage.config.title.get(),
        "kind": "measured",
        "measure": measurement.kind.value if measurement else None,
        "complete": stage.complete,
        "rows": rows,
        "pending": [_name(event, k) for k in entrants if k not in placed],
        "explain": [_decision(event, d, measurement) for d in ranking.decisions],
        "unresolved": [[_name(event, k) for k in group] for group in ranking.unresolved],
        "heats": [_heat_row(event, stage, heat, heat.key in stage.complete_heats, flags) for heat in stage.heats],
        "records": [_record_row(event, b) for b in broken_records(event) if b.best],
        "standing_records": [_standing(r) for r in event.config.records],
    }


def _record_row(event: EventState, broken: Broken) -> dict[str, Any]:
    """A record this meet broke (or equalled): the new mark, who set it, and the record it replaces."""
    record = broken.record
    return {
        "kind": record.kind, "title": record.title, "flag": broken.flag, "equal": broken.equal,
        "mark": broken.text, "name": _name(event, broken.entrant), "unit": _unit(event, broken.entrant),
        "old": _standing(record),
    }


def _standing(record: Record) -> dict[str, Any]:
    return {"kind": record.kind, "title": record.title, "mark": record.mark, "holder": record.holder,
            "unit": record.unit, "year": record.year}


def _decision(event: EventState, decision: Decision, measurement: Measurement | None) -> dict[str, str]:
    """Why one entrant is above an equal one: a countback value or a sudden-death extra attempt."""
    if decision.countback and measurement is not None:
        label = measurement.countback_label(decision.countback)
        values = [measurement.countback_text(decision.countback, k) for k in (decision.upper_key, decision.lower_key)]
    else:
        label = _("sudden-death extra attempt {number}").format(number=decision.extra)
        values = [_extra_value(k, measurement) for k in (decision.upper_key, decision.lower_key)]
    return {
        "upper": _name(event, decision.upper), "lower": _name(event, decision.lower), "label": label,
        "upper_value": values[0], "lower_value": values[1],
    }


def _reached(stage: MeasuredStageState, number: int) -> str:
    names = [h.round_name for h in stage.heats if h.round == number]
    return round_title(names[0]) if names else ""


def _extra_value(key: Decimal, measurement: Measurement | None) -> str:
    if not key.is_finite() or measurement is None:
        return "—"
    return format_value(measurement.kind, key if measurement.lower_is_better else -key)
