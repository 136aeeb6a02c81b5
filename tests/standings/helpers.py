"""Building results by hand for standings tests: games, team matches and byes at the Ledger level.

Notation follows the crosstables of the rules: in ``game(1, "A", "B", "1-0")`` A is
listed first and moves first (Red in xiangqi, CXA 2011 §12.1); ``"1-0"`` A won,
``"0-1"`` B won, ``"="`` a draw, ``"+-"``/``"-+"`` a forfeit (CXA 2011 §20.3),
``"--"`` a double forfeit (§20.2). Team boards: ``"W D L D"`` from the first
team's view; the first team moves first on odd boards (CXA 2011 §12.2).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from podium.model.entrants import BYE
from podium.model.matches import Match, Slot
from podium.model.outcomes import Outcome, OutcomeKind, forfeit
from podium.model.scoring import Scoring, team_outcome
from podium.registry import registry
from podium.standings.ledger import Decision, Ledger, build_ledger
from podium.standings.table import Standings, rank
from podium.tiebreakers.presets import expand

Result = tuple[Match, Outcome]


def match(rnd: int, a: str, b: str) -> Match:
    return Match(key=f"R{rnd}.{a}-{b}", stage="main", round=rnd, sides=(Slot(a), Slot(b)))


def game(rnd: int, a: str, b: str, score: str, **stats: tuple[float, float]) -> Result:
    """One game, ``a`` listed first and moving first."""
    if score in ("+-", "-+", "--"):
        return match(rnd, a, b), forfeit({"+-": 0, "-+": 1, "--": None}[score])
    if score == "=":
        return match(rnd, a, b), Outcome.draw(first_mover=0, stats=stats)
    return match(rnd, a, b), Outcome.win(0 if score == "1-0" else 1, first_mover=0, stats=stats)


def board_game(index: int, result: str) -> Outcome:
    """Board ``index`` (from 1) of a team match, from the first team's view; it moves first on odd boards."""
    first = 0 if index % 2 else 1
    if result == "D":
        return Outcome.draw(first_mover=first)
    return Outcome.win(0 if result == "W" else 1, first_mover=first)


def team(rnd: int, a: str, b: str, boards: str, scoring: Scoring | None = None) -> Result:
    """A team match whose boards are given from ``a``'s view, e.g. ``"W D L D"`` (CXA 2011 §13.2)."""
    outcomes = [board_game(i, r) for i, r in enumerate(boards.split(), start=1)]
    return match(rnd, a, b), team_outcome(outcomes, scoring or Scoring())


def bye(rnd: int, who: str) -> Result:
    return Match(key=f"R{rnd}.{who}-bye", stage="main", round=rnd, sides=(Slot(who), Slot(BYE))), Outcome.win(0, kind=OutcomeKind.BYE)


def ledger(
    entrants: Sequence[str],
    results: Sequence[Result],
    scoring: Scoring | None = None,
    *,
    penalties: Mapping[str, tuple[int, int]] | None = None,
    decisions: Sequence[Decision] = (),
    **options: object,
) -> Ledger:
    return build_ledger(entrants, results, scoring or Scoring(), penalties=penalties, decisions=decisions, options=options)


def standings(led: Ledger, chain: str | Sequence[str]) -> Standings:
    """Rank ``led`` with a preset name or a list of tie-breaker names, as installed."""
    return rank(led, [registry().tiebreaker(name) for name in expand(chain)])


def explained(table: Standings) -> list[str]:
    """The --explain lines of a table, in English."""
    return [f"{s.upper} above {s.lower}: {s.label} {_show(s.upper_value)} vs {_show(s.lower_value)}" for s in table.separations]


def _show(value: object) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def places(table: Standings) -> list[tuple[int, str, float]]:
    return [(row.place, row.key, row.record.points) for row in table.rows]
