"""The order of play: sessions with their matches and heats, what does not fit, and the state of play now."""

from __future__ import annotations

import datetime as dt

import attrs

from podium.i18n import Label
from podium.model.entrants import EntrantKind
from podium.views.matches import Reading, SideSource


@attrs.frozen(kw_only=True)
class PlanItem:
    """A match or a heat as the order of play lists it."""

    kind: str
    """``match`` or ``heat``."""
    event: str
    event_name: Label
    entrant_kind: EntrantKind
    """Who competes in the event: ``individual``, ``pair`` or ``team`` (how a count of its entrants is worded)."""
    stage: str
    match: str
    """The key of the match or heat in its stage."""
    number: int
    round: int
    round_name: str | None
    group: str | None
    stage_title: Label | None
    """The stage's title when the event has several stages (``Groups``, ``Knockout``); ``null`` otherwise."""
    heat: int | None
    """A heat's place in its round when the round has several heats (``heats, heat 3``); ``null`` otherwise."""
    names: tuple[str | None, ...]
    """A match: the names of its two sides (``null`` for a side not known yet). A heat: its entrants' names in lane
    order (empty while they are not known). Empty for a stage not drawn yet."""
    sources: tuple[SideSource | None, ...]
    """A match: where each side not known yet comes from. Empty for a heat."""
    lanes: tuple[int, ...]
    """A heat: the lane (or place in the order) of each entrant, in the order of ``names``. Empty for a match."""
    entrants: tuple[str, ...]
    """The keys of who plays: a match's known sides, a heat's entrants in lane order."""
    ahead: str | None
    """For a match or heat of a stage not drawn yet: the stage whose results decide who plays."""
    ahead_title: Label | None
    """The title of the stage ``ahead`` names (``小组赛``, ``Groups``); ``null`` with ``ahead``."""
    result: str | None
    """A match's result, once entered."""
    reading: Reading | None
    """A match's result as a reader reads it (:class:`~podium.views.matches.Reading`): the entered result's, else
    the walkover or Swiss bye settled without one; ``null`` for a heat or while there is neither."""
    complete: bool
    """The match has its result, or every entrant of the heat has a mark."""


@attrs.frozen(kw_only=True)
class PlanRow(PlanItem):
    """A match or a heat placed in the plan: when, where, and whether it was pinned by hand."""

    start: dt.datetime
    end: dt.datetime
    resources: tuple[str, ...]
    """The tables, courts, lanes or boards it is played on, as pins name them (``T1``)."""
    places: tuple[Label, ...]
    """The same as people read them, in the order of ``resources``: the name meet.toml gives, else the kind's word and
    number (``1号台`` / ``Table 1``, ``跑道`` / ``Track``)."""
    where: Label
    """``places`` in one line, a kind's numbers that run on as one run (``1–4号棋台`` / ``Boards 1–4``)."""
    pinned: bool
    minutes_late: int | None = None
    """In ``--now``: minutes since it was planned to start (0 when not yet)."""


@attrs.frozen
class SessionView:
    """One session of one venue with what is played in it."""

    session: str
    title: Label
    """How printed schedules name the session: its own ``title`` (第一单元), else the part of the day it starts in
    (上午 / morning, afternoon, evening)."""
    venue: str
    venue_name: Label
    date: dt.date
    start: dt.time
    end: dt.time
    rows: tuple[PlanRow, ...]


@attrs.frozen
class Overrun:
    """How much longer a venue would have to play to fit what does not fit."""

    venue: str
    minutes: int
    until: dt.datetime | None


@attrs.frozen(kw_only=True)
class UnplacedItem(PlanItem):
    """A match or heat with no place at all."""

    reason: str
    """``no_session`` (no session of its event has the resources it needs) or ``waits`` (it waits for a match that
    has no place)."""


@attrs.frozen(kw_only=True)
class DroppedPin(PlanItem):
    """A pin (``podium schedule pin``) the plan cannot honour, and why."""

    at: dt.datetime
    reason: Label


@attrs.frozen
class ScheduleView:
    """The order of play of every drawn match and heat (``podium schedule``)."""

    fits: bool
    """Everything has a place inside the sessions."""
    matches: int
    heats: int
    required_minutes: int
    """Minutes of play the matches and heats need on the venues' resources."""
    available_minutes: int
    short_minutes: int
    overrun: tuple[Overrun, ...]
    sessions: tuple[SessionView, ...]
    """Sessions in time order, with the matches and heats placed in them."""
    overflow: tuple[PlanRow, ...]
    """What does not fit, with where it would go after the sessions' end."""
    unplaced: tuple[UnplacedItem, ...]
    dropped_pins: tuple[DroppedPin, ...]
    not_drawn: tuple[str, ...]
    """Events not drawn yet, so not in the plan."""
    not_drawn_names: tuple[Label, ...]
    """Those events as people know them, in the same order."""


@attrs.frozen
class NowView:
    """The plan against the clock and the results so far (``podium schedule --now``)."""

    now: dt.datetime
    late: tuple[PlanRow, ...]
    """Planned to have finished by now, without a result."""
    due: tuple[PlanRow, ...]
    """Planned to be in play now, without a result."""
    call_next: tuple[PlanRow, ...]
    """What can be called: sides known, players rested, no player twice."""
    behind_minutes: int
