"""Ratios of things won to things lost (games ratio, points ratio, individual-match ratio)."""

from __future__ import annotations

import functools
import math
from fractions import Fraction
from functools import total_ordering

import attrs


@total_ordering
@attrs.frozen(eq=False)
class Ratio:
    """``won : lost``, compared by the quotient; nothing lost ranks above any finite ratio.

    ITTF Handbook 3.7.5 ranks by the ratio of games (points) won to lost; a player
    who lost none is ahead of everyone who lost some.
    """

    won: float
    lost: float

    @functools.cached_property
    def quotient(self) -> float:
        """``won / lost`` as a float, worked out once: sorting the tied compares each ratio many times."""
        if self.lost == 0:
            return math.inf if self.won else 0.0
        return float(Fraction(self.won).limit_denominator() / Fraction(self.lost).limit_denominator())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Ratio) and self.quotient == other.quotient

    def __lt__(self, other: Ratio) -> bool:
        return self.quotient < other.quotient

    def __hash__(self) -> int:
        return hash(self.quotient)

    def __str__(self) -> str:
        return f"{self.won:g}:{self.lost:g}"
