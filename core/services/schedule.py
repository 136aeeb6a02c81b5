"""The order of play of a meet: the plan, pins and moves in the journal, and the state of play now.

The plan is derived, never stored: it is recomputed from the drawn matches, the
venues and sessions of ``meet.toml`` and the pins in the journal (``Kind.SCHEDULE``),
so it is the same however often it is asked for. Results do not move it; ``--now``
compares it with the results entered so far and the clock.
"""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from podium.errors import NotFound, PodiumError, StateError, Target
from podium.formats.measured import Heat
from podium.i18n import N_, Label, Message, bilingual
from podium.journal.entries import Kind
from podium.journal.kinds import SPECS, ScheduleFacts
from podium.journal.stages import name_of, side_source, slot_name
from podium.journal.state import EventState, MeetState
from podium.model.entrants import BYE
from podium.model.inputs import typed_text
from podium.model.matches import Match
from podium.schedule.engine import build_plan
from podium.schedule.forecast import forecast
from podium.schedule.jobs import entrant_people, job_key, meet_jobs
from podium.schedule.model import Resource, places_listed, places_text, resources_named
from podium.schedule.plan import Booking, Pin, Plan
from podium.services.meet import Meet, NewEntry
from podium.services.performances import find_heat
from podium.views.answers import Pinned, Unpinned
from podium.views.schedule import (
    DroppedPin,
    NowView,
    Overrun,
    PlanRow,
    ScheduleView,
    SessionView,
    UnplacedItem,
)


def pins(state: MeetState) -> list[Pin]:
    """The pins in force: the last pin or unpin of each match wins."""
    found: dict[str, Pin | None] = {}
    for entry in state.journal:
        if entry.kind is not Kind.SCHEDULE or entry.event is None:
            continue
        pinned: ScheduleFacts = entry.facts
        key = job_key(entry.event, pinned.stage, pinned.match)
        if pinned.unpin:
            found[key] = None
        else:
            found[key] = Pin(key, dt.datetime.fromisoformat(pinned.at or ""), pinned.resources or ())
    return [pin for pin in found.values() if pin is not None]


def meet_plan(state: MeetState, extra: Iterable[Pin] = ()) -> Plan:
    """The order of play of every drawn match of the meet, honouring the pins (and ``extra`` pins)."""
    config = state.config
    resources = [r for venue in config.venues.values() for r in venue.resources]
    sessions = [s for venue in config.venues.values() for s in venue.sessions]
    given = {p.job: p for p in (*pins(state), *extra)}
    return build_plan(meet_jobs(state), resources, sessions, list(given.values()), changeover=config.schedule.changeover)


def _need_venues(state: MeetState) -> None:
    if not any(venue.sessions for venue in state.config.venues.values()):
        raise PodiumError(
            N_("meet.toml has no venues with sessions; add [venues.NAME] with resources and [[venues.NAME.sessions]] (see docs/sportsday.md)."), code="schedule.no_venues", target=Target(file="meet.toml", option="venues")
        )


def parse_moment(text: str, state: MeetState) -> dt.datetime:
    """``2026-05-20 09:30``, or ``09:30`` on the meet's only day of play.

    Typed as on a Chinese keyboard too: full-width digits and colons (``０９：３０``) are read in
    their NFKC form, and an hour may have one digit (``9:30``).
    """
    text = unicodedata.normalize("NFKC", typed_text(text)).strip().replace("T", " ")
    text = re.sub(r"(?<!\d)(\d):(\d\d)\b", r"0\1:\2", text)
    try:
        return dt.datetime.fromisoformat(text).replace(second=0, microsecond=0)
    except ValueError:
        pass
    days = sorted({s.start.date() for venue in state.config.venues.values() for s in venue.sessions})
    try:
        moment = dt.time.fromisoformat(text)
    except ValueError:
        raise PodiumError(N_("'{text}' is not a time like 09:30 or 2026-05-20 09:30."), code="schedule.time_invalid", target=Target(argument="at"), text=text) from None
    if len(days) != 1:
        raise PodiumError(
            N_("The meet plays on several days ({days}); give the date too, like {example}."), code="schedule.date_needed", target=Target(argument="at"), days=", ".join(d.isoformat() for d in days) or Message(N_("none")), example=f"{(days or [dt.date.today()])[0]} {text}"
        )
    return dt.datetime.combine(days[0], moment)


