"""Penalised entrants last among equals (CXA 2011 §18.5)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import attrs

from podium.i18n import N_, Label, _, ngettext
from podium.tiebreakers.base import KeyTieBreaker

if TYPE_CHECKING:
    from podium.standings.ledger import Ledger


@attrs.frozen(order=True)
class PenaltyCount:
    """Penalties against one entrant, compared by severity then number: removals first, then warnings."""

    removals: int
    warnings: int

    def __str__(self) -> str:
        parts = []
        if self.removals:
            parts.append(ngettext("{count} removal", "{count} removals", self.removals).format(count=self.removals))
        if self.warnings:
            parts.append(ngettext("{count} warning", "{count} warnings", self.warnings).format(count=self.warnings))
        return ", ".join(parts) or _("none")


class Penalties(KeyTieBreaker):
    """Penalised entrants rank last among those on equal points, by severity and then number (CXA 2011 §18.5).

    "在积分相同时，把受到18.1和18.2款处分的人(队)，按其轻重程度和次数，依次排列在最后几个位置上":
    a removal from a game (§18.2, by the chief arbiter) is more severe than a warning
    (§18.1, by the board arbiter); unpenalised entrants come first, then those with
    warnings only (fewer first), then those removed (fewer removals first, then
    fewer warnings). Penalties are recorded with ``podium penalty``. Entrants
    penalised alike go on down the chain. An expelled entrant (§18.3) is withdrawn.
    When penalties are recorded it applies first in any chain that does not name it.
    """

    name = "penalties"
    title = Label(zh="处分", en="penalties")
    source = N_("CXA 2011 §18.5")
    lower_is_better = True

    def value(self, ledger: Ledger, key: str, tied: frozenset[str]) -> Any:
        removals, warnings = ledger.penalties.get(key, (0, 0))
        return PenaltyCount(removals, warnings)

    def values(self, ledger: Ledger) -> Mapping[str, Any]:
        everyone = frozenset(ledger.records)
        return {key: self.value(ledger, key, everyone) for key in ledger.records if key in ledger.penalties}
