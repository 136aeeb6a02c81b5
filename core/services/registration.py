"""Registering entrants from a file into the journal."""

from __future__ import annotations

from pathlib import Path

from podium.config.entrants_file import parse_entrants
from podium.errors import EntrantsError, StateError
from podium.i18n import _
from podium.journal.entries import Kind
from podium.journal.serialize import entrant_to_json
from podium.journal.state import MeetState
from podium.model.entrants import Entrant
from podium.services.meet import Meet, NewEntry


def import_entrants(meet: Meet, path: Path, *, event: str | None = None) -> dict[str, int]:
    """Import every entrant of ``path``; all rows are valid or nothing is imported. Returns counts per event."""
    config = meet.config
    event_key = config.event(event).key if event else None
    counts: dict[str, int] = {}

    def build(state: MeetState) -> list[NewEntry]:
        existing = {key: state.event(key).entrants for key in config.events}
        grouped = parse_entrants(path, config, existing, event=event_key)
        _check_entrants(state, path, grouped)
        entries: list[NewEntry] = []
        for key, entrants in grouped.items():
            if state.event(key).drawn:
                raise StateError(
                    _("Event '{event}' is already drawn; entrants cannot be added (redraw it before any result to include them).").format(
                        event=key
                    )
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
            problems += [f"{path.name}: {key}: {p}" for p in event.sport.entrant_problems(entrant, event.config.rules, field)]
    if problems:
        raise EntrantsError(
            _("{path}: entrants break their event's rules; nothing was imported:").format(path=path.name),
            details=tuple(problems),
        )


def registered_problems(meet: Meet) -> list[str]:
    """Every eligibility and quota problem of the entrants registered in ``meet`` (``meet.toml`` may have
    changed since they were imported)."""
    from podium.sportsday import entry_rules

    state = meet.state()
    registered = {key: list(state.event(key).entrants.values()) for key in state.config.events}
    return entry_rules.registered_problems(state.config, registered)
