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
from podium.formats.base import round_title as base_round_title
from podium.formats.measured import Heat, heat_label, round_title
from podium.i18n import N_, Message, _
from podium.journal.entries import Kind
from podium.journal.measured_stage import MeasuredStageState
from podium.journal.state import EventState, MeetState
from podium.model.entrants import BYE
from podium.model.inputs import typed_text
from podium.model.matches import Match
from podium.schedule.engine import build_plan
from podium.schedule.forecast import forecast
from podium.schedule.jobs import entrant_people, job_key, meet_jobs
from podium.schedule.plan import Pin, Plan
from podium.services.meet import Meet, NewEntry
from podium.services.performances import find_heat, measured_stages
from podium.services.views import side_name

HEAT_NAMES = 5
"""A heat of at most this many entrants is shown with their names; a bigger one as "N entrants"."""


def pins(state: MeetState) -> list[Pin]:
    """The pins in force: the last pin or unpin of each match wins."""
    found: dict[str, Pin | None] = {}
    for entry in state.journal:
        if entry.kind is not Kind.SCHEDULE or entry.event is None:
            continue
        payload = entry.payload
        key = job_key(entry.event, payload["stage"], payload["match"])
        if payload.get("unpin"):
            found[key] = None
        else:
            found[key] = Pin(key, dt.datetime.fromisoformat(payload["at"]), tuple(payload.get("resources", ())))
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
        if not measured_stages(event):
            raise
        try:
            stage, heat = find_heat(event, reference)
        except NotFound:
            text = reference.strip().lstrip("#")
            expected = [(s, h) for s in measured_stages(event) for h in s.expected_heats if text in (str(h.number), h.key)]
            if not expected:
                raise
            stage, heat = expected[0]  # a final not laid out yet can be pinned already
        return Listed(event.key, stage.name, heat.key, heat.number, heat=heat)
    return Listed(event.key, match.stage, match.key, match.number, match=match)


def _done(event: EventState, listed: Listed) -> bool:
    """True when the match has a result or the heat is complete."""
    if listed.ahead is not None:
        return False
    if listed.heat is not None:
        stage = event.stage(listed.stage)
        return isinstance(stage, MeasuredStageState) and listed.key in stage.complete_heats
    assert listed.match is not None
    return event.result(listed.match) is not None


@attrs.frozen
class Pinned:
    """A pin that was journaled: the match or heat and where the plan now puts it."""

    listed: Listed
    start: dt.datetime
    resources: tuple[str, ...]


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
        done.append(Pinned(listed, booking.start, booking.resources))
        payload = {"stage": listed.stage, "match": listed.key, "at": start.isoformat(), "resources": list(names)}
        return [(Kind.SCHEDULE, event_key, payload, None)]

    meet.append(build)
    return done[-1]


def unpin_match(meet: Meet, event_key: str, reference: str) -> Listed:
    """Let the scheduler place a pinned match or heat again."""
    event_key = meet.config.event(event_key).key
    done: list[Listed] = []

    def build(state: MeetState) -> list[NewEntry]:
        listed = find_listed(state.event(event_key), reference)
        target = Target(event=event_key, stage=listed.stage, match=listed.number)
        if not any(p.job == listed.job for p in pins(state)) and listed.is_heat:
            raise StateError(N_("heat {number} is not pinned."), code="schedule.heat_not_pinned", number=listed.number, target=target)
        if not any(p.job == listed.job for p in pins(state)):
            raise StateError(N_("match {number} is not pinned."), code="schedule.match_not_pinned", number=listed.number, target=target)
        done.append(listed)
        return [(Kind.SCHEDULE, event_key, {"stage": listed.stage, "match": listed.key, "unpin": True}, None)]

    meet.append(build)
    return done[-1]


def _resource_key(state: MeetState, name: str) -> str:
    every = [r for venue in state.config.venues.values() for r in venue.resources]
    wanted = unicodedata.normalize("NFKC", name).strip()  # Ｔ３ typed on a Chinese keyboard is T3
    found = [r for r in every if wanted in (unicodedata.normalize("NFKC", r.key), unicodedata.normalize("NFKC", r.name))]
    if len(found) != 1:
        raise PodiumError(
            N_("'{name}' names no single resource; resources: {valid}."), code="schedule.resource_unknown", target=Target(argument="on"), name=name, valid=", ".join(r.key if len(state.config.venues) > 1 else r.name for r in every)
        )
    return found[0].key


def _local(moment: dt.datetime) -> dt.datetime:
    """A journal time (UTC) as local wall-clock time, comparable with session times."""
    return moment.astimezone().replace(tzinfo=None, second=0, microsecond=0) if moment.tzinfo else moment


