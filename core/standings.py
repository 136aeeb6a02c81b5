"""Standings: the ranked table of a stage, derived from outcomes, never stored as truth.

Entrants are ranked by points under the event's scoring scheme, then each group of
entrants on equal points is split by the tie-break chain in order. Every split of
two adjacent entrants is recorded as a :class:`Separation`, so that
``podium standings --explain`` can say which criterion decided and with which values.
Entrants no criterion separates share the place (CXA 2011 §14: "直至区分"; CXA 1999
§15.1), unless the event says the place must be decided (champion, qualifying cut;
CXA 1999 §15.6, Weiqi 2002 Art. 27.C): then a play-off or lots drawn with a recorded
seed (:class:`Decision`) settle it after the chain.

A :class:`Ledger` holds only the matches among the entrants it lists, so an entrant
whose results are annulled (CXA 2011 §19.2: withdrew having met fewer than half of
the opponents) leaves no trace in anyone's points or tie-break values once it is
left out of the list.
"""

from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from podium.entrants import BYE
from podium.matches import Match
from podium.outcomes import Outcome, OutcomeKind
from podium.scoring import UNPLAYED, Scoring, counter
from podium.standings_options import STANDINGS_OPTIONS

if TYPE_CHECKING:
    from podium.tiebreakers.base import TieBreaker


@attrs.frozen
class Entry:
    """One match seen from one entrant (``side`` of ``source``); ``opponent`` is :data:`~podium.entrants.BYE` for a bye.

    :attr:`outcome` is the outcome turned so that side 0 is this entrant; the
    accessors (:attr:`won`, :meth:`stat`, …) read the same without turning it.
    """

    match: str
    round: int
    opponent: str
    source: Outcome
    side: int
    points: float
    opponent_points: float

    @functools.cached_property
    def outcome(self) -> Outcome:
        return self.source if self.side == 0 else self.source.mirrored()

    @property
    def listed_first(self) -> bool:
        return self.side == 0

    @property
    def won(self) -> bool:
        return self.source.winner == self.side

    @property
    def lost(self) -> bool:
        return self.source.winner == 1 - self.side

    @property
    def drawn(self) -> bool:
        return self.source.is_draw

    @property
    def share(self) -> float:
        """The fraction of a win earned (1 win, ½ draw, 0.75 a checkers deadlock won)."""
        return self.source.shares[self.side]

    @property
    def unplayed(self) -> bool:
        """A bye or a forfeit: no game was played."""
        return self.source.kind in UNPLAYED

    def stat(self, name: str, *, against: bool = False) -> float:
        """This entrant's counter ``name`` in the match (the opponent's with ``against``); see :func:`counter`."""
        return counter(self.source, name, 1 - self.side if against else self.side)

    def board_points(self) -> list[float]:
        """This entrant's game points on each board of a team match."""
        return [board[self.side] for board in self.source.boards]


@attrs.frozen
class Record:
    """An entrant's line in the table: points, counts and every match played."""

    key: str
    points: float
    entries: tuple[Entry, ...]

    @property
    def played(self) -> int:
        return len(self.entries)

    @property
    def wins(self) -> int:
        return sum(1 for e in self.entries if e.won)

    @property
    def losses(self) -> int:
        return sum(1 for e in self.entries if e.lost)

    @property
    def draws(self) -> int:
        return sum(1 for e in self.entries if e.drawn)

    def total(self, stat: str, *, against: bool = False, among: frozenset[str] | None = None) -> float:
        """Sum of a per-side counter (for this entrant, or its opponents with ``against``); see :func:`counter`."""
        return sum(e.stat(stat, against=against) for e in self.entries if among is None or e.opponent in among)

    def points_by_round(self, rounds: int) -> list[float]:
        """Points earned in each round 1..``rounds`` (0 in a round without a match)."""
        points = [0.0] * rounds
        for entry in self.entries:
            if 1 <= entry.round <= rounds:
                points[entry.round - 1] += entry.points
        return points


