"""The venues, sessions and scheduling defaults of a meet: the ``meet.toml`` sections that describe them.

What the scheduler makes of them (jobs, pins, bookings, the plan) is in :mod:`podium.schedule.plan`.

``[venues.KEY]`` has a ``name``, ``resources`` by kind — ``{ table = 7 }`` (T1…T7 in pins and
``[events.X.schedule] resources``, shown as 1号台…7号台 / Table 1…Table 7: :func:`place_name`)
or ``{ table = ["1号台", "2号台"] }`` (shown as written) — ``lanes`` (the lanes of each of its resources: ``8``,
or by kind ``{ track = 8 }``: a heat takes the whole track and holds at most that many
entrants) and ``[[venues.KEY.sessions]]`` with ``date`` (default: the meet's date), ``start``,
``end``, an optional ``name`` that events refer to (default ``KEY-1``, ``KEY-2``…) and an
optional ``title`` printed schedules name it by (default: morning, afternoon or evening).
Table-tennis plan 6 §6 is such a programme: the
team event 08:30–09:30 on 3 tables, men's and women's singles 09:30–10:30 on 4 and 2
tables side by side, doubles 11:00–11:30 on 6 tables.

``[schedule]`` holds the meet's defaults: ``minutes`` per match when the sport gives no
estimate (20), ``rest`` — the least minutes between a person's matches (0),
``changeover`` — minutes between two matches on one resource (0), and ``resource`` —
the kind of resource events use when the venues have several.

``[events.X.schedule]`` may set ``resource``, ``sessions`` (the sessions the event keeps
to), ``round_sessions`` (``{ final = ["pm"] }``), ``resources`` (the resources it may
use, by code or by name as read: ``["T7", "8号台"]``), ``minutes``, ``round_minutes``, ``rest`` and ``per_match`` (resources one match
takes at once: a 4-board team match takes 4 boards).
"""

from __future__ import annotations

import datetime as dt
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from podium.config.tables import Reader, toml_text
from podium.i18n import N_, Label, Localized, Message, N_plural, _, bilingual, listed, ngettext

_VENUE_KEYS = ("name", "resources", "lanes", "sessions")
_SESSION_KEYS = ("name", "title", "date", "start", "end")
_SCHEDULE_KEYS = ("minutes", "rest", "changeover", "resource")
_EVENT_KEYS = ("resource", "sessions", "round_sessions", "resources", "minutes", "round_minutes", "rest", "per_match")
DAY = 24 * 60
"""Minutes in a day: the most a match, a rest or a changeover may last."""
MAX_RESOURCES = 500
"""The most resources of one kind a venue may have."""
MAX_LANES = 20
"""The most lanes a track (or pool) may have."""
LANE_WORDS = ("lane", "lanes")
"""Resource kinds that, for a race in lanes, mistake the track's lanes for resources its heats could share out."""


PLACE_WORDS: Mapping[str, tuple[str | None, tuple[str, str]]] = {
    "table": (N_("Table"), N_plural("Table {number}", "Tables {number}")),
    "board": (None, N_plural("Board {number}", "Boards {number}")),
    "court": (N_("Court"), N_plural("Court {number}", "Courts {number}")),
    "field": (N_("Field"), N_plural("Field {number}", "Fields {number}")),
    "floor": (N_("Floor"), N_plural("Floor {number}", "Floors {number}")),
    "lawn": (N_("Lawn"), N_plural("Lawn {number}", "Lawns {number}")),
    "track": (N_("Track"), N_plural("Track {number}", "Tracks {number}")),
    "lane": (None, N_plural("Lane {number}", "Lanes {number}")),
    "pit": (N_("Pit"), N_plural("Pit {number}", "Pits {number}")),
    "circle": (N_("Throwing circle"), N_plural("Throwing circle {number}", "Throwing circles {number}")),
    "bar": (N_("High-jump area"), N_plural("High-jump area {number}", "High-jump areas {number}")),
    "station": (N_("Station"), N_plural("Station {number}", "Stations {number}")),
}
"""How a resource meet.toml counts (``{ table = 8 }``) is named, by its kind: the word for the only one of its kind in
a venue (跑道, Track; None: a kind that is numbered even alone), and the word with its number, or with a run of
numbers (1号台, Table 1; 1–8号台, Tables 1–8). Another kind is its own word with the number (``mat 2``)."""


