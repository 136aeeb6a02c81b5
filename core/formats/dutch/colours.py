"""Colour differences, colour preferences and colour allocation of the Dutch system.

FIDE C.04.3 art. 1.6 (colour difference), 1.7 (preferences), 5 (allocation; E.1-E.5
in the 2017 text). Colours are ``FIRST`` (+1) and ``SECOND`` (-1); only games
actually played count (FIDE C.04.2 art. 3.4).
"""

from __future__ import annotations

from collections.abc import Sequence

from podium.formats.dutch.model import FIRST, SECOND

NONE, MILD, STRONG, ABSOLUTE = 0, 1, 2, 3
"""Strengths of a colour preference (FIDE C.04.3 art. 1.7.1-1.7.4)."""


def preference(colours: Sequence[int]) -> tuple[int, int]:
    """The colour a player should get next and how strongly: ``(colour or 0, strength)``.

    FIDE C.04.3 art. 1.7.1: absolute when the colour difference is beyond ±1 or the
    last two games were of one colour; 1.7.2: strong at a difference of ±1; 1.7.3:
    mild at 0, alternating with the last game; 1.7.4: none before the first game.
    """
    if not colours:
        return 0, NONE
    difference = sum(colours)
    if difference > 1 or (len(colours) >= 2 and colours[-1] == colours[-2] == FIRST):
        return SECOND, ABSOLUTE
    if difference < -1 or (len(colours) >= 2 and colours[-1] == colours[-2] == SECOND):
        return FIRST, ABSOLUTE
    if difference:
        return -difference, STRONG
    return -colours[-1], MILD


def allocate(
    higher: Sequence[int],
    lower: Sequence[int],
    higher_tpn: int,
    initial: int,
    preferences: tuple[tuple[int, int], tuple[int, int]] | None = None,
) -> tuple[int, str]:
    """The colour of the higher-ranked player of a pair, and the rule that gave it.

    ``higher`` and ``lower`` are the two colour histories, the higher-ranked player
    (art. 1.2: score, then pairing number) first. Art. 5.2, in order:

    - 5.2.1 grant both preferences;
    - 5.2.2 grant the stronger preference; when both are absolute (topscorers),
      the wider colour difference;
    - 5.2.3 alternate the colours to the most recent round in which one player
      had one colour and the other the other (histories aligned on their latest
      game, C.04.2 art. 3.4);
    - 5.2.4 grant the higher-ranked player's preference;
    - 5.2.5 an odd pairing number gives the higher-ranked player the initial
      colour (drawn before round 1, art. 5.1), an even one the other colour.
    """
    h_colour, h_strength = preference(higher)
    l_colour, l_strength = preference(lower)
    if h_colour and l_colour and h_colour != l_colour:
        return h_colour, "5.2.1"
    if h_colour and not l_colour:
        return h_colour, "5.2.1"
    if l_colour and not h_colour:
        return -l_colour, "5.2.1"
    if h_colour:  # both want the same colour
        if h_strength != l_strength:
            return (h_colour, "5.2.2") if h_strength > l_strength else (-l_colour, "5.2.2")
        if h_strength == ABSOLUTE:
            h_wide, l_wide = abs(sum(higher)), abs(sum(lower))
            if h_wide != l_wide:
                return (h_colour, "5.2.2") if h_wide > l_wide else (-l_colour, "5.2.2")
    for back in range(1, min(len(higher), len(lower)) + 1):
        if higher[-back] != lower[-back]:
            return -higher[-back], "5.2.3"
    if h_colour:
        return h_colour, "5.2.4"
    return (initial if higher_tpn % 2 else -initial), "5.2.5"


def breaks_difference(colours: Sequence[int], given: int) -> bool:
    """Whether ``given`` takes the colour difference beyond ±2 (C.04.1 art. 6; counted by [C10])."""
    return abs(sum(colours) + given) > 2


def breaks_repetition(colours: Sequence[int], given: int) -> bool:
    """Whether ``given`` is the same colour a third time running (C.04.1 art. 7; counted by [C11])."""
    return len(colours) >= 2 and colours[-1] == colours[-2] == given


__all__ = ["ABSOLUTE", "FIRST", "MILD", "NONE", "SECOND", "STRONG", "allocate", "breaks_difference", "breaks_repetition", "preference"]