def heat_names(names: list[str]) -> str:
    """A heat's entrants in lane order, joined, or "N entrants" for a heat of more than :data:`HEAT_NAMES`."""
    if len(names) > HEAT_NAMES:
        return _("{count} entrants").format(count=len(names))
    return _(", ").join(names)


class _Index:
    """Matches and heats of the meet by job key, with names for printing."""

    def __init__(self, state: MeetState) -> None:
        self.events: dict[str, EventState] = {e.key: e for e in state.events()}
        self.items: dict[str, tuple[EventState, Listed]] = {}
        self.numbers: dict[str, dict[tuple[str, str], int]] = {}
        self.heats_in_round: dict[tuple[str, str, int], int] = {}
        for event in self.events.values():
            self.numbers[event.key] = {(m.stage, m.key): m.number for m in event.matches()}
            for stage in event.stages:
                for match in stage.matches:
                    listed = Listed(event.key, stage.name, match.key, match.number, match=match)
                    self.items[listed.job] = (event, listed)
                if isinstance(stage, MeasuredStageState):
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

    def round_label(self, event: EventState, listed: Listed) -> tuple[str, str]:
        """The round as printed lines name it: the phase — the stage (when the event has several) and the
        round (``Groups · Round 2``, ``heats``) — and the phase with the group or the heat's place in its round
        (``Groups · Group A · Round 2``, ``heats · heat 3``)."""
        stages = event.config.stages
        stage = [event.config.stage(listed.stage).title.get()] if len(stages) > 1 else []
        if listed.heat is not None:
            heat = listed.heat
            phase = [*stage, round_title(heat.round_name)]
            siblings = self.heats_in_round.get((event.key, listed.stage, heat.round), 1)
            detail = [*phase, _("heat {number}").format(number=heat.session)] if siblings > 1 else phase
        else:
            match = listed.match
            assert match is not None
            name = base_round_title(match.round_name) or _("Round {number}").format(number=match.round)
            phase = [*stage, name]
            detail = [*stage, _("Group {name}").format(name=match.group), name] if match.group else phase
        return " · ".join(p for p in phase if p), " · ".join(p for p in detail if p)

    def row(self, key: str) -> dict[str, Any]:
        event, listed = self.items[key]
        phase, detail = self.round_label(event, listed)
        common = {
            "event": event.key,
            "event_name": event.config.name.get(),
            "stage": listed.stage,
            "match": listed.key,
            "number": listed.number,
            "phase": phase,
            "round_title": detail,
            "lanes": [],
            "entrants": [],
        }
        if listed.ahead is not None:
            part = listed.heat or listed.match
            assert part is not None
            return {
                **common,
                "kind": "heat" if listed.heat is not None else "match",
                "round": round_title(part.round_name) if listed.heat is not None else base_round_title(part.round_name) or str(part.round),
                "group": getattr(part, "group", None),
                "names": [],
                "who": _("entrants decided by stage '{stage}'").format(stage=_stage_title(event, listed.ahead)),
                "result": None,
            }
        if listed.heat is not None:
            names = [event.entrants[k].name if k in event.entrants else k for k in listed.heat.entrants]
            who = heat_names(names) if names else _("entrants decided by the round before")
            return {
                **common,
                "kind": "heat",
                "round": heat_label(listed.heat),
                "group": None,
                "names": names,
                "lanes": [[lane.position, name] for lane, name in zip(listed.heat.lanes, names, strict=True)],
                "entrants": list(listed.heat.entrants),
                "who": who,
                "result": _("complete") if _done(event, listed) else None,
            }
        match = listed.match
        assert match is not None
        record = event.result(match)
        names = [side_name(event, slot, self.numbers[event.key], match.stage) for slot in match.sides]
        return {
            **common,
            "kind": "match",
            "round": base_round_title(match.round_name) or str(match.round),
            "group": match.group,
            "names": names,
            "entrants": [slot.entrant for slot in match.sides if slot.entrant is not None and slot.entrant != BYE],
            "who": " – ".join(names),
            "result": record.text if record is not None else None,
        }


def _stage_title(event: EventState, name: str) -> str:
    """The title of the event's stage ``name`` (its key when the event has no such stage)."""
    found = [stage for stage in event.config.stages if stage.name == name]
    return found[0].title.get() if found else name


def row_sides(row: Mapping[str, Any]) -> tuple[str, str] | None:
    """A plan row's two sides, or ``None`` when who plays is one line (``row["who"]``): a heat's entrants,
    or a match of a stage not drawn yet."""
    names = row["names"]
    return (names[0], names[1]) if row["kind"] == "match" and names else None


