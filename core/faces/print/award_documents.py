"""Awards for printing: certificates and unit certificates (the medal table and the unit points table print the
sports day's views).

The awards themselves are the sports day's (:mod:`podium.services.sportsday`: the event's final
ranking, its award scheme in ``meet.toml`` — by default places 1–3 with medals — and
disqualifications); this module turns them into the printable view models. A pair's award
gives each of its two players a certificate; a team's (or a unit's) award gives the team one
certificate naming its members, or each member one with ``per_member`` (table-tennis
plan 5 §7 counts awards per person). Units placed in the points table get certificates of their own.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence

import attrs

from podium.config.meet import MeetConfig
from podium.faces.print.models import Award, Certificate, unit_name
from podium.faces.print.templating import long_date
from podium.i18n import _, current_language
from podium.journal.measured_stage import broken_records
from podium.journal.state import MeetState
from podium.measure.records import Broken
from podium.model.entrants import EntrantKind
from podium.model.numerals import chinese_date, counting
from podium.services.sportsday import event_results, tables_view
from podium.views.awards import MedalsView, PointsEvent, UnitPointsRow


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
    tables = [(d.division, d.points) for d in view.divisions] or [("", view.points)]
    found = []
    for division, points in tables:
        for row in points.rows:
            if row.place > places or not row.total:
                continue
            found.append(
                Award(
                    event=_("{division} unit points").format(division=division) if division else _("unit points"),
                    title=_("Place {place}").format(place=row.place),
                    name=row.unit_name,
                    unit=row.unit_name,
                    place=row.place,
                    points=row.total,
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


POINTS_PORTRAIT_EVENTS = 6
"""A unit points table of at most this many event columns prints on A4 portrait, a wider one on A4 landscape."""
POINTS_EVENTS_PER_PAGE = 20
"""Event columns that fit across A4 landscape (11 mm each beside place, unit and total); a table with more is
printed in parts of at most this many columns, each with the units' places and totals."""


@attrs.frozen
class PointsPart:
    """A unit points table as printed: its title (the division, and the part of a wide table) and the event
    columns it shows; ``rows`` keep every unit's points by event and total."""

    title: str
    events: tuple[PointsEvent, ...]
    rows: tuple[UnitPointsRow, ...]


def points_pages(view: MedalsView) -> tuple[str, list[PointsPart]]:
    """The page size of the unit points table and its tables as printed (the meet's, or one per division): A4
    portrait up to :data:`POINTS_PORTRAIT_EVENTS` events, else A4 landscape (most school printers take A4 only),
    a table of more than :data:`POINTS_EVENTS_PER_PAGE` events cut into as few parts of even width as fit."""
    tables = [(d.division, d.points) for d in view.divisions] if view.divisions else [("", view.points)]
    widest = max((len(points.events) for _title, points in tables), default=0)
    size = "A4" if widest <= POINTS_PORTRAIT_EVENTS else "A4 landscape"
    printed = []
    for title, points in tables:
        count = -(-len(points.events) // POINTS_EVENTS_PER_PAGE) or 1
        width = -(-len(points.events) // count) if points.events else 0
        for index in range(count):
            part = _("part {number} of {count}").format(number=index + 1, count=count)
            printed.append(PointsPart(
                title=title if count == 1 else " · ".join(t for t in (title, part) if t),
                events=points.events[index * width:(index + 1) * width],
                rows=points.rows,
            ))
    return size, printed


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
