"""The sport protocol: what a sport plugin supplies to the core.

A sport parses and validates result texts, turns a valid result into an
:class:`~podium.model.outcomes.Outcome`, names its default scoring and tie-break chains,
and simulates valid results for demos, benchmarks and property tests. The core
looks sports up by name; it never asks every plugin "is this yours?".
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

from podium.i18n import Label, Message
from podium.model.entrants import Entrant, EntrantKind
from podium.model.games import GameTemplate
from podium.model.matches import MatchContext
from podium.model.options import Option
from podium.model.outcomes import Outcome
from podium.model.scoring import Scoring
from podium.tiebreakers.presets import expand


class Sport(ABC):
    """Base class of sport plugins. Subclasses set the class attributes and implement the methods."""

    name: ClassVar[str]
    title: ClassVar[Label]
    entrant_kinds: ClassVar[tuple[EntrantKind, ...]] = (EntrantKind.INDIVIDUAL,)
    options: ClassVar[tuple[Option, ...]] = ()
    scoring: ClassVar[Scoring] = Scoring()
    tiebreaks: ClassVar[Mapping[str, str | tuple[str, ...]]] = {}
    """Default tie-break chains by format family (``round_robin``, ``swiss``, ``knockout``…); a key
    ``team_<family>`` applies to team events; the ``default`` entry applies to anything not listed.
    A chain is a tuple of tie-breaker names or the name of a preset (``"cxa-14.1"``, see
    :data:`podium.tiebreakers.presets.CHAINS`). The key ``team_totals`` names the chain of an
    event's team ranking by its players' places (only when given; else ``cxa-14.8``)."""
    draws_allowed: ClassVar[bool] = True
    round_robin_order: ClassVar[str] = "berger"
    """The round-robin table a stage of this sport follows unless meet.toml gives its ``order``: ``berger``
    (FIDE C.05 Annex 1, as CXA 2011 and the weiqi rules use) or ``ittf`` (the ITTF group order of play,
    which leaves the top two seeds to the last round)."""
    round_robin_withdrawal: ClassVar[str] = "half"
    """What a withdrawal during a round robin of this sport does to the entrant's results unless meet.toml gives the
    stage's ``withdrawal``: ``half`` (fewer than half of the matches played annuls them all, else they stand and the
    rest are forfeits: CXA 2011 §19.2, Weiqi 2002 Art. 28) or ``stand`` (every result stands and the unplayed matches
    are lost: ITTF 3.7.5.1)."""
    withdrawal_rule: ClassVar[str] = "CXA 2011 §19.2"
    """The rule this sport's events cite for ``withdrawal = "half"``: its own rules' article where they have one,
    else CXA 2011 §19.2, which Podium follows for sports whose rules are silent."""
    score_sheet: ClassVar[str | None] = None
    """Template name of the printable score sheet, if the sport has one."""
    games: ClassVar[Mapping[str, GameTemplate]] = {}
    """Ready-made events by name (``game = "…"`` in an event of ``meet.toml``); see :mod:`podium.model.games`."""

    @abstractmethod
    def parse_result(self, text: str, ctx: MatchContext) -> Any:
        """Parse and validate ``text`` as the result of the match in ``ctx``.

        The core has already removed invisible format characters and refused control
        characters, numbers of more than nine digits and texts of more than 10,000
        characters (:func:`podium.model.inputs.typed_text`).

        Raise :class:`~podium.errors.ResultError` with one clear sentence that names
        the broken rule (and cites it) when the text is malformed or impossible.
        """

    @abstractmethod
    def format_result(self, result: Any, ctx: MatchContext) -> str:
        """The canonical text of ``result``; parsing it again gives the same result."""

    def describe_result(self, text: str, ctx: MatchContext) -> str:
        """The result whose canonical text (:meth:`format_result`) is ``text`` as a reader reads it in the current
        language (:func:`~podium.i18n.current_language`): what ``podium result`` confirms and ``podium matches``
        shows, while the journal and ``--json`` keep ``text``. A sport whose notation has words (reasons, notes)
        words them here (``1-0 stalemate`` reads ``1:0（困毙）`` in Chinese); by default ``text``, whose numbers and
        marks read alike in every language. It takes the text, not the parsed result, so that a language the
        notation already speaks costs no parsing: ``podium matches`` words every result of the event."""
        return text

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
        """Example result texts shown in help and error messages.

        ``podium result --help`` calls it once per entrant kind with the sport's default
        rules (plus ``kind``) and placeholder sides that have no members.
        """
        return ()

    def colours(self, ctx: MatchContext) -> Message | None:
        """Who plays which colour in the match of ``ctx`` as it is laid out (its sides in the match's order, its
        ``colours``, its rules), for whoever enters its result: a result such as ``B+R`` or ``红胜`` is read by
        colour, so a referee's form says ``张伟 plays Black and 李强 White``. ``None`` (the default) for a sport
        whose results do not depend on colours."""
        return None

    def entrant_problems(self, entrant: Entrant, rules: Mapping[str, Any], field: Sequence[Entrant]) -> list[str]:
        """Why ``entrant`` cannot enter an event with ``rules`` (team size, gender make-up, board order…), one
        sentence each; empty when it can.

        ``field`` is every entrant of the event, including ``entrant``. Checked when entrants
        are imported and again when the event is drawn (the rules may have changed in between);
        nothing is imported or drawn while any entrant has a problem.
        """
        return []

    def score_sheet_fields(self, ctx: MatchContext) -> Mapping[str, Any]:
        """Plain data the :attr:`score_sheet` template needs for the match in ``ctx``: game columns, and
        ``notes``, the rule lines a printed sheet shows (time control, lateness limit…)."""
        return {}

    def score_sheet_for(self, rules: Mapping[str, Any]) -> str | None:
        """Template name of the printable score sheet of an event with ``rules`` (its ``game``, ``kind``…):
        :attr:`score_sheet` by default. A sport whose games are scored in different ways chooses here; fun games
        give tug of war, played head-to-head, a sheet of its own, while their measured games keep the heat sheets
        (``None``: the core's sheet for heats, or ``--sheet``)."""
        return self.score_sheet

    def measured(self, rules: Mapping[str, Any]) -> bool:
        """True when an event with ``rules`` is measured (performances in heats): never, for a sport of matches
        (:class:`~podium.measure.sport.MeasuredSport` says when)."""
        return False

    def heat_minutes(self, rules: Mapping[str, Any]) -> float | None:
        """Estimated minutes one heat takes under ``rules``, for the order of play: a sport of matches has no
        heats (:meth:`~podium.measure.sport.MeasuredSport.heat_minutes`)."""
        return None

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
        return expand(next((self.tiebreaks[k] for k in keys if k in self.tiebreaks), ()))


def field_problems(sport: Sport, rules: Mapping[str, Any], entrants: Iterable[Entrant]) -> list[str]:
    """Every problem :meth:`Sport.entrant_problems` finds with the entrants of one event."""
    field = list(entrants)
    return [problem for entrant in field for problem in sport.entrant_problems(entrant, rules, field)]


def example_results(sport: Sport) -> list[tuple[EntrantKind, tuple[str, ...]]]:
    """Example result texts of ``sport`` for each entrant kind under its default rules (for ``--help``)."""
    defaults = {option.name: option.default for option in sport.options}
    found = []
    for kind in sport.entrant_kinds:
        side = Entrant(key="", event="", kind=kind, name="", members=())
        ctx = MatchContext(event="", rules={**defaults, "kind": kind.value}, sides=(side, side))
        examples = sport.result_examples(ctx)
        if examples:
            found.append((kind, examples))
    return found
