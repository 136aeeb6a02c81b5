"""The venues, sessions and scheduling defaults of a meet: the ``meet.toml`` sections that describe them.

What the scheduler makes of them (jobs, pins, bookings, the plan) is in :mod:`podium.schedule.plan`.

``[venues.KEY]`` has a ``name``, ``resources`` by kind — ``{ table = 7 }`` (named T1…T7)
or ``{ table = ["1号台", "2号台"] }`` — and ``[[venues.KEY.sessions]]`` with ``date``
(default: the meet's date), ``start``, ``end`` and an optional ``name`` that events
refer to (default ``KEY-1``, ``KEY-2``…). Table-tennis plan 6 §6 is such a programme: the
team event 08:30–09:30 on 3 tables, men's and women's singles 09:30–10:30 on 4 and 2
tables side by side, doubles 11:00–11:30 on 6 tables.

``[schedule]`` holds the meet's defaults: ``minutes`` per match when the sport gives no
estimate (20), ``rest`` — the least minutes between a person's matches (0),
``changeover`` — minutes between two matches on one resource (0), and ``resource`` —
the kind of resource events use when the venues have several.

``[events.X.schedule]`` may set ``resource``, ``sessions`` (the sessions the event keeps
to), ``round_sessions`` (``{ final = ["pm"] }``), ``resources`` (names of the resources it
may use), ``minutes``, ``round_minutes``, ``rest`` and ``per_match`` (resources one match
takes at once: a 4-board team match takes 4 boards).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping

import attrs

from podium.config.tables import Reader, toml_text
from podium.i18n import N_, Label, Message

_VENUE_KEYS = ("name", "resources", "sessions")
_SESSION_KEYS = ("name", "date", "start", "end")
_SCHEDULE_KEYS = ("minutes", "rest", "changeover", "resource")
_EVENT_KEYS = ("resource", "sessions", "round_sessions", "resources", "minutes", "round_minutes", "rest", "per_match")
DAY = 24 * 60
"""Minutes in a day: the most a match, a rest or a changeover may last."""
MAX_RESOURCES = 500
"""The most resources of one kind a venue may have."""


@attrs.frozen
class Resource:
    """One table, court, lane or board of a venue."""

    venue: str
    name: str
    kind: str

    @property
    def key(self) -> str:
        return f"{self.venue}/{self.name}"


@attrs.frozen
class Session:
    """A block of time at a venue."""

    key: str
    venue: str
    start: dt.datetime
    end: dt.datetime

    @property
    def minutes(self) -> int:
        return int((self.end - self.start).total_seconds() // 60)


@attrs.frozen
class Venue:
    key: str
    name: Label
    resources: tuple[Resource, ...]
    sessions: tuple[Session, ...]


@attrs.frozen
class ScheduleSettings:
    """``[schedule]``: the meet's defaults."""

    minutes: int = 20
    rest: int = 0
    changeover: int = 0
    resource: str | None = None


@attrs.frozen
class EventSchedule:
    """``[events.X.schedule]``: where, when and how long an event's matches are played."""

    resource: str | None = None
    sessions: tuple[str, ...] = ()
    round_sessions: Mapping[str, tuple[str, ...]] = attrs.field(factory=dict)
    resources: tuple[str, ...] = ()
    minutes: int | None = None
    round_minutes: Mapping[str, int] = attrs.field(factory=dict)
    rest: int | None = None
    per_match: int = 1


def read_venues(reader: Reader, meet_date: dt.date | None) -> dict[str, Venue]:
    """Read ``[venues]``."""
    venues: dict[str, Venue] = {}
    seen_sessions: set[str] = set()
    for key in reader.data:
        table = reader.child(key)
        table.known(_VENUE_KEYS)
        name = table.label("name", Label(key, key)) or Label(key, key)
        resources = _resources(table.child("resources"), key)
        if not resources:
            table.problem("resources", N_("give the venue's resources by kind, like {{ table = 7 }}"), code="config.venue_resources_missing")
        sessions = []
        raw = table.data.get("sessions", [])
        if not isinstance(raw, list):
            table.problem("sessions", N_("must be a list of [[venues.{key}.sessions]] tables"), code="config.sessions_not_a_list", key=key)
            raw = []
        for index, item in enumerate(raw):
            session = _session(Reader.of(item, (*table.where, "sessions", index), reader.report), key, index, meet_date)
            if session is None:
                continue
            if session.key in seen_sessions:
                table.problem("sessions", N_("the session name '{name}' is used twice"), code="config.session_name_twice", name=session.key)
                continue
            seen_sessions.add(session.key)
            sessions.append(session)
        venues[key] = Venue(key, name, resources, tuple(sorted(sessions, key=lambda s: s.start)))
    return venues


