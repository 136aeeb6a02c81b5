"""Outcomes: what the core needs to know about a finished match, whatever the sport.

A sport turns its validated result into an :class:`Outcome`; formats, standings and
tie-breakers only ever see outcomes. Side 0 is the side listed first in the match.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum

import attrs


class OutcomeKind(StrEnum):
    """How a match ended."""

    PLAYED = "played"
    FORFEIT = "forfeit"  # one side did not play: walkover, "+"/"-" (CXA 2011 §20.3)
    DOUBLE_FORFEIT = "double_forfeit"  # both absent (CXA 2011 §20.2)
    RETIRED = "retired"  # started, not completed by the loser
    BYE = "bye"  # no opponent (CXA 2011 §14.4: scored as a win)
    BOTH_LOSE = "both_lose"  # Weiqi 2002 Art. 17.5, 23.1; xiangqi supplementary rules §1.6: both sides lose
    NO_RESULT = "no_result"  # 无胜负: counts as played with no points


@attrs.frozen
class Outcome:
    """The sport-independent result of one match.

    ``shares`` is the fraction of a win each side earned: ``(1, 0)`` for a win,
    ``(0.5, 0.5)`` for a draw, ``(0.75, 0.25)`` for a checkers deadlock (general
    Chinese checkers rules, additional rule 4), ``(0, 0)`` when both lose. ``stats`` holds per-side counters that
    tie-breakers read by name (see :data:`STAT_NAMES`); ``boards`` holds per-board
    points of a team match for board-by-board comparison (Weiqi 2002 Art. 27).
    """

    kind: OutcomeKind
    winner: int | None
    shares: tuple[float, float]
    stats: Mapping[str, tuple[float, float]] = attrs.field(factory=dict)
    first_mover: int | None = None
    boards: tuple[tuple[float, float], ...] = ()

    @property
    def is_draw(self) -> bool:
        return self.winner is None and self.kind is OutcomeKind.PLAYED

    @property
    def played(self) -> bool:
        """True when the match was actually contested (not a forfeit or a bye)."""
        return self.kind in (OutcomeKind.PLAYED, OutcomeKind.RETIRED, OutcomeKind.NO_RESULT, OutcomeKind.BOTH_LOSE)

    def stat(self, name: str, side: int) -> float:
        """The counter ``name`` for ``side`` (0 when the sport does not record it)."""
        values = self.stats.get(name)
        return values[side] if values else 0

    def mirrored(self) -> Outcome:
        """The same outcome seen from the other side."""
        return Outcome(
            kind=self.kind,
            winner=None if self.winner is None else 1 - self.winner,
            shares=(self.shares[1], self.shares[0]),
            stats={k: (v[1], v[0]) for k, v in self.stats.items()},
            first_mover=None if self.first_mover is None else 1 - self.first_mover,
            boards=tuple((b, a) for a, b in self.boards),
        )

    @classmethod
    def win(cls, winner: int, *, kind: OutcomeKind = OutcomeKind.PLAYED, **kwargs: object) -> Outcome:
        shares = (1.0, 0.0) if winner == 0 else (0.0, 1.0)
        return cls(kind=kind, winner=winner, shares=shares, **kwargs)  # type: ignore[arg-type]

    @classmethod
    def draw(cls, **kwargs: object) -> Outcome:
        return cls(kind=OutcomeKind.PLAYED, winner=None, shares=(0.5, 0.5), **kwargs)  # type: ignore[arg-type]


STAT_NAMES = {
    "games": "games won (table-tennis games; 局分 game points in team and multi-game matches)",
    "points": "rally points scored (table tennis)",
    "rubbers": "individual matches won inside a team tie (ITTF individual-match ratio)",
    "game_wins": "individual games won (胜局, CXA 2011 §14.1)",
    "second_games": "games played as second mover (后走局数, CXA 2011 §14.1)",
    "second_wins": "games won as second mover (后走胜局, CXA 2011 §14.2)",
    "fouls": "fouls recorded (犯规, CXA 2011 §14.1; fewer ranks higher)",
    "warnings": "warnings recorded (Weiqi 2002 Art. 27; fewer ranks higher)",
}
"""The per-side counters tie-breakers understand. A sport may add others."""


def forfeit(winner: int | None) -> Outcome:
    """A match not played: ``winner`` took it by forfeit, or ``None`` for a double forfeit.

    CXA 2011 §20.3: "+" scores as a win and "−" as nothing; §20.2: both late, both forfeit.
    """
    if winner is None:
        return Outcome(kind=OutcomeKind.DOUBLE_FORFEIT, winner=None, shares=(0.0, 0.0))
    return Outcome.win(winner, kind=OutcomeKind.FORFEIT)


_FORFEIT_TOKENS = {"+:-": 0, "-:+": 1, "-:-": None}
_FORFEIT_TRANSLATION = str.maketrans({"＋": "+", "－": "-", "−": "-", "–": "-", "—": "-", "：": ":", " ": ""})


def parse_forfeit(text: str) -> Outcome | None:
    """Read the CXA forfeit notation ``+:-``, ``-:+`` or ``-:-`` (also ``+-``/``＋－``); ``None`` otherwise.

    CXA 2011 §20.3: a result given because a side was absent is marked "+" / "−".
    """
    compact = text.translate(_FORFEIT_TRANSLATION)
    if len(compact) == 2 and set(compact) <= {"+", "-"}:
        compact = compact[0] + ":" + compact[1]
    if compact in _FORFEIT_TOKENS:
        return forfeit(_FORFEIT_TOKENS[compact])
    return None

