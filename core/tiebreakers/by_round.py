"""Tie-breakers that look at the scores round by round (Swiss events, CXA 2011 §14.3, §14.6).

Rounds are the round numbers of the table's matches; a round in which an entrant
had no match (not paired, withdrawn) adds 0 to its score.
"""

from __future__ import annotations

from itertools import accumulate
from typing import TYPE_CHECKING, Any

from podium.i18n import N_, Label, _
from podium.tiebreakers.base import KeyTieBreaker, StagedTieBreaker

if TYPE_CHECKING:
    from podium.standings.ledger import Ledger


def _running(ledger: Ledger, key: str) -> list[float]:
    """The entrant's score after each round 1..R."""
    return list(accumulate(ledger.records[key].points_by_round(ledger.rounds)))


class Progressive(KeyTieBreaker):
    """累进分: the sum of the running scores after each round (每轮积分相加总和, CXA 2011 §14.3.2).

    Example: win, draw, loss, win under 2/1/0 → running scores 2, 3, 3, 5 → 13.
    """

    name = "progressive"
    title = Label(zh="累进分", en="progressive score")
    source = N_("CXA 2011 §14.3.2")

    def value(self, ledger: Ledger, key: str, tied: frozenset[str]) -> Any:
        return sum(_running(ledger, key))


class ProgressiveCut(StagedTieBreaker):
    """The continuation of 累进分: drop round 1 and compare again, then drop round 2 as well, … (CXA 2011 §14.3.2).

    "如无法区分，则去除第一轮得分进行比较，如仍相等，则再去除第二轮的积分，以此类推".
    Step k compares the progressive score of rounds k+1..R counted from zero. Whether
    one subtracts the first running scores (FIDE's cut) or recounts from round k+1,
    entrants tied on score and progressive score come out in the same order: the
    one who scored less in round 1 (then round 2, …) ranks higher. It is a separate
    tie-breaker because the rule applies it last, after wins, fouls and games as
    second mover.
    """

    name = "progressive_cut"
    title = Label(zh="累进分（去除前几轮）", en="progressive score without the first rounds")
    source = N_("CXA 2011 §14.3.2")

    def value(self, ledger: Ledger, key: str, tied: frozenset[str]) -> Any:
        points = ledger.records[key].points_by_round(ledger.rounds)
        return tuple(sum(accumulate(points[k:])) for k in range(1, len(points)))

    def step_label(self, ledger: Ledger, index: int) -> str:
        return _("progressive score from round {round}").format(round=index + 2)


class PreviousRound(StagedTieBreaker):
    """"比较前一轮成绩，以此类推，直至区分": compare the previous round, and so on back (CXA 2011 §14.3.1, §14.6).

    The wording has two readings (standings option ``previous_round``):
    ``standing`` (default) compares the score after the previous round, then after
    the round before, …; ``round`` compares the points scored in the last round,
    then in the round before, …. With equal totals the two readings give opposite
    orders (a higher score after round n−1 means fewer points in round n).
    """

    name = "previous_round"
    title = Label(zh="比较前一轮成绩", en="previous rounds")
    source = N_("CXA 2011 §14.3.1, §14.6")

    def value(self, ledger: Ledger, key: str, tied: frozenset[str]) -> Any:
        if ledger.option("previous_round") == "round":
            return tuple(reversed(ledger.records[key].points_by_round(ledger.rounds)))
        return tuple(reversed(_running(ledger, key)[:-1]))

    def step_label(self, ledger: Ledger, index: int) -> str:
        if ledger.option("previous_round") == "round":
            return _("points in round {round}").format(round=ledger.rounds - index)
        return _("score after round {round}").format(round=ledger.rounds - 1 - index)