@attrs.frozen
class Listed:
    """A match or a heat of an event, as the order of play lists it and users name it (by its number)."""

    event: str
    stage: str
    key: str
    number: int
    match: Match | None = None
    heat: Heat | None = None
    ahead: str | None = None
    """For a match or heat of a stage not drawn yet (:mod:`podium.schedule.forecast`): the stage before it."""

    @property
    def job(self) -> str:
        return job_key(self.event, self.stage, self.key)

    @property
    def is_heat(self) -> bool:
        return self.heat is not None


def find_listed(event: EventState, reference: str) -> Listed:
    """The match or heat of ``event`` numbered ``reference`` (``12``, ``#12``) or with that key (``R2.3``, ``H2``)."""
    try:
        match = event.match(reference)
    except NotFound:
        if not any(stage.heats for stage in event.stages):
            raise
        try:
            stage, heat = find_heat(event, reference)
        except NotFound:
            text = reference.strip().lstrip("#")
            expected = [(s, h) for s in event.stages for h in s.expected_heats if text in (str(h.number), h.key)]
            if not expected:
                raise
            stage, heat = expected[0]  # a final not laid out yet can be pinned already
        return Listed(event.key, stage.name, heat.key, heat.number, heat=heat)
    return Listed(event.key, match.stage, match.key, match.number, match=match)


def _done(event: EventState, listed: Listed) -> bool:
    """True when the match has a result or the heat is complete."""
    return listed.ahead is None and event.stage(listed.stage).done(listed.key)


def pin_match(meet: Meet, event_key: str, reference: str, at: str, resources: Iterable[str] = ()) -> Pinned:
    """Fix a match or a heat at a time (and on resources); refused with the reason when the pin cannot hold."""
    event_key = meet.config.event(event_key).key
    done: list[Pinned] = []

    def build(state: MeetState) -> list[NewEntry]:
        _need_venues(state)
        event = state.event(event_key)
        listed = find_listed(event, reference)
        if listed.match is not None and listed.match.is_bye:
            raise StateError(N_("match {number} is a bye; it needs no place in the order of play."), code="schedule.match_bye", target=Target(event=event_key, stage=listed.stage, match=listed.number), number=listed.number)
        target = Target(event=event_key, stage=listed.stage, match=listed.number)
        if _done(event, listed) and listed.is_heat:
            raise StateError(
                N_("heat {number} is complete; it needs no place in the order of play."), code="schedule.heat_complete",
                number=listed.number, target=target,
            )
        if _done(event, listed):
            raise StateError(
                N_("match {number} already has a result; it needs no place in the order of play."), code="schedule.match_played",
                number=listed.number, target=target,
            )
        if listed.match is not None and listed.match.key in event.stage(listed.stage).rulings:
            raise StateError(
                N_("match {number} was settled by a withdrawal (a walkover or an annulled match); it needs no place in the order of play."), code="schedule.match_settled_by_withdrawal", target=target, number=listed.number
            )
        start = parse_moment(at, state)
        names = tuple(_resource_key(state, name) for name in resources)
        plan = meet_plan(state, [Pin(listed.job, start, names)])
        refused = next((d for d in plan.dropped if d.pin.job == listed.job), None)
        if refused is not None and listed.is_heat:
            raise StateError(
                N_("heat {number} cannot be pinned at {start}: {reason}."), code="schedule.heat_pin_refused",
                number=listed.number, start=start.strftime("%Y-%m-%d %H:%M"), reason=refused.reason, target=target,
            )
        if refused is not None:
            raise StateError(
                N_("match {number} cannot be pinned at {start}: {reason}."), code="schedule.match_pin_refused",
                number=listed.number, start=start.strftime("%Y-%m-%d %H:%M"), reason=refused.reason, target=target,
            )
        booking = plan.booking(listed.job)
        assert booking is not None
        done.clear()
        done.append(
            Pinned(
                event_key, event.config.name, _kind(listed), listed.number, listed.key, booking.start,
                tuple(r.split("/", 1)[1] for r in booking.resources), tuple(_resource(state, r).title for r in booking.resources),
            )
        )
        return [SPECS[Kind.SCHEDULE].entry(event_key, ScheduleFacts(listed.stage, listed.key, start.isoformat(), tuple(names)))]

    meet.append(build)
    return done[-1]


