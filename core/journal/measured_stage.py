"""Folding ``performance`` journal entries into a measured stage: heats, marks and the stage ranking.

Performances are kept per *slot* (heat, entrant, attempt, sudden-death extra). The
current performance of a slot is its last entry, unless that entry voids the run:
then the slot waits for the re-run, which replaces it (primary-school fun sports-day rules, (1) 4). Corrections are
later entries with a reason. Nothing is overwritten; every entry stays in the history.

Heats depend on marks (a final is formed from the heats' marks) and marks on heats, so
the stage is built to a fixed point: lay out the heats, judge the marks in them, and
ask the format again until no new heat appears.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

import attrs

from podium.config.meet import StageConfig
from podium.formats.base import StageEntrant, StageView
from podium.formats.measured import Heat, MeasuredFormat, MeasuredView, StageRanking
from podium.journal.entries import Entry
from podium.journal.stages import StageState
from podium.measure.marks import Mark, mark
from podium.measure.performance import Performance
from podium.measure.ranking import Ranking
from podium.measure.rules import MeasureKind, Measurement, Ties
from podium.model.matches import Match

if TYPE_CHECKING:
    from podium.config.meet import EventConfig
    from podium.measure.sport import MeasuredSport

Slot = tuple[str, str, int, int]


@attrs.frozen
class PerformanceRecord:
    """The current performance of one slot (``None`` while a voided run waits for its re-run) and its history."""

    slot: Slot
    current: Performance | None
    history: tuple[Entry, ...]

    @property
    def voids(self) -> int:
        return sum(1 for entry in self.history if entry.payload.get("void"))

    @property
    def corrected(self) -> bool:
        return any(entry.reason and not entry.payload.get("void") for entry in self.history)


@attrs.frozen
class MeasuredStageState(StageState):
    """A drawn measured stage: heats, current performances, marks per heat and the stage ranking."""

    heats: tuple[Heat, ...] = ()
    expected_heats: tuple[Heat, ...] = ()
    """Heats still to come whose entrants are not known yet (a final while the heats run), numbered as they
    will be; only the order of play uses them."""
    records: Mapping[Slot, PerformanceRecord] = attrs.field(factory=dict)
    marks: Mapping[str, Mapping[str, Mark]] = attrs.field(factory=dict)
    complete_heats: frozenset[str] = frozenset()
    standing: StageRanking = attrs.field(factory=lambda: StageRanking(Ranking(())))
    measurements: Mapping[str, Measurement] = attrs.field(factory=dict)

    def pending(self) -> list[Match]:
        return []

    @property
    def complete(self) -> bool:
        return bool(self.heats) and all(h.key in self.complete_heats for h in self.heats)

    def pending_heats(self) -> list[Heat]:
        return [h for h in self.heats if h.key not in self.complete_heats]

    def measurement(self, heat: Heat) -> Measurement:
        return self.measurements[heat.round_name]

    def performances(self, heat: Heat, entrant: str) -> list[Performance]:
        """The current performances of ``entrant`` in ``heat`` (attempts and extras)."""
        return [
            r.current for s, r in self.records.items() if s[0] == heat.key and s[1] == entrant and r.current is not None
        ]


def build_measured_stage(
    sport: MeasuredSport,
    event: EventConfig,
    config: StageConfig,
    fmt: MeasuredFormat,
    draw: Entry,
    entries: Sequence[Entry],
    number: int,
) -> tuple[MeasuredStageState, int]:
    """The measured stage ``config`` from its draw and performance entries; heats are numbered after ``number``."""
    histories: dict[Slot, list[Entry]] = {}
    for entry in entries:
        performance = Performance.from_json(entry.payload)
        histories.setdefault(performance.slot, []).append(entry)
    records = {
        slot: PerformanceRecord(
            slot,
            None if history[-1].payload.get("void") else Performance.from_json(history[-1].payload),
            tuple(history),
        )
        for slot, history in histories.items()
    }
    current: dict[tuple[str, str], list[Performance]] = {}
    for slot, record in records.items():
        if record.current is not None:
            current.setdefault((slot[0], slot[1]), []).append(record.current)
    measurements: dict[str, Measurement] = {}

    def measurement(round_name: str) -> Measurement:
        if round_name not in measurements:
            measurements[round_name] = sport.measurement(event.rules_for(config, round_name))
        return measurements[round_name]

    entrants = tuple(StageEntrant(**e) for e in draw.payload["entrants"])
    sudden_death = sport.measurement(event.rules_for(config, None)).ties is Ties.SUDDEN_DEATH
    marks: dict[str, dict[str, Mark]] = {}
    complete: set[str] = set()
    heats: list[Heat] = []
    for _attempt in range(64):  # a format adds at most one round per pass
        view = MeasuredView(config.name, config.options, entrants, draw.payload["draw"], marks, frozenset(complete), sudden_death)
        laid_out = fmt.heats(view)
        if laid_out == heats:
            break
        heats = laid_out
        marks, complete = judge_heats(heats, current, measurement)
    view = MeasuredView(config.name, config.options, entrants, draw.payload["draw"], marks, frozenset(complete), sudden_death)
    numbered = []
    for heat in heats:
        number += 1
        numbered.append(attrs.evolve(heat, number=number))
    expected = []
    for heat in fmt.expected(view, heats):
        expected.append(attrs.evolve(heat, number=number + len(expected) + 1))
    state = MeasuredStageState(
        config=config,
        format=fmt,
        view=StageView(name=config.name, options=config.options, entrants=entrants, draw=draw.payload["draw"]),
        matches=(),
        results={},
        draw_entry=draw,
        heats=tuple(numbered),
        expected_heats=tuple(expected),
        records=records,
        marks=marks,
        complete_heats=frozenset(complete),
        standing=fmt.ranking(view, heats),
        measurements=measurements,
    )
    return state, number


def judge_heats(
    heats: Sequence[Heat],
    performances: Mapping[tuple[str, str], Sequence[Performance]],
    measurement: Callable[[str], Measurement],
) -> tuple[dict[str, dict[str, Mark]], set[str]]:
    """Marks in every heat, from the current performances by (heat, entrant), and which heats are complete.

    A heat is complete when every entrant has a finished mark; an elimination game when at
    most one entrant is still standing.
    """
    marks: dict[str, dict[str, Mark]] = {}
    complete: set[str] = set()
    for heat in heats:
        rules = measurement(heat.round_name)
        in_heat = {}
        for key in heat.entrants:
            found = mark(key, performances.get((heat.key, key), ()), rules, heat_size=len(heat.lanes))
            if found is not None:
                in_heat[key] = found
        marks[heat.key] = in_heat
        if rules.kind is MeasureKind.ELIMINATION:
            done = sum(1 for m in in_heat.values() if m.survivor and not m.done) <= 1
        else:
            done = len(in_heat) == len(heat.lanes) and all(m.done for m in in_heat.values())
        if done:
            complete.add(heat.key)
    return marks, complete
