"""Scoring schemes: the points an entrant earns from each outcome.

Presets (``scoring = "2-1-0"`` in ``meet.toml``) or a table with the fields of
:class:`Scoring`. Sources: CXA 2011 §13.1 (2/1/0), §13.3 (3/1/0 and the asymmetric
draw), §14.4 (bye scores as a win), §20.3 (forfeit "+" as a win, "−" as 0); ITTF
match points for table tennis (win 2, loss 1, not played or not completed 0).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from podium.errors import ConfigError
from podium.i18n import _
from podium.outcomes import Outcome, OutcomeKind


@attrs.frozen
class Scoring:
    """Points for each kind of outcome; ``None`` fields fall back as documented."""

    win: float = 2.0
    draw: float = 1.0
    loss: float = 0.0
    forfeit_win: float | None = None  # "+": defaults to ``win`` (CXA §20.3)
    forfeit_loss: float = 0.0  # "−" (CXA §20.3); also a walkover loss in table tennis
    retired_loss: float | None = None  # defaults to ``forfeit_loss`` (ITTF: not completed = 0)
    double_forfeit: float = 0.0  # CXA §20.2
    bye: float | None = None  # defaults to ``win`` (CXA §14.4)
    draw_first: float | None = None  # CXA §13.3 asymmetric draw: first mover (red)
    draw_second: float | None = None  # CXA §13.3 asymmetric draw: second mover (black)

    def points(self, outcome: Outcome, side: int) -> float:
        """Points earned by ``side`` from ``outcome``."""
        kind = outcome.kind
        if kind is OutcomeKind.BYE:
            return self.win if self.bye is None else self.bye
        if kind is OutcomeKind.DOUBLE_FORFEIT:
            return self.double_forfeit
        if kind is OutcomeKind.FORFEIT:
            if outcome.winner == side:
                return self.win if self.forfeit_win is None else self.forfeit_win
            return self.forfeit_loss
        if kind is OutcomeKind.RETIRED and outcome.winner != side:
            return self.forfeit_loss if self.retired_loss is None else self.retired_loss
        if kind in (OutcomeKind.BOTH_LOSE, OutcomeKind.NO_RESULT):
            return self.loss if kind is OutcomeKind.BOTH_LOSE else 0.0
        if outcome.winner is None:
            return self._draw_points(outcome, side)
        if outcome.winner == side:
            return self.win
        share = outcome.shares[side]
        # Fractional outcomes (checkers deadlock 0.75/0.25, seed 004 L491) interpolate linearly.
        return self.loss + share * (self.win - self.loss) if share else self.loss

    def _draw_points(self, outcome: Outcome, side: int) -> float:
        if outcome.first_mover is not None and self.draw_first is not None and self.draw_second is not None:
            return self.draw_first if side == outcome.first_mover else self.draw_second
        share = outcome.shares[side]
        if share == 0.5:
            return self.draw
        return self.loss + share * (self.win - self.loss)

    def winner_points(self, outcome: Outcome) -> tuple[float, float]:
        return (self.points(outcome, 0), self.points(outcome, 1))


PRESETS: dict[str, Scoring] = {
    "2-1-0": Scoring(),
    "3-1-0": Scoring(win=3, draw=1, loss=0),
    "1-0.5-0": Scoring(win=1, draw=0.5, loss=0),
    "cxa-13.3-asymmetric": Scoring(win=3, draw=1, loss=0, draw_first=1, draw_second=2),
    "ittf": Scoring(win=2, draw=1, loss=1, forfeit_loss=0, retired_loss=0),
}
"""Named schemes usable as ``scoring = "<name>"`` in ``meet.toml``."""


def scoring_from_config(value: str | Mapping[str, Any], where: str) -> Scoring:
    """Build a scheme from a preset name or a table of fields."""
    if isinstance(value, str):
        if value not in PRESETS:
            raise ConfigError(
                _("{where}: unknown scoring scheme '{name}'; valid schemes: {valid}.").format(
                    where=where, name=value, valid=", ".join(PRESETS)
                )
            )
        return PRESETS[value]
    fields = {f.name for f in attrs.fields(Scoring)}
    unknown = sorted(set(value) - fields)
    if unknown:
        raise ConfigError(
            _("{where}: unknown scoring field '{name}'; valid fields: {valid}.").format(
                where=where, name=unknown[0], valid=", ".join(sorted(fields))
            )
        )
    for name, number in value.items():
        if isinstance(number, bool) or not isinstance(number, (int, float)):
            raise ConfigError(
                _("{where}: scoring field '{name}' must be a number, not {value!r}.").format(
                    where=where, name=name, value=number
                )
            )
    return Scoring(**{k: float(v) for k, v in value.items()})
