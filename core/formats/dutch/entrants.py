"""A player as one round of the Dutch pairing sees them: order, preference, floats, bye eligibility.

Computed once per round from :class:`~podium.formats.dutch.model.SwissPlayer`.
"""

from __future__ import annotations

from podium.formats.dutch.colours import ABSOLUTE, preference
from podium.formats.dutch.model import DOWN, NO_FLOAT, UP, SwissPlayer


class Entrant:
    """One player of the round with what the criteria read (FIDE C.04.3 art. 1)."""

    __slots__ = (
        "bye_ok",
        "colours",
        "down1",
        "down2",
        "id",
        "opponents",
        "order",
        "player",
        "pref",
        "score",
        "strength",
        "top",
        "tpn",
        "unplayed",
        "up1",
        "up2",
    )

    def __init__(self, player: SwissPlayer, order: int, round_number: int, top: bool):
        self.player = player
        self.id = player.id
        self.order = order
        """Place in the order of art. 1.2 (score, then pairing number), 0 first."""
        self.score = player.score
        self.tpn = player.rank
        self.colours = player.colours
        self.opponents = player.opponents
        self.pref, self.strength = preference(player.colours)
        self.top = top
        """A topscorer (art. 1.8): over half the maximum score when the final round is paired."""
        self.bye_ok = not player.had_bye
        self.unplayed = round_number - 1 - len(player.colours)
        """Rounds without a game played, for [C9]."""
        last = player.floats[-1] if player.floats else NO_FLOAT
        before = player.floats[-2] if len(player.floats) >= 2 else NO_FLOAT
        self.down1, self.up1 = last == DOWN, last == UP
        self.down2, self.up2 = before == DOWN, before == UP

    def can_meet(self, other: Entrant) -> bool:
        """[C1]: the two have not met (C.04.1 art. 2)."""
        return other.id not in self.opponents and self.id not in other.opponents

    def clashes(self, other: Entrant) -> bool:
        """[C3]: two non-topscorers with the same absolute colour preference (C.04.1 art. 6, 7)."""
        return (
            self.strength == ABSOLUTE
            and other.strength == ABSOLUTE
            and self.pref == other.pref
            and not (self.top or other.top)
        )

    def __repr__(self) -> str:
        return f"Entrant({self.id!r}, {self.score}, tpn={self.tpn})"
