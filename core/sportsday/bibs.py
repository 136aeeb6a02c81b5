"""Automatic bib numbers from each unit's range: class 7-1 wears 7101–7199.

With ``[entries] bibs = "by_unit"`` everyone imported without a bib gets the lowest free number of
their unit's range, and keeps it in every event they enter (one number cloth, 号码布, per student). A
unit's range is its ``bibs = [first, last]`` in ``[units]``; without one it comes from the class its
name reads as (:func:`podium.sportsday.school_classes.read_class`): grade, class and a two-digit
number, so 初一（1）班 (7-1) has 7101–7199 and 初二（10）班 (8-10) has 81001–81099.

Pure functions; the import (:mod:`podium.config.entrants_file`) hands over who needs a number.
"""

from __future__ import annotations

from collections.abc import Mapping

from podium.errors import Problem, problem
from podium.i18n import N_
from podium.model.entrants import Unit
from podium.sportsday.school_classes import read_class

PER_CLASS = 99
"""Numbers of a range derived from a class name: 01–99 after the grade and class."""


def unit_range(unit: Unit) -> tuple[int, int] | None:
    """The unit's bib range: its own ``bibs``, else the one its class name gives, else ``None``."""
    if unit.bibs is not None:
        return unit.bibs
    for spelling in (unit.name, *unit.aliases):
        found = read_class(spelling)
        if found is not None:
            first = int(f"{found[0]}{found[1]}01")
            return first, first + PER_CLASS - 1
    return None


def range_problems(units: Mapping[str, Unit]) -> list[tuple[str, Problem]]:
    """``(unit key, problem)`` for every unit without a range and every two units whose ranges overlap."""
    found: list[tuple[str, Problem]] = []
    ranges: list[tuple[int, int, str]] = []
    for unit in units.values():
        span = unit_range(unit)
        if span is None:
            found.append((
                unit.key,
                problem(
                    N_("automatic bibs need the unit's range: give bibs = [first, last] (its name reads as no grade and class)"),
                    code="config.unit_bibs_missing",
                ),
            ))
        else:
            ranges.append((*span, unit.key))
    ranges.sort()
    for (_first, last, key), (first, _last, other) in zip(ranges, ranges[1:], strict=False):
        if first <= last:
            found.append((other, problem(N_("its bib range overlaps that of unit {other}"), code="config.unit_bibs_overlap", other=key)))
    return found


class BibRanges:
    """The next free number of each unit's range, skipping numbers already worn."""

    def __init__(self, units: Mapping[str, Unit], taken: set[str]) -> None:
        self.ranges = {key: span for key, unit in units.items() if (span := unit_range(unit)) is not None}
        self.taken = taken
        self.next = {key: span[0] for key, span in self.ranges.items()}

    def take(self, unit: str) -> str | None:
        """The lowest free number of ``unit``'s range, now taken; ``None`` when the range is used up."""
        if unit not in self.ranges:
            return None
        last = self.ranges[unit][1]
        number = self.next[unit]
        while number <= last and str(number) in self.taken:
            number += 1
        if number > last:
            return None
        self.next[unit] = number + 1
        self.taken.add(str(number))
        return str(number)

    def describe(self, unit: str) -> str:
        first, last = self.ranges[unit]
        return f"{first}–{last}"
