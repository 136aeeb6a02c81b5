"""``podium export``, ``podium import`` and ``podium backup``: the meet as a file."""

from __future__ import annotations

import json
from pathlib import Path

import click

from podium.errors import PodiumError, Target
from podium.faces.cli.common import not_the_meet_itself, open_meet
from podium.faces.cli.output import write_output
from podium.i18n import N_, _, ngettext


@click.command(
    help=_(
        "Write the whole meet (meet.toml, entrants, draws, results and corrections) as one JSON file; with "
        "--trf EVENT, that event's Swiss as a FIDE tournament report file (TRF16 with the XXR and XXC lines "
        "pairing programs read), every complete round in it.\n\n"
        "\b\nExample:\n  podium export -o spring-games.json\n  podium export --trf open -o open.trf"
    )
)
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), help=_("File to write (default, or -: the screen)."))
@click.option("--trf", "trf_event", metavar="EVENT", help=_("Write this event's Swiss stage as a TRF file instead."))
@click.pass_context
def export(ctx: click.Context, output: Path | None, trf_event: str | None) -> None:
    from podium.files import is_stdout
    from podium.services.archive import export_meet

    meet = open_meet(ctx)
    if output is not None:
        not_the_meet_itself(meet, output)
    if trf_event is not None:
        from podium.faces.cli.trf_commands import export_trf
        from podium.formats.trf import write

        text = write(export_trf(meet, trf_event))
        if output is None or is_stdout(output):
            click.echo(text.replace("\r\n", "\n"), nl=False)
            return
        write_output(output, text.encode("utf-8"))
        click.echo(_("wrote {path}").format(path=output))
        return
    text = json.dumps(export_meet(meet), ensure_ascii=False, indent=1)
    if output is None or is_stdout(output):
        click.echo(text)
        return
    write_output(output, (text + "\n").encode("utf-8"))
    click.echo(_("wrote {path}").format(path=output))


@click.command(
    "import",
    help=_(
        "Recreate a meet from a file written by 'podium export' in a new or empty folder DIR; with --trf, make a "
        "meet of one Swiss event (xiangqi, scored 1-½-0) from a FIDE tournament report file: its players, rounds "
        "and results, ready for 'podium pair swiss'.\n\n"
        "\b\nExample:\n  podium import spring-games.json restored-meet\n  podium import --trf open.trf open-meet"
    ),
)
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.argument("folder", metavar="DIR", type=click.Path(file_okay=False, path_type=Path))
@click.option("--trf", "trf", is_flag=True, help=_("FILE is a FIDE tournament report file (TRF16, TRF(x))."))
@click.pass_context
def import_(ctx: click.Context, file: Path, folder: Path, trf: bool) -> None:
    from podium.files import read_input
    from podium.registry import registry
    from podium.services.archive import MAX_EXPORT_BYTES, import_meet

    raw = read_input(file, MAX_EXPORT_BYTES)
    try:
        if trf:
            from podium.faces.cli.trf_commands import import_trf
            from podium.formats.trf import TrfError, read

            try:
                data = import_trf(read(raw.decode("utf-8-sig")), file.name)
            except TrfError as error:
                raise PodiumError(N_("{file} is not a readable TRF file: {problem}."), code="archive.trf_unreadable", target=Target(file=file.name), file=file.name, problem=error.args[0]) from None
        else:
            data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):  # RecursionError: lists nested thousands deep
        raise PodiumError(N_("{file} is not a Podium meet export."), code="archive.not_an_export", target=Target(file=file.name), file=file.name) from None
    count = import_meet(data, folder, registry(), file.name, (ctx.find_root().obj or {}).get("store"))
    click.echo(ngettext("Imported {count} journal entry into {folder}.", "Imported {count} journal entries into {folder}.", count).format(count=count, folder=folder))


@click.command(
    help=_(
        "Copy the meet's database to FILE safely, even while others are entering results.\n\n"
        "\b\nExample:\n  podium backup /media/usb/meet-backup.sqlite"
    )
)
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.pass_context
def backup(ctx: click.Context, file: Path) -> None:
    from podium.files import is_stdout

    meet = open_meet(ctx)
    if not meet.store.exists():
        raise PodiumError(N_("The meet has no database yet; nothing to back up."), code="archive.no_database")
    if file.resolve() in meet.store.own_files()[:1]:
        raise PodiumError(N_("The backup cannot overwrite the meet's own database; choose another file."), code="archive.backup_onto_database", target=Target(file=file))
    not_the_meet_itself(meet, file)
    meet.store.backup(file)
    click.echo(_("wrote {path}").format(path=file), err=is_stdout(file))  # '-': the copy is the output
