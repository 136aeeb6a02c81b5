"""``podium entrants``: import and list entrants."""

from __future__ import annotations

from pathlib import Path

import click

from podium.faces.cli.common import not_the_meet_itself, open_meet
from podium.faces.cli.output import echo_json, emit_sheet, json_option, table
from podium.i18n import N_plural, _, ngettext
from podium.model.entrants import EntrantKind


@click.group(help=_("Import and list entrants.\n\n\b\nExample:\n  podium entrants import entrants.csv\n  podium entrants list ms"))
def entrants() -> None:
    pass


IMPORTED = {
    EntrantKind.INDIVIDUAL: N_plural("{count} entrant imported into {event}", "{count} entrants imported into {event}"),
    EntrantKind.PAIR: N_plural("{count} pair imported into {event}", "{count} pairs imported into {event}"),
    EntrantKind.TEAM: N_plural("{count} team imported into {event}", "{count} teams imported into {event}"),
}
"""What an import says it did, by the event's kind of entrant: Chinese counts people with 名, pairs with 对 and teams
with 支 (已向 拔河 导入 4 支队伍, not 4 名参赛者)."""


@entrants.command(
    "import",
    short_help=_("Import entrants from a CSV or XLSX file; a bad row imports nothing."),
    help=_(
        "Import entrants from a CSV or XLSX file as the school exports it: one row per person and event, or one row "
        "per person with a column per event ticked (√ or 1). Title rows above the header are skipped; columns are "
        "known by their English or Chinese names (姓名, 性别, 班级, 学号, 报名项目…); columns Podium does not know are "
        "ignored with a note; classes may be written 初一（1）班, 初一1班, 701 or 7-1. Every bad row is listed and "
        "nothing is imported while any row is bad. CSV saved by Excel on Chinese Windows (GBK) is read correctly.\n\n"
        "\b\nExample:\n  podium entrants import entrants.csv\n  podium entrants import boys.xlsx --event ms\n"
        "  podium entrants import 报名表.xlsx --columns 参赛项目名称=event\n"
        "  podium entrants import late.csv --late \"returned from sick leave\""
    ),
)
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--event", help=_("Event for files without an event column."))
@click.option("--columns", "columns", multiple=True, metavar="HEADER=COLUMN",
              help=_("Read a column of the file as one of Podium's (event, name, unit, student_id…, or ignore); repeatable."))
@click.option("--strict-columns", is_flag=True, help=_("Refuse columns Podium does not know instead of ignoring them."))
@click.option("--late", metavar="REASON",
              help=_("Late entries (补报) with their reason: an event already drawn takes them into a heat not yet run."))
@click.pass_context
def import_(ctx: click.Context, file: Path, event: str | None, columns: tuple[str, ...], strict_columns: bool, late: str | None) -> None:
    from podium.config.entrants_file import column_mapping
    from podium.services.registration import import_entrants

    if late is not None and not late.strip():
        raise click.BadParameter(_("the reason cannot be empty"), param_hint="--late")
    meet = open_meet(ctx)
    done = import_entrants(
        meet, file.resolve() if file.exists() else file, event=event, columns=column_mapping(columns), strict=strict_columns,
        late=late.strip() if late else None,
    )
    for note in done.notes:
        click.echo(_("Note: {note}").format(note=note.get()))
    for key, count in done.counts.items():
        event_config = meet.config.event(key)
        click.echo(ngettext(*IMPORTED[event_config.kind], count).format(count=count, event=event_config.name.get()))
    for placed in done.late:
        click.echo(_("Late entry: {name} runs in heat {number} of {event}.").format(
            name=placed.name, number=placed.heat, event=meet.config.event(placed.event).name.get()
        ))


@entrants.command(
    "list",
    short_help=_("List the entrants of an event or of every event."),
    help=_(
        "List the entrants of an event (or of every event). --csv and --output give a table for Excel (text that "
        "would start a formula is quoted).\n\n\b\nExample:\n  podium entrants list ms --json\n  podium entrants list -o entrants.xlsx"
    ),
)
@click.argument("event", required=False)
@json_option
@click.option("--csv", "as_csv", is_flag=True, help=_("Print CSV, to paste into a spreadsheet."))
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), help=_("Write the table to FILE: .csv (opens in Excel) or .xlsx."))
@click.pass_context
def list_(ctx: click.Context, event: str | None, as_json: bool, as_csv: bool, output: Path | None) -> None:
    from podium.services.registration import entrant_list

    meet = open_meet(ctx)
    view = entrant_list(meet.state(), event)
    if as_csv or output is not None:
        from podium.faces.tables.sheets import entrants_sheet

        if output is not None:
            not_the_meet_itself(meet, output)
        emit_sheet(entrants_sheet(view), as_csv=as_csv, output=output, as_json=as_json)
        return
    if as_json:
        echo_json(view)
        return
    for found in view.events:
        click.echo(f"{found.event}  {found.name.get()}")
        listed = found.entrants
        rows = [(e.key, e.name, e.unit_name or "", e.seed or "", _("withdrawn") if e.withdrawn else "") for e in listed]
        headers = [_("key"), _("name"), _("unit"), _("seed"), ""]
        if found.kind is EntrantKind.TEAM:  # team results name members in line-ups, so show who they are
            headers.insert(2, _("members"))
            rows = [
                (*row[:2], _(", ").join(m.name + (_(" (reserve)") if m.reserve else "") for m in e.members), *row[2:])
                for row, e in zip(rows, listed, strict=True)
            ]
        click.echo(table(headers, rows))
        click.echo()


@entrants.command(
    "check",
    short_help=_("Check the entrants against eligibility rules and quotas."),
    help=_(
        "Check the registered entrants against the events' eligibility rules and quotas in meet.toml (which may "
        "have changed since the import): every problem is listed with the rule it breaks.\n\n"
        "\b\nExample:\n  podium entrants check"
    ),
)
@click.pass_context
def check(ctx: click.Context) -> None:
    from podium.errors import EntrantsError
    from podium.services.registration import registered_problems

    problems = registered_problems(open_meet(ctx))
    if problems:
        raise EntrantsError(N_plural("{count} entry breaks a rule of meet.toml:", "{count} entries break a rule of meet.toml:"), code="entrants.registered_break_rules", count=len(problems), details=tuple(problems))
    click.echo(_("Every entrant meets the eligibility rules and quotas."))
