"""Tie-breakers that look only at the games among the tied entrants: 直胜 and 对局时后走."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby
from typing import TYPE_CHECKING, Any

from podium.i18n import N_, Label
from podium.tiebreakers.base import Split, TieBreaker

if TYPE_CHECKING:
    from podium.standings.ledger import Ledger


def _all_met(ledger: Ledger, group: frozenset[str]) -> bool:
    """True when every two entrants of ``group`` played each other."""
    return all(group - {key} <= {e.opponent for e in ledger.among(key, group)} for key in group)


def _split_by(values: dict[str, Any], tied: Sequence[str]) -> tuple[tuple[str, ...], ...]:
    ordered = sorted(tied, key=lambda k: values[k], reverse=True)
    return tuple(tuple(g) for _, g in groupby(ordered, key=lambda k: values[k]))


class HeadToHead(TieBreaker):
    """直胜: the result of the games among the tied entrants (CXA 2011 §14.1, §14.2, §14.5).

    Two tied: their direct result (the points each earned against the other, all
    their games together). Three or more tied (the rule is silent; standings option
    ``head_to_head``): by default a mini-table of the points earned in the games
    among them, applied only when every two of them met — otherwise, as with two
    tied who never met, it does not separate. With ``two_only`` it applies to two
    tied entrants only. Those it leaves tied go on down the chain.
    """

    name = "head_to_head"
    title = Label(zh="直胜", en="head-to-head")
    source = N_("CXA 2011 §14.1, §14.2, §14.5")

    def split(self, ledger: Ledger, tied: Sequence[str]) -> Split:
        group = frozenset(tied)
        if (len(group) > 2 and ledger.option("head_to_head") == "two_only") or not _all_met(ledger, group):
            return Split((tuple(tied),))
        values = {key: sum(e.points for e in ledger.among(key, group)) for key in tied}
        return Split(_split_by(values, tied), values)


class DirectSecond(TieBreaker):
    """对局时后走: of two tied entrants, the one who moved second in their own game ranks higher (CXA 2011 §14.1).

    The last criterion of §14.1 ("…后走局数、对局时后走") is garbled in the copy
    of the rules Podium follows; Podium reads it as "in the game between the two tied players,
    the second mover ranks higher". It counts the games each played second against
    the other, so it applies to two tied entrants who met (with colours swapped in
    a return game it does not separate).
    """

    name = "direct_second"
    title = Label(zh="对局时后走", en="second mover in their game")
    source = N_("CXA 2011 §14.1")

    def split(self, ledger: Ledger, tied: Sequence[str]) -> Split:
        group = frozenset(tied)
        if len(group) != 2:
            return Split((tuple(tied),))
        values = {key: ledger.records[key].total("second_games", among=group) for key in tied}
        return Split(_split_by(values, tied), values)
