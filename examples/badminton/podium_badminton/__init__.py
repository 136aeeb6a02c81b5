"""Badminton (羽毛球) for Podium: the plugin module that the ``podium`` entry point names.

Podium calls these hooks once per process and looks the returned objects up by name:
the sport (``sport = "badminton"`` in meet.toml), its group-ranking tie-breaker
(``bwf_group``) and the folder of its score-sheet template.
"""

from __future__ import annotations

from importlib.resources import files

from podium.api import Sport, TieBreaker, hookimpl


@hookimpl
def podium_sports() -> list[Sport]:
    from podium_badminton.sport import Badminton

    return [Badminton()]


@hookimpl
def podium_tiebreakers() -> list[TieBreaker]:
    from podium_badminton.ranking import BwfGroupRanking

    return [BwfGroupRanking()]


@hookimpl
def podium_templates() -> list[object]:
    """The folder holding ``score_sheets/badminton.html``; none on a Podium without printing."""
    try:
        from podium.api import TemplateSource
    except ImportError:
        return []
    return [TemplateSource("badminton", files(__package__) / "templates")]
