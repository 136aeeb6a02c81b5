"""Sports-day commands: schedule (with pin and unpin), awards, medals, disqualify."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import TYPE_CHECKING

import click

from podium.faces.cli.common import open_meet
from podium.faces.cli.output import echo_json, json_option, table
from podium.i18n import _, ngettext

if TYPE_CHECKING:
    from podium.views.awards import MedalsView
    from podium.views.schedule import NowView, PlanRow, ScheduleView


def _rows(rows: Sequence[PlanRow], *, late: bool = False) -> str:
    from podium.faces import wording

    headers = [_("time"), _("where"), "#", _("event"), _("round"), _("side 1"), _("side 2")]
    headers.append(_("minutes late") if late else _("result"))
    body = []
    for r in rows:
        start = r.start.strftime("%Y-%m-%d %H:%M")
        when = start[11:] if not late else start
        extra = (r.minutes_late if r.minutes_late is not None else "") if late else _result(r)
        who = wording.who(r)
        sides = who if isinstance(who, tuple) else (who, "")
        body.append([when, r.where.get() + (" *" if r.pinned else ""), r.number, r.event_name.get(), wording.plan_round(r),
                     sides[0], sides[1], extra])
    return table(headers, body, right=(2,))


def _result(row: PlanRow) -> str:
    """A match's result, or "complete" for a heat with every mark."""
    if row.kind == "heat":
        return _("complete") if row.complete else ""
    return row.result or ""


@click.group(
    invoke_without_command=True,
    help=_(
        "Show the order of play: every drawn match and heat placed in the venues' sessions so that nobody is in two "
        "places at once, everyone rests between matches, a match waits for the matches its sides come from, a "
        "final for its heats, and each event keeps to its sessions. When they do not fit it says how many and by "
        "how much. --now compares the plan with the results entered so far: what is running late and what can be "
        "called next. Pinned matches and heats are marked *.\n\n"
        "\b\nExample:\n  podium schedule\n  podium schedule --event ms --json\n  podium schedule --now\n"
        "  podium schedule --now --at \"2026-05-20 09:40\"\n  podium schedule pin ms 12 --at 09:30 --on T3\n"
        "  podium schedule pin sack 2 --at 14:10"
    ),
)
@click.option("--event", "event", help=_("Only the matches and heats of this event."))
@click.option("--now", "now", is_flag=True, help=_("Show what is late and what can be called next."))
@click.option("--at", "at", metavar="TIME", help=_("The time --now uses (default: the clock), like 09:40 or \"2026-05-20 09:40\"."))
@click.option("--limit", default=10, show_default=True, type=click.IntRange(1, 500), help=_("How many matches and heats --now offers to call."))
@json_option
@click.pass_context
def schedule(ctx: click.Context, event: str | None, now: bool, at: str | None, limit: int, as_json: bool) -> None:
    if ctx.invoked_subcommand is not None:
        return
    from podium.services.schedule import now_view, parse_moment, plan_view

    meet = open_meet(ctx)
    state = meet.state()
    if now or at:
        moment = parse_moment(at, state) if at else dt.datetime.now().replace(second=0, microsecond=0)
        view = now_view(state, moment, limit=limit)
        if as_json:
            echo_json(view)
            return
        _print_now(view)
        return
    view = plan_view(state, event=event)
    if as_json:
        echo_json(view)
        return
    print_plan(view)


def print_plan(view: ScheduleView) -> None:
    """Print the order of play of :func:`podium.services.schedule.plan_view` (also used by ``podium demo``)."""
    from podium.faces import wording

    for session in view.sessions:
        if not session.rows:
            continue
        click.echo(
            _("{title} · {venue} · {date} {start}–{end}").format(
                title=session.title.get(), venue=session.venue_name.get(), date=session.date.isoformat(),
                start=session.start.strftime("%H:%M"), end=session.end.strftime("%H:%M"),
            )
        )
        click.echo(_rows(session.rows))
        click.echo()
    for pin in view.dropped_pins:
        message = (
            _("The pin of heat {number} ({event}) at {at} is not honoured: {reason}.") if pin.kind == "heat"
            else _("The pin of match {number} ({event}) at {at} is not honoured: {reason}.")
        )
        click.echo(message.format(number=pin.number, event=pin.event, at=pin.at.strftime("%Y-%m-%d %H:%M"), reason=pin.reason.get()))
    if view.not_drawn:
        click.echo(_("Not drawn yet, so not in the plan: {events}.").format(events=wording.names(view.not_drawn_names)))
    what = counted(view.matches, view.heats)
    if view.fits:
        click.echo(_("{what}; all fit in the sessions.").format(what=what))
        return
    left = len(view.overflow) + len(view.unplaced)
    click.echo(
        _("{what}; {left} do not fit. They need {required} minutes of play on the venues' resources and the "
          "sessions offer {available}.").format(
            what=what, left=left, required=view.required_minutes, available=view.available_minutes
        )
    )
    for over in view.overrun:
        click.echo(
            _("{venue} would have to run {minutes} minutes longer (until {until}).").format(
                venue=over.venue, minutes=over.minutes, until=over.until.strftime("%Y-%m-%d %H:%M") if over.until else None
            )
        )
    if view.overflow:
        click.echo(_("What does not fit, and where it would go:"))
        click.echo(_rows(view.overflow, late=False))
    reasons = {"no_session": _("no session of its event has the resources it needs"), "waits": _("it waits for a match that has no place")}
    for item in view.unplaced:
        message = (
            _("Heat {number} ({event}) has no place: {reason}.") if item.kind == "heat"
            else _("Match {number} ({event}) has no place: {reason}.")
        )
        click.echo(message.format(number=item.number, event=item.event, reason=reasons[item.reason]))


