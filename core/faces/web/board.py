"""The public board: the meet's events with their status, each event's matches, heats and standings, the order of
play with what is on now and next on every table, the medal and unit points tables, and the big screen.

Every page calls the same queries as the CLI (``podium matches``, ``standings``, ``schedule``, ``medals``) and
renders their views; nothing here knows a rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from podium.errors import PodiumError
from podium.faces.web.pages import NO_STORE, page, render
from podium.faces.web.site import Site
from podium.i18n import N_, Label
from podium.journal.state import MeetState
from podium.model.numerals import whole_number
from podium.views.awards import MedalRow, MedalsView, UnitPointsView
from podium.views.matches import HeatStatus, HeatView, MatchListView, MatchStatus, MatchView
from podium.views.schedule import PlanRow, ScheduleView
from podium.views.standings import MatchStageStandings, StandingsView

if TYPE_CHECKING:
    from podium.config.meet import MeetConfig

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
    """Where an event stands, from its views: not drawn, drawn, in progress (a result or a mark is in:
    :func:`started`), waiting for lots or a play-off (a tie the event does not let entrants share), decided (its
    final ranking is known)."""
    if not matches.drawn:
        return "not_drawn"
    if decided:
        return "decided"
    for stage in standings.stages:
        if isinstance(stage, MatchStageStandings):
            if any(tie.must_decide for table in stage.tables for tie in table.ties):
                return "needs_decision"
        elif stage.complete and (stage.unresolved or any(tie.must_decide for tie in stage.ties)):
            return "needs_decision"
    if any(started(item) for item in matches.items):
        return "in_progress"
    return "drawn"


def started(item: MatchView | HeatView) -> bool:
    """Whether a match or heat has a result, or a heat at least one mark: a heat waiting for its last runners, or a
    jump after its first round of trials, is under way although not finished."""
    if item.status in PLAYED:
        return True
    return isinstance(item, HeatView) and any(lane.mark is not None or lane.attempts for lane in item.lanes)


def match_lists(site: Site, keys: Sequence[str], state: MeetState | None = None) -> list[MatchListView]:
    """The match lists (``podium matches``) of the events ``keys`` in ``state`` (the meet now when ``None``), each
    made once per change of its event: what a referee's form needs, without the standings a board adds."""
    from podium.services.match_list import match_list

    found = site.state() if state is None else state
    return [
        site.cached(f"matches:{key}", lambda key=key: match_list(found, key), version=found.position(key), config=found.config)
        for key in keys if key in found.config.events
    ]


def boards(site: Site, keys: Sequence[str] | None = None, state: MeetState | None = None) -> list[EventBoard]:
    """The boards of the events ``keys`` (every event when ``None``) in ``state`` (the meet now when ``None``), each
    made once per change of its event."""
    found = site.state() if state is None else state
    if keys is None:
        keys = list(found.config.events)
    return [
        site.cached(f"board:{key}", lambda key=key: _board(site, found, key), version=found.position(key), config=found.config)
        for key in keys if key in found.config.events
    ]


def _board(site: Site, state: MeetState, key: str) -> EventBoard:
    """The board of one event: ``podium matches`` and ``podium standings`` of it, and where it stands."""
    from podium.services.sportsday import final_ranking
    from podium.services.standings import standings

    event = state.event(key)
    matches = match_lists(site, [key], state)[0]
    table = standings(state, key)
    decided = matches.drawn and final_ranking(event) is not None
    return EventBoard(key, event.config.name, event_status(matches, table, decided), matches, table)


def index(request: Request) -> Response:
    site: Site = request.app.state.site
    state = site.state()
    lines = [
        EventLine(b.key, b.name, b.status, sum(1 for i in b.matches.items if i.status in PLAYED), len(b.matches.items))
        for b in boards(site, state=state)
    ]
    return render(request, "index.html", meet=state.config, events=lines, titles=STATUS_TITLES)


