"""Ties settled outside the chain: drawing lots with a recorded seed, or a play-off (CXA 2011 §14; Weiqi 2002 Art. 27.C)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby
from typing import TYPE_CHECKING

from podium.i18n import N_, Label, _
from podium.tiebreakers.base import Split, TieBreaker

if TYPE_CHECKING:
    from podium.standings.ledger import Ledger


class Lots(TieBreaker):
    """The order recorded in the journal by ``podium lots`` (seeded draw) or ``podium playoff``.

    Weiqi 2002 Art. 27 (1.C): "如不允许名次并列，可加赛或抽签区分名次"; CXA 1999 §15.6:
    places that must not be shared need a play-off or a declared rule. The latest
    recorded decision that covers every entrant of the tied group applies; until
    there is one the entrants stay tied. Recorded decisions apply after any chain
    (naming ``lots`` last just says so).
    """

    name = "lots"
    title = Label(zh="抽签", en="drawing of lots")
    source = N_("CXA 2011 §14; Weiqi 2002 Art. 27")

    def split(self, ledger: Ledger, tied: Sequence[str]) -> Split:
        decision = ledger.decision_for(tied)
        if decision is None:
            return Split((tuple(tied),))
        ordered = sorted(tied, key=decision.position)
        groups = tuple(tuple(g) for _, g in groupby(ordered, key=decision.position))
        values = {key: decision.position(key) + 1 for key in tied}

        def label() -> str:  # worded when asked, in the language asked for
            if decision.method == "playoff":
                return _("play-off")
            return _("drawing of lots (seed {seed})").format(seed=decision.seed)

        return Split(groups, values, describe=lambda upper, lower: (label(), values[upper], values[lower]))
