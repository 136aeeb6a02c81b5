"""Ranking teams by their members' individual places (队员总分制, CXA 2011 §11.5, §14.8; CXA 1999 §15.5)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from podium.i18n import N_, Label, _
from podium.tiebreakers.base import KeyTieBreaker, StagedTieBreaker

if TYPE_CHECKING:
    from podium.standings.ledger import Ledger


class Placings(StagedTieBreaker):
    """The sum of the members' individual places, lower first; then the best individual place (CXA 2011 §14.8).

    "根据各队棋手个人名次总和多少排列名次，少者列前。如相等，则比较最高个人名次".
    It is the ranking method of a team event scored from individual results, used
    as a tie-breaker on a ledger where every team with the same number of counted
    members has equal points (:func:`podium.standings.ledger.build_placings_ledger`, preset
    ``cxa-14.8``), so that explanations, penalties and lots work as for any other table.
    """

    name = "placings"
    title = Label(zh="个人名次总和", en="sum of individual places")
    source = N_("CXA 2011 §14.8")
    lower_is_better = True

    def value(self, ledger: Ledger, key: str, tied: frozenset[str]) -> Any:
        places = ledger.placings.get(key, ())
        return (sum(places), min(places, default=0))

    def step_label(self, ledger: Ledger, index: int) -> str:
        return _("sum of individual places") if index == 0 else _("best individual place")

    def values(self, ledger: Ledger) -> Mapping[str, Any]:
        return {key: sum(places) for key, places in ledger.placings.items()}


class NextBestPlace(KeyTieBreaker):
    """The second-best individual place of a team, lower first (次高个人名次, CXA 1999 §15.5).

    "如相等，则按以下顺序区分:最高个人名次.次高个人名次.全队犯规.无法区分，则名次并列". It follows
    ``placings`` (sum, then best place) in the preset ``cxa-1999-15.5``. A team with a
    single counted member has no second place and ranks after those that have one;
    two such teams are equal.
    """

    name = "next_best_place"
    title = Label(zh="次高个人名次", en="next best individual place")
    source = N_("CXA 1999 §15.5")
    lower_is_better = True

    def value(self, ledger: Ledger, key: str, tied: frozenset[str]) -> Any:
        places = sorted(ledger.placings.get(key, ()))
        if len(places) > 1:
            return places[1]
        return 1 + max((p for team in ledger.placings.values() for p in team), default=0)  # below any real place

    def values(self, ledger: Ledger) -> Mapping[str, Any]:
        return {key: sorted(places)[1] for key, places in ledger.placings.items() if len(places) > 1}
