"""Ranking players or pairs on equal matches won in a group: BWF General Competition Regulations 16.2.

- 16.2.1 the ranking is by matches won (Podium's points: 1 for a match won);
- 16.2.2 two on equal matches won: the winner of the match between them ranks higher;
- 16.2.3 three or more: the difference of games won and lost over all their group matches;
  two still equal are ranked by the match between them; three or more still equal go on
  to the difference of points won and lost, with the same rule for two; three or more
  equal after that are decided by lots (the next tie-breaker of the chain).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import groupby
from typing import Any

from podium.api import Label, Ledger, Split, TieBreaker

from podium_badminton.i18n import _

Reasons = dict[tuple[str, str], tuple[str, Any, Any]]


def _difference(stat: str) -> Callable[[Ledger, str], float]:
    def value(ledger: Ledger, key: str) -> float:
        record = ledger.records[key]
        return record.total(stat) - record.total(stat, against=True)

    return value


class BwfGroupRanking(TieBreaker):
    """BWF GCR 16.2: the match between two; game difference, then point difference, for three or more."""

    name = "bwf_group"
    title = Label(zh="世界羽联小组排名", en="BWF group ranking")
    source = "BWF General Competition Regulations 16.2"

    def split(self, ledger: Ledger, tied: Sequence[str]) -> Split:
        reasons: Reasons = {}
        criteria = [(_("game difference"), _difference("games")), (_("point difference"), _difference("points"))]
        groups = self._resolve(ledger, list(tied), criteria, reasons)
        return Split(tuple(tuple(g) for g in groups), reasons=reasons)

    def _resolve(self, ledger: Ledger, tied: list[str], criteria: list[tuple[str, Callable[[Ledger, str], float]]],
                 reasons: Reasons) -> list[list[str]]:
        if len(tied) == 1:
            return [tied]
        if len(tied) == 2:
            return self._between(ledger, tied, reasons)
        if not criteria:
            return [tied]
        (label, criterion), rest = criteria[0], criteria[1:]
        values = {key: criterion(ledger, key) for key in tied}
        ordered = sorted(tied, key=lambda key: (-values[key], key))
        result: list[list[str]] = []
        for _value, members in groupby(ordered, key=lambda key: values[key]):
            resolved = self._resolve(ledger, list(members), rest, reasons)
            if result:
                upper, lower = result[-1][-1], resolved[0][0]
                reasons[(upper, lower)] = (label, values[upper], values[lower])
            result.extend(resolved)
        return result

    def _between(self, ledger: Ledger, pair: list[str], reasons: Reasons) -> list[list[str]]:
        """16.2.2: of two, the winner of their match ranks higher; if they have not met, they stay tied."""
        first, second = sorted(pair)
        wins = {key: sum(1 for e in ledger.among(key, frozenset(pair)) if e.outcome.winner == 0) for key in (first, second)}
        if wins[first] == wins[second]:
            return [[first, second]]
        upper, lower = (first, second) if wins[first] > wins[second] else (second, first)
        reasons[(upper, lower)] = (_("won the match between them"), wins[upper], wins[lower])
        return [[upper], [lower]]
