"""The format protocol: how a stage lays out its matches.

Formats know no sport: they receive entrants and outcomes and return matches.
``draw`` is a pure function of the entrants, the options and a seeded random
generator; its JSON payload is journaled, so the matches of a stage are always
re-derived from recorded facts.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import attrs

from podium.i18n import Label
from podium.matches import Match
from podium.options import Option
from podium.outcomes import Outcome


@attrs.frozen
class StageEntrant:
    """An entrant as a stage sees it: key plus what draws use (seed, unit, origin)."""

    key: str
    seed: int | None = None
    unit: str | None = None
    rating: float | None = None
    group: str | None = None  # group the entrant qualified from
    place: int | None = None  # place in that group or previous stage


@attrs.frozen
class StageView:
    """Everything recorded about one stage: its draw, later pairings and outcomes by match key."""

    name: str
    options: Mapping[str, Any]
    entrants: tuple[StageEntrant, ...]
    draw: Mapping[str, Any]
    rounds: tuple[Mapping[str, Any], ...] = ()
    outcomes: Mapping[str, Outcome] = attrs.field(factory=dict)


@attrs.frozen
class Table:
    """A set of entrants ranked together by standings (a whole round robin, or one group)."""

    name: str | None
    entrants: tuple[str, ...]
    matches: tuple[Match, ...]


class Format(ABC):
    """Base class of format plugins."""

    name: ClassVar[str]
    title: ClassVar[Label]
    family: ClassVar[str]
    """Chooses the sport's default tie-break chain: ``round_robin``, ``swiss``, ``knockout``…"""
    options: ClassVar[tuple[Option, ...]] = ()

    @abstractmethod
    def draw(self, entrants: Sequence[StageEntrant], options: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
        """Make the draw: a JSON-serialisable payload from which :meth:`matches` lays out the stage."""

    @abstractmethod
    def matches(self, stage: StageView) -> list[Match]:
        """Every match currently defined, in order of play (later sides may still be unknown)."""

    def tables(self, stage: StageView, matches: Sequence[Match]) -> list[Table]:
        """The tables standings are computed for; by default one table of all entrants."""
        return [Table(None, tuple(e.key for e in stage.entrants), tuple(matches))]
