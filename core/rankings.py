"""The final ranking of a whole event, whatever its stages and formats.

The last stage ranks the entrants who reached it: by its standings (round robin,
Swiss), by the places its bracket decided (knockout, double elimination), or by
marks (heats, judged rounds). Entrants who went out in an earlier stage come after
them, stage by stage, by their place in that stage (:mod:`podium.final_ranking`,
docs/standings.md). Withdrawn entrants are not ranked; disqualified ones (a
measured DQ) are ranked nowhere and listed, so awards can skip them.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby

import attrs

from podium.final_ranking import Placing, final_ranking, group_tiers
from podium.measure.performance import Status
from podium.measure.stage import MeasuredStageState
from podium.state import EventState, StageState


@attrs.frozen
class EventRanking:
    """Places of one event; ``complete`` once its last stage is decided."""

    event: str
    placings: tuple[Placing, ...]
    complete: bool
    disqualified: frozenset[str] = frozenset()

    def at(self, place: int) -> list[str]:
        return [p.key for p in self.placings if p.place == place]


def event_ranking(event: EventState) -> EventRanking:
    """The event's final ranking from everything recorded so far."""
    if not event.stages:
        return EventRanking(event.key, (), False)
    tiers: list[tuple[str, ...]] = []
    ranked: set[str] = set()
    disqualified: set[str] = set()
    for stage in reversed(event.stages):
        stage_tiers, stage_dq = _stage_tiers(event, stage, ranked)
        tiers.extend(stage_tiers)
        disqualified |= stage_dq
        ranked |= {key for tier in stage_tiers for key in tier} | stage_dq
    tiers = [tuple(k for k in tier if k not in event.withdrawn) for tier in tiers]
    last = event.stages[-1]
    complete = last.name == event.config.stages[-1].name and _stage_finished(last)
    return EventRanking(event.key, final_ranking([t for t in tiers if t]), complete, frozenset(disqualified))


def _stage_finished(stage: StageState) -> bool:
    if isinstance(stage, MeasuredStageState):
        return not stage.pending_heats() and stage.complete
    return stage.complete and stage.format.finished(stage.view, stage.matches)


def _stage_tiers(event: EventState, stage: StageState, later: set[str]) -> tuple[list[tuple[str, ...]], set[str]]:
    """Tiers (best first) of the entrants of ``stage`` who did not reach a later stage, and its disqualified."""
    if isinstance(stage, MeasuredStageState):
        placings = [p for p in stage.standing.ranking.placings if p.entrant not in later]
        dq = {p.entrant for p in placings if p.mark.status is Status.DQ}
        placed = [p for p in placings if p.place is not None]
        return _by_place([(p.entrant, p.place) for p in placed]), dq  # type: ignore[misc]
    places = event.placings(stage)
    if places is not None:
        return _by_place([(key, place) for key, place in places if key not in later]), set()
    tables = [standings for _name, standings in event.standings(stage)]
    if len(tables) == 1:
        rows = [(row.key, row.place) for row in tables[0].rows if row.key not in later]
        return _by_place(rows), set()
    return group_tiers(tables, later), set()


def _by_place(rows: Sequence[tuple[str, int]]) -> list[tuple[str, ...]]:
    ordered = sorted(rows, key=lambda row: row[1])
    return [tuple(key for key, _ in group) for _, group in groupby(ordered, key=lambda row: row[1])]
