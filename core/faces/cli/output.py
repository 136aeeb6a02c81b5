"""Printing for the terminal: aligned tables that respect the width of Chinese characters, and JSON."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from podium.i18n import _
from podium.model.inputs import shown

if TYPE_CHECKING:  # the spreadsheet writer (and csv) loads in emit_sheet, for --csv and --output only
    from podium.faces.tables.spreadsheet import Sheet


def width(text: str) -> int:
    """Columns ``text`` takes in a terminal (wide and full-width characters take two; no ASCII character is)."""
    if text.isascii():
        return len(text)
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def table(headers: Sequence[str], rows: Sequence[Sequence[Any]], right: Sequence[int] = ()) -> str:
    """An aligned plain-text table.

    Each distinct text is measured and padded once per column: a table of 19,900 matches has 159,200 cells but few
    distinct texts in most columns (stages, rounds, statuses, names); doing it for every cell took 0.17 s of the
    0.65 s of ``podium matches`` of a 200-entrant round robin, a third more than now.
    """
    cells = [[_cell(c) for c in row] for row in rows]
    measured: dict[str, int] = {}
    for text in (*headers, *(text for row in cells for text in row)):
        if text not in measured:
            measured[text] = width(text)
    widths = [max([measured[h]] + [measured[r[i]] for r in cells]) for i, h in enumerate(headers)]
    padded: list[dict[str, str]] = [{} for _ in headers]  # each column's texts as the column shows them

    def line(texts: Sequence[str]) -> str:
        shown = []
        for index, text in enumerate(texts):
            column = padded[index]
            found = column.get(text)
            if found is None:
                space = " " * (widths[index] - measured[text])
                found = column[text] = space + text if index in right else text + space
            shown.append(found)
        return "  ".join(shown).rstrip()

    lines = [line(headers), "  ".join("-" * w for w in widths).rstrip()]
    lines += [line(row) for row in cells]
    return "\n".join(lines)


def _cell(value: Any) -> str:
    """A value as a table shows it; text from the meet with unsafe characters escaped (:func:`podium.model.inputs.shown`)."""
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:g}"
    return shown(str(value))


_JSON = "podium.json"


def _remember_json(ctx: click.Context, _param: click.Parameter, value: bool) -> bool:
    if value:
        ctx.meta[_JSON] = True
    return value


def json_option(function: Any) -> Any:
    """The ``--json`` flag of a command (``as_json``); an error of a command given it is printed as JSON too."""
    return click.option("--json", "as_json", is_flag=True, callback=_remember_json, help=_("Print JSON."))(function)


def json_requested(ctx: click.Context) -> bool:
    """Whether the command of this invocation was given ``--json`` (``ctx.meta`` is shared by its contexts)."""
    return bool(ctx.meta.get(_JSON))


def echo_json(view: Any) -> None:
    """Print a view model (or a tuple or mapping of them) as JSON (:mod:`podium.views.serialize`; docs/views.md)."""
    from podium.views.serialize import dumps

    click.echo(dumps(view))


def write_output(path: Path, data: bytes) -> None:
    """Write ``data`` to the file the user chose, whole or not at all (:func:`podium.files.write_bytes`): a regular
    file is written beside and renamed, a terminal or pipe directly, ``-`` to the screen; a link is never replaced."""
    from podium.files import write_bytes

    write_bytes(path, data)


def emit_sheet(sheet: Sheet, *, as_csv: bool, output: Path | None, as_json: bool = False) -> None:
    """Print ``sheet`` as CSV, or write it to ``output`` (.csv as Excel opens it, or .xlsx)."""
    from podium.faces.tables.spreadsheet import csv_file_bytes, csv_text, xlsx_bytes
    from podium.files import is_stdout

    if sum((as_csv, output is not None, as_json)) > 1:
        raise click.UsageError(_("Give only one of --json, --csv and --output."))
    if output is None or is_stdout(output):
        click.echo(csv_text(sheet), nl=False)
        return
    suffix = output.suffix.lower()
    if suffix not in (".csv", ".xlsx"):
        raise click.BadParameter(_("write to a .csv or .xlsx file, not '{name}'").format(name=output.name), param_hint="--output")
    write_output(output, csv_file_bytes(sheet) if suffix == ".csv" else xlsx_bytes([sheet]))
    click.echo(_("wrote {path}").format(path=output))
