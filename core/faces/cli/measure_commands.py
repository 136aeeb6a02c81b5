"""``podium perf``: record a measured performance; and how heats and measured rankings are printed."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

import click

from podium.faces.cli.common import open_meet
from podium.faces.cli.output import table
from podium.i18n import _
from podium.views.matches import HeatStatus, HeatView

if TYPE_CHECKING:
    from podium.views.answers import RecordedPerformance
    from podium.views.standings import MeasuredStageStandings, NewRecord, StandingsView

_LIST = re.compile(r"[,，、;；]+")


@click.command(
    context_settings={"ignore_unknown_options": True},
    help=_(
        "Record a performance of ENTRANT (name, bib or key) in a measured EVENT: a time (12.34, 1:02.5, 1分02秒5), "
        "a count, a distance, points, a zone, the round an entrant went out in, or the judges' scores. The heat is "
        "the entrant's latest unless --heat is given; attempts are numbered in order. A value already recorded is "
        "changed only with --reason; --void --reason voids a run and the re-run recorded next replaces it. --legs without "
        "a value declares a relay team's running order before its race; in a jump or throw X is a foul, - a pass.\n\n"
        "\b\nExample:\n  podium perf sack 张伟 12.34\n  podium perf fire 一班 1:02.5 --penalty dress_fault:2 --false-starts 1\n"
        "  podium perf fire 一班 1:02.5 --legs 张伟,李娜,王磊,赵敏,刘洋,陈静,杨帆,周婷\n"
        "  podium perf square 阳光队 --judges 95.5,96,94.25,95,96.5\n  podium perf chopsticks 三班 --status DNF\n"
        "  podium perf relay 二班 --void --reason \"dropped the ring\"\n  podium perf throw 李娜 1 --extra   # sudden death\n"
        "  podium perf b100 张伟 12.43 --wind +1.2\n  podium perf b100 王磊 --status DQ --rule \"TR 16.8\"\n"
        "  podium perf lj 李娜 X\n  podium perf hj 赵敏 \"1.30:O 1.35:XO 1.40:XXX\"\n  podium perf r4x100 一班 --legs 张伟,王磊,刘洋,陈杰"
    ),
)
@click.argument("event")
@click.argument("entrant")
@click.argument("value", required=False)
@click.option("--heat", help=_("Heat number or key (default: the entrant's latest heat)."))
@click.option("--attempt", type=int, help=_("Attempt number (default: the next one)."))
@click.option("--penalty", "penalties", multiple=True, metavar="NAME[:N]", help=_("A fault of the event, N times (repeatable)."))
@click.option("--false-starts", type=int, default=0, help=_("False starts in this run."))
@click.option("--status", metavar="DNS|DNF|DQ|NR|-|r",
              help=_("Did not start, did not finish, disqualified, no result, an attempt passed (-) or retired (r)."))
@click.option("--rule", metavar="RULE", help=_("The rule a disqualification breaks, e.g. \"TR 16.8\" (with --status DQ)."))
@click.option("--wind", metavar="M/S", help=_("The wind reading in metres per second, e.g. +1.2 or -0.4, where the event measures it."))
@click.option("--judges", metavar="SCORES", help=_("The judges' scores, comma-separated."))
@click.option("--legs", metavar="NAMES", help=_("Relay runners in leg order, comma-separated."))
@click.option("--extra", is_flag=True, help=_("A sudden-death extra attempt to break a tie."))
@click.option("--void", is_flag=True, help=_("Void the run (a re-run replaces it); needs --reason."))
@click.option("--reason", help=_("Why a performance is corrected or voided (kept in the history)."))
@click.option("--confirm", is_flag=True,
              help=_("Accept a mark outside the event's plausible bounds (plausible_min, plausible_max); kept in the history."))
@click.pass_context
def perf(
    ctx: click.Context, event: str, entrant: str, value: str | None, heat: str | None, attempt: int | None,
    penalties: tuple[str, ...], false_starts: int, status: str | None, rule: str | None, wind: str | None,
    judges: str | None, legs: str | None, extra: bool, void: bool, reason: str | None, confirm: bool,
) -> None:
    from podium.faces import wording
    from podium.measure.sport import PerformanceInput
    from podium.services.performances import record_performance

    if reason is not None and not reason.strip():
        raise click.BadParameter(_("the reason cannot be empty"), param_hint="--reason")
    given = PerformanceInput(
        text=value,
        judges=judges,
        penalties=penalties,
        false_starts=false_starts,
        status=status,
        legs=tuple(n.strip() for n in _LIST.split(legs) if n.strip()) if legs else (),
        wind=wind,
        rule=rule,
        confirmed=confirm,
    )
    done = record_performance(
        open_meet(ctx), event, entrant, given, heat=heat, attempt=attempt, extra=extra, void=void,
        reason=reason.strip() if reason else None,
    )
    where = (_("{heat}, lane {lane}") if done.in_lanes else _("{heat}, number {lane} in the order")).format(heat=heat_title(done), lane=done.lane)
    if void:
        click.echo(_("{where}: {name}'s run voided; the re-run recorded next replaces it.").format(where=where, name=done.name))
        return
    if done.attempt == 0:  # a relay's running order declared before its race
        mark = _("running order {names}").format(names=_(", ").join(done.legs))
    else:
        mark = _("{mark} ({rule})").format(mark=wording.status(done.mark), rule=done.rule) if done.rule else wording.status(done.mark)
    if done.added is not None:  # a high-jump series recorded height by height
        message = _("{where}: {added} added to {name}'s series, which is now {series} (mark {mark}).")
        click.echo(message.format(where=where, added=done.added, name=done.name, series=done.series, mark=mark))
        return  # the series, which the mark's note would say again, is in the sentence
    message = _("{where}: {name} corrected to {mark}.") if done.corrected else _("{where}: {name} {mark} recorded.")
    click.echo(message.format(where=where, name=done.name, mark=mark))
    if done.note and done.note.get() != done.rule:  # a disqualification's note is its rule, shown with the mark
        click.echo(f"  {done.note.get()}")


def heat_title(done: RecordedPerformance) -> str:
    """The heat of a performance as the printed sheets name it: "Final", or "Heats, heat 2" (分组赛第 2 组), never
    its key (``H2``, ``R1.2``), which no sheet shows."""
    from podium.faces import wording

    title = wording.round_name(done.round_name, done.heat_number, heat=True)
    if done.round_name != "final":
        title = _("{round}, heat {index}").format(round=title, index=done.heat_index)
    return title[:1].upper() + title[1:]


def echo_heats(heats: Sequence[HeatView]) -> None:
    """Print heats: one block per heat with its lanes, marks and places."""
    from podium.faces import wording

    marks = {HeatStatus.DONE: "✓", HeatStatus.CORRECTED: "✓*", HeatStatus.READY: ""}
    for heat in heats:
        limits = [_("{seconds} s to count").format(seconds=heat.time_limit)] if heat.time_limit else []
        limits += [_("time cap {cap}").format(cap=heat.time_cap)] if heat.time_cap else []
        limits += [_("wind {wind} m/s").format(wind=heat.wind)] if heat.wind else []
        click.echo(
            _("#{number} {round}").format(number=heat.number, round=wording.round_name(heat.round_name, heat.round, heat=True))
            + (f" {marks[heat.status]}" if marks[heat.status] else "")
            + ("  " + _("({limits})").format(limits=_("; ").join(limits)) if limits else "")
        )
        lines = [
            (lane.lane, lane.name, lane.unit_name or "", " ".join([wording.mark(lane.mark, lane.still_in), *lane.records]).strip(),
             f"{lane.place or ''} {lane.qualified or ''}".strip(),
             " ".join(wording.attempt(a) for a in lane.attempts) if len(lane.attempts) > 1 else "", lane.note.get() if lane.note else "")
            for lane in heat.lanes
        ]
        click.echo(table([_("lane") if heat.in_lanes else _("order"), _("name"), _("unit"), _("mark"), _("place"), _("attempts"), _("note")], lines, right=(0, 4)))
        if heat.final_order:
            names = {lane.entrant: lane.name for lane in heat.lanes}
            order = "  ".join(f"{number}. {names[key]}" for number, key in enumerate(heat.final_order, start=1))
            click.echo(_("Order of the trials after the cut, the best last (World Athletics TR 25.5): {order}").format(order=order))
        click.echo()


def record_line(record: NewRecord) -> str:
    """One record this meet broke or equalled, in words, with the record it replaces."""
    old = record.old
    was = ", ".join(str(part) for part in (old.mark, old.holder, old.year) if part)
    message = _("{title} equalled: {name} {mark} ({was})") if record.equal else _("New {title}: {name} {mark} (was {was})")
    line = message.format(title=record.title.get(), name=record.name, mark=record.mark, was=was)
    return line[:1].upper() + line[1:]


def measured_lines(view: StandingsView, stage: MeasuredStageStandings, explain: bool) -> list[str]:
    """The ranking of one measured stage as printed (with decisions and open ties when asked), line by line."""
    from podium.faces import wording

    lines = [f"{view.name.get()} · {stage.title.get()}"]
    rows = [
        (wording.place(r.place, r.shared), r.name, r.unit_name or "", " ".join([wording.mark(r.mark, r.still_in), *r.records]).strip(),
         wording.round_name(r.round_name, r.round, heat=True), r.note.get() if r.note else "")
        for r in stage.rows
    ]
    lines.append(table([_("place"), _("name"), _("unit"), _("mark"), _("round"), _("note")], rows, right=(0,)))
    if stage.pending:
        lines.append(_("Waiting for: {names}").format(names=wording.names(stage.pending)))
    for record in stage.records:
        lines.append(record_line(record))
    if explain:
        lines += [wording.explanation(line) for line in stage.explain]
    for group in stage.unresolved:
        lines.append(
            _("{names} are tied: each makes a sudden-death extra attempt (podium perf EVENT NAME VALUE --extra).").format(
                names=wording.names(group)
            )
        )
    for tie in stage.ties:
        if tie.must_decide:
            lines.append(
                _("{names} are tied for place {place}, which must be decided: record a play-off with 'podium playoff {event} …' or draw lots with 'podium lots {event}'.").format(
                    names=wording.names(tie.names), place=tie.place, event=view.event
                )
            )
    lines.append("")
    return lines
