"""Heats, semi-finals and a final with qualification by place (Q) and by time (q), lanes seeded by the rule.

The rounds of a track race (World Athletics TR 20, 21; the Chinese Athletics Association
rules carry the same numbers):

- **First round** (TR 20.3): entrants are ranked by their entry marks (seed numbers; the
  unseeded follow by lot, the members of each unit together so that the zigzag spreads them)
  and dealt into heats in zigzag order — three heats take 1 2 3, then 3 2 1, then 1 2 3 … —
  keeping the members of one unit in different heats as far as the seeding allows (within each
  pass of the zigzag, two entrants swap heats when that separates a unit). Lanes (or start
  positions) in the first round are drawn by lot.
- **Qualification** (TR 20.8): the first ``Q`` of each heat go on by place, then the ``q``
  fastest of the others across the heats by time. Equal marks are first separated by their
  countback values (a photo-finish time to 1/1000 s, TR 21); a tie that remains for the last
  qualifying place puts everyone tied through when the next round has a free lane, else lots
  are drawn (TR 21), from the seed recorded with the draw. When a tie for a place by ``Q``
  fills a lane of the next round, one fewer goes on by time.
- **Later rounds** (TR 20.3): the qualifiers are ranked — the heat winners first, fastest
  first, then the second places, … then those through by time, fastest first — and dealt into
  the heats in zigzag order; in each heat the lanes are drawn in ranking groups (TR 20.4): the
  best four draw lanes 3–6, the next two lanes 7–8, the last two lanes 1–2 (on eight lanes;
  on other tracks the middle lanes from lane 3 go first, then the outer lanes, then lanes 1–2).
- A round of one heat is the final. Without ``qualify`` the heats lead to one final that fills
  the lanes (semi-finals first when there are more heats than lanes); ``qualify = [[3, 4], [2, 2]]``
  runs heats → semi-finals → final.

Races not run in lanes (``in_lanes = false``: 1500 m and longer, a waterfall start) have heats of
``heat_size`` with start positions by lot in every round. The stage ranks the finalists by the
final, then those who went out in each earlier round by their marks there.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from podium.errors import Problem, StateError, Target, problem
from podium.formats.base import StageEntrant
from podium.formats.measured import (
    THROUGH,
    Heat,
    Lane,
    MeasuredFormat,
    MeasuredView,
    StageRanking,
    all_complete,
    heat_marks,
    layered_ranking,
    round_rng,
)
from podium.i18n import N_, Label
from podium.model.options import Option

if TYPE_CHECKING:
    from podium.measure.marks import Mark
    from podium.measure.ranking import Ranking

FIRST_GROUP = 4
"""Entrants who draw the middle lanes from lane 3 after the first round (TR 20.4: the best four, lanes 3–6)."""
INSIDE_LANES = 2
"""Lanes 1 and 2 go to the lowest ranked after the first round (TR 20.4)."""


def lane_groups(lanes: int) -> list[list[int]]:
    """The groups of lanes drawn in ranking order after the first round (TR 20.4): on 8 lanes
    ``[[3, 4, 5, 6], [7, 8], [1, 2]]``; on 9 lanes ``[[3, 4, 5, 6], [7, 8, 9], [1, 2]]``; on 6 lanes
    ``[[3, 4, 5, 6], [1, 2]]``. Groups without lanes are left out."""
    middle = list(range(INSIDE_LANES + 1, min(INSIDE_LANES + FIRST_GROUP, lanes) + 1))
    outer = list(range(INSIDE_LANES + FIRST_GROUP + 1, lanes + 1))
    inside = list(range(1, min(INSIDE_LANES, lanes) + 1))
    return [group for group in (middle, outer, inside) if group]


def draw_lanes(ranked: Sequence[str], lanes: int, rng: random.Random) -> list[tuple[int, str]]:
    """Lanes for ``ranked`` (best first) drawn in ranking groups (TR 20.4): the first of them draw among
    the first group's lanes, and so on; a group with more lanes than entrants leaves lanes empty."""
    placed: list[tuple[int, str]] = []
    rest = list(ranked)
    for group in lane_groups(lanes):
        if not rest:
            break
        taking, rest = rest[: len(group)], rest[len(group) :]
        chosen = rng.sample(group, len(taking))
        placed += list(zip(chosen, taking, strict=True))
    return sorted(placed)


