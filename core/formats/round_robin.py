"""Round robin (大循环): everyone meets everyone, once or twice.

Pairings follow the Berger tables (:mod:`podium.formats.berger`; FIDE C.05 Annex 1,
CXA 2011 Appendix 1); the side listed first plays first (CXA 2011 §12.1). A double
round robin repeats the table with sides reversed (CXA 2011 §10.1 allows two games
per pairing; the reversal is the common practice, the seed is silent). On an odd
field the entrant drawn against the extra number sits out that round; a
round-robin bye scores nothing (CXA 2011 §14.4 is silent; see docs/formats.md).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from podium.formats.base import Format, StageEntrant, StageView
from podium.formats.berger import berger_rounds
from podium.i18n import Label
from podium.matches import Match, Slot
from podium.options import Option


def number_entrants(entrants: Sequence[StageEntrant], method: str, rng: random.Random) -> list[str]:
    """Order entrants for a table: by lot, by seed (unseeded drawn after them) or as listed."""
    keys = [e.key for e in entrants]
    if method == "list":
        return keys
    if method == "seeds":
        seeded = sorted((e for e in entrants if e.seed is not None), key=lambda e: e.seed)  # type: ignore[arg-type, return-value]
        rest = [e.key for e in entrants if e.seed is None]
        rng.shuffle(rest)
        return [e.key for e in seeded] + rest
    rng.shuffle(keys)
    return keys


def round_robin_matches(
    order: Sequence[str], stage: str, *, cycles: int = 1, prefix: str = "", group: str | None = None
) -> list[Match]:
    """The matches of a round robin among ``order`` (Berger numbers 1..n in that order)."""
    rounds = berger_rounds(len(order))
    matches = []
    for cycle in range(cycles):
        for index, pairings in enumerate(rounds):
            round_number = cycle * len(rounds) + index + 1
            board = 0
            for first, second in pairings:
                if first > len(order) or second > len(order):
                    continue  # paired with the bye number: sits out this round
                board += 1
                a, b = order[first - 1], order[second - 1]
                if cycle % 2:
                    a, b = b, a
                matches.append(
                    Match(
                        key=f"{prefix}R{round_number}.{board}",
                        stage=stage,
                        round=round_number,
                        sides=(Slot(a), Slot(b)),
                        group=group,
                    )
                )
    return matches


class RoundRobin(Format):
    """Single or double round robin on the Berger tables."""

    name = "round_robin"
    title = Label(zh="单循环/双循环", en="Round robin")
    family = "round_robin"
    options = (
        Option("cycles", int, 1, "1 = single, 2 = double round robin (second cycle with sides reversed)", choices=(1, 2)),
        Option(
            "numbers",
            str,
            "lots",
            "How table numbers are given: by lot, by seed (unseeded drawn after), or in list order",
            choices=("lots", "seeds", "list"),
        ),
    )

    def draw(self, entrants: Sequence[StageEntrant], options: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
        return {"order": number_entrants(entrants, options["numbers"], rng)}

    def matches(self, stage: StageView) -> list[Match]:
        return round_robin_matches(stage.draw["order"], stage.name, cycles=stage.options["cycles"])
