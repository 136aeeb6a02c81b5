"""Making the draw of an event's first stage, with a recorded seed.

The seed is journaled with the resulting positions, so the same seed always gives
the same draw and the draw can be audited. A redraw is allowed only before any
result of the event was entered.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from podium.errors import StateError
from podium.formats.base import StageEntrant, StageView
from podium.i18n import _
from podium.journal import Kind
from podium.meet import Meet, NewEntry
from podium.state import MeetState


@attrs.frozen
class DrawReport:
    """What a draw did: the event, stage, seed and number of matches laid out."""

    event: str
    stage: str
    seed: int
    entrants: int
    matches: int


def stage_entrants(state: MeetState, event_key: str) -> list[StageEntrant]:
    """The entrants of an event who take part in its first stage (registration order)."""
    event = state.event(event_key)
    return [
        StageEntrant(key=e.key, seed=e.seed, unit=e.unit, rating=e.rating)
        for e in event.entrants.values()
        if e.key not in event.withdrawn
    ]


def draw_payload(entrants: Sequence[StageEntrant], stage: str, draw: Mapping[str, Any], seed: int) -> dict[str, Any]:
    return {
        "stage": stage,
        "seed": seed,
        "entrants": [attrs.asdict(e) for e in entrants],
        "draw": draw,
    }


def make_draw(meet: Meet, event_key: str, *, seed: int | None = None, redraw: bool = False) -> DrawReport:
    """Draw the first stage of ``event_key`` and journal it."""
    seed = seed if seed is not None else secrets.randbelow(10**6)
    event_key = meet.config.event(event_key).key
    report: list[DrawReport] = []

    def build(state: MeetState) -> list[NewEntry]:
        event = state.event(event_key)
        if event.drawn:
            if not redraw:
                raise StateError(
                    _("Event '{event}' is already drawn; add --redraw to draw it again before any result.").format(event=event_key)
                )
            if any(stage.results for stage in event.stages):
                raise StateError(
                    _("Event '{event}' cannot be redrawn: results have been entered. Correct results instead.").format(
                        event=event_key
                    )
                )
        entrants = stage_entrants(state, event_key)
        if len(entrants) < 2:
            raise StateError(
                _("Event '{event}' has {count} entrants; a draw needs at least 2 (import them with 'podium entrants import').").format(
                    event=event_key, count=len(entrants)
                )
            )
        stage = event.config.stages[0]
        fmt = state.registry.format(stage.format)
        payload = draw_payload(entrants, stage.name, fmt.draw(entrants, stage.options, random.Random(seed)), seed)
        matches = fmt.matches(_view(stage.name, stage.options, entrants, payload["draw"]))
        report.append(DrawReport(event_key, stage.name, seed, len(entrants), sum(1 for m in matches if not m.is_bye)))
        reason = _("redraw") if event.drawn else None
        return [(Kind.DRAW, event_key, payload, reason)]

    meet.append(build, event_key)
    return report[-1]


def _view(stage: str, options: Mapping[str, Any], entrants: Sequence[StageEntrant], draw: Mapping[str, Any]) -> StageView:
    return StageView(name=stage, options=options, entrants=tuple(entrants), draw=draw)
