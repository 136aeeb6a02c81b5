"""``meet.toml``: the meet, its units and its events, loaded and validated.

Loading reports every problem at once, each with the file, line and key and what
would be valid; nothing is written when the file is invalid. See ``docs/meet.md``
for the full reference of keys and defaults.
"""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import attrs

from podium.config.tables import Reader, toml_text
from podium.errors import ConfigError, Hint, NotFound, PodiumError, Problem, Target, problem
from podium.files import read_input
from podium.formats.round_robin import ORDER_OPTION, WITHDRAWAL_OPTION
from podium.i18n import LANGUAGES, N_, VERBATIM, Label, Message, _, bilingual
from podium.measure.records import Record, read_records
from podium.measure.sport import MeasuredSport, stage_problems
from podium.model.entrants import EntrantKind, Unit
from podium.model.games import GameTemplate
from podium.model.inputs import MAX_FREE_TEXT, shown, text_problem
from podium.model.options import check_options
from podium.model.scoring import Scoring, scoring_from_config
from podium.model.suggestions import either, similar
from podium.registry import Registry
from podium.schedule.model import (
    LANE_WORDS,
    EventSchedule,
    ScheduleSettings,
    Venue,
    read_event_schedule,
    read_settings,
    read_venues,
)
from podium.sportsday.awards import AwardScheme, read_awards
from podium.sportsday.eligibility import Eligibility, read_eligibility
from podium.sportsday.quotas import EntryLimits, Quota, read_entry_limits, read_quota
from podium.sportsday.unit_points import EventPoints, PointsTable, read_event_points, read_points
from podium.standings.options import standings_options
from podium.tiebreakers.presets import CHAINS

if TYPE_CHECKING:
    from podium.sportsday.team_totals import TeamRankingConfig

MEET_FILE = "meet.toml"
MAX_MEET_BYTES = 1_000_000
"""A meet.toml of a sports day with a hundred events is about 50 kB; a larger file is not read."""
MAX_DEPTH = 16
"""Deepest nesting of tables and lists in meet.toml (a stage's round rules are 5 deep)."""
MAX_LABEL = 100
"""Longest name of the meet, an event, a stage or a unit."""
MAX_KEY = 100
"""Longest key in meet.toml."""
_KEY_PATTERN = re.compile(r"^[^\s.#]+$")
_MEET_KEYS = ("name", "date", "organiser", "language", "venue", "reference_date")
_EVENT_KEYS = ("name", "sport", "game", "kind", "format", "stages", "rules", "scoring", "tiebreaks", "standings")
_SPORTSDAY_EVENT_KEYS = ("eligibility", "quota", "awards", "points", "schedule", "records")
"""Sports-day tables of an event (docs/sportsday.md)."""
_DERIVED_EVENT_KEYS = ("team_ranking",)
"""Rankings derived from an event's own (docs/standings.md: team ranking from individual places)."""
_STAGE_KEYS = ("name", "title", "format", "rules", "round_rules", "scoring", "tiebreaks", "standings")


@attrs.frozen
class StageConfig:
    """One stage of an event: its format with options, and rule overrides for its matches."""

    name: str
    title: Label
    format: str
    options: Mapping[str, Any]
    rules: Mapping[str, Any]
    round_rules: Mapping[str, Mapping[str, Any]]
    scoring: Scoring
    tiebreaks: tuple[str, ...]
    standings: Mapping[str, Any] = attrs.field(factory=dict)
    """Standings options (:data:`podium.standings.options.STANDINGS_OPTIONS`): places to decide, readings of rules."""


@attrs.frozen
class EventConfig:
    """One competition inside the meet."""

    key: str
    name: Label
    sport: str
    kind: EntrantKind
    rules: Mapping[str, Any]
    stages: tuple[StageConfig, ...]
    game: str | None = None  # a ready-made event of the sport (podium.model.games), whose defaults the rules start from
    eligibility: Eligibility = Eligibility()
    quota: Quota = Quota()
    awards: AwardScheme = AwardScheme()
    points: EventPoints = EventPoints()
    schedule: EventSchedule = EventSchedule()
    team_ranking: TeamRankingConfig | None = None
    """The ranking of the event's units by their players' places (队员总分制, CXA 2011 §11.5, §14.8), if declared."""
    records: tuple[Record, ...] = ()
    """The standing records of a measured event (``[events.X.records]``, :mod:`podium.measure.records`)."""

    def stage(self, name: str) -> StageConfig:
        for stage in self.stages:
            if stage.name == name:
                return stage
        raise PodiumError(
            N_("{event} has no stage '{stage}'; its stages: {valid}."), code="stage.unknown", target=Target(event=self.key, stage=name), event=self.name, stage=name, valid=", ".join(s.name for s in self.stages)
        )

    def rules_for(self, stage: StageConfig, round_name: str | None) -> dict[str, Any]:
        """Sport rules for a match: event rules < stage rules < rules of the match's round."""
        rules = dict(self.rules)
        rules.update(stage.rules)
        if round_name and round_name in stage.round_rules:
            rules.update(stage.round_rules[round_name])
        return rules