def event_page(request: Request) -> Response:
    """An event's board. The page is made once per change of the event and language: the fifty phones and the
    projector that reload it after an entry get the same page."""
    site: Site = request.app.state.site
    state = site.state()
    try:
        key = state.config.event(request.path_params["event"]).key
    except PodiumError as error:  # the event named, and the meet's events
        return render(request, "refused.html", status=404, message=error.render(request.state.lang))

    def make() -> str:
        board = boards(site, [key], state)[0]
        return page(request, "event.html", board=board, titles=STATUS_TITLES, MatchView=MatchView, HeatView=HeatView)

    if site.settings.reload:  # template work: the templates may have changed since
        return HTMLResponse(make(), headers=NO_STORE)
    html = site.cached(f"page:event:{key}:{request.state.lang}", make, version=state.position(key), config=state.config)
    return HTMLResponse(html, headers=NO_STORE)


def screen(request: Request) -> Response:
    """The big screen: the chosen events' boards (``?events=ms,ws``, by key or name; every event without it), one
    after another. An event the meet does not have is refused (404) with the sentence of ``podium`` for it, not left
    out: a screen that silently shows less than was asked for looks like an event with nothing on."""
    site: Site = request.app.state.site
    state = site.state()
    asked = [k.strip() for k in request.query_params.get("events", "").split(",") if k.strip()]
    try:
        keys = [state.config.event(k).key for k in asked]
    except PodiumError as error:
        return render(request, "refused.html", status=404, message=error.render(request.state.lang))
    chosen = boards(site, keys or None, state)
    return render(request, "screen.html", boards=chosen, titles=STATUS_TITLES, seconds=site.settings.screen_seconds,
                  MatchView=MatchView, HeatView=HeatView)


@attrs.frozen
class TableNow:
    """One table (court, lane, board) of a venue: what is on it now and what comes next, by the order of play."""

    venue: Label
    resource: str
    title: Label
    """The table as people read it (1号台 / Table 1)."""
    now: PlanRow | None
    next: PlanRow | None


def on_tables(plan: ScheduleView) -> list[TableNow]:
    """For every table of the plan, the first match or heat placed on it still without a result (on now) and the
    one after it (next)."""
    waiting: dict[tuple[str, str], list[PlanRow]] = {}
    names: dict[str, Label] = {}
    titles: dict[tuple[str, str], Label] = {}
    for session in plan.sessions:
        names[session.venue] = session.venue_name
        for row in session.rows:
            for resource, title in zip(row.resources, row.places, strict=True):
                titles[(session.venue, resource)] = title
                todo = waiting.setdefault((session.venue, resource), [])
                if not row.complete:
                    todo.append(row)
    return [
        TableNow(names[venue], resource, titles[(venue, resource)], (rows[0] if rows else None), (rows[1] if len(rows) > 1 else None))
        for (venue, resource), rows in sorted(waiting.items(), key=lambda item: (item[0][0], _natural(item[0][1])))
    ]


def _natural(name: str) -> tuple[str, int]:
    """``name`` sorted as people read it: T2 before T10 (decimal digits only: ``int`` reads no ``²``)."""
    digits = "".join(ch for ch in name if ch.isdecimal())
    return "".join(ch for ch in name if not ch.isdecimal()), whole_number(digits) or 0


TABLES_HEADINGS = {
    frozenset({"table"}): N_("Now and next on every table"),
    frozenset({"board"}): N_("Now and next on every board"),
}
"""The heading of the order of play's tables when every venue's places of play are of one kind that has its own word
(球台, 棋盘); any other kind, or several kinds (a hall's tables and a stadium's track), get :data:`PLACES_HEADING`."""
PLACES_HEADING = N_("Now and next at every place of play")


def tables_heading(config: MeetConfig) -> str:
    """The heading over what is on now and next: worded for the kind of the venues' places of play (tables,
    boards), or for any place when they are of another kind or of several."""
    kinds = frozenset(resource.kind for venue in config.venues.values() for resource in venue.resources)
    return TABLES_HEADINGS.get(kinds, PLACES_HEADING)


def schedule_page(request: Request) -> Response:
    site: Site = request.app.state.site
    plan = site.plan()
    return render(
        request, "schedule.html", plan=plan, tables=on_tables(plan) if plan else [], heading=tables_heading(site.state().config)
    )


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
