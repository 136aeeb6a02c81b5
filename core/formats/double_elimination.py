"""Double elimination (双败淘汰制): out after two defeats; winners and losers brackets, then a grand final.

CXA 2011 §10.4 (and CXA 1999 §11.1) names double elimination without its tables
(Appendix 3 is missing from the copy of the rules Podium follows), so Podium lays it out
as brackets-manager.js and Challonge do, with its own drop-in order:

- the winners bracket is a knockout with standard seeding and byes to the top seeds;
- the losers bracket starts with the losers of winners round 1 paired in order;
  then it alternates a round where the losers of the next winners round drop in
  and a round among its own survivors;
- the order in which the losers of a winners round drop in (:data:`DROP_IN_ORDERS`) is
  chosen per bracket size to put off a rematch of a winners-bracket pairing for as long
  as it can be (:func:`drop_in_order`, measured by ``tools/drop_in_orders.py``); the draw
  records it, and a draw recorded without it keeps the order it was made with
  (:func:`alternating_drop_in`);
- the grand final pits the winners-bracket winner against the losers-bracket
  winner; with ``reset`` (default) a second final is played when the
  losers-bracket winner wins the first, since only then has everyone lost twice.

Places: 1 and 2 from the final, 3 for the losers-bracket final's loser, then the
losers of each earlier losers round share the next places.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from podium.formats.base import Format, Qualification, StageEntrant, StageView, Table, cut_rows
from podium.formats.knockout import (
    BracketBuilder,
    Feed,
    draw_lines,
    lines_from_paper,
    next_entrants,
    seeding_options,
)
from podium.i18n import Label
from podium.model.entrants import BYE
from podium.model.matches import Match, Slot
from podium.model.options import Option

if TYPE_CHECKING:
    from podium.standings.table import Standings


T = TypeVar("T")


def _half(items: Sequence[T]) -> int:
    return len(items) // 2


DROP_IN_ORDERS: dict[str, Callable[[Sequence[T]], list[T]]] = {
    "straight": lambda items: list(items),
    "reversed": lambda items: list(reversed(items)),
    "half_swapped": lambda items: [*items[_half(items):], *items[:_half(items)]],
    "halves_reversed": lambda items: [*reversed(items[:_half(items)]), *reversed(items[_half(items):])],
    "pairs_swapped": lambda items: [items[min(index ^ 1, len(items) - 1)] for index in range(len(items))],
}
"""Orders in which the losers of a winners round meet the losers-bracket survivors, the first survivor
meeting the first loser in the order: as they lost (``straight``), ``reversed``, the second half first
(``half_swapped``), each half reversed (``halves_reversed``), or each pair of neighbours swapped
(``pairs_swapped``)."""

MEASURED_DROP_IN: dict[int, tuple[str, ...]] = {
    4: ("reversed",),
    8: ("reversed", "straight"),
    16: ("reversed", "straight", "reversed"),
    32: ("reversed", "half_swapped", "straight", "straight"),
    64: ("reversed", "half_swapped", "halves_reversed", "straight", "straight"),
}
"""The drop-in order of winners rounds 2, 3, … by bracket lines: of every combination of
:data:`DROP_IN_ORDERS`, the one whose earliest possible rematch of a winners-bracket pairing comes
latest, then with the fewest losers-bracket matches where one can happen before the losers final
(among equals the alternating order of older draws, then ``straight`` before the others). ``tools/drop_in_orders.py`` measures them;
docs/formats.md has the figures."""


def alternating_drop_in(lines: int) -> tuple[str, ...]:
    """The drop-in order of draws recorded without one: reversed after even winners rounds, in order after
    odd ones (as Podium did before it measured; as good as the measured order up to 16 lines)."""
    return tuple("straight" if number % 2 else "reversed" for number in range(2, lines.bit_length()))


def drop_in_order(lines: int) -> tuple[str, ...]:
    """The drop-in order a new draw of ``lines`` bracket lines records: the measured one up to 64 lines;
    beyond, reversed and half-swapped in turn (at 128 lines a rematch can then first come in losers round 6,
    against round 4 with the alternating order)."""
    if lines in MEASURED_DROP_IN:
        return MEASURED_DROP_IN[lines]
    return tuple("reversed" if number % 2 == 0 else "half_swapped" for number in range(lines.bit_length() - 2))


class DoubleElimination(Format):
    """Winners and losers brackets, grand final with optional reset."""

    name = "double_elimination"
    title = Label(zh="双败淘汰", en="Double elimination")
    family = "knockout"
    options = (
        *seeding_options(),
        Option("reset", bool, True, "Play a second final when the losers-bracket winner wins the first (grand final reset)"),
        Option("advance", int, None, "How many go through to the next stage by place (default: everyone placed)", nullable=True, minimum=1),
    )

    def draw(self, entrants: Sequence[StageEntrant], options: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
        lines = draw_lines(entrants, options, rng)
        return {"lines": lines, "drop_in": list(drop_in_order(len(lines)))}

    def place(self, entrants: Sequence[StageEntrant], positions: Mapping[str, str], options: Mapping[str, Any]) -> dict[str, Any]:
        lines = lines_from_paper(entrants, positions)
        return {"lines": lines, "drop_in": list(drop_in_order(len(lines)))}

    def same_draw(self, made: Mapping[str, Any], recorded: Any) -> bool:
        """A draw recorded before draws recorded their drop-in order is the same draw when its lines are."""
        if isinstance(recorded, Mapping) and "drop_in" not in recorded:
            return dict(recorded) == {key: value for key, value in made.items() if key != "drop_in"}
        return super().same_draw(made, recorded)

    def _build(self, stage: StageView) -> BracketBuilder:
        builder = BracketBuilder(stage)
        current = [Feed(Slot(key), key == BYE) for key in stage.draw["lines"]]
        rounds = len(current).bit_length() - 1
        dropped: list[list[Feed]] = []
        for number in range(1, rounds + 1):
            winners, losers = [], []
            name = "winners_final" if number == rounds else "winners"
            for index in range(len(current) // 2):
                won, lost = builder.play(f"W{number}.{index + 1}", (current[2 * index], current[2 * index + 1]), name, 1)
                winners.append(won)
                losers.append(lost)
            dropped.append(losers)
            current = winners
        champion_side = current[0]
        orders = stage.draw.get("drop_in", alternating_drop_in(len(stage.draw["lines"])))
        losers_rounds: list[list[Feed]] = []  # the losers of each losers round, for places
        lb = dropped[0]
        label = 0
        if rounds > 1:
            lb, label = self._lb_round(builder, lb, None, label, rounds, losers_rounds)
            for number in range(2, rounds + 1):
                drop = DROP_IN_ORDERS[orders[number - 2]](dropped[number - 1])
                lb, label = self._lb_round(builder, lb, drop, label, rounds, losers_rounds)
                if number < rounds:
                    lb, label = self._lb_round(builder, lb, None, label, rounds, losers_rounds)
        finalist = lb[0]
        won, lost = builder.play("GF", (champion_side, finalist), "final", 3)
        if stage.options["reset"] and won.slot.known and won.slot.entrant == finalist.slot.entrant and finalist.slot.known:
            won, lost = builder.play("GF2", (won, lost), "final_reset", 3)
        builder.place_all([won], 1)
        builder.place_all([lost], 2)
        place = 3
        for losers in reversed(losers_rounds):
            builder.place_all(losers, place)
            place += len(losers)
        return builder

    @staticmethod
    def _lb_round(
        builder: BracketBuilder,
        survivors: list[Feed],
        drop: list[Feed] | None,
        label: int,
        rounds: int,
        losers_rounds: list[list[Feed]],
    ) -> tuple[list[Feed], int]:
        """One losers-bracket round: survivors against the dropped losers, or survivors paired among themselves."""
        label += 1
        pairs = list(zip(survivors, drop, strict=True)) if drop is not None else list(zip(survivors[::2], survivors[1::2], strict=True))
        last = label == 2 * (rounds - 1)
        winners, losers = [], []
        for index, sides in enumerate(pairs):
            won, lost = builder.play(f"L{label}.{index + 1}", sides, "losers_final" if last else "losers", 2)
            winners.append(won)
            losers.append(lost)
        losers_rounds.append(losers)
        return winners, label

    def matches(self, stage: StageView) -> list[Match]:
        return self._build(stage).matches()

    def tables(self, stage: StageView, matches: Sequence[Match]) -> list[Table]:
        return []

    def placings(self, stage: StageView, matches: Sequence[Match]) -> list[tuple[str, int]]:
        places = self._build(stage).places
        return sorted(places.items(), key=lambda item: (item[1], stage.draw["lines"].index(item[0])))

    def advancing(
        self,
        stage: StageView,
        matches: Sequence[Match],
        tables: Sequence[tuple[Table, Standings]],
        order: Sequence[str] = (),
    ) -> Qualification:
        known = {e.key: e for e in stage.entrants}
        rows = [(k, p) for k, p in self.placings(stage, matches) if k not in stage.withdrawn]
        keys, cut = cut_rows(None, rows, stage.options["advance"], order)
        return Qualification(next_entrants(known, keys), (cut,) if cut else ())
