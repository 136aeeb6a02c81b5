"""Checking entries against the events' eligibility rules and quotas.

Run when entrants are imported — every row that breaks a rule is listed and nothing
is imported — and on demand for the entrants already registered
(``podium entrants check``), since ``meet.toml`` may have changed since the import.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import attrs

from podium.config.meet import EventConfig, MeetConfig
from podium.errors import Problem, Target, located
from podium.i18n import N_, VERBATIM, Message, _, listed
from podium.model.entrants import Entrant, EntrantKind
from podium.sportsday.eligibility import entrant_problems
from podium.sportsday.quotas import quota_problems


def eligibility_problems(config: MeetConfig, event: EventConfig, entrant: Entrant) -> list[Problem]:
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
) -> list[Problem]:
    """Every eligibility and quota problem of the ``new`` entrants of an import from ``file``, placed at their rows."""

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
            numbers = rows.get((event_key, entrant.key), ())
            frame = (
                Message(N_("{path} row {row}: {message}"), path=file, row=numbers[0])
                if len(numbers) == 1
                else Message(N_("{path} rows {rows}: {message}"), path=file, rows=", ".join(map(str, numbers)))
            )
            target = Target(file=file, rows=numbers, event=event_key, entrant=entrant.name)
            for found_problem in problems:
                if others:
                    found_problem = found_problem.framed(Message(N_("{message} (eligible for: {events})"), events=listed(others)))
                found.append(found_problem.framed(frame, attrs.evolve(found_problem.target, **_fields(target))))

    def describe(event: str, entrant: Entrant) -> str:
        if (event, entrant.key) in rows:
            return f"{entrant.name} [{where(event, entrant)}]"
        return _("{name} [already registered]").format(name=entrant.name)

    found.sort(key=lambda p: min(p.target.rows, default=0))  # in the order of the file, not event by event
    combined = {key: [*existing.get(key, {}).values(), *new.get(key, ())] for key in config.events}
    fresh = {(event, e.key) for event, entrants in new.items() for e in entrants}
    for breach in _breaches(config, combined, describe):
        if any(pair in fresh for pair in breach[1]):
            found.append(breach[0].framed(located(file), attrs.evolve(breach[0].target, file=file)))
    return found


def registered_problems(config: MeetConfig, registered: Mapping[str, Sequence[Entrant]]) -> list[Problem]:
    """Every eligibility and quota problem of the entrants ``registered`` in each event of the meet."""
    found = []
    for key, entrants in registered.items():
        for entrant in entrants:
            frame = Message("{event} {entrant}: {message}", catalog=VERBATIM, event=config.events[key].name, entrant=entrant.name)
            found += [
                p.framed(frame, attrs.evolve(p.target, event=key, entrant=entrant.name))
                for p in eligibility_problems(config, config.events[key], entrant)
            ]
    found += [breach for breach, _pairs in _breaches(config, registered, lambda event, e: f"{e.name} [{config.events[event].name}]")]
    return found


def _fields(target: Target) -> dict[str, object]:
    return {name: value for name, value in attrs.asdict(target, recurse=False).items() if value not in (None, ())}


def _breaches(
    config: MeetConfig, entrants: Mapping[str, Sequence[Entrant]], describe: Callable[[str, Entrant], str]
) -> list[tuple[Problem, tuple[tuple[str, str], ...]]]:
    quotas = {key: event.quota for key, event in config.events.items()}
    names = {key: event.name for key, event in config.events.items()}
    return [(b.problem, b.entrants) for b in quota_problems(quotas, names, config.entries, config.units, entrants, describe)]