def counted(matches: int, heats: int) -> str:
    """What the plan (or some of its rows) holds: "12 matches", "5 heats" or "12 matches and 5 heats"."""
    if not heats:
        return ngettext("{count} match", "{count} matches", matches).format(count=matches)
    if not matches:
        return ngettext("{count} heat", "{count} heats", heats).format(count=heats)
    matches_text = ngettext("{count} match", "{count} matches", matches).format(count=matches)
    heats_text = ngettext("{count} heat", "{count} heats", heats).format(count=heats)
    return _("{matches} and {heats}").format(matches=matches_text, heats=heats_text)


def _print_now(view: NowView) -> None:
    now = view.now.strftime("%Y-%m-%d %H:%M")
    if view.late:
        heats = sum(1 for r in view.late if r.kind == "heat")
        click.echo(
            _("{now}: {what} are late, the latest planned {minutes} minutes ago.").format(
                now=now, what=counted(len(view.late) - heats, heats), minutes=view.behind_minutes
            )
        )
        click.echo(_rows(view.late, late=True))
    else:
        click.echo(_("{now}: nothing is late.").format(now=now))
    if view.due:
        click.echo()
        click.echo(_("In play by the plan:"))
        click.echo(_rows(view.due))
    click.echo()
    if view.call_next:
        click.echo(_("Can be called next:"))
        click.echo(_rows(view.call_next, late=True))
    else:
        click.echo(_("Nothing can be called now."))


@schedule.command(
    "pin",
    short_help=_("Fix a match or heat at a time and place: a manual move."),
    help=_(
        "Fix match or heat NUMBER of EVENT at a time (and on a resource): a manual move. The pin is checked like the "
        "plan — inside the event's sessions, nobody twice, the resource free, after the matches and heats it depends "
        "on — and refused with the reason when it cannot hold. Pinning again moves it.\n\n"
        "\b\nExample:\n  podium schedule pin ms 12 --at 09:30 --on T3\n  podium schedule pin ms 12 --at \"2026-05-21 14:00\"\n"
        "  podium schedule pin sack 2 --at 14:10 --on F1"
    ),
)
@click.argument("event")
@click.argument("number")
@click.option("--at", "at", required=True, metavar="TIME", help=_("When it starts, like 09:30 or \"2026-05-20 09:30\"."))
@click.option("--on", "on", multiple=True, metavar="RESOURCE", help=_("The table, court, lane or board (repeat for several)."))
@click.pass_context
def pin(ctx: click.Context, event: str, number: str, at: str, on: tuple[str, ...]) -> None:
    from podium.faces import wording
    from podium.services.schedule import pin_match

    done = pin_match(open_meet(ctx), event, number, at, on)
    message = _("Heat {number} pinned at {start} on {resources}.") if done.kind == "heat" else _("Match {number} pinned at {start} on {resources}.")
    click.echo(message.format(number=done.number, start=done.start.strftime("%Y-%m-%d %H:%M"), resources=wording.names(done.places)))


@schedule.command(
    "unpin",
    short_help=_("Let the scheduler place a pinned match or heat again."),
    help=_("Release a pinned match or heat: the scheduler places it again.\n\n\b\nExample:\n  podium schedule unpin ms 12\n  podium schedule unpin sack 2"),
)
@click.argument("event")
@click.argument("number")
@click.pass_context
def unpin(ctx: click.Context, event: str, number: str) -> None:
    from podium.services.schedule import unpin_match

    done = unpin_match(open_meet(ctx), event, number)
    message = _("Heat {number} is no longer pinned.") if done.kind == "heat" else _("Match {number} is no longer pinned.")
    click.echo(message.format(number=done.number))


