"""Game templates: ready-made events a sport offers (``game = "sack_race"`` in ``meet.toml``).

A template names a game from the event rules (docs/sources.md) with its entrant kind, the format and format
options of its single stage, and its rule defaults; an event that uses it may
override any option in its own ``rules`` table or stages. ``podium sports --game NAME``
shows a template with a ``meet.toml`` snippet.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from podium.i18n import Label
from podium.model.entrants import EntrantKind


@attrs.frozen
class GameTemplate:
    """One ready-made event: what it is, how it is run and where the rules come from."""

    name: str
    title: Label
    kind: EntrantKind
    format: str
    summary: Label
    source: str
    format_options: Mapping[str, Any] = attrs.field(factory=dict)
    rules: Mapping[str, Any] = attrs.field(factory=dict)
