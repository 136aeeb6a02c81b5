"""View models of printed documents: plain, frozen data that templates render.

Each document has one documented shape, so any producer can feed it: the draws and
standings on ``main`` build them from the meet state (:mod:`podium.faces.print.documents`),
and the scheduler and the award schemes built elsewhere only need to return these
classes. ``docs/printing.md`` describes every field.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

import attrs

from podium.config.meet import MeetConfig


def unit_name(config: MeetConfig, key: str | None) -> str:
    """How a unit is printed: its name from ``meet.toml``, else the key as given."""
    if not key:
        return ""
    unit = config.units.get(key)
    return unit.name if unit else key

# Brackets -----------------------------------------------------------------------------------


@attrs.frozen
class BracketSide:
    """One side of a match box.

    ``name`` is empty while the side is unknown; ``note`` then says where it comes from
    ("winner of #12"). ``source`` is ``("winner" | "loser", match key)`` for sides fed by
    another match; a bracket is drawn as a tree by following the ``winner`` sources.
    """

    name: str = ""
    unit: str = ""
    seed: int | None = None
    bye: bool = False
    source: tuple[str, str] | None = None
    note: str = ""


@attrs.frozen
class BracketMatch:
    """A match box: two sides, the match number users type, and the result once known."""

    key: str
    sides: tuple[BracketSide, BracketSide]
    number: int | None = None
    result: str | None = None
    winner: int | None = None


@attrs.frozen
class BracketRound:
    """A column of the bracket, e.g. "Quarter-finals"."""

    title: str
    matches: tuple[BracketMatch, ...]


@attrs.frozen
class BracketSection:
    """A tree of its own: the main draw, a winners or losers bracket, the grand final, a play-off."""

    title: str
    rounds: tuple[BracketRound, ...]


@attrs.frozen
class Bracket:
    """A knockout drawn as trees: single or double elimination, third place and play-offs."""

    title: str
    sections: tuple[BracketSection, ...]


# Draw sheets, crosstables, standings ------------------------------------------------------------


@attrs.frozen
class Member:
    """An entrant in a group list: its number in the group (Berger number), seed, name and unit."""

    number: int
    name: str
    unit: str = ""
    seed: int | None = None
    bib: str = ""


@attrs.frozen
class Group:
    """A group (or the whole field of a round robin, or a heat) with its members in table (or lane) order.

    ``number_label`` heads the number column ("No." when empty; "lane" for heats).
    """

    title: str
    members: tuple[Member, ...]
    number_label: str = ""


@attrs.frozen
class Pairing:
    """A match in a list of pairings: number (none for a bye: nothing to play), board (or table) in its round, sides,
    result."""

    number: int | None
    board: int
    sides: tuple[str, str]
    result: str = ""
    group: str = ""


@attrs.frozen
class PairingRound:
    """The pairings of one round (a Swiss round, a round-robin round)."""

    title: str
    pairings: tuple[Pairing, ...]


@attrs.frozen
class StageDraw:
    """What the draw sheet shows for one stage: groups, a bracket, or rounds of pairings."""

    title: str
    format: str
    groups: tuple[Group, ...] = ()
    bracket: Bracket | None = None
    rounds: tuple[PairingRound, ...] = ()


@attrs.frozen
class DrawSheet:
    """The draw sheet of one event."""

    event: str
    sport: str
    stages: tuple[StageDraw, ...]


@attrs.frozen
class CrossRow:
    """A line of a crosstable: ``cells[j]`` is this entrant's result against entrant ``j`` (``None`` on the diagonal)."""

    number: int
    name: str
    unit: str
    cells: tuple[str | None, ...]
    points: Any
    values: tuple[Any, ...]
    place: str


@attrs.frozen
class Crosstable:
    """A round-robin table with every result, points and the tie-break columns."""

    title: str
    columns: tuple[str, ...]
    """Titles of the tie-break columns, in chain order."""
    rows: tuple[CrossRow, ...]
    notes: tuple[str, ...] = ()


# Order of play ----------------------------------------------------------------------------------


@attrs.frozen
class PlayRow:
    """One line of the order of play: when, where, which match or heat of which event and round, who, and
    the umpire.

    Numbers run per event; the event named beside each number makes it unique across the meet. A heat, or a match of a stage not drawn yet (``across``), has who
    plays in the first of ``sides``, printed across both columns; a heat lists its entrants by lane in
    ``lanes`` (``(lane, name)``)."""

    number: int | None
    event: str
    round: str
    sides: tuple[str, str]
    time: str = ""
    place: str = ""
    umpire: str = ""
    across: bool = False
    lanes: tuple[tuple[int, str], ...] = ()


