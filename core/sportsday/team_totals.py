"""Team ranking from individual places (队员总分制): the configuration and the pure ranking of units.

CXA 2011 §11.5: "比赛不分台次，按照各队棋手参加个人赛成绩之和来计算团体成绩" —
a team event with no boards and no matches, scored from its players' results in an
individual event. §14.8 ranks the teams: "根据各队棋手个人名次总和多少排列名次，少者列前。
如相等，则比较最高个人名次" (the sum of the players' places, fewer first; then the best single
place). CXA 1999 §15.5 goes on: the next best place, the team's fouls, then
the place is shared.

An individual (or pair) event declares the ranking of its units in ``meet.toml``
(``[events.<key>.team_ranking]``, docs/standings.md); nothing is stored — it is derived
from the event's final ranking each time (:func:`podium.standings.event_ranking.team_ranking`). The
team of a unit is its players in the event; with ``count = N`` only the N best placed
count, and a unit with fewer placed players ranks after every unit with N (the rules
do not say how many count; by default all do).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from podium.config.tables import Reader
from podium.errors import PodiumError
from podium.i18n import N_, Label, translate
from podium.model.entrants import EntrantKind
from podium.sportsday.awards import AwardScheme, Placed, read_awards
from podium.sportsday.unit_points import EventPoints, read_event_points
from podium.standings.options import standings_options
from podium.tiebreakers.presets import CHAINS

if TYPE_CHECKING:
    from podium.standings.ledger import Decision, Entry
    from podium.standings.table import Standings
    from podium.tiebreakers.base import TieBreaker

KEYS = ("name", "count", "also", "tiebreaks", "standings", "awards", "points")
"""Keys of ``[events.<key>.team_ranking]``."""

DEFAULT_CHAIN = "cxa-14.8"
"""The chain when neither the event nor its sport (``Sport.tiebreaks["team_totals"]``) names one."""

TIEBREAKERS = (
    "placings", "next_best_place", "penalties", "fouls", "warnings", "wins", "game_wins",
    "second_wins", "second_games", "game_points", "lots",
)
"""Tie-breakers a team ranking can use: the places, and counters summed over the players who count.
Criteria that compare entrants' matches with each other (head-to-head, Buchholz…) cannot rank units."""


@attrs.frozen
class TeamRankingConfig:
    """``[events.<key>.team_ranking]``: how the units of an individual event are ranked by their players' places.

    ``count``: how many of a unit's best placed players count (``None``: all of them).
    ``also``: other individual events whose players' places count too (the girls' section of the boys'
    event), each place as that event ranked it.
    ``awards`` and ``points``: the ranking's own award scheme and unit points, only when given.
    """

    name: Label
    count: int | None = None
    also: tuple[str, ...] = ()
    tiebreaks: tuple[str, ...] = CHAINS[DEFAULT_CHAIN]
    standings: Mapping[str, Any] = attrs.field(factory=dict)
    awards: AwardScheme | None = None
    points: EventPoints | None = None


def team_key(event: str) -> str:
    """How awards and unit points name the team ranking of ``event`` (an event key has no dot, so it cannot clash)."""
    return f"{event}.teams"


def default_name(event: Label) -> Label:
    """``<event>: team ranking`` in both languages."""
    message = N_("{event}: team ranking")
    return Label(zh=translate(message, "zh").format(event=event.zh), en=message.format(event=event.en))


def read_team_ranking(
    reader: Reader,
    *,
    event: Label,
    kind: EntrantKind,
    default_chain: Sequence[str],
    known_tiebreakers: Collection[str],
) -> TeamRankingConfig:
    """Read ``[events.<key>.team_ranking]``; every problem goes to the reader (reported with file and line)."""
    reader.known(KEYS)
    if kind is EntrantKind.TEAM:
        reader.problem(
            None,
            N_("the entrants of a team event already are teams; a team ranking ranks the units of an individual or pair event"), code="config.team_ranking_of_teams",
        )
    chain = _chain(reader, default_chain, known_tiebreakers)
    options = _standings(reader)
    fallback = default_name(event)
    return TeamRankingConfig(
        name=reader.label("name", fallback) or fallback,
        count=reader.integer("count", None, minimum=1),
        also=reader.texts("also"),
        tiebreaks=chain,
        standings=options,
        awards=read_awards(reader.child("awards")) if "awards" in reader.data else None,
        points=read_event_points(reader.child("points")) if "points" in reader.data else None,
    )


