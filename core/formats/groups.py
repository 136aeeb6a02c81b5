"""Groups (分组循环): the field split into round-robin groups, the top of each going on.

CXA 2011 §10.2 (CXA 1999 §11.3): for large fields, seeded by
rating or past results, a set number from each group goes to the final stage.
Table-tennis plan 7 §4 and the 19-pair round-robin Q&A: groups drawn by lot, top 2 advance (uneven groups of
5, 5, 5 and 4 are allowed). How this format draws:

- ``groups`` groups (or as many as ``group_size`` needs); sizes differ by at most one.
- Seeds go into the groups in snake order (1→A, 2→B, 3→C, 4→D, 5→D, 6→C…), the
  usual serpentine of seeded draws; the rest are drawn by lot.
- Entrants of the same unit are kept in different groups where possible
  (largest unit first, each entrant to the group with fewest of its unit).
- Each group is a round robin on the Berger tables or the ITTF group order (the stage's ``order``), rounds
  played side by side.
- ``podium advance`` takes the top ``advance`` of each group into the next stage,
  seeded A1, B1, C1…, A2, B2…; a knockout next applies the crossover (A1–B2, B1–A2…).
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from typing import Any

from podium.errors import PodiumError, StateError, Target
from podium.formats.base import Format, Ruling, StageEntrant, StageView, Table
from podium.formats.brackets import share_out
from podium.formats.knockout import numbered, resolve_seeding
from podium.formats.round_robin import (
    ORDER_OPTION,
    WITHDRAWAL_OPTION,
    annulled_entrants,
    drawn_table,
    numbers_from_paper,
    round_robin_matches,
    table_rulings,
)
from podium.i18n import N_, Label
from podium.model.matches import Match
from podium.model.options import Option

_POSITION = re.compile(r"^\s*([A-Za-z]+)\s*[-.:]?\s*(\d+)\s*$")


def group_name(index: int) -> str:
    """A, B, … Z, then AA, AB … (as spreadsheet columns)."""
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(ord("A") + rest) + name
    return name


def group_count(entrants: int, options: Mapping[str, Any]) -> int:
    """How many groups: the ``groups`` option, or enough groups of at most ``group_size``."""
    if options["groups"]:
        return int(options["groups"])
    return max(1, -(-entrants // options["group_size"]))


def snake(entrants: int, groups: int) -> list[int]:
    """The group index of draw position 0, 1, … in snake order: A B C D D C B A A B …"""
    result = []
    for position in range(entrants):
        row, column = divmod(position, groups)
        result.append(column if row % 2 == 0 else groups - 1 - column)
    return result


class Groups(Format):
    """Round-robin groups with snake seeding and unit separation, feeding a later stage."""

    name = "groups"
    title = Label(zh="分组循环", en="Groups")
    family = "round_robin"
    results_change_layout = False  # the draw alone decides who meets whom, round by round
    options = (
        Option("groups", int, 0, "Number of groups (0: as many as group_size needs)", minimum=0),
        Option("group_size", int, 4, "Largest group when 'groups' is 0", minimum=2),
        Option("advance", int, 2, "How many of each group go through to the next stage", nullable=True, minimum=1, source="table-tennis plan 7 §4; 19-pair round-robin Q&A"),
        Option("cycles", int, 1, "1 = single, 2 = double round robin in each group", choices=(1, 2)),
        Option(
            "seeding",
            str,
            "auto",
            "Who is placed by snake order: auto (seeds if any, else the rated), seeds (entrants with a seed number), "
            "rating (everyone rated), or lots (nobody)",
            choices=("auto", "seeds", "rating", "lots"),
            source="CXA 2011 §10.2",
        ),
        Option("separate_units", bool, True, "Keep entrants of one unit in different groups where possible"),
        Option(
            "numbers",
            str,
            "lots",
            "Numbers inside a group: by lot, in placing order (seeds first), or in list order",
            choices=("lots", "seeds", "list"),
        ),
        ORDER_OPTION,
        WITHDRAWAL_OPTION,
    )

    def draw(self, entrants: Sequence[StageEntrant], options: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
        count = group_count(len(entrants), options)
        if len(entrants) < 2 * count:
            raise StateError(
                N_("{count} entrants cannot make {groups} groups of at least 2; use fewer groups."), code="draw.too_few_for_groups", target=Target(option="groups"), count=len(entrants), groups=count
            )
        positions = snake(len(entrants), count)
        capacity = [positions.count(g) for g in range(count)]
        seeded, drawn = numbered(entrants, resolve_seeding(entrants, options["seeding"], groups=False))
        placed: list[list[StageEntrant]] = [[] for _ in range(count)]
        for entrant, group in zip(seeded, positions, strict=False):
            placed[group].append(entrant)
        if options["separate_units"]:
            filled = share_out(capacity, placed, drawn, lambda e: e.unit, rng)
        else:
            rng.shuffle(drawn)
            filled = [list(g) for g in placed]
            rest = iter(drawn)
            for group in range(count):
                while len(filled[group]) < capacity[group]:
                    filled[group].append(next(rest))
        order = {e.key: i for i, e in enumerate(entrants)}
        groups = {}
        for index, members in enumerate(filled):
            keys = [e.key for e in members]
            if options["numbers"] == "lots":
                rng.shuffle(keys)
            elif options["numbers"] == "list":
                keys.sort(key=order.__getitem__)
            groups[group_name(index)] = keys
        return {"groups": groups, "table": options["order"]}

    def place(self, entrants: Sequence[StageEntrant], positions: Mapping[str, str], options: Mapping[str, Any]) -> dict[str, Any]:
        """Positions like ``A1``, ``B3`` (group letter and number in the group)."""
        by_group: dict[str, dict[str, str]] = {}
        for entrant in entrants:
            match = _POSITION.match(positions[entrant.key])
            if not match:
                raise PodiumError(
                    N_("Position '{position}' of {entrant} is not a group place; write the group letter and number, e.g. A1 or C4."), code="draw.file_group_place_invalid", target=Target(entrant=entrant.key), position=positions[entrant.key], entrant=entrant.key
                )
            by_group.setdefault(match[1].upper(), {})[entrant.key] = match[2]
        names = sorted(by_group, key=lambda n: (len(n), n))
        expected = [group_name(i) for i in range(len(names))]
        if names != expected:
            raise PodiumError(
                N_("The groups in the file are {found}; groups must be lettered {expected} without gaps."), code="draw.file_group_letters", target=Target(argument="from"), found=", ".join(names), expected=", ".join(expected)
            )
        if options["groups"] and len(names) != options["groups"]:
            raise PodiumError(
                N_("The file has {found} groups but the stage has groups = {groups}."), code="draw.file_group_count", target=Target(argument="from", option="groups"), found=len(names), groups=options["groups"]
            )
        known = {e.key: e for e in entrants}
        groups = {}
        for name in names:
            members = [known[key] for key in by_group[name]]
            if len(members) < 2:
                raise PodiumError(N_("Group {group} has only one entrant; a group needs at least 2."), code="draw.file_group_too_small", target=Target(argument="from"), group=name)
            groups[name] = numbers_from_paper(members, by_group[name], label=name)
        return {"groups": groups, "table": options["order"]}

    def matches(self, stage: StageView) -> list[Match]:
        matches = []
        for name, order in stage.draw["groups"].items():
            matches += round_robin_matches(
                order, stage.name, cycles=stage.options["cycles"], prefix=f"{name}.", group=name, table=drawn_table(stage)
            )
        return sorted(matches, key=lambda m: m.round)  # rounds of all groups side by side

    def tables(self, stage: StageView, matches: Sequence[Match]) -> list[Table]:
        tables = []
        for name, order in stage.draw["groups"].items():
            own = tuple(m for m in matches if m.group == name)
            gone = annulled_entrants(stage, order, own)
            tables.append(Table(name, tuple(k for k in order if k not in gone), own))
        return tables

    def rulings(self, stage: StageView, matches: Sequence[Match]) -> dict[str, Ruling]:
        rulings = {}
        for name, order in stage.draw["groups"].items():
            rulings.update(table_rulings(stage, order, [m for m in matches if m.group == name]))
        return rulings