@attrs.frozen
class MeetConfig:
    """A meet as described by its ``meet.toml``."""

    name: Label
    date: dt.date | None
    organiser: str
    language: str
    venue: str
    units: Mapping[str, Unit]
    events: Mapping[str, EventConfig]
    text: str
    reference_date: dt.date | None = None
    venues: Mapping[str, Venue] = attrs.field(factory=dict)
    schedule: ScheduleSettings = ScheduleSettings()
    entries: EntryLimits = EntryLimits()
    points: PointsTable = PointsTable()
    store_url: str | None = None
    """``[store] url``: the PostgreSQL database keeping the journal; ``None``: the SQLite file in the meet folder."""

    @property
    def age_date(self) -> dt.date | None:
        """The date ages are counted on: ``reference_date``, else the meet's date (table-tennis plan 6 §6
        leaves the date blank)."""
        return self.reference_date or self.date

    def event(self, key: str) -> EventConfig:
        if key in self.events:
            return self.events[key]
        named = [event for event in self.events.values() if key in (event.name.zh, event.name.en)]
        if len(named) == 1:
            return named[0]
        if named:  # two events of one name (two sack races left with the game's name): the key tells them apart
            raise PodiumError(
                N_("'{event}' is the name of {count} events ({keys}); name the event by its key."), code="event.name_ambiguous",
                target=Target(event=key), event=key, count=len(named), keys=", ".join(event.key for event in named),
            )
        meant = similar(key, [name for e in self.events.values() for name in (e.key, e.name.zh, e.name.en)])
        if meant:
            raise PodiumError(
                N_("Unknown event '{event}'; did you mean {meant}?"), code="event.unknown_similar", target=Target(event=key),
                event=key, meant=either(meant),
            )
        raise PodiumError(
            N_("Unknown event '{event}'; events of this meet: {valid}."), code="event.unknown", target=Target(event=key), event=key, valid=", ".join(self.events) or Message(N_("none"))
        )

    def unit(self, text: str) -> Unit | None:
        """The unit ``text`` names: its key, its name or one of its ``aliases`` (compared in NFKC form, so
        初一(1)班 is 初一（1）班), else the one unit whose name reads as the same grade and class
        (:func:`podium.sportsday.school_classes.read_class`: 初一1班, 七年级1班, 701 and 7-1 are all 初一（1）班)."""
        text = text.strip()
        if text in self.units:
            return self.units[text]
        wanted = unicodedata.normalize("NFKC", text)
        for unit in self.units.values():
            if any(unicodedata.normalize("NFKC", spelling) == wanted for spelling in (unit.name, *unit.aliases)):
                return unit
        # loaded here: it compiles its patterns, which only reading entrants needs
        from podium.sportsday.school_classes import read_class

        return self.unit_of_class(read_class(text))

    def unit_of_class(self, found: tuple[int, int] | None) -> Unit | None:
        """The one unit whose name (or an alias) reads as grade and class ``found``, else ``None``."""
        if found is None:
            return None
        from podium.sportsday.school_classes import read_class

        matching = [
            unit for unit in self.units.values() if any(read_class(spelling) == found for spelling in (unit.name, *unit.aliases))
        ]
        return matching[0] if len(matching) == 1 else None

    @property
    def divisions(self) -> tuple[str, ...]:
        """The units' divisions in the order units are listed (none when units have no division)."""
        return tuple(dict.fromkeys(u.division for u in self.units.values() if u.division))


class _Problems:
    """Collects every problem of a file so they can be reported together."""

    def __init__(self, path: str, text: str) -> None:
        self.path = path
        self.lines = text.splitlines()
        self.items: list[Problem] = []
        self.names = {}

    names: dict[str, Label]
    """Event key → the event's name, so a problem in an event says which event a person knows it as."""

    def add(self, keys: Sequence[str | int], message: str | tuple[str, str] | Problem, /, *, code: str | None = None, **params: Any) -> None:
        """Add a problem of the key path ``keys``: a :class:`Problem`, or an English sentence with its code and values.

        The problem is placed at its file, line and key (``meet.toml:12: events.ms.rules: …``).
        """
        if isinstance(message, Problem):
            found = message
        elif code is None:  # a plugin's sentence, already translated
            found = Problem(ConfigError.default_code, Message.verbatim(str(message)))
        else:
            found = problem(message, code=code, **params)
        line = self._locate(keys)
        where = f"{self.path}:{line}" if line else self.path
        dotted = ".".join(str(k) if isinstance(k, str) else f"[{k}]" for k in keys).replace(".[", "[")
        key: str | Message = dotted
        if len(keys) > 1 and keys[0] == "events" and str(keys[1]) in self.names:
            key = Message(N_("{path} ({event})"), path=dotted, event=self.names[str(keys[1])])
        frame = (
            Message("{where}: {key}: {message}", catalog=VERBATIM, where=where, key=key)
            if dotted
            else Message("{where}: {message}", catalog=VERBATIM, where=where)
        )
        self.items.append(found.framed(frame, attrs.evolve(found.target, file=self.path, line=line, option=dotted or None)))

    def _locate(self, keys: Sequence[str | int]) -> int | None:
        """Best-effort line number of a key path: its table header, then the key inside it."""
        tables = [k for k in keys if isinstance(k, str)]
        best: int | None = None
        start = 0
        for depth in range(len(tables), 0, -1):
            header = re.compile(r"^\s*\[\[?\s*" + r"\s*\.\s*".join(map(re.escape, tables[:depth])) + r"\s*\]\]?")
            index = self._index(keys, depth)
            found = [i for i, line in enumerate(self.lines) if header.match(line)]
            if found:
                start = found[min(index, len(found) - 1)]
                best = start + 1
                leftover = tables[depth:]
                if leftover:
                    key = re.compile(r"^\s*" + re.escape(leftover[0]) + r"\s*=")
                    for i in range(start + 1, len(self.lines)):
                        if self.lines[i].lstrip().startswith("["):
                            break
                        if key.match(self.lines[i]):
                            return i + 1
                return best
        if tables:
            key = re.compile(r"^\s*" + re.escape(tables[-1]) + r"\s*=")
            for i, line in enumerate(self.lines):
                if key.match(line):
                    return i + 1
        return best

    @staticmethod
    def _index(keys: Sequence[str | int], depth: int) -> int:
        seen = 0
        for k in keys:
            if isinstance(k, str):
                seen += 1
            elif seen == depth:
                return k
        return 0

    def raise_if_any(self) -> None:
        if len(self.items) == 1:
            raise ConfigError(self.items[0])
        if self.items:
            raise ConfigError(
                N_("{path} has {count} problems:"), code="config.problems", target=Target(file=self.path), path=self.path, count=len(self.items),
                details=tuple(self.items),
            )