def _booking_row(index: _Index, booking: Any) -> dict[str, Any]:
    return {
        "start": booking.start.isoformat(sep=" ", timespec="minutes"),
        "end": booking.end.isoformat(sep=" ", timespec="minutes"),
        "resources": [r.split("/", 1)[1] for r in booking.resources],
        "pinned": booking.pinned,
        **index.row(booking.job),
    }


def plan_view(state: MeetState, *, event: str | None = None) -> dict[str, Any]:
    """The order of play as plain data: sessions with their matches and heats, what does not fit, and why.

    Each row is a match (``kind`` ``"match"``, ``names`` of its two sides) or a heat (``kind``
    ``"heat"``, ``names`` of its entrants in lane order, ``lanes`` as ``[lane, name]``); ``who`` says who
    plays in one line, ``entrants`` their keys; ``phase`` names the stage and round, ``round_title`` the
    phase with the group or the heat's place in its round. Each session has its ``title`` (上午, or its own).
    """
    _need_venues(state)
    plan = meet_plan(state)
    index = _Index(state)
    config = state.config
    wanted = config.event(event).key if event else None
    sessions = []
    for venue in config.venues.values():
        for session in venue.sessions:
            rows = [
                _booking_row(index, b) for b in plan.bookings
                if b.session == session.key and (wanted is None or index.event_of(b.job) == wanted)
            ]
            sessions.append({
                "session": session.key,
                "title": session.heading(),
                "venue": venue.key,
                "venue_name": venue.name.get(),
                "date": session.start.date().isoformat(),
                "start": session.start.strftime("%H:%M"),
                "end": session.end.strftime("%H:%M"),
                "rows": rows,
            })
    sessions.sort(key=lambda s: (s["date"], s["start"], s["venue"]))
    overflow = [_booking_row(index, b) for b in plan.overflow if wanted is None or index.event_of(b.job) == wanted]
    last_end = {v.key: max((s.end for s in v.sessions), default=None) for v in config.venues.values()}
    every = [b.job for b in (*plan.bookings, *plan.overflow)] + [u.job for u in plan.unplaced]
    heats = sum(1 for job in every if index.items[job][1].is_heat)
    return {
        "fits": plan.fits,
        "matches": len(every) - heats,
        "heats": heats,
        "required_minutes": plan.required,
        "available_minutes": plan.available,
        "short_minutes": max(0, plan.required - plan.available),
        "overrun": [
            {
                "venue": venue,
                "minutes": minutes,
                "until": (last_end[venue] + dt.timedelta(minutes=minutes)).isoformat(sep=" ", timespec="minutes")
                if last_end.get(venue) else None,
            }
            for venue, minutes in sorted(plan.overrun.items())
        ],
        "sessions": sessions,
        "overflow": overflow,
        "unplaced": [{"reason": u.reason, **index.row(u.job)} for u in plan.unplaced],
        "dropped_pins": [
            {"at": d.pin.start.isoformat(sep=" ", timespec="minutes"), "reason": str(d.reason), **index.row(d.pin.job)}
            for d in plan.dropped if d.pin.job in index.items
        ],
        "not_drawn": [e.key for e in index.events.values() if not e.drawn],
    }


def now_view(state: MeetState, now: dt.datetime, *, limit: int = 10) -> dict[str, Any]:
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
            for record in stage.results.values():
                for side in record.history[-1].payload.get("sides", ()):
                    finished(event, side, _local(record.history[0].at))
            if isinstance(stage, MeasuredStageState):
                for slot, performance in stage.records.items():
                    finished(event, slot[1], _local(performance.history[0].at))
    late, due, upcoming = [], [], []
    for booking in (*plan.bookings, *plan.overflow):
        event, listed = index.items[booking.job]
        if _done(event, listed):
            continue
        row = _booking_row(index, booking)
        row["minutes_late"] = max(0, int((now - booking.start).total_seconds() // 60))
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
    return {
        "now": now.isoformat(sep=" ", timespec="minutes"),
        "late": late,
        "due": due,
        "call_next": call,
        "behind_minutes": max((r["minutes_late"] for r in late), default=0),
    }


def _who(event: EventState, listed: Listed, people: Mapping[str, frozenset[str]]) -> frozenset[str]:
    sides = listed.heat.entrants if listed.heat is not None else listed.match.entrants if listed.match else ()
    found: frozenset[str] = frozenset()
    for side in sides:
        if side is not None and side != BYE:
            found |= people.get(f"{event.key}\x1f{side}", frozenset())
    return found