@attrs.frozen
class Decision:
    """An order fixed outside the chain for a group still tied after it: lots or a play-off.

    ``group`` is every entrant tied when the decision was made; ``order`` ranks
    them best first (lots: all of them; a play-off may rank only the first few,
    the others then stay tied below them). A decision settles a later tie only
    among entrants it covered (:meth:`Ledger.decision_for`).
    """

    group: frozenset[str]
    order: tuple[str, ...]
    method: str = "lots"  # "lots" or "playoff"
    seed: int | None = None

    def position(self, key: str) -> int:
        return self.order.index(key) if key in self.order else len(self.order)


@attrs.frozen
class Ledger:
    """All records of one table plus what tie-breakers may need.

    ``penalties`` maps an entrant to ``(removals, warnings)`` recorded against it
    (CXA 2011 §18.1 warning, §18.2 removal from a game); ``placings`` maps a team to
    its members' individual places (CXA 2011 §14.8); ``options`` are the
    :data:`~podium.standings_options.STANDINGS_OPTIONS`.
    """

    records: Mapping[str, Record]
    scoring: Scoring
    decisions: tuple[Decision, ...] = ()
    penalties: Mapping[str, tuple[int, int]] = attrs.field(factory=dict)
    options: Mapping[str, Any] = attrs.field(factory=dict)
    placings: Mapping[str, tuple[int, ...]] = attrs.field(factory=dict)

    def points(self, key: str) -> float:
        return self.records[key].points

    def among(self, key: str, group: frozenset[str]) -> tuple[Entry, ...]:
        """The matches ``key`` played against members of ``group``."""
        return tuple(e for e in self.records[key].entries if e.opponent in group)

    def option(self, name: str) -> Any:
        """A standings option, or its default."""
        if name in self.options:
            return self.options[name]
        return next(o.default for o in STANDINGS_OPTIONS if o.name == name)

    @functools.cached_property
    def rounds(self) -> int:
        """The last round number played in this table."""
        return max((e.round for r in self.records.values() for e in r.entries), default=0)

    @functools.cached_property
    def stat_names(self) -> frozenset[str]:
        """The counters some outcome of this table records."""
        return frozenset(name for r in self.records.values() for e in r.entries for name in e.source.stats)

    @functools.cached_property
    def lowest_score(self) -> float:
        """The lowest score among entrants who scored (CXA 2011 §14.4: what a bye counts in Buchholz)."""
        return min((r.points for r in self.records.values() if r.points > 0), default=0.0)

    def decision_for(self, group: Iterable[str]) -> Decision | None:
        """The latest recorded decision that covers every entrant of ``group``."""
        members = frozenset(group)
        return next((d for d in reversed(self.decisions) if members <= d.group), None)


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
    """A ranked table with the chain that ranked it and the reasons for every tie decided.

    ``chain`` names the tie-breakers applied: the event's, with ``penalties`` first
    and ``lots`` last when penalties or decisions were recorded and it left them out.

    ``unresolved`` are the groups still tied after the chain (they share a place);
    ``must_decide`` are those of them that straddle a place the event says must be
    decided (option ``decide``), each with its place: they wait for a play-off or lots.
    """

    rows: tuple[Row, ...]
    chain: tuple[str, ...]
    separations: tuple[Separation, ...]
    unresolved: tuple[tuple[str, ...], ...]
    must_decide: tuple[tuple[int, tuple[str, ...]], ...] = ()

    def order(self) -> list[str]:
        return [row.key for row in self.rows]

    def row(self, key: str) -> Row:
        return next(r for r in self.rows if r.key == key)

    def place(self, key: str) -> int:
        return self.row(key).place


