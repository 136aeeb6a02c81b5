"""Scoring schemes: the points an entrant earns from each outcome.

Presets (``scoring = "2-1-0"`` in ``meet.toml``) or a table with the fields of
:class:`Scoring`. Sources: CXA 2011 §13.1 (2/1/0), §13.3 (3/1/0 and the asymmetric
draw), §14.4 (bye scores as a win), §20.3 (forfeit "+" as a win, "−" as 0); ITTF
match points for table tennis (win 2, loss 1, not played or not completed 0).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from podium.config.tables import toml_text
from podium.errors import ConfigError, Target, located
from podium.i18n import N_
from podium.model.outcomes import Outcome, OutcomeKind

_BASES = ("result", "games")
UNPLAYED = (OutcomeKind.FORFEIT, OutcomeKind.BYE, OutcomeKind.DOUBLE_FORFEIT)
"""Outcomes without a game played."""
# Looked up once: reading an enum member is slow, and points are computed for every match of a table.
_PLAYED, _BYE, _FORFEIT, _DOUBLE_FORFEIT = OutcomeKind.PLAYED, OutcomeKind.BYE, OutcomeKind.FORFEIT, OutcomeKind.DOUBLE_FORFEIT
_RETIRED, _NO_RESULT, _BOTH_LOSE = OutcomeKind.RETIRED, OutcomeKind.NO_RESULT, OutcomeKind.BOTH_LOSE


@attrs.frozen
class Scoring:
    """Points for each kind of outcome; ``None`` fields fall back as documented.

    ``points_from = "games"`` ranks by game points (局分) instead of by results: an
    outcome then scores the side's ``games`` counter (CXA 2011 §14.7: a team Swiss
    may rank by total game points). An unplayed match without game counts (bye,
    forfeit) then scores ``bye`` / ``forfeit_win`` — set them to a whole match's game
    points in such an event.
    """

    win: float = 2.0
    draw: float = 1.0
    loss: float = 0.0
    forfeit_win: float | None = None  # "+": defaults to ``win`` (CXA 2011 §20.3)
    forfeit_loss: float = 0.0  # "−" (CXA 2011 §20.3); also a walkover loss in table tennis
    retired_loss: float | None = None  # defaults to ``forfeit_loss`` (ITTF: not completed = 0)
    double_forfeit: float = 0.0  # CXA 2011 §20.2
    bye: float | None = None  # defaults to ``win`` (CXA 2011 §14.4)
    draw_first: float | None = None  # CXA 2011 §13.3 asymmetric draw: first mover (red)
    draw_second: float | None = None  # CXA 2011 §13.3 asymmetric draw: second mover (black)
    points_from: str = attrs.field(default="result", validator=attrs.validators.in_(_BASES))

    def points(self, outcome: Outcome, side: int) -> float:
        """Points earned by ``side`` from ``outcome``."""
        if self.points_from == "games" and "games" in outcome.stats:
            return outcome.stat("games", side)
        kind = outcome.kind
        if kind is _PLAYED:
            if outcome.winner is None and outcome.shares == (0.5, 0.5):
                return self._draw_points(outcome, side)
            return self._share_points(outcome.shares[side])
        if kind is _BYE:
            return self.win if self.bye is None else self.bye
        if kind is _DOUBLE_FORFEIT:
            return self.double_forfeit
        if kind is _FORFEIT:
            if outcome.winner == side:
                return self.win if self.forfeit_win is None else self.forfeit_win
            return self.forfeit_loss
        if kind is _RETIRED and outcome.winner != side:
            return self.forfeit_loss if self.retired_loss is None else self.retired_loss
        if kind is _NO_RESULT:
            return 0.0
        if kind is _BOTH_LOSE:
            return self.loss
        return self._share_points(outcome.shares[side])

    def _share_points(self, share: float) -> float:
        if share == 1:
            return self.win
        if share == 0:
            return self.loss
        # Fractional outcomes (checkers deadlock 0.75/0.25, general Chinese checkers rules, additional rule 4) interpolate linearly.
        return self.loss + share * (self.win - self.loss)

    def _draw_points(self, outcome: Outcome, side: int) -> float:
        if outcome.first_mover is not None and self.draw_first is not None and self.draw_second is not None:
            return self.draw_first if side == outcome.first_mover else self.draw_second
        return self.draw

    def winner_points(self, outcome: Outcome) -> tuple[float, float]:
        return (self.points(outcome, 0), self.points(outcome, 1))


DERIVED_COUNTERS = frozenset({"game_wins", "second_games", "second_wins"})
"""The counters :func:`counter` derives from the winner and colours when an outcome does not record them."""


def counter(outcome: Outcome, name: str, side: int) -> float:
    """The per-side counter ``name`` of ``outcome``, derived from the winner and colours when the sport left it out.

    A one-game match that does not record ``game_wins``, ``second_games`` or
    ``second_wins`` is read from ``winner`` and ``first_mover``: the game counts as
    won when ``side`` won it over the board, and as played second (后走, CXA 2011
    §14.1, §14.2) when the other side moved first. Unplayed games count for neither.
    """
    values = outcome.stats.get(name)
    if values is not None:
        return values[side]
    if name not in DERIVED_COUNTERS or outcome.kind in UNPLAYED:
        return 0
    won = outcome.winner == side
    if name == "game_wins":
        return 1 if won else 0
    second = outcome.first_mover is not None and outcome.first_mover != side
    if name == "second_games":
        return 1 if second else 0
    return 1 if second and won else 0


def team_outcome(boards: Sequence[Outcome], scoring: Scoring) -> Outcome:
    """The outcome of a team match from the outcomes of its boards (CXA 2011 §13.2; Weiqi 2002 Art. 27).

    Each board scores game points (局分) under ``scoring`` (2/1/0 by default); the
    side with more game points wins the match, equal game points draw it. The
    match outcome carries ``games`` (game points), ``game_wins`` (boards won),
    ``second_games``/``second_wins`` (boards played/won as second mover), the
    summed ``fouls`` and ``warnings``, and the per-board points for board-by-board
    comparison. Scoring the match outcome 2/1/0 then gives match points (场分).
    """
    per_board = tuple(scoring.winner_points(board) for board in boards)
    games = (sum(p[0] for p in per_board), sum(p[1] for p in per_board))
    stats: dict[str, tuple[float, float]] = {"games": games}
    for name in ("game_wins", "second_games", "second_wins", "fouls", "warnings"):
        stats[name] = (sum(counter(b, name, 0) for b in boards), sum(counter(b, name, 1) for b in boards))
    if games[0] == games[1]:
        return Outcome.draw(stats=stats, boards=per_board)
    return Outcome.win(0 if games[0] > games[1] else 1, stats=stats, boards=per_board)


PRESETS: dict[str, Scoring] = {
    "2-1-0": Scoring(),
    "3-1-0": Scoring(win=3, draw=1, loss=0),
    "1-0.5-0": Scoring(win=1, draw=0.5, loss=0),
    "cxa-13.3-asymmetric": Scoring(win=3, draw=1, loss=0, draw_first=1, draw_second=2),
    "ittf": Scoring(win=2, draw=1, loss=1, forfeit_loss=0, retired_loss=0),
    "cxa-13.2": Scoring(),
    "cxa-14.7": Scoring(points_from="games"),
}
"""Named schemes usable as ``scoring = "<name>"`` in ``meet.toml``."""


MOST_POINTS = 1000
"""The most points (or the fewest, below zero: a league may take a point for a no-show) a scoring field may give."""


def scoring_from_config(value: str | Mapping[str, Any], where: str) -> Scoring:
    """Build a scheme from a preset name or a table of fields."""
    if isinstance(value, str):
        if value not in PRESETS:
            raise ConfigError(
                N_("unknown scoring scheme '{name}'; valid schemes: {valid}."), code="config.scoring_unknown",
                name=value, valid=", ".join(PRESETS), target=Target(option=where), frame=located(where),
            )
        return PRESETS[value]
    if not isinstance(value, Mapping):
        raise ConfigError(
            N_("scoring must be a scheme's name ({valid}) or a table of points (win, draw, loss…), not {value}."),
            code="config.scoring_invalid", valid=", ".join(PRESETS), value=toml_text(value), target=Target(option=where), frame=located(where),
        )
    fields = {f.name for f in attrs.fields(Scoring)}
    unknown = sorted(set(value) - fields)
    if unknown:
        raise ConfigError(
            N_("unknown scoring field '{name}'; valid fields: {valid}."), code="config.scoring_field_unknown",
            name=unknown[0], valid=", ".join(sorted(fields)), target=Target(option=where), frame=located(where),
        )
    base = value.get("points_from", "result")
    if base not in _BASES:
        raise ConfigError(
            N_("scoring field 'points_from' must be one of {valid}, not {value}."), code="config.scoring_base_invalid",
            valid=", ".join(_BASES), value=toml_text(base), target=Target(option=where), frame=located(where),
        )
    numbers = {k: v for k, v in value.items() if k != "points_from"}
    for name, number in numbers.items():
        if isinstance(number, bool) or not isinstance(number, (int, float)):
            raise ConfigError(
                N_("scoring field '{name}' must be a number, not {value}."), code="config.scoring_field_not_a_number",
                name=name, value=toml_text(number), target=Target(option=where), frame=located(where),
            )
        if not -MOST_POINTS <= number <= MOST_POINTS:  # nan is in no range
            raise ConfigError(
                N_("scoring field '{name}' must be a number from -{most} to {most}, not {value}."), code="config.scoring_field_out_of_range",
                name=name, most=MOST_POINTS, value=toml_text(number), target=Target(option=where), frame=located(where),
            )
    scheme = Scoring(points_from=base, **{k: float(v) for k, v in numbers.items()})
    draw = scheme.draw if "draw" in value else scheme.loss  # a draw's default (1) says nothing where there are none
    if not scheme.win >= draw >= scheme.loss:
        raise ConfigError(
            N_("scoring must give a win at least the points of a loss, and a draw points between the two (win {win}, draw {draw}, loss {loss})."),
            code="config.scoring_order", win=f"{scheme.win:g}", draw=f"{scheme.draw:g}", loss=f"{scheme.loss:g}", target=Target(option=where), frame=located(where),
        )
    return scheme
