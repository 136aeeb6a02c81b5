"""The matches and heats of an event in order of play (``podium matches``; draw sheets and the order of play)."""

from __future__ import annotations

from podium.journal.state import MeetState
from podium.views.matches import MatchListView


def match_list(state: MeetState, event: str, *, pending: bool = False) -> MatchListView:
    """Every match and heat of ``event`` (or, with ``pending``, only those waiting for a result), stage by stage."""
    found = state.event(event)
    items = tuple(item for stage in found.stages for item in stage.item_views(found, state.config.units, pending=pending))
    return MatchListView(found.key, found.config.name, found.drawn, items)
