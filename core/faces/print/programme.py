"""The programme (秩序册): the booklet a school prints before the day, built from the meet state.

Cover, contents, the schedule by session (each event's rounds with their times and places, from the
order of play), each event with its entry list or its draw (groups, heats with lanes, a knockout's first
round, pairings), the units' rosters with bibs, the call-room lists (who reports when, a heat's entrants
by lane) and the award and points rules of ``meet.toml``. Generic: any event's measured stages give
heats with lanes, so a new measured sport fits in without change. Pure: no files, no WeasyPrint.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from podium.config.meet import MeetConfig, StageConfig
from podium.faces import wording
from podium.faces.print.documents import draw_sheet
from podium.faces.print.models import (
    BracketSection,
    BracketSide,
    Called,
    CallGroup,
    DrawSheet,
    Member,
    Pairing,
    PairingRound,
    Programme,
    ProgrammeEvent,
    Roster,
    RosterLine,
    RuleBlock,
    ScheduleItem,
    ScheduleSession,
    StageDraw,
    unit_name,
)
from podium.faces.print.templating import long_date
from podium.formats.base import Format
from podium.i18n import _, current_language, ngettext
from podium.journal.state import EventState, MeetState
from podium.model.entrants import Entrant, EntrantKind, Gender
from podium.model.numerals import whole_number
from podium.schedule.model import places_text
from podium.sportsday.awards import AwardScheme, Band
from podium.views.schedule import PlanRow, ScheduleView

CALL_MINUTES = 20
"""Minutes before the start that a call-room list calls people (检录)."""


def programme(state: MeetState, *, call_minutes: int = CALL_MINUTES) -> Programme:
    """The programme of the meet as it stands: drawn events show their draw, the others their entry list."""
    config = state.config
    plan = None
    if any(venue.sessions for venue in config.venues.values()):
        from podium.services.schedule import plan_view

        plan = plan_view(state)
    events = [e for e in state.events() if e.entrants]
    return Programme(
        meet=config.name.get(),
        organiser=config.organiser,
        dates=_dates(config, plan),
        venues=config.venue or _(", ").join(v.name.get() for v in config.venues.values()),
        schedule=_schedule(config, plan) if plan else (),
        events=tuple(_event(config, event) for event in events),
        rosters=_rosters(config, events),
        calls=_calls(state, plan, call_minutes) if plan else (),
        rules=_rules(config),
        call_minutes=call_minutes,
    )


def _dates(config: MeetConfig, plan: ScheduleView | None) -> str:
    days = sorted({s.date for s in plan.sessions}) if plan else []
    if not days:
        return long_date(config.date, current_language())
    if len(days) == 1:
        return long_date(days[0], current_language())
    return f"{long_date(days[0], current_language())} – {long_date(days[-1], current_language())}"


def _where(config: MeetConfig, venue: str, rows: Iterable[PlanRow]) -> str:
    """Where ``rows`` of a session at ``venue`` are played, as people read it with the runs of numbers together:
    tables 1, 2, 3 and 5 → 1–3号台、5号台 (Tables 1–3, Table 5)."""
    names = {name for row in rows for name in row.resources}
    return places_text([r for r in config.venues[venue].resources if r.name in names])


def _counted(rows: Sequence[PlanRow]) -> str:
    heats = sum(1 for r in rows if r.kind == "heat")
    if heats:
        return ngettext("{count} heat", "{count} heats", heats).format(count=heats)
    return ngettext("{count} match", "{count} matches", len(rows)).format(count=len(rows))


def _schedule(config: MeetConfig, plan: ScheduleView) -> tuple[ScheduleSession, ...]:
    """Each session with its events' rounds, from the first start to the last end, in the order they start."""
    days = {block.date for block in plan.sessions}
    sessions = []
    for block in plan.sessions:
        if not block.rows:
            continue
        phases: dict[tuple[str, str, str], list[PlanRow]] = {}
        for row in block.rows:
            phases.setdefault((row.event, row.stage, wording.plan_phase(row)), []).append(row)
        items = [
            ScheduleItem(
                start=min(r.start for r in rows).strftime("%H:%M"),
                end=max(r.end for r in rows).strftime("%H:%M"),
                event=rows[0].event_name.get(),
                round=phase,
                place=_where(config, block.venue, rows),
                count=_counted(rows),
            )
            for (_event, _stage, phase), rows in phases.items()
        ]
        sessions.append(
            ScheduleSession(
                title=block.title.get(),
                date=block.date if len(days) > 1 else None,
                time=f"{block.start.strftime('%H:%M')}–{block.end.strftime('%H:%M')}",
                venue=block.venue_name.get(),
                items=tuple(sorted(items, key=lambda i: (i.start, i.end))),
            )
        )
    return tuple(sessions)


