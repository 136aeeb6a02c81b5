"""Commands that run an event: matches, result, correct, standings (the draw is in stage_commands)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

import click

from podium.errors import Hint, StateError, Target
from podium.faces.cli.common import not_the_meet_itself, open_meet
from podium.faces.cli.output import echo_json, emit_sheet, json_option, table
from podium.faces.wording import confirmation
from podium.i18n import N_, Label, _
from podium.model.entrants import EntrantKind
from podium.services.meet import Meet
from podium.views.matches import HeatView, MatchStatus, MatchView

if TYPE_CHECKING:
    from podium.views.standings import MatchStageStandings, StandingsView

_STATUS = {
    MatchStatus.DONE: "✓", MatchStatus.CORRECTED: "✓*", MatchStatus.READY: "", MatchStatus.WAITING: "…",
    MatchStatus.BYE: "-", MatchStatus.WALKOVER: "w/o", MatchStatus.ANNULLED: "×",
}
"""The mark of each match status in the status column of ``podium matches`` (a match to play has none)."""
_STATUS_MEANING = {
    MatchStatus.DONE: N_("result entered"),
    MatchStatus.CORRECTED: N_("result corrected (the earlier one is in 'podium log')"),
    MatchStatus.WAITING: N_("sides not known yet"),
    MatchStatus.BYE: N_("bye"),
    MatchStatus.WALKOVER: N_("walkover: an entrant withdrew"),
    MatchStatus.ANNULLED: N_("annulled: an entrant withdrew and their results no longer count"),
}


def status_legend(statuses: Iterable[str]) -> str | None:
    """The legend of the status marks that ``statuses`` (of matches and heats) show, in the order of
    :data:`_STATUS` ("✓ result entered · ✓* result corrected …"), and what an empty mark means when one is shown;
    ``None`` when no mark is."""
    shown = set(statuses)
    parts = [f"{_STATUS[status]} {_(meaning)}" for status, meaning in _STATUS_MEANING.items() if status in shown]
    if not parts:
        return None
    if MatchStatus.READY in shown:
        parts.append(_("empty: to be played"))
    return _("Status: {marks}.").format(marks=" · ".join(parts))


@click.command(
    help=_(
        "List the matches of EVENT in order of play with their numbers, sides and results.\n\n"
        "\b\nExample:\n  podium matches ms --pending\n  podium matches ms --json"
    )
)
@click.argument("event")
@click.option("--pending", is_flag=True, help=_("Only matches waiting for a result."))
@json_option
@click.pass_context
def matches(ctx: click.Context, event: str, pending: bool, as_json: bool) -> None:
    from podium.faces import wording
    from podium.services.kept_results import event_state
    from podium.services.match_list import match_list

    meet = open_meet(ctx)
    key = meet.config.event(event).key
    state = event_state(meet, key)  # the event's stream: all its matches need
    view = match_list(state, key, pending=pending)
    if not view.drawn:
        raise not_drawn(view.event, view.name)
    if as_json:
        echo_json(view.items)
        return
    if pending and not view.items:
        click.echo(_("Nothing of {event} waits for a result.").format(event=view.name.get()))
        return
    heats = [item for item in view.items if isinstance(item, HeatView)]
    rows = [item for item in view.items if isinstance(item, MatchView)]
    if heats:
        from podium.faces.cli.measure_commands import echo_heats

        echo_heats(heats)
    if rows or not heats:
        found = state.event(key)
        played = {(m.stage, m.key): m for m in found.matches()}

        def shown(row: MatchView) -> str:
            if row.result is None:
                return ""
            return wording.worded_result(found.sport, row.result, found.context(played[row.stage, row.key]))

        click.echo(
            table(
                ["#", _("stage"), _("round"), _("group"), _("side 1"), _("side 2"), _("result"), _("status")],
                [
                    (m.number, m.stage_title.get(), wording.round_name(m.round_name, m.round), m.group or "", *wording.sides(m),
                     shown(m), _STATUS[m.status])
                    for m in rows
                ],
                right=(0,),
            )
        )
    legend = status_legend(item.status for item in view.items)
    if legend:
        click.echo(legend)


def not_drawn(key: str, name: Label) -> StateError:
    """The error of a command that shows what the draw of an event (its key, its name) lays out, asked before the draw."""
    return StateError(N_("{event} has not been drawn yet."), code="event.not_drawn", target=Target(event=key), hint=Hint("draw", event=key), event=name)


def _split(args: tuple[str, ...]) -> tuple[list[str], str]:
    if len(args) not in (2, 3):
        raise click.UsageError(_("Give the match (its number, or its two entrants) and then the result."))
    return list(args[:-1]), args[-1]


class _WithSportExamples(click.Command):
    """A command whose help ends with every installed sport's result examples (``Sport.result_examples``)."""

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from podium.model.sports import example_results
        from podium.registry import registry

        rows = [
            (f"{name} ({_(KIND_NAMES[kind])})", "   ".join(f'"{text}"' for text in examples))
            for name, sport in sorted(registry().sports.items())
            for kind, examples in example_results(sport)
        ]
        if rows:
            with formatter.section(_("Results by sport")):
                formatter.write_dl(rows)
        super().format_epilog(ctx, formatter)


