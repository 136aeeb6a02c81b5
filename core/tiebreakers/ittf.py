"""ITTF group ranking (ITTF Handbook for Match Officials / Regulations 3.7.5).

When two or more members of a group have equal match points, their relative
positions are decided only by the matches among them, considering in turn match
points, the ratio of individual matches won to lost (team events), games ratio and
points ratio. As soon as one or more places are decided, the matches of the
decided members are removed and the remaining tie is resolved again from the start.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import groupby
from typing import TYPE_CHECKING, Any

from podium.i18n import N_, Label, _
from podium.tiebreakers.base import Split, TieBreaker
from podium.tiebreakers.ratios import Ratio

if TYPE_CHECKING:
    from podium.standings.ledger import Ledger

Criterion = tuple[str, Callable[["Ledger", str, frozenset[str]], Any]]
"""A criterion's name (marked with ``N_``, translated when an explanation is worded) and its value."""
_Level = tuple[str, dict[str, tuple[int, Any]]]
"""One criterion applied to one group: its label, and each member's part (0 = best) and value."""


def _match_points(ledger: Ledger, key: str, group: frozenset[str]) -> Any:
    return sum(e.points for e in ledger.among(key, group))


def _ratio(stat: str) -> Callable[[Ledger, str, frozenset[str]], Any]:
    def value(ledger: Ledger, key: str, group: frozenset[str]) -> Any:
        entries = ledger.among(key, group)
        return Ratio(sum(e.stat(stat) for e in entries), sum(e.stat(stat, against=True) for e in entries))

    return value


class IttfGroupRanking(TieBreaker):
    """ITTF 3.7.5: results among the tied only, with decided members removed and the rest re-resolved."""

    name = "ittf"
    title = Label(zh="国际乒联小组排名", en="ITTF group ranking")
    source = N_("ITTF Handbook 3.7.5")

    def _criteria(self, ledger: Ledger) -> list[Criterion]:
        criteria: list[Criterion] = [(N_("match points among the tied"), _match_points)]
        if "rubbers" in ledger.stat_names:
            criteria.append((N_("individual-match ratio among the tied"), _ratio("rubbers")))
        criteria.append((N_("games ratio among the tied"), _ratio("games")))
        criteria.append((N_("points ratio among the tied"), _ratio("points")))
        return criteria

    def split(self, ledger: Ledger, tied: Sequence[str]) -> Split:
        levels: list[_Level] = []
        groups = self._resolve(ledger, list(tied), self._criteria(ledger), levels)

        def describe(upper: str, lower: str) -> tuple[str, Any, Any]:
            # The level that first put the two in different parts; any two members of different final groups have
            # one, whatever order a later tie-breaker (a play-off, lots) gives inside a group still tied here.
            for label, where in levels:
                if upper in where and lower in where and where[upper][0] != where[lower][0]:
                    return (_(label), where[upper][1], where[lower][1])  # worded when asked, in the language asked for
            raise KeyError((upper, lower))

        return Split(tuple(tuple(g) for g in groups), describe=describe)

    def _resolve(
        self,
        ledger: Ledger,
        tied: list[str],
        criteria: list[Criterion],
        levels: list[_Level],
    ) -> list[list[str]]:
        if len(tied) == 1:
            return [tied]
        group = frozenset(tied)
        for label, criterion in criteria:
            values = {key: criterion(ledger, key, group) for key in tied}
            ordered = sorted(tied, key=lambda k: values[k], reverse=True)
            parts = [list(g) for _, g in groupby(ordered, key=lambda k: values[k])]
            if len(parts) == 1:
                continue
            levels.append((label, {key: (index, values[key]) for index, part in enumerate(parts) for key in part}))
            result: list[list[str]] = []
            for part in parts:
                # Decided members drop out; the rest start again from match points among themselves.
                result.extend(self._resolve(ledger, part, criteria, levels))
            return result
        return [tied]
