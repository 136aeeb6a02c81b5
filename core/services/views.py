"""View models: plain data describing matches and standings, shared by the CLI, JSON output and documents."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from podium.formats.base import round_title
from podium.formats.measured import MeasuredFormat
from podium.i18n import _
from podium.journal.stages import StageState
from podium.journal.state import EventState
from podium.model.entrants import BYE, Unit
from podium.model.matches import Match, Slot

if TYPE_CHECKING:
    from podium.sportsday.awards import Placed
    from podium.standings.event_ranking import TeamRanking


def measured(stage: StageState) -> bool:
    """Whether ``stage`` lays out heats of a measured event (a :class:`~podium.journal.measured_stage.MeasuredStageState`).

    Asked of its format, so that views of head-to-head events do not load the measuring code
    (docs/performance.md, cold start).
    """
    return isinstance(stage.format, MeasuredFormat)


def heat_rows(event: EventState, *, pending: bool = False) -> list[dict[str, Any]]:
    """Every heat of the event's measured stages (or only those still waiting): :func:`podium.services.measured_views.heat_rows`."""
    if not any(measured(stage) for stage in event.stages):
        return []
    from podium.services.measured_views import heat_rows as rows

    return rows(event, pending=pending)


def side_name(event: EventState, slot: Slot, numbers: dict[tuple[str, str], int], stage: str) -> str:
    """The name shown for one side of a match: entrant, bye, or where it will come from."""
    if slot.entrant == BYE:
        return _("bye")
    if slot.entrant is not None:
        entrant = event.entrants.get(slot.entrant)
        return entrant.name if entrant else slot.entrant
    source = slot.source or ()
    if source and source[0] in ("winner", "loser"):
        number = numbers.get((stage, source[1]), source[1])
        label = _("winner of #{number}") if source[0] == "winner" else _("loser of #{number}")
        return label.format(number=number)
    if source and source[0] == "place":
        return _("{group}{place}").format(group=source[1] or "", place=source[2])
    return _("to be decided")


def match_rows(event: EventState, *, pending: bool = False) -> list[dict[str, Any]]:
    """Every match of the event (or only those waiting for a result) as plain data."""
    numbers = {(m.stage, m.key): m.number for m in event.matches()}
    rows = []
    for stage in event.stages:
        for match in stage.matches:
            record = stage.results.get(match.key)
            if pending and (record is not None or not match.ready):
                continue
            rows.append(_match_row(event, stage, match, record, numbers))
    return rows


def _match_row(event: EventState, stage: StageState, match: Match, record: Any, numbers: dict[tuple[str, str], int]) -> dict[str, Any]:
    ruling = stage.rulings.get(match.key)
    if ruling is not None and ruling.annulled:
        status = "annulled"  # CXA 2011 §19.2: a withdrawn entrant's results no longer count
    elif record is not None:
        status = "corrected" if record.corrected else "done"
    elif match.is_bye:
        status = "bye"
    elif ruling is not None:
        status = "walkover"
    elif match.ready:
        status = "ready"
    else:
        status = "waiting"
    return {
        "number": match.number,
        "stage": match.stage,
        "stage_title": stage.config.title.get(),
        "key": match.key,
        "round": match.round,
        "round_name": match.round_name,
        "round_title": round_title(match.round_name),
        "group": match.group,
        "sides": [slot.entrant for slot in match.sides],
        "names": [side_name(event, slot, numbers, stage.name) for slot in match.sides],
        "result": record.text if record is not None else None,
        "winner": _winner(record, ruling),
        "status": status,
    }


def _winner(record: Any, ruling: Any) -> int | None:
    if ruling is not None:
        return ruling.outcome.winner if ruling.outcome is not None and record is None else None
    return record.outcome.winner if record is not None else None


