"""Ranking teams by their members' individual places (队员总分制, CXA 2011 §11.5, §14.8)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from podium.i18n import Label, _
from podium.standings import Ledger
from podium.tiebreakers.base import StagedTieBreaker


class Placings(StagedTieBreaker):
    """The sum of the members' individual places, lower first; then the best individual place (CXA 2011 §14.8).

    "根据各队棋手个人名次总和多少排列名次，少者列前。如相等，则比较最高个人名次".
    It is the ranking method of a team event scored from individual results, used
    as a tie-breaker on a ledger where every team has equal (zero) points
    (:func:`podium.standings.build_placings_ledger`, preset ``cxa-14.8``), so that
    explanations, penalties and lots work as for any other table.
    """

    name = "placings"
    title = Label(zh="个人名次总和", en="sum of individual places")
    source = "CXA 2011 §14.8"
    lower_is_better = True

    def value(self, ledger: Ledger, key: str, tied: frozenset[str]) -> Any:
        places = ledger.placings.get(key, ())
        return (sum(places), min(places, default=0))

    def step_label(self, ledger: Ledger, index: int) -> str:
        return _("sum of individual places") if index == 0 else _("best individual place")

    def values(self, ledger: Ledger) -> Mapping[str, Any]:
        return {key: sum(places) for key, places in ledger.placings.items()}
