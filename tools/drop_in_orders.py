"""Measure how early a double-elimination losers bracket can bring back a winners-bracket pairing, for every
combination of drop-in orders, and check the order Podium draws by bracket size (issue 21, item 22).

    python tools/drop_in_orders.py           # print the figures of docs/formats.md ("Drop-in order")
    python tools/drop_in_orders.py --check   # exit 1 if MEASURED_DROP_IN is not the best measured order

A rematch of a winners-bracket pairing is possible in the losers bracket when winners match M (round r) and a
later winners match M' on its way to the final send their losers into the losers bracket: the winner of M may
lose M', and M's loser may win every losers match until the two meet. Their paths meet in one losers match
(the first one both entry points lead to), so that match is the earliest place this rematch can happen. The
figures are read from the matches :class:`DoubleElimination` lays out (each side names the match it comes from),
for full brackets of 4 to 64 lines; a bye removes a winners match and never adds a rematch.
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Sequence

import attrs

from podium.formats.base import StageEntrant, StageView
from podium.formats.double_elimination import (
    DROP_IN_ORDERS,
    MEASURED_DROP_IN,
    DoubleElimination,
    alternating_drop_in,
    drop_in_order,
)

SIZES = (4, 8, 16, 32, 64)


@attrs.frozen
class Figure:
    """How a drop-in order fares in one bracket size."""

    earliest: int
    """The first losers round in which a rematch of a winners-bracket pairing can happen."""
    matches: int
    """Losers matches before the losers final in which one can happen."""
    rounds: int
    """Losers rounds in all (the last is the losers final)."""

    @property
    def rank(self) -> tuple[int, int]:
        """Better first: the latest earliest rematch, then the fewest matches where one can happen."""
        return (-self.earliest, self.matches)


def measure(lines: int, orders: Sequence[str]) -> Figure:
    """The figure of a full bracket of ``lines`` lines laid out with the drop-in ``orders``."""
    fmt = DoubleElimination()
    people = tuple(StageEntrant(key=f"e{number}") for number in range(1, lines + 1))
    stage = StageView(
        name="main", options={o.name: o.default for o in fmt.options}, entrants=people,
        draw={"lines": [e.key for e in people], "drop_in": list(orders)},
    )
    parent: dict[str, str] = {}  # losers match -> the losers match its winner plays next
    entry: dict[str, str] = {}  # winners match -> the losers match its loser drops into
    for match in fmt.matches(stage):
        if not match.key.startswith("L"):
            continue
        for side in match.sides:
            kind, source = side.source  # type: ignore[misc]
            (entry if kind == "loser" else parent)[source] = match.key

    def path(key: str) -> list[str]:
        route = [key]
        while route[-1] in parent:
            route.append(parent[route[-1]])
        return route

    def losers_round(key: str) -> int:
        return int(key[1:].split(".")[0])

    rounds = 2 * (lines.bit_length() - 2)
    meetings: set[str] = set()
    for key in entry:
        number, index = (int(part) for part in key[1:].split("."))
        for later in range(number + 1, lines.bit_length()):
            descendant = f"W{later}.{(index - 1) // 2 ** (later - number) + 1}"
            reach = set(path(entry[descendant]))
            meetings.add(next(step for step in path(entry[key]) if step in reach))
    earliest = min(losers_round(key) for key in meetings)
    return Figure(earliest, sum(1 for key in meetings if losers_round(key) < rounds), rounds)


def best(lines: int) -> tuple[tuple[str, ...], Figure]:
    """The best combination of drop-in orders for ``lines`` lines; among equals the alternating order of older
    draws, then the first in :data:`DROP_IN_ORDERS` order (``straight`` first)."""
    drops = lines.bit_length() - 2
    legacy = alternating_drop_in(lines)
    combos = sorted(itertools.product(DROP_IN_ORDERS, repeat=drops), key=lambda combo: combo != legacy)
    figures = {combo: measure(lines, combo) for combo in combos}
    chosen = min(combos, key=lambda combo: figures[combo].rank)
    return chosen, figures[chosen]


def report() -> tuple[list[str], bool]:
    """The table printed, and whether MEASURED_DROP_IN holds the best orders."""
    lines_out = [
        "| lines | losers rounds | alternating (older draws) | one order throughout: straight / reversed / half_swapped / "
        "halves_reversed / pairs_swapped | best | order drawn (winners rounds 2, 3, …) |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    agrees = True
    for lines in SIZES:
        drops = lines.bit_length() - 2
        legacy = measure(lines, alternating_drop_in(lines))
        uniform = [measure(lines, (name,) * drops) for name in DROP_IN_ORDERS]
        chosen, figure = best(lines)
        agrees &= MEASURED_DROP_IN.get(lines) == chosen == drop_in_order(lines)
        lines_out.append(
            f"| {lines} | {figure.rounds} | {legacy.earliest} ({legacy.matches}) | "
            + " / ".join(f"{f.earliest} ({f.matches})" for f in uniform)
            + f" | {figure.earliest} ({figure.matches}) | {', '.join(chosen)} |"
        )
    beyond = 128
    lines_out.append(
        f"\nBeyond 64 lines (not searched): {beyond} lines with {', '.join(drop_in_order(beyond))}: "
        f"{measure(beyond, drop_in_order(beyond)).earliest}; alternating: {measure(beyond, alternating_drop_in(beyond)).earliest}."
    )
    return lines_out, agrees


def main(argv: Sequence[str]) -> int:
    table, agrees = report()
    print("Earliest losers round in which a rematch can happen (losers matches before the final where one can):")
    print("\n".join(table))
    if not agrees:
        print("MEASURED_DROP_IN differs from the best measured orders.", file=sys.stderr)
        return 1 if "--check" in argv else 0
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
