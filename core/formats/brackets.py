"""Bracket arithmetic shared by the knockout formats: sizes, standard seed positions, drawing lines.

Standard seeding (the order used by Challonge, brackets-manager.js "inner–outer",
and the tug-of-war bracket of the tug-of-war and heats rules §1: quarter-finals 1–8, 4–5 | 2–7, 3–6 so
the semi-finals are A–D and B–C): in a bracket of ``P`` lines seed ``s`` meets seed
``P + 1 − s`` in round 1, and the top ``2^k`` seeds are in different sections of
``P / 2^k`` lines, so 1 and 2 can meet only in the final and 1–4 only in the
semi-finals. Byes are the missing seeds ``n + 1 … P``: they fall next to the top
seeds (table-tennis plan 2 §6.4: an odd player out advances
directly).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

T = TypeVar("T")


def bracket_size(entrants: int) -> int:
    """The number of lines of a bracket for ``entrants``: the smallest power of two ≥ entrants (at least 2)."""
    size = 2
    while size < entrants:
        size *= 2
    return size


def seed_order(size: int) -> list[int]:
    """Seed numbers line by line in a bracket of ``size`` lines (a power of two).

    Built by doubling: each seed ``s`` of the half-size order is followed by its
    first-round opponent ``2·half + 1 − s``. ``seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]``.
    """
    if size < 1 or size & (size - 1):
        raise ValueError(f"a bracket has a power-of-two number of lines, not {size}")
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for s in order for seed in (s, total - s)]
    return order


def meeting_round(a: int, b: int) -> int:
    """The round (1 = first) in which the entrants on lines ``a`` and ``b`` (0-based) can first meet."""
    return (a ^ b).bit_length()


def spread(
    slots: list[T | None],
    pool: Sequence[T],
    unit: Callable[[T], Hashable | None],
    rng: random.Random,
) -> list[T | None]:
    """Fill the empty ``slots`` with ``pool`` so that entrants of one unit meet as late as possible.

    Top-down: every section of the bracket is split in two halves, and each unit's
    entrants (largest unit first, entrants already placed counted) are shared out
    between the halves as evenly as the free lines allow; entrants without a unit
    fill what is left at random. So two entrants of a unit sit in different halves,
    three or four in different quarters, wherever the numbers allow (the usual
    "separate associations" rule of draws; compare table-tennis plan 7 §4, where
    entrants of one group meet at the latest in the final).
    """
    result = list(slots)
    members = list(pool)
    rng.shuffle(members)

    def fill(low: int, high: int, placing: list[T]) -> None:
        free = [i for i in range(low, high) if result[i] is None]
        if not placing:
            return
        if len(free) == 1:
            result[free[0]] = placing[0]
            return
        middle = (low + high) // 2
        capacity = [sum(1 for i in free if i < middle), sum(1 for i in free if i >= middle)]
        present = [
            Counter(unit(x) for x in result[low:middle] if x is not None),
            Counter(unit(x) for x in result[middle:high] if x is not None),
        ]
        halves: list[list[T]] = [[], []]
        by_unit: dict[Hashable, list[T]] = {}
        loose: list[T] = []
        for member in placing:
            key = unit(member)
            if key is None:
                loose.append(member)
            else:
                by_unit.setdefault(key, []).append(member)
        for key in sorted(by_unit, key=lambda k: -len(by_unit[k])):
            for member in by_unit[key]:
                side = _choose(capacity, present, key, rng)
                halves[side].append(member)
                capacity[side] -= 1
                present[side][key] += 1
        for member in loose:
            side = 0 if capacity[0] and (not capacity[1] or rng.random() < capacity[0] / sum(capacity)) else 1
            halves[side].append(member)
            capacity[side] -= 1
        fill(low, middle, halves[0])
        fill(middle, high, halves[1])

    fill(0, len(result), members)
    return result


def _choose(capacity: list[int], present: list[Counter[Hashable]], key: Hashable, rng: random.Random) -> int:
    """The half for one more entrant of unit ``key``: free lines, fewer of the unit, more room, then lot."""
    candidates = [side for side in (0, 1) if capacity[side] > 0]
    return min(candidates, key=lambda side: (present[side][key], -capacity[side], rng.random()))


def share_out(
    capacities: Sequence[int],
    placed: Sequence[Sequence[T]],
    pool: Sequence[T],
    unit: Callable[[T], Hashable | None],
    rng: random.Random,
) -> list[list[T]]:
    """Share ``pool`` out among groups of the given ``capacities`` keeping each unit's entrants apart.

    Units with most entrants go first; each entrant joins the group with fewest of its
    unit so far (entrants already ``placed`` counted), then the group with most room
    left, then by lot. Entrants without a unit fill the remaining places by lot.
    """
    groups = [list(g) for g in placed]
    room = [capacity - len(g) for capacity, g in zip(capacities, groups, strict=True)]
    counts = [Counter(unit(x) for x in g) for g in groups]
    members = list(pool)
    rng.shuffle(members)
    by_unit: dict[Hashable, list[T]] = {}
    loose: list[T] = []
    for member in members:
        key = unit(member)
        (loose if key is None else by_unit.setdefault(key, [])).append(member)
    for key in sorted(by_unit, key=lambda k: -len(by_unit[k])):
        for member in by_unit[key]:
            open_groups = [g for g in range(len(groups)) if room[g] > 0]
            target = min(open_groups, key=lambda g: (counts[g][key], -room[g], rng.random()))
            groups[target].append(member)
            room[target] -= 1
            counts[target][key] += 1
    open_places = [g for g in range(len(groups)) for _ in range(room[g])]
    rng.shuffle(open_places)
    for member, target in zip(loose, open_places, strict=True):
        groups[target].append(member)
    return groups
