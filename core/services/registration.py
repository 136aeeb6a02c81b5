"""Registering entrants from a file into the journal."""

from __future__ import annotations

from pathlib import Path

from podium.config.entrants_file import parse_entrants
from podium.errors import EntrantsError, Problem, StateError, Target, as_problem
from podium.i18n import N_, VERBATIM, Message
from podium.journal.entries import Kind
from podium.journal.serialize import entrant_to_json
from podium.journal.state import MeetState
from podium.model.entrants import Entrant
from podium.services.meet import Meet, NewEntry


def import_entrants(meet: Meet, path: Path, *, event: str | None = None, notes: list[str] | None = None) -> dict[str, int]:
    """Import every entrant of ``path``; all rows are valid or nothing is imported. Returns counts per event;
    ``notes`` receives what was ignored (a stray cell far below an XLSX list)."""
    config = meet.config
    event_key = config.event(event).key if event else None
    counts: dict[str, int] = {}

    def build(state: MeetState) -> list[NewEntry]:
        existing = {key: state.event(key).entrants for key in config.events}
        grouped = parse_entrants(path, config, existing, event=event_key, notes=notes)
        _check_entrants(state, path, grouped)
        entries: list[NewEntry] = []
        for key, entrants in grouped.items():
            if state.event(key).drawn:
                raise StateError(
                    N_("Event '{event}' is already drawn; entrants cannot be added (redraw it before any result to include them)."), code="entrants.event_drawn", target=Target(event=key), event=key
                )
            payload = {"file": path.name, "entrants": [entrant_to_json(e) for e in entrants]}
            entries.append((Kind.ENTRANTS, key, payload, None))
            counts[key] = len(entrants)
        return entries

    meet.append(build)
    return counts


def _check_entrants(state: MeetState, path: Path, grouped: dict[str, list[Entrant]]) -> None:
    """The sport's own entry rules (team size, gender make-up): every problem listed, nothing imported."""
    problems = []
    for key, entrants in grouped.items():
        event = state.event(key)
        field = [*event.entrants.values(), *entrants]
        for entrant in entrants:
            frame = Message("{path}: {event}: {message}", catalog=VERBATIM, path=path.name, event=key)
            problems += [
                as_problem(found, EntrantsError.default_code).framed(frame, Target(file=path.name, event=key, entrant=entrant.name))
                for found in event.sport.entrant_problems(entrant, event.config.rules, field)
            ]
    if problems:
        raise EntrantsError(
            N_("{path}: entrants break their event's rules; nothing was imported:"), code="entrants.sport_rules_broken", target=Target(file=path.name), path=path.name,
            details=tuple(problems),
        )


def registered_problems(meet: Meet) -> list[Problem]:
    """Every eligibility and quota problem of the entrants registered in ``meet`` (``meet.toml`` may have
    changed since they were imported)."""
    from podium.sportsday import entry_rules

    state = meet.state()
    registered = {key: list(state.event(key).entrants.values()) for key in state.config.events}
    return entry_rules.registered_problems(state.config, registered)
