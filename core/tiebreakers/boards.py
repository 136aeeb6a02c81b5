"""Board-by-board comparison of team events (Weiqi 2002 Art. 27, teams)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from podium.i18n import N_, Label, _
from podium.tiebreakers.base import StagedTieBreaker

if TYPE_CHECKING:
    from podium.standings.ledger import Ledger


class Boards(StagedTieBreaker):
    """Board 1's game points, then board 2's, … (Weiqi 2002 Art. 27, teams: "比第一台棋手的局分…以下依次相比").

    Reads the per-board points of each team match (:attr:`Outcome.boards
    <podium.model.outcomes.Outcome.boards>`); "如全部一样，允许并列" — teams equal on every
    board share the place.
    """

    name = "boards"
    title = Label(zh="各台局分", en="board by board")
    source = N_("Weiqi 2002 Art. 27")

    def value(self, ledger: Ledger, key: str, tied: frozenset[str]) -> Any:
        width = max((len(e.source.boards) for r in ledger.records.values() for e in r.entries), default=0)
        totals = [0.0] * width
        for entry in ledger.records[key].entries:
            for index, points in enumerate(entry.board_points()):
                totals[index] += points
        return tuple(totals)

    def step_label(self, ledger: Ledger, index: int) -> str:
        return _("board {board} game points").format(board=index + 1)
