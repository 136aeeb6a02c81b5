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

import datetime as dt
from collections.abc import Callable, Iterator, Mapping, Sequence
from decimal import Decimal
from typing import TYPE_CHECKING

import attrs

from podium.config.meet import StageConfig
from podium.formats.base import Qualification, StageEntrant, StageView, Table, cut_rows
from podium.formats.knockout import next_entrants
from podium.formats.measured import Heat, MeasuredFormat, MeasuredView, StageRanking
from podium.i18n import Label, _, bilingual
from podium.journal.entries import Entry
from podium.journal.stages import EventFacts, StageState, Tiers, by_place, name_of, unit_of
from podium.measure.marks import AttemptMark, Mark, mark
from podium.measure.performance import Performance, Status
from podium.measure.ranking import Ranking, rank_marks
from podium.measure.rules import MeasureKind, Measurement, Ties, format_value
from podium.model.entrants import Unit
from podium.views.matches import HeatStatus, HeatView, LaneView, MatchView
from podium.views.standings import Explanation, MatchStageStandings, MeasuredRow, MeasuredStageStandings

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
    """A drawn measured stage: heats, current performances, marks per heat and the stage ranking.

    It answers the questions of every stage (:class:`~podium.journal.stages.StageState`) from its heats and
    marks: it is complete when every heat is, it ranks by marks and sends on the best ``through``.
    """

    records: Mapping[Slot, PerformanceRecord] = attrs.field(factory=dict)
    marks: Mapping[str, Mapping[str, Mark]] = attrs.field(factory=dict)
    complete_heats: frozenset[str] = frozenset()
    standing: StageRanking = attrs.field(factory=lambda: StageRanking(Ranking(())))
    measurements: Mapping[str, Measurement] = attrs.field(factory=dict)

    @property
    def complete(self) -> bool:
        return bool(self.heats) and all(h.key in self.complete_heats for h in self.heats)

    def pending_heats(self) -> list[Heat]:
        return [h for h in self.heats if h.key not in self.complete_heats]

    @property
    def has_results(self) -> bool:
        return bool(self.records)

    def done(self, key: str) -> bool:
        """Whether every entrant of the heat ``key`` has a mark."""
        return key in self.complete_heats

    def played_at(self) -> Iterator[tuple[str, dt.datetime]]:
        """Every entrant with the time each performance of theirs was first recorded."""
        for slot, record in self.records.items():
            yield slot[1], record.history[0].at

    def tables(self) -> list[Table]:
        """None: a measured stage ranks by marks, not in tables of standings."""
        return []

    def tiers(self, event: EventFacts, later: set[str]) -> Tiers:
        """The entrants placed by their marks who did not reach a later stage, and those disqualified (DQ)."""
        placings = [p for p in self.standing.ranking.placings if p.entrant not in later]
        disqualified = {p.entrant for p in placings if p.mark.status is Status.DQ}
        return by_place([(p.entrant, p.place) for p in placings if p.place is not None]), disqualified

    def advancing(self, event: EventFacts, order: Sequence[str] = ()) -> Qualification:
        """The placed entrants in the order of the stage's ranking, the first ``through`` of them when that is set."""
        rows = [(p.entrant, p.place) for p in self.standing.ranking.placings if p.place is not None and p.entrant not in event.withdrawn]
        keys, cut = cut_rows(None, rows, self.config.options.get("through"), order)
        return Qualification(tuple(next_entrants({e.key: e for e in self.view.entrants}, keys)), (cut,) if cut else ())

    def item_views(self, event: EventFacts, units: Mapping[str, Unit], *, pending: bool = False) -> list[MatchView | HeatView]:
        """Every heat of the stage (or only those still waiting for marks) with lanes, marks and places."""
        return [self._heat_view(event, units, heat) for heat in self.heats if not (pending and heat.key in self.complete_heats)]

    def _heat_view(self, event: EventFacts, units: Mapping[str, Unit], heat: Heat) -> HeatView:
        marks = self.marks.get(heat.key, {})
        measurement = self.measurement(heat)
        places = {p.entrant: p for p in rank_marks(list(marks.values()), sudden_death=measurement.ties is Ties.SUDDEN_DEATH).placings}
        lanes = []
        for lane in heat.lanes:
            found = marks.get(lane.entrant)
            placing = places.get(lane.entrant)
            legs = next((p.legs for p in reversed(self.performances(heat, lane.entrant)) if p.legs), ())
            lanes.append(
                LaneView(
                    lane=lane.position,
                    entrant=lane.entrant,
                    name=name_of(event.entrants, lane.entrant),
                    unit=unit_of(event.entrants, units, lane.entrant)[0],
                    unit_name=unit_of(event.entrants, units, lane.entrant)[1],
                    mark=_mark_text(found),
                    status=found.status.value if found else None,
                    still_in=bool(found and found.survivor),
                    note=self._note(heat, lane.entrant) if found and found.note else None,
                    attempts=tuple(_attempt_text(a, found) for a in found.attempts) if found else (),
                    legs=tuple(legs),
                    place=placing.place if placing else None,
                )
            )
        if heat.key not in self.complete_heats:
            status = HeatStatus.READY
        elif any(r.corrected or r.voids for s, r in self.records.items() if s[0] == heat.key):
            status = HeatStatus.CORRECTED
        else:
            status = HeatStatus.DONE
        return HeatView(
            number=heat.number,
            stage=heat.stage,
            key=heat.key,
            round=heat.round,
            round_name=heat.round_name,
            session=heat.session,
            status=status,
            time_limit=f"{measurement.time_limit.normalize():f}" if measurement.time_limit else None,
            time_cap=format_value(MeasureKind.TIME, measurement.time_cap) if measurement.time_cap else None,
            lanes=tuple(lanes),
        )

    def _note(self, heat: Heat, entrant: str) -> Label:
        """Why the entrant's mark in ``heat`` is what it is, in both languages (the mark judged again in each)."""
        performances = self.performances(heat, entrant)
        measurement = self.measurement(heat)

        def note() -> str:
            judged = mark(entrant, performances, measurement, heat_size=len(heat.lanes))
            return judged.note if judged else ""

        return bilingual(note)

    def standings_view(self, event: EventFacts, units: Mapping[str, Unit]) -> MatchStageStandings | MeasuredStageStandings:
        """The ranking of the stage with every entrant's marks by round, sudden-death decisions and open ties."""
        ranking = self.standing.ranking
        rounds: dict[str, dict[str, str | None]] = {}
        for heat in self.heats:
            for key, found in self.marks.get(heat.key, {}).items():
                rounds.setdefault(key, {})[heat.round_name] = _mark_text(found)
        rows = []
        for placing in ranking.placings:
            key = placing.entrant
            reached = self.standing.reached.get(key, 1)
            rows.append(
                MeasuredRow(
                    place=placing.place,
                    shared=placing.shared,
                    key=key,
                    name=name_of(event.entrants, key),
                    unit=unit_of(event.entrants, units, key)[0],
                    unit_name=unit_of(event.entrants, units, key)[1],
                    mark=_mark_text(placing.mark),
                    status=placing.mark.status.value,
                    still_in=placing.mark.survivor,
                    note=self._ranking_note(key, placing.mark),
                    round=reached,
                    round_name=next((h.round_name for h in self.heats if h.round == reached), ""),
                    marks=rounds.get(key, {}),
                )
            )
        placed = {p.entrant for p in ranking.placings}
        measurement = self.measurements[self.heats[0].round_name] if self.heats else None
        return MeasuredStageStandings(
            stage=self.name,
            title=self.config.title,
            measure=measurement.kind.value if measurement else None,
            complete=self.complete,
            rows=tuple(rows),
            pending=tuple(name_of(event.entrants, e.key) for e in self.view.entrants if e.key not in placed),
            explain=tuple(
                Explanation(
                    name_of(event.entrants, d.upper), name_of(event.entrants, d.lower), d.upper, d.lower, "sudden_death",
                    bilingual(lambda d=d: _("sudden-death extra attempt {number}").format(number=d.extra)),
                    _extra_value(d.upper_key, measurement), _extra_value(d.lower_key, measurement),
                )
                for d in ranking.decisions
            ),
            unresolved=tuple(tuple(name_of(event.entrants, k) for k in group) for group in ranking.unresolved),
        )

    def _ranking_note(self, entrant: str, ranked: Mark) -> Label | None:
        """The note of the mark the entrant is ranked by, in both languages (from the heat that gave it)."""
        if not ranked.note:
            return None
        heat = next((h for h in reversed(self.heats) if self.marks.get(h.key, {}).get(entrant) == ranked), None)
        return self._note(heat, entrant) if heat is not None else Label(zh=ranked.note, en=ranked.note)

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


def _mark_text(found: Mark | None) -> str | None:
    """A mark as views show it: its value or status; ``None`` without one or while still standing."""
    if found is None or found.survivor:
        return None
    return found.text


def _attempt_text(attempt: AttemptMark, found: Mark) -> str:
    """An attempt as views show it: its value, its status, or ``winner`` (the last one standing)."""
    if attempt.status is not Status.OK:
        return attempt.status.value
    return format_value(found.kind, attempt.value) if attempt.value is not None else "winner"


def _extra_value(key: Decimal, measurement: Measurement | None) -> str:
    """A sudden-death extra attempt's value as the event writes it (``—`` for none)."""
    if not key.is_finite() or measurement is None:
        return "—"
    return format_value(measurement.kind, key if measurement.lower_is_better else -key)