def build_ledger(
    entrants: Sequence[str],
    results: Iterable[tuple[Match, Outcome]],
    scoring: Scoring,
    *,
    decisions: Sequence[Decision] = (),
    penalties: Mapping[str, tuple[int, int]] | None = None,
    options: Mapping[str, Any] | None = None,
) -> Ledger:
    """Collect each entrant's matches and points from ``results``.

    Only matches between two listed entrants count, plus byes of listed entrants
    (scored as the scheme says, CXA 2011 §14.4). Leaving an entrant out of
    ``entrants`` therefore removes every result it took part in from everyone's
    record — the treatment of annulled results (CXA 2011 §19.2).
    """
    members = set(entrants)
    entries: dict[str, list[Entry]] = defaultdict(list)
    bye = Outcome.win(0, kind=OutcomeKind.BYE)
    for match, outcome in results:
        a, b = match.entrants
        if BYE in (a, b):
            me = b if a == BYE else a
            if me in members:
                entries[me].append(Entry(match.key, match.round, BYE, bye, 0, scoring.points(bye, 0), 0.0))
            continue
        if a not in members or b not in members:
            continue
        points = scoring.winner_points(outcome)
        entries[a].append(Entry(match.key, match.round, b, outcome, 0, points[0], points[1]))  # type: ignore[arg-type]
        entries[b].append(Entry(match.key, match.round, a, outcome, 1, points[1], points[0]))  # type: ignore[arg-type]
    records = {
        key: Record(key, sum(e.points for e in entries[key]), tuple(sorted(entries[key], key=lambda e: (e.round, e.match))))
        for key in entrants
    }
    return Ledger(records, scoring, tuple(decisions), dict(penalties or {}), dict(options or {}))


def build_placings_ledger(
    placings: Mapping[str, Sequence[int]],
    *,
    penalties: Mapping[str, tuple[int, int]] | None = None,
    entries: Mapping[str, Sequence[Entry]] | None = None,
    decisions: Sequence[Decision] = (),
    options: Mapping[str, Any] | None = None,
) -> Ledger:
    """A ledger of teams ranked by their members' individual places (队员总分制, CXA 2011 §11.5, §14.8).

    Such teams play no matches of their own: a team's points are the number of
    places counted, so every team with as many counted members is on equal points
    (a team short of members ranks after the full ones) and the chain — preset
    ``cxa-14.8``, tie-breaker ``placings`` — ranks them. ``entries`` are the
    members' own matches, for counters such as 全队犯规 (team fouls, CXA 1999 §15.5).
    """
    found = entries or {}
    records = {
        key: Record(key, float(len(places)), tuple(sorted(found.get(key, ()), key=lambda e: (e.round, e.match))))
        for key, places in placings.items()
    }
    return Ledger(
        records,
        Scoring(),
        tuple(decisions),
        dict(penalties or {}),
        dict(options or {}),
        placings={k: tuple(v) for k, v in placings.items()},
    )


def rank(ledger: Ledger, chain: Sequence[TieBreaker]) -> Standings:
    """Rank the ledger by points, then by ``chain`` within each group on equal points.

    Recorded penalties put penalised entrants last among equals (CXA 2011 §18.5)
    first in the chain unless the chain names ``penalties`` elsewhere. Groups still
    tied after the chain are settled by a recorded play-off or lots
    (:class:`Decision`) when one covers them; otherwise they share the place.
    """
    from podium.tiebreakers.decisions import Lots
    from podium.tiebreakers.sanctions import Penalties

    steps = list(chain)
    if ledger.penalties and not any(isinstance(b, Penalties) for b in steps):
        steps.insert(0, Penalties())
    if ledger.decisions and not any(isinstance(b, Lots) for b in steps):
        steps.append(Lots())
    by_points: dict[float, list[str]] = defaultdict(list)
    for key in sorted(ledger.records):
        by_points[ledger.points(key)].append(key)
    separations: list[Separation] = []
    unresolved: list[tuple[str, ...]] = []
    ordered: list[list[str]] = []
    for points in sorted(by_points, reverse=True):
        ordered.extend(_resolve(ledger, by_points[points], steps, separations, unresolved))

    values: dict[str, dict[str, Any]] = {key: {} for key in ledger.records}
    for breaker in steps:
        for key, value in breaker.values(ledger).items():
            values[key][breaker.name] = value
    rows = []
    place = 1
    must_decide = []
    boundaries = ledger.option("decide")
    for group in ordered:
        for key in group:
            rows.append(Row(place, len(group) > 1, ledger.records[key], values[key]))
        if any(place <= cut < place + len(group) - 1 for cut in boundaries):
            must_decide.append((place, tuple(group)))
        place += len(group)
    position = {row.key: index for index, row in enumerate(rows)}
    separations.sort(key=lambda s: position[s.upper])
    return Standings(
        tuple(rows), tuple(b.name for b in steps), tuple(separations), tuple(unresolved), tuple(must_decide)
    )


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
