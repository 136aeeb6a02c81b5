"""The ledger of a stage: every entrant's record of matches, points and decisions, before ranking.

Tie-breakers read a :class:`Ledger` (:mod:`podium.tiebreakers`); :mod:`podium.standings.table`
ranks it. A ledger holds only the matches among the entrants it lists, so an entrant whose
results are annulled (CXA 2011 §19.2: withdrew having met fewer than half of the opponents)
leaves no trace in anyone's points or tie-break values once it is left out of the list.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple

import attrs

from podium.model.entrants import BYE
from podium.model.matches import Match
from podium.model.outcomes import Outcome, OutcomeKind
from podium.model.scoring import DERIVED_COUNTERS, UNPLAYED, Scoring, counter
from podium.standings.options import STANDINGS_OPTIONS

_DEFAULTS = {option.name: option.default for option in STANDINGS_OPTIONS}
"""Each standings option's default, for :meth:`Ledger.option`."""
_BY_ROUND = operator.attrgetter("round", "match")
"""A record lists its matches by round, then match key."""
_POINTS = operator.attrgetter("points")
_ROUND = operator.attrgetter("round")


class Entry(NamedTuple):
    """One match seen from one entrant (``side`` of ``source``); ``opponent`` is :data:`~podium.model.entrants.BYE` for a bye.

    :attr:`outcome` is the outcome turned so that side 0 is this entrant; the
    accessors (:attr:`won`, :meth:`stat`, …) read the same without turning it.

    A named tuple, not an attrs class: as immutable, and made in less than half the time; a ledger makes two per
    match (39,800 for a 200-entrant round robin) each time a table is ranked.
    """

    match: str
    round: int
    opponent: str
    source: Outcome
    side: int
    points: float
    opponent_points: float

    @property
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

    # The counts and totals read each match's outcome directly, not through Entry's properties: the view and the
    # chain ask them of every entrant, 199 matches each in a 200-entrant round robin; the three counts are worked
    # out once, in one pass (three passes took three times as long).

    @functools.cached_property
    def _counts(self) -> tuple[int, int, int]:
        """Wins, draws and losses (:attr:`Entry.won`, :attr:`Entry.drawn`, :attr:`Entry.lost`), in one pass."""
        wins = draws = losses = 0
        for entry in self.entries:
            winner = entry.source.winner
            if winner is None:
                if entry.source.kind is OutcomeKind.PLAYED:  # Outcome.is_draw; both lost, or no result: neither
                    draws += 1
            elif winner == entry.side:
                wins += 1
            else:
                losses += 1
        return wins, draws, losses

    @property
    def wins(self) -> int:
        return self._counts[0]

    @property
    def draws(self) -> int:
        return self._counts[1]

    @property
    def losses(self) -> int:
        return self._counts[2]

    def total(self, stat: str, *, against: bool = False, among: frozenset[str] | None = None) -> float:
        """Sum of a per-side counter (for this entrant, or its opponents with ``against``); see :func:`counter`."""
        entries = self.entries if among is None else [e for e in self.entries if e.opponent in among]
        if stat not in DERIVED_COUNTERS:  # recorded or nothing: no call of counter() per match
            return sum([recorded[e.side ^ against] for e in entries if (recorded := e.source.stats.get(stat)) is not None])
        return sum([
            # this entrant's side, or with ``against`` its opponent's; the recorded counter first (counter() is the cost)
            counter(e.source, stat, e.side ^ against) if (recorded := e.source.stats.get(stat)) is None else recorded[e.side ^ against]
            for e in entries
        ])

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
    seq: int | None = attrs.field(default=None, eq=False)
    """The journal entry that recorded it (``None`` when not read from the journal): a measured stage tells by it
    which round of heats a recorded finish order belongs to (:func:`podium.journal.measured_stage.round_orders`)."""

    def position(self, key: str) -> int:
        return self.order.index(key) if key in self.order else len(self.order)