def _resources(reader: Reader, venue: str) -> tuple[Resource, ...]:
    kinds = list(reader.data)
    initials = [k[:1].upper() for k in kinds]
    found: list[Resource] = []
    for kind, initial in zip(kinds, initials, strict=True):
        value = reader.data[kind]
        prefix = initial if initials.count(initial) == 1 else kind
        if isinstance(value, int) and not isinstance(value, bool) and 0 < value <= MAX_RESOURCES:
            names = [f"{prefix}{n}" for n in range(1, value + 1)]
        elif isinstance(value, list) and value and all(isinstance(v, str) and v.strip() for v in value):
            names = [v.strip() for v in value]
        else:
            reader.problem(kind, N_("must be how many (1 to 500) or a list of their names, not {value}"), code="config.resources_invalid", value=toml_text(value))
            continue
        for name in names:
            if any(r.name == name for r in found):
                reader.problem(kind, N_("the resource name '{name}' is used twice"), code="config.resource_name_twice", name=name)
                continue
            found.append(Resource(venue, name, kind))
    return tuple(found)


def _session(reader: Reader, venue: str, index: int, meet_date: dt.date | None) -> Session | None:
    reader.known(_SESSION_KEYS)
    day = reader.date("date") or meet_date
    if day is None and "date" not in reader.data:
        reader.problem("date", N_("is required when the meet has no date"), code="config.session_date_missing")
    start, end = reader.time("start"), reader.time("end")
    name = reader.data.get("name", f"{venue}-{index + 1}")
    if not isinstance(name, str) or not name.strip() or " " in name:
        reader.problem("name", N_("must be one word, not {value}"), code="config.session_name_invalid", value=toml_text(name))
        return None
    if day is None or start is None or end is None:
        return None
    if end <= start:
        reader.problem("end", N_("must be after the start ({start})"), code="config.session_end_before_start", start=start.strftime("%H:%M"))
        return None
    return Session(name, venue, dt.datetime.combine(day, start), dt.datetime.combine(day, end))


def read_settings(reader: Reader) -> ScheduleSettings:
    """Read ``[schedule]``."""
    reader.known(_SCHEDULE_KEYS)
    resource = reader.data.get("resource")
    if resource is not None and not isinstance(resource, str):
        reader.problem("resource", N_("must be a kind of resource like \"table\", not {value}"), code="config.resource_kind_invalid", value=toml_text(resource))
        resource = None
    return ScheduleSettings(
        minutes=reader.integer("minutes", 20, minimum=1, maximum=DAY) or 20,
        rest=reader.integer("rest", 0, maximum=DAY) or 0,
        changeover=reader.integer("changeover", 0, maximum=DAY) or 0,
        resource=resource,
    )


def read_event_schedule(reader: Reader, venues: Mapping[str, Venue], settings: ScheduleSettings) -> EventSchedule:
    """Read ``[events.X.schedule]``, checking its sessions and resources against the venues."""
    reader.known(_EVENT_KEYS)
    sessions = {s.key for v in venues.values() for s in v.sessions}
    kinds = sorted({r.kind for v in venues.values() for r in v.resources})
    resource = reader.data.get("resource", settings.resource)
    if resource is None and len(kinds) > 1:
        reader.problem(
            "resource",
            N_("the venues have several kinds of resources ({valid}); say which one this event uses"), code="config.resource_kind_ambiguous", valid=", ".join(kinds),
        )
    elif resource is not None and kinds and resource not in kinds:
        reader.problem("resource", N_("no venue has resources of kind {value}; kinds: {valid}"), code="config.resource_kind_unknown", value=toml_text(resource), valid=", ".join(kinds))
    named = reader.texts("sessions")
    for name in named:
        if name not in sessions:
            reader.problem("sessions", N_("unknown session '{name}'; sessions: {valid}"), code="config.session_unknown", name=name, valid=", ".join(sorted(sessions)) or Message(N_("none")))
    rounds: dict[str, tuple[str, ...]] = {}
    for round_name in reader.child("round_sessions").data:
        listed = reader.child("round_sessions").texts(round_name)
        for name in listed:
            if name not in sessions:
                reader.child("round_sessions").problem(round_name, N_("unknown session '{name}'; sessions: {valid}"), code="config.session_unknown", name=name, valid=", ".join(sorted(sessions)) or Message(N_("none")))
        rounds[round_name] = listed
    names = {r.name for v in venues.values() for r in v.resources} | {r.key for v in venues.values() for r in v.resources}
    allowed = reader.texts("resources")
    for name in allowed:
        if name not in names:
            reader.problem("resources", N_("unknown resource '{name}'; give names from the venues' resources"), code="config.resource_unknown", name=name)
    round_minutes = {}
    minutes_table = reader.child("round_minutes")
    for round_name in minutes_table.data:
        value = minutes_table.integer(round_name, minimum=1, maximum=DAY)
        if value is not None:
            round_minutes[round_name] = value
    return EventSchedule(
        resource=resource if isinstance(resource, str) else None,
        sessions=named,
        round_sessions=rounds,
        resources=allowed,
        minutes=reader.integer("minutes", minimum=1, maximum=DAY),
        round_minutes=round_minutes,
        rest=reader.integer("rest", maximum=DAY),
        per_match=reader.integer("per_match", 1, minimum=1, maximum=MAX_RESOURCES) or 1,
    )
