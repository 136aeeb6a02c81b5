"""Entrants of the events as ``podium entrants list`` shows them."""

from __future__ import annotations

import attrs

from podium.i18n import Label
from podium.model.entrants import EntrantKind, Person


@attrs.frozen
class EntrantView:
    """One entrant: an individual, a pair or a team with its members."""

    key: str
    """Unique in the event; the bib when one was given."""
    event: str
    kind: EntrantKind
    name: str
    members: tuple[Person, ...]
    unit: str | None
    unit_name: str | None
    bib: str | None
    seed: int | None
    rating: float | None
    withdrawn: bool


@attrs.frozen
class EventEntrants:
    """The entrants of one event, in registration order."""

    event: str
    name: Label
    kind: EntrantKind
    """Who competes in the event: ``individual``, ``pair`` or ``team``."""
    entrants: tuple[EntrantView, ...]


@attrs.frozen
class EntrantListView:
    """The entrants of every event, or of one (``podium entrants list [EVENT]``)."""

    events: tuple[EventEntrants, ...]
