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
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from decimal import Decimal
from typing import TYPE_CHECKING

import attrs

from podium.config.meet import StageConfig
from podium.formats.base import Qualification, StageEntrant, StageView, Table, cut_rows
from podium.formats.knockout import next_entrants
from podium.formats.measured import Heat, MeasuredFormat, MeasuredView, StageRanking
from podium.i18n import Label, _, bilingual
from podium.journal.entries import Entry
from podium.journal.stages import EventFacts, SharedPlaces, StageState, Tiers, by_place, name_of, unit_of
from podium.measure.marks import AttemptMark, Mark, mark
from podium.measure.performance import Performance, Status
from podium.measure.ranking import Decision, Ranking, rank_marks, settle
from podium.measure.records import Broken, Record, Try, set_records
from podium.measure.rules import MeasureKind, Measurement, format_value
from podium.model.entrants import Unit
from podium.views.matches import HeatStatus, HeatView, LaneView, MatchView
from podium.views.standings import (
    Explanation,
    MatchStageStandings,
    MeasuredRow,
    MeasuredStageStandings,
    NewRecord,
    RecordView,
    Tie,
)

if TYPE_CHECKING:
    from podium.config.meet import EventConfig
    from podium.measure.sport import MeasuredSport
    from podium.standings.ledger import Decision as Recorded

Slot = tuple[str, str, int, int]


