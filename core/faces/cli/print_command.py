"""``podium print``: documents to pin on the wall and hand to winners, as PDF or HTML."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TextIO

import click

from podium.errors import PodiumError, Target
from podium.faces.cli.common import not_the_meet_itself, open_meet
from podium.faces.print.pdf import fonts_ready
from podium.faces.print.printing import KINDS, Prepared, Printed, PrintOptions, default_output, prepare
from podium.files import is_stdout
from podium.i18n import N_, _, current_language
from podium.services.entry_links import LINK_HOURS


@click.command(
    "print",
    help=_(
        "Print a document of the meet as PDF (or HTML with --html), in the meet's language unless --lang is given. "
        "KIND is one of: draw (draw sheet with groups, brackets and pairings), crosstable, results, order "
        "(order of play), scoresheets, medals, points (unit points table), certificates, unitcertificates "
        "(for the first places of the unit points table), programme (the booklet printed before the day: "
        "秩序册), startlists (heats with lanes and bibs), callroom (call-room lists in time order), records (the "
        "records table), entry-cards (a card for each table, court, lane or board with the QR code of its entry link: a "
        "referee scans it to enter results at podium serve; with an EVENT, the tables it is played on). draw, "
        "crosstable, results and scoresheets need an EVENT; order, certificates, startlists, callroom, records and "
        "entry-cards take one optionally. entry-cards need --url; score sheets printed with --url have a QR code "
        "of the entry link of their match or heat.\n\n"
        "\b\nExample:\n  podium print draw ms -o ms-draw.pdf\n  podium print crosstable ms\n"
        "  podium --lang en print certificates -o awards.pdf --sign \"Chief referee\"\n"
        "  podium print certificates --date numeric --per-member\n"
        "  podium print unitcertificates --places 3\n  podium print programme\n"
        "  podium print scoresheets ms --blank 4\n  podium print startlists b100\n  podium print callroom --call 30\n"
        "  podium print entry-cards --url http://192.168.1.10:8000\n  podium print scoresheets ms --url http://192.168.1.10:8000"
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
@click.option("--call", type=click.IntRange(0, 240), default=20, show_default=True, metavar="MINUTES",
              help=_("Call-room lists: minutes before its start that a heat reports to the call room."))
@click.option("--sign", "signatures", multiple=True, metavar="ROLE", help=_("Add a signature line to certificates (repeatable)."))
@click.option("--background", type=click.Path(dir_okay=False, path_type=Path),
              help=_("Background image of certificates, a file inside the meet folder."))
@click.option("--style", type=click.Choice(("traditional", "modern")),
              help=_("Certificate layout: traditional (奖状: salutation, place in Chinese numerals, seal area; the default in "
                     "Chinese) or modern (the default in English)."))
@click.option("--date", "date_style", type=click.Choice(("chinese", "numeric")), default="chinese", show_default=True,
              help=_("Date on Chinese certificates: chinese (二〇二六年十月) or numeric (2026年10月21日)."))
@click.option("--per-member", is_flag=True, help=_("Certificates of team events: one per member instead of one per team."))
@click.option("--places", type=click.IntRange(1, 100), default=3, show_default=True,
              help=_("Unit certificates: the places of the unit points table that get one."))
@click.option("--url", metavar="BASE",
              help=_("Entry cards and score sheets: the address referees' phones reach podium serve at, like "
                     "http://192.168.1.10:8000; its entry links are printed as QR codes."))
@click.option("--hours", type=click.IntRange(1, 24 * 7), default=LINK_HOURS, show_default=True,
              help=_("How long entry links made for the cards and sheets work (a usable link made before is printed again)."))
@click.pass_context
def print_(
    ctx: click.Context, kind: str, event: str | None, output: Path | None, as_html: bool, paper: str, everything: bool,
    blank: int, sheet: str | None, lanes: int, judges: int, call: int, signatures: tuple[str, ...], background: Path | None,
    style: str | None, date_style: str, per_member: bool, places: int, url: str | None, hours: int,
) -> None:
    meet = open_meet(ctx)
    lang = current_language()
    options = PrintOptions(
        paper=paper, sheet=sheet, everything=everything, blank=blank, lanes=lanes, judges=judges, call=call,
        signatures=signatures, background=background, style=style, date_style=date_style, per_member=per_member,
        places=places, url=url, hours=hours,
    )
    if url is not None and kind not in ("entry-cards", "scoresheets"):
        raise PodiumError(
            N_("--url is for entry-cards and scoresheets, whose QR codes open the entry forms; leave it out for {kind}."),
            code="print.url_not_here", target=Target(argument="url"), kind=kind,
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
    printed = write_with_progress(prepared, out, as_html=as_html, title=_(KINDS[kind][0]), stream=sys.stderr)
    for url in printed.refused:
        click.echo(_("Not read (outside the meet and template folders): {url}").format(url=url), err=True)
    click.echo(_("Wrote {path}.").format(path=printed.path), err=is_stdout(out))  # '-': the document is the output


def write_with_progress(prepared: Prepared, out: Path, *, as_html: bool, title: str, stream: TextIO) -> Printed:
    """Write a document, with a progress bar on ``stream`` only where it helps, for every kind alike: a PDF laid out
    in more than one part (a hundred certificates a part) while someone watches a terminal. Elsewhere nothing is
    written to ``stream``: a log or a pipe would get only the bar's label, a bare title."""
    if as_html or len(prepared.parts) < 2 or not stream.isatty():
        return prepared.write(out, html=as_html)
    with click.progressbar(length=prepared.items, label=_("{document}: laying out").format(document=title), file=stream) as bar:
        return prepared.write(out, progress=bar.update)
