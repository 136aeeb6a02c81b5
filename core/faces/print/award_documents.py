"""Awards for printing: certificates, the medal table and the unit points table.

The awards themselves are the sports day's (:mod:`podium.services.sportsday`: the event's final
ranking, its award scheme in ``meet.toml`` — by default places 1–3 with medals — and
disqualifications); this module turns them into the printable view models. A pair's award
gives each of its two players a certificate; a team's (or a unit's) award gives the team one
certificate naming its members, or each member one with ``per_member`` (table-tennis
plan 5 §7 counts awards per person). Units placed in the points table get certificates of their own.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from podium.config.meet import MeetConfig
from podium.faces.print.models import (
    Award,
    Certificate,
    MedalRow,
    MedalTable,
    UnitPoints,
    UnitPointsRow,
    unit_name,
)
from podium.faces.print.templating import long_date
from podium.i18n import _, current_language
from podium.journal.state import MeetState
from podium.measure.records import Broken
from podium.model.entrants import EntrantKind
from podium.model.numerals import chinese_date, counting
from podium.services.records import broken_records
from podium.services.sportsday import event_results, tables_view, unofficial


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
        broken = broken_records(event) if result.team is None and event.config.records else []
        for award in result.awards:
            entrant = event.entrants.get(award.entrant) if result.team is None else None
            people = result.recipients(award)
            several = result.team is not None or (entrant is not None and len(entrant.members) > 1)
            recipient = "unit" if result.team is not None else "person" if entrant is None else {
                EntrantKind.PAIR: "pair", EntrantKind.TEAM: "team"}.get(entrant.kind, "person")
            awards.append(
                Award(
                    event=result.title.get(lang),
                    title=award.title.get(lang),
                    name=result.name(award.entrant, units),
                    unit=unit_name(state.config, result.unit(award.entrant)),
                    place=award.place,
                    medal=award.medal,
                    members=people if several else (),
                    kind=award.kind,
                    recipient=recipient,
                    records=tuple(record_text(b) for b in broken if b.best and b.entrant == award.entrant),
                )
            )
    return awards


def points_awards(state: MeetState, places: int, lang: str | None = None) -> list[Award]:
    """The units placed ``places`` or better in the unit points table (of each division when units have
    divisions), as awards for unit certificates (团体总分第一名)."""
    view = tables_view(state)
    tables = [(d["division"], d["points"]) for d in view["divisions"]] or [("", view["points"])]
    found = []
    for division, points in tables:
        for row in points["rows"]:
            if row["place"] > places or not row["total"]:
                continue
            found.append(
                Award(
                    event=_("{division} unit points").format(division=division) if division else _("unit points"),
                    title=_("Place {place}").format(place=row["place"]),
                    name=row["unit_name"] or row["unit"],
                    unit=row["unit_name"] or row["unit"],
                    place=row["place"],
                    points=row["total"],
                    kind="points",
                    recipient="unit",
                )
            )
    return found


def record_text(broken: Broken) -> str:
    """A record on a certificate: "New school record 12.3" (破校纪录), "School record equalled 12.6" (平校纪录)."""
    message = _("{title} equalled {mark}") if broken.equal else _("New {title} {mark}")
    text = message.format(title=broken.record.title, mark=broken.text)
    return text[:1].upper() + text[1:]


def medal_rows(state: MeetState) -> list[MedalRow]:
    """The medal table of the decided events (:func:`podium.services.sportsday.tables_view`)."""
    return _medal_rows(tables_view(state)["medals"])


def _medal_rows(rows: Iterable[Mapping[str, Any]]) -> list[MedalRow]:
    return [
        MedalRow(place=row["place"], unit=row["unit_name"] or row["unit"], gold=row["gold"], silver=row["silver"], bronze=row["bronze"])
        for row in rows
    ]


def medal_tables(state: MeetState) -> list[MedalTable]:
    """The medal table of each division (the units of a grade ranked among themselves), or the meet's one table."""
    view = tables_view(state)
    if not view["divisions"]:
        return [MedalTable("", tuple(_medal_rows(view["medals"])))]
    return [MedalTable(d["division"], tuple(_medal_rows(d["medals"]))) for d in view["divisions"]]


def unit_points_table(state: MeetState) -> UnitPoints:
    """The unit points table (团体总分) of the decided events that count, one column per event."""
    return _points(tables_view(state)["points"])