def _plain(value: Any) -> Any:
    """A tie-break value as JSON-friendly data: numbers stay numbers, ratios and counts become text."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return str(value)


def standings_view(event: EventState) -> dict[str, Any]:
    """Standings of every drawn stage and table, with tie-break values and explanations."""
    stages = []
    for stage in event.stages:
        if measured(stage):  # heats of a measured event: ranked by marks
            from podium.services.measured_views import measured_stage_view

            stages.append(measured_stage_view(event, stage))
            continue
        tables = []
        for name, standings in event.standings(stage):
            rows = []
            for row in standings.rows:
                entrant = event.entrants.get(row.key)
                record = row.record
                rows.append({
                    "place": row.place,
                    "shared": row.shared,
                    "key": row.key,
                    "name": entrant.name if entrant else row.key,
                    "unit": entrant.unit if entrant else None,
                    "played": record.played,
                    "wins": record.wins,
                    "draws": record.draws,
                    "losses": record.losses,
                    "points": _plain(record.points),
                    "values": {k: _plain(v) for k, v in row.values.items()},
                })
            names = {r["key"]: r["name"] for r in rows}
            decide = {group for _place, group in standings.must_decide}
            tables.append({
                "name": name,
                "chain": list(standings.chain),
                "rows": rows,
                "explain": [
                    {
                        "upper": names[s.upper],
                        "lower": names[s.lower],
                        "upper_key": s.upper,
                        "lower_key": s.lower,
                        "criterion": s.criterion,
                        "label": s.label,
                        "upper_value": _plain(s.upper_value),
                        "lower_value": _plain(s.lower_value),
                    }
                    for s in standings.separations
                ],
                "unresolved": [[names[k] for k in group] for group in standings.unresolved],
                "ties": [
                    {
                        "place": standings.place(group[0]),
                        "keys": list(group),
                        "names": [names[k] for k in group],
                        "must_decide": group in decide,
                    }
                    for group in standings.unresolved
                ],
            })
        entry = {"stage": stage.name, "title": stage.config.title.get(), "complete": stage.complete, "tables": tables}
        placings = event.placings(stage)
        if placings is not None:
            places = [place for _key, place in placings]
            entry["placings"] = [
                {
                    "place": place,
                    "shared": places.count(place) > 1,
                    "key": key,
                    "name": event.entrants[key].name if key in event.entrants else key,
                    "unit": event.entrants[key].unit if key in event.entrants else None,
                }
                for key, place in placings
            ]
        stages.append(entry)
    return {"event": event.key, "name": event.config.name.get(), "stages": stages}


def team_ranking_view(event: EventState, ranking: TeamRanking, units: Mapping[str, Unit]) -> dict[str, Any]:
    """The team ranking of ``event`` (队员总分制, CXA 2011 §11.5, §14.8): for each unit its place, the players who
    count with their places, the sum, the best place and the tie-break values; explanations as in standings.

    Units with fewer players who count rank after those with more; that step is explained
    as "players who count" (the chain ranks units with as many players).
    """
    from podium.sportsday.team_totals import team_key

    standings = ranking.standings
    config = ranking.config

    def unit_name(key: str) -> str:
        return units[key].name if key in units else key

    def player(placed: Placed) -> dict[str, Any]:
        source, entrant = ranking.players.get(placed.key, (event.key, None))
        section = ranking.sections.get(source)
        return {
            "key": placed.key, "event": source, "section": section.get() if section else "",
            "name": entrant.name if entrant else placed.key, "place": placed.place, "shared": placed.shared,
        }

    rows = []
    for row in standings.rows:
        found = ranking.units[row.key]
        rows.append({
            "place": row.place,
            "shared": row.shared,
            "unit": row.key,
            "unit_name": unit_name(row.key),
            "players": len(found.counted),
            "sum": sum(found.places),
            "best": min(found.places),
            "counted": [player(p) for p in found.counted],
            "others": [player(p) for p in found.others],
            "values": {k: _plain(v) for k, v in row.values.items()},
        })
    position = {row.key: index for index, row in enumerate(standings.rows)}
    explained = [
        (position[s.upper], {
            "upper": unit_name(s.upper), "lower": unit_name(s.lower), "upper_key": s.upper, "lower_key": s.lower,
            "criterion": s.criterion, "label": s.label, "upper_value": _plain(s.upper_value), "lower_value": _plain(s.lower_value),
        })
        for s in standings.separations
    ]
    for index, (upper, lower) in enumerate(zip(standings.rows, standings.rows[1:], strict=False)):
        if upper.record.points != lower.record.points:
            explained.append((index, {
                "upper": unit_name(upper.key), "lower": unit_name(lower.key), "upper_key": upper.key, "lower_key": lower.key,
                "criterion": "players", "label": _("players who count"),
                "upper_value": _plain(upper.record.points), "lower_value": _plain(lower.record.points),
            }))
    decide = {group for _place, group in standings.must_decide}
    counts = sorted({r["players"] for r in rows})
    notes = []
    if config.count is None and len(counts) > 1:
        notes.append(
            _("Units have {low} to {high} players who count; set count in [events.{event}.team_ranking] to compare the same number of each.").format(
                low=counts[0], high=counts[-1], event=event.key
            )
        )
    short = [r["unit_name"] for r in rows if config.count is not None and r["players"] < config.count]
    if short:
        notes.append(
            _("Fewer than {count} placed players, ranked after the units with {count}: {units}.").format(count=config.count, units=", ".join(short))
        )
    return {
        "event": event.key,
        "key": team_key(event.key),
        "name": config.name.get(),
        "source": event.config.name.get(),
        "complete": ranking.complete,
        "count": config.count,
        "chain": list(standings.chain),
        "rows": rows,
        "explain": [entry for _index, entry in sorted(explained, key=lambda item: item[0])],
        "ties": [
            {
                "place": standings.place(group[0]),
                "keys": list(group),
                "names": [unit_name(k) for k in group],
                "must_decide": group in decide,
            }
            for group in standings.unresolved
        ],
        "unresolved": [[unit_name(k) for k in group] for group in standings.unresolved],
        "notes": notes,
    }
