"""The standings of an event (``podium standings``), and its team ranking (``podium standings --teams``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from podium.i18n import _, bilingual
from podium.journal.stages import ties_of
from podium.journal.state import MeetState
from podium.views.standings import (
    Column,
    Explanation,
    StandingsView,
    TeamPlayer,
    TeamRankingView,
    TeamRow,
    value_of,
)

if TYPE_CHECKING:
    from podium.services.meet import Meet
    from podium.sportsday.awards import Placed


def standings(state: MeetState, event: str, *, crosstable: bool = True) -> StandingsView:
    """The standings of every drawn stage of ``event``: tables with tie-break values and explanations, the places a
    knockout decided, the rankings of measured stages. Each round robin's or Swiss table carries its wall chart
    (each row's games, round by round) unless ``crosstable`` is false: a face that shows no wall chart (a text
    table, a spreadsheet) is spared its cells, 40,000 of them for 200 entrants."""
    found = state.event(event)
    units = state.config.units
    return StandingsView(
        found.key, found.config.name, found.sport.draws_allowed,
        tuple(stage.standings_view(found, units, crosstable=crosstable) for stage in found.stages),
    )


def current_standings(meet: Meet, event: str, *, crosstable: bool = True) -> StandingsView:
    """:func:`standings` of ``event`` (its key or its name) as its journal says now: made from the event's stream,
    or read back as it was kept when nothing it was made from changed since (:mod:`podium.services.kept_views`)."""
    from podium.services.kept_views import kept

    key = meet.config.event(event).key
    return kept(meet, "standings+crosstable" if crosstable else "standings", key, lambda state: standings(state, key, crosstable=crosstable))


def team_standings(state: MeetState, event: str) -> TeamRankingView:
    """The team ranking of ``event`` (队员总分制, CXA 2011 §11.5, §14.8): for each unit its place, the players who
    count with their places, the sum, the best place and the tie-break values; explanations as in standings.

    Units with fewer players who count rank after those with more; that step is explained as "players who count"
    (criterion ``players``; the chain ranks units with as many players).
    """
    from podium.services.sportsday import event_team_ranking
    from podium.sportsday.team_totals import team_key

    found = state.event(event)
    ranking = event_team_ranking(state, found.key)
    standings, units = ranking.standings, state.config.units

    def unit_name(key: str) -> str:
        return units[key].name if key in units else key

    def players(placed: Sequence[Placed]) -> tuple[TeamPlayer, ...]:
        result = []
        for p in placed:
            source, entrant = ranking.players.get(p.key, (found.key, None))
            result.append(TeamPlayer(p.key, source, ranking.sections.get(source), entrant.name if entrant else p.key, p.place, p.shared))
        return tuple(result)

    rows = []
    for row in standings.rows:
        unit = ranking.units[row.key]
        rows.append(
            TeamRow(
                row.place, row.shared, row.key, unit_name(row.key), len(unit.counted), sum(unit.places), min(unit.places),
                players(unit.counted), players(unit.others), {k: value_of(v) for k, v in row.values.items()},
            )
        )
    names = {r.unit: r.unit_name for r in rows}
    position = {row.key: index for index, row in enumerate(standings.rows)}
    explained = [
        (position[s.upper], Explanation(names[s.upper], names[s.lower], s.upper, s.lower, s.criterion, s.label,
                                        value_of(s.upper_value), value_of(s.lower_value)))
        for s in standings.separations
    ]
    for index, (upper, lower) in enumerate(zip(standings.rows, standings.rows[1:], strict=False)):
        if upper.record.points != lower.record.points:
            explained.append((index, Explanation(
                names[upper.key], names[lower.key], upper.key, lower.key, "players", bilingual(lambda: _("players who count")),
                value_of(upper.record.points), value_of(lower.record.points),
            )))
    shown = [b for b in standings.chain if b != "placings" and any(b in r.values for r in rows)]
    return TeamRankingView(
        event=found.key,
        key=team_key(found.key),
        name=ranking.config.name,
        source=found.config.name,
        complete=ranking.complete,
        count=ranking.config.count,
        chain=tuple(standings.chain),
        columns=tuple(Column(b, found.registry.tiebreaker(b).title) for b in shown),
        rows=tuple(rows),
        explain=tuple(entry for _index, entry in sorted(explained, key=lambda item: item[0])),
        ties=ties_of(standings, names),
        unresolved=tuple(tuple(names[k] for k in group) for group in standings.unresolved),
    )