@attrs.frozen
class Session:
    """A block of the order of play: one session at one venue (or, before scheduling, one round)."""

    title: str
    venue: str = ""
    date: dt.date | None = None
    rows: tuple[PlayRow, ...] = ()


@attrs.frozen
class OrderOfPlay:
    """The order of play, in sessions."""

    title: str
    sessions: tuple[Session, ...]


# Score sheets -----------------------------------------------------------------------------------


@attrs.frozen
class ScoreSheet:
    """A sheet to fill in by hand for one match (or a blank one when the sides are not known).

    ``fields`` is what the sport's ``score_sheet_fields`` gives for the match: game columns
    (``best_of``), ``notes`` (rules of play printed for the umpire), team ``tie`` order…
    """

    event: str
    round: str
    number: int | None
    sides: tuple[str, str]
    units: tuple[str, str] = ("", "")
    bibs: tuple[str, str] = ("", "")
    rules: Mapping[str, Any] = attrs.field(factory=dict)
    members: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    fields: Mapping[str, Any] = attrs.field(factory=dict)
    stage: str = ""
    place: str = ""
    """The table, board or court the order of play gave the match (empty without a schedule)."""
    time: str = ""
    """Its scheduled start (``09:20``; ``04-18 09:20`` on a meet of several days), empty without a schedule."""
    link: str = ""
    """The address of the entry link for this match alone (``podium print scoresheets --url``), else empty."""
    qr: str = ""
    """The QR code of :attr:`link` as an SVG data URI, else empty."""


@attrs.frozen
class EntryCard:
    """A card to put on a table (court, lane, board): a referee scans its QR code to enter the results of the
    matches and heats the order of play puts there (``podium print entry-cards``)."""

    venue: str
    table: str
    url: str
    """The entry link's full address, printed under the code for a phone that cannot scan."""
    qr: str
    """The QR code of :attr:`url` as an SVG data URI."""
    expires: str
    """When the link stops working, local time to the minute."""


@attrs.frozen
class Heat:
    """A heat of a measured event: entrants by lane (or order of performance)."""

    title: str
    lanes: tuple[tuple[int, str, str], ...]
    """``(lane, name, unit)`` for each lane; an empty name leaves the lane blank."""
    bibs: tuple[str, ...] = ()
    """The bib of each lane's entrant, in the same order (empty when none was given)."""
    place: str = ""
    """Where the order of play runs the heat (track, floor…), empty without a schedule."""
    time: str = ""
    """Its scheduled start, as :attr:`ScoreSheet.time`."""
    number: int | None = None
    """The number users type (``podium perf … --heat 3``, ``podium matches``, the web face's ``/entry/<token>/<event>/3``),
    counted across the event's stages like match numbers; ``None`` before the draw, when the sheet lists the
    entrants in bib order."""
    link: str = ""
    """The address of the entry link for this heat alone (``podium print scoresheets --url``), else empty."""
    qr: str = ""
    """The QR code of :attr:`link` as an SVG data URI, else empty."""
    final_order: tuple[str, ...] = ()
    """A jump or throw once its cut is made: the names of those who take the trials after it, in the order they take
    them (World Athletics TR 25.5); else empty."""


@attrs.frozen
class StartRow:
    """An entrant on a start list or call-room list: lane (or start position), bib, name, unit, and a relay team's
    declared runners in order."""

    lane: int
    bib: str
    name: str
    unit: str = ""
    runners: tuple[str, ...] = ()


@attrs.frozen
class StartHeat:
    """One heat on a start list or call-room list: its event, round and heat, number, and when and where it starts
    (``time`` and ``place`` empty without a schedule; ``call`` is when its entrants report to the call room)."""

    event: str
    title: str
    number: int
    rows: tuple[StartRow, ...]
    time: str = ""
    place: str = ""
    call: str = ""
    date: str = ""


@attrs.frozen
class RecordRow:
    """A record on the records table: the event, the kind, the standing record, and the mark of this meet that broke
    (or equalled) it, if any."""

    event: str
    title: str
    mark: str
    holder: str = ""
    unit: str = ""
    year: int | None = None
    new_mark: str = ""
    new_name: str = ""
    new_unit: str = ""
    equal: bool = False


# Awards -----------------------------------------------------------------------------------------


