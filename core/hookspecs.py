"""The contract between Podium and its plugins.

A plugin is a module (or object) with functions marked ``@hookimpl`` whose names
are the hooks below; it is found through the ``podium`` entry-point group::

    [project.entry-points.podium]
    badminton = "podium_badminton"

Each hook returns a list of objects; Podium collects them from every plugin and
looks them up by name. The built-in sports, formats and tie-breakers are
registered exactly the same way (``podium.builtins`` and ``podium.plugins.*``).
``podium sports`` lists everything installed and which distribution provides it.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import attrs
import pluggy

if TYPE_CHECKING:
    from podium.formats.base import Format
    from podium.model.sports import Sport
    from podium.tiebreakers.base import TieBreaker

PROJECT = "podium"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)
"""The marker of a plugin's hook functions: ``@hookimpl`` over ``def podium_sports(): ...``."""


@attrs.frozen
class TemplateSource:
    """A named directory of Jinja templates (and the CSS and images they use), returned by
    :func:`podium_templates`."""

    name: str
    directory: Path = attrs.field(converter=lambda value: Path(str(value)))


@hookspec
def podium_sports() -> list[Sport]:
    """Return the sports this plugin provides.

    Each is an instance of a :class:`podium.model.sports.Sport` subclass with a unique
    ``name`` (the value of ``sport = "..."`` in ``meet.toml``). A sport parses and
    validates results, turns them into outcomes, names its default scoring and
    tie-break chains and simulates valid results.
    """


@hookspec
def podium_formats() -> list[Format]:
    """Return the competition formats this plugin provides.

    Each is an instance of a :class:`podium.formats.base.Format` subclass with a
    unique ``name`` (the value of ``format = "..."`` of a stage). Formats know no
    sport: they lay out matches from a draw and outcomes.
    """


@hookspec
def podium_tiebreakers() -> list[TieBreaker]:
    """Return the tie-breakers this plugin provides.

    Each is an instance of a :class:`podium.tiebreakers.base.TieBreaker` subclass
    with a unique ``name`` (used in ``tiebreaks = [...]`` chains) and a ``source``
    citing the rule it implements.
    """


@hookspec
def podium_templates() -> list[TemplateSource]:
    """Return directories of Jinja templates this plugin adds or overrides.

    Each is a :class:`TemplateSource` (a name and a directory,
    usually ``importlib.resources.files(__package__) / "templates"``). Plugin
    templates are searched before Podium's own, so a sport can override a
    document (for example its score sheet) by using the same file name.
    """