def unpin_match(meet: Meet, event_key: str, reference: str) -> Unpinned:
    """Let the scheduler place a pinned match or heat again."""
    event_key = meet.config.event(event_key).key
    done: list[Unpinned] = []

    def build(state: MeetState) -> list[NewEntry]:
        listed = find_listed(state.event(event_key), reference)
        target = Target(event=event_key, stage=listed.stage, match=listed.number)
        if not any(p.job == listed.job for p in pins(state)) and listed.is_heat:
            raise StateError(N_("heat {number} is not pinned."), code="schedule.heat_not_pinned", number=listed.number, target=target)
        if not any(p.job == listed.job for p in pins(state)):
            raise StateError(N_("match {number} is not pinned."), code="schedule.match_not_pinned", number=listed.number, target=target)
        done.append(Unpinned(event_key, meet.config.event(event_key).name, _kind(listed), listed.number, listed.key))
        return [SPECS[Kind.SCHEDULE].entry(event_key, ScheduleFacts(listed.stage, listed.key, unpin=True))]

    meet.append(build)
    return done[-1]


def _kind(listed: Listed) -> str:
    return "heat" if listed.is_heat else "match"


def _resource(state: MeetState, key: str) -> Resource:
    """The resource of ``key`` (``gym/T3``)."""
    venue, name = key.split("/", 1)
    found = state.config.venues[venue].resource(name)
    assert found is not None
    return found


def _resource_key(state: MeetState, name: str) -> str:
    """The key of the resource ``name`` names: as pins know it (T3, ``gym/T3``) or as people read it (3号台, Table 3)."""
    every = [r for venue in state.config.venues.values() for r in venue.resources]
    found = resources_named(every, name)
    if len(found) != 1:
        raise PodiumError(
            N_("'{name}' names no single resource; resources: {valid}."), code="schedule.resource_unknown", target=Target(argument="on"),
            name=name, valid=places_listed(every, keyed=len(state.config.venues) > 1),
        )
    return found[0].key


def _local(moment: dt.datetime) -> dt.datetime:
    """A journal time (UTC) as local wall-clock time, comparable with session times."""
    return moment.astimezone().replace(tzinfo=None, second=0, microsecond=0) if moment.tzinfo else moment


