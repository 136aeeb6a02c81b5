"""Standings and entrant lists as flat tables for spreadsheets (``--csv``, ``-o FILE.csv|.xlsx``).

One row per entrant and table, with the stage and group in columns of their own, so a
pasted table can be sorted and filtered. Headers are in the meet's language; values are
those ``podium standings`` and ``podium entrants list`` print.
"""

from __future__ import annotations

from typing import Any

from podium.faces import wording
from podium.faces.tables.spreadsheet import Sheet
from podium.i18n import _
from podium.model.entrants import EntrantKind
from podium.views.entrants import EntrantListView
from podium.views.standings import MatchStageStandings, StandingsView, TeamRankingView


def standings_sheet(view: StandingsView) -> Sheet:
    """The standings of every drawn stage and table of an event; knockout places; measured stages with their marks."""
    columns: dict[str, str] = {}  # tie-breakers shown, in chain order, across every table
    for stage in view.stages:
        if isinstance(stage, MatchStageStandings):
            for table in stage.tables:
                columns |= {c.key: c.title.get() for c in table.columns if c.key not in columns}
    rows: list[tuple[Any, ...]] = []
    measured = any(not isinstance(stage, MatchStageStandings) for stage in view.stages)
    draws = view.draws_allowed
    for stage in view.stages:
        title = stage.title.get()
        if not isinstance(stage, MatchStageStandings):  # a measured stage's ranking
            rows += [
                (title, _place(r.place, r.shared), r.name, r.unit_name or "", wording.mark(r.mark, r.still_in),
                 wording.round_name(r.round_name, r.round, heat=True), r.note.get() if r.note else "")
                for r in stage.rows
            ]
            continue
        width = 4 if draws else 3  # played, won, (drawn,) lost
        for p in stage.placings or ():  # a knockout's places (its bracket decides them, not points)
            rows.append((title, "", _place(p.place, p.shared), p.name, p.unit_name or "", *(None,) * (width + 1 + len(columns))))
        for table in stage.tables:
            for r in table.rows:
                counts = (r.played, r.wins, r.draws, r.losses) if draws else (r.played, r.wins, r.losses)
                rows.append(
                    (title, table.name or "", _place(r.place, r.shared), r.name, r.unit_name or "", *counts, r.points,
                     *(wording.value(r.values[key]) if key in r.values else None for key in columns))
                )
    if measured:
        headers = [_("stage"), _("place"), _("name"), _("unit"), _("mark"), _("round"), _("note")]
    else:
        counts_headers = [_("played"), _("won"), _("drawn"), _("lost")] if draws else [_("played"), _("won"), _("lost")]
        headers = [_("stage"), _("group"), _("place"), _("name"), _("unit"), *counts_headers, _("points"), *columns.values()]
    return Sheet(view.event, tuple(headers), tuple(rows))


def team_ranking_sheet(view: TeamRankingView) -> Sheet:
    """An event's team ranking (``standings --teams``): units by their players' places (CXA 2011 §11.5, §14.8),
    the columns the terminal shows."""
    headers = [_("place"), _("unit"), _("players who count"), _("places that count"), _("sum"), _("best")]
    headers += [c.title.get() for c in view.columns]
    rows = [
        (
            _place(r.place, r.shared), r.unit_name, r.players,
            _(", ").join(f"{p.name} {wording.place(p.place, p.shared)}" + (f" ({p.section.get()})" if p.section else "") for p in r.counted),
            r.sum, r.best, *(wording.value(r.values[c.key]) if c.key in r.values else None for c in view.columns),
        )
        for r in view.rows
    ]
    return Sheet(view.event, tuple(headers), tuple(rows))


def entrants_sheet(view: EntrantListView) -> Sheet:
    """The entrants listed: one row each, with the members of pairs and teams."""
    rows = []
    for event in view.events:
        for e in event.entrants:
            members = "、".join(m.name + (_(" (reserve)") if m.reserve else "") for m in e.members) if e.kind is not EntrantKind.INDIVIDUAL else ""
            rows.append((event.event, e.key, e.name, e.unit_name or "", e.seed, members, _("withdrawn") if e.withdrawn else ""))
    headers = (_("event"), _("key"), _("name"), _("unit"), _("seed"), _("members"), _("withdrawn"))
    return Sheet(_("entrants"), headers, tuple(rows))


def _place(place: int | None, shared: bool) -> Any:
    """The place as a number, or ``2=`` when shared (as the terminal shows it); empty when unplaced."""
    if place is None:
        return None
    return f"{place}=" if shared else place
