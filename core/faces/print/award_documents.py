"""Awards for printing: certificates, the medal table and the unit points table.

The awards themselves are the sports day's (:mod:`podium.services.sportsday`: the event's final
ranking, its award scheme in ``meet.toml`` — by default places 1–3 with medals — and
disqualifications); this module turns them into the printable view models. A team's or
pair's award gives each of its members a certificate, reserves included (table-tennis
plan 5 §7: awards are counted per person).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from podium.config.meet import MeetConfig
from podium.faces.print.models import Award, Certificate, MedalRow, UnitPoints, UnitPointsRow, unit_name
from podium.journal.state import MeetState
from podium.services.sportsday import event_results, tables_view


def meet_awards(state: MeetState, events: Iterable[str] | None = None, lang: str | None = None) -> list[Award]:
    """Every award of the decided events (or of ``events``, with their team rankings), in meet order, titles in
    ``lang``. A unit's award in a team ranking gives a certificate to each player who counted for it."""
    wanted = set(events) if events is not None else None
    units = state.config.units
    awards = []
    for result in event_results(state):
        event = result.event
        if result.ranking is None or (wanted is not None and event.key not in wanted):
            continue
        for award in result.awards:
            entrant = event.entrants.get(award.entrant) if result.team is None else None
            people = result.recipients(award)
            several = result.team is not None or (entrant is not None and len(entrant.members) > 1)
            awards.append(
                Award(
                    event=result.title.get(lang),
                    title=award.title.get(lang),
                    name=result.name(award.entrant, units),
                    unit=unit_name(state.config, result.unit(award.entrant)),
                    place=award.place,
                    medal=award.medal,
                    members=people if several else (),
                )
            )
    return awards


def medal_rows(state: MeetState) -> list[MedalRow]:
    """The medal table of the decided events (:func:`podium.services.sportsday.tables_view`)."""
    return [
        MedalRow(place=row["place"], unit=row["unit_name"] or row["unit"], gold=row["gold"], silver=row["silver"], bronze=row["bronze"])
        for row in tables_view(state)["medals"]
    ]


def unit_points_table(state: MeetState) -> UnitPoints:
    """The unit points table (团体总分) of the decided events that count, one column per event."""
    points = tables_view(state)["points"]
    columns = [e["event"] for e in points["events"]]
    return UnitPoints(
        events=tuple(e["name"] for e in points["events"]),
        rows=tuple(
            UnitPointsRow(
                place=row["place"],
                unit=row["unit_name"] or row["unit"],
                points=tuple(row["points"].get(key, 0) for key in columns),
                total=row["total"],
            )
            for row in points["rows"]
        ),
    )


def certificates(config: MeetConfig, awards: Iterable[Award], signatures: Sequence[str] = (), lang: str | None = None) -> list[Certificate]:
    """One certificate per award, or per member when the award went to a team or pair."""
    result = []
    for award in awards:
        people = award.members or (award.name,)
        for person in people:
            result.append(
                Certificate(
                    meet=config.name.get(lang),
                    event=award.event,
                    title=award.title,
                    name=person,
                    unit=award.unit,
                    team=award.name if award.members and award.name != award.unit else "",  # a unit's own award: its name once
                    date=config.date,
                    organiser=config.organiser,
                    signatures=tuple(signatures),
                )
            )
    return result