class _Index:
    """Matches and heats of the meet by job key, with names for printing."""

    def __init__(self, state: MeetState) -> None:
        self.events: dict[str, EventState] = {e.key: e for e in state.events()}
        self.resources: dict[str, Resource] = {r.key: r for venue in state.config.venues.values() for r in venue.resources}
        self.items: dict[str, tuple[EventState, Listed]] = {}
        self.numbers: dict[str, dict[tuple[str, str], int]] = {}
        self.heats_in_round: dict[tuple[str, str, int], int] = {}
        for event in self.events.values():
            self.numbers[event.key] = {(m.stage, m.key): m.number for m in event.matches()}
            for stage in event.stages:
                for match in stage.matches:
                    listed = Listed(event.key, stage.name, match.key, match.number, match=match)
                    self.items[listed.job] = (event, listed)
                for heat in stage.heats + stage.expected_heats:
                    listed = Listed(event.key, stage.name, heat.key, heat.number, heat=heat)
                    self.items[listed.job] = (event, listed)
                    counted = (event.key, stage.name, heat.round)
                    self.heats_in_round[counted] = self.heats_in_round.get(counted, 0) + 1
            for ahead in forecast(event):
                before = event.config.stages[ahead.index - 1].name
                for match in ahead.matches:
                    listed = Listed(event.key, ahead.stage, match.key, match.number, match=match, ahead=before)
                    self.items[listed.job] = (event, listed)
                for heat in ahead.heats:
                    listed = Listed(event.key, ahead.stage, heat.key, heat.number, heat=heat, ahead=before)
                    self.items[listed.job] = (event, listed)
                    counted = (event.key, ahead.stage, heat.round)
                    self.heats_in_round[counted] = self.heats_in_round.get(counted, 0) + 1

    def event_of(self, key: str) -> str:
        return self.items[key][0].key

    def item(self, key: str) -> dict[str, Any]:
        """The match or heat of job ``key`` as the fields of a :class:`~podium.views.schedule.PlanItem`."""
        event, listed = self.items[key]
        stages = event.config.stages
        common = {
            "event": event.key, "event_name": event.config.name, "entrant_kind": event.config.kind, "stage": listed.stage, "match": listed.key, "number": listed.number,
            "stage_title": event.config.stage(listed.stage).title if len(stages) > 1 else None,
        }
        if listed.ahead is not None or listed.heat is not None:
            part = listed.heat or listed.match
            assert part is not None
            heat = listed.heat
            drawn = listed.ahead is None and heat is not None
            siblings = self.heats_in_round.get((event.key, listed.stage, part.round), 1) if heat is not None else 1
            return common | {
                "kind": _kind(listed), "round": part.round, "round_name": part.round_name, "group": getattr(part, "group", None),
                "heat": heat.session if heat is not None and siblings > 1 else None,
                "names": tuple(name_of(event.entrants, k) for k in heat.entrants) if drawn and heat is not None else (),
                "sources": (),
                "lanes": tuple(lane.position for lane in heat.lanes) if drawn and heat is not None else (),
                "entrants": tuple(heat.entrants) if drawn and heat is not None else (),
                "ahead": listed.ahead, "ahead_title": _stage_title(event, listed.ahead) if listed.ahead is not None else None,
                "result": None, "reading": None, "complete": _done(event, listed),
            }
        match = listed.match
        assert match is not None
        stage = event.stage(match.stage)
        record = stage.results.get(match.key)
        numbers = {m.key: m.number for m in stage.matches}
        return common | {
            "kind": "match", "round": match.round, "round_name": match.round_name, "group": match.group, "heat": None,
            "names": tuple(slot_name(event.entrants, slot) for slot in match.sides),
            "sources": tuple(side_source(slot, numbers) for slot in match.sides),
            "lanes": (), "entrants": tuple(slot.entrant for slot in match.sides if slot.entrant is not None and slot.entrant != BYE),
            "ahead": None, "ahead_title": None, "result": record.text if record is not None else None,
            "reading": stage.reading_of(match.key), "complete": record is not None,
        }


def _stage_title(event: EventState, name: str) -> Label:
    """The title of the event's stage ``name`` (its key when the event has no such stage)."""
    found = [stage for stage in event.config.stages if stage.name == name]
    return found[0].title if found else Label(name, name)


def _booking_row(index: _Index, booking: Booking, **more: Any) -> PlanRow:
    used = [index.resources[r] for r in booking.resources]
    return PlanRow(
        start=booking.start, end=booking.end, resources=tuple(r.split("/", 1)[1] for r in booking.resources),
        places=tuple(r.title for r in used), where=bilingual(lambda: places_text(used)), pinned=booking.pinned,
        **index.item(booking.job), **more,
    )


def plan_view(state: MeetState, *, event: str | None = None) -> ScheduleView:
    """The order of play: sessions with their matches and heats, what does not fit, and why. Each session has its
    title (上午, or its own); each row names its stage (when the event has several), its heat's place in the round,
    a heat's lanes and who plays by key."""
    _need_venues(state)
    plan = meet_plan(state)
    index = _Index(state)
    config = state.config
    wanted = config.event(event).key if event else None
    sessions = []
    for venue in config.venues.values():
        for session in venue.sessions:
            rows = tuple(
                _booking_row(index, b) for b in plan.bookings
                if b.session == session.key and (wanted is None or index.event_of(b.job) == wanted)
            )
            sessions.append(
                SessionView(
                    session.key, bilingual(session.heading), venue.key, venue.name, session.start.date(), session.start.time(),
                    session.end.time(), rows,
                )
            )
    sessions.sort(key=lambda s: (s.date, s.start, s.venue))
    overflow = tuple(_booking_row(index, b) for b in plan.overflow if wanted is None or index.event_of(b.job) == wanted)
    last_end = {v.key: max((s.end for s in v.sessions), default=None) for v in config.venues.values()}
    every = [b.job for b in (*plan.bookings, *plan.overflow)] + [u.job for u in plan.unplaced]
    heats = sum(1 for job in every if index.items[job][1].is_heat)
    return ScheduleView(
        fits=plan.fits,
        matches=len(every) - heats,
        heats=heats,
        required_minutes=plan.required,
        available_minutes=plan.available,
        short_minutes=max(0, plan.required - plan.available),
        overrun=tuple(
            Overrun(venue, minutes, last_end[venue] + dt.timedelta(minutes=minutes) if last_end.get(venue) else None)
            for venue, minutes in sorted(plan.overrun.items())
        ),
        sessions=tuple(sessions),
        overflow=overflow,
        unplaced=tuple(UnplacedItem(reason=u.reason, **index.item(u.job)) for u in plan.unplaced),
        dropped_pins=tuple(
            DroppedPin(at=d.pin.start, reason=_both(d.reason), **index.item(d.pin.job)) for d in plan.dropped if d.pin.job in index.items
        ),
        not_drawn=tuple(e.key for e in index.events.values() if not e.drawn),
        not_drawn_names=tuple(e.config.name for e in index.events.values() if not e.drawn),
    )


