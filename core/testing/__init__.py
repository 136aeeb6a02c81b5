"""Podium's conformance suite for sport plugins (``podium.testing``).

A plugin's tests subclass :class:`SportConformance` (a pytest test class) and name the
plugin module; :func:`check_plugin` runs the same checks without pytest and returns a
:class:`Report` per sport. ``docs/plugins.md`` explains every check; ``podium sports
SPORT --check`` runs them on an installed sport.
"""

from __future__ import annotations

from typing import Any

from podium.testing.conformance import check_plugin, check_sport
from podium.testing.report import CHECKS, Problem, Report

__all__ = ["CHECKS", "Problem", "Report", "SportConformance", "check_plugin", "check_sport"]


def __getattr__(name: str) -> Any:
    """``SportConformance`` is imported on first use: only it needs pytest."""
    if name == "SportConformance":
        from podium.testing.suite import SportConformance

        return SportConformance
    raise AttributeError(name)
