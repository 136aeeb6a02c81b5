"""Running the conformance suite on a plugin: every check, every case, one report per sport.

:func:`check_plugin` loads Podium's installed plugins plus the one being checked (so a
plugin can be checked from its source tree before it is installed), then checks each
sport it provides with :func:`check_sport`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pluggy

from podium.errors import PodiumError
from podium.i18n import N_, Message, _
from podium.model.sports import Sport
from podium.registry import Registry, build_registry, plugin_manager
from podium.testing import declarations, event, messages
from podium.testing.cases import cases as all_cases
from podium.testing.report import Collector, Report
from podium.testing.results import ResultChecks
from podium.tiebreakers.base import TieBreaker

SEEDS = 30
"""Simulated results checked per case by default."""


def load(plugin: object) -> tuple[pluggy.PluginManager, Registry]:
    """A plugin manager with every installed plugin and ``plugin`` (registered if it is not installed), and its registry."""
    manager = plugin_manager()
    if not manager.is_registered(plugin):
        manager.register(plugin)
    return manager, build_registry(manager)


def provided(manager: pluggy.PluginManager, plugin: object, hook: str) -> list[Any]:
    """What ``plugin``'s own implementation of ``hook`` returns (empty when it does not implement it)."""
    for impl in getattr(manager.hook, hook).get_hookimpls():
        if impl.plugin is plugin:
            return list(impl.function() or ())
    return []


def check_plugin(
    plugin: object,
    *,
    sport: str | None = None,
    seeds: int = SEEDS,
    extra_rules: Iterable[Mapping[str, Any]] = (),
    refused: Mapping[str, str] | None = None,
) -> list[Report]:
    """Check every sport ``plugin`` provides (or only ``sport``); see :func:`check_sport` for the options."""
    manager, registry = load(plugin)
    sports = provided(manager, plugin, "podium_sports")
    breakers = provided(manager, plugin, "podium_tiebreakers")
    names = [getattr(s, "name", None) for s in sports]
    if sport is not None and sport not in names:
        raise PodiumError(
            N_("The plugin {plugin} provides no sport {sport!r}; it provides: {valid}."), code="plugin.no_such_sport", plugin=getattr(plugin, "__name__", plugin), sport=sport, valid=", ".join(map(str, names)) or Message(N_("none"))
        )
    reports = []
    for found in sports:
        if not isinstance(found, Sport) or sport is not None and found.name != sport:
            continue
        reports.append(check_sport(registry.sports.get(found.name, found), registry, breakers=breakers, seeds=seeds,
                                   extra_rules=extra_rules, refused=refused, declared=(sports, breakers),
                                   package=getattr(plugin, "__package__", None) or getattr(plugin, "__name__", None)))
    if not reports:
        raise PodiumError(N_("The plugin {plugin} provides no sport (its podium_sports hook returns none)."), code="plugin.no_sports", plugin=getattr(plugin, "__name__", plugin))
    return reports


def check_sport(
    sport: Sport,
    registry: Registry,
    *,
    breakers: Sequence[TieBreaker] = (),
    seeds: int = SEEDS,
    extra_rules: Iterable[Mapping[str, Any]] = (),
    refused: Mapping[str, str] | None = None,
    declared: tuple[Sequence[Any], Sequence[Any]] = ((), ()),
    package: str | None = None,
) -> Report:
    """Every check of :data:`~podium.testing.report.CHECKS` on ``sport`` as installed in ``registry``.

    ``breakers`` are the tie-breakers the sport's plugin brings; ``seeds`` is how many
    simulated results are checked per case; ``extra_rules`` are rule combinations to
    check besides the defaults and each declared option value; ``refused`` maps result
    texts that must be refused (under the defaults of the first entrant kind) to a phrase
    the refusal's message must contain; ``declared`` is what the plugin's hooks returned;
    ``package`` is the plugin's package, whose ``locale/*.po`` translations are checked.
    """
    found = Collector()
    _hook_values(declared, found)
    declarations.declaration(sport, registry, found)
    declarations.options(sport, found)
    checked, unusable = all_cases(sport, extra_rules)
    for label in unusable:
        found.add("declaration", label, _("no entrant (one person, a pair, or a team of up to 20) passes entrant_problems under the defaults, so nobody could enter."))
    played = [c for c in checked if not c.measured]
    results = ResultChecks(sport, found)
    if not played:
        for check in ("examples", "round_trip", "mirror", "outcomes", "simulator", "refusals"):
            found.skip(check, _("every event of {sport} is measured (performances in heats), so there are no match results to check.").format(
                sport=sport.name
            ))
    for case in played:
        results.examples(case)
        texts = results.simulator(case, seeds)
        chosen = refused if refused and case is played[0] else {}
        results.refusals(case, texts, random.Random(0), dict(chosen))
    declarations.tiebreaks(sport, registry, checked, found)
    declarations.tiebreakers(breakers, sport, checked, found)
    declarations.templates(sport, registry, checked, found)
    event.play(sport, registry, checked, found)
    if package is not None:
        messages.translations(package, found)
    else:
        found.skip("translations", _("no plugin package was given, so its translations were not checked."))
    return Report(sport.name, found.problems(), dict(found.skipped), cases=len(checked), results=results.checked)


def _hook_values(declared: tuple[Sequence[Any], Sequence[Any]], found: Collector) -> None:
    sports, breakers = declared
    for value in sports:
        if not isinstance(value, Sport):
            found.add("declaration", "podium_sports", _("the hook returned {value!r}, which is not a podium.api.Sport.").format(value=value))
    for value in breakers:
        if not isinstance(value, TieBreaker):
            found.add("declaration", "podium_tiebreakers", _("the hook returned {value!r}, which is not a podium.api.TieBreaker.").format(
                value=value
            ))
