"""Standings and entrant lists as flat tables for spreadsheets (``--csv``, ``-o FILE.csv|.xlsx``).

One row per entrant and table, with the stage and group in columns of their own, so a
pasted table can be sorted and filtered. Headers are in the meet's language; values are
those ``podium standings`` and ``podium entrants list`` print.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from podium.faces.tables.spreadsheet import Sheet
from podium.i18n import _
from podium.journal.state import EventState
from podium.model.entrants import EntrantKind, Unit
from podium.services.views import standings_view


def standings_sheet(event: EventState, units: Mapping[str, Unit]) -> Sheet:
    """The standings of every drawn stage and table of ``event``; knockout places; measured stages with their marks."""
    view = standings_view(event)
    names: list[str] = []  # tie-breakers shown, in chain order, across every table
    for stage in view["stages"]:
        for table in stage.get("tables", ()):
            shown = [b for b in table["chain"] if any(b in r["values"] for r in table["rows"])]
            names += [b for b in shown if b not in names]
    rows: list[tuple[Any, ...]] = []
    measured = any(stage.get("kind") == "measured" for stage in view["stages"])
    draws = event.sport.draws_allowed
    for stage in view["stages"]:
        if stage.get("kind") == "measured":
            rows += [
                (stage["title"], _place(r), r["name"], _unit(units, r["unit"]), r["mark"], r["round"], r["note"])
                for r in stage["rows"]
            ]
            continue
        width = 4 if draws else 3  # played, won, (drawn,) lost
        for r in stage.get("placings") or ():  # a knockout's places (its bracket decides them, not points)
            rows.append((stage["title"], "", _place(r), r["name"], _unit(units, r["unit"]), *(None,) * (width + 1 + len(names))))
        for table in stage["tables"]:
            for r in table["rows"]:
                counts = (r["played"], r["wins"], r["draws"], r["losses"]) if draws else (r["played"], r["wins"], r["losses"])
                rows.append(
                    (stage["title"], table["name"] or "", _place(r), r["name"], _unit(units, r["unit"]), *counts, r["points"],
                     *(r["values"].get(b) for b in names))
                )
    if measured:
        headers = [_("stage"), _("place"), _("name"), _("unit"), _("mark"), _("round"), _("note")]
    else:
        titles = [event.registry.tiebreaker(b).title.get() for b in names]
        counts_headers = [_("played"), _("won"), _("drawn"), _("lost")] if draws else [_("played"), _("won"), _("lost")]
        headers = [_("stage"), _("group"), _("place"), _("name"), _("unit"), *counts_headers, _("points"), *titles]
    return Sheet(event.key, tuple(headers), tuple(rows))


def team_ranking_sheet(event: EventState, view: Mapping[str, Any]) -> Sheet:
    """The team ranking of ``event`` (``standings --teams``): units by their players' places (CXA 2011 §11.5, §14.8),
    the columns the terminal shows."""
    breakers = [b for b in view["chain"] if b != "placings" and any(b in r["values"] for r in view["rows"])]
    headers = [_("place"), _("unit"), _("players who count"), _("places that count"), _("sum"), _("best")]
    headers += [event.registry.tiebreaker(b).title.get() for b in breakers]
    rows = [
        (
            _place(r), r["unit_name"], r["players"],
            ", ".join(f"{p['name']} {p['place']}{'=' if p['shared'] else ''}" + (f" ({p['section']})" if p["section"] else "") for p in r["counted"]),
            r["sum"], r["best"], *(r["values"].get(b) for b in breakers),
        )
        for r in view["rows"]
    ]
    return Sheet(event.key, tuple(headers), tuple(rows))


def entrants_sheet(events: Iterable[EventState], units: Mapping[str, Unit]) -> Sheet:
    """The entrants of ``events``: one row each, with the members of pairs and teams."""
    rows = []
    for event in events:
        for e in event.entrants.values():
            members = "、".join(m.name + (_(" (reserve)") if m.reserve else "") for m in e.members) if e.kind is not EntrantKind.INDIVIDUAL else ""
            rows.append((event.key, e.key, e.name, _unit(units, e.unit), e.seed, members, _("withdrawn") if e.key in event.withdrawn else ""))
    headers = (_("event"), _("key"), _("name"), _("unit"), _("seed"), _("members"), _("withdrawn"))
    return Sheet(_("entrants"), headers, tuple(rows))


def _place(row: Mapping[str, Any]) -> Any:
    """The place as a number, or ``2=`` when shared (as the terminal shows it); empty when unplaced."""
    if row["place"] is None:
        return None
    return f"{row['place']}=" if row["shared"] else row["place"]


def _unit(units: Mapping[str, Unit], key: str | None) -> str:
    return units[key].name if key in units else ""
