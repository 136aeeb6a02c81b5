"""The public API for sport plugins: everything a plugin may use, and nothing else.

A plugin (Podium's own five sports, the ``examples/`` and any third-party package) imports
only from here::

    from podium.api import Sport, Outcome, OutcomeKind, ResultError, hookimpl, _

**Stability.** Every name listed in ``__all__`` keeps its meaning and signature within a major
version of Podium; a name is removed only after a release in which it was deprecated with a
warning. Modules behind these names may move (they are not the API); import them from here.
``docs/hooks.md`` documents each name.

Names are loaded on first use (PEP 562), so importing this module costs nothing: a command
that needs no measuring code does not load it because a plugin could use it.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    pass

_EXPORTS: dict[str, tuple[str, str]] = {
    # the plugin contract
    "hookimpl": ("podium.hookspecs", "hookimpl"),
    "TemplateSource": ("podium.hookspecs", "TemplateSource"),
    # sports and what they return
    "Sport": ("podium.model.sports", "Sport"),
    "GameTemplate": ("podium.model.games", "GameTemplate"),
    "Option": ("podium.model.options", "Option"),
    "Entrant": ("podium.model.entrants", "Entrant"),
    "EntrantKind": ("podium.model.entrants", "EntrantKind"),
    "Gender": ("podium.model.entrants", "Gender"),
    "Person": ("podium.model.entrants", "Person"),
    "Match": ("podium.model.matches", "Match"),
    "MatchContext": ("podium.model.matches", "MatchContext"),
    "Slot": ("podium.model.matches", "Slot"),
    "Outcome": ("podium.model.outcomes", "Outcome"),
    "OutcomeKind": ("podium.model.outcomes", "OutcomeKind"),
    "forfeit": ("podium.model.outcomes", "forfeit"),
    "parse_forfeit": ("podium.model.outcomes", "parse_forfeit"),
    "whole_number": ("podium.model.numerals", "whole_number"),
    "Scoring": ("podium.model.scoring", "Scoring"),
    "SCORING_PRESETS": ("podium.model.scoring", "PRESETS"),
    # measured sports (times, counts, distances, judged scores)
    "MeasuredSport": ("podium.measure.sport", "MeasuredSport"),
    "MEASURE_OPTIONS": ("podium.measure.rules", "MEASURE_OPTIONS"),
    "TEAM_OPTIONS": ("podium.measure.teams", "TEAM_OPTIONS"),
    "normalise": ("podium.measure.values", "normalise"),
    "Measurement": ("podium.measure.rules", "Measurement"),
    "MeasureKind": ("podium.measure.rules", "MeasureKind"),
    "Ties": ("podium.measure.rules", "Ties"),
    "format_value": ("podium.measure.rules", "format_value"),
    "AttemptMark": ("podium.measure.performance", "AttemptMark"),
    "judge_attempt": ("podium.measure.marks", "judge_attempt"),
    "ExtraRound": ("podium.measure.marks", "ExtraRound"),
    "RoundSoFar": ("podium.measure.marks", "RoundSoFar"),
    "Performance": ("podium.measure.performance", "Performance"),
    "Status": ("podium.measure.performance", "Status"),
    "PerformanceInput": ("podium.measure.sport", "PerformanceInput"),
    "relay_runners": ("podium.measure.sport", "relay_runners"),
    "Composition": ("podium.measure.teams", "Composition"),
    "parse_time": ("podium.measure.values", "parse_time"),
    "parse_distance": ("podium.measure.values", "parse_distance"),
    "format_time": ("podium.measure.values", "format_time"),
    # formats and tie-breakers
    "Format": ("podium.formats.base", "Format"),
    "TieBreaker": ("podium.tiebreakers.base", "TieBreaker"),
    "Split": ("podium.tiebreakers.base", "Split"),
    "Ledger": ("podium.standings.ledger", "Ledger"),
    "CHAINS": ("podium.tiebreakers.presets", "CHAINS"),
    # errors for people
    "PodiumError": ("podium.errors", "PodiumError"),
    "ResultError": ("podium.errors", "ResultError"),
    "EntrantsError": ("podium.errors", "EntrantsError"),
    "ConfigError": ("podium.errors", "ConfigError"),
    "NotFound": ("podium.errors", "NotFound"),
    "StateError": ("podium.errors", "StateError"),
    "Target": ("podium.errors", "Target"),
    "Hint": ("podium.errors", "Hint"),
    "Problem": ("podium.errors", "Problem"),
    "problem": ("podium.errors", "problem"),
    # languages
    "_": ("podium.i18n", "_"),
    "N_": ("podium.i18n", "N_"),
    "N_plural": ("podium.i18n", "N_plural"),
    "Message": ("podium.i18n", "Message"),
    "Localized": ("podium.i18n", "Localized"),
    "listed": ("podium.i18n", "listed"),
    "ngettext": ("podium.i18n", "ngettext"),
    "Label": ("podium.i18n", "Label"),
    "current_language": ("podium.i18n", "current_language"),
    "plugin_messages": ("podium.i18n", "plugin_messages"),
    "use_language": ("podium.i18n", "use_language"),
    # the plugin author kit
    "SportConformance": ("podium.testing.suite", "SportConformance"),
    "check_plugin": ("podium.testing.conformance", "check_plugin"),
    "installed_sports": ("podium.testing.harness", "installed_sports"),
    "run_podium": ("podium.testing.harness", "run_podium"),
    "rank_results": ("podium.testing.harness", "rank_results"),
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    try:
        module, attribute = _EXPORTS[name]
    except KeyError:
        raise AttributeError(f"podium.api has no {name!r}; the public API is podium.api.__all__") from None
    value = getattr(importlib.import_module(module), attribute)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__
