"""Single elimination (单败淘汰制) for any number of entrants, with play-offs for places.

- Lines and seeds: standard seed positions (:mod:`podium.formats.brackets`); byes
  go to the top seeds (table-tennis plan 2 §6.4); unseeded entrants are drawn into the other
  lines keeping entrants of one unit apart as long as possible.
- Entrants from groups (seeding ``groups``): group winners are the top seeds in
  group order, runners-up go into the half away from their own group winner,
  against the winner of the paired group — the crossover A1–B2, B1–A2, C1–D2,
  D1–C2 of table-tennis plan 7 §4 and the 19-pair round-robin Q&A, so same-group entrants meet at the latest
  in the final (plan 7: semi-finals pair an a/b winner with a c/d winner).
- Fixed pairing maps (``first_round``): the tug-of-war bracket of the tug-of-war and heats rules §1
  (quarter-finals 1–8, 2–7, 3–6, 4–5; semi-finals A–D, B–C) is the standard order.
- Play-offs (CXA 2011 §10.4 附加赛; table-tennis plan 7 §4): a third-place match between the
  semi-final losers; ``1-8`` also plays off places 5–8; ``all`` ranks every place.
- Every match needs a winner (``decisive``): a level match is resolved by the
  sport's play-off chain before the bracket moves on. Byes need no result. A
  withdrawn entrant's opponent advances by walkover; a double forfeit (CXA 2011
  §20.2) sends nobody on, so the next opponent advances.
- Colours are drawn by lot at the table (CXA 2011 §12.4): matches say ``colours = "lots"``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from podium.errors import PodiumError, Problem, StateError, Target, problem
from podium.formats.base import (
    Format,
    Qualification,
    StageEntrant,
    StageView,
    Table,
    cut_rows,
    decided,
    loser_of,
    winner_of,
)
from podium.formats.brackets import bracket_size, meeting_round, seed_order, spread
from podium.i18n import N_, Label
from podium.model.entrants import BYE
from podium.model.matches import Match, Slot
from podium.model.numerals import whole_number
from podium.model.options import Option

if TYPE_CHECKING:
    from podium.standings.table import Standings

SEEDINGS = ("auto", "seeds", "rating", "lots", "list", "groups")
PLAYOFFS = ("none", "1-8", "all")
_BYE = StageEntrant(key=BYE)


def power_of_two(value: int) -> Problem | None:
    """Option check: a power of two (1, 2, 4 …)."""
    if value >= 1 and value & (value - 1) == 0:
        return None
    return problem(N_("it must be a power of two (1, 2, 4, 8 …)"), code="config.not_a_power_of_two")


def pairing_map(value: list[Any]) -> Problem | None:
    """Option check: first-round pairs of draw numbers using 1..2m once each, 2m a power of two."""
    if not value or not all(isinstance(p, list) and len(p) == 2 and all(type(x) is int for x in p) for p in value):
        return problem(N_("it must be a list of number pairs like [[1, 8], [4, 5], [2, 7], [3, 6]]"), code="config.pairing_map_not_pairs")
    numbers = sorted(x for pair in value for x in pair)
    if numbers != list(range(1, len(numbers) + 1)) or power_of_two(len(numbers)):
        return problem(N_("it must use each number from 1 to a power of two exactly once"), code="config.pairing_map_numbers")
    return None


def seeding_options(default_units: bool = True) -> tuple[Option, ...]:
    """The options every bracket format shares: how lines are numbered and whether units are kept apart."""
    return (
        Option(
            "seeding",
            str,
            "auto",
            "How draw numbers are given: auto (groups if the entrants come from groups, else seeds if any, else rating "
            "if any, else lots), seeds, rating, lots, list (registration order) or groups (crossover)",
            choices=SEEDINGS,
        ),
        Option("separate_units", bool, default_units, "Keep entrants of one unit apart as long as possible (drawn lines only)"),
        Option(
            "first_round",
            list,
            None,
            "Fixed first-round pairs of draw numbers in bracket order, e.g. [[1, 8], [4, 5], [2, 7], [3, 6]]",
            nullable=True,
            validator=pairing_map,
            source="tug-of-war and heats rules §1",
        ),
    )


@attrs.frozen
class Feed:
    """What flows into a side of a match: a slot, whether it is a bye whatever the results (from the draw),
    and the round after which it is known (0 for a line of the draw)."""

    slot: Slot
    structural: bool = False
    ready: int = 0


class BracketBuilder:
    """Lays out elimination brackets from a stage's draw and outcomes, recording the places decided."""

    def __init__(self, stage: StageView) -> None:
        self.stage = stage
        self._matches: list[tuple[int, int, int, Match]] = []
        self.places: dict[str, int] = {}

    def play(self, key: str, sides: tuple[Feed, Feed], round_name: str, tier: int) -> tuple[Feed, Feed]:
        """Add one match and return what flows out of it: (winner, loser).

        The match is played in the round after both its sides are known. ``tier``
        orders brackets within a round (1 = the main bracket). Byes of the draw are
        shown only in the main bracket's first round.
        """
        a, b = sides
        round_no = max(a.ready, b.ready) + 1
        if a.structural and b.structural:
            return Feed(Slot(BYE), True), Feed(Slot(BYE), True)
        if (a.structural or b.structural) and not (tier == 1 and round_no == 1):
            # A bye from the draw outside the first round only passes its entrant on: not shown as a match.
            return (b if a.structural else a), Feed(Slot(BYE), True)
        match = Match(
            key=key, stage=self.stage.name, round=round_no, sides=(a.slot, b.slot), round_name=round_name, decisive=True, colours="lots"
        )
        self._matches.append((round_no, tier, len(self._matches), match))
        if a.slot.is_bye or b.slot.is_bye:
            other = b if a.slot.is_bye else a
            return attrs.evolve(other, ready=max(other.ready, round_no)), Feed(Slot(BYE), a.structural or b.structural, round_no)
        outcome = decided(self.stage, match)
        won, lost = winner_of(match, outcome), loser_of(match, outcome)
        win = Slot(won) if won is not None else Slot(None, ("winner", key))
        lose = Slot(lost) if lost is not None else Slot(None, ("loser", key))
        return Feed(win, ready=round_no), Feed(lose, ready=round_no)

    def elimination(
        self,
        feeds: Sequence[Feed],
        *,
        label: str = "",
        best: int = 1,
        limit: int = 2,
        until: int = 1,
    ) -> list[Feed]:
        """A single-elimination bracket deciding places ``best``… ; losers play off while their place ≤ ``limit``.

        Returns the feeds still in when ``until`` remain (the winner when ``until`` is 1).
        """
        current = list(feeds)
        number = 1
        while len(current) > until:
            size = len(current)
            winners, losers = [], []
            for index in range(size // 2):
                won, lost = self.play(
                    f"{label}R{number}.{index + 1}", (current[2 * index], current[2 * index + 1]), round_name(size, best), best
                )
                winners.append(won)
                losers.append(lost)
            lost_place = best + size // 2
            if size // 2 >= 2 and lost_place <= limit:
                self.elimination(losers, label=f"P{lost_place}.", best=lost_place, limit=limit)
            else:
                self.place_all(losers, lost_place)
            current = winners
            number += 1
        if until == 1:
            self.place_all(current, best)
        return current

    def place_all(self, feeds: Sequence[Feed], place: int) -> None:
        for feed in feeds:
            if feed.slot.known and not feed.slot.is_bye:
                self.places[feed.slot.entrant] = place  # type: ignore[index]

    def matches(self) -> list[Match]:
        """The matches in order of play: by round, the main bracket before play-offs."""
        return [match for *_order, match in sorted(self._matches, key=lambda item: item[:3])]


def round_name(size: int, best: int) -> str:
    """``final``, ``semi``, ``quarter``, ``r16``… in the main bracket; ``third_place``, ``place_5``, ``playoff`` in play-offs."""
    if best == 1:
        return {2: "final", 4: "semi", 8: "quarter"}.get(size, f"r{size}")
    if size == 2:
        return "third_place" if best == 3 else f"place_{best}"
    return "playoff"


def numbered(entrants: Sequence[StageEntrant], method: str) -> tuple[list[StageEntrant], list[StageEntrant]]:
    """Split entrants into those with fixed draw numbers 1, 2, … (in order) and those drawn by lot."""
    if method == "list":
        return list(entrants), []
    if method == "seeds":
        seeded = sorted((e for e in entrants if e.seed is not None), key=lambda e: e.seed)  # type: ignore[arg-type, return-value]
        return seeded, [e for e in entrants if e.seed is None]
    if method == "rating":
        rated = sorted((e for e in entrants if e.rating is not None), key=lambda e: -e.rating)  # type: ignore[operator]
        return rated, [e for e in entrants if e.rating is None]
    return [], list(entrants)


def resolve_seeding(entrants: Sequence[StageEntrant], method: str, *, groups: bool = True) -> str:
    """The seeding ``auto`` stands for: groups when every entrant came from a group (and ``groups``),
    else seeds if any entrant has a seed number, else rating if any is rated, else lots."""
    if method != "auto":
        return method
    if groups and entrants and all(e.group is not None and e.place is not None for e in entrants):
        return "groups"
    if any(e.seed is not None for e in entrants):
        return "seeds"
    return "rating" if any(e.rating is not None for e in entrants) else "lots"


def draw_lines(entrants: Sequence[StageEntrant], options: Mapping[str, Any], rng: random.Random) -> list[str]:
    """The key on each line of the bracket (``BYE`` for a bye), drawn by the stage's seeding options."""
    numbers = _line_numbers(options, len(entrants))
    line_of = {number: line for line, number in enumerate(numbers)}
    lines: list[StageEntrant | None] = [None] * len(numbers)
    for number in range(len(entrants) + 1, len(numbers) + 1):
        lines[line_of[number]] = _BYE
    method = resolve_seeding(entrants, options["seeding"])
    if method == "groups":
        _place_groups(lines, line_of, entrants)
    else:
        fixed, drawn = numbered(entrants, method)
        for index, entrant in enumerate(fixed):
            lines[line_of[index + 1]] = entrant
        if options["separate_units"]:
            lines = spread(lines, drawn, lambda e: e.unit, rng)
        else:
            rng.shuffle(drawn)
            free = iter(drawn)
            lines = [line if line is not None else next(free) for line in lines]
    return [line.key for line in lines if line is not None]


def _line_numbers(options: Mapping[str, Any], entrants: int) -> list[int]:
    pairs = options.get("first_round")
    if not pairs:
        return seed_order(bracket_size(entrants))
    numbers = [number for pair in pairs for number in pair]
    if len(numbers) < entrants:
        raise StateError(
            N_("The fixed first round has {lines} places but the stage has {count} entrants; give a larger first_round."), code="draw.first_round_too_small", target=Target(option="first_round"), lines=len(numbers), count=entrants
        )
    for a, b in pairs:
        if a > entrants and b > entrants:
            raise StateError(
                N_("With {count} entrants the fixed first-round pair {a}–{b} would be two byes; give a smaller first_round."), code="draw.first_round_two_byes", target=Target(option="first_round"), count=entrants, a=a, b=b
            )
    return numbers


def _place_groups(lines: list[StageEntrant | None], line_of: Mapping[int, int], entrants: Sequence[StageEntrant]) -> None:
    """Place qualifiers from groups: winners on the top seed lines, then each place as far from its group as possible.

    Among equally good lines the crossover is preferred (runner-up of A against the
    winner of B, of B against A, C against D…), then the line of the entrant's own
    seed number. Solved as a maximum-weight matching per place (networkx).
    """
    import networkx as nx

    if not all(e.group is not None and e.place is not None for e in entrants):
        raise StateError(N_("seeding = 'groups' needs entrants who qualified from groups; use 'seeds' or 'lots' here."), code="draw.group_seeding_without_groups", target=Target(option="seeding"))
    groups = sorted({e.group for e in entrants})  # type: ignore[type-var]
    index = {group: i for i, group in enumerate(groups)}
    rounds = (len(lines) - 1).bit_length()
    weight_base = len(lines) + 1
    placed: dict[str, list[int]] = {}
    number = 0
    for place in sorted({e.place for e in entrants}):  # type: ignore[type-var]
        tier = sorted((e for e in entrants if e.place == place), key=lambda e: index[e.group])  # type: ignore[index]
        targets = [line_of[number + i + 1] for i in range(len(tier))]
        if not placed:
            assignment = dict(zip(range(len(tier)), targets, strict=True))
        else:
            graph = nx.Graph()
            for i, entrant in enumerate(tier):
                for line in targets:
                    conflict = sum(weight_base ** (rounds - meeting_round(line, other)) for other in placed.get(entrant.group, []))  # type: ignore[arg-type]
                    opponent = lines[line ^ 1]
                    crossover = (
                        opponent is not None
                        and opponent.key != BYE
                        and opponent.place == 1
                        and index.get(opponent.group, -1) == index[entrant.group] ^ 1  # type: ignore[index]
                    )
                    weight = -4 * conflict + 2 * crossover + (line == targets[i])
                    graph.add_edge(("e", i), ("l", line), weight=weight + 4 * weight_base ** (rounds + 1))
            matching = nx.max_weight_matching(graph, maxcardinality=True)
            assignment = {}
            for u, v in matching:
                entrant_node, line_node = (u, v) if u[0] == "e" else (v, u)
                assignment[entrant_node[1]] = line_node[1]
        for i, entrant in enumerate(tier):
            lines[assignment[i]] = entrant
            placed.setdefault(entrant.group, []).append(assignment[i])  # type: ignore[arg-type]
        number += len(tier)


def lines_from_paper(entrants: Sequence[StageEntrant], positions: Mapping[str, str], size: int | None = None) -> list[str]:
    """Bracket lines from a draw made on paper: each entrant's line number; empty lines are byes."""
    lines_count = size or bracket_size(len(entrants))
    lines: list[str] = [BYE] * lines_count
    for entrant in entrants:
        text = positions[entrant.key].strip()
        number = whole_number(text)
        if number is None or not 1 <= number <= lines_count:
            raise PodiumError(
                N_("Position '{position}' of {entrant} is not a line of the bracket; give a number from 1 to {size}."), code="draw.file_line_invalid", target=Target(entrant=entrant.key), position=text, entrant=entrant.key, size=lines_count
            )
        line = number - 1
        if lines[line] != BYE:
            raise PodiumError(
                N_("Line {line} is given to both {a} and {b}."), code="draw.file_line_twice", target=Target(entrant=entrant.key), line=line + 1, a=lines[line], b=entrant.key
            )
        lines[line] = entrant.key
    for line in range(0, lines_count, 2):
        if lines[line] == BYE and lines[line + 1] == BYE:
            raise PodiumError(
                N_("Lines {a} and {b} are both empty; every first-round match needs at least one entrant."), code="draw.file_lines_empty", target=Target(argument="from"), a=line + 1, b=line + 2
            )
    return lines


class Knockout(Format):
    """Single elimination with standard seeding, byes to the top seeds and optional play-offs for places."""

    name = "knockout"
    title = Label(zh="单败淘汰", en="Knockout")
    family = "knockout"
    options = (
        *seeding_options(),
        Option("third_place", bool, False, "Play a third-place match between the semi-final losers", source="table-tennis plan 7 §4"),
        Option(
            "playoffs",
            str,
            "none",
            "Play-offs for places: none, 1-8 (also places 5–8) or all (every place)",
            choices=PLAYOFFS,
            source="CXA 2011 §10.4",
        ),
        Option(
            "until",
            int,
            1,
            "Stop when this many entrants remain (a power of two; 4 for 'knockout down to four')",
            validator=power_of_two,
            source="college xiangqi rules §6(1)",
        ),
        Option("advance", int, None, "How many go through to the next stage by place (default: the survivors, or everyone placed)", nullable=True, minimum=1),
    )

    def draw(self, entrants: Sequence[StageEntrant], options: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
        return {"lines": draw_lines(entrants, options, rng)}

    def place(self, entrants: Sequence[StageEntrant], positions: Mapping[str, str], options: Mapping[str, Any]) -> dict[str, Any]:
        return {"lines": lines_from_paper(entrants, positions)}

    def _build(self, stage: StageView) -> tuple[BracketBuilder, list[Feed]]:
        builder = BracketBuilder(stage)
        options = stage.options
        until = options["until"]
        limit = 2
        if until == 1:
            if options["third_place"]:
                limit = 4
            if options["playoffs"] == "1-8":
                limit = max(limit, 8)
            elif options["playoffs"] == "all":
                limit = len(stage.draw["lines"])
        feeds = [Feed(Slot(key), key == BYE) for key in stage.draw["lines"]]
        survivors = builder.elimination(feeds, limit=limit, until=min(until, len(feeds)))
        return builder, survivors

    def matches(self, stage: StageView) -> list[Match]:
        return self._build(stage)[0].matches()

    def tables(self, stage: StageView, matches: Sequence[Match]) -> list[Table]:
        return []  # a knockout ranks by the round reached (placings), not by points

    def placings(self, stage: StageView, matches: Sequence[Match]) -> list[tuple[str, int]]:
        builder, _survivors = self._build(stage)
        return sorted(builder.places.items(), key=lambda item: (item[1], stage.draw["lines"].index(item[0])))

    def going_on(self, stage: StageView, matches: Sequence[Match]) -> int:
        """The ``until`` survivors (college xiangqi rules §6(1): down to four), else ``advance`` or everyone placed."""
        if stage.options["until"] > 1:
            return min(stage.options["until"], len(stage.entrants))
        return super().going_on(stage, matches)

    def advancing(
        self,
        stage: StageView,
        matches: Sequence[Match],
        tables: Sequence[tuple[Table, Standings]],
        order: Sequence[str] = (),
    ) -> Qualification:
        """With ``until`` above 1 the survivors go through (by draw line); else the top ``advance`` by place."""
        builder, survivors = self._build(stage)
        known = {e.key: e for e in stage.entrants}
        if stage.options["until"] > 1:
            keys = [f.slot.entrant for f in survivors if f.slot.known and not f.slot.is_bye and f.slot.entrant not in stage.withdrawn]
        else:
            rows = sorted(builder.places.items(), key=lambda item: (item[1], stage.draw["lines"].index(item[0])))
            rows = [(key, place) for key, place in rows if key not in stage.withdrawn]
            keys, cut = cut_rows(None, rows, stage.options["advance"], order)
            if cut is not None:
                return Qualification(next_entrants(known, keys), (cut,))
        return Qualification(next_entrants(known, keys))  # type: ignore[arg-type]


def next_entrants(known: Mapping[str, StageEntrant], keys: Sequence[str]) -> tuple[StageEntrant, ...]:
    return tuple(
        StageEntrant(key=key, seed=i + 1, unit=known[key].unit, rating=known[key].rating, place=i + 1) for i, key in enumerate(keys)
    )
