"""Tie-breakers that count: wins, games won, games as second mover, fouls and warnings.

Counters come from :attr:`Outcome.stats <podium.model.outcomes.Outcome.stats>`; a
one-game match that does not record them is read from its winner and colours
(:func:`podium.model.scoring.counter`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from podium.i18n import N_, Label
from podium.tiebreakers.base import KeyTieBreaker

if TYPE_CHECKING:
    from podium.standings.ledger import Ledger


class Wins(KeyTieBreaker):
    """Number of matches won (胜局 where a match is one game): CXA 2011 §14.1, §14.3.

    A win without play counts unless the standings option ``unplayed = "exclude"``:
    a "+" is a win (CXA 2011 §20.3) and a bye is scored as a win (§14.4).
    """

    name = "wins"
    title = Label(zh="胜局", en="wins")
    source = N_("CXA 2011 §14.1, §14.3")

    def value(self, ledger: Ledger, key: str, tied: frozenset[str]) -> Any:
        record = ledger.records[key]
        if ledger.option("unplayed") == "count":
            return record.wins
        return sum(1 for e in record.entries if e.won and not e.unplayed)


class Counter(KeyTieBreaker):
    """A tie-breaker that compares one counter summed over the entrant's matches."""

    counter: ClassVar[str]

    def value(self, ledger: Ledger, key: str, tied: frozenset[str]) -> Any:
        return ledger.records[key].total(self.counter)


class MatchWins(Wins):
    """Number of team matches (or multi-game pairings) won (全队胜场): CXA 2011 §14.5, §14.6."""

    name = "match_wins"
    title = Label(zh="胜场", en="matches won")
    source = N_("CXA 2011 §14.5, §14.6")


class GameWins(Counter):
    """Number of individual games won (胜局 of a multi-game pairing, 全队胜局 of a team): CXA 2011 §14.2, §14.5."""

    name = "game_wins"
    title = Label(zh="胜局", en="games won")
    source = N_("CXA 2011 §14.2, §14.5, §14.6")
    counter = "game_wins"


class SecondWins(Counter):
    """Games won as second mover (后走胜局; Black in xiangqi): CXA 2011 §14.2, §14.5. More ranks higher."""

    name = "second_wins"
    title = Label(zh="后走胜局", en="wins as second mover")
    source = N_("CXA 2011 §14.2, §14.5")
    counter = "second_wins"


class SecondGames(Counter):
    """Games played as second mover (后走局数): CXA 2011 §14.1, §14.3, §14.5. More ranks higher."""

    name = "second_games"
    title = Label(zh="后走局数", en="games as second mover")
    source = N_("CXA 2011 §14.1, §14.3, §14.5")
    counter = "second_games"


class Fouls(Counter):
    """Fouls recorded (犯规, 全队犯规): CXA 2011 §14.1–§14.6. Fewer ranks higher."""

    name = "fouls"
    title = Label(zh="犯规", en="fouls")
    source = N_("CXA 2011 §14.1, §14.3, §14.5, §14.6")
    lower_is_better = True
    counter = "fouls"


class Warnings(Counter):
    """Warnings received over the whole event (警告次数): Weiqi 2002 Art. 27 (1.B). Fewer ranks higher."""

    name = "warnings"
    title = Label(zh="警告次数", en="warnings")
    source = N_("Weiqi 2002 Art. 27")
    lower_is_better = True
    counter = "warnings"