@attrs.frozen
class PerformanceRecord:
    """The current performance of one slot (``None`` while a voided run waits for its re-run) and its history."""

    slot: Slot
    current: Performance | None
    history: tuple[Entry, ...]

    @property
    def voids(self) -> int:
        return sum(1 for entry in self.history if entry.facts.performance.void)

    @property
    def corrected(self) -> bool:
        return any(entry.reason and not entry.facts.performance.void for entry in self.history)


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
    progress: Mapping[str, Mapping[str, str]] = attrs.field(factory=dict)
    """How entrants went on from each heat (``Q``, ``q``), by heat key: :meth:`MeasuredFormat.progress`."""
    settled: tuple[Recorded, ...] = ()
    """The play-offs and lots recorded for the stage's shared places, oldest first (:func:`podium.measure.ranking.settle`)."""
    finish_orders: Mapping[int, tuple[Recorded, ...]] = attrs.field(factory=dict)
    """Those of :attr:`settled` recorded while a round was run, by round number (:func:`round_orders`)."""

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
        """The entrants placed by their marks who did not reach a later stage, those disqualified (DQ), and those
        who ended the stage without a valid mark (no place here, and none from the round they came through)."""
        placings = [p for p in self.standing.ranking.placings if p.entrant not in later]
        disqualified = {p.entrant for p in placings if p.mark.status is Status.DQ}
        unplaced = {p.entrant for p in placings if p.place is None and p.mark.done}
        return by_place([(p.entrant, p.place) for p in placings if p.place is not None]), disqualified, unplaced

    def shared_places(self, event: EventFacts, table_name: str | None = None) -> list[SharedPlaces]:
        """The places entrants share in the stage's ranking (equal marks no countback or extra attempt separated, and no
        recorded play-off or lots ordered), with those the event must decide (option ``decide``); a measured stage
        has no groups, so none in a group ``table_name``."""
        from podium.standings.table import straddles

        if table_name is not None:
            return []
        ranking = self.standing.ranking
        ties = tuple(ranking.shared())
        cuts = self.config.standings.get("decide", ())
        return [
            SharedPlaces(
                None, frozenset(ranking.order()), ties, tuple((place, group) for place, group in ties if straddles(place, len(group), cuts))
            )
        ]

    def advancing(self, event: EventFacts, order: Sequence[str] = ()) -> Qualification:
        """The placed entrants in the order of the stage's ranking, the first ``through`` of them when that is set."""
        rows = [(p.entrant, p.place) for p in self.standing.ranking.placings if p.place is not None and p.entrant not in event.withdrawn]
        keys, cut = cut_rows(None, rows, self.config.options.get("through"), order)
        return Qualification(tuple(next_entrants({e.key: e for e in self.view.entrants}, keys)), (cut,) if cut else ())

    def item_views(self, event: EventFacts, units: Mapping[str, Unit], *, pending: bool = False) -> list[MatchView | HeatView]:
        """Every heat of the stage (or only those still waiting for marks) with lanes, marks and places."""
        flags = record_flags(event)
        return [
            self._heat_view(event, units, heat, flags) for heat in self.heats if not (pending and heat.key in self.complete_heats)
        ]

    def _heat_view(self, event: EventFacts, units: Mapping[str, Unit], heat: Heat, flags: Mapping[tuple[str, str], list[str]]) -> HeatView:
        marks = self.marks.get(heat.key, {})
        measurement = self.measurement(heat)
        places = {p.entrant: p for p in self._heat_ranking(heat, marks, measurement).placings}
        progress = self.progress.get(heat.key, {})
        after_cut = self.final_order(heat)
        jump_off = any(s[0] == heat.key and s[3] and r.current is not None for s, r in self.records.items())
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
                    mark=_mark_text(found, measurement),
                    status=found.status.value if found else None,
                    still_in=bool(found and found.survivor),
                    note=self._note(heat, lane.entrant) if found and found.note else None,
                    attempts=tuple(_attempt_text(a, measurement) for a in found.attempts) if found else (),
                    winds=tuple(_wind_text(a.wind) for a in found.attempts) if found else (),
                    legs=tuple(legs),
                    place=placing.place if placing else None,
                    qualified=progress.get(lane.entrant) or None,
                    records=tuple(flags.get((heat.key, lane.entrant), ())),
                    next_attempt=_next_attempt(found, measurement, lane.entrant in after_cut),
                    series=None if jump_off else _open_series(self.performances(heat, lane.entrant), measurement),
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
            wind=_race_wind(marks.values()) if measurement.heat_wind else None,
            lanes=tuple(lanes),
            final_order=after_cut,
            in_lanes=self.in_lanes(heat),
            attempts=measurement.attempts,
            wind_readings=("heat" if measurement.heat_wind else "attempt") if measurement.wind else None,
        )

    def _heat_ranking(self, heat: Heat, marks: Mapping[str, Mark], measurement: Measurement) -> Ranking:
        """The places in ``heat`` by its marks. A play-off or lots recorded for the stage orders entrants tied here too
        when this heat is the last round of every one of them in the heat it covers: their marks here are the marks it
        separated (the finish judges' order of a dead heat in a final, World Athletics TR 19, hand timing)."""
        ranking = rank_marks(list(marks.values()), sudden_death=measurement.sudden_death)
        last = {key for key in heat.entrants if self.standing.reached.get(key, heat.round) == heat.round}
        own = self.finish_orders.get(heat.round, ())
        return settle(ranking, [d for d in self.settled if d.group & set(heat.entrants) <= last or d in own])

    def _note(self, heat: Heat, entrant: str) -> Label:
        """Why the entrant's mark in ``heat`` is what it is, in both languages (the mark judged again in each)."""
        performances = self.performances(heat, entrant)
        measurement = self.measurement(heat)

        def note() -> str:
            judged = mark(entrant, performances, measurement, heat_size=len(heat.lanes))
            return judged.note if judged else ""

        return bilingual(note)

    def standings_view(
        self, event: EventFacts, units: Mapping[str, Unit], *, crosstable: bool = True
    ) -> MatchStageStandings | MeasuredStageStandings:
        """The ranking of the stage with every entrant's marks by round, countback and sudden-death decisions, open
        ties, every heat, and the event's records standing and broken (``crosstable`` is for stages of matches)."""
        ranking = self.standing.ranking
        measurement = self.measurements[self.heats[-1].round_name] if self.heats else None
        rounds: dict[str, dict[str, str | None]] = {}
        for heat in self.heats:
            for key, found in self.marks.get(heat.key, {}).items():
                rounds.setdefault(key, {})[heat.round_name] = _mark_text(found, self.measurement(heat))
        flags = record_flags(event)
        last_heat = {key: heat.key for heat in self.heats for key in heat.entrants}  # where each row's mark comes from
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
                    mark=_mark_text(placing.mark, measurement) if measurement else placing.mark.text,
                    status=placing.mark.status.value,
                    still_in=placing.mark.survivor,
                    note=self._ranking_note(key, placing.mark),
                    round=reached,
                    round_name=next((h.round_name for h in self.heats if h.round == reached), ""),
                    marks=rounds.get(key, {}),
                    records=tuple(flags.get((last_heat.get(key, ""), key), ())),
                )
            )
        placed = {p.entrant for p in ranking.placings}
        return MeasuredStageStandings(
            stage=self.name,
            title=self.config.title,
            measure=measurement.kind.value if measurement else None,
            complete=self.complete,
            rows=tuple(rows),
            pending=tuple(name_of(event.entrants, e.key) for e in self.view.entrants if e.key not in placed),
            explain=tuple(_decision(event, d, measurement) for d in ranking.decisions),
            unresolved=tuple(tuple(name_of(event.entrants, k) for k in group) for group in ranking.unresolved),
            ties=self._ties(event),
            heats=tuple(self._heat_view(event, units, heat, flags) for heat in self.heats),
            records=tuple(_new_record(event, units, b) for b in _first_per_entrant(b for b in broken_records(event) if b.best)),
            standing_records=tuple(_record_view(r) for r in event.config.records),
        )

    def _ties(self, event: EventFacts) -> tuple[Tie, ...]:
        """The places entrants share in the stage's ranking, each saying whether the event must decide it."""
        shared = self.shared_places(event)[0]
        decide = set(shared.must_decide)
        return tuple(
            Tie(place, group, tuple(name_of(event.entrants, k) for k in group), (place, group) in decide) for place, group in shared.ties
        )

    def _ranking_note(self, entrant: str, ranked: Mark) -> Label | None:
        """The note of the mark the entrant is ranked by, in both languages (from the heat that gave it)."""
        if not ranked.note:
            return None
        heat = next((h for h in reversed(self.heats) if self.marks.get(h.key, {}).get(entrant) == ranked), None)
        return self._note(heat, entrant) if heat is not None else Label(zh=ranked.note, en=ranked.note)

    def measurement(self, heat: Heat) -> Measurement:
        return self.measurements[heat.round_name]

    def in_lanes(self, heat: Heat) -> bool:
        """Whether ``heat``'s places are places side by side (lanes, the spots of a rope-skipping heat), taken at
        once; a jump, a throw (World Athletics TR 25.5, the order of trials) or a judged performance has an order of
        performance instead, one after another."""
        return self.measurement(heat).kind not in (MeasureKind.DISTANCE, MeasureKind.JUDGED)

    def final_order(self, heat: Heat) -> tuple[str, ...]:
        """Who takes the trials after the cut in ``heat``, in order (World Athletics TR 25.5): :func:`final_trials_order`."""
        return final_trials_order(self.marks.get(heat.key, {}), heat.entrants, self.measurement(heat))

    def record_tries(self) -> list[Try]:
        """Every legal attempt of the stage (:meth:`Measurement.legal`), with when it was made (:func:`when_made`)."""
        tries = []
        for heat in self.heats:
            measurement = self.measurement(heat)
            after_cut = self.final_order(heat)
            for key, found in self.marks.get(heat.key, {}).items():
                for attempt in found.attempts:
                    if attempt.value is None or not measurement.legal(attempt):
                        continue
                    tries.append(Try(
                        key, heat.key, attempt.value, measurement.format(attempt.value), measurement.lower_is_better,
                        when_made(heat, key, attempt.attempt, measurement, after_cut),
                    ))
        return tries

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
    decisions: Sequence[Recorded] = (),
) -> tuple[MeasuredStageState, int]:
    """The measured stage ``config`` from its draw and performance entries; heats are numbered after ``number``.

    The play-offs and lots recorded for the stage (``decisions``, oldest first) order entrants sharing a place in
    its ranking (:func:`podium.measure.ranking.settle`)."""
    histories: dict[Slot, list[Entry]] = {}
    for entry in entries:
        histories.setdefault(entry.facts.performance.slot, []).append(entry)
    records = {
        slot: PerformanceRecord(
            slot,
            None if history[-1].facts.performance.void else history[-1].facts.performance,
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
    sudden_death = sport.measurement(event.rules_for(config, None)).sudden_death
    marks: dict[str, dict[str, Mark]] = {}
    complete: set[str] = set()
    heats: list[Heat] = []
    orders: dict[int, tuple[Recorded, ...]] = {}
    for _attempt in range(64):  # a format adds at most one round per pass
        view = MeasuredView(config.name, config.options, entrants, draw.payload["draw"], marks, frozenset(complete), sudden_death, orders)
        laid_out = fmt.heats(view)
        if laid_out == heats:
            break
        heats = laid_out
        marks, complete = judge_heats(heats, current, measurement)
        orders = round_orders(heats, entries, decisions)
    view = MeasuredView(config.name, config.options, entrants, draw.payload["draw"], marks, frozenset(complete), sudden_death, orders)
    numbered = []
    for heat in heats:
        number += 1
        numbered.append(attrs.evolve(heat, number=number))
    expected = []
    for heat in fmt.expected(view, heats):
        expected.append(attrs.evolve(heat, number=number + len(expected) + 1))
    ranked = fmt.ranking(view, heats)
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
        standing=attrs.evolve(ranked, ranking=settle(ranked.ranking, decisions)),
        settled=tuple(decisions),
        finish_orders=orders,
        measurements=measurements,
        progress=fmt.progress(view, heats),
    )
    return state, number


def round_orders(heats: Sequence[Heat], entries: Sequence[Entry], decisions: Sequence[Recorded]) -> dict[int, tuple[Recorded, ...]]:
    """The play-offs and lots of ``decisions`` recorded while each round was run, by round number: after the round's
    first performance and before the first of a later round. They order runners tied in a heat of that round (with
    hand timing, the finish judges' order, World Athletics TR 19), and so who goes on by place (TR 20.8); a play-off
    recorded for the same runners tied again in a later round leaves this round as it was."""
    orders: dict[int, tuple[Recorded, ...]] = {}
    for number in sorted({heat.round for heat in heats}):
        own = {heat.key for heat in heats if heat.round == number}
        earlier = {heat.key for heat in heats if heat.round <= number}
        start = min((e.seq for e in entries if e.facts.performance.heat in own), default=None)
        end = min((e.seq for e in entries if e.facts.performance.heat not in earlier), default=None)
        if start is not None:
            orders[number] = tuple(d for d in decisions if d.seq is not None and d.seq > start and (end is None or d.seq < end))
    return orders


def judge_heats(
    heats: Sequence[Heat],
    performances: Mapping[tuple[str, str], Sequence[Performance]],
    measurement: Callable[[str], Measurement],
) -> tuple[dict[str, dict[str, Mark]], set[str]]:
    """Marks in every heat, from the current performances by (heat, entrant), and which heats are complete.

    A heat is complete when every entrant has a finished mark; an elimination game when at
    most one entrant is still standing. With a cut (:attr:`Measurement.has_cut`: three trials,
    then three more for the best eight, World Athletics TR 25.5) an entrant outside the cut is
    finished after the first attempts; the cut is made once everyone has made them.
    """
    marks: dict[str, dict[str, Mark]] = {}
    complete: set[str] = set()
    for heat in heats:
        rules = measurement(heat.round_name)
        wind = _heat_wind(heat, performances) if rules.heat_wind else None
        in_heat = {}
        for key in heat.entrants:
            given = performances.get((heat.key, key), ())
            if wind is not None:
                given = [attrs.evolve(p, wind=wind) if p.wind is None and not p.extra else p for p in given]
            found = mark(key, given, rules, heat_size=len(heat.lanes))
            if found is not None:
                in_heat[key] = found
        if rules.has_cut:
            in_heat = _cut(in_heat, len(heat.lanes), rules)
        marks[heat.key] = in_heat
        if rules.kind is MeasureKind.ELIMINATION:
            done = sum(1 for m in in_heat.values() if m.survivor and not m.done) <= 1
        else:
            done = len(in_heat) == len(heat.lanes) and all(m.done for m in in_heat.values())
        if done:
            complete.add(heat.key)
    return marks, complete


def _mark_text(found: Mark | None, measurement: Measurement) -> str | None:
    """A mark as views show it: its value, or its status as the event writes it (``NM`` for a field event's no
    mark); ``None`` without one or while still standing."""
    if found is None or found.survivor:
        return None
    if found.status is not Status.OK:
        return measurement.status_text(found.status)
    return measurement.format(found.value) if found.value is not None else found.text


def _next_attempt(found: Mark | None, measurement: Measurement, after_cut: bool) -> int | None:
    """The attempt an entrant with the mark ``found`` takes next (:attr:`LaneView.next_attempt`): the first not
    recorded; one after the cut only when the entrant is in the order of the trials after it (``after_cut``, World
    Athletics TR 25.5); ``None`` when the mark is finished (every attempt taken, retired, disqualified, outside the
    cut)."""
    if found is not None and found.done:
        return None
    taken = {a.attempt for a in found.attempts} if found is not None else set()
    following = next((n for n in range(1, measurement.attempts + 1) if n not in taken), None)
    if following is not None and measurement.has_cut and following > measurement.cut_after and not after_cut:
        return None
    return following


def _open_series(performances: Sequence[Performance], measurement: Measurement) -> str | None:
    """:attr:`LaneView.series`: the one performance recorded, when it may still go on
    (:meth:`Measurement.goes_on`: a high-jump series of an athlete still in, World Athletics TR 26)."""
    ordinary = [p for p in performances if p.attempt and not p.extra]
    if len(ordinary) != 1 or ordinary[0].status is not Status.OK or not ordinary[0].value:
        return None
    return ordinary[0].value if measurement.goes_on(ordinary[0].value) else None


def _attempt_text(attempt: AttemptMark, measurement: Measurement) -> str:
    """An attempt as views show it: its value, its status as the event writes it (``X`` for a foul), or ``winner``
    (the last one standing)."""
    if attempt.status is not Status.OK:
        return measurement.status_text(attempt.status, attempt=True)
    return measurement.attempt_text(attempt) if attempt.value is not None else "winner"


def _race_wind(marks: Iterable[Mark]) -> str | None:
    """The wind of a race: its one reading, given with any runner."""
    return next((_wind_text(a.wind) for m in marks for a in m.attempts if a.wind is not None), None)


def _wind_text(wind: Decimal | None) -> str:
    """A wind reading as shown: ``+1.2``, ``-0.4``, ``0.0``; empty when none was taken."""
    if wind is None:
        return ""
    return f"{wind:+.1f}" if wind else "0.0"


def _decision(event: EventFacts, decision: Decision, measurement: Measurement | None) -> Explanation:
    """Why one entrant is above an equal one: a countback value, a sudden-death extra attempt, or a recorded play-off
    or drawing of lots (their places in its order, as in the standings of matches)."""
    upper, lower = name_of(event.entrants, decision.upper), name_of(event.entrants, decision.lower)
    if decision.method is not None:
        label = bilingual(lambda: _("play-off") if decision.method == "playoff" else _("drawing of lots (seed {seed})").format(seed=decision.seed))
        return Explanation(upper, lower, decision.upper, decision.lower, "lots", label, int(decision.upper_key), int(decision.lower_key))
    if decision.countback and measurement is not None:
        index = decision.countback
        return Explanation(
            upper, lower, decision.upper, decision.lower, "countback", bilingual(lambda: measurement.countback_label(index)),
            measurement.countback_text(index, decision.upper_key), measurement.countback_text(index, decision.lower_key),
        )
    return Explanation(
        upper, lower, decision.upper, decision.lower, "sudden_death",
        bilingual(lambda: _("sudden-death extra attempt {number}").format(number=decision.extra)),
        _extra_value(decision.upper_key, measurement), _extra_value(decision.lower_key, measurement),
    )


def _extra_value(key: Decimal, measurement: Measurement | None) -> str:
    """A sudden-death extra attempt's value as the event writes it (``—`` for none, ``-`` for one not taken: a pass
    in a jump-off)."""
    if key.is_nan():
        return Status.PASS.value
    if not key.is_finite() or measurement is None:
        return "—"
    return format_value(measurement.kind, key if measurement.lower_is_better else -key)


def _record_view(record: Record) -> RecordView:
    return RecordView(record.kind, bilingual(lambda: record.title), record.mark, record.holder, record.unit, record.year)


def _new_record(event: EventFacts, units: Mapping[str, Unit], broken: Broken) -> NewRecord:
    """A record this meet broke (or equalled): the new mark, who set it, and the record before — for a new record
    the one standing before the meet; for an equalled one the record it equalled, which may be a mark of this meet
    made earlier (:func:`podium.measure.records.set_records`)."""
    record = broken.record
    unit, unit_name = unit_of(event.entrants, units, broken.entrant)
    old = _record_view(record)
    if broken.equal and broken.previous is not None:
        old = RecordView(
            record.kind, old.title, broken.previous.text, name_of(event.entrants, broken.previous.entrant),
            unit_of(event.entrants, units, broken.previous.entrant)[1] or "", None,
        )
    return NewRecord(
        record.kind, bilingual(lambda: record.title), broken.flag, broken.equal, broken.text, broken.entrant,
        name_of(event.entrants, broken.entrant), unit, unit_name, old,
    )


def when_made(
    heat: Heat, entrant: str, attempt: int, measurement: Measurement, after_cut: Sequence[str] = ()
) -> tuple[int, ...]:
    """When an attempt was made, for records (:func:`podium.measure.records.set_records`), in the order Podium knows.

    Heats were run in the order of their numbers (numbered across the event's stages, round after round). The
    runners of a race (one attempt each) finish together: one moment per heat. With several attempts (trials in a
    jump or throw, World Athletics TR 25.5) each round of trials follows the one before, and within a round the
    athletes go in the drawn order, after a cut (``cut_after``) in the order ``after_cut`` (the reverse of the
    ranking after the cut, :func:`final_trials_order`). A high-jump series is recorded whole (one attempt): who
    cleared a height first is not known, so the flight's best heights count as made together."""
    if measurement.attempts == 1:
        return (heat.number,)
    if not measurement.has_cut or attempt <= measurement.cut_after:
        return (heat.number, attempt, heat.lane_of(entrant) or 0)
    return (heat.number, attempt, after_cut.index(entrant) + 1 if entrant in after_cut else 0)


def broken_records(event: EventFacts) -> list[Broken]:
    """The marks of ``event`` that broke or equalled one of its standing records as it stood when each was made,
    per record the new record (``best``) first (:func:`podium.measure.records.set_records`, World Athletics CR 31).
    Every view's record flags come from here."""
    tries = [t for stage in event.stages for t in stage.record_tries()] if event.config.records else []
    found: list[Broken] = []
    for record in event.config.records:
        found += sorted(set_records(record, tries), key=lambda b: not b.best)
    return found


def _first_per_entrant(broken: Iterable[Broken]) -> list[Broken]:
    """Of the marks of one entrant that hold a record at the end, the first (set, then equalled again)."""
    seen: set[tuple[str, str]] = set()
    kept = []
    for b in broken:
        if (b.record.kind, b.entrant) not in seen:
            seen.add((b.record.kind, b.entrant))
            kept.append(b)
    return kept


def record_flags(event: EventFacts) -> dict[tuple[str, str], list[str]]:
    """The record flags of each (heat key, entrant) of ``event``: ``["SR", "MR"]``, ``["=SR"]`` … one per record,
    ``SR`` when any of the entrant's attempts there broke it, else ``=SR`` (:func:`broken_records`)."""
    flags: dict[tuple[str, str], dict[str, str]] = {}
    for broken in broken_records(event):
        kinds = flags.setdefault((broken.heat, broken.entrant), {})
        if kinds.get(broken.record.kind) != broken.record.flag:
            kinds[broken.record.kind] = broken.flag
    return {where: list(kinds.values()) for where, kinds in flags.items()}


def _heat_wind(heat: Heat, performances: Mapping[tuple[str, str], Sequence[Performance]]) -> str | None:
    """The wind of a race, given with any of its runners; of several readings the strongest tailwind counts."""
    readings = [p.wind for key in heat.entrants for p in performances.get((heat.key, key), ()) if p.wind and not p.extra]
    return max(readings, key=Decimal) if readings else None


def outside_cut(marks: Mapping[str, Mark], entrants: int, measurement: Measurement) -> frozenset[str] | None:
    """Who does not go on to the attempts after the cut (``None`` while someone still has first attempts to make).

    The marks after the first :attr:`Measurement.cut_after` attempts are ranked (equal marks separated by
    countback, TR 25.22); the best :attr:`Measurement.cut` go on, and everyone tied at the cut goes on
    (World Athletics TR 25.5). With no more than :attr:`Measurement.cut` athletes, everyone goes on, with or
    without a valid mark so far (TR 25.5: with eight athletes or fewer, each is allowed six trials).
    """
    early: list[Mark] = []
    for key, found in marks.items():
        first = [a for a in found.attempts if a.attempt <= measurement.cut_after]
        stopped = any(a.status in (Status.DQ, Status.DNS, Status.RETIRED) for a in first)
        if len(first) < measurement.cut_after and not stopped:
            return None
        early.append(_early_mark(key, first, measurement))
    if len(early) < entrants:
        return None
    if entrants <= measurement.cut:
        return frozenset()
    going_on = set(rank_marks(early).within(measurement.cut))
    return frozenset(m.entrant for m in early if m.entrant not in going_on)


def final_trials_order(marks: Mapping[str, Mark], drawn: Sequence[str], measurement: Measurement) -> tuple[str, ...]:
    """The order of the trials after the cut (empty while the cut is not made, or without one): those who go on, in
    the reverse order of their ranking after the first :attr:`Measurement.cut_after` trials, the best last; athletes
    tied after countback keep the order they were drawn in (``drawn``), as do those without a valid trial so far, who
    go first (World Athletics TR 25.5). An athlete disqualified or retired in the first trials takes no more."""
    if not measurement.has_cut:
        return ()
    outside = outside_cut(marks, len(drawn), measurement)
    if outside is None:
        return ()
    early = []
    for key in drawn:
        first = [a for a in marks[key].attempts if a.attempt <= measurement.cut_after]
        if key not in outside and not any(a.status in (Status.DQ, Status.DNS, Status.RETIRED) for a in first):
            early.append(_early_mark(key, first, measurement))
    places = {p.entrant: p.place for p in rank_marks(early).placings}
    worst = len(drawn) + 1  # no valid trial: below every place
    return tuple(sorted((m.entrant for m in early), key=lambda key: (-(places[key] or worst), drawn.index(key))))


def _early_mark(key: str, attempts: Sequence[AttemptMark], measurement: Measurement) -> Mark:
    """An entrant's mark from its first attempts alone (the attempts are already judged)."""
    valid = [a for a in attempts if a.status is Status.OK and a.value is not None]
    if not valid:
        return Mark(key, measurement.kind, Status.NR, None, None, tuple(attempts))
    best = min(valid, key=lambda a: (measurement.signed(a.value), a.countback))
    return Mark(key, measurement.kind, Status.OK, best.value, measurement.signed(best.value), tuple(attempts),
                countback=measurement.countback(valid, best))


def _cut(in_heat: dict[str, Mark], entrants: int, measurement: Measurement) -> dict[str, Mark]:
    """Marks of a heat with a cut: those outside it are finished after the first attempts."""
    outside = outside_cut(in_heat, entrants, measurement)
    if outside is None:
        return in_heat
    return {k: attrs.evolve(m, done=True) if k in outside else m for k, m in in_heat.items()}
