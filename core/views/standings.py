"""Standings: ranked tables with their tie-break values and explanations, measured rankings and team rankings."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from podium.i18n import Label
from podium.views.matches import HeatView

Scalar = int | float | str | bool | None
Value = Scalar | tuple[Scalar, ...]
"""A tie-break value: a number, a text (ratios such as ``3/2``), or a list of numbers (board by board)."""


def value_of(value: Any) -> Value:
    """A value as views hold it: numbers stay numbers (a whole float becomes an int), a sequence a tuple, and
    anything else (ratios, fractions) its text."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (tuple, list)):
        return tuple(value_of(v) for v in value)  # type: ignore[misc]
    return str(value)


@attrs.frozen
class Column:
    """A tie-break column of a table: the tie-breaker's code and title."""

    key: str
    """The tie-breaker's code (``wins``, ``games_ratio``, ``buchholz``…): the key of each row's ``values``."""
    title: Label


@attrs.frozen
class Explanation:
    """Why one entrant ranks directly above another on equal points: the criterion that first told them apart."""

    upper: str
    """The name of the entrant above."""
    lower: str
    upper_key: str
    lower_key: str
    criterion: str
    """The tie-breaker's code (``lots`` for a draw of lots or a play-off, ``sudden_death`` for extra attempts)."""
    label: Label
    """What was compared, as a reader says it: "games ratio among the tied", "drawing of lots (seed 7)"."""
    upper_value: Value
    lower_value: Value


@attrs.frozen
class Tie:
    """Entrants the whole chain leaves tied: they share ``place`` unless it must be decided."""

    place: int
    keys: tuple[str, ...]
    names: tuple[str, ...]
    must_decide: bool
    """The event does not let them share this place (option ``decide``): a play-off or lots must settle it."""


@attrs.frozen
class StandingsRow:
    """One entrant's line in a table."""

    place: int
    shared: bool
    """The place is shared (shown ``2=``)."""
    key: str
    name: str
    unit: str | None
    unit_name: str | None
    played: int
    wins: int
    draws: int
    losses: int
    points: int | float
    values: Mapping[str, Value]
    """The tie-break values shown as columns, by tie-breaker code."""
    number: int | None = None
    """The starting number in a Swiss or round-robin table (the crosstable's order), which ``games`` refer to."""
    games: tuple[RoundGame, ...] = ()
    """A Swiss or round-robin table's wall chart: one game per round of ``TableView.rounds``."""


@attrs.frozen
class RoundGame:
    """One round of an entrant on a wall chart: opponent, colour and result."""

    opponent: int | None = None
    """The opponent's starting number (``null``: a bye, or no game that round)."""
    first: bool | None = None
    """The entrant moved first (``true``) or second (``false``); ``null`` when not known or the sport has no colours."""
    result: str = ""
    """The result from the entrant's side: games won (``3:1``), the share of a win (``1``, ``½``, ``0``), or ``+`` / ``−``
    for a forfeit won or lost (CXA 2011 §20.3); empty without a result."""
    bye: bool = False


@attrs.frozen
class TableView:
    """The standings of one table: a group, or the whole stage."""

    name: str | None
    """The group's name; ``null`` for the whole stage."""
    chain: tuple[str, ...]
    """The tie-breakers applied, in order (the event's chain, with ``penalties`` and ``lots`` where recorded)."""
    columns: tuple[Column, ...]
    """The tie-breakers with a value per entrant, in chain order: the columns of the table."""
    rows: tuple[StandingsRow, ...]
    explain: tuple[Explanation, ...]
    ties: tuple[Tie, ...]
    unresolved: tuple[tuple[str, ...], ...]
    """The names in each tie the chain leaves (as ``ties``)."""
    rounds: tuple[int, ...] = ()
    """A Swiss or round-robin table: the rounds of its wall chart (each row's ``games``); empty otherwise."""
    colours: bool = False
    """The wall chart marks who moved first (the sport's results name a first mover)."""


@attrs.frozen
class PlacingRow:
    """A place a knockout's bracket decided."""

    place: int
    shared: bool
    key: str
    name: str
    unit: str | None
    unit_name: str | None


@attrs.frozen
class MatchStageStandings:
    """The standings of a stage of matches: one table per group (or one), and the places a bracket decided."""

    stage: str
    title: Label
    complete: bool
    """Every match of the stage is settled and every round laid out."""
    tables: tuple[TableView, ...]
    placings: tuple[PlacingRow, ...] | None
    """The places a knockout decides itself; ``null`` when its tables rank."""
    kind: str = "matches"
    """Always ``matches`` (a measured stage says ``measured``)."""