def zigzag(ranked: Sequence[str], heats: int, units: Mapping[str, str | None] | None = None) -> list[list[str]]:
    """``ranked`` (best first) dealt into ``heats`` in zigzag order (TR 20.3): 1 2 3, 3 2 1, 1 2 3 …

    With ``units``, entrants of one unit are kept in different heats as far as the seeding allows:
    within one pass of the zigzag (each heat receives one entrant per pass) an entrant whose heat
    already holds a member of its unit swaps heats with the nearest entrant of the same pass (by
    seeding) with whom neither then meets a member of their own unit.
    """
    parts: list[list[str]] = [[] for _ in range(heats)]
    for start in range(0, len(ranked), heats):
        chunk = list(ranked[start : start + heats])
        lap = start // heats
        order = list(range(heats)) if lap % 2 == 0 else list(range(heats - 1, -1, -1))
        targets = order[: len(chunk)]
        if units is not None:
            _separate(chunk, targets, parts, units)
        for key, heat in zip(chunk, targets, strict=True):
            parts[heat].append(key)
    return parts


def _separate(chunk: list[str], targets: list[int], parts: list[list[str]], units: Mapping[str, str | None]) -> None:
    """Swap heats within one pass so that fewer entrants meet a member of their own unit."""

    def clash(key: str, heat: int) -> bool:
        unit = units.get(key)
        return unit is not None and any(units.get(other) == unit for other in parts[heat])

    for i in range(len(chunk)):
        if not clash(chunk[i], targets[i]):
            continue
        for j in sorted((j for j in range(len(chunk)) if j != i), key=lambda j: (abs(j - i), j)):
            if not clash(chunk[i], targets[j]) and not clash(chunk[j], targets[i]):
                targets[i], targets[j] = targets[j], targets[i]
                break


def _by_lot(keys: Sequence[str], units: Mapping[str, str | None] | None, rng: random.Random) -> list[str]:
    """Entrants without entry marks in an order drawn by lot; to keep units apart, the members of each unit
    follow each other (the units in an order by lot, larger first), so the zigzag deals them over the heats."""
    order = list(keys)
    rng.shuffle(order)
    if units is None:
        return order
    groups: dict[str | None, list[str]] = {}
    for key in order:
        groups.setdefault(units.get(key), []).append(key)
    return [key for members in sorted(groups.values(), key=len, reverse=True) for key in members]


def _lots(seed: int, round_number: int) -> random.Random:
    """The generator of the lots drawn for ties at the cut after round ``round_number``."""
    return random.Random(f"{seed}:lots:{round_number}")


