"""Building the view models of documents from the meet state (pure: no files, no WeasyPrint).

Draws, results and standings feed the draw sheet, the crosstable, the standings, the
order of play and the score sheets. Awards, the medal table and the unit points table
come from the sports day's awards (:mod:`podium.faces.print.award_documents`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

import attrs

from podium.config.meet import MeetConfig
from podium.faces.print.bracket import bracket_from_stage, is_bracket
from podium.faces.print.models import (
    CrossRow,
    Crosstable,
    DrawSheet,
    Group,
    Heat,
    Member,
    OrderOfPlay,
    Pairing,
    PairingRound,
    PlayRow,
    RecordRow,
    ScoreSheet,
    Session,
    StageDraw,
    StartHeat,
    StartRow,
    unit_name,
)
from podium.formats.base import Table
from podium.formats.base import round_title as base_round_title
from podium.formats.measured import Heat as MeasuredHeat
from podium.formats.measured import heat_label
from podium.i18n import _
from podium.journal.measured_stage import MeasuredStageState
from podium.journal.stages import StageState
from podium.journal.state import EventState
from podium.model.entrants import BYE, Entrant
from podium.model.matches import Match, MatchContext
from podium.model.outcomes import Outcome, OutcomeKind
from podium.services.schedule import row_sides
from podium.services.views import match_rows, side_name, standings_view, team_ranking_view

if TYPE_CHECKING:
    from podium.standings.event_ranking import TeamRanking


def _round_title(match: Match) -> str:
    return base_round_title(match.round_name) or _("Round {number}").format(number=match.round)


def _tables(stage: StageState) -> list[Table]:
    return stage.format.tables(stage.view, stage.matches)


def draw_sheet(config: MeetConfig, event: EventState) -> DrawSheet:
    """The draw sheet of ``event``: groups with members and seeds, brackets as trees, pairings by round."""
    rows = match_rows(event)
    stages = []
    for stage in event.stages:
        title = stage.config.title.get() if len(event.stages) > 1 else ""
        fmt = stage.format.stage_title(stage.config.options).get()  # 单循环, not the listing's 单循环/双循环
        fmt = "" if fmt == title else fmt  # a stage titled like its format ("Groups · Groups") says it once
        if isinstance(stage, MeasuredStageState):
            stages.append(StageDraw(title, fmt, groups=tuple(_heat_group(config, event, heat) for heat in stage.heats)))
            continue
        if is_bracket(stage):
            stages.append(StageDraw(title, fmt, bracket=bracket_from_stage(config, event, stage)))
            continue
        seeds = {e.key: e.seed for e in stage.view.entrants}
        groups = []
        for table in _tables(stage):
            members = []
            for number, key in enumerate(table.entrants, start=1):
                entrant = event.entrants.get(key)
                members.append(
                    Member(
                        number=number,
                        name=entrant.name if entrant else key,
                        unit=unit_name(config, entrant.unit if entrant else None),
                        seed=seeds.get(key),
                        bib=(entrant.bib or "") if entrant else "",
                    )
                )
            groups.append(Group(title=_("Group {name}").format(name=table.name) if table.name else "", members=tuple(members)))
        stage_rows = [r for r in rows if r["stage"] == stage.name]
        stages.append(StageDraw(title, fmt, groups=tuple(groups), rounds=_pairing_rounds(stage_rows)))
    return DrawSheet(event=event.config.name.get(), sport=event.sport.title.get(), stages=tuple(stages))


def heat_title(heat: MeasuredHeat) -> str:
    """A heat as a sheet names it: its round, the heat within the round, and the number users type
    (``Heats, heat 2 · #2``; a final is ``Final · #7``, never a heat)."""
    name = heat_label(heat)
    return f"{name[:1].upper()}{name[1:]} · #{heat.number}"


def _heat_group(config: MeetConfig, event: EventState, heat: MeasuredHeat) -> Group:
    """A heat of a measured stage as a group: entrants by lane (or performance order)."""
    members = []
    for lane in heat.lanes:
        entrant = event.entrants.get(lane.entrant)
        members.append(
            Member(
                number=lane.position,
                name=entrant.name if entrant else lane.entrant,
                unit=unit_name(config, entrant.unit if entrant else None),
                bib=(entrant.bib or "") if entrant else "",
            )
        )
    return Group(title=heat_title(heat), members=tuple(members), number_label=_("lane / order"))


def _by_round(rows: Iterable[dict[str, Any]]) -> dict[tuple[str, int], list[dict[str, Any]]]:
    """Rows of :func:`podium.services.views.match_rows` grouped by stage and round, in order of play."""
    rounds: dict[tuple[str, int], list[dict[str, Any]]] = {}
    for row in rows:
        rounds.setdefault((row["stage"], row["round"]), []).append(row)
    return rounds


def _round_name(row: dict[str, Any]) -> str:
    return row["round_title"] or _("Round {number}").format(number=row["round"])


def _pairing_rounds(rows: list[dict[str, Any]]) -> tuple[PairingRound, ...]:
    played = [r for r in rows if r["status"] not in ("bye", "annulled")]
    return tuple(
        PairingRound(
            _round_name(group[0]),
            tuple(
                Pairing(number=r["number"], board=board, sides=(r["names"][0], r["names"][1]), result=r["result"] or "",
                        group=r["group"] or "")
                for board, r in enumerate(group, start=1)
            ),
        )
        for group in _by_round(played).values()
    )


def cell(outcome: Outcome) -> str:
    """A crosstable cell from the row entrant's side (side 0 of ``outcome``).

    Games won when the sport counts games (``3:1``); otherwise the share of a win
    (``1``, ``½``, ``0``); ``+`` / ``−`` for a forfeit won or lost (CXA 2011 §20.3 marks).
    """
    if outcome.kind is OutcomeKind.DOUBLE_FORFEIT:
        return "−"
    if outcome.kind is OutcomeKind.FORFEIT:
        return "+" if outcome.winner == 0 else "−"
    games = outcome.stats.get("games")
    if games:
        return f"{games[0]:g}:{games[1]:g}"
    share = outcome.shares[0]
    return {1.0: "1", 0.5: "½", 0.0: "0"}.get(share, f"{share:g}")


def crosstables(config: MeetConfig, event: EventState) -> list[Crosstable]:
    """Every round-robin table of ``event``: results from each row's side, points, tie-break columns, places."""
    result = []
    for stage in event.stages:
        if isinstance(stage, MeasuredStageState) or is_bracket(stage):
            continue
        standings = dict(event.standings(stage))
        for table in _tables(stage):
            ranked = standings[table.name]
            rows_by_key = {row.key: row for row in ranked.rows}
            breakers = [b for b in ranked.chain if any(b in row.values for row in ranked.rows)]
            columns = tuple(event.registry.tiebreaker(b).title.get() for b in breakers)
            index = {key: i for i, key in enumerate(table.entrants)}
            cells: list[list[list[str]]] = [[[] for _k in table.entrants] for _j in table.entrants]
            for match in table.matches:
                record = stage.results.get(match.key)
                a, b = match.entrants
                if record is None or a not in index or b not in index:
                    continue
                cells[index[a]][index[b]].append(cell(record.outcome))
                cells[index[b]][index[a]].append(cell(record.outcome.mirrored()))
            rows = []
            for i, key in enumerate(table.entrants):
                entrant = event.entrants.get(key)
                row = rows_by_key[key]
                rows.append(
                    CrossRow(
                        number=i + 1,
                        name=entrant.name if entrant else key,
                        unit=unit_name(config, entrant.unit if entrant else None),
                        cells=tuple(None if j == i else " ".join(cells[i][j]) for j in range(len(table.entrants))),
                        points=_plain(row.record.points),
                        values=tuple(_plain(row.values.get(b, "")) for b in breakers),
                        place=f"{row.place}{'=' if row.shared else ''}",
                    )
                )
            stage_title = stage.config.title.get() if len(event.stages) > 1 else ""
            title = " · ".join(t for t in (stage_title, table.name or "") if t)
            result.append(Crosstable(title=title, columns=columns, rows=tuple(rows), notes=_explanations(ranked, event)))
    return result


def _explanations(ranked: Any, event: EventState) -> tuple[str, ...]:
    names = {key: (event.entrants[key].name if key in event.entrants else key) for key in (r.key for r in ranked.rows)}
    notes = [
        _("{upper} above {lower}: {label} {a} vs {b}").format(
            upper=names[s.upper], lower=names[s.lower], label=s.label, a=_plain(s.upper_value), b=_plain(s.lower_value)
        )
        for s in ranked.separations
    ]
    notes += [
        _("{names} remain tied after the whole chain and share place {place}.").format(
            names=", ".join(names[k] for k in group), place=ranked.place(group[0])
        )
        for group in ranked.unresolved
    ]
    return tuple(notes)


def _plain(value: Any) -> Any:
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value if isinstance(value, (int, float, str)) else str(value)


def standings(config: MeetConfig, event: EventState, team: TeamRanking | None = None) -> dict[str, Any]:
    """:func:`podium.services.views.standings_view` with unit names and tie-break column titles for printing; with ``team``
    also the event's team ranking (:func:`podium.services.views.team_ranking_view`) as ``teams``."""
    view = standings_view(event)
    if team is not None:
        teams = team_ranking_view(event, team, config.units)
        breakers = [b for b in teams["chain"] if b != "placings" and any(b in r["values"] for r in teams["rows"])]
        teams["columns"] = [(b, event.registry.tiebreaker(b).title.get()) for b in breakers]
        view["teams"] = teams
    states = {stage.name: stage for stage in event.stages}
    for stage in view["stages"]:
        charts = wall_charts(event, states[stage["stage"]])
        for table in stage.get("tables", ()):
            chart = charts.get(table["name"])
            if chart is not None:
                table["rounds"], table["colours"] = chart.rounds, chart.colours
                for row in table["rows"]:
                    row["number"], row["games"] = chart.numbers[row["key"]], chart.cells[row["key"]]
        for row in [*stage.get("rows", ()), *stage.get("placings", ())]:  # a measured ranking, a knockout's places
            row["unit_name"] = unit_name(config, row["unit"])
        for heat in stage.get("heats", ()):  # a measured stage's heats, lane by lane
            for lane in heat["lanes"]:
                lane["unit_name"] = unit_name(config, lane["unit"])
        for table in stage.get("tables", ()):
            breakers = [b for b in table["chain"] if any(b in r["values"] for r in table["rows"])]
            table["columns"] = [(b, event.registry.tiebreaker(b).title.get()) for b in breakers]
            for row in table["rows"]:
                row["unit_name"] = unit_name(config, row["unit"])
    view["draws_allowed"] = event.sport.draws_allowed
    return view


WALL_CHART_FAMILIES = ("swiss", "round_robin")
"""Formats whose results page shows each round's opponent, colour and result (a Swiss-Manager wall chart)."""


@attrs.frozen
class WallChart:
    """Each entrant's round-by-round record in one table: ``numbers`` are starting numbers (the order of the table,
    as the crosstable numbers them), ``rounds`` the round numbers, ``cells`` by entrant one :class:`RoundCell` per
    round; ``colours`` when the sport's results say who moved first."""

    numbers: Mapping[str, int]
    rounds: tuple[int, ...]
    cells: Mapping[str, tuple[RoundCell, ...]]
    colours: bool


@attrs.frozen
class RoundCell:
    """One round of an entrant: the opponent's starting number (``None``: a bye, or no game that round), the
    colour mark (``1st``, 先, moved first; ``2nd``, 后, second; empty when unknown) and the result from the entrant's side."""

    opponent: int | None = None
    colour: str = ""
    result: str = ""
    bye: bool = False


def wall_charts(event: EventState, stage: StageState) -> dict[str | None, WallChart]:
    """The wall chart of every table of a Swiss or round-robin ``stage`` (Swiss-Manager's and the CXA crosstable's
    round columns): by round, the opponent's starting number, who moved first and the result (:func:`cell`).

    Who moved first is the outcome's ``first_mover`` (red in xiangqi, CXA 2011 §12.1; black in weiqi and gomoku);
    a match with no result yet shows the listed order's colours (side 0 moves first) once the stage's results
    show the sport has colours. Sports and matches without a first mover (table tennis, a xiangqi match of
    several games whose colours swap) have no colour marks."""
    if isinstance(stage, MeasuredStageState) or stage.format.family not in WALL_CHART_FAMILIES:
        return {}
    outcomes = {match.key: outcome for match, outcome in event.outcomes(stage)}
    colours = any(outcome.first_mover is not None for outcome in outcomes.values())
    charts: dict[str | None, WallChart] = {}
    for table in _tables(stage):
        numbers = {key: number for number, key in enumerate(table.entrants, start=1)}
        rounds = tuple(sorted({m.round for m in table.matches}))
        found: dict[str, dict[int, RoundCell]] = {key: {} for key in table.entrants}
        for match in table.matches:
            outcome = outcomes.get(match.key)
            for side, slot in enumerate(match.sides):
                key = slot.entrant
                if key not in found:
                    continue
                if match.is_bye:
                    found[key][match.round] = RoundCell(result=cell(outcome) if outcome else "", bye=True)
                    continue
                other = match.sides[1 - side].entrant
                seen = None if outcome is None else (outcome if side == 0 else outcome.mirrored())
                first = seen.first_mover if seen is not None and seen.first_mover is not None else (
                    side if match.colours == "listed" else None
                )
                mark = "" if not colours or first is None else (_("1st") if first == 0 else _("2nd"))
                found[key][match.round] = RoundCell(
                    opponent=numbers.get(str(other)), colour=mark, result=cell(seen) if seen is not None else ""
                )
        charts[table.name] = WallChart(
            numbers, rounds, {key: tuple(found[key].get(r, RoundCell()) for r in rounds) for key in table.entrants}, colours
        )
    return charts


def scheduled_order(plan: Mapping[str, Any], events: Iterable[str], *, pending: bool = True) -> OrderOfPlay:
    """The order of play from the schedule (:func:`podium.services.schedule.plan_view`): one block per
    venue and session, each match or heat with its start time and table, court or lane (a heat with its
    entrants); what does not fit the sessions closes the list under its own heading. With ``pending``
    only matches without a result and heats not complete."""
    wanted = set(events)

    def rows(items: Iterable[Mapping[str, Any]]) -> tuple[PlayRow, ...]:
        return tuple(
            PlayRow(
                number=r["number"],
                event=r["event_name"],
                round=r["round_title"],
                sides=row_sides(r) or (r["who"], ""),
                time=r["start"][11:16],
                place=", ".join(r["resources"]),
                across=row_sides(r) is None,
                lanes=tuple((lane, name) for lane, name in r["lanes"]),
            )
            for r in items
            if r["event"] in wanted and not (pending and r["result"])
        )

    sessions = []
    days = {block["date"] for block in plan["sessions"]}
    for block in plan["sessions"]:
        found = rows(block["rows"])
        if found:
            day = dt.date.fromisoformat(block["date"])
            title = f"{block['title']} {block['start']}–{block['end']}"
            sessions.append(Session(title=title, venue=block["venue_name"], date=day if len(days) > 1 else None, rows=found))
    late = rows(plan["overflow"])
    if late:
        sessions.append(Session(title=_("Not within the sessions"), rows=late))
    return OrderOfPlay(title=_("Order of play"), sessions=tuple(sessions))


def order_of_play(config: MeetConfig, events: Iterable[EventState], *, pending: bool = True) -> OrderOfPlay:
    """The order of play without a schedule: one block per event, stage and round, matches in their order.

    A meet with venues and sessions prints :func:`scheduled_order` instead. With ``pending``
    only matches still to be played are listed; byes, walkovers ruled after a withdrawal and
    annulled matches never are.
    """
    sessions = []
    for event in events:
        titles = {s.name: s.config.title.get() for s in event.stages} if len(event.stages) > 1 else {}
        rows = [r for r in match_rows(event) if r["status"] in ("ready", "waiting") or not pending and r["status"] in ("done", "corrected")]
        for (stage, _number), group in _by_round(rows).items():
            name = _round_name(group[0])
            title = " · ".join(t for t in (event.config.name.get(), titles.get(stage, ""), name) if t)
            play = tuple(
                PlayRow(
                    number=r["number"], event=event.config.name.get(),
                    round=" · ".join(t for t in (titles.get(stage, ""), _("Group {name}").format(name=r["group"]) if r["group"] else "", name) if t),
                    sides=(r["names"][0], r["names"][1]),
                )
                for r in group
            )
            sessions.append(Session(title=title, venue=config.venue, date=config.date, rows=play))
    return OrderOfPlay(title=_("Order of play"), sessions=tuple(sessions))


def score_sheets(
    config: MeetConfig, event: EventState, *, everything: bool = False, plan: Mapping[str, Any] | None = None
) -> list[ScoreSheet]:
    """A score sheet for every match whose sides are known and that has no result yet (all matches with
    ``everything``), with the sport's ``score_sheet_fields`` for the match; with the schedule (``plan``,
    :func:`podium.services.schedule.plan_view`) each has the table or board and the start time the order of
    play gave it (the date too when the meet has several days)."""
    times = _scheduled(plan, "match")
    several_days = plan is not None and len({block["date"] for block in plan["sessions"]}) > 1
    sheets = []
    numbers = {(m.stage, m.key): m.number for m in event.matches()}
    for stage in event.stages:
        for match in stage.matches:
            decided = match.key in stage.results or match.key in stage.rulings
            if match.is_bye or (not everything and (decided or not match.ready)):
                continue
            ctx = event.context(match)
            entrants = [event.entrants.get(e) if e and e != BYE else None for e in match.entrants]
            slot = times.get((event.key, match.number))
            sheets.append(
                ScoreSheet(
                    event=event.config.name.get(),
                    round=_round_title(match),
                    number=match.number,
                    sides=(
                        side_name(event, match.sides[0], numbers, stage.name),
                        side_name(event, match.sides[1], numbers, stage.name),
                    ),
                    units=(_unit_of(config, entrants[0]), _unit_of(config, entrants[1])),
                    bibs=((entrants[0].bib or "") if entrants[0] else "", (entrants[1].bib or "") if entrants[1] else ""),
                    rules=dict(ctx.rules),
                    members=(_member_names(entrants[0]), _member_names(entrants[1])),
                    fields=dict(event.sport.score_sheet_fields(ctx)),
                    stage=stage.config.title.get() if len(event.stages) > 1 else "",
                    place=", ".join(slot["resources"]) if slot else "",
                    time=_when(slot["start"], several_days) if slot else "",
                )
            )
    return sheets


def _when(start: str, several_days: bool) -> str:
    """A scheduled start (``2026-04-18 09:20``) as a sheet prints it: the time, with the date on a meet of several days."""
    return start[5:16] if several_days else start[11:16]


def blank_sheet(event: EventState) -> ScoreSheet:
    """A score sheet with empty sides (first stage's rules), for matches written in by hand."""
    stage = event.config.stages[0]
    rules = event.config.rules_for(stage, None)
    nobody = Entrant(key="", event=event.key, kind=event.config.kind, name="", members=())
    ctx = MatchContext(event=event.key, rules=rules, sides=(nobody, nobody))
    return ScoreSheet(
        event=event.config.name.get(), round="", number=None, sides=("", ""), rules=dict(rules),
        fields=dict(event.sport.score_sheet_fields(ctx)),
    )


def _unit_of(config: MeetConfig, entrant: Entrant | None) -> str:
    return unit_name(config, entrant.unit) if entrant else ""


def _member_names(entrant: Entrant | None) -> tuple[str, ...]:
    return tuple(p.name for p in entrant.members) if entrant else ()


def heats(config: MeetConfig, event: EventState, lanes: int, plan: Mapping[str, Any] | None = None) -> list[Heat]:
    """The heats of the heat recording sheet: the drawn heats of the event's measured stages with their
    lanes, or, before the draw, the entrants in bib order in heats of ``lanes`` lanes; with the schedule
    (``plan``) a drawn heat has its place and start time."""
    drawn = [heat for stage in event.stages if isinstance(stage, MeasuredStageState) for heat in stage.heats]
    if drawn:
        times = _scheduled(plan, "heat")
        several_days = plan is not None and len({block["date"] for block in plan["sessions"]}) > 1
        return [
            Heat(
                heat_title(heat), tuple((m.number, m.name, m.unit) for m in group.members), tuple(m.bib for m in group.members),
                place=", ".join(slot["resources"]) if slot else "", time=_when(slot["start"], several_days) if slot else "",
            )
            for heat in drawn
            for group in (_heat_group(config, event, heat),)
            for slot in (times.get((event.key, heat.number)),)
        ]
    entrants = sorted(event.entrants.values(), key=lambda e: (len(e.bib or ""), e.bib or "", e.key))
    result = []
    for start in range(0, max(len(entrants), 1), lanes):
        chunk = entrants[start : start + lanes]
        rows = [(i + 1, e.name, unit_name(config, e.unit)) for i, e in enumerate(chunk)]
        rows += [(i + 1, "", "") for i in range(len(chunk), lanes)]
        bibs = tuple(e.bib or "" for e in chunk) + ("",) * (lanes - len(chunk))
        result.append(Heat(_("Heat {number}").format(number=start // lanes + 1), tuple(rows), bibs))
    return result


def meet_context(config: MeetConfig, lang: str) -> Mapping[str, Any]:
    """What every document's header and footer shows about the meet."""
    return {"name": config.name.get(lang), "date": config.date, "organiser": config.organiser, "venue": config.venue}


def _scheduled(plan: Mapping[str, Any] | None, kind: str) -> dict[tuple[str, int], Mapping[str, Any]]:
    """The scheduled row of every ``kind`` (``match`` or ``heat``) in ``plan``
    (:func:`podium.services.schedule.plan_view`), by event and number; what does not fit the sessions too."""
    if plan is None:
        return {}
    rows = [r for block in plan["sessions"] for r in block["rows"]] + list(plan["overflow"])
    return {(r["event"], r["number"]): r for r in rows if r["kind"] == kind}


def _start_rows(config: MeetConfig, event: EventState, stage: MeasuredStageState, heat: MeasuredHeat) -> tuple[StartRow, ...]:
    rows = []
    for lane in heat.lanes:
        entrant = event.entrants.get(lane.entrant)
        runners = next((p.legs for p in stage.performances(heat, lane.entrant) if p.legs), ())
        rows.append(StartRow(
            lane=lane.position,
            bib=(entrant.bib or "") if entrant else "",
            name=entrant.name if entrant else lane.entrant,
            unit=unit_name(config, entrant.unit if entrant else None),
            runners=tuple(runners),
        ))
    return tuple(rows)


def start_lists(
    config: MeetConfig, events: Iterable[EventState], plan: Mapping[str, Any] | None = None, *,
    pending: bool = False, call_minutes: int = 0,
) -> list[StartHeat]:
    """Every heat of the measured ``events`` whose entrants are known, with lanes, bibs, names, units and a relay's
    declared runners; with a schedule (``plan``) each has its start time and place and they come in time order,
    ``call_minutes`` before the start being the call-room time (检录). With ``pending`` only heats not complete."""
    times = _scheduled(plan, "heat")
    found: list[tuple[tuple[Any, ...], StartHeat]] = []
    for position, event in enumerate(events):
        for stage in event.stages:
            if not isinstance(stage, MeasuredStageState):
                continue
            for heat in stage.heats:
                if pending and heat.key in stage.complete_heats:
                    continue
                row = times.get((event.key, heat.number))
                start = dt.datetime.fromisoformat(row["start"]) if row else None
                call = (start - dt.timedelta(minutes=call_minutes)).strftime("%H:%M") if start and call_minutes else ""
                found.append((
                    (start or dt.datetime.max, position, heat.number),
                    StartHeat(
                        event=event.config.name.get(),
                        title=heat_title(heat),
                        number=heat.number,
                        rows=_start_rows(config, event, stage, heat),
                        time=start.strftime("%H:%M") if start else "",
                        place=", ".join(row["resources"]) if row else "",
                        call=call,
                        date=start.date().isoformat() if start else "",
                    ),
                ))
    return [heat for _key, heat in sorted(found, key=lambda item: item[0])]


def records_table(config: MeetConfig, events: Iterable[EventState]) -> list[RecordRow]:
    """The standing records of every event that has some, with the mark of this meet that broke or equalled each."""
    from podium.services.records import broken_records

    rows = []
    for event in events:
        if not event.config.records:
            continue
        best = {b.record.kind: b for b in broken_records(event) if b.best}
        for record in event.config.records:
            broken = best.get(record.kind)
            entrant = event.entrants.get(broken.entrant) if broken else None
            rows.append(RecordRow(
                event=event.config.name.get(),
                title=record.title,
                mark=record.mark,
                holder=record.holder,
                unit=record.unit,
                year=record.year,
                new_mark=broken.text if broken else "",
                new_name=(entrant.name if entrant else broken.entrant) if broken else "",
                new_unit=unit_name(config, entrant.unit if entrant else None),
                equal=broken.equal if broken else False,
            ))
    return rows