def place_name(kind: str, number: str | int, *, count: int = 1, alone: bool = False) -> str:
    """A counted resource of ``kind`` as people read it in the current language: number ``number`` (or a run of
    ``count`` numbers written ``1–8``), or the venue's only one of its kind when ``alone`` (:data:`PLACE_WORDS`)."""
    single, numbered = PLACE_WORDS.get(kind, (None, None))
    if alone and single is not None:
        return _(single)
    if alone and numbered is None:
        return kind
    if numbered is None:
        return f"{kind} {number}"
    return ngettext(*numbered, count).format(number=number)


def places_text(resources: Sequence[Resource]) -> str:
    """``resources`` as people read them in the current language, the numbers of each kind of a venue under one word,
    runs of numbers written as runs: 1–3、5号台 (Tables 1–3, 5); the venue's only one of its kind and a resource
    meet.toml names as they are read alone (跑道, 1号台 as given). One word for a kind keeps the order of play's narrow
    place column from breaking a name (4号台、7号台 wrapped inside 号台; 4、7号台 does not)."""
    numbered: dict[tuple[str, str], list[Resource]] = {}
    shown: list[Resource | tuple[str, str]] = []
    for resource in sorted(resources, key=lambda r: (r.number is None, r.venue, r.kind, r.number or 0)):
        if resource.number is None or resource.alone:
            shown.append(resource)
            continue
        kind = (resource.venue, resource.kind)
        if kind not in numbered:
            numbered[kind] = []
            shown.append(kind)
        numbered[kind].append(resource)
    return _(", ").join(item.title.get() if isinstance(item, Resource) else _numbers(numbered[item]) for item in shown)


def _numbers(same: Sequence[Resource]) -> str:
    """Resources of one kind of one venue, numbered, under the kind's word: 3号台, 1–3、5号台 (Table 3, Tables 1–3, 5)."""
    if len(same) == 1:
        return same[0].title.get()
    runs: list[list[int]] = []
    for resource in same:
        number = resource.number or 0
        if runs and runs[-1][-1] == number - 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    written = _(", ").join(str(run[0]) if len(run) == 1 else f"{run[0]}–{run[-1]}" for run in runs)
    return place_name(same[0].kind, written, count=len(same))


def resources_named(resources: Iterable[Resource], name: str) -> list[Resource]:
    """The resources of ``resources`` that ``name`` names: by the code pins and meet.toml know them by (T3, or
    ``gym/T3`` for one venue's; the name meet.toml gives one) or as people read them in either language (3号台, Table 3,
    跑道), whatever the case, and full-width letters typed on a Chinese keyboard (Ｔ３) as T3. ``--on``, the desk's entry
    links and ``[events.X.schedule] resources`` read places by it."""
    wanted = _folded(name)
    return [r for r in resources if wanted in {_folded(text) for text in (r.key, r.name, r.title.zh, r.title.en)}]


def _folded(text: str) -> str:
    return unicodedata.normalize("NFKC", text).strip().casefold()


def places_listed(resources: Iterable[Resource], *, keyed: bool = False) -> Localized:
    """``resources`` as a refusal lists the valid ones, in the language it is shown in: each as people read it, with
    the code it is also known by in brackets (1号台（T1）、跑道（T1）; Table 1 (T1)) — its venue's code too when
    ``keyed``, for a meet of several venues whose places share names (``gym/T1``); a place meet.toml names is listed
    by that name alone."""
    return listed(
        r.title if (short := r.key if keyed else r.name) in (r.title.zh, r.title.en)
        else Message(N_("{place} ({short})"), place=r.title, short=short)
        for r in resources
    )


@attrs.frozen
class Resource:
    """One table, court, track, pit or board of a venue; ``lanes`` are the lanes of a track (0: none).

    ``name`` is how pins, ``[events.X.schedule] resources`` and entry links know it (T1, or the name meet.toml gives);
    :attr:`title` is how people read it."""

    venue: str
    name: str
    kind: str
    lanes: int = 0
    number: int | None = None
    """Its number among the venue's resources of its kind when meet.toml says how many (``{ table = 8 }``: 1 to 8);
    None when meet.toml names it (``{ table = ["1号台"] }``)."""
    alone: bool = False
    """meet.toml counts one of its kind in the venue (``{ track = 1 }``): it is read without a number (跑道, Track)."""

    @property
    def key(self) -> str:
        return f"{self.venue}/{self.name}"

    @property
    def title(self) -> Label:
        """The resource as people read it in either language: the name meet.toml gives it, else its kind's word with
        its number in the meet's language (1号台 / Table 1, 3号棋台 / Board 3, 跑道 / Track: :func:`place_name`)."""
        number = self.number
        if number is None:
            return Label.of(self.name)
        return bilingual(lambda: place_name(self.kind, number, alone=self.alone))