def _stage_line(stage: StageConfig, fmt: Format, several: bool) -> str:
    """A stage as the programme lists it: its format as this stage plays it (单循环 or 双循环 by ``cycles``, not the
    format's listing title 单循环/双循环), after the stage's title when the event has several stages and the title is
    not the format's own."""
    played = fmt.stage_title(stage.options).get()
    title = stage.title.get()
    return _("{stage}: {format}").format(stage=title, format=played) if several and title != played else played


def _event(config: MeetConfig, event: EventState) -> ProgrammeEvent:
    several = len(event.config.stages) > 1
    stages = tuple(_stage_line(stage, event.registry.format(stage.format), several) for stage in event.config.stages)
    entrants = sorted(event.entrants.values(), key=lambda e: (list(config.units).index(e.unit) if e.unit in config.units else -1, _bib_order(e.bib)))
    listed = tuple(
        Member(number=i, name=e.name, unit=unit_name(config, e.unit), seed=e.seed, bib=e.bib or "")
        for i, e in enumerate(entrants, start=1)
    )
    draw = _without_trees(draw_sheet(config, event)) if event.drawn else None
    return ProgrammeEvent(
        event.key, event.config.name.get(), event.sport.title.get(), stages, listed, draw, count=event.config.kind.counted(len(listed))
    )


def _bib_order(bib: str | None) -> tuple[int, int, str]:
    number = whole_number(bib or "")
    return (0, number, "") if number is not None else (1, 0, bib or "")


def _without_trees(sheet: DrawSheet) -> DrawSheet:
    """The draw sheet with each knockout tree as the pairings of its first round (the tree is on the draw sheet)."""
    stages = []
    for stage in sheet.stages:
        if stage.bracket is None:
            stages.append(stage)
            continue
        rounds = tuple(_first_round(section) for section in stage.bracket.sections if section.rounds)
        stages.append(StageDraw(stage.title, stage.format, rounds=tuple(r for r in rounds if r.pairings)))
    return attrs.evolve(sheet, stages=tuple(stages))


def _first_round(section: BracketSection) -> PairingRound:
    first = section.rounds[0]
    title = " · ".join(t for t in (section.title, first.title) if t)
    def shown(side: BracketSide) -> str:
        return side.name or (_("bye") if side.bye else side.note)

    pairings = tuple(
        Pairing(number=match.number, board=index, sides=(shown(match.sides[0]), shown(match.sides[1])), result=match.result or "")
        for index, match in enumerate(first.matches, start=1)
    )
    return PairingRound(title, pairings)


def _gender(gender: Gender | None) -> str:
    return {Gender.MALE: _("male"), Gender.FEMALE: _("female")}.get(gender, "") if gender else ""


def _rosters(config: MeetConfig, events: Iterable[EventState]) -> tuple[Roster, ...]:
    """Each unit's people (a student number, else a name, is one person) with bib, gender and events, by bib."""
    people: dict[str, dict[tuple[str, ...], dict[str, Any]]] = {}
    for event in events:
        for entrant in event.entrants.values():
            if entrant.unit is None:
                continue
            for member in entrant.members:
                line = people.setdefault(entrant.unit, {}).setdefault(
                    member.identity(entrant.unit), {"person": member, "bib": "", "events": []}
                )
                line["bib"] = line["bib"] or member.bib or (entrant.bib if entrant.kind is EntrantKind.INDIVIDUAL else "") or ""
                if event.config.name.get() not in line["events"]:
                    line["events"].append(event.config.name.get())
    rosters = []
    for key, unit in config.units.items():
        if key not in people:
            continue
        lines = sorted(people[key].values(), key=lambda p: (_bib_order(p["bib"]), p["person"].name))
        rosters.append(
            Roster(
                unit=unit.name,
                division=unit.division,
                people=tuple(
                    RosterLine(p["bib"], p["person"].name, _gender(p["person"].gender), _(", ").join(p["events"])) for p in lines
                ),
            )
        )
    return tuple(rosters)


def _calls(state: MeetState, plan: ScheduleView, minutes: int) -> tuple[tuple[str, tuple[CallGroup, ...]], ...]:
    """Per session, who reports to the call room when: each heat with its entrants by lane, each round of
    matches with everyone who plays in it (by match number), ``minutes`` before the first start."""
    config = state.config
    sessions = []
    for block in plan.sessions:
        groups: dict[tuple[str, ...], list[PlanRow]] = {}
        for row in block.rows:
            key = (row.event, row.stage, row.match) if row.kind == "heat" else (row.event, row.stage, wording.plan_phase(row))
            groups.setdefault(key, []).append(row)
        calls = []
        for rows in groups.values():
            event = state.event(rows[0].event)
            start = min(r.start for r in rows)
            people = _called(config, event, rows)
            moment = start - dt.timedelta(minutes=minutes)
            calls.append(
                CallGroup(
                    call=moment.strftime("%H:%M"),
                    start=start.strftime("%H:%M"),
                    place=_where(config, block.venue, rows),
                    event=rows[0].event_name.get(),
                    round=wording.plan_round(rows[0]) if rows[0].kind == "heat" else wording.plan_phase(rows[0]),
                    people=people,
                )
            )
        if calls:
            title = f"{block.title.get()} {block.start.strftime('%H:%M')}–{block.end.strftime('%H:%M')} · {block.venue_name.get()}"
            sessions.append((title, tuple(sorted(calls, key=lambda c: (c.call, c.start)))))
    return tuple(sessions)


