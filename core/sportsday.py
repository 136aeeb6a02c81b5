"""Sports-day services: each event's final ranking, the awards, the medal table and the unit points table.

The award and points rules are pure functions of a ranking (:mod:`podium.awards`,
:mod:`podium.unit_points`); this module gathers the rankings from the meet and
names things for people.

:func:`final_ranking` is the one place that decides what an event's final ranking
is. For now it is the standings of the event's last stage once that stage is
drawn and complete and ranks everyone in one table; a multi-stage final ranking
(knockout losers sharing places, group leavers after them) replaces it here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

import attrs

from podium.awards import MEDAL_TITLES, Award, Placed, give_awards, recipients
from podium.errors import StateError
from podium.i18n import _
from podium.journal import Kind
from podium.meet import Meet, NewEntry
from podium.rankings import event_ranking
from podium.state import EventState, MeetState
from podium.unit_points import event_points, medal_table, unit_table


def disqualified(state: MeetState) -> dict[str, set[str]]:
    """Entrants disqualified (and not reinstated) in the journal, by event."""
    found: dict[str, set[str]] = {}
    for entry in state.journal:
        if entry.kind is Kind.DISQUALIFICATION and entry.event is not None:
            barred = found.setdefault(entry.event, set())
            key = entry.payload["entrant"]
            if entry.payload.get("cancel"):
                barred.discard(key)
            else:
                barred.add(key)
    return found


def final_ranking(event: EventState, barred: Iterable[str] = ()) -> tuple[Placed, ...] | None:
    """The final ranking of ``event`` (:func:`podium.rankings.event_ranking`), or ``None`` while it is not decided.

    Entrants in ``barred`` (``podium disqualify``) and entrants a measured event
    disqualified (DQ) are flagged: the award rule decides whether those below move up.
    """
    ranking = event_ranking(event)
    if not ranking.complete:
        return None
    barred = set(barred) | ranking.disqualified
    placed = [Placed(p.key, p.place, p.shared, p.key in barred) for p in ranking.placings]
    below = len(placed)
    placed += [Placed(key, below + 1, False, True) for key in sorted(ranking.disqualified)]
    return tuple(placed)


@attrs.frozen
class EventResult:
    """One event's final ranking (``None`` while undecided) and its awards."""

    event: EventState
    ranking: tuple[Placed, ...] | None
    awards: tuple[Award, ...]


def event_results(state: MeetState) -> list[EventResult]:
    """Every event with its ranking and awards, in meet order."""
    found = []
    barred = disqualified(state)
    for event in state.events():
        ranking = final_ranking(event, barred.get(event.key, ()))
        awards = tuple(give_awards(event.key, ranking, event.config.awards)) if ranking is not None else ()
        found.append(EventResult(event, ranking, awards))
    return found


def _number(value: Fraction | float) -> int | float:
    number = float(value)
    return int(number) if number.is_integer() else round(number, 2)


def _unit_name(state: MeetState, unit: str | None) -> str:
    return state.config.units[unit].name if unit in state.config.units else ""


def awards_view(state: MeetState, event: str | None = None) -> dict[str, Any]:
    """The awards of every decided event (or of ``event``) with who receives a certificate."""
    wanted = state.config.event(event).key if event else None
    events = []
    for result in event_results(state):
        ev = result.event
        if wanted is not None and ev.key != wanted:
            continue
        rows = []
        for award in result.awards:
            entrant = ev.entrants.get(award.entrant)
            rows.append({
                "place": award.place,
                "shared": award.shared,
                "title": award.title.get(),
                "kind": award.kind,
                "medal": award.medal,
                "medal_name": _(MEDAL_TITLES[award.medal]) if award.medal else None,
                "entrant": award.entrant,
                "name": entrant.name if entrant else award.entrant,
                "unit": entrant.unit if entrant else None,
                "unit_name": _unit_name(state, entrant.unit if entrant else None),
                "recipients": list(recipients(award, ev.entrants)),
            })
        events.append({
            "event": ev.key,
            "name": ev.config.name.get(),
            "decided": result.ranking is not None,
            "disqualified": sorted(p.key for p in result.ranking or () if p.disqualified),
            "awards": rows,
        })
    return {"events": events}


def tables_view(state: MeetState) -> dict[str, Any]:
    """The medal table and the unit points table of the events decided so far."""
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
        for key, entrant in ev.entrants.items():
            unit_of[(ev.key, key)] = entrant.unit
        awards += result.awards
        rule = ev.config.points
        if not rule.counts:
            continue
        counted.append(ev)
        scale = rule.places if rule.places is not None else config.points.places
        multiplier = rule.multiplier if rule.multiplier is not None else config.points.multiplier(ev.config.kind)
        units = {key: e.unit for key, e in ev.entrants.items()}
        scored += event_points(ev.key, result.ranking, units, scale, multiplier, ev.config.awards.disqualified)
    places = max([len(config.points.places)] + [len(e.config.points.places or ()) for e in counted])
    unit_rows = unit_table(scored, list(config.units), places, config.points.tie)
    medal_rows = medal_table(awards, unit_of, list(config.units))
    return {
        "decided": [r.event.key for r in results if r.ranking is not None],
        "undecided": [r.event.key for r in results if r.ranking is None],
        "medals": [
            {"place": r.place, "shared": r.shared, "unit": r.unit, "unit_name": _unit_name(state, r.unit),
             "gold": r.gold, "silver": r.silver, "bronze": r.bronze, "total": r.total}
            for r in medal_rows
        ],
        "points": {
            "events": [{"event": e.key, "name": e.config.name.get()} for e in counted],
            "tie": config.points.tie,
            "rows": [
                {"place": r.place, "shared": r.shared, "unit": r.unit, "unit_name": _unit_name(state, r.unit),
                 "points": {k: _number(v) for k, v in r.points.items()}, "total": _number(r.total),
                 "places": list(r.places)}
                for r in unit_rows
            ],
        },
    }


def disqualify(meet: Meet, event_key: str, reference: str, reason: str, *, cancel: bool = False) -> str:
    """Bar an entrant of an event from its awards and unit points (or, with ``cancel``, reinstate them)."""
    event_key = meet.config.event(event_key).key
    names: list[str] = []

    def build(state: MeetState) -> list[NewEntry]:
        entrant = state.event(event_key).entrant(reference)
        barred = entrant.key in disqualified(state).get(event_key, set())
        if cancel and not barred:
            raise StateError(_("{name} is not disqualified in {event}.").format(name=entrant.name, event=event_key))
        if not cancel and barred:
            raise StateError(_("{name} is already disqualified in {event}.").format(name=entrant.name, event=event_key))
        names.append(entrant.name)
        payload: Mapping[str, Any] = {"entrant": entrant.key, **({"cancel": True} if cancel else {})}
        return [(Kind.DISQUALIFICATION, event_key, payload, reason)]

    meet.append(build)
    return names[-1]
