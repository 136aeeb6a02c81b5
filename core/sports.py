"""The sport protocol: what a sport plugin supplies to the core.

A sport parses and validates result texts, turns a valid result into an
:class:`~podium.outcomes.Outcome`, names its default scoring and tie-break chains,
and simulates valid results for demos, benchmarks and property tests. The core
looks sports up by name; it never asks every plugin "is this yours?".
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar

from podium.entrants import EntrantKind
from podium.i18n import Label
from podium.matches import MatchContext
from podium.options import Option
from podium.outcomes import Outcome
from podium.scoring import Scoring


class Sport(ABC):
    """Base class of sport plugins. Subclasses set the class attributes and implement the methods."""

    name: ClassVar[str]
    title: ClassVar[Label]
    entrant_kinds: ClassVar[tuple[EntrantKind, ...]] = (EntrantKind.INDIVIDUAL,)
    options: ClassVar[tuple[Option, ...]] = ()
    scoring: ClassVar[Scoring] = Scoring()
    tiebreaks: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    """Default tie-break chains by format family (``round_robin``, ``swiss``, ``knockout``…); a key
    ``team_<family>`` applies to team events; the ``default`` entry applies to anything not listed."""
    draws_allowed: ClassVar[bool] = True
    score_sheet: ClassVar[str | None] = None
    """Template name of the printable score sheet, if the sport has one."""

    @abstractmethod
    def parse_result(self, text: str, ctx: MatchContext) -> Any:
        """Parse and validate ``text`` as the result of the match in ``ctx``.

        Raise :class:`~podium.errors.ResultError` with one clear sentence that names
        the broken rule (and cites it) when the text is malformed or impossible.
        """

    @abstractmethod
    def format_result(self, result: Any, ctx: MatchContext) -> str:
        """The canonical text of ``result``; parsing it again gives the same result."""

    @abstractmethod
    def mirror(self, result: Any, ctx: MatchContext) -> Any:
        """The same result with the two sides swapped (for input given in reverse order)."""

    @abstractmethod
    def outcome(self, result: Any, ctx: MatchContext) -> Outcome:
        """The outcome of a valid ``result``."""

    @abstractmethod
    def simulate(self, rng: random.Random, ctx: MatchContext) -> str:
        """A random valid result text for the match in ``ctx`` (seeded: same rng, same text)."""

    def result_examples(self, ctx: MatchContext) -> tuple[str, ...]:
        """Example result texts shown in help and error messages."""
        return ()

    def match_minutes(self, rules: Mapping[str, Any]) -> float | None:
        """Estimated minutes one match takes under ``rules``, for the order of play; ``None``: the meet's default.

        The estimate covers play and the breaks inside a match; the time between two
        matches on one table or board is the meet's ``changeover``.
        """
        return None

    def tiebreak_chain(self, family: str, rules: Mapping[str, Any]) -> tuple[str, ...]:
        """The default tie-break chain for a stage of format ``family`` under the event's ``rules``.

        ``rules["kind"]`` is the entrant kind; team events look up ``team_<family>`` first.
        A sport may override this to choose by other rules (e.g. games per match).
        """
        keys = [f"team_{family}"] if rules.get("kind") == EntrantKind.TEAM.value else []
        keys += [family, "default"]
        return tuple(next((self.tiebreaks[k] for k in keys if k in self.tiebreaks), ()))