def read_meet_text(folder: Path) -> str:
    """The text of ``folder/meet.toml`` (a regular file of at most :data:`MAX_MEET_BYTES`, UTF-8), not validated yet."""
    path = folder / MEET_FILE
    if folder.is_file():
        raise PodiumError(
            N_("{folder} is a file, not a meet folder; pass the folder that holds {file}."), code="meet.folder_is_a_file", target=Target(file=folder), folder=folder, file=MEET_FILE
        )
    if path.is_dir():
        raise ConfigError(N_("{path} is a folder; it must be the meet's settings file."), code="config.is_a_folder", target=Target(file=path), path=path)
    try:
        data = read_input(path, MAX_MEET_BYTES)
    except NotFound:
        raise PodiumError(
            N_("No meet here: {folder} has no {file}."), code="meet.not_found", target=Target(file=folder), hint=Hint("init"), folder=folder, file=MEET_FILE
        ) from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ConfigError(N_("{path}: the file is not UTF-8 text."), code="config.not_utf8", target=Target(file=path), path=path) from None
    return text


def parse_meet(text: str, registry: Registry, path: str = MEET_FILE) -> MeetConfig:
    """Validate the text of a ``meet.toml`` and build the meet configuration."""
    import tomllib  # here: a command whose meet.toml is kept parses none (podium.services.kept_config)

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        from podium.config.toml_errors import not_toml

        raise not_toml(error, path) from None
    except RecursionError:  # tables or lists nested thousands deep
        raise _too_deep(path) from None
    if _depth(data) > MAX_DEPTH:
        raise _too_deep(path)
    problems = _Problems(path, text)
    _texts(problems, data, ())
    _unknown_keys(problems, data, ("meet", "units", "events", "venues", "schedule", "entries", "points", "store"), ())
    meet = data.get("meet", {})
    if not isinstance(meet, dict):
        problems.add(("meet",), N_("must be a table"), code="config.not_a_table")
        meet = {}
    _unknown_keys(problems, meet, _MEET_KEYS, ("meet",))
    name = _label(problems, meet.get("name"), ("meet", "name"), required=True)
    date = _date(meet.get("date"))
    if date is not None and not isinstance(date, dt.date):
        problems.add(("meet", "date"), N_("must be a date like 2026-05-20, not {value}"), code="config.not_a_date", value=toml_text(date))
        date = None
    language = meet.get("language", "zh")
    if language not in LANGUAGES:
        problems.add(
            ("meet", "language"), N_("must be one of {valid}, not {value}"), code="config.not_a_choice", valid=", ".join(LANGUAGES), value=toml_text(language)
        )
        language = "zh"
    units = _units(problems, data.get("units", {}))
    sections = Reader.of(data, (), problems.add)
    reference = Reader.of(meet, ("meet",), problems.add).date("reference_date")
    venues = read_venues(sections.child("venues"), date if isinstance(date, dt.date) else None)
    settings = read_settings(sections.child("schedule"))
    events = {}
    raw_events = data.get("events", {})
    if not isinstance(raw_events, dict):
        problems.add(("events",), N_("must be a table of events"), code="config.events_not_a_table")
        raw_events = {}
    written = {str(key): _written_name(raw) for key, raw in raw_events.items()}
    problems.names = {key: label for key, label in written.items() if label is not None}
    for key, raw in raw_events.items():
        event = _event(problems, key, raw, registry)
        if event is not None:
            events[key] = _sportsday(sections.child("events").child(key), event, venues, settings, reference or date)
            events[key] = _venue_lanes(sections.child("events").child(key), events[key], venues, settings, registry)
            if "records" in raw:
                events[key] = _records(sections.child("events").child(key).child("records"), events[key], registry)
            if "team_ranking" in raw:
                events[key] = _team_ranking(sections.child("events").child(key).child("team_ranking"), events[key], registry)
    _check_team_sources(problems, events)
    entries = read_entry_limits(sections.child("entries"))
    if entries.bibs == "by_unit":
        _check_bib_ranges(problems, units)
    points = read_points(sections.child("points"))
    store_url = _store_url(sections.child("store"))
    problems.raise_if_any()
    return MeetConfig(
        name=name,
        date=date if isinstance(date, dt.date) else None,
        organiser=str(meet.get("organiser", "")),
        language=language,
        venue=str(meet.get("venue", "")),
        units=units,
        events=events,
        text=text,
        reference_date=reference,
        venues=venues,
        schedule=settings,
        entries=entries,
        points=points,
        store_url=store_url,
    )