@attrs.frozen
class MeasuredRow:
    """One entrant's line in the ranking of a measured stage."""

    place: int | None
    """``null`` for an entrant the stage does not place (no valid mark)."""
    shared: bool
    key: str
    name: str
    unit: str | None
    unit_name: str | None
    mark: str | None
    """The mark that ranks: a value or a status; ``null`` while still standing in an elimination game."""
    status: str
    """``OK``, ``DNS``, ``DNF``, ``DQ`` or ``NR``."""
    still_in: bool
    note: Label | None
    round: int
    """The round the entrant reached."""
    round_name: str
    marks: Mapping[str, str | None]
    """The entrant's mark in each round, by round name (``null`` while still standing in an elimination game)."""
    records: tuple[str, ...]
    """The records the ranking mark broke or equalled: ``SR``, ``MR``, ``=SR``."""


@attrs.frozen
class RecordView:
    """A standing record of an event (``[events.X.records]`` in meet.toml): the mark and who set it when."""

    kind: str
    """``school`` or ``meet``."""
    title: Label
    """The record's name: 校纪录 / school record."""
    mark: str
    holder: str
    unit: str
    year: int | None


@attrs.frozen
class NewRecord:
    """A record this meet broke (or equalled): the best such mark, who set it, and the record it replaces."""

    kind: str
    title: Label
    flag: str
    """``SR``, ``MR``; ``=SR`` when equalled."""
    equal: bool
    mark: str
    entrant: str
    name: str
    unit: str | None
    unit_name: str | None
    old: RecordView
    """The record before the meet; for an equalled record, the record it equalled (maybe a mark of this meet)."""


@attrs.frozen
class MeasuredStageStandings:
    """The ranking of a measured stage: marks by round, sudden-death decisions and ties still open."""

    stage: str
    title: Label
    measure: str | None
    """What is measured: ``time``, ``count``, ``distance``, ``points``, ``judged``…"""
    complete: bool
    rows: tuple[MeasuredRow, ...]
    pending: tuple[str, ...]
    """Names of the entrants without a mark yet."""
    explain: tuple[Explanation, ...]
    """Why equal marks rank as they do: ``countback`` (the next best attempts, failures at a height; World Athletics
    TR 25.22, TR 26.8), ``sudden_death`` (an extra attempt) or ``lots`` (a recorded play-off or drawing of lots)."""
    unresolved: tuple[tuple[str, ...], ...]
    """Names of entrants tied where a sudden-death extra attempt must decide."""
    ties: tuple[Tie, ...]
    """Every place entrants share, and whether the event must decide it (option ``decide``): a play-off or lots
    settles it (``podium playoff``, ``podium lots``)."""
    heats: tuple[HeatView, ...]
    """Every heat of the stage with its lanes, marks, wind and Q/q."""
    records: tuple[NewRecord, ...]
    """The event's records broken or equalled at this meet."""
    standing_records: tuple[RecordView, ...]
    """The event's records as they stood before the meet."""
    kind: str = "measured"
    """Always ``measured``."""


@attrs.frozen
class StandingsView:
    """The standings of every drawn stage of an event (``podium standings EVENT``)."""

    event: str
    name: Label
    draws_allowed: bool
    """The sport has draws (a ``drawn`` column)."""
    stages: tuple[MatchStageStandings | MeasuredStageStandings, ...]
    """Every drawn stage, in order; empty before the draw."""


@attrs.frozen
class TeamPlayer:
    """A player whose place counts (or does not) for a unit in a team ranking."""

    key: str
    event: str
    """The event the place was won in."""
    section: Label | None
    """That event's name, when it is another event than the ranked one (``also`` in meet.toml)."""
    name: str
    place: int
    shared: bool


@attrs.frozen
class TeamRow:
    """A unit's line in a team ranking."""

    place: int
    shared: bool
    unit: str
    unit_name: str
    players: int
    """Players who count."""
    sum: int
    """The sum of their places: lower ranks first."""
    best: int
    counted: tuple[TeamPlayer, ...]
    others: tuple[TeamPlayer, ...]
    """Placed players who do not count (beyond ``count``)."""
    values: Mapping[str, Value]


@attrs.frozen
class TeamRankingView:
    """An event's team ranking: its units by the sum of their players' places (队员总分制, CXA 2011 §11.5, §14.8;
    ``podium standings EVENT --teams``)."""

    event: str
    key: str
    """The ranking's own key (``<event>.teams``), as awards and unit points name it."""
    name: Label
    source: Label
    """The name of the event whose places it ranks."""
    complete: bool
    count: int | None
    """How many players count for each unit; ``null`` for all of them."""
    chain: tuple[str, ...]
    columns: tuple[Column, ...]
    rows: tuple[TeamRow, ...]
    explain: tuple[Explanation, ...]
    """Why each unit ranks above the next: ``players`` (more players who count) or the chain's criterion."""
    ties: tuple[Tie, ...]
    unresolved: tuple[tuple[str, ...], ...]
