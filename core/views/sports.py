"""What is installed — sports, formats, tie-breakers, ready-made games — and one sport's rules (``podium sports``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from podium.i18n import Label
from podium.model.entrants import EntrantKind


@attrs.frozen
class SportSummary:
    """An installed sport."""

    name: str
    """What ``meet.toml`` says: ``sport = "table_tennis"``."""
    title: Label
    entrants: tuple[EntrantKind, ...]
    provided_by: str
    """The distribution and version that provides it."""


@attrs.frozen
class FormatSummary:
    """An installed format."""

    name: str
    title: Label
    provided_by: str


@attrs.frozen
class TieBreakerSummary:
    """An installed tie-breaker."""

    name: str
    title: Label
    source: str
    """The rule it implements (``CXA 2011 §14.3.2``, ``ITTF Handbook 3.7.5``)."""
    provided_by: str
    source_title: Label
    """The rule it implements in the reader's language (a description is translated; a citation reads the same)."""


@attrs.frozen
class GameSummary:
    """A ready-made game a sport offers (``game = "sack_race"``)."""

    name: str
    title: Label
    sport: str
    kind: EntrantKind
    format: str
    measure: str
    """What is measured (``time``, ``count``…); empty for a game of matches."""
    source: str
    sport_title: Label
    format_title: Label
    measure_title: Label | None
    """What is measured as a reader says it (计时, time); ``null`` for a game of matches."""
    source_title: Label
    """The game's source in the reader's language."""


@attrs.frozen
class InstalledView:
    """Every installed sport, format, tie-breaker and game (``podium sports``)."""

    sports: tuple[SportSummary, ...]
    formats: tuple[FormatSummary, ...]
    tiebreakers: tuple[TieBreakerSummary, ...]
    games: tuple[GameSummary, ...]


@attrs.frozen
class OptionView:
    """A rule option of a sport, set in ``[events.KEY.rules]``."""

    name: str
    default: Any
    choices: tuple[Any, ...]
    """The allowed values; empty when any value of the option's type is allowed."""
    doc: str
    """What the option means (English, as the sport declares it)."""
    source: str
    """The rule it implements."""
    meaning: Label
    """``doc`` in both languages."""


@attrs.frozen
class ScoringView:
    """Points for a win, a draw and a loss."""

    win: float
    draw: float
    loss: float
    forfeit_loss: float
    """Points for a match lost by walkover (ITTF 3.7.5: 0 where a match lost gives 1)."""
    draws: bool
    """The sport has draws (else ``draw`` is never given)."""


@attrs.frozen
class SportGame:
    """A ready-made game as ``podium sports SPORT`` lists it."""

    name: str
    title: Label
    kind: EntrantKind
    format: str
    measure: str
    """What is measured (``time``, ``count``…); empty for a game of matches."""
    summary: Label
    source: str
    format_title: Label
    measure_title: Label | None
    """What is measured as a reader says it (计时, time); ``null`` for a game of matches."""


@attrs.frozen
class SportInfoView:
    """One sport: its options with defaults, scoring, default tie-break chains and result examples
    (``podium sports SPORT``)."""

    name: str
    title: Label
    provided_by: str
    entrants: tuple[EntrantKind, ...]
    options: tuple[OptionView, ...]
    scoring: ScoringView
    measured: bool
    """Every event of the sport is measured (its defaults and every game): it has no match results."""
    games: tuple[SportGame, ...]
    """The sport's ready-made games."""
    tiebreaks: Mapping[str, tuple[str, ...]]
    """The default tie-break chain by format family (``round_robin``, ``swiss``…)."""
    family_titles: Mapping[str, Label]
    """What each format family of ``tiebreaks`` is called (循环赛, round robin)."""
    tiebreak_titles: Mapping[str, tuple[Label, ...]]
    """The titles of each chain's tie-breakers, by format family."""
    examples: tuple[str, ...]
    """Results as they are typed (``11-9 9-11 11-7 11-5``)."""


@attrs.frozen
class GameView:
    """One ready-made game with its rules, defaults and a ``meet.toml`` snippet (``podium sports --game NAME``)."""

    name: str
    title: Label
    sport: str
    kind: EntrantKind
    format: str
    format_options: Mapping[str, Any]
    rules: Mapping[str, Any]
    summary: Label
    source: str
    snippet: str
    """A ``meet.toml`` event that uses the game, its defaults written out as comments."""
    sport_title: Label
    format_title: Label
    source_title: Label
    """The game's source in the reader's language."""


@attrs.frozen
class CheckView:
    """One check of the conformance suite and what it found."""

    name: str
    status: str
    """``ok``, ``failed`` or ``skipped``."""
    what: Label
    """What the check proves."""
    problems: tuple[str, ...]
    """What the check found wrong, in the language the suite ran in (diagnostics for the plugin's author)."""
    reason: str | None
    """Why the check was skipped."""


@attrs.frozen
class ConformanceView:
    """What Podium's conformance suite found in an installed sport (``podium sports SPORT --check``)."""

    sport: str
    provided_by: str
    cases: int
    results: int
    """Result texts parsed and checked."""
    ok: bool
    checks: tuple[CheckView, ...]