class QualifyingRounds(MeasuredFormat):
    """Heats → (semi-finals →) final; Q by place and q by time; lanes by lot, then by ranking groups."""

    name = "qualifying"
    lane_option = "lanes"
    title = Label(zh="预赛、半决赛、决赛（名次Q、成绩q录取）", en="Heats, semi-finals and final (Q by place, q by time)")
    options = (
        Option("lanes", int, 8, N_("Lanes of the track: the most runners in a heat run in lanes (default: the venue's lanes)"),
               minimum=1, maximum=20, source="World Athletics TR 20.4"),
        Option("in_lanes", bool, True, N_("Races run in lanes; false for a common start (1500 m and longer): heats of heat_size"),
               source="World Athletics TR 17"),
        Option("heat_size", int, 12, N_("Runners per heat of a race not run in lanes"), minimum=2, maximum=60),
        Option("qualify", list, [],
               N_("For each round after the first: [Q by place from each heat, q fastest of the others], e.g. [[3, 2]] "
               "or [[3, 4], [2, 2]]; empty: the heats lead to one final that fills the lanes"),
               source="World Athletics TR 20.8"),
        Option("seeding", str, "marks", N_("First round: heats by entry marks (seed numbers) in zigzag order, or by lot"),
               choices=("marks", "lots"), source="World Athletics TR 20.3"),
        Option("separate_units", bool, True, N_("Keep members of one unit in different heats as far as the seeding allows"),
               source="World Athletics TR 20.3"),
        Option("lane_draw", str, "ranked",
               N_("Lanes after the first round: by ranking groups (best four lanes 3–6, next two 7–8, last two 1–2) or by lot"),
               choices=("ranked", "lots"), source="World Athletics TR 20.4"),
        Option("tie_at_cut", str, "extra_place",
               N_("A tie for the last qualifying place that countback does not separate: everyone tied goes on when the next "
               "round has a free lane, else lots are drawn; or lots always"),
               choices=("extra_place", "lots"), source="World Athletics TR 21"),
        THROUGH,
    )

    def problems(self, options: Mapping[str, Any]) -> list[Problem]:
        qualify = options["qualify"]
        good = all(
            isinstance(pair, list) and len(pair) == 2
            and all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in pair) and sum(pair) > 0
            for pair in qualify
        )
        if not good:
            return [
                problem(
                    N_("qualify must be a list of [Q, q] pairs of whole numbers, one per round after the first, like [[3, 2]]"),
                    code="config.qualify_invalid",
                )
            ]
        return []

    # -- the plan of rounds ------------------------------------------------------------------------------

    def capacity(self, options: Mapping[str, Any]) -> int:
        """The most entrants in one heat: the lanes, or ``heat_size`` for a race not run in lanes."""
        return options["lanes"] if options["in_lanes"] else options["heat_size"]

    def plan(self, entrants: int, options: Mapping[str, Any]) -> list[dict[str, int]]:
        """The rounds for ``entrants``: each with its heats and how many go on by place (``Q``) and time (``q``).

        Raises :class:`~podium.errors.StateError` when the rounds of ``qualify`` cannot hold the field.
        """
        cap = self.capacity(options)
        qualify = [tuple(pair) for pair in options["qualify"]]
        rounds: list[dict[str, int]] = []
        size = entrants
        while True:
            heats = math.ceil(size / cap)
            if heats <= 1:
                rounds.append({"size": size, "heats": 1, "Q": 0, "q": 0})
                return rounds
            number = len(rounds)
            if options["qualify"]:
                if number >= len(qualify):
                    raise StateError(
                        N_("{count} entrants need {heats} heats in round {number}, and qualify has no rule for the round "
                           "after it; add a round like qualify = {example}."),
                        code="draw.qualify_rounds_missing", target=Target(option="qualify"),
                        count=size, heats=heats, number=number + 1, example=_example(qualify, heats, cap),
                    )
                places, times = qualify[number]
            else:
                places, times = _auto(heats, cap)
            going = places * heats + times
            if going >= size:
                raise StateError(
                    N_("In round {number}, {places} by place from each of {heats} heats and {times} by time would take all "
                       "{count} entrants on; qualify fewer."),
                    code="draw.qualify_takes_all", target=Target(option="qualify"),
                    number=number + 1, places=places, heats=heats, times=times, count=size,
                )
            rounds.append({"size": size, "heats": heats, "Q": places, "q": times})
            size = going

    def round_names(self, plan: Sequence[Mapping[str, int]]) -> list[str]:
        """``heats``, ``round2`` …, ``semi``, ``final``: a single round is the final."""
        last = len(plan) - 1
        names = []
        for index in range(len(plan)):
            if index == last:
                names.append("final")
            elif index == 0:
                names.append("heats")
            elif index == last - 1:
                names.append("semi")
            else:
                names.append(f"round{index + 1}")
        return names

    # -- the draw and the rounds -----------------------------------------------------------------------

    def draw(self, entrants: Sequence[StageEntrant], options: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
        plan = self.plan(len(entrants), options)
        units = {e.key: e.unit for e in entrants} if options["separate_units"] else None
        marks = options["seeding"] == "marks"
        seeded = sorted((e for e in entrants if marks and e.seed is not None), key=lambda e: (e.seed, e.key))
        ranked = [e.key for e in seeded] + _by_lot([e.key for e in entrants if e not in seeded], units, rng)
        parts = zigzag(ranked, plan[0]["heats"], units)
        heats = []
        for part in parts:
            order = list(part)
            rng.shuffle(order)  # the first round's lanes (or start positions) by lot
            heats.append([[lane, key] for lane, key in self._places(order, options, rng)])
        return {"seed": rng.randrange(2**31), "plan": plan, "heats": heats}

    def _places(self, ranked: Sequence[str], options: Mapping[str, Any], rng: random.Random) -> list[tuple[int, str]]:
        """Lanes by ranking groups (TR 20.4), or start positions 1, 2, … in the order given for a race not in lanes."""
        if options["in_lanes"]:
            return draw_lanes(ranked, options["lanes"], rng)
        return list(enumerate(ranked, start=1))

    def heats(self, view: MeasuredView) -> list[Heat]:
        plan = view.draw["plan"]
        names = self.round_names(plan)
        heats = _round_heats(view.name, 1, names[0], [[(lane, key) for lane, key in part] for part in view.draw["heats"]])
        for number in range(2, len(plan) + 1):
            earlier = [h for h in heats if h.round == number - 1]
            if not all_complete(view, earlier):
                break
            going = self.qualifiers(view, earlier, number - 1)
            if not going:
                break
            ranked = [key for key, _how in going]
            units = {e.key: e.unit for e in view.entrants} if view.options["separate_units"] else None
            count = min(plan[number - 1]["heats"], math.ceil(len(ranked) / self.capacity(view.options)))
            rng = round_rng(view.draw["seed"], number)
            parts = []
            for part in zigzag(ranked, max(1, count), units):
                if view.options["lane_draw"] == "lots" or not view.options["in_lanes"]:
                    part = list(part)
                    rng.shuffle(part)
                parts.append(self._places(part, view.options, rng))
            heats += _round_heats(view.name, number, names[number - 1], parts)
        return heats

    def expected(self, view: MeasuredView, heats: Sequence[Heat]) -> list[Heat]:
        """The heats of the rounds not laid out yet, as many as the plan has."""
        plan = view.draw["plan"]
        names = self.round_names(plan)
        reached = max((h.round for h in heats), default=0)
        return [
            heat
            for number in range(reached + 1, len(plan) + 1)
            for heat in _round_heats(view.name, number, names[number - 1], [[] for _ in range(plan[number - 1]["heats"])])
        ]

    # -- qualification ---------------------------------------------------------------------------------

    def qualifiers(self, view: MeasuredView, heats: Sequence[Heat], number: int) -> list[tuple[str, str]]:
        """Who goes on from round ``number`` and how (``Q`` or ``q``), in the ranking order that seeds the next
        round (TR 20.3): heat winners fastest first, then second places …, then those through by time."""
        from podium.measure.ranking import rank_marks, settle

        plan = view.draw["plan"]
        places, times = plan[number - 1]["Q"], plan[number - 1]["q"]
        recorded = view.finish_orders.get(number, ())  # the finish judges' order of runners tied in a heat (TR 19)
        room = plan[number]["heats"] * self.capacity(view.options)
        extra = view.options["tie_at_cut"] == "extra_place"
        lots = _lots(view.draw["seed"], number)
        rankings = [settle(rank_marks(list(heat_marks(view, [heat]).values())), recorded) for heat in heats]
        chosen = [ranking.within(places) for ranking in rankings]
        if not extra or sum(len(c) for c in chosen) > room:
            chosen = [_draw_for(r, c, places, lots) if len(c) > places else c for r, c in zip(rankings, chosen, strict=True)]
        by_place = [
            (ranking.placing(key).place or 0, ranking.placing(key).mark)
            for ranking, keys in zip(rankings, chosen, strict=True) for key in keys
        ]
        taken = {m.entrant for _place, m in by_place}
        times = min(times, max(0, room - len(taken)))  # a tie by place that fills a lane: one fewer by time
        ranking = rank_marks([m for k, m in heat_marks(view, heats).items() if k not in taken])
        by_time = ranking.within(times)
        if len(by_time) > times and (not extra or len(taken) + len(by_time) > room):
            by_time = _draw_for(ranking, by_time, times, lots)
        ordered = sorted(by_place, key=lambda item: (item[0], item[1].key, item[1].countback, item[1].entrant))
        timed = [(0, p.mark) for p in ranking.placings if p.entrant in set(by_time)]
        return [(k, "Q") for k in _settle(ordered, lots)] + [(k, "q") for k in _settle(timed, lots)]

    def progress(self, view: MeasuredView, heats: Sequence[Heat]) -> Mapping[str, Mapping[str, str]]:
        """``Q`` and ``q`` of every round whose qualifiers are known."""
        plan = view.draw["plan"]
        found: dict[str, dict[str, str]] = {}
        for number in range(1, len(plan)):
            earlier = [h for h in heats if h.round == number]
            if not all_complete(view, earlier):
                break
            how = dict(self.qualifiers(view, earlier, number))
            for heat in earlier:
                found[heat.key] = {k: how[k] for k in heat.entrants if k in how}
        return found

    def ranking(self, view: MeasuredView, heats: Sequence[Heat]) -> StageRanking:
        deepest = max((h.round for h in heats), default=1)
        reached: dict[str, int] = {}
        for heat in heats:
            for key in heat.entrants:
                reached[key] = max(reached.get(key, 0), heat.round)
        levels = []
        for number in range(deepest, 0, -1):
            marks = heat_marks(view, [h for h in heats if h.round == number])
            size = sum(1 for r in reached.values() if r == number)
            levels.append((size, {k: m for k, m in marks.items() if reached[k] == number}))
        return layered_ranking(levels, reached, view.sudden_death)


def _auto(heats: int, cap: int) -> tuple[int, int]:
    """Q and q that fill the next round: one final of ``cap`` lanes, or as many semi-finals as needed; at
    least two go on by time when three or more would go on by place alone."""
    size = cap if heats <= cap else cap * math.ceil(heats / cap)
    places = size // heats
    if size - places * heats == 0 and places >= 3:
        places -= 1
    return places, size - places * heats


def _example(qualify: Sequence[tuple[int, int]], heats: int, cap: int) -> str:
    """A ``qualify`` value that adds the missing round (for a message)."""
    places, times = _auto(heats, cap)
    return str([list(pair) for pair in qualify] + [[places, times]]).replace("'", "")


def _draw_for(ranking: Ranking, chosen: Sequence[str], wanted: int, lots: random.Random) -> list[str]:
    """``wanted`` of ``chosen``: everyone placed above the tie at the cut, the rest of the places by lot among
    those tied at it (TR 21)."""
    last = max(ranking.placing(k).place or 0 for k in chosen)
    sure = [k for k in chosen if (ranking.placing(k).place or 0) < last]
    tied = sorted(k for k in chosen if (ranking.placing(k).place or 0) == last)
    lots.shuffle(tied)
    return sure + tied[: max(0, wanted - len(sure))]


def _settle(items: Sequence[tuple[int, Mark]], lots: random.Random) -> list[str]:
    """Entrants in seeding order: by place, then mark (and its countback); entrants still equal are
    ordered by lot (TR 20.3)."""
    result: list[str] = []
    index = 0
    while index < len(items):
        place, first = items[index]
        group = [m.entrant for p, m in items[index:] if (p, m.key, m.countback) == (place, first.key, first.countback)]
        if len(group) > 1:
            group = sorted(group)
            lots.shuffle(group)
        result += group
        index += len(group)
    return result


def _round_heats(stage: str, number: int, name: str, parts: Sequence[Sequence[tuple[int, str]]]) -> list[Heat]:
    return [
        Heat(f"R{number}.{index}", stage, number, name, tuple(Lane(lane, key) for lane, key in part), session=index)
        for index, part in enumerate(parts, start=1)
    ]
