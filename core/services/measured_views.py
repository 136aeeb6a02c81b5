"""Measured stages as plain data: heats with lanes and marks, and stage rankings (CLI, ``--json``, documents)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from podium.formats.measured import Heat, round_title
from podium.i18n import _
from podium.journal.measured_stage import MeasuredStageState
from podium.journal.state import EventState
from podium.measure.marks import AttemptMark, Mark
from podium.measure.performance import Status
from podium.measure.ranking import rank_marks
from podium.measure.rules import MeasureKind, Measurement, Ties, format_value


def _name(event: EventState, key: str) -> str:
    entrant = event.entrants.get(key)
    return entrant.name if entrant else key


def _unit(event: EventState, key: str) -> str | None:
    entrant = event.entrants.get(key)
    return entrant.unit if entrant else None


def heat_rows(event: EventState, *, pending: bool = False) -> list[dict[str, Any]]:
    """Every heat of the event's measured stages (or only those still waiting) with lanes and marks."""
    rows = []
    for stage in event.stages:
        if not isinstance(stage, MeasuredStageState):
            continue
        for heat in stage.heats:
            done = heat.key in stage.complete_heats
            if pending and done:
                continue
            rows.append(_heat_row(event, stage, heat, done))
    return rows


def _heat_row(event: EventState, stage: MeasuredStageState, heat: Heat, done: bool) -> dict[str, Any]:
    marks = stage.marks.get(heat.key, {})
    sudden_death = stage.measurement(heat).ties is Ties.SUDDEN_DEATH
    places = {p.entrant: p for p in rank_marks(list(marks.values()), sudden_death=sudden_death).placings}
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
            "mark": mark.text if mark else None,
            "status": mark.status.value if mark else None,
            "note": mark.note if mark else "",
            "attempts": [_attempt_text(a, mark) for a in mark.attempts] if mark else [],
            "legs": list(legs),
            "place": placing.place if placing else None,
        })
    measurement = stage.measurement(heat)
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
        "time_cap": format_value(MeasureKind.TIME, measurement.time_cap) if measurement.time_cap else None,
        "lanes": lanes,
    }


def _attempt_text(attempt: AttemptMark, mark: Mark) -> str:
    if attempt.status is not Status.OK:
        return attempt.status.value
    return format_value(mark.kind, attempt.value) if attempt.value is not None else _("winner")


def measured_stage_view(event: EventState, stage: MeasuredStageState) -> dict[str, Any]:
    """The ranking of a measured stage with every entrant's marks by round, sudden-death decisions and open ties."""
    standing = stage.standing
    ranking = standing.ranking
    rounds: dict[str, dict[str, str]] = {}
    for heat in stage.heats:
        title = round_title(heat.round_name)
        for key, mark in stage.marks.get(heat.key, {}).items():
            rounds.setdefault(key, {})[title] = mark.text
    rows = []
    for placing in ranking.placings:
        key = placing.entrant
        rows.append({
            "place": placing.place,
            "shared": placing.shared,
            "key": key,
            "name": _name(event, key),
            "unit": _unit(event, key),
            "mark": placing.mark.text,
            "status": placing.mark.status.value,
            "note": placing.mark.note,
            "round": _reached(stage, standing.reached.get(key, 1)),
            "marks": rounds.get(key, {}),
        })
    placed = {p.entrant for p in ranking.placings}
    entrants = [e.key for e in stage.view.entrants]
    measurement = stage.measurements[stage.heats[0].round_name] if stage.heats else None
    return {
        "stage": stage.name,
        "title": stage.config.title.get(),
        "kind": "measured",
        "measure": measurement.kind.value if measurement else None,
        "complete": stage.complete,
        "rows": rows,
        "pending": [_name(event, k) for k in entrants if k not in placed],
        "explain": [
            {
                "upper": _name(event, d.upper),
                "lower": _name(event, d.lower),
                "label": _("sudden-death extra attempt {number}").format(number=d.extra),
                "upper_value": _extra_value(d.upper_key, measurement),
                "lower_value": _extra_value(d.lower_key, measurement),
            }
            for d in ranking.decisions
        ],
        "unresolved": [[_name(event, k) for k in group] for group in ranking.unresolved],
    }


def _reached(stage: MeasuredStageState, number: int) -> str:
    names = [h.round_name for h in stage.heats if h.round == number]
    return round_title(names[0]) if names else ""


def _extra_value(key: Decimal, measurement: Measurement | None) -> str:
    if not key.is_finite() or measurement is None:
        return "—"
    return format_value(measurement.kind, key if measurement.lower_is_better else -key)
