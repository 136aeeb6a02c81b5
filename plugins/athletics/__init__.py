"""Athletics (田径) for Podium: races in lanes and heats with Q and q, relays, jumps, throws and the high jump."""

from __future__ import annotations

from importlib.resources import files

from podium.hookspecs import hookimpl
from podium.sports import Sport
from podium.templating import TemplateSource


@hookimpl
def podium_sports() -> list[Sport]:
    from podium.plugins.athletics.sport import Athletics

    return [Athletics()]


@hookimpl
def podium_templates() -> list[TemplateSource]:
    """The athletics recording sheets: start lists with lanes, the trials grid of a jump or throw, the heights grid."""
    return [TemplateSource("athletics", files(__package__) / "templates")]