def _standings(reader: Reader) -> dict[str, Any]:
    """The standings options of the team ranking (``decide = [1]``: the winning unit must not be shared)."""
    raw = reader.data.get("standings", {})
    if not isinstance(raw, Mapping):
        reader.problem("standings", N_("must be a table of standings options like  decide = [1]"), code="config.standings_not_a_table")
        raw = {}
    try:
        return standings_options(raw, "standings")
    except PodiumError as error:
        reader.problem("standings", error.problem.bare())
        return standings_options({}, "standings")


def _chain(reader: Reader, default: Sequence[str], known: Collection[str]) -> tuple[str, ...]:
    """The ``tiebreaks`` of a team ranking: a preset name or a list, of tie-breakers that can rank units."""
    raw = reader.data.get("tiebreaks")
    if raw is None:
        return tuple(default)
    if isinstance(raw, str):
        if raw not in CHAINS:
            reader.problem(
                "tiebreaks",
                N_("unknown tie-break chain '{name}'; valid chains: {chains}; or give a list of tie-breakers: {valid}"), code="config.chain_unknown", name=raw, chains=", ".join(CHAINS), valid=", ".join(TIEBREAKERS),
            )
            return tuple(default)
        names: tuple[str, ...] = CHAINS[raw]
    elif isinstance(raw, list) and all(isinstance(n, str) for n in raw):
        names = tuple(raw)
    else:
        reader.problem("tiebreaks", N_("must be a chain name like \"cxa-14.8\" or a list of tie-breaker names"), code="config.team_ranking_chain_invalid")
        return tuple(default)
    wrong = [n for n in names if n not in TIEBREAKERS or n not in known]
    if wrong:
        reader.problem(
            "tiebreaks",
            N_("'{name}' cannot rank units by their players' places; valid tie-breakers here: {valid}"), code="config.team_ranking_tiebreaker_invalid", name=wrong[0], valid=", ".join(TIEBREAKERS),
        )
        return tuple(default)
    return names


@attrs.frozen
class UnitPlaces:
    """The placed players of one unit: ``counted`` (best first) make its team result, ``others`` do not."""

    unit: str
    counted: tuple[Placed, ...]
    others: tuple[Placed, ...] = ()

    @property
    def places(self) -> tuple[int, ...]:
        return tuple(p.place for p in self.counted)


def unit_places(ranking: Sequence[Placed], units: Mapping[str, str | None], count: int | None) -> dict[str, UnitPlaces]:
    """Each unit's placed players, best first; the best ``count`` of them count (all with ``None``).

    ``ranking`` is the individual event's ranking without its disqualified entrants
    (:func:`podium.sportsday.awards.award_places`); ``units`` maps an entrant to its unit. A shared
    individual place counts as the shared number (two sharing 3rd both count 3).
    Entrants without a unit belong to no team; units are listed in order of their best place.
    """
    players: dict[str, list[Placed]] = {}
    for placed in sorted(ranking, key=lambda p: p.place):
        unit = units.get(placed.key)
        if unit is not None and not placed.disqualified:
            players.setdefault(unit, []).append(placed)
    cut = {unit: len(found) if count is None else count for unit, found in players.items()}
    return {unit: UnitPlaces(unit, tuple(found[: cut[unit]]), tuple(found[cut[unit] :])) for unit, found in players.items()}


def rank_units(
    places: Mapping[str, UnitPlaces],
    chain: Sequence[TieBreaker],
    *,
    entries: Mapping[str, Sequence[Entry]] | None = None,
    penalties: Mapping[str, tuple[int, int]] | None = None,
    decisions: Sequence[Decision] = (),
    options: Mapping[str, Any] | None = None,
) -> Standings:
    """Rank the units: more players counted first, then ``chain`` (CXA 2011 §14.8: ``placings`` first).

    ``entries`` and ``penalties`` are those of the players who count, summed per unit
    (全队犯规, CXA 1999 §15.5; a penalised team goes last among equals, CXA 2011 §18.5).
    """
    # loaded when units are ranked, not when meet.toml is read
    from podium.standings.ledger import build_placings_ledger
    from podium.standings.table import rank

    ledger = build_placings_ledger(
        {unit: found.places for unit, found in places.items()},
        penalties=penalties,
        entries=entries,
        decisions=decisions,
        options=options,
    )
    return rank(ledger, chain)


def team_placed(standings: Standings) -> tuple[Placed, ...]:
    """The team ranking as places of units, for awards and unit points."""
    return tuple(Placed(row.key, row.place, row.shared) for row in standings.rows)
