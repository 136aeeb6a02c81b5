"""Awards of the decided events, the medal table and the unit points table."""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from podium.i18n import Label


@attrs.frozen
class AwardView:
    """One award: a place or prize grade given to an entrant (or, in a team ranking, to a unit)."""

    place: int
    shared: bool
    title: Label
    """The award as printed: 冠军 / Champion, 一等奖 / 1st prize, 优秀奖 / Excellence award…"""
    kind: str
    """``place``, ``grade``, ``excellence``, ``commemorative`` or ``participation``."""
    medal: str | None
    """``gold``, ``silver``, ``bronze`` or ``null``."""
    entrant: str
    name: str
    unit: str | None
    unit_name: str | None
    recipients: tuple[str, ...]
    """Who receives a certificate: the entrant, each member of a pair or team, or the players who counted for a unit."""


@attrs.frozen
class EventAwards:
    """The awards of one event (or of its team ranking)."""

    event: str
    """The event's key, or its team ranking's (``<event>.teams``)."""
    name: Label
    decided: bool
    """The event's final ranking is decided; until then it has no awards."""
    disqualified: tuple[str, ...]
    """Keys of entrants barred from awards (``podium disqualify``, or a DQ mark)."""
    awards: tuple[AwardView, ...]
    disqualified_names: tuple[str, ...]
    """Their names, in the same order."""


@attrs.frozen
class AwardsView:
    """The awards of every event, or of one (``podium awards [EVENT]``)."""

    events: tuple[EventAwards, ...]


@attrs.frozen
class MedalRow:
    """A unit's line in the medal table: ranked by gold, then silver, then bronze; equal counts share the place."""

    place: int
    shared: bool
    unit: str
    unit_name: str
    gold: int
    silver: int
    bronze: int
    total: int


@attrs.frozen
class PointsEvent:
    """An event (or team ranking) that scores unit points: a column of the unit points table."""

    event: str
    name: Label


@attrs.frozen
class UnitPointsRow:
    """A unit's line in the unit points table."""

    place: int
    shared: bool
    unit: str
    unit_name: str
    points: Mapping[str, int | float]
    """Points by event (only the events where the unit scored)."""
    total: int | float
    places: tuple[int, ...]
    """How many first, second, third… places the unit won (the countback of equal totals)."""


@attrs.frozen
class UnitPointsView:
    """The unit points table (团体总分): places score by the meet's ``[points]`` table."""

    events: tuple[PointsEvent, ...]
    tie: str
    """How equal totals are ranked (``places``: most first places, then second places…; ``share``)."""
    rows: tuple[UnitPointsRow, ...]


@attrs.frozen
class DivisionTables:
    """The medal table and the unit points table of one division (the classes of a grade): its units ranked among
    themselves, on the events its units entered."""

    division: str
    medals: tuple[MedalRow, ...]
    points: UnitPointsView


@attrs.frozen
class MedalsView:
    """The medal table and the unit points table of the events decided so far (``podium medals``)."""

    decided: tuple[str, ...]
    undecided: tuple[str, ...]
    unofficial: bool
    """Some event is not decided yet: the tables may still change (printed as "Unofficial")."""
    medals: tuple[MedalRow, ...]
    points: UnitPointsView
    divisions: tuple[DivisionTables, ...] = ()
    """The tables of each division when units have divisions (``[units.X] division``); empty otherwise."""
    undecided_names: tuple[Label, ...] = ()
    """The events not decided yet (or their team rankings) as people know them, in the order of ``undecided``."""