KIND_NAMES = {EntrantKind.INDIVIDUAL: N_("individual"), EntrantKind.PAIR: N_("pair"), EntrantKind.TEAM: N_("team")}


@click.command(
    context_settings={"ignore_unknown_options": True},  # results such as -:+ start with a dash
    cls=_WithSportExamples,
    help=_(
        "Enter the result of a match of EVENT. MATCH is the match number or the two entrants (name or bib; a team "
        "also by its unit's name); "
        "the score is read from the first-named side. The sport checks the result against its rules.\n\n"
        "\b\nExample:\n  podium result ms 7 \"11-9 9-11 11-7 11-5\"\n  podium result ms 张伟 王磊 \"11-9 11-7 11-5\"\n"
        "  podium result ms 7 +:-      # walkover for the first side"
    )
)
@click.argument("event")
@click.argument("args", nargs=-1, required=True, metavar="MATCH... SCORE", type=click.UNPROCESSED)
@click.pass_context
def result(ctx: click.Context, event: str, args: tuple[str, ...]) -> None:
    from podium.services.results import record

    reference, text = _split(args)
    done = record(open_meet(ctx), event, reference, text)
    click.echo(confirmation(done))


@click.command(
    context_settings={"ignore_unknown_options": True},
    help=_(
        "Correct the result of a match; the earlier result stays in the history with your reason.\n\n"
        "\b\nExample:\n  podium correct ms 7 \"9-11 11-9 11-7 11-5\" --reason \"game 1 swapped\""
    )
)
@click.argument("event")
@click.argument("args", nargs=-1, required=True, metavar="MATCH... SCORE", type=click.UNPROCESSED)
@click.option("--reason", required=True, help=_("Why the result is corrected (kept in the history)."))
@click.pass_context
def correct(ctx: click.Context, event: str, args: tuple[str, ...], reason: str) -> None:
    from podium.services.results import record

    reference, text = _split(args)
    if not reason.strip():
        raise click.BadParameter(_("the reason cannot be empty"), param_hint="--reason")
    done = record(open_meet(ctx), event, reference, text, reason=reason.strip())
    click.echo(confirmation(done))


@click.command(
    help=_(
        "Show the standings of EVENT: points, then the event's tie-break chain. --explain says, for every two "
        "neighbours on equal points, which criterion separated them and with which values, and which entrants "
        "share a place. --json carries the same data. --teams shows the event's team ranking instead: its units "
        "by the sum of their players' places (CXA 2011 §11.5, §14.8; [events.EVENT.team_ranking] in meet.toml). --csv and "
        "--output give a table for Excel (text that would start a formula is quoted).\n\n"
        "\b\nExample:\n  podium standings ms --explain\n  podium standings ms --json\n  podium standings xq --teams --explain\n"
        "  podium standings ms -o ms.xlsx"
    )
)
@click.argument("event")
@click.option("--explain", is_flag=True, help=_("Explain every tie that was decided."))
@click.option("--teams", is_flag=True, help=_("The team ranking of the event's units by their players' places."))
@json_option
@click.option("--csv", "as_csv", is_flag=True, help=_("Print CSV, to paste into a spreadsheet."))
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), help=_("Write the table to FILE: .csv (opens in Excel) or .xlsx."))
@click.pass_context
def standings(ctx: click.Context, event: str, explain: bool, teams: bool, as_json: bool, as_csv: bool, output: Path | None) -> None:
    from podium.services.standings import current_standings

    meet = open_meet(ctx)
    if teams:
        _team_standings(meet, event, explain, as_json, as_csv, output)
        return
    if output is not None:
        not_the_meet_itself(meet, output)
    view = current_standings(meet, event, crosstable=as_json)  # only --json carries the wall chart
    if not view.stages:
        raise not_drawn(view.event, view.name)
    if as_csv or output is not None:
        from podium.faces.tables.sheets import standings_sheet

        emit_sheet(standings_sheet(view), as_csv=as_csv, output=output, as_json=as_json)
        return
    if as_json:
        echo_json(view)
        return
    click.echo(standings_text(view, explain), nl=False)