@click.command(
    help=_(
        "Show the awards of every decided event (or of EVENT) by its award scheme: places, prize grades, excellence, "
        "commemorative and participation awards, with medals. A pair's or team's award gives a certificate to each "
        "member; disqualified entrants receive nothing.\n\n"
        "\b\nExample:\n  podium awards\n  podium awards ms --json"
    )
)
@click.argument("event", required=False)
@json_option
@click.pass_context
def awards(ctx: click.Context, event: str | None, as_json: bool) -> None:
    from podium.faces import wording
    from podium.services.sportsday import awards_view

    view = awards_view(open_meet(ctx).state(), event)
    if as_json:
        echo_json(view)
        return
    for ev in view.events:
        click.echo(_("{name} ({code})").format(name=ev.name.get(), code=ev.event))
        if not ev.decided:
            click.echo(_("  not decided yet"))
            click.echo()
            continue
        rows = [
            [wording.place(a.place, a.shared), a.title.get(), a.name, a.unit_name or "", wording.medal(a.medal),
             "、".join(a.recipients) if len(a.recipients) > 1 else ""]
            for a in ev.awards
        ]
        click.echo(table([_("place"), _("award"), _("name"), _("unit"), _("medal"), _("certificates")], rows))
        if ev.disqualified:
            click.echo(_("Disqualified, no award: {keys}").format(keys=wording.names(ev.disqualified_names)))
        click.echo()


@click.command(
    help=_(
        "Show the medal table and the unit points table of the events decided so far. Places score points by the "
        "meet's [points] table (9-7-6-5-4-3-2-1 by default); entrants sharing a place share the points of the "
        "places they cover; equal totals are separated by the most first places, then second places…\n\n"
        "\b\nExample:\n  podium medals\n  podium medals --by-event\n  podium medals --json"
    )
)
@click.option("--by-event", is_flag=True, help=_("Show each event's points in its own column."))
@json_option
@click.pass_context
def medals(ctx: click.Context, by_event: bool, as_json: bool) -> None:
    from podium.services.sportsday import tables_view

    view = tables_view(open_meet(ctx).state())
    if as_json:
        echo_json(view)
        return
    print_tables(view, by_event=by_event)


def print_tables(view: MedalsView, *, by_event: bool = False) -> None:
    """Print the medal table and the unit points table of :func:`podium.services.sportsday.tables_view` (also for
    ``podium demo``): one pair of tables per division when the units have divisions, marked unofficial while
    events are open."""
    from podium.faces import wording

    if not view.decided:
        click.echo(_("No event is decided yet."))
        return
    if view.unofficial:
        click.echo(wording.unofficial(len(view.undecided)))
        click.echo()
    parts = [(d.division, d.medals, d.points) for d in view.divisions] or [(None, view.medals, view.points)]
    for index, (division, medals, points) in enumerate(parts):
        if index:
            click.echo()
        suffix = f" · {division}" if division is not None else ""
        click.echo(_("Medal table") + suffix)
        click.echo(
            table(
                [_("place"), _("unit"), _("gold"), _("silver"), _("bronze"), _("total")],
                [[wording.place(r.place, r.shared), r.unit_name, r.gold, r.silver, r.bronze, r.total] for r in medals],
                right=(0, 2, 3, 4, 5),
            )
        )
        click.echo()
        click.echo(_("Unit points") + suffix)
        events = points.events if by_event else ()
        headers = [_("place"), _("unit")] + [e.name.get() for e in events] + [_("total")]  # names, as printed: a key is no word to read
        rows = [
            [wording.place(r.place, r.shared), r.unit_name] + [r.points.get(e.event, "") for e in events] + [r.total]
            for r in points.rows
        ]
        click.echo(table(headers, rows, right=tuple(i for i in range(len(headers)) if i != 1)))
    if view.undecided:
        click.echo()
        click.echo(_("Not decided yet: {events}.").format(events=wording.names(view.undecided_names)))


@click.command(
    help=_(
        "Disqualify ENTRANT of EVENT: it receives no award and scores no unit points, and those below move up "
        "(or the place stays empty, as the event's award scheme says). --cancel reinstates it.\n\n"
        "\b\nExample:\n  podium disqualify ms 张伟 --reason \"took back a move\"\n  podium disqualify ms 张伟 --cancel --reason \"appeal upheld\""
    )
)
@click.argument("event")
@click.argument("entrant")
@click.option("--reason", required=True, help=_("Why (kept in the history)."))
@click.option("--cancel", is_flag=True, help=_("Reinstate the entrant."))
@click.pass_context
def disqualify(ctx: click.Context, event: str, entrant: str, reason: str, cancel: bool) -> None:
    from podium.services.sportsday import disqualify as bar

    if not reason.strip():
        raise click.BadParameter(_("the reason cannot be empty"), param_hint="--reason")
    done = bar(open_meet(ctx), event, entrant, reason.strip(), cancel=cancel)
    message = _("{name} is reinstated in {event}.") if cancel else _("{name} is disqualified in {event}: no award, no unit points.")
    click.echo(message.format(name=done.name, event=done.event_name.get()))
