"""Awards for printing: certificates, the medal table and the unit points table.

Documents are rendered from :class:`~podium.reports.models.Award` lists. Until a meet
configures award schemes, :func:`standing_awards` gives the common default of the seeds'
event plans: places 1–3 of each finished event (冠军、亚军、季军, seed 003-004 §9 item 9;
seed 002 §5 "ranks 1–3"), gold, silver and bronze medals, and a team's award going to
each of its members, reserves included (seed 002 L461–473: awards are counted per person).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from podium.config import MeetConfig
from podium.i18n import N_, _
from podium.measure.stage import MeasuredStageState
from podium.reports.models import Award, Certificate, MedalRow, UnitPoints, UnitPointsRow, unit_name
from podium.state import EventState

PLACE_TITLES = (N_("Champion"), N_("Runner-up"), N_("Third place"))
MEDALS = ("gold", "silver", "bronze")
DEFAULT_SCALE = (9, 7, 6, 5, 4, 3, 2, 1)
"""Unit points for places 1–8 (the example scale of issue 8; a meet may give another)."""


def standing_awards(config: MeetConfig, events: Iterable[EventState], scale: Sequence[float] = DEFAULT_SCALE) -> list[Award]:
    """Places 1–3 of every finished event (see :func:`final_places`), with unit points by ``scale``.

    Entrants sharing a place share the points of the places they cover (two entrants
    sharing 3rd under 9-7-6-5… get (6+5)/2 = 5.5 each) and get the same title and medal.
    """
    awards = []
    for event in events:
        places = final_places(event)
        for key, place in places:
            if place > len(PLACE_TITLES):
                continue
            sharing = sum(1 for _k, p in places if p == place)
            covered = [scale[p - 1] if p - 1 < len(scale) else 0 for p in range(place, place + sharing)]
            entrant = event.entrants.get(key)
            members = tuple(p.name for p in entrant.members) if entrant and len(entrant.members) > 1 else ()
            awards.append(
                Award(
                    event=event.config.name.get(),
                    title=_(PLACE_TITLES[place - 1]),
                    name=entrant.name if entrant else key,
                    unit=unit_name(config, entrant.unit if entrant else None),
                    place=place,
                    medal=MEDALS[place - 1],
                    members=members,
                    points=sum(covered) / sharing,
                )
            )
    return awards


def final_places(event: EventState) -> list[tuple[str, int]]:
    """(entrant, place) of an event whose last stage is drawn and complete, best first; empty otherwise.

    The places come from what the last stage's format decides (a knockout: the round reached and its
    play-offs), its ranking (a measured stage) or its single table (a round robin). A last stage of
    several groups is no final ranking and gives nothing.
    """
    if len(event.stages) != len(event.config.stages) or not event.stages[-1].complete:
        return []
    stage = event.stages[-1]
    if isinstance(stage, MeasuredStageState):
        return [(p.entrant, p.place) for p in stage.standing.ranking.placings if p.place is not None]
    placings = event.placings(stage)
    if placings is not None:  # a knockout ranks by the round reached and its play-offs
        return list(placings)
    tables = event.standings(stage)
    return [(row.key, row.place) for row in tables[0][1].rows] if len(tables) == 1 else []


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
                    team=award.name if award.members else "",
                    date=config.date,
                    organiser=config.organiser,
                    signatures=tuple(signatures),
                )
            )
    return result


def medal_table(awards: Iterable[Award]) -> list[MedalRow]:
    """Units by gold, then silver, then bronze medals (the usual medal-table order); equal counts share the place."""
    counts: dict[str, list[int]] = {}
    for award in awards:
        if award.medal in MEDALS:
            counts.setdefault(award.unit, [0, 0, 0])[MEDALS.index(award.medal)] += 1
    ordered = sorted(counts.items(), key=lambda item: (-item[1][0], -item[1][1], -item[1][2], item[0]))
    rows: list[MedalRow] = []
    for index, (unit, (gold, silver, bronze)) in enumerate(ordered):
        same = rows and (rows[-1].gold, rows[-1].silver, rows[-1].bronze) == (gold, silver, bronze)
        rows.append(MedalRow(place=rows[-1].place if same else index + 1, unit=unit, gold=gold, silver=silver, bronze=bronze))
    return rows


def unit_points(awards: Iterable[Award]) -> UnitPoints:
    """Points of each unit per event and in total, best total first; equal totals share the place."""
    awards = list(awards)
    events = tuple(dict.fromkeys(a.event for a in awards))
    table: dict[str, list[float]] = {}
    for award in awards:
        table.setdefault(award.unit, [0.0] * len(events))[events.index(award.event)] += award.points
    ordered = sorted(table.items(), key=lambda item: (-sum(item[1]), item[0]))
    rows: list[UnitPointsRow] = []
    for index, (unit, points) in enumerate(ordered):
        total = sum(points)
        same = rows and rows[-1].total == total
        rows.append(UnitPointsRow(place=rows[-1].place if same else index + 1, unit=unit, points=tuple(points), total=total))
    return UnitPoints(events=events, rows=tuple(rows))
