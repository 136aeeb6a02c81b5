"""Tie-breakers from the opponents' scores: 小分 (Sonneborn-Berger) and 对手分 (Buchholz)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from podium.i18n import N_, Label
from podium.model.entrants import BYE
from podium.tiebreakers.base import KeyTieBreaker

if TYPE_CHECKING:
    from podium.standings.ledger import Ledger


class SonnebornBerger(KeyTieBreaker):
    """小分: the final scores of the opponents beaten plus half the scores of those drawn with (CXA 2011 §14.1).

    Also 胜者小分 of Weiqi 2002 Art. 27 (1.A). In general each opponent's final score
    counts with the share of the win earned against it (1 win, ½ draw, 0 loss;
    0.75 for a checkers deadlock won, general Chinese checkers rules, additional rule 4). A bye adds nothing; a win by
    forfeit counts unless the option ``unplayed = "exclude"``.
    """

    name = "sonneborn_berger"
    title = Label(zh="小分", en="Sonneborn-Berger")
    source = N_("CXA 2011 §14.1; Weiqi 2002 Art. 27")

    def value(self, ledger: Ledger, key: str, tied: frozenset[str]) -> Any:
        count_unplayed = ledger.option("unplayed") == "count"
        points = ledger.points_by_entrant
        return sum([
            e.source.shares[e.side] * points[e.opponent]  # Entry.share, read without a call per game
            for e in ledger.records[key].entries
            if e.opponent != BYE and (count_unplayed or not e.unplayed)
        ])


class Buchholz(KeyTieBreaker):
    """对手分: the sum of the final scores of every opponent met (CXA 2011 §14.3.1; Weiqi 2002 Art. 27 (2.B)).

    A bye counts as an opponent with the lowest score among the entrants who
    scored (有分棋手中的最低得分, CXA 2011 §14.4), taken at the time of ranking. An
    opponent met by forfeit counts like any other (the pairing was made).
    """

    name = "buchholz"
    title = Label(zh="对手分", en="Buchholz")
    source = N_("CXA 2011 §14.3.1, §14.4; Weiqi 2002 Art. 27")

    def value(self, ledger: Ledger, key: str, tied: frozenset[str]) -> Any:
        points = ledger.points_by_entrant
        return sum(ledger.lowest_score if e.opponent == BYE else points[e.opponent] for e in ledger.records[key].entries)


class TeamBuchholz(Buchholz):
    """团体对手分: the sum of the match points of every team met (CXA 2011 §14.6).

    The teams' points in the table (match points, or game points under
    ``points_from = "games"``, CXA 2011 §14.7); a bye counts as in :class:`Buchholz`.
    """

    name = "team_buchholz"
    title = Label(zh="团体对手分", en="team Buchholz")
    source = N_("CXA 2011 §14.6, §14.4")
