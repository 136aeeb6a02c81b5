"""Tables for spreadsheets: CSV and XLSX bytes that Excel, WPS and LibreOffice cannot run as formulas.

Organisers paste standings into Excel. A cell whose text begins with ``=``, ``+``, ``-``
or ``@`` (or a tab, carriage return or NUL) is read by spreadsheet programs as a formula, so
an entrant named ``=HYPERLINK("http://…")`` or ``-2+3+cmd|' /C calc'!A0`` would run when the
file is opened ("CSV injection"). Following OWASP (CSV Injection; ASVS 1.2.10), every such
text cell is written with a single quote in front (``'=HYPERLINK(…)``), which spreadsheets
show as text; so is one where spaces come before such a character. Every text field of a CSV
is in double quotes, escaped as RFC 4180 says. Numbers (points, games) stay numbers: only
text is ever quoted.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Sequence
from typing import Any

import attrs

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\0")
"""The first characters that make a spreadsheet read a cell as a formula (OWASP "CSV Injection", ASVS 1.2.10)."""

_SHEET_TITLE = re.compile(r"[\[\]:*?/\\]")


@attrs.frozen
class Sheet:
    """One table: a title (the XLSX sheet name), column headers and rows of plain values."""

    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]


def safe_cell(value: Any) -> Any:
    """``value`` as a spreadsheet must receive it: text that would start a formula gets a leading ``'``."""
    if isinstance(value, str) and value.lstrip(" ").startswith(FORMULA_STARTS):
        return "'" + value
    return value


def _cells(sheet: Sheet) -> list[list[Any]]:
    return [[safe_cell(h) for h in sheet.headers]] + [[safe_cell(v) for v in row] for row in sheet.rows]


def csv_text(sheet: Sheet, *, newline: str = "\n") -> str:
    """The sheet as CSV text: every cell made safe, every text in double quotes (so a line break or a
    comma inside a name stays inside its cell, RFC 4180 §2.6–2.7), numbers bare, ``None`` empty."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator=newline, quoting=csv.QUOTE_NONNUMERIC)
    writer.writerows([["" if v is None else v for v in row] for row in _cells(sheet)])
    return out.getvalue()


def csv_file_bytes(sheet: Sheet) -> bytes:
    """A CSV file as Excel opens it correctly on Chinese and English Windows: UTF-8 with a BOM, CRLF lines."""
    return b"\xef\xbb\xbf" + csv_text(sheet, newline="\r\n").encode("utf-8")


def xlsx_bytes(sheets: Sequence[Sheet]) -> bytes:
    """An XLSX workbook with one worksheet per sheet; text cells are made safe and stored as text."""
    import openpyxl
    from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE

    book = openpyxl.Workbook(write_only=True)
    titles: set[str] = set()
    for sheet in sheets:
        title = _SHEET_TITLE.sub("_", sheet.title).strip("'")[:31] or "Sheet"
        while title in titles:
            title = f"{title[:28]}_{len(titles)}"
        titles.add(title)
        worksheet = book.create_sheet(title)
        for row in _cells(sheet):
            worksheet.append([ILLEGAL_CHARACTERS_RE.sub("\ufffd", v) if isinstance(v, str) else v for v in row])
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()
