"""Printing for the terminal: aligned tables that respect the width of Chinese characters, and JSON."""

from __future__ import annotations

import json
import os
import unicodedata
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click

from podium.errors import PodiumError
from podium.faces.tables.spreadsheet import Sheet
from podium.i18n import _


def width(text: str) -> int:
    """Columns ``text`` takes in a terminal (wide and full-width characters take two)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def pad(text: str, columns: int, right: bool = False) -> str:
    space = " " * max(0, columns - width(text))
    return space + text if right else text + space


def table(headers: Sequence[str], rows: Sequence[Sequence[Any]], right: Sequence[int] = ()) -> str:
    """An aligned plain-text table."""
    cells = [[_cell(c) for c in row] for row in rows]
    widths = [max([width(h)] + [width(r[i]) for r in cells]) for i, h in enumerate(headers)]
    lines = ["  ".join(pad(h, widths[i], i in right) for i, h in enumerate(headers)).rstrip()]
    lines.append("  ".join("-" * w for w in widths).rstrip())
    for row in cells:
        lines.append("  ".join(pad(c, widths[i], i in right) for i, c in enumerate(row)).rstrip())
    return "\n".join(lines)


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def echo_json(data: Any) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=2, default=str))


def write_output(path: Path, data: bytes) -> None:
    """Write ``data`` to the file the user chose, whole or not at all.

    The bytes go to a temporary file next to ``path`` that is then renamed, so a crash
    or a full disk never leaves half a file under the chosen name, and nothing else stays behind.
    """
    partial = path.with_name(f".{path.name}.{os.getpid()}.partial")
    try:
        partial.write_bytes(data)
        os.replace(partial, path)
    except FileNotFoundError:
        raise PodiumError(
            _("Cannot write {path}: the folder {folder} does not exist.").format(path=path, folder=path.parent)
        ) from None
    except OSError as error:
        raise PodiumError(_("Cannot write {path}: {reason}.").format(path=path, reason=error.strerror or error)) from None
    finally:
        partial.unlink(missing_ok=True)


def emit_sheet(sheet: Sheet, *, as_csv: bool, output: Path | None, as_json: bool = False) -> None:
    """Print ``sheet`` as CSV, or write it to ``output`` (.csv as Excel opens it, or .xlsx)."""
    from podium.faces.tables.spreadsheet import csv_file_bytes, csv_text, xlsx_bytes

    if sum((as_csv, output is not None, as_json)) > 1:
        raise click.UsageError(_("Give only one of --json, --csv and --output."))
    if output is None:
        click.echo(csv_text(sheet), nl=False)
        return
    suffix = output.suffix.lower()
    if suffix not in (".csv", ".xlsx"):
        raise click.BadParameter(_("write to a .csv or .xlsx file, not '{name}'").format(name=output.name), param_hint="--output")
    write_output(output, csv_file_bytes(sheet) if suffix == ".csv" else xlsx_bytes([sheet]))
    click.echo(_("wrote {path}").format(path=output))
