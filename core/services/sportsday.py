"""Sports-day services: each event's final ranking, the awards, the medal table and the unit points table.

The award and points rules are pure functions of a ranking (:mod:`podium.sportsday.awards`,
:mod:`podium.sportsday.unit_points`); this module gathers the rankings from the meet and
names things for people.

:func:`final_ranking` is the one place that decides what an event's final ranking
is: the ranking of the whole event (:func:`podium.standings.event_ranking.event_ranking`)
once the last stage of its ``meet.toml`` is drawn and complete, with its disqualified
entrants flagged (docs/sportsday.md, "The final ranking").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction

import attrs

from podium.errors import StateError, Target
from podium.i18n import N_, Label
from podium.journal.entries import Kind
from podium.journal.kinds import SPECS, DisqualificationFacts
from podium.journal.state import EventState, MeetState
from podium.model.entrants import EntrantKind, Unit
from podium.services.meet import Meet, NewEntry
from podium.sportsday.awards import Award, Placed, give_awards, recipients
from podium.sportsday.team_totals import team_key, team_placed
from podium.sportsday.unit_points import EventPoints, event_points, medal_table, unit_table
from podium.standings.event_ranking import TeamRanking, event_ranking, team_ranking
from podium.views.answers import Disqualified
from podium.views.awards import (
    AwardsView,
    AwardView,
    DivisionTables,
    EventAwards,
    MedalRow,
    MedalsView,
    PointsEvent,
    UnitPointsRow,
    UnitPointsView,
)


def disqualified(state: MeetState) -> dict[str, set[str]]:
    """Entrants disqualified (and not reinstated) in the journal, by event."""
    found: dict[str, set[str]] = {}
    for entry in state.journal:
        if entry.kind is Kind.DISQUALIFICATION and entry.event is not None:
            barred = found.setdefault(entry.event, set())
            facts: DisqualificationFacts = entry.facts
            if facts.cancel:
                barred.discard(facts.entrant)
            else:
                barred.add(facts.entrant)
    return found


def final_ranking(event: EventState, barred: Iterable[str] = ()) -> tuple[Placed, ...] | None:
    """The final ranking of ``event`` (:func:`podium.standings.event_ranking.event_ranking`), or ``None`` while it is not decided.

    Entrants in ``barred`` (``podium disqualify``) keep the place they earned and are flagged; entrants a measured
    event disqualified (DQ) hold no place of the ranking (docs/fun_games.md: DQ is listed last, without a place), so
    they come flagged after every place it uses, places shared or left empty by a bracket included (1, –, 3, 4=, 4=,
    then the DQ at 6). Either way they receive no award and score no unit points, and the award rule decides
    whether those below move up (``awards.disqualified``).
    """
    ranking = event_ranking(event)
    if not ranking.complete:
        return None
    barred = set(barred) | ranking.disqualified
    placed = [Placed(p.key, p.place, p.shared, p.key in barred) for p in ranking.placings]
    out = sorted(ranking.disqualified)
    placed += [Placed(key, ranking.places + 1, len(out) > 1, True) for key in out]
    return tuple(placed)


def event_team_ranking(state: MeetState, event: str) -> TeamRanking:
    """The team ranking of ``event`` (队员总分制, CXA 2011 §11.5), leaving out its disqualified players."""
    found = state.event(event)
    return _team_ranking_of(state, found, disqualified(state))


def _team_ranking_of(state: MeetState, event: EventState, barred: Mapping[str, Iterable[str]]) -> TeamRanking:
    config = event.config.team_ranking
    also = [(state.event(key), barred.get(key, ())) for key in (config.also if config else ())]
    return team_ranking(event, barred.get(event.key, ()), also)


@attrs.frozen
class EventResult:
    """One event's final ranking (``None`` while undecided) and its awards.

    With ``team`` it is the event's team ranking (队员总分制, CXA 2011 §11.5): its
    ranking and awards are of units, keyed :func:`podium.sportsday.team_totals.team_key`.
    """

    event: EventState
    ranking: tuple[Placed, ...] | None
    awards: tuple[Award, ...]
    team: TeamRanking | None = None

    @property
    def key(self) -> str:
        return team_key(self.event.key) if self.team is not None else self.event.key

    @property
    def title(self) -> Label:
        return self.team.config.name if self.team is not None else self.event.config.name

    @property
    def points(self) -> EventPoints | None:
        """The unit points rule of this ranking (a team ranking brings points only when it has a ``points`` table)."""
        return self.team.config.points if self.team is not None else self.event.config.points

    @property
    def disqualified_rule(self) -> str:
        scheme = self.team.config.awards if self.team is not None else None
        return (scheme or self.event.config.awards).disqualified

    def unit(self, key: str) -> str | None:
        """The unit of a ranked entry (a team ranking ranks units themselves)."""
        if self.team is not None:
            return key
        entrant = self.event.entrants.get(key)
        return entrant.unit if entrant else None

    def name(self, key: str, units: Mapping[str, Unit]) -> str:
        if self.team is not None:
            return units[key].name if key in units else key
        entrant = self.event.entrants.get(key)
        return entrant.name if entrant else key

    def recipients(self, award: Award) -> tuple[str, ...]:
        """Who receives a certificate: the entrant, each member of a pair or team, or the players who counted for a unit."""
        if self.team is not None:
            found = self.team.units.get(award.entrant)
            return tuple(self.team.players[p.key][1].name for p in found.counted if p.key in self.team.players) if found else ()
        return recipients(award, self.event.entrants)


def event_results(state: MeetState) -> list[EventResult]:
    """Every event with its ranking and awards, in meet order; an event's team ranking follows it when it has
    awards or unit points of its own."""
    found = []
    barred = disqualified(state)
    for event in state.events():
        ranking = final_ranking(event, barred.get(event.key, ()))
        awards = tuple(give_awards(event.key, ranking, event.config.awards)) if ranking is not None else ()
        found.append(EventResult(event, ranking, awards))
        config = event.config.team_ranking
        if config is None or (config.awards is None and config.points is None):
            continue
        team = _team_ranking_of(state, event, barred)
        placed = team_placed(team.standings) if team.complete else None
        given = tuple(give_awards(team_key(event.key), placed, config.awards)) if placed is not None and config.awards else ()
        found.append(EventResult(event, placed, given, team))
    return found


def _number(value: Fraction | float) -> int | float:
    number = float(value)
    return int(number) if number.is_integer() else round(number, 2)


def _unit_name(state: MeetState, unit: str | None) -> str | None:
    return state.config.units[unit].name if unit in state.config.units else None


def awards_view(state: MeetState, event: str | None = None) -> AwardsView:
    """The awards of every decided event (or of ``event`` and its team ranking) with who receives a certificate."""
    wanted = state.config.event(event).key if event else None
    units = state.config.units
    events = []
    for result in event_results(state):
        if wanted is not None and result.event.key != wanted:
            continue
        awards = []
        for award in result.awards:
            unit = result.unit(award.entrant)
            awards.append(
                AwardView(
                    award.place, award.shared, award.title, award.kind, award.medal, award.entrant,
                    result.name(award.entrant, units), unit, _unit_name(state, unit), tuple(result.recipients(award)),
                )
            )
        barred = sorted(p.key for p in result.ranking or () if p.disqualified)
        events.append(
            EventAwards(
                result.key, result.title, result.ranking is not None, tuple(barred), tuple(awards),
                tuple(result.name(key, units) for key in barred),
            )
        )
    return AwardsView(tuple(events))


def tables_view(state: MeetState) -> MedalsView:
    """The medal table and the unit points table of the events decided so far.

    When the units have divisions (the classes of a grade), ``divisions`` holds the two tables of each
    division with its units ranked among themselves, on the events its units entered. The tables are
    unofficial while any event is not decided: they may still change.
    """
    config = state.config
    results = event_results(state)
    scored = []
    awards: list[Award] = []
    unit_of: dict[tuple[str, str], str | None] = {}
    counted = []
    for result in results:
        if result.ranking is None:
            continue
        ev = result.event
        for placed in result.ranking:
            unit_of[(result.key, placed.key)] = result.unit(placed.key)
        awards += result.awards
        rule = result.points
        if rule is None or not rule.counts:
            continue
        counted.append(result)
        kind = EntrantKind.TEAM if result.team is not None else ev.config.kind
        scale = rule.places if rule.places is not None else config.points.places
        multiplier = rule.multiplier if rule.multiplier is not None else config.points.multiplier(kind)
        units = {placed.key: result.unit(placed.key) for placed in result.ranking}
        scored += event_points(result.key, result.ranking, units, scale, multiplier, result.disqualified_rule)
    places = max([len(config.points.places)] + [len(r.points.places or ()) for r in counted if r.points is not None])
    undecided = tuple(r.key for r in results if r.ranking is None)

    def tables(units: list[str], events: list[EventResult]) -> tuple[tuple[MedalRow, ...], UnitPointsView]:
        mine = set(units)
        unit_rows = unit_table([s for s in scored if s.unit in mine], units, places, config.points.tie)
        medal_rows = medal_table(awards, {k: u for k, u in unit_of.items() if u in mine}, units)
        medals = tuple(
            MedalRow(r.place, r.shared, r.unit, _unit_name(state, r.unit) or r.unit, r.gold, r.silver, r.bronze, r.total)
            for r in medal_rows
        )
        points = UnitPointsView(
            events=tuple(PointsEvent(r.key, r.title) for r in events),
            tie=config.points.tie,
            rows=tuple(
                UnitPointsRow(
                    r.place, r.shared, r.unit, _unit_name(state, r.unit) or r.unit,
                    {k: _number(v) for k, v in r.points.items()}, _number(r.total), tuple(r.places),
                )
                for r in unit_rows
            ),
        )
        return medals, points

    divisions = []
    for division in config.divisions:
        units = [u.key for u in config.units.values() if u.division == division]
        entered = [r for r in counted if any(e.unit in units for e in r.event.entrants.values())]
        divisions.append(DivisionTables(division, *tables(units, entered)))
    medals, points = tables(list(config.units), counted)
    return MedalsView(
        decided=tuple(r.key for r in results if r.ranking is not None),
        undecided=undecided,
        undecided_names=tuple(r.title for r in results if r.ranking is None),
        unofficial=bool(undecided),
        medals=medals,
        points=points,
        divisions=tuple(divisions),
    )


def disqualify(meet: Meet, event_key: str, reference: str, reason: str, *, cancel: bool = False) -> Disqualified:
    """Bar an entrant of an event from its awards and unit points (or, with ``cancel``, reinstate them)."""
    event_key = meet.config.event(event_key).key
    done: list[Disqualified] = []

    def build(state: MeetState) -> list[NewEntry]:
        entrant = state.event(event_key).entrant(reference)
        barred = entrant.key in disqualified(state).get(event_key, set())
        if cancel and not barred:
            raise StateError(N_("{name} is not disqualified in {event}."), code="sportsday.not_disqualified", target=Target(event=event_key, entrant=entrant.name), name=entrant.name, event=state.config.events[event_key].name)
        if not cancel and barred:
            raise StateError(N_("{name} is already disqualified in {event}."), code="sportsday.already_disqualified", target=Target(event=event_key, entrant=entrant.name), name=entrant.name, event=state.config.events[event_key].name)
        done.append(Disqualified(event_key, meet.config.event(event_key).name, entrant.key, entrant.name, cancel))
        return [SPECS[Kind.DISQUALIFICATION].entry(event_key, DisqualificationFacts(entrant.key, cancel), reason)]

    meet.append(build)
    return done[-1]
