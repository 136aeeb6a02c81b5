"""Standings: the ranked table of a stage, derived from outcomes, never stored as truth.

Entrants are ranked by points under the event's scoring scheme, then each group of
entrants on equal points is split by the tie-break chain in order. Every split of
two adjacent entrants is recorded as a :class:`Separation`, so that
``podium standings --explain`` can say which criterion decided and with which values.
Entrants no criterion separates share the place.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from podium.entrants import BYE
from podium.matches import Match
from podium.outcomes import Outcome
from podium.scoring import Scoring

if TYPE_CHECKING:
    from podium.tiebreakers.base import TieBreaker


@attrs.frozen
class Entry:
    """One match seen from one entrant: the outcome is turned so that side 0 is this entrant."""

    match: str
    round: int
    opponent: str
    outcome: Outcome
    points: float
    opponent_points: float
    listed_first: bool


@attrs.frozen
class Record:
    """An entrant's line in the table: points, counts and every match played."""

    key: str
    points: float
    entries: tuple[Entry, ...]
    byes: int = 0  # Swiss byes: scored (CXA 2011 §14.4) but no opponent, so not among ``entries``

    @property
    def played(self) -> int:
        return len(self.entries)

    @property
    def wins(self) -> int:
        return sum(1 for e in self.entries if e.outcome.winner == 0)

    @property
    def losses(self) -> int:
        return sum(1 for e in self.entries if e.outcome.winner == 1)

    @property
    def draws(self) -> int:
        return sum(1 for e in self.entries if e.outcome.is_draw)

    def total(self, stat: str, *, against: bool = False, among: frozenset[str] | None = None) -> float:
        """Sum of a per-side counter (for this entrant, or its opponents with ``against``)."""
        side = 1 if against else 0
        return sum(e.outcome.stat(stat, side) for e in self.entries if among is None or e.opponent in among)


@attrs.frozen
class Ledger:
    """All records of one table plus what tie-breakers may need (lots, penalties, options)."""

    records: Mapping[str, Record]
    scoring: Scoring
    lots: Mapping[str, int] = attrs.field(factory=dict)
    penalties: Mapping[str, tuple[int, int]] = attrs.field(factory=dict)
    options: Mapping[str, Any] = attrs.field(factory=dict)

    def points(self, key: str) -> float:
        return self.records[key].points

    def among(self, key: str, group: frozenset[str]) -> tuple[Entry, ...]:
        """The matches ``key`` played against members of ``group``."""
        return tuple(e for e in self.records[key].entries if e.opponent in group)


@attrs.frozen
class Separation:
    """Why ``upper`` ranks above ``lower``: the criterion that first told them apart."""

    upper: str
    lower: str
    criterion: str
    label: str
    upper_value: Any
    lower_value: Any


@attrs.frozen
class Row:
    """One line of the standings."""

    place: int
    shared: bool
    record: Record
    values: Mapping[str, Any]

    @property
    def key(self) -> str:
        return self.record.key


@attrs.frozen
class Standings:
    """A ranked table with the chain that ranked it and the reasons for every tie decided."""

    rows: tuple[Row, ...]
    chain: tuple[str, ...]
    separations: tuple[Separation, ...]
    unresolved: tuple[tuple[str, ...], ...]  # groups still tied after the whole chain

    def order(self) -> list[str]:
        return [row.key for row in self.rows]

    def row(self, key: str) -> Row:
        return next(r for r in self.rows if r.key == key)


def build_ledger(
    entrants: Sequence[str],
    results: Sequence[tuple[Match, Outcome]],
    scoring: Scoring,
    *,
    lots: Mapping[str, int] | None = None,
    penalties: Mapping[str, tuple[int, int]] | None = None,
    options: Mapping[str, Any] | None = None,
) -> Ledger:
    """Collect each entrant's matches and points from ``results`` (only entrants listed count)."""
    members = set(entrants)
    entries: dict[str, list[Entry]] = defaultdict(list)
    byes: dict[str, list[float]] = defaultdict(list)
    for match, outcome in results:
        a, b = match.entrants
        points = scoring.winner_points(outcome)
        for side, (me, other) in enumerate(((a, b), (b, a))):
            if me in members and other == BYE:
                byes[me].append(points[side])
            elif me in members and other in members:
                seen = outcome if side == 0 else outcome.mirrored()
                entries[me].append(
                    Entry(match.key, match.round, other, seen, points[side], points[1 - side], side == 0)  # type: ignore[arg-type]
                )
    records = {
        key: Record(
            key, sum(e.points for e in entries[key]) + sum(byes[key]), tuple(sorted(entries[key], key=lambda e: e.round)), len(byes[key])
        )
        for key in entrants
    }
    return Ledger(records, scoring, dict(lots or {}), dict(penalties or {}), dict(options or {}))


def rank(ledger: Ledger, chain: Sequence[TieBreaker]) -> Standings:
    """Rank the ledger by points, then by ``chain`` within each group on equal points."""
    by_points: dict[float, list[str]] = defaultdict(list)
    for key in sorted(ledger.records):
        by_points[ledger.points(key)].append(key)
    separations: list[Separation] = []
    unresolved: list[tuple[str, ...]] = []
    ordered: list[list[str]] = []
    for points in sorted(by_points, reverse=True):
        ordered.extend(_resolve(ledger, by_points[points], list(chain), separations, unresolved))

    values: dict[str, dict[str, Any]] = {key: {} for key in ledger.records}
    for breaker in chain:
        for key, value in breaker.values(ledger).items():
            values[key][breaker.name] = value
    rows = []
    place = 1
    for group in ordered:
        for key in group:
            rows.append(Row(place, len(group) > 1, ledger.records[key], values[key]))
        place += len(group)
    return Standings(tuple(rows), tuple(b.name for b in chain), tuple(separations), tuple(unresolved))


def _resolve(
    ledger: Ledger,
    group: list[str],
    chain: list[TieBreaker],
    separations: list[Separation],
    unresolved: list[tuple[str, ...]],
) -> list[list[str]]:
    if len(group) == 1:
        return [group]
    if not chain:
        unresolved.append(tuple(group))
        return [group]
    breaker, rest = chain[0], chain[1:]
    split = breaker.split(ledger, group)
    result: list[list[str]] = []
    for subgroup in split.groups:
        resolved = _resolve(ledger, list(subgroup), rest, separations, unresolved)
        if result:
            upper, lower = result[-1][-1], resolved[0][0]
            label, upper_value, lower_value = split.explain(upper, lower, breaker)
            separations.append(Separation(upper, lower, breaker.name, label, upper_value, lower_value))
        result.extend(resolved)
    return result
