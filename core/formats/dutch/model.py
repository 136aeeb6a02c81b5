"""What the Dutch pairing takes in and gives back: players before a round, the round's pairing and its explanation.

Terms are those of FIDE C.04.3 (2025 rules, in force from 1 February 2026): a
player's *pairing number* (TPN) orders equal scores (art. 1.2), *floats* are
recorded per round (art. 1.4), a *bracket* is a scoregroup plus the players
moved down into it (art. 1.3).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

FIRST = 1
"""Colour code of the first mover (White in chess, Red in xiangqi, Black in weiqi)."""
SECOND = -1
"""Colour code of the second mover."""

DOWN = 1
"""Float code: the player downfloated in that round (FIDE C.04.3 art. 1.4.2, 1.4.3)."""
UP = -1
"""Float code: the player upfloated in that round (FIDE C.04.3 art. 1.4.2)."""
NO_FLOAT = 0
"""Float code: no float in that round (FIDE C.04.3 art. 1.4.4)."""


def _ids(value: Iterable[str]) -> frozenset[str]:
    """``value`` as a set of player ids (a Python function, not ``frozenset``: attrs reads a converter's signature,
    and a built-in's is parsed from text, which compiles :mod:`tokenize`'s patterns, about 4 ms)."""
    return frozenset(value)


def _codes(value: Iterable[int]) -> tuple[int, ...]:
    """``value`` as a tuple of codes (a Python function, as :func:`_ids`)."""
    return tuple(value)


def _check_codes(allowed: tuple[int, ...]):
    def check(instance: SwissPlayer, attribute: attrs.Attribute, value: tuple[int, ...]) -> None:
        if any(code not in allowed for code in value):
            raise ValueError(f"{instance.id}: {attribute.name} must be made of {allowed}, got {value}")

    return check


@attrs.frozen
class SwissPlayer:
    """A player's record before the round, as the Dutch system reads it.

    ``rank`` is the pairing number (TPN, FIDE C.04.2 art. 2.3): 1 is the
    strongest. ``colours`` lists the games actually played, oldest first, as
    ``FIRST``/``SECOND``; unplayed rounds are left out, which puts them "in front"
    as FIDE C.04.2 art. 3.4 asks. ``had_bye`` bars the pairing-allocated bye: the
    player already had one, or scored a win's points in a round without playing
    (FIDE C.04.1 art. 4, C.04.3 [C2]). ``floats`` has one code per round played
    so far (``DOWN``, ``UP``, ``NO_FLOAT``), oldest first; only the last two are read.
    """

    id: str
    score: float
    rank: int
    opponents: frozenset[str] = attrs.field(default=frozenset(), converter=_ids)
    colours: tuple[int, ...] = attrs.field(default=(), converter=_codes, validator=_check_codes((FIRST, SECOND)))
    had_bye: bool = False
    floats: tuple[int, ...] = attrs.field(default=(), converter=_codes, validator=_check_codes((DOWN, UP, NO_FLOAT)))


@attrs.frozen
class Floater:
    """A player who leaves a bracket unpaired, and the criterion that chose them (``"C6"`` when the bracket is odd)."""

    id: str
    criterion: str


@attrs.frozen
class BracketReport:
    """How one bracket was paired, for ``podium pair --explain``.

    ``first_candidate_perfect`` tells whether the first candidate of art. 3.3 (S1
    in order against S2 in order) was taken as it was; otherwise ``decided_by`` is
    the highest criterion on which the chosen candidate beats it (``"C1"`` or
    ``"C3"`` when the first candidate was not even allowed), and ``exchange`` /
    ``transposition`` say how far along the order of art. 4 the choice was found.
    """

    score: float
    residents: tuple[str, ...]
    moved_down: tuple[str, ...]
    pairs: tuple[tuple[str, str], ...]
    floaters: tuple[Floater, ...]
    first_candidate_perfect: bool
    decided_by: str | None
    exchanged: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    lookahead: str | None = None
    """``"C4"`` when the bracket was paired looking at every player below it, ``"C8"`` at the next bracket."""


@attrs.frozen
class Pairing:
    """One round: ``pairs`` are (first mover, second mover), board 1 first; ``colour_rules`` say which rule of art. 5.2 gave each pair its colours."""

    pairs: tuple[tuple[str, str], ...]
    bye: str | None = None
    brackets: tuple[BracketReport, ...] = attrs.field(default=(), eq=False)
    colour_rules: tuple[str, ...] = attrs.field(default=(), eq=False)
    bye_score: float | None = attrs.field(default=None, eq=False)
    relaxed_colours: bool = attrs.field(default=False, eq=False)
    """True when no pairing met [C1]-[C3] and [C3] was relaxed (the arbiter's decision of art. 1.9.3)."""


class PairingImpossible(Exception):
    """No pairing avoids every rematch and gives the bye only to an eligible player (FIDE C.04.3 art. 1.9.3)."""


def validate(players: Sequence[SwissPlayer], round_number: int, rounds: int | None) -> None:
    """Refuse inconsistent input with a ``ValueError`` naming the player."""
    if round_number < 1:
        raise ValueError(f"round_number must be at least 1, got {round_number}")
    if rounds is not None and rounds < round_number:
        raise ValueError(f"round {round_number} is beyond the {rounds} rounds of the event")
    ids = [p.id for p in players]
    if len(set(ids)) != len(ids):
        raise ValueError(f"duplicate entrant ids: {sorted({i for i in ids if ids.count(i) > 1})}")
    ranks = [p.rank for p in players]
    if len(set(ranks)) != len(ranks):
        raise ValueError(f"duplicate pairing numbers: {sorted({r for r in ranks if ranks.count(r) > 1})}")
    for p in players:
        if len(p.colours) + p.had_bye > round_number - 1:
            raise ValueError(f"{p.id} has more games and byes than the {round_number - 1} rounds played")
        if len(p.floats) > round_number - 1:
            raise ValueError(f"{p.id} has floats for more than the {round_number - 1} rounds played")
