"""Tie orders: which players meet in each rubber of a team tie.

An order lists the rubbers; each side of a rubber is one slot (singles) or two slots
joined by ``+`` (doubles); a slot is one letter, or a choice like ``A/B`` that the
line-up fills. Home letters are A–D, away letters X, Y, Z, W (the ITTF convention of
A, B, C against X, Y, Z). Presets:

* ``ittf`` — the ITTF five-match tie with three players (table-tennis rules summary §5):
  A–X, B–Y, C+A/B – Z+X/Y (doubles), A/B–Z, C–X/Y.
* ``five_singles`` — three singles players (table-tennis plan 6 §7(3)): A–Y, B–X, C–Z, A–X, B–Y.

A tie needs an odd number of rubbers so that one team always wins the majority.
"""

from __future__ import annotations

import itertools
import re
from typing import Any

import attrs

from podium.api import N_, PodiumError, Problem
from podium.plugins.table_tennis.scores import normalise

HOME_LETTERS = "ABCD"
AWAY_LETTERS = "XYZW"
ALPHABETS = (HOME_LETTERS, AWAY_LETTERS)

PRESETS = {
    "ittf": "A-X, B-Y, C+A/B-Z+X/Y, A/B-Z, C-X/Y",  # table-tennis rules summary §5
    "five_singles": "A-Y, B-X, C-Z, A-X, B-Y",  # table-tennis plan 6 §7(3)
}
"""Named tie orders, usable as ``tie = "<name>"``."""

Slot = tuple[str, ...]
"""The letters that may fill one place of a rubber (one letter when the order fixes the player)."""


@attrs.frozen
class RubberSpec:
    """One rubber as the order defines it: the slots of the home side (A–D) and of the away side (X–W)."""

    home: tuple[Slot, ...]
    away: tuple[Slot, ...]

    @property
    def doubles(self) -> bool:
        return len(self.home) == 2

    def slots(self, alphabet: int) -> tuple[Slot, ...]:
        """The slots of the side that uses ``ALPHABETS[alphabet]``."""
        return self.home if alphabet == 0 else self.away

    def label(self) -> str:
        """``C+A/B–Z+X/Y``."""
        def side(slots: tuple[Slot, ...]) -> str:
            return "+".join("/".join(slot) for slot in slots)

        return f"{side(self.home)}–{side(self.away)}"


@attrs.frozen
class TieFormat:
    """The order of rubbers of a tie."""

    name: str
    order: tuple[RubberSpec, ...]

    @property
    def majority(self) -> int:
        """Rubbers a team needs to win the tie."""
        return len(self.order) // 2 + 1

    def letters(self, alphabet: int) -> str:
        """The line-up letters of one side, in order (``ABC``)."""
        used = {letter for rubber in self.order for slot in rubber.slots(alphabet) for letter in slot}
        return "".join(letter for letter in ALPHABETS[alphabet] if letter in used)

    @property
    def lineup_size(self) -> int:
        """Players the larger line-up needs."""
        return max(len(self.letters(0)), len(self.letters(1)))

    def label(self) -> str:
        return ", ".join(rubber.label() for rubber in self.order)


def tie_format(value: str) -> TieFormat:
    """The tie format named ``value`` (a preset) or written out in ``value``; :class:`PodiumError` if invalid."""
    if value in PRESETS:
        return attrs.evolve(parse_order(PRESETS[value]), name=value)
    return parse_order(value)


def tie_problem(value: Any) -> Problem | None:
    """Validator of the ``tie`` option: what is wrong with ``value`` (a preset name or an order), or ``None``."""
    try:
        tie_format(value)
    except PodiumError as error:
        return error.problem
    return None


_ENTRIES = re.compile(r"[,，;；、]")


def parse_order(text: str) -> TieFormat:
    """Read an order like ``"A-X, B-Y, C+A/B-Z+X/Y, A/B-Z, C-X/Y"``."""
    entries = [e.strip() for e in _ENTRIES.split(normalise(text)) if e.strip()]
    if not entries:
        raise PodiumError(
            N_("a tie order lists rubbers like \"A-X, B-Y, C-Z\", or names a preset: {presets}"), code="table_tennis.order_invalid", presets=", ".join(PRESETS)
        )
    order = tuple(_rubber_spec(number, entry) for number, entry in enumerate(entries, start=1))
    if len(order) % 2 == 0:
        raise PodiumError(
            N_("the order has {count} rubbers; a tie needs an odd number so that one team wins the majority"), code="table_tennis.order_even", count=len(order)
        )
    tie = TieFormat(name=", ".join(entries), order=order)
    for alphabet in (0, 1):
        used = tie.letters(alphabet)
        if used != ALPHABETS[alphabet][: len(used)]:
            raise PodiumError(
                N_("the order uses the letters {used}; use the first letters in turn ({expected})"), code="table_tennis.order_letters", used=", ".join(used), expected=", ".join(ALPHABETS[alphabet][: len(used)])
            )
    _check_playable(tie)
    return tie


