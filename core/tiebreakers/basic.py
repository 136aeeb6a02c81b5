"""General tie-breakers: ratios and totals of games and points."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from podium.i18n import N_, Label
from podium.tiebreakers.base import KeyTieBreaker
from podium.tiebreakers.ratios import Ratio

if TYPE_CHECKING:
    from podium.standings.ledger import Ledger


class GamesRatio(KeyTieBreaker):
    """Ratio of games won to games lost over all matches (ITTF Handbook 3.7.5.3)."""

    name = "games_ratio"
    title = Label(zh="局数比", en="games ratio")
    source = N_("ITTF Handbook 3.7.5")

    def value(self, ledger: Ledger, key: str, tied: frozenset[str]) -> Any:
        record = ledger.records[key]
        return Ratio(record.total("games"), record.total("games", against=True))


class PointsRatio(KeyTieBreaker):
    """Ratio of points won to points lost over all matches (ITTF Handbook 3.7.5.4)."""

    name = "points_ratio"
    title = Label(zh="分数比", en="points ratio")
    source = N_("ITTF Handbook 3.7.5")

    def value(self, ledger: Ledger, key: str, tied: frozenset[str]) -> Any:
        record = ledger.records[key]
        return Ratio(record.total("points"), record.total("points", against=True))


class GamePoints(KeyTieBreaker):
    """Total game points (局分总和, 全队总局分): CXA 2011 §14.2, §14.5, §14.6; Weiqi 2002 Art. 27 (teams).

    The sum of the ``games`` counter: game points of multi-game pairings and team matches.
    """

    name = "game_points"
    title = Label(zh="局分", en="game points")
    source = N_("CXA 2011 §14.2, §14.5, §14.6; Weiqi 2002 Art. 27")

    def value(self, ledger: Ledger, key: str, tied: frozenset[str]) -> Any:
        return ledger.records[key].total("games")
