"""The final ranking of a whole event, whatever its stages and formats.

The last stage ranks the entrants who reached it: by its standings (round robin,
Swiss), by the places its bracket decided (knockout, double elimination), or by
marks (heats, judged rounds). Entrants who went out in an earlier stage come after
them, stage by stage, by their place in that stage (:mod:`podium.standings.tiers`,
docs/standings.md). Withdrawn entrants are not ranked; disqualified ones (a
measured DQ) are ranked nowhere and listed, so awards can skip them. An entrant
who reached a measured stage and ended it without a valid mark (DNF, DNS, NM) has
no place: the earlier stage they came through does not place them either.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import attrs

from podium.errors import PodiumError, Target
from podium.i18n import N_, Label
from podium.journal.kinds import TEAMS_TABLE
from podium.journal.state import EventState
from podium.model.entrants import Entrant
from podium.sportsday.awards import Placed, award_places
from podium.sportsday.team_totals import TeamRankingConfig, UnitPlaces, rank_units, unit_places
from podium.standings.ledger import Entry, build_ledger
from podium.standings.table import Standings
from podium.standings.tiers import Placing, final_ranking, places_used


@attrs.frozen
class EventRanking:
    """Places of one event; ``complete`` once its last stage is decided."""

    event: str
    placings: tuple[Placing, ...]
    complete: bool
    disqualified: frozenset[str] = frozenset()
    places: int = 0
    """How many places ``placings`` use, places a bracket left empty included (:func:`podium.standings.tiers.places_used`)."""

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
        stage_tiers, stage_dq, unplaced = stage.tiers(event, ranked)
        tiers.extend(stage_tiers)
        disqualified |= stage_dq
        ranked |= {key for tier in stage_tiers for key in tier} | stage_dq | unplaced
    # Withdrawn entrants are not ranked and those below move up; a place a bracket left empty stays empty.
    tiers = [kept for tier in tiers if (kept := tuple(k for k in tier if k not in event.withdrawn)) or not tier]
    last = event.stages[-1]
    complete = last.name == event.config.stages[-1].name and last.complete
    return EventRanking(event.key, final_ranking(tiers), complete, frozenset(disqualified), places_used(tiers))


@attrs.frozen
class TeamRanking:
    """The event's units ranked by their players' places (队员总分制, CXA 2011 §11.5, §14.8).

    ``units`` holds each unit's players who count and the others; ``standings`` is the
    ranked table (its points are the number of players who count); ``complete`` once
    the individual events are decided. ``players`` gives each ranked player's event and
    entrant: the event's own players by their key, those of the events in ``also`` as
    ``<event>/<key>``; ``sections`` names those other events.
    """

    event: str
    config: TeamRankingConfig
    units: Mapping[str, UnitPlaces]
    standings: Standings
    complete: bool
    players: Mapping[str, tuple[str, Entrant]] = attrs.field(factory=dict)
    sections: Mapping[str, Label] = attrs.field(factory=dict)


def team_ranking(
    event: EventState, barred: Iterable[str] = (), also: Sequence[tuple[EventState, Iterable[str]]] = ()
) -> TeamRanking:
    """The team ranking of ``event`` from its final ranking so far (:func:`event_ranking`), and from those of
    the events its ``also`` names (given with their ``barred`` players), each place as its own event ranked it.

    Withdrawn players are not ranked, so they do not count. Players in ``barred``
    (``podium disqualify``) and measured disqualifications do not count either; the
    places of the others follow the event's award rule (``disqualified = "move_up"``:
    those below move up a place; ``"vacate"``: places stay). The counters (fouls…) and
    penalties of a unit are those of its players who count; lots and play-offs come
    from ``podium lots EVENT --teams`` and ``podium playoff EVENT --teams``.
    """
    config = event.config.team_ranking
    if config is None:
        raise PodiumError(
            N_("{event} has no team ranking; declare one in meet.toml as [events.{key}.team_ranking] (docs/standings.md)."), code="event.no_team_ranking", target=Target(event=event.key, option=f"events.{event.key}.team_ranking"),
            event=event.config.name, key=event.key,
        )
    placed: list[Placed] = []
    units: dict[str, str | None] = {}
    entries: dict[str, list[Entry]] = {}
    player_penalties: dict[str, tuple[int, int]] = {}
    players: dict[str, tuple[str, Entrant]] = {}
    complete = True
    for source, excluded_here in ((event, barred), *also):
        prefix = "" if source is event else f"{source.key}/"
        ranking = event_ranking(source)
        complete = complete and ranking.complete
        excluded = set(excluded_here) | ranking.disqualified
        own = [Placed(p.key, p.place, p.shared, p.key in excluded) for p in ranking.placings]
        placed += [attrs.evolve(p, key=prefix + p.key) for p in award_places(own, source.config.awards.disqualified)]
        for key, entrant in source.entrants.items():
            units[prefix + key] = entrant.unit
            players[prefix + key] = (source.key, entrant)
        for key, found in _player_entries(source).items():
            entries[prefix + key] = found
        for key, counts in source.penalties.items():
            player_penalties[prefix + key] = counts
    places = unit_places(placed, units, config.count)
    team_entries: dict[str, list[Entry]] = {}
    penalties: dict[str, tuple[int, int]] = {}
    for unit, found in places.items():
        team_entries[unit] = [entry for player in found.counted for entry in entries.get(player.key, ())]
        counts = [player_penalties.get(player.key, (0, 0)) for player in found.counted]
        total = (sum(c[0] for c in counts), sum(c[1] for c in counts))
        if any(total):
            penalties[unit] = total
    chain = [event.registry.tiebreaker(name) for name in config.tiebreaks]
    standings = rank_units(
        places, chain, entries=team_entries, penalties=penalties, decisions=event.lots.get(TEAMS_TABLE, ()), options=config.standings
    )
    sections = {source.key: source.config.name for source, _barred in also}
    return TeamRanking(event.key, config, places, standings, complete, players, sections)


def _player_entries(event: EventState) -> dict[str, list[Entry]]:
    """Every entrant's matches over all the event's stages of matches (annulled results left out, CXA 2011 §19.2)."""
    found: dict[str, list[Entry]] = {}
    keys = list(event.entrants)
    for stage in event.stages:  # a measured stage has no matches, so no outcomes
        ledger = build_ledger(keys, stage.outcomes(), stage.config.scoring)
        for key, record in ledger.records.items():
            found.setdefault(key, []).extend(record.entries)
    return found
