"""Building the view models of documents from the meet state (pure: no files, no WeasyPrint).

Draws and results feed the draw sheet, the crosstable, the order of play and the score sheets: page
layouts of the views every face shows (:mod:`podium.views`). The results document prints the standings
view itself, and the medal and unit points tables print the sports day's views; certificates come from
the sports day's awards (:mod:`podium.faces.print.award_documents`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from typing import Any

from podium.config.meet import MeetConfig
from podium.faces import wording
from podium.faces.print.bracket import bracket_from_stage, is_bracket
from podium.faces.print.models import (
    CrossRow,
    Crosstable,
    DrawSheet,
    Group,
    Heat,
    Member,
    OrderOfPlay,
    Pairing,
    PairingRound,
    PlayRow,
    RecordRow,
    ScoreSheet,
    Session,
    StageDraw,
    StartHeat,
    StartRow,
    unit_name,
)
from podium.formats.base import round_title as base_round_title
from podium.formats.measured import Heat as MeasuredHeat
from podium.formats.measured import heat_label
from podium.i18n import _
from podium.journal.stages import StageState, cell, side_source, slot_name, table_view
from podium.journal.state import EventState
from podium.model.entrants import BYE, Entrant
from podium.model.matches import Match, MatchContext
from podium.model.outcomes import Outcome
from podium.views.matches import HeatView, MatchStatus, MatchView
from podium.views.schedule import PlanRow, ScheduleView


def _round_title(match: Match) -> str:
    return base_round_title(match.round_name) or _("Round {number}").format(number=match.round)


def draw_sheet(config: MeetConfig, event: EventState) -> DrawSheet:
    """The draw sheet of ``event``: groups with members and seeds, brackets as trees, pairings by round."""
    stages = []
    for stage in event.stages:
        title = stage.config.title.get() if len(event.stages) > 1 else ""
        fmt = stage.format.stage_title(stage.config.options).get()  # 单循环, not the listing's 单循环/双循环
        fmt = "" if fmt == title else fmt  # a stage titled like its format ("Groups · Groups") says it once
        if is_bracket(stage):
            stages.append(StageDraw(title, fmt, bracket=bracket_from_stage(config, event, stage)))
            continue
        seeds = {e.key: e.seed for e in stage.view.entrants}
        groups = [_heat_group(config, event, heat) for heat in stage.heats]  # a measured stage's heats
        for table in stage.tables():  # a stage of matches: its groups
            members = []
            for number, key in enumerate(table.entrants, start=1):
                entrant = event.entrants.get(key)
                members.append(
                    Member(
                        number=number,
                        name=entrant.name if entrant else key,
                        unit=unit_name(config, entrant.unit if entrant else None),
                        seed=seeds.get(key),
                        bib=(entrant.bib or "") if entrant else "",
                    )
                )
            groups.append(Group(title=_("Group {name}").format(name=table.name) if table.name else "", members=tuple(members)))
        stages.append(StageDraw(title, fmt, groups=tuple(groups), rounds=_pairing_rounds(_match_views(event, stage, config), event.outcomes(stage))))
    return DrawSheet(event=event.config.name.get(), sport=event.sport.title.get(), stages=tuple(stages))


def heat_title(heat: MeasuredHeat) -> str:
    """A heat as a sheet names it: its round, the heat within the round, and the number users type
    (``Heats, heat 2 · #2``; a final is ``Final · #7``, never a heat)."""
    name = heat_label(heat)
    return f"{name[:1].upper()}{name[1:]} · #{heat.number}"


def _heat_group(config: MeetConfig, event: EventState, heat: MeasuredHeat) -> Group:
    """A heat of a measured stage as a group: entrants by lane (or performance order)."""
    members = []
    for lane in heat.lanes:
        entrant = event.entrants.get(lane.entrant)
        members.append(
            Member(
                number=lane.position,
                name=entrant.name if entrant else lane.entrant,
                unit=unit_name(config, entrant.unit if entrant else None),
                bib=(entrant.bib or "") if entrant else "",
            )
        )
    return Group(title=heat_title(heat), members=tuple(members), number_label=_("lane / order"))


def _match_views(event: EventState, stage: StageState, config: MeetConfig) -> list[MatchView]:
    """The matches of ``stage`` as every face sees them (:meth:`StageState.item_views`)."""
    return [item for item in stage.item_views(event, config.units) if isinstance(item, MatchView)]


def _by_round(rows: Iterable[MatchView]) -> dict[tuple[str, int], list[MatchView]]:
    """Matches grouped by stage and round, in order of play."""
    rounds: dict[tuple[str, int], list[MatchView]] = {}
    for row in rows:
        rounds.setdefault((row.stage, row.round), []).append(row)
    return rounds


def _round_name(row: MatchView) -> str:
    return base_round_title(row.round_name) or _("Round {number}").format(number=row.round)


def _pairing_rounds(rows: list[MatchView], outcomes: Iterable[tuple[Match, Outcome]]) -> tuple[PairingRound, ...]:
    """The pairings of each round with their results as readers read them (:func:`wording.result`)."""
    played = [r for r in rows if r.status not in (MatchStatus.BYE, MatchStatus.ANNULLED)]
    results = {match.key: wording.result(outcome) for match, outcome in outcomes}
    return tuple(
        PairingRound(
            _round_name(group[0]),
            tuple(
                Pairing(number=r.number, board=board, sides=wording.sides(r), result=results.get(r.key, ""), group=r.group or "")
                for board, r in enumerate(group, start=1)
            ),
        )
        for group in _by_round(played).values()
    )


def crosstables(config: MeetConfig, event: EventState) -> list[Crosstable]:
    """Every round-robin table of ``event``: results from each row's side, points, tie-break columns, places."""
    result = []
    for stage in event.stages:
        tables = stage.tables()  # a measured stage has none
        if not tables or is_bracket(stage):
            continue
        standings = dict(event.standings(stage))
        for table in tables:
            view = table_view(event, config.units, table.name, standings[table.name])
            rows_by_key = {row.key: row for row in view.rows}
            index = {key: i for i, key in enumerate(table.entrants)}
            cells: list[list[list[str]]] = [[[] for _k in table.entrants] for _j in table.entrants]
            for match in table.matches:
                record = stage.results.get(match.key)
                a, b = match.entrants
                if record is None or a not in index or b not in index:
                    continue
                cells[index[a]][index[b]].append(cell(record.outcome))
                cells[index[b]][index[a]].append(cell(record.outcome.mirrored()))
            rows = []
            for i, key in enumerate(table.entrants):
                row = rows_by_key[key]
                rows.append(
                    CrossRow(
                        number=i + 1,
                        name=row.name,
                        unit=row.unit_name or row.unit or "",
                        cells=tuple(None if j == i else " ".join(cells[i][j]) for j in range(len(table.entrants))),
                        points=row.points,
                        values=tuple(wording.value(row.values.get(c.key, "")) for c in view.columns),
                        place=wording.place(row.place, row.shared),
                    )
                )
            stage_title = stage.config.title.get() if len(event.stages) > 1 else ""
            title = " · ".join(t for t in (stage_title, table.name or "") if t)
            notes = [wording.explanation(line) for line in view.explain]
            notes += [
                _("{names} remain tied after the whole chain and share place {place}.").format(names=wording.names(tie.names), place=tie.place)
                for tie in view.ties
            ]
            result.append(Crosstable(title=title, columns=tuple(c.title.get() for c in view.columns), rows=tuple(rows), notes=tuple(notes)))
    return result


def scheduled_order(plan: ScheduleView, events: Iterable[str], *, pending: bool = True) -> OrderOfPlay:
    """The order of play from the schedule (:func:`podium.services.schedule.plan_view`): one block per
    venue and session, each match or heat with its start time and table, court or lane (a heat with its
    entrants); what does not fit the sessions closes the list under its own heading. With ``pending``
    only matches without a result and heats not complete."""
    wanted = set(events)

    def rows(items: Iterable[PlanRow]) -> tuple[PlayRow, ...]:
        found = []
        for r in items:
            if r.event not in wanted or (pending and r.complete):
                continue
            who = wording.who(r)
            found.append(
                PlayRow(
                    number=r.number,
                    event=r.event_name.get(),
                    round=wording.plan_round(r),
                    sides=who if isinstance(who, tuple) else (who, ""),
                    time=r.start.strftime("%H:%M"),
                    place=r.where.get(),
                    across=not isinstance(who, tuple),
                    lanes=tuple(zip(r.lanes, (n or "" for n in r.names), strict=True)) if r.lanes else (),
                )
            )
        return tuple(found)

    sessions = []
    days = {block.date for block in plan.sessions}
    for block in plan.sessions:
        found = rows(block.rows)
        if found:
            title = f"{block.title.get()} {block.start.strftime('%H:%M')}–{block.end.strftime('%H:%M')}"
            sessions.append(Session(title=title, venue=block.venue_name.get(), date=block.date if len(days) > 1 else None, rows=found))
    late = rows(plan.overflow)
    if late:
        sessions.append(Session(title=_("Not within the sessions"), rows=late))
    return OrderOfPlay(title=_("Order of play"), sessions=tuple(sessions))


def order_of_play(config: MeetConfig, events: Iterable[EventState], *, pending: bool = True) -> OrderOfPlay:
    """The order of play without a schedule: one block per event, stage and round, matches in their order.

    A meet with venues and sessions prints :func:`scheduled_order` instead. With ``pending``
    only matches still to be played are listed; byes, walkovers ruled after a withdrawal and
    annulled matches never are.
    """
    listed = (MatchStatus.READY, MatchStatus.WAITING) if pending else (MatchStatus.READY, MatchStatus.WAITING, MatchStatus.DONE, MatchStatus.CORRECTED)
    sessions = []
    for event in events:
        titles = {s.name: s.config.title.get() for s in event.stages} if len(event.stages) > 1 else {}
        rows = [r for stage in event.stages for r in _match_views(event, stage, config) if r.status in listed]
        for (stage, _number), group in _by_round(rows).items():
            name = _round_name(group[0])
            title = " · ".join(t for t in (event.config.name.get(), titles.get(stage, ""), name) if t)
            play = tuple(
                PlayRow(
                    number=r.number, event=event.config.name.get(),
                    round=" · ".join(t for t in (titles.get(stage, ""), _("Group {name}").format(name=r.group) if r.group else "", name) if t),
                    sides=wording.sides(r),
                )
                for r in group
            )
            sessions.append(Session(title=title, venue=config.venue, date=config.date, rows=play))
    return OrderOfPlay(title=_("Order of play"), sessions=tuple(sessions))


def score_sheets(
    config: MeetConfig, event: EventState, *, everything: bool = False, plan: ScheduleView | None = None
) -> list[ScoreSheet]:
    """A score sheet for every match whose sides are known and that has no result yet (all matches with
    ``everything``), with the sport's ``score_sheet_fields`` for the match; with the schedule (``plan``,
    :func:`podium.services.schedule.plan_view`) each has the table or board and the start time the order of
    play gave it (the date too when the meet has several days)."""
    times = _scheduled(plan, "match")
    several_days = _several_days(plan)
    sheets = []
    for stage in event.stages:
        numbers = {m.key: m.number for m in stage.matches}
        for match in stage.matches:
            decided = match.key in stage.results or match.key in stage.rulings
            if match.is_bye or (not everything and (decided or not match.ready)):
                continue
            ctx = event.context(match)
            entrants = [event.entrants.get(e) if e and e != BYE else None for e in match.entrants]
            slot = times.get((event.key, match.number))
            sheets.append(
                ScoreSheet(
                    event=event.config.name.get(),
                    round=_round_title(match),
                    number=match.number,
                    sides=(
                        wording.side(slot_name(event.entrants, match.sides[0]), match.sides[0].entrant, side_source(match.sides[0], numbers)),
                        wording.side(slot_name(event.entrants, match.sides[1]), match.sides[1].entrant, side_source(match.sides[1], numbers)),
                    ),
                    units=(_unit_of(config, entrants[0]), _unit_of(config, entrants[1])),
                    bibs=((entrants[0].bib or "") if entrants[0] else "", (entrants[1].bib or "") if entrants[1] else ""),
                    rules=dict(ctx.rules),
                    members=(_member_names(entrants[0]), _member_names(entrants[1])),
                    fields=dict(event.sport.score_sheet_fields(ctx)),
                    stage=stage.config.title.get() if len(event.stages) > 1 else "",
                    place=slot.where.get() if slot else "",
                    time=_when(slot.start, several_days) if slot else "",
                )
            )
    return sheets


def _when(start: dt.datetime, several_days: bool) -> str:
    """A scheduled start as a sheet prints it: the time (``09:20``), with the date on a meet of several days
    (``04-18 09:20``)."""
    return start.strftime("%m-%d %H:%M" if several_days else "%H:%M")


def blank_sheet(event: EventState) -> ScoreSheet:
    """A score sheet with empty sides (first stage's rules), for matches written in by hand."""
    stage = event.config.stages[0]
    rules = event.config.rules_for(stage, None)
    nobody = Entrant(key="", event=event.key, kind=event.config.kind, name="", members=())
    ctx = MatchContext(event=event.key, rules=rules, sides=(nobody, nobody))
    return ScoreSheet(
        event=event.config.name.get(), round="", number=None, sides=("", ""), rules=dict(rules),
        fields=dict(event.sport.score_sheet_fields(ctx)),
    )


def _unit_of(config: MeetConfig, entrant: Entrant | None) -> str:
    return unit_name(config, entrant.unit) if entrant else ""


def _member_names(entrant: Entrant | None) -> tuple[str, ...]:
    return tuple(p.name for p in entrant.members) if entrant else ()


def heats(config: MeetConfig, event: EventState, lanes: int, plan: ScheduleView | None = None) -> list[Heat]:
    """The heats of the heat recording sheet: the drawn heats of the event's measured stages with their
    lanes, or, before the draw, the entrants in bib order in heats of ``lanes`` lanes; with the schedule
    (``plan``) a drawn heat has its place and start time."""
    drawn = [(stage, heat) for stage in event.stages for heat in stage.heats]
    if drawn:
        times = _scheduled(plan, "heat")
        several_days = _several_days(plan)
        return [
            Heat(
                heat_title(heat), tuple((m.number, m.name, m.unit) for m in group.members), tuple(m.bib for m in group.members),
                place=slot.where.get() if slot else "", time=_when(slot.start, several_days) if slot else "",
                number=heat.number, final_order=_final_order(event, stage, heat),
            )
            for stage, heat in drawn
            for group in (_heat_group(config, event, heat),)
            for slot in (times.get((event.key, heat.number)),)
        ]
    entrants = sorted(event.entrants.values(), key=lambda e: (len(e.bib or ""), e.bib or "", e.key))
    result = []
    for start in range(0, max(len(entrants), 1), lanes):
        chunk = entrants[start : start + lanes]
        rows = [(i + 1, e.name, unit_name(config, e.unit)) for i, e in enumerate(chunk)]
        rows += [(i + 1, "", "") for i in range(len(chunk), lanes)]
        bibs = tuple(e.bib or "" for e in chunk) + ("",) * (lanes - len(chunk))
        result.append(Heat(_("Heat {number}").format(number=start // lanes + 1), tuple(rows), bibs))
    return result


def _final_order(event: EventState, stage: StageState, heat: MeasuredHeat) -> tuple[str, ...]:
    """The names of those who take a jump's or throw's trials after the cut, in order (World Athletics TR 25.5)."""
    return tuple(event.entrants[key].name if key in event.entrants else key for key in stage.final_order(heat))


def meet_context(config: MeetConfig, lang: str) -> Mapping[str, Any]:
    """What every document's header and footer shows about the meet."""
    return {"name": config.name.get(lang), "date": config.date, "organiser": config.organiser, "venue": config.venue}


def _scheduled(plan: ScheduleView | None, kind: str) -> dict[tuple[str, int], PlanRow]:
    """The scheduled row of every ``kind`` (``match`` or ``heat``) in ``plan``
    (:func:`podium.services.schedule.plan_view`), by event and number; what does not fit the sessions too."""
    if plan is None:
        return {}
    rows = [r for block in plan.sessions for r in block.rows] + list(plan.overflow)
    return {(r.event, r.number): r for r in rows if r.kind == kind}


def _several_days(plan: ScheduleView | None) -> bool:
    return plan is not None and len({block.date for block in plan.sessions}) > 1


def _start_rows(config: MeetConfig, event: EventState, heat: HeatView) -> tuple[StartRow, ...]:
    rows = []
    for lane in heat.lanes:
        entrant = event.entrants.get(lane.entrant)
        rows.append(StartRow(
            lane=lane.lane,
            bib=(entrant.bib or "") if entrant else "",
            name=lane.name,
            unit=unit_name(config, lane.unit),
            runners=lane.legs,
        ))
    return tuple(rows)


def start_lists(
    config: MeetConfig, events: Iterable[EventState], plan: ScheduleView | None = None, *,
    pending: bool = False, call_minutes: int = 0,
) -> list[StartHeat]:
    """Every heat of the measured ``events`` whose entrants are known, with lanes, bibs, names, units and a relay's
    declared runners; with a schedule (``plan``) each has its start time and place and they come in time order,
    ``call_minutes`` before the start being the call-room time (检录). With ``pending`` only heats not complete."""
    times = _scheduled(plan, "heat")
    found: list[tuple[tuple[Any, ...], StartHeat]] = []
    for position, event in enumerate(events):
        for stage in event.stages:
            heats = {heat.key: heat for heat in stage.heats}  # a measured stage's heats
            if not heats:
                continue
            for view in stage.item_views(event, config.units, pending=pending):
                if not isinstance(view, HeatView):
                    continue
                row = times.get((event.key, view.number))
                start = row.start if row else None
                call = (start - dt.timedelta(minutes=call_minutes)).strftime("%H:%M") if start and call_minutes else ""
                found.append((
                    (start or dt.datetime.max, position, view.number),
                    StartHeat(
                        event=event.config.name.get(),
                        title=heat_title(heats[view.key]),
                        number=view.number,
                        rows=_start_rows(config, event, view),
                        time=start.strftime("%H:%M") if start else "",
                        place=row.where.get() if row else "",
                        call=call,
                        date=start.date().isoformat() if start else "",
                    ),
                ))
    return [heat for _key, heat in sorted(found, key=lambda item: item[0])]


def records_table(config: MeetConfig, events: Iterable[EventState]) -> list[RecordRow]:
    """The standing records of every event that has some, with the mark of this meet that broke or equalled each."""
    from podium.journal.measured_stage import broken_records
    from podium.measure.records import Broken

    rows = []
    for event in events:
        if not event.config.records:
            continue
        best: dict[str, Broken] = {}
        for found in broken_records(event):  # per record the first mark that holds it at the end: the one that set it
            if found.best:
                best.setdefault(found.record.kind, found)
        for record in event.config.records:
            broken = best.get(record.kind)
            entrant = event.entrants.get(broken.entrant) if broken else None
            rows.append(RecordRow(
                event=event.config.name.get(),
                title=record.title,
                mark=record.mark,
                holder=record.holder,
                unit=record.unit,
                year=record.year,
                new_mark=broken.text if broken else "",
                new_name=(entrant.name if entrant else broken.entrant) if broken else "",
                new_unit=unit_name(config, entrant.unit if entrant else None),
                equal=broken.equal if broken else False,
            ))
    return rows