def _store_url(reader: Reader) -> str | None:
    """``[store] url``: the PostgreSQL database keeping the journal (docs/postgresql.md); absent, the meet folder's
    SQLite file. Only a PostgreSQL address is taken here (a SQLite meet needs no setting)."""
    reader.known(("url",))
    value = reader.data.get("url")
    if value is None:
        return None
    if not isinstance(value, str) or not value.lower().startswith(("postgresql://", "postgres://")):
        reader.problem(
            "url", N_("must be a PostgreSQL address like \"postgresql://podium@db.example.org/podium?meet=sports-day\", not {value}"),
            code="config.store_url", value=toml_text(value)[:200],
        )
        return None
    return value


def _check_bib_ranges(problems: _Problems, units: Mapping[str, Unit]) -> None:
    """Automatic bibs by unit need every unit's range, and ranges that do not overlap."""
    from podium.sportsday.bibs import range_problems

    if not units:
        problems.add(("entries", "bibs"), N_("\"by_unit\" needs the units in [units], each with its bib range"), code="config.bibs_without_units")
    for key, found in range_problems(units):
        problems.add(("units", key, "bibs"), found)


def _too_deep(path: str) -> ConfigError:
    return ConfigError(
        N_("{path} nests tables or lists more than {limit} deep; a meet needs far fewer."), code="config.too_deep", target=Target(file=path), path=path, limit=MAX_DEPTH
    )


def _depth(value: Any) -> int:
    """How deep tables and lists nest in ``value`` (without recursion, so any depth can be measured)."""
    deepest = 0
    stack = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        deepest = max(deepest, depth)
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
    return deepest


_NAME_KEYS = frozenset({"name", "title", "zh", "en"})
"""Keys whose text is a name (of the meet, an event, a stage, a unit…), bounded like an entrant's name."""