def _both(reason: Message) -> Label:
    """A reason of the schedule in both languages, for a view."""
    return bilingual(reason.render)


def now_view(state: MeetState, now: dt.datetime, *, limit: int = 10) -> NowView:
    """What is running late and what can be called next, from the plan, the results entered so far and ``now``.

    - *late*: planned to have finished by now, and no result yet (a heat: not complete);
    - *due*: planned to be in play now, and no result yet;
    - *call next*: the earliest matches and heats in the plan with every side known and no
      result (late ones first), whose players have rested since their last result or
      performance (its time in the journal), and no two sharing a player.
    """
    _need_venues(state)
    plan = meet_plan(state)
    index = _Index(state)
    config = state.config
    people: dict[str, frozenset[str]] = {}
    last_result: dict[str, dt.datetime] = {}

    def finished(event: EventState, entrant: str, moment: dt.datetime) -> None:
        for person in people.get(f"{event.key}\x1f{entrant}", ()):
            last_result[person] = max(last_result.get(person, moment), moment)

    for event in index.events.values():
        for key, entrant in event.entrants.items():
            people[f"{event.key}\x1f{key}"] = entrant_people(entrant, config)
        for stage in event.stages:
            for entrant, moment in stage.played_at():
                finished(event, entrant, _local(moment))
    late, due, upcoming = [], [], []
    for booking in (*plan.bookings, *plan.overflow):
        event, listed = index.items[booking.job]
        if _done(event, listed):
            continue
        row = _booking_row(index, booking, minutes_late=max(0, int((now - booking.start).total_seconds() // 60)))
        if booking.end <= now:
            late.append(row)
        elif booking.start <= now:
            due.append(row)
        upcoming.append((booking, row, event, listed))
    rest_of = {e.key: (e.config.schedule.rest if e.config.schedule.rest is not None else config.schedule.rest) for e in index.events.values()}
    call = []
    called: set[str] = set()
    for _booking, row, event, listed in sorted(upcoming, key=lambda item: (item[0].start, item[0].job)):
        if listed.ahead is not None or (listed.match is not None and not listed.match.ready) or (listed.heat is not None and not listed.heat.lanes):
            continue  # a stage not drawn yet, a side or the heat's entrants not known yet
        who = _who(event, listed, people)
        if who & called:
            continue
        if any(now < last_result[p] + dt.timedelta(minutes=rest_of[event.key]) for p in who if p in last_result):
            continue
        call.append(row)
        called |= who
        if len(call) >= limit:
            break
    return NowView(now, tuple(late), tuple(due), tuple(call), max((r.minutes_late or 0 for r in late), default=0))


def _who(event: EventState, listed: Listed, people: Mapping[str, frozenset[str]]) -> frozenset[str]:
    sides = listed.heat.entrants if listed.heat is not None else listed.match.entrants if listed.match else ()
    found: frozenset[str] = frozenset()
    for side in sides:
        if side is not None and side != BYE:
            found |= people.get(f"{event.key}\x1f{side}", frozenset())
    return found