@attrs.frozen
class Award:
    """One award of an event: a place or prize grade given to an entrant (its members get certificates)."""

    event: str
    title: str
    """The place or grade as printed: 冠军, "First place", 一等奖, 优秀奖…"""
    name: str
    unit: str = ""
    place: int | None = None
    medal: str | None = None
    """``gold``, ``silver``, ``bronze`` or ``None`` (counts in the medal table)."""
    members: tuple[str, ...] = ()
    """Members of a team or pair: each receives a certificate of their own."""
    points: float = 0
    """Points the award brings to the entrant's unit (unit points table)."""
    kind: str = "place"
    """The award's band: ``place``, ``grade``, ``excellence``, ``commemorative``, ``participation``, or ``points``
    (a unit's place in the points table)."""
    recipient: str = "person"
    """Who won it: a ``person``, a ``pair``, a ``team`` or a ``unit`` (a team ranking, the points table)."""
    records: tuple[str, ...] = ()
    """Records set with the mark behind the award, in words ("New school record 12.3")."""


@attrs.frozen
class Certificate:
    """One certificate (奖状): one person, team or unit, one award.

    ``achievement`` is the award as the certificate's sentence says it (第五名, 一等奖, "Place 5");
    ``to_person`` is false for a team's or unit's certificate (no "同学" after the name), which lists
    its ``members``; ``date_text`` is the date as the certificate prints it (二〇二六年十月, 2026年10月21日).
    """

    meet: str
    event: str
    title: str
    name: str
    unit: str = ""
    team: str = ""
    date: dt.date | None = None
    organiser: str = ""
    signatures: tuple[str, ...] = ()
    achievement: str = ""
    to_person: bool = True
    members: tuple[str, ...] = ()
    date_text: str = ""
    kind: str = "place"
    """The award's band (:attr:`Award.kind`); ``points`` is a unit's place in the points table."""
    records: tuple[str, ...] = ()
    """Records the winner set with this award's mark ("New school record 12.3", 破校纪录)."""


# The programme (秩序册) --------------------------------------------------------------------------


@attrs.frozen
class ScheduleItem:
    """One line of the programme's schedule: an event's round in a session, from its first start to its last end."""

    start: str
    end: str
    event: str
    round: str
    place: str
    count: str
    """How many matches or heats, in words ("8 matches", "2 heats")."""


@attrs.frozen
class ScheduleSession:
    """A session of the programme's schedule: its title (上午, 第一单元), date, time and venue, and what is played."""

    title: str
    date: dt.date | None
    time: str
    venue: str
    items: tuple[ScheduleItem, ...]


@attrs.frozen
class Called:
    """Someone a call-room list calls: lane (in a heat) or match number, bib, name and unit."""

    position: str
    bib: str
    name: str
    unit: str = ""


@attrs.frozen
class CallGroup:
    """One call of the call-room list (检录): when to report, when and where it starts, which event and round,
    and who — a heat's entrants by lane, or everyone who plays in a round's matches."""

    call: str
    start: str
    place: str
    event: str
    round: str
    people: tuple[Called, ...]


@attrs.frozen
class ProgrammeEvent:
    """An event in the programme: what it is and how it is played, and its entry list or its draw."""

    key: str
    name: str
    sport: str
    stages: tuple[str, ...]
    """Each stage as "title: format"."""
    entrants: tuple[Member, ...]
    """The entry list (bib, name, unit) while the event is not drawn."""
    draw: DrawSheet | None = None
    pairings: tuple[PairingRound, ...] = ()
    """A knockout's first round (its tree is on the draw sheet)."""
    count: str = ""
    """How many entrants it has, counted as its kind of entrant is (12 名参赛者, 6 对组合, 8 支队伍)."""


@attrs.frozen
class RosterLine:
    """One person on a unit's roster: bib, name, gender and the events they entered."""

    bib: str
    name: str
    gender: str
    events: str


@attrs.frozen
class Roster:
    """A unit's roster (各单位运动员名单)."""

    unit: str
    division: str
    people: tuple[RosterLine, ...]


@attrs.frozen
class RuleBlock:
    """A heading of the award and points rules and its lines."""

    title: str
    lines: tuple[str, ...]


@attrs.frozen
class Programme:
    """The programme (秩序册) printed before the day: cover, contents, schedule by session, each event's entry list
    or draw, unit rosters with bibs, call-room lists and the award and points rules."""

    meet: str
    organiser: str
    dates: str
    venues: str
    schedule: tuple[ScheduleSession, ...]
    events: tuple[ProgrammeEvent, ...]
    rosters: tuple[Roster, ...]
    calls: tuple[tuple[str, tuple[CallGroup, ...]], ...]
    """Call-room lists by session title."""
    rules: tuple[RuleBlock, ...]
    call_minutes: int = 20
