"""Matches: head-to-head contests between two sides, as formats lay them out."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from podium.model.entrants import BYE, Entrant


@attrs.frozen
class Slot:
    """One side of a match: an entrant key, :data:`~podium.model.entrants.BYE`, or not yet known.

    ``source`` says where an unknown side will come from, e.g. ``("winner", "QF1")``
    or ``("place", "A", 1)`` (group A winner).
    """

    entrant: str | None
    source: tuple[Any, ...] | None = None

    @property
    def known(self) -> bool:
        return self.entrant is not None

    @property
    def is_bye(self) -> bool:
        return self.entrant == BYE


@attrs.frozen
class Match:
    """One match as a format lays it out.

    ``key`` is stable within the stage and is what the journal records results
    against; ``number`` is the short number users type, assigned by the core in
    the order matches appear across the event's stages.
    """

    key: str
    stage: str
    round: int
    sides: tuple[Slot, Slot]
    group: str | None = None
    round_name: str | None = None
    decisive: bool = False  # the format needs a winner (knockout)
    number: int = 0
    colours: str = "listed"
    """Who moves first: ``listed`` — side 0 takes the first move / red / white / serve choice in
    game 1 and on odd boards (CXA 2011 §12.1, §12.2); ``lots`` — decided by lot at the table
    (knockout, CXA 2011 §12.4), so the result must say."""

    @property
    def entrants(self) -> tuple[str | None, str | None]:
        return (self.sides[0].entrant, self.sides[1].entrant)

    @property
    def ready(self) -> bool:
        """Both sides known and neither is a bye: a result can be entered."""
        first, second = self.sides[0].entrant, self.sides[1].entrant
        return first is not None and second is not None and first != BYE and second != BYE

    @property
    def is_bye(self) -> bool:
        return self.sides[0].entrant == BYE or self.sides[1].entrant == BYE

    def numbered(self, number: int) -> Match:
        """This match with the number users type (``attrs.evolve`` made generic, and three times slower: the fold
        numbers every match of an event, 19,900 in a 200-entrant round robin)."""
        return Match(self.key, self.stage, self.round, self.sides, self.group, self.round_name, self.decisive, number, self.colours)

    def side_of(self, entrant: str) -> int | None:
        for index, slot in enumerate(self.sides):
            if slot.entrant == entrant:
                return index
        return None


@attrs.frozen
class MatchContext:
    """What a sport needs to parse and judge the result of one match.

    ``rules`` are the sport's options for this match: event rules, overridden by the
    stage's rules, overridden by the rules of the match's round (e.g. best of 7 in
    the final).
    """

    event: str
    rules: Mapping[str, Any]
    sides: tuple[Entrant, Entrant]
    decisive: bool = False
    round_name: str | None = None
    match_key: str = ""
    reversed: bool = False
    """True when the result text names the sides in the reverse of the match's order: ``sides`` are
    then given swapped, and facts fixed by the draw (e.g. who plays first) belong to ``sides[1]``."""
    colours: str = "listed"  # as :attr:`Match.colours`

    def rule(self, name: str) -> Any:
        return self.rules[name]
