"""Checking entries against the events' eligibility rules and quotas.

Run when entrants are imported — every row that breaks a rule is listed and nothing
is imported — and on demand for the entrants already registered
(``podium entrants check``), since ``meet.toml`` may have changed since the import.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from podium.config.meet import EventConfig, MeetConfig
from podium.i18n import _
from podium.model.entrants import Entrant, EntrantKind
from podium.sportsday.eligibility import entrant_problems
from podium.sportsday.quotas import quota_problems


def eligibility_problems(config: MeetConfig, event: EventConfig, entrant: Entrant) -> list[str]:
    """Why ``entrant`` may not enter ``event`` (empty when it may)."""
    reference = event.eligibility.reference_date or config.age_date
    return entrant_problems(entrant, event.eligibility, f"events.{event.key}.eligibility", reference)


def eligible_events(config: MeetConfig, event: EventConfig, entrant: Entrant) -> list[str]:
    """Other events of the same sport and kind that ``entrant`` could enter instead (its other divisions)."""
    found = []
    for other in config.events.values():
        if other.key == event.key or other.sport != event.sport or other.kind is not event.kind or not other.eligibility.restricted:
            continue
        if not eligibility_problems(config, other, entrant):
            found.append(other.key)
    return found


def import_problems(
    config: MeetConfig,
    existing: Mapping[str, Mapping[str, Entrant]],
    new: Mapping[str, Sequence[Entrant]],
    rows: Mapping[tuple[str, str], tuple[int, ...]],
    file: str,
) -> list[str]:
    """Every eligibility and quota problem of the ``new`` entrants of an import from ``file``."""

    def where(event: str, entrant: Entrant) -> str:
        numbers = rows.get((event, entrant.key), ())
        if len(numbers) == 1:
            return _("{path} row {row}").format(path=file, row=numbers[0])
        return _("{path} rows {rows}").format(path=file, rows=", ".join(map(str, numbers)))

    found = []
    for event_key, entrants in new.items():
        event = config.events[event_key]
        for entrant in entrants:
            problems = eligibility_problems(config, event, entrant)
            if not problems:
                continue
            others = eligible_events(config, event, entrant) if entrant.kind is EntrantKind.INDIVIDUAL else []
            hint = _(" (eligible for: {events})").format(events=", ".join(others)) if others else ""
            found += [f"{where(event_key, entrant)}: {problem}{hint}" for problem in problems]

    def describe(event: str, entrant: Entrant) -> str:
        if (event, entrant.key) in rows:
            return f"{entrant.name} [{where(event, entrant)}]"
        return _("{name} [already registered]").format(name=entrant.name)

    combined = {key: [*existing.get(key, {}).values(), *new.get(key, ())] for key in config.events}
    fresh = {(event, e.key) for event, entrants in new.items() for e in entrants}
    for breach in _breaches(config, combined, describe):
        if any(pair in fresh for pair in breach[1]):
            found.append(f"{file}: {breach[0]}")
    return found


def registered_problems(config: MeetConfig, registered: Mapping[str, Sequence[Entrant]]) -> list[str]:
    """Every eligibility and quota problem of the entrants ``registered`` in each event of the meet."""
    found = []
    for key, entrants in registered.items():
        for entrant in entrants:
            found += [f"{key} {entrant.key}: {p}" for p in eligibility_problems(config, config.events[key], entrant)]
    found += [message for message, _pairs in _breaches(config, registered, lambda event, e: f"{e.name} [{event} {e.key}]")]
    return found


def _breaches(
    config: MeetConfig, entrants: Mapping[str, Sequence[Entrant]], describe: Callable[[str, Entrant], str]
) -> list[tuple[str, tuple[tuple[str, str], ...]]]:
    quotas = {key: event.quota for key, event in config.events.items()}
    return [(b.message, b.entrants) for b in quota_problems(quotas, config.entries, config.units, entrants, describe)]