@attrs.frozen
class Ledger:
    """All records of one table plus what tie-breakers may need.

    ``penalties`` maps an entrant to ``(removals, warnings)`` recorded against it
    (CXA 2011 §18.1 warning, §18.2 removal from a game); ``placings`` maps a team to
    its members' individual places (CXA 2011 §14.8); ``options`` are the
    :data:`~podium.standings.options.STANDINGS_OPTIONS`.
    """

    records: Mapping[str, Record]
    scoring: Scoring
    decisions: tuple[Decision, ...] = ()
    penalties: Mapping[str, tuple[int, int]] = attrs.field(factory=dict)
    options: Mapping[str, Any] = attrs.field(factory=dict)
    placings: Mapping[str, tuple[int, ...]] = attrs.field(factory=dict)
    _known: dict[int, tuple[object, dict[str, Any]]] = attrs.field(factory=dict, init=False, repr=False, eq=False)
    """:meth:`known_values` by the id of their owner, kept with the owner so that the id stays its own."""

    def points(self, key: str) -> float:
        return self.records[key].points

    @functools.cached_property
    def points_by_entrant(self) -> Mapping[str, float]:
        """Each entrant's points by key: what a tie-breaker that sums opponents' scores reads 199 times an entrant."""
        return {key: record.points for key, record in self.records.items()}

    def among(self, key: str, group: frozenset[str]) -> tuple[Entry, ...]:
        """The matches ``key`` played against members of ``group``."""
        return tuple(e for e in self.records[key].entries if e.opponent in group)

    def known_values(self, owner: object) -> dict[str, Any]:
        """Values per entrant that ``owner`` (a tie-breaker) worked out on this ledger and keeps here to reuse.

        A value that does not depend on the tied group is then worked out once per entrant, for every split
        and for the standings columns alike.
        """
        found = self._known.get(id(owner))
        if found is None:
            found = self._known[id(owner)] = (owner, {})
        return found[1]

    def option(self, name: str) -> Any:
        """A standings option, or its default."""
        if name in self.options:
            return self.options[name]
        return _DEFAULTS[name]

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
    entries: dict[str, list[Entry]] = {key: [] for key in entrants}
    adds = {key: found.append for key, found in entries.items()}  # a listed entrant's list, appended to
    bye = Outcome.win(0, kind=OutcomeKind.BYE)
    bye_points = scoring.points(bye, 0)
    scored: dict[int, tuple[float, float]] = {}  # points by the outcome's id: results kept between commands share theirs
    entry = tuple.__new__  # Entry(...) without the call of its __new__: two per match
    for match, outcome in results:
        first, second = match.sides
        a, b = first.entrant, second.entrant  # Match.entrants, read without a call per match
        add_a, add_b = adds.get(a), adds.get(b)  # type: ignore[arg-type]
        if add_a is None or add_b is None:
            me = b if a == BYE else a if b == BYE else None  # a listed entrant's bye, else a match that does not count
            if me in adds:
                adds[me](Entry(match.key, match.round, BYE, bye, 0, bye_points, 0.0))
            continue
        points = scored.get(id(outcome))
        if points is None:
            points = scored[id(outcome)] = scoring.winner_points(outcome)
        key, round_number = match.key, match.round
        add_a(entry(Entry, (key, round_number, b, outcome, 0, points[0], points[1])))
        add_b(entry(Entry, (key, round_number, a, outcome, 1, points[1], points[0])))
    records = {key: Record(key, sum(map(_POINTS, found)), _by_round(found)) for key, found in entries.items()}
    return Ledger(records, scoring, tuple(decisions), dict(penalties or {}), dict(options or {}))


def _by_round(entries: list[Entry]) -> tuple[Entry, ...]:
    """``entries`` by round, then match key; a list already in order (one match a round, as a round robin lays
    them out) is only checked, which costs a third of sorting it."""
    rounds = list(map(_ROUND, entries))
    if all(map(operator.lt, rounds, rounds[1:])):
        return tuple(entries)
    return tuple(sorted(entries, key=_BY_ROUND))


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
        key: Record(key, float(len(places)), tuple(sorted(found.get(key, ()), key=_BY_ROUND)))
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