def _called(config: MeetConfig, event: EventState, rows: Sequence[PlanRow]) -> tuple[Called, ...]:
    def called(position: str, key: str) -> Called:
        entrant: Entrant | None = event.entrants.get(key)
        if entrant is None:
            return Called(position, "", key)
        return Called(position, entrant.bib or "", entrant.name, unit_name(config, entrant.unit))

    if rows[0].kind == "heat":
        row = rows[0]
        return tuple(called(str(lane), key) for lane, key in zip(row.lanes, row.entrants, strict=True))
    seen: dict[str, Called] = {}
    for row in sorted(rows, key=lambda r: r.number):
        for key in row.entrants:
            seen.setdefault(key, called(str(row.number), key))
    return tuple(seen.values())


def _places(first: int, last: int | None) -> str:
    if last is None:
        return _("places {first} and below").format(first=first)
    if first == last:
        return _("place {place}").format(place=first)
    return _("places {first}–{last}").format(first=first, last=last)


def _band(band: Band) -> str:
    if band.kind == "place":
        last = band.last or band.first
        titles = _(", ").join(band.title(p).get() for p in range(band.first, last + 1))
        return _("{places}: {titles}").format(places=_places(band.first, band.last), titles=titles)
    if band.kind == "participation":
        return _("{title}: everyone else ranked").format(title=band.title(band.first).get())
    return _("{title}: {places}").format(title=band.title(band.first).get(), places=_places(band.first, band.last))


def scheme_text(scheme: AwardScheme) -> str:
    """An award scheme in words: its bands, its medals and, when the place stays empty, the disqualification rule."""
    parts = [_band(b) for b in scheme.bands]
    if scheme.medals:
        parts.append(_("medals for {places}").format(places=_places(1, min(scheme.medals, 3))))
    if scheme.disqualified == "vacate":
        parts.append(_("a disqualified entrant's place stays empty"))
    return _("; ").join(parts)


def _number(value: float) -> str:
    return f"{value:g}"


def _rules(config: MeetConfig) -> tuple[RuleBlock, ...]:
    """The award, points and entry rules of ``meet.toml`` in words."""
    by_scheme: dict[str, list[str]] = {}
    for event in config.events.values():
        by_scheme.setdefault(scheme_text(event.awards), []).append(event.name.get())
    awards = [_("{events}: {awards}").format(events=_(", ").join(names), awards=text) for text, names in by_scheme.items()]
    awards.append(_("A disqualified entrant receives no award; unless the place stays empty, those below move up."))
    rule = config.points
    points = [
        _("Places 1–{count} score {points} points for their unit.").format(
            count=len(rule.places), points=_(", ").join(_number(p) for p in rule.places)
        ),
        _("Entrants sharing a place share the points of the places they cover."),
    ]
    if rule.pair != 1:
        points.append(_("Pair events count {factor} times.").format(factor=_number(rule.pair)))
    if rule.team != 1:
        points.append(_("Team events count {factor} times.").format(factor=_number(rule.team)))
    for event in config.events.values():
        if not event.points.counts:
            points.append(_("{event} scores no unit points.").format(event=event.name.get()))
            continue
        if event.points.places is not None:
            points.append(_("{event} scores {points} points for places 1–{count}.").format(
                event=event.name.get(), points=_(", ").join(_number(p) for p in event.points.places), count=len(event.points.places)))
        if event.points.multiplier is not None:
            points.append(_("{event} counts {factor} times.").format(event=event.name.get(), factor=_number(event.points.multiplier)))
    points.append(
        _("Equal totals: more first places rank higher, then more second places, and so on.") if rule.tie == "countback"
        else _("Equal totals share the place.")
    )
    if config.divisions:
        points.append(_("Units are ranked within their division: {divisions}.").format(divisions=_(", ").join(config.divisions)))
    blocks = [RuleBlock(_("Awards"), tuple(awards)), RuleBlock(_("Unit points"), tuple(points))]
    if config.entries.max_events_per_person is not None:
        count = config.entries.max_events_per_person
        lines = [ngettext("Each person may enter at most {count} event.", "Each person may enter at most {count} events.", count).format(count=count)]
        counted = config.entries.count_kinds
        if counted != frozenset(EntrantKind):  # relays and tug of war left out: the limit must say so
            lines.append(_("Only {kinds} events count towards it.").format(kinds=_(", ").join(k.title for k in EntrantKind if k in counted)))
        blocks.append(RuleBlock(_("Entries"), tuple(lines)))
    return tuple(blocks)