def unit_points_tables(state: MeetState) -> list[UnitPoints]:
    """The unit points table of each division (its units ranked among themselves, a column per event they
    entered), or the meet's one table."""
    view = tables_view(state)
    if not view["divisions"]:
        return [_points(view["points"])]
    return [_points(d["points"], d["division"]) for d in view["divisions"]]


def _points(points: Mapping[str, Any], title: str = "") -> UnitPoints:
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
        title=title,
    )


POINTS_PORTRAIT_EVENTS = 6
"""A unit points table of at most this many event columns prints on A4 portrait, a wider one on A4 landscape."""
POINTS_EVENTS_PER_PAGE = 20
"""Event columns that fit across A4 landscape (11 mm each beside place, unit and total); a table with more is
printed in parts of at most this many columns, each with the units' places and totals."""


def points_pages(tables: Sequence[UnitPoints]) -> tuple[str, list[UnitPoints]]:
    """The page size of the unit points table and its tables as printed: A4 portrait up to
    :data:`POINTS_PORTRAIT_EVENTS` events, else A4 landscape (most school printers take A4 only), a table of more
    than :data:`POINTS_EVENTS_PER_PAGE` events cut into as few parts of even width as fit."""
    widest = max((len(t.events) for t in tables), default=0)
    size = "A4" if widest <= POINTS_PORTRAIT_EVENTS else "A4 landscape"
    printed = []
    for table in tables:
        count = -(-len(table.events) // POINTS_EVENTS_PER_PAGE) or 1
        width = -(-len(table.events) // count) if table.events else 0
        for index in range(count):
            columns = slice(index * width, (index + 1) * width)
            part = _("part {number} of {count}").format(number=index + 1, count=count)
            printed.append(UnitPoints(
                events=table.events[columns],
                rows=tuple(attrs.evolve(row, points=row.points[columns]) for row in table.rows),
                title=table.title if count == 1 else " · ".join(t for t in (table.title, part) if t),
            ))
    return size, printed


def open_events_mark(state: MeetState) -> str:
    """"Unofficial — N events not decided" while events are open, else nothing."""
    undecided = tables_view(state)["undecided"]
    return unofficial(len(undecided)) if undecided else ""


def achievement(award: Award, lang: str | None, style: str) -> str:
    """The award as a certificate's sentence says it. A traditional zh certificate gives a place in Chinese
    numerals (第五名; GB/T 15835-2011 counting numerals); otherwise the award's title (冠军, 一等奖, "Place 5")."""
    if style == "traditional" and award.place is not None and award.kind in ("place", "points") and (lang or current_language()) == "zh":
        return f"第{counting(award.place)}名"
    return award.title


def certificate_date(day: dt.date | None, lang: str | None, date_style: str) -> str:
    """The date a certificate prints: in Chinese ``chinese`` is 二〇二六年十月 (year and month in Chinese numerals, as
    奖状 are dated) and ``numeric`` is 2026年10月21日; in English the long date."""
    if day is None:
        return ""
    language = lang or current_language()
    if language == "zh" and date_style == "chinese":
        return chinese_date(day)
    return long_date(day, language)


def certificates(
    config: MeetConfig,
    awards: Iterable[Award],
    signatures: Sequence[str] = (),
    lang: str | None = None,
    *,
    per_member: bool = False,
    style: str = "modern",
    date_style: str = "chinese",
) -> list[Certificate]:
    """Certificates of ``awards``: one per person; a pair's two players one each; a team or unit one naming
    its members (one per member with ``per_member``)."""
    result = []
    date_text = certificate_date(config.date, lang, date_style)
    for award in awards:
        whole = award.recipient in ("team", "unit") and not per_member
        people = (award.name,) if whole else award.members or (award.name,)
        for person in people:
            result.append(
                Certificate(
                    meet=config.name.get(lang),
                    event=award.event,
                    title=award.title,
                    name=person,
                    unit=award.unit if award.unit != person else "",
                    team=award.name if award.members and award.name not in (award.unit, person) else "",
                    records=award.records,
                    date=config.date,
                    organiser=config.organiser,
                    signatures=tuple(signatures),
                    achievement=achievement(award, lang, style),
                    to_person=not whole,
                    members=award.members if whole else (),
                    date_text=date_text,
                    kind=award.kind,
                )
            )
    return result