def _texts(problems: _Problems, value: Any, where: tuple[str | int, ...]) -> None:
    """Names and texts are printed on terminals and documents: a control character (an escape that clears
    the screen, a bell, a line break inside a name), a direction override (U+202E) or another invisible
    character is refused wherever it hides, and so is an absurd length (:func:`podium.model.inputs.text_problem`)."""
    if isinstance(value, dict):
        for key, item in value.items():
            wrong = text_problem(key, MAX_KEY)
            if wrong is not None:
                problems.add(where, N_("the key {key} {problem}"), code="config.key_invalid", key=_quoted(key), problem=wrong)
            else:
                _texts(problems, item, (*where, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _texts(problems, item, (*where, index))
    elif isinstance(value, str):
        named = bool(where) and (where[0] == "units" and len(where) == 2 or where[-1] in _NAME_KEYS)
        wrong = text_problem(value, MAX_LABEL if named else MAX_FREE_TEXT)
        if wrong is not None:
            problems.add(where, N_("{value} {problem}"), code="config.text_invalid", value=_quoted(value), problem=wrong)


def _quoted(text: str) -> str:
    """A text quoted for a message, with unsafe characters escaped and a long text shortened."""
    visible = shown(text)
    return f"'{visible if len(visible) <= 40 else visible[:40] + '…'}'"


def _date(value: Any) -> Any:
    """A TOML date as it is; a date written in quotes (``"2026-05-20"``) read as the date; a date-time cut to its day."""
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, str):
        try:
            return dt.date.fromisoformat(value.strip()) if re.fullmatch(r"\d{4}-\d{2}-\d{2}", value.strip()) else value
        except ValueError:
            return value
    return value


def _unknown_keys(problems: _Problems, table: Mapping[str, Any], valid: Sequence[str], where: tuple[str | int, ...]) -> None:
    if not isinstance(table, Mapping):
        return
    for key in table:
        if key not in valid:
            problems.add(
                (*where, key), N_("unknown key; valid keys here: {valid}"), code="config.unknown_key", valid=", ".join(valid)
            )


def _label(problems: _Problems, value: Any, where: tuple[str | int, ...], *, required: bool = False) -> Label:
    if value is None:
        if required:
            problems.add(where, N_("is required"), code="config.required")
        return Label("", "")
    if isinstance(value, str) or (isinstance(value, dict) and set(value) <= {"zh", "en"} and value):
        return Label.of(value)
    problems.add(where, N_("must be text or a table {{zh = \"…\", en = \"…\"}}, not {value}"), code="config.not_a_label", value=toml_text(value))
    return Label("", "")


_UNIT_KEYS = ("name", "size", "aliases", "division", "bibs")


def _units(problems: _Problems, raw: Any) -> dict[str, Unit]:
    units: dict[str, Unit] = {}
    if not isinstance(raw, dict):
        problems.add(("units",), N_("must be a table like  c1 = \"一班\""), code="config.units_not_a_table")
        return units
    for key, value in raw.items():
        if isinstance(value, str):
            units[key] = Unit(key, value)
        elif isinstance(value, dict) and isinstance(value.get("name"), str):
            _unknown_keys(problems, value, _UNIT_KEYS, ("units", key))
            units[key] = _unit(problems, key, value)
        else:
            problems.add(("units", key), N_("must be a name or a table {{name = \"…\", size = N}}"), code="config.unit_invalid")
    names = [u.name for u in units.values()]
    for name in sorted({n for n in names if names.count(n) > 1}):
        problems.add(("units",), N_("the unit name '{name}' is used twice"), code="config.unit_name_twice", name=name)
    spelled: dict[str, str] = {}
    for unit in units.values():
        for text in (unit.name, *unit.aliases):
            plain = unicodedata.normalize("NFKC", text).strip()
            other = spelled.setdefault(plain, unit.key)
            if other != unit.key and text in unit.aliases:
                problems.add(("units", unit.key, "aliases"), N_("'{alias}' already names unit {other}"), code="config.unit_alias_taken", alias=shown(text), other=other)
    divided = [u.key for u in units.values() if u.division]
    if divided and len(divided) < len(units):
        undivided = [u.key for u in units.values() if not u.division]
        problems.add(
            ("units", undivided[0]),
            N_("has no division, but other units have one; give every unit its division (units without one: {keys})"),
            code="config.unit_division_missing", keys=", ".join(undivided),
        )
    return units


def _unit(problems: _Problems, key: str, value: Mapping[str, Any]) -> Unit:
    """A unit written as a table: name, and optionally size, aliases, division and bib range."""
    where = ("units", key)
    size = value.get("size")
    if size is not None and (not isinstance(size, int) or isinstance(size, bool) or size < 0):
        problems.add((*where, "size"), N_("must be a whole number of people, not {value}"), code="config.unit_size_invalid", value=toml_text(size))
        size = None
    aliases = value.get("aliases", [])
    if isinstance(aliases, str):
        aliases = [aliases]
    if not isinstance(aliases, list) or not all(isinstance(a, str) and a.strip() for a in aliases):
        problems.add((*where, "aliases"), N_("must be a list of other spellings of the unit, like [\"7-1\", \"701\"]"), code="config.unit_aliases_invalid")
        aliases = []
    division = value.get("division", "")
    if not isinstance(division, str):
        problems.add((*where, "division"), N_("must be the name of the unit's division, like \"初一\""), code="config.unit_division_invalid")
        division = ""
    bibs = value.get("bibs")
    if bibs is not None:
        if (
            not isinstance(bibs, list) or len(bibs) != 2 or not all(isinstance(b, int) and not isinstance(b, bool) for b in bibs)
            or not 0 < bibs[0] <= bibs[1]
        ):
            problems.add(
                (*where, "bibs"), N_("must be the first and last bib number of the unit, like [7101, 7199], not {value}"),
                code="config.unit_bibs_invalid", value=toml_text(bibs),
            )
            bibs = None
    return Unit(
        key, value["name"], size, tuple(a.strip() for a in aliases), division.strip(),
        (bibs[0], bibs[1]) if bibs is not None else None,
    )


def _event(problems: _Problems, key: str, raw: Any, registry: Registry) -> EventConfig | None:
    where: tuple[str | int, ...] = ("events", key)
    if not _KEY_PATTERN.match(key):
        problems.add(where, N_("an event key must be one word without spaces or dots"), code="config.event_key_invalid")
        return None
    if not isinstance(raw, dict):
        problems.add(where, N_("must be a table"), code="config.not_a_table")
        return None
    _unknown_keys(problems, raw, _EVENT_KEYS + _SPORTSDAY_EVENT_KEYS + _DERIVED_EVENT_KEYS, where)
    name = _label(problems, raw.get("name", key), (*where, "name"))
    sport_name = raw.get("sport")
    if sport_name is None:
        problems.add((*where, "sport"), N_("is required; installed sports: {valid}"), code="config.sport_required", valid=", ".join(sorted(registry.sports)))
        return None
    if not isinstance(sport_name, str) or sport_name not in registry.sports:
        problems.add(
            (*where, "sport"),
            N_("unknown sport '{name}'; installed sports: {valid}"), code="config.sport_unknown", name=_named(sport_name), valid=", ".join(sorted(registry.sports)),
        )
        return None
    sport = registry.sports[sport_name]
    game = _game(problems, sport, raw.get("game"), (*where, "game"))
    if raw.get("game") is not None and game is None:
        return None  # the rest of the event depends on its game: one sentence about the game is enough
    name = _label(problems, raw.get("name", attrs.asdict(game.title) if game else key), (*where, "name"))
    kind = game.kind if game else sport.entrant_kinds[0]
    if "kind" in raw:
        valid_kinds = [k.value for k in sport.entrant_kinds]
        if raw["kind"] not in valid_kinds:
            problems.add(
                (*where, "kind"),
                N_("{sport} events can be {valid}, not {value}"), code="config.kind_invalid", sport=sport_name, valid=", ".join(valid_kinds), value=toml_text(raw["kind"]),
            )
        else:
            kind = EntrantKind(raw["kind"])
    context = {"kind": kind.value} | ({"game": game.name} if game else {})
    rules = _rules(problems, sport, raw.get("rules", {}), (*where, "rules"), context, base=game.rules if game else None)
    scoring = _scoring(problems, raw.get("scoring"), (*where, "scoring"), sport.scoring)
    tiebreaks = _chain(problems, raw.get("tiebreaks"), (*where, "tiebreaks"), registry)
    standings = _standings(problems, raw.get("standings", {}), (*where, "standings"))
    raw_stages = raw.get("stages")
    implicit = raw_stages is None
    if implicit:
        raw_stages = [{"name": "main", "format": raw.get("format", game.format if game else "round_robin")}]
    elif "format" in raw:
        problems.add((*where, "format"), N_("give either 'format' for a single stage or a list of 'stages', not both"), code="config.format_and_stages")
    if not isinstance(raw_stages, list) or not raw_stages:
        problems.add((*where, "stages"), N_("must be a list of stage tables ([[events.{key}.stages]])"), code="config.stages_not_a_list", key=key)
        return None
    stages = []
    titled = []
    for index, raw_stage in enumerate(raw_stages):
        stage_where = where if implicit else (*where, "stages", index)
        stage = _stage(problems, stage_where, raw_stage, registry, sport, scoring, tiebreaks, rules, kind, standings, game)
        if stage is not None:
            stages.append(stage)
            titled.append(isinstance(raw_stage, dict) and "title" in raw_stage)
    stages = _told_apart(stages, titled)
    names = [s.name for s in stages]
    for name in sorted({n for n in names if names.count(n) > 1}):
        problems.add((*where, "stages"), N_("the stage name '{name}' is used twice"), code="config.stage_name_twice", name=name)
    return EventConfig(key=key, name=name, sport=sport_name, kind=kind, rules=rules, stages=tuple(stages), game=game.name if game else None)


def _told_apart(stages: list[StageConfig], titled: list[bool]) -> list[StageConfig]:
    """The stages of an event as a reader tells them apart: a stage without a ``title`` is called by its format
    (:meth:`~podium.formats.base.Format.stage_title`), so when another stage of the event reads the same in either
    language ("Round robin" twice) it is numbered by its place among the event's stages ("Round robin (stage 1)");
    a title meet.toml gives is kept as written."""

    def alike(one: Label, other: Label) -> bool:
        return one.zh == other.zh or one.en == other.en

    return [
        attrs.evolve(stage, title=_numbered(stage.title, index + 1))
        if not titled[index] and any(alike(stage.title, other.title) for other in stages if other is not stage)
        else stage
        for index, stage in enumerate(stages)
    ]


def _numbered(title: Label, number: int) -> Label:
    """``title`` with the stage's place in its event: "Round robin (stage 2)", "单循环（第 2 阶段）"."""
    return bilingual(lambda: _("{title} (stage {number})").format(title=title.get(), number=number))


def _named(value: Any) -> str:
    """A name as the user wrote it: the text itself, or anything else as ``meet.toml`` spells it (``["xiangqi"]``)."""
    return value if isinstance(value, str) else toml_text(value)


def _game(problems: _Problems, sport: Any, raw: Any, where: tuple[str | int, ...]) -> GameTemplate | None:
    """The sport's ready-made event named ``raw`` (``game = "sack_race"``), or ``None``."""
    if raw is None:
        return None
    if isinstance(raw, str) and raw not in sport.games:  # the game's Chinese or English name (game = "拔河") names it too
        named = [game for game in sport.games.values() if raw.strip() in (game.title.zh, game.title.en)]
        if len(named) == 1:
            return named[0]
    if not isinstance(raw, str) or raw not in sport.games:
        valid = ", ".join(sorted(sport.games)) or Message(N_("none"))
        problems.add(where, N_("{sport} has no game '{name}'; its games: {valid}"), code="config.game_unknown", sport=sport.name, name=_named(raw), valid=valid)
        return None
    return sport.games[raw]


def _sportsday(
    reader: Reader, event: EventConfig, venues: Mapping[str, Venue], settings: ScheduleSettings, age_date: Any
) -> EventConfig:
    """Add an event's sports-day tables: eligibility, quota, awards, points and schedule (docs/sportsday.md)."""
    eligibility = read_eligibility(reader.child("eligibility"), event.kind)
    if eligibility.needs_age and eligibility.reference_date is None and not isinstance(age_date, dt.date):
        reader.child("eligibility").problem(
            "reference_date", N_("the age rule needs a date to count ages on: set it here, or meet.reference_date or meet.date"), code="config.reference_date_missing"
        )
    return attrs.evolve(
        event,
        eligibility=eligibility,
        quota=read_quota(reader.child("quota")),
        awards=read_awards(reader.child("awards")),
        points=read_event_points(reader.child("points")),
        schedule=read_event_schedule(reader.child("schedule"), venues, settings) if venues else EventSchedule(),
    )


def _records(reader: Reader, event: EventConfig, registry: Registry) -> EventConfig:
    """Add the event's standing records (``[events.X.records]``), their marks read as the event measures them."""
    sport = registry.sports[event.sport]
    parse = None
    if sport.measured(event.rules):  # only a measured sport says so (Sport.measured)
        parse = cast(MeasuredSport, sport).measurement(event.rules).read_record
    return attrs.evolve(event, records=read_records(reader, parse))


def _venue_lanes(
    reader: Reader, event: EventConfig, venues: Mapping[str, Venue], settings: ScheduleSettings, registry: Registry
) -> EventConfig:
    """Heats of entrants side by side in lanes take the lanes of the track they use (``[venues.X] lanes``):
    a stage that does not say ``lanes`` gets the track's, and one that asks for more is refused, so that a
    heat never holds more entrants than lanes. The track is one resource a heat takes whole; naming its
    lanes as resources (``{ lane = 8 }``) would run eight heats at once, so that is refused too."""
    laned = [(i, s) for i, s in enumerate(event.stages) if getattr(registry.formats.get(s.format), "lane_option", None)]
    if not laned or not venues:
        return event
    kinds = sorted({r.kind for v in venues.values() for r in v.resources})
    kind = event.schedule.resource or settings.resource or (kinds[0] if len(kinds) == 1 else None)
    if kind is not None and kind.lower() in LANE_WORDS:
        reader.child("schedule").problem(
            "resource",
            N_("a heat runs on the whole track, not on one lane: give the track as a resource and its lanes apart, "
               "like resources = {{ track = 1 }} and lanes = 8 in [venues.NAME]"),
            code="config.lane_as_resource",
        )
        return event
    allowed = set(event.schedule.resources)
    found = [
        (r.lanes, venue.key) for venue in venues.values() for r in venue.resources
        if r.kind == kind and r.lanes and (not allowed or r.key in allowed)
    ]
    if not found:
        return event
    lanes, venue = min(found)
    raw_stages = reader.data.get("stages")
    stages = list(event.stages)
    for index, stage in laned:
        option = registry.formats[stage.format].lane_option
        raw = raw_stages[index] if isinstance(raw_stages, list) and index < len(raw_stages) else {}
        given = isinstance(raw, dict) and option in raw
        if not given and not (event.game and option in registry.sports[event.sport].games[event.game].format_options):
            stages[index] = attrs.evolve(stage, options={**stage.options, option: lanes})
        elif stage.options[option] > lanes:  # 0 (everyone in one group) is not a race in lanes: a field event's flight
            where = reader.child("stages") if isinstance(raw_stages, list) else reader
            where.problem(
                index if isinstance(raw_stages, list) else "game",
                N_("{option} = {value}: heats of {kind} '{venue}' hold at most {lanes}, its lanes"),
                code="config.lanes_beyond_venue", option=option, value=stage.options[option], kind=kind, venue=venue, lanes=lanes,
            )
    return attrs.evolve(event, stages=tuple(stages))
def _written_name(raw: Any) -> Label | None:
    """The name an event table gives its event (``name = "…"`` or ``{ zh, en }``), or ``None``."""
    name = raw.get("name") if isinstance(raw, dict) else None
    if isinstance(name, dict):
        given = {lang: text.strip() for lang, text in name.items() if lang in ("zh", "en") and isinstance(text, str) and text.strip()}
        return Label.of(given) if given else None
    return Label.of(name.strip()) if isinstance(name, str) and name.strip() else None


def _check_team_sources(problems: _Problems, events: Mapping[str, EventConfig]) -> None:
    """A team ranking's ``also`` names other events of individuals or pairs."""
    for key, event in events.items():
        for other in event.team_ranking.also if event.team_ranking else ():
            where = ("events", key, "team_ranking", "also")
            if other == key:
                problems.add(where, N_("lists the event itself; name the other events whose places count too"), code="config.team_ranking_lists_itself")
            elif other not in events:
                problems.add(where, N_("names no event '{other}'; events: {valid}"), code="config.team_ranking_event_unknown", other=other, valid=", ".join(sorted(events)))
            elif events[other].kind is EntrantKind.TEAM:
                problems.add(
                    where, N_("names the team event '{other}' ({name}); only places of individuals or pairs add up to a team score"),
                    code="config.team_ranking_team_event", other=other, name=events[other].name,
                )


def _team_ranking(reader: Reader, event: EventConfig, registry: Registry) -> EventConfig:
    """Add the event's team ranking (``[events.X.team_ranking]``); the sport may name its default chain
    under ``Sport.tiebreaks["team_totals"]``, else CXA 2011 §14.8. The team-ranking code is loaded
    only for an event that declares one."""
    from podium.sportsday.team_totals import DEFAULT_CHAIN, read_team_ranking

    sport = registry.sports[event.sport]
    default = sport.tiebreak_chain("team_totals", event.rules) if "team_totals" in sport.tiebreaks else CHAINS[DEFAULT_CHAIN]
    ranking = read_team_ranking(reader, event=event.name, kind=event.kind, default_chain=default, known_tiebreakers=registry.tiebreakers)
    return attrs.evolve(event, team_ranking=ranking)


def _rules(
    problems: _Problems, sport: Any, raw: Any, where: tuple[str | int, ...], context: Mapping[str, Any], base: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    if not isinstance(raw, dict):
        problems.add(where, N_("must be a table of rule options"), code="config.rules_not_a_table")
        return dict(base or {})
    rules, found = check_options(sport.options, raw, base=base)
    for name, found_problem in found:
        problems.add((*where, name), found_problem)
    rules.update(context)
    return rules


def _scoring(problems: _Problems, raw: Any, where: tuple[str | int, ...], default: Scoring) -> Scoring:
    if raw is None:
        return default
    try:
        return scoring_from_config(raw, ".".join(map(str, where)))
    except PodiumError as error:
        problems.add(where, error.problem.bare())
        return default


def _chain(problems: _Problems, raw: Any, where: tuple[str | int, ...], registry: Registry) -> tuple[str, ...] | None:
    """A chain given by preset name (``"cxa-14.1"``) or as a list of tie-breaker names."""
    if raw is None:
        return None
    if isinstance(raw, str):
        if raw not in CHAINS:
            problems.add(
                where,
                N_("unknown tie-break chain '{name}'; valid chains: {chains}; or give a list of tie-breakers: {valid}"), code="config.chain_unknown", name=raw, chains=", ".join(CHAINS), valid=", ".join(sorted(registry.tiebreakers)),
            )
            return None
        return CHAINS[raw]
    if not isinstance(raw, list) or not all(isinstance(n, str) for n in raw):
        problems.add(where, N_("must be a chain name like \"cxa-14.1\" or a list of tie-breaker names"), code="config.chain_invalid")
        return None
    for name in raw:
        if name not in registry.tiebreakers:
            problems.add(
                where,
                N_("unknown tie-breaker '{name}'; valid tie-breakers: {valid}"), code="config.tiebreaker_unknown", name=name, valid=", ".join(sorted(registry.tiebreakers)),
            )
    return tuple(raw)


def _standings(
    problems: _Problems, raw: Any, where: tuple[str | int, ...], base: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    if not isinstance(raw, dict):
        problems.add(where, N_("must be a table of standings options like  decide = [1]"), code="config.standings_not_a_table")
        raw = {}
    try:
        return standings_options(raw, ".".join(map(str, where)), base=base)
    except PodiumError as error:
        problems.add(where, error.problem.bare())
        return standings_options({}, "", base=base)


def _stage(
    problems: _Problems,
    where: tuple[str | int, ...],
    raw: Any,
    registry: Registry,
    sport: Any,
    scoring: Scoring,
    tiebreaks: tuple[str, ...] | None,
    event_rules: Mapping[str, Any],
    kind: EntrantKind,
    event_standings: Mapping[str, Any],
    game: GameTemplate | None = None,
) -> StageConfig | None:
    if not isinstance(raw, dict):
        problems.add(where, N_("must be a table"), code="config.not_a_table")
        return None
    name = raw.get("name", f"stage{where[-1] + 1}" if isinstance(where[-1], int) else "main")
    format_name = raw.get("format")
    if not isinstance(format_name, str) or format_name not in registry.formats:
        problems.add(
            (*where, "format"),
            N_("unknown format {name!r}; installed formats: {valid}"), code="config.format_unknown", name=_named(format_name), valid=", ".join(sorted(registry.formats)),
        )
        return None
    fmt = registry.formats[format_name]
    format_options = {k: v for k, v in raw.items() if k not in _STAGE_KEYS}
    base = game.format_options if game and game.format == format_name else None
    if ORDER_OPTION in fmt.options:  # a round-robin table (Berger, ITTF): the sport's unless meet.toml names one
        base = {"order": sport.round_robin_order, **(base or {})}
    if WITHDRAWAL_OPTION in fmt.options:  # what a withdrawal does to a round robin's results: the sport's rule unless named
        base = {"withdrawal": sport.round_robin_withdrawal, **(base or {})}
    options, found = check_options(fmt.options, format_options, base=base)
    for option, found_problem in found:
        problems.add((*where, option), found_problem)
    context = {"kind": kind.value}
    rules = _rules(problems, sport, raw.get("rules", {}), (*where, "rules"), context, base=None)
    rules = {k: v for k, v in rules.items() if k in raw.get("rules", {})}
    round_rules = {}
    raw_rounds = raw.get("round_rules", {})
    if not isinstance(raw_rounds, dict):
        problems.add((*where, "round_rules"), N_("must be a table like  final = {{ best_of = 7 }}"), code="config.round_rules_not_a_table")
        raw_rounds = {}
    for round_name, value in raw_rounds.items():
        checked = _rules(problems, sport, value, (*where, "round_rules", round_name), context)
        round_rules[round_name] = {k: v for k, v in checked.items() if isinstance(value, dict) and k in value}
    for found_problem in stage_problems(sport, fmt, {**event_rules, **rules}, options):
        problems.add((*where, "format"), found_problem)
    stage_scoring = _scoring(problems, raw.get("scoring"), (*where, "scoring"), scoring)
    chain = _chain(problems, raw.get("tiebreaks"), (*where, "tiebreaks"), registry) or tiebreaks
    if chain is None:
        chain = sport.tiebreak_chain(fmt.family, {**event_rules, **rules})
    return StageConfig(
        name=str(name),
        title=_label(problems, raw["title"], (*where, "title")) if "title" in raw else fmt.stage_title(options),
        format=format_name,
        options=options,
        rules=rules,
        round_rules=round_rules,
        scoring=stage_scoring,
        tiebreaks=tuple(chain),
        standings=_standings(problems, raw.get("standings", {}), (*where, "standings"), base=event_standings),
    )
