"""``podium print``: documents to pin on the wall and hand to winners, as PDF or HTML."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from podium.errors import PodiumError, Target
from podium.faces.cli.common import not_the_meet_itself, open_meet
from podium.faces.print.pdf import fonts_ready
from podium.faces.print.printing import KINDS, PrintOptions, default_output, prepare
from podium.files import is_stdout
from podium.i18n import N_, _, current_language


@click.command(
    "print",
    help=_(
        "Print a document of the meet as PDF (or HTML with --html), in the meet's language unless --lang is given. "
        "KIND is one of: draw (draw sheet with groups, brackets and pairings), crosstable, results, order "
        "(order of play), scoresheets, medals, points (unit points table), certificates. draw, crosstable, "
        "results and scoresheets need an EVENT; order and certificates take one optionally.\n\n"
        "\b\nExample:\n  podium print draw ms -o ms-draw.pdf\n  podium print crosstable ms\n"
        "  podium --lang en print certificates -o awards.pdf --sign \"Chief referee\"\n"
        "  podium print scoresheets ms --blank 4"
    ),
)
@click.argument("kind", type=click.Choice(tuple(KINDS)), metavar="KIND")
@click.argument("event", required=False)
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
              help=_("File to write (default: print/KIND[-EVENT].pdf in the meet folder; -: the screen)."))
@click.option("--html", "as_html", is_flag=True, help=_("Write HTML instead of PDF."))
@click.option("--paper", type=click.Choice(("a4", "a3")), default="a4", show_default=True,
              help=_("Paper for brackets: a4 fits 32 lines a page, a3 fits 64."))
@click.option("--all", "everything", is_flag=True, help=_("Score sheets and order of play for every match, not only those still to be played."))
@click.option("--blank", type=click.IntRange(0, 200), default=0, show_default=True, help=_("Extra blank score sheets."))
@click.option("--sheet", metavar="TEMPLATE", help=_("Score-sheet template instead of the sport's, e.g. score_sheets/judges.html."))
@click.option("--lanes", type=click.IntRange(1, 20), default=8, show_default=True, help=_("Lanes per heat on heat sheets."))
@click.option("--judges", type=click.IntRange(1, 15), default=5, show_default=True, help=_("Judges on the judges' sheet."))
@click.option("--sign", "signatures", multiple=True, metavar="ROLE", help=_("Add a signature line to certificates (repeatable)."))
@click.option("--background", type=click.Path(dir_okay=False, path_type=Path),
              help=_("Background image of certificates, a file inside the meet folder."))
@click.pass_context
def print_(
    ctx: click.Context, kind: str, event: str | None, output: Path | None, as_html: bool, paper: str, everything: bool,
    blank: int, sheet: str | None, lanes: int, judges: int, signatures: tuple[str, ...], background: Path | None,
) -> None:
    meet = open_meet(ctx)
    lang = current_language()
    options = PrintOptions(
        paper=paper, sheet=sheet, everything=everything, blank=blank, lanes=lanes, judges=judges,
        signatures=signatures, background=background,
    )
    if output is not None:  # the chosen file only: never the meet's own files, never folders made up on the way
        not_the_meet_itself(meet, output)
        if not output.resolve().parent.is_dir():
            raise PodiumError(
                N_("Cannot write {path}: the folder {folder} does not exist."), code="file.folder_missing", target=Target(file=output), path=output, folder=output.parent
            )
    out = output or default_output(meet, kind, event, as_html)
    if not as_html and not fonts_ready():
        click.echo(_("Preparing the Chinese font for printing (once per machine, about half a minute)..."), err=True)
    prepared = prepare(meet, kind, event, lang=lang, options=options)
    if kind == "certificates" and not as_html:
        with click.progressbar(length=prepared.items, label=_("Certificates"), file=sys.stderr) as bar:
            printed = prepared.write(out, progress=bar.update)
    else:
        printed = prepared.write(out, html=as_html)
    for url in printed.refused:
        click.echo(_("Not read (outside the meet and template folders): {url}").format(url=url), err=True)
    click.echo(_("Wrote {path}.").format(path=printed.path), err=is_stdout(out))  # '-': the document is the output
