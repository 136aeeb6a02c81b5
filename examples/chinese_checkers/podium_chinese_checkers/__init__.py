"""Chinese checkers (跳棋) for Podium: the plugin module that the ``podium`` entry point names."""

from __future__ import annotations

from importlib.resources import files

from podium.api import Sport, hookimpl


@hookimpl
def podium_sports() -> list[Sport]:
    from podium_chinese_checkers.sport import ChineseCheckers

    return [ChineseCheckers()]


@hookimpl
def podium_templates() -> list[object]:
    """The folder holding ``score_sheets/chinese_checkers.html``; none on a Podium without printing."""
    try:
        from podium.api import TemplateSource
    except ImportError:
        return []
    return [TemplateSource("chinese_checkers", files(__package__) / "templates")]
