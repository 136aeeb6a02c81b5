"""The public board: the meet's events with their status, each event's matches, heats and standings, the order of
play with what is on now and next on every table, the medal and unit points tables, and the big screen.

Every page calls the same queries as the CLI (``podium matches``, ``standings``, ``schedule``, ``medals``) and
renders their views; nothing here knows a rule.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response

from podium.errors import PodiumError
from podium.faces.web.pages import render
from podium.faces.web.site import Site
from podium.i18n import N_, Label
from podium.journal.state import MeetState
from podium.views.awards import MedalRow, MedalsView, UnitPointsView
from podium.views.matches import HeatStatus, HeatView, MatchListView, MatchStatus, MatchView
from podium.views.schedule import PlanRow, ScheduleView
from podium.views.standings import MatchStageStandings, StandingsView

STATUS_TITLES = {
    "not_drawn": N_("not drawn yet"),
    "drawn": N_("draw made, no result yet"),
    "in_progress": N_("in progress"),
    "needs_decision": N_("waiting for lots or a play-off"),
    "decided": N_("decided"),
}
"""How the board names where an event stands."""

PLAYED = frozenset({MatchStatus.DONE, MatchStatus.CORRECTED, MatchStatus.WALKOVER, HeatStatus.DONE, HeatStatus.CORRECTED})


@attrs.frozen
class EventLine:
    """One event on the meet's index: its key, name and where it stands."""

    key: str
    name: Label
    status: str
    played: int
    total: int


@attrs.frozen
class EventBoard:
    """Everything the board shows of one event."""

    key: str
    name: Label
    status: str
    matches: MatchListView
    standings: StandingsView


def event_status(matches: MatchListView, standings: StandingsView, decided: bool) -> str:
    """Where an event stands, from its views: not drawn, drawn, in progress, waiting for lots or a play-off (a tie
    the event does not let entrants share), decided (its final ranking is known)."""
    if not matches.drawn:
        return "not_drawn"
    if decided:
        return "decided"
    for stage in standings.stages:
        if isinstance(stage, MatchStageStandings):
            if any(tie.must_decide for table in stage.tables for tie in table.ties):
                return "needs_decision"
        elif stage.complete and stage.unresolved:
            return "needs_decision"
    if any(item.status in PLAYED for item in matches.items):
        return "in_progress"
    return "drawn"


def boards(site: Site, keys: Sequence[str] | None = None) -> list[EventBoard]:
    """The boards of the events ``keys`` (every event when ``None``), each made once per journal entry."""
    state = site.state()
    if keys is None:
        keys = [event.key for event in state.events()]
    found = []
    for key in keys:
        if key in state.config.events:
            # the state is read inside: a board is never older than the entry number it is kept under
            found.append(site.cached(f"board:{key}", lambda key=key: _board(site.state(), key)))
    return found


def _board(state: MeetState, key: str) -> EventBoard:
    """The board of one event: ``podium matches`` and ``podium standings`` of it, and where it stands."""
    from podium.services.match_list import match_list
    from podium.services.sportsday import final_ranking
    from podium.services.standings import standings

    event = state.event(key)
    matches = match_list(state, key)
    table = standings(state, key)
    decided = matches.drawn and final_ranking(event) is not None
    return EventBoard(key, event.config.name, event_status(matches, table, decided), matches, table)


def index(request: Request) -> Response:
    site: Site = request.app.state.site
    lines = [
        EventLine(b.key, b.name, b.status, sum(1 for i in b.matches.items if i.status in PLAYED), len(b.matches.items))
        for b in boards(site)
    ]
    return render(request, "index.html", meet=site.state().config, events=lines, titles=STATUS_TITLES)


def event_page(request: Request) -> Response:
    site: Site = request.app.state.site
    key = request.path_params["event"]
    found = boards(site, [key])
    if not found:
        try:
            key = site.state().config.event(key).key
        except PodiumError:
            raise HTTPException(404) from None
        found = boards(site, [key])
    return render(request, "event.html", board=found[0], titles=STATUS_TITLES, MatchView=MatchView, HeatView=HeatView)


def screen(request: Request) -> Response:
    """The big screen: the chosen events' boards (``?events=ms,ws``; every event without it), one after another."""
    site: Site = request.app.state.site
    asked = [k.strip() for k in request.query_params.get("events", "").split(",") if k.strip()]
    chosen = boards(site, asked or None)
    return render(request, "screen.html", boards=chosen, titles=STATUS_TITLES, seconds=site.settings.screen_seconds,
                  MatchView=MatchView, HeatView=HeatView)


@attrs.frozen
class TableNow:
    """One table (court, lane, board) of a venue: what is on it now and what comes next, by the order of play."""

    venue: Label
    resource: str
    now: PlanRow | None
    next: PlanRow | None


def on_tables(plan: ScheduleView) -> list[TableNow]:
    """For every table of the plan, the first match or heat placed on it still without a result (on now) and the
    one after it (next)."""
    waiting: dict[tuple[str, str], list[PlanRow]] = {}
    names: dict[str, Label] = {}
    for session in plan.sessions:
        names[session.venue] = session.venue_name
        for row in session.rows:
            for resource in row.resources:
                todo = waiting.setdefault((session.venue, resource), [])
                if not row.complete:
                    todo.append(row)
    return [
        TableNow(names[venue], resource, (rows[0] if rows else None), (rows[1] if len(rows) > 1 else None))
        for (venue, resource), rows in sorted(waiting.items(), key=lambda item: (item[0][0], _natural(item[0][1])))
    ]


def _natural(name: str) -> tuple[str, int]:
    digits = "".join(ch for ch in name if ch.isdigit())
    return "".join(ch for ch in name if not ch.isdigit()), int(digits) if digits else 0


def schedule_page(request: Request) -> Response:
    site: Site = request.app.state.site
    plan = site.plan()
    return render(request, "schedule.html", plan=plan, tables=on_tables(plan) if plan else [])


def medals_page(request: Request) -> Response:
    from podium.services.sportsday import tables_view

    site: Site = request.app.state.site
    view = site.cached("medals", lambda: tables_view(site.state()))
    return render(request, "medals.html", view=view, parts=by_division(view), points=False)


def points_page(request: Request) -> Response:
    from podium.services.sportsday import tables_view

    site: Site = request.app.state.site
    view = site.cached("medals", lambda: tables_view(site.state()))
    return render(request, "medals.html", view=view, parts=by_division(view), points=True)


def by_division(view: MedalsView) -> list[tuple[str | None, tuple[MedalRow, ...], UnitPointsView]]:
    """The medal and points tables to show: one pair per division when the units have divisions (as ``podium
    medals`` prints them), else the meet's."""
    return [(d.division, d.medals, d.points) for d in view.divisions] or [(None, view.medals, view.points)]