def _check_playable(tie: TieFormat) -> None:
    """Every way the doubles may be chosen must leave each later singles a player (table-tennis rules summary §5 (5)).

    A choice slot of a singles after a doubles excludes that doubles' players, so an
    order like ``A-X, A+B-X+Y, A/B-Z`` could leave rubber 3 with nobody.
    """
    for alphabet in (0, 1):
        possible: dict[frozenset[str], str] = {frozenset(): ""}  # players of the doubles so far → an example pair
        for number, spec in enumerate(tie.order, start=1):
            slots = spec.slots(alphabet)
            if spec.doubles:
                possible = {
                    excluded | set(pair): "+".join(pair)
                    for excluded in possible
                    for pair in assignments(slots, set())
                }
                continue
            for excluded, pair in possible.items():
                if not assignments(slots, set(excluded)):
                    raise PodiumError(
                        N_("rubber {n} ({label}) has nobody left when the doubles is played by {pair}: a player of the doubles plays no later singles where the order gives a choice (table-tennis rules summary §5 (5))"), code="table_tennis.order_nobody_left", n=number, label=spec.label(), pair=pair
                    )


def _rubber_spec(number: int, entry: str) -> RubberSpec:
    compact = re.sub(r"\s+", "", entry.upper())
    parts = compact.split("-")
    if len(parts) != 2 or not all(parts):
        raise PodiumError(
            N_("rubber {n} ('{entry}') is not written like A-X, A/B-Z or C+A/B-Z+X/Y"), code="table_tennis.order_rubber_invalid", n=number, entry=entry
        )
    sides = []
    for alphabet, part in enumerate(parts):
        slots = tuple(tuple(slot.split("/")) for slot in part.split("+"))
        for slot in slots:
            for letter in slot:
                if (len(letter) != 1 or letter not in ALPHABETS[alphabet]) and alphabet == 0:
                    raise PodiumError(
                        N_("rubber {n} ('{entry}'): '{letter}' is not a letter of the home side ({valid})"),
                        code="table_tennis.order_home_letter", n=number, entry=entry, letter=letter, valid=", ".join(ALPHABETS[alphabet]),
                    )
                if len(letter) != 1 or letter not in ALPHABETS[alphabet]:
                    raise PodiumError(
                        N_("rubber {n} ('{entry}'): '{letter}' is not a letter of the away side ({valid})"),
                        code="table_tennis.order_away_letter", n=number, entry=entry, letter=letter, valid=", ".join(ALPHABETS[alphabet]),
                    )
            if len(set(slot)) != len(slot):
                raise PodiumError(N_("rubber {n} ('{entry}') names a letter twice in one place"), code="table_tennis.order_letter_twice", n=number, entry=entry)
        if len(slots) > 2 or (len(slots) == 2 and len(slots[0]) == len(slots[1]) == 1 and slots[0] == slots[1]):
            raise PodiumError(
                N_("rubber {n} ('{entry}'): a side is one player or a pair of two different players"), code="table_tennis.order_side_invalid", n=number, entry=entry
            )
        sides.append(slots)
    if len(sides[0]) != len(sides[1]):
        raise PodiumError(N_("rubber {n} ('{entry}') puts a single player against a pair"), code="table_tennis.order_single_against_pair", n=number, entry=entry)
    return RubberSpec(home=sides[0], away=sides[1])


def assignments(slots: tuple[Slot, ...], excluded: set[str]) -> list[tuple[str, ...]]:
    """Every way to fill ``slots`` with different players, as letter tuples in alphabet order.

    A choice slot (``A/B``) of a singles after a doubles cannot take a player of that
    doubles (table-tennis rules summary §5 (5)); a fixed slot (``C``) always takes its player.
    """
    candidates = [[letter for letter in slot if len(slot) == 1 or letter not in excluded] for slot in slots]
    found: list[tuple[str, ...]] = []
    for combination in itertools.product(*candidates):
        if len(set(combination)) != len(combination):
            continue
        ordered = tuple(sorted(combination, key=lambda letter: (letter not in HOME_LETTERS, ALPHABETS[letter not in HOME_LETTERS].find(letter))))
        if ordered not in found:
            found.append(ordered)
    return found


def spec_example(spec: RubberSpec) -> str:
    """Letters that could play ``spec``, e.g. ``A+C-Y+Z``."""
    sides = []
    for alphabet in (0, 1):
        choice = assignments(spec.slots(alphabet), set())
        sides.append("+".join(choice[0]) if choice else "?")
    return "-".join(sides)