@attrs.frozen
class Session:
    """A block of time at a venue; ``title`` is how printed schedules name it (第一单元, "Saturday morning")."""

    key: str
    venue: str
    start: dt.datetime
    end: dt.datetime
    title: Label | None = None

    @property
    def minutes(self) -> int:
        return int((self.end - self.start).total_seconds() // 60)

    def heading(self) -> str:
        """The session as printed schedules name it: its ``title``, else the part of the day it starts in
        (morning before 12:00, afternoon before 18:00, evening)."""
        if self.title is not None:
            return self.title.get()
        hour = self.start.hour
        return _("Morning") if hour < 12 else _("Afternoon") if hour < 18 else _("Evening")


@attrs.frozen
class Venue:
    key: str
    name: Label
    resources: tuple[Resource, ...]
    sessions: tuple[Session, ...]

    def resource(self, name: str) -> Resource | None:
        """The venue's resource ``name`` (T3, or the name meet.toml gives it); None when it has none of that name."""
        return next((r for r in self.resources if r.name == name), None)


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
    """The keys (``gym/T3``) of the resources it may use, whichever way meet.toml names them (T3, 3号台, Table 3:
    :func:`resources_named`); none: any of its kind."""
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
        resources = _lanes(table, _resources(table.child("resources"), key))
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
        counted = isinstance(value, int) and not isinstance(value, bool) and 0 < value <= MAX_RESOURCES
        if counted:
            names = [f"{prefix}{n}" for n in range(1, value + 1)]
        elif isinstance(value, list) and value and all(isinstance(v, str) and v.strip() for v in value):
            names = [v.strip() for v in value]
        else:
            reader.problem(kind, N_("must be how many (1 to 500) or a list of their names, not {value}"), code="config.resources_invalid", value=toml_text(value))
            continue
        for number, name in enumerate(names, start=1):
            if any(r.name == name for r in found):
                reader.problem(kind, N_("the resource name '{name}' is used twice"), code="config.resource_name_twice", name=name)
                continue
            found.append(Resource(venue, name, kind, number=number if counted else None, alone=counted and value == 1))
    return tuple(found)


def _lanes(table: Reader, resources: tuple[Resource, ...]) -> tuple[Resource, ...]:
    """The venue's resources with their lanes: ``lanes = 8`` for every resource, or ``lanes = { track = 8 }`` by kind."""
    kinds = sorted({r.kind for r in resources})
    raw = table.data.get("lanes")
    if raw is None:
        return resources
    by_kind: dict[str, Any] = dict.fromkeys(kinds, raw) if not isinstance(raw, dict) else dict(raw)
    for kind, value in by_kind.items():
        if kind not in kinds:
            table.child("lanes").problem(
                kind, N_("the venue has no resources of kind {kind}; kinds: {valid}"), code="config.lanes_kind_unknown",
                kind=toml_text(kind), valid=", ".join(kinds),
            )
        elif isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_LANES:
            where = table.child("lanes") if isinstance(raw, dict) else table
            where.problem(
                kind if isinstance(raw, dict) else "lanes", N_("must be how many lanes (1 to {most}), not {value}"),
                code="config.lanes_invalid", most=MAX_LANES, value=toml_text(value),
            )
            by_kind[kind] = 0
    return tuple(attrs.evolve(r, lanes=by_kind.get(r.kind, 0) or 0) for r in resources)


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
    title = reader.label("title")
    return Session(name, venue, dt.datetime.combine(day, start), dt.datetime.combine(day, end), title)


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
    every = [r for v in venues.values() for r in v.resources]
    usable = [r for r in every if r.kind == resource] or every  # a refusal lists the places of the event's kind
    allowed: dict[str, None] = {}  # the keys of the resources named, in the order given
    for name in reader.texts("resources"):
        found = resources_named(every, name)
        if not found:
            reader.problem(
                "resources", N_("unknown resource '{name}'; the venues have {valid}"), code="config.resource_unknown",
                name=name, valid=places_listed(usable, keyed=len({r.venue for r in usable}) > 1),
            )
        allowed.update(dict.fromkeys(r.key for r in found))
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
        resources=tuple(allowed),
        minutes=reader.integer("minutes", minimum=1, maximum=DAY),
        round_minutes=round_minutes,
        rest=reader.integer("rest", maximum=DAY),
        per_match=reader.integer("per_match", 1, minimum=1, maximum=MAX_RESOURCES) or 1,
    )
