"""The plugin manager: loads every plugin of the ``podium`` entry-point group and
collects the sports, formats, tie-breakers and templates they provide."""

from __future__ import annotations

import functools
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

import attrs
import pluggy

from podium import hookspecs
from podium.entry_points import installed
from podium.errors import NotFound, PodiumError
from podium.i18n import N_, Message

if TYPE_CHECKING:
    from podium.formats.base import Format
    from podium.model.sports import Sport
    from podium.tiebreakers.base import TieBreaker


@attrs.frozen
class Provider:
    """Where a registered thing comes from: the plugin and its distribution."""

    plugin: str
    distribution: str
    version: str


@attrs.frozen
class Registry:
    """Everything the installed plugins provide, by name."""

    sports: Mapping[str, Sport]
    formats: Mapping[str, Format]
    tiebreakers: Mapping[str, TieBreaker]
    templates: tuple[Any, ...]
    providers: Mapping[tuple[str, str], Provider]
    sources: tuple[str, ...] = ()
    """Where the plugins' code is: each plugin module's file, or its package's folder (what a view kept between
    commands was made by, :mod:`podium.services.kept_views`)."""

    def sport(self, name: str) -> Sport:
        return _lookup(self.sports, name, Message(N_("sport")))

    def format(self, name: str) -> Format:
        return _lookup(self.formats, name, Message(N_("format")))

    def tiebreaker(self, name: str) -> TieBreaker:
        return _lookup(self.tiebreakers, name, Message(N_("tie-breaker")))

    def provider(self, kind: str, name: str) -> Provider:
        return self.providers[(kind, name)]


def _lookup(items: Mapping[str, Any], name: str, what: Message) -> Any:
    try:
        return items[name]
    except KeyError:
        raise NotFound(
            N_("Unknown {what} '{name}'; installed: {valid}."), code="plugin.not_installed", what=what, name=name, valid=", ".join(sorted(items))
        ) from None


def plugin_manager(extra_plugins: Iterable[object] = ()) -> pluggy.PluginManager:
    """A plugin manager with Podium's hook specifications and every installed plugin loaded."""
    manager = pluggy.PluginManager(hookspecs.PROJECT)
    manager.add_hookspecs(hookspecs)
    for point in installed(hookspecs.PROJECT):  # as pluggy's load_setuptools_entrypoints, from the kept list
        if manager.get_plugin(point.name) is None and not manager.is_blocked(point.name):
            manager.register(point.load(), name=point.name)
    for plugin in extra_plugins:
        manager.register(plugin)
    return manager


def build_registry(manager: pluggy.PluginManager) -> Registry:
    """Call the registration hooks of every plugin and index the results by name."""
    points = {point.name: point for point in reversed(installed(hookspecs.PROJECT))}  # the first of a name is loaded
    providers: dict[tuple[str, str], Provider] = {}
    collected: dict[str, dict[str, Any]] = {"sport": {}, "format": {}, "tiebreaker": {}}
    templates: list[Any] = []
    hooks = {
        "sport": manager.hook.podium_sports,
        "format": manager.hook.podium_formats,
        "tiebreaker": manager.hook.podium_tiebreakers,
        "template": manager.hook.podium_templates,
    }
    for kind, hook in hooks.items():
        for impl in reversed(hook.get_hookimpls()):  # registration order
            point = points.get(impl.plugin_name)
            provider = Provider(
                plugin=impl.plugin_name,
                distribution=point.distribution if point else impl.plugin_name,
                version=point.version if point else "",
            )
            for item in impl.function() or ():
                if kind == "template":
                    templates.append(item)
                    continue
                name = item.name
                if name in collected[kind]:
                    first = providers[(kind, name)]
                    raise PodiumError(
                        N_("Two plugins provide the {kind} '{name}': {first} and {second}; uninstall one of them."), code="plugin.provided_twice", kind=kind, name=name, first=first.distribution, second=provider.distribution
                    )
                collected[kind][name] = item
                providers[(kind, name)] = provider
    return Registry(
        sports=collected["sport"],
        formats=collected["format"],
        tiebreakers=collected["tiebreaker"],
        templates=tuple(templates),
        providers=providers,
        sources=tuple(sorted({found for plugin in manager.get_plugins() if (found := _source(plugin))})),
    )


def _source(plugin: object) -> str | None:
    """The file of ``plugin``'s module (a module, or an object made by one), or the folder of its package."""
    module = plugin if isinstance(plugin, ModuleType) else sys.modules.get(type(plugin).__module__)
    file = getattr(module, "__file__", None)
    if not file:
        return None
    path = Path(file)
    return str(path.parent if path.name == "__init__.py" else path)


@functools.cache
def registry() -> Registry:
    """The registry of everything installed (loaded once per process)."""
    return build_registry(plugin_manager())
