"""A minimal single-elimination format, only for printing tests (the real knockout formats are built elsewhere).

Seeds take the standard positions of a draw of 2^k lines: order(2) = [1, 2] and
order(2n) = [s, 2n + 1 − s for each s of order(n)], so for 16 lines the seeds read
1 16 8 9 4 13 5 12 2 15 7 10 3 14 6 11 from top to bottom. Seeds beyond the field are byes.
Later rounds take the winners (a bye's opponent wins at once), keeping each slot's source.
"""

from __future__ import annotations

from podium.formats.base import Format
from podium.hookspecs import hookimpl
from podium.i18n import Label
from podium.model.entrants import BYE
from podium.model.matches import Match, Slot

NAMES = {1: "Final", 2: "Semi-finals", 4: "Quarter-finals"}


def seed_order(size: int) -> list[int]:
    order = [1, 2]
    while len(order) < size:
        n = 2 * len(order)
        order = [x for s in order for x in (s, n + 1 - s)]
    return order


class StubKnockout(Format):
    name = "stub_knockout"
    title = Label("淘汰赛", "Knockout")
    family = "knockout"

    def draw(self, entrants, options, rng):
        ranked = sorted(entrants, key=lambda e: (e.seed is None, e.seed or 0, e.key))
        size = 2
        while size < len(ranked):
            size *= 2
        return {"positions": [ranked[s - 1].key if s <= len(ranked) else BYE for s in seed_order(size)]}

    def matches(self, stage):
        slots = [Slot(key) for key in stage.draw["positions"]]
        matches, r = [], 1
        while len(slots) > 1:
            count = len(slots) // 2
            current = []
            for m in range(count):
                match = Match(key=f"R{r}.{m + 1}", stage=stage.name, round=r, sides=(slots[2 * m], slots[2 * m + 1]),
                              round_name=NAMES.get(count), decisive=True)
                current.append(match)
            matches += current
            slots = [Slot(self._winner(m, stage), source=("winner", m.key)) for m in current]
            r += 1
        return matches

    @staticmethod
    def _winner(match, stage):
        a, b = match.entrants
        if BYE in (a, b):
            return b if a == BYE else a
        outcome = stage.outcomes.get(match.key)
        return None if outcome is None or outcome.winner is None else match.entrants[outcome.winner]


@hookimpl
def podium_formats():
    return [StubKnockout()]
