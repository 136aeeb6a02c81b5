"""The marks of a meet that break or equal its events' standing records (:mod:`podium.measure.records`)."""

from __future__ import annotations

from decimal import Decimal

import attrs

from podium.journal.measured_stage import MeasuredStageState
from podium.journal.state import EventState
from podium.measure.marks import Mark
from podium.measure.records import Broken
from podium.measure.rules import Measurement


def broken_records(event: EventState) -> list[Broken]:
    """Every performance of ``event`` at least as good as one of its standing records, best first per record: the best
attempt of each mark that may set a record (:meth:`Measurement.legal`) counts."""
    records = event.config.records
    if not records:
        return []
    found: list[Broken] = []
    for record in records:
        hits: list[Broken] = []
        for stage in event.stages:
            if not isinstance(stage, MeasuredStageState):
                continue
            for heat in stage.heats:
                measurement = stage.measurement(heat)
                for key, mark in stage.marks.get(heat.key, {}).items():
                    hit = _best_legal(mark, measurement)
                    if hit is None:
                        continue
                    better = measurement.signed(hit) < measurement.signed(record.value)
                    if better or hit == record.value:
                        hits.append(Broken(record, key, hit, measurement.format(hit), heat.key, not better, measurement.signed(hit)))
        if hits:
            top = min(b.key for b in hits)
            hits = [attrs.evolve(b, best=b.key == top) for b in hits]
            found += sorted(hits, key=lambda b: (not b.best, b.key, b.entrant))
    return found


def _best_legal(mark: Mark, measurement: Measurement) -> Decimal | None:
    """The best attempt of ``mark`` that may set a record, or ``None``."""
    legal = [a.value for a in mark.attempts if a.value is not None and measurement.legal(a)]
    return min(legal, key=measurement.signed) if legal else None


def record_flags(event: EventState) -> dict[tuple[str, str], list[str]]:
    """The record flags of each (heat key, entrant) of ``event``: ``["SR", "MR"]``, ``["=SR"]`` …"""
    flags: dict[tuple[str, str], list[str]] = {}
    for broken in broken_records(event):
        flags.setdefault((broken.heat, broken.entrant), []).append(broken.flag)
    return flags