def standings_text(view: StandingsView, explain: bool) -> str:
    """The standings of a drawn event as ``podium standings`` prints them, in the current language."""
    from podium.views.standings import MatchStageStandings

    lines: list[str] = []
    for stage in view.stages:
        if isinstance(stage, MatchStageStandings):
            lines += _stage_lines(view, stage, explain)
            continue
        from podium.faces.cli.measure_commands import measured_lines

        lines += measured_lines(view, stage, explain)
    return "\n".join(lines) + "\n" if lines else ""


def _stage_lines(view: StandingsView, stage: MatchStageStandings, explain: bool) -> list[str]:
    """The places a knockout decided, and each table with its tie-break columns, explanations and ties."""
    from podium.faces import wording

    lines: list[str] = []
    if stage.placings:
        lines.append(f"{view.name.get()} · {stage.title.get()}")
        lines.append(
            table(
                [_("place"), _("name"), _("unit")],
                [(wording.place(r.place, r.shared), r.name, r.unit_name or "") for r in stage.placings],
                right=(0,),
            )
        )
        lines.append("")
    for tbl in stage.tables:
        lines.append(f"{view.name.get()} · {stage.title.get()}" + (f" · {tbl.name}" if tbl.name else ""))
        headers = [_("place"), _("name"), _("unit"), _("played"), _("won"), _("lost")]
        if view.draws_allowed:
            headers.insert(5, _("drawn"))
        headers += [_("points")] + [c.title.get() for c in tbl.columns]
        rows = []
        for r in tbl.rows:
            row: list[object] = [wording.place(r.place, r.shared), r.name, r.unit_name or "", r.played, r.wins, r.losses]
            if view.draws_allowed:
                row.insert(5, r.draws)
            rows.append(row + [r.points] + [wording.value(r.values.get(c.key, "")) for c in tbl.columns])
        lines.append(table(headers, rows, right=(0, 3, 4, 5, 6)))
        if explain:
            lines += [wording.explanation(line) for line in tbl.explain]
        for tie in tbl.ties:
            names = wording.names(tie.names)
            if tie.must_decide:
                lines.append(
                    _("{names} are tied for place {place}, which must be decided: record a play-off with 'podium playoff {event} …' or draw lots with 'podium lots {event}'.").format(
                        names=names, place=tie.place, event=view.event
                    )
                )
            elif explain:
                lines.append(_("{names} remain tied after the whole chain and share place {place}.").format(names=names, place=tie.place))
        lines.append("")
    return lines


def _team_standings(meet: Meet, event: str, explain: bool, as_json: bool, as_csv: bool, output: Path | None) -> None:
    """``podium standings EVENT --teams``: the units by their players' places (CXA 2011 §11.5, §14.8)."""
    from podium.faces import wording
    from podium.faces.tables.sheets import team_ranking_sheet
    from podium.services.standings import team_standings

    view = team_standings(meet.state(), event)
    if as_csv or output is not None:
        if output is not None:
            not_the_meet_itself(meet, output)
        emit_sheet(team_ranking_sheet(view), as_csv=as_csv, output=output, as_json=as_json)
        return
    if as_json:
        echo_json(view)
        return
    if not view.rows:
        click.echo(_("No player of {event} with a unit is ranked yet, so there is no team ranking.").format(event=view.source.get()))
        return
    click.echo(view.name.get() if view.complete else _("{event} (provisional)").format(event=view.name.get()))
    sheet = team_ranking_sheet(view)
    rows = [["" if value is None else value for value in row] for row in sheet.rows]
    click.echo(table(list(sheet.headers), rows, right=(0, 2, 4, 5)))
    if explain:
        for line in view.explain:
            click.echo(wording.explanation(line))
    for tie in view.ties:
        names = wording.names(tie.names)
        if tie.must_decide:
            click.echo(
                _("{names} are tied for place {place}, which must be decided: record a play-off with 'podium playoff {event} --teams …' or draw lots with 'podium lots {event} --teams'.").format(
                    names=names, place=tie.place, event=view.event
                )
            )
        elif explain:
            click.echo(_("{names} remain tied after the whole chain and share place {place}.").format(names=names, place=tie.place))
    for note in wording.team_notes(view):
        click.echo(note)
