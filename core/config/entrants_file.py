"""Entrants files: CSV (UTF-8, UTF-8 with BOM, UTF-16/32, GBK/GB18030, Big5) and XLSX, as a school exports them.

One row per person and event (long form), or one row per person with a tick column per event (wide
form: a column headed with an event's key or name, ticked √/1/是 for those who enter it). Title rows
above the header (a merged "2026年秋季运动会报名表") are skipped: the header is the first row with a
name column among the first :data:`HEADER_ROWS`. Columns are known by their English or Chinese names
and synonyms (:data:`COLUMNS`); columns Podium does not need (序号, 备注) and columns it does not know are
ignored, the unknown ones with a note (``strict`` makes them an error); ``columns`` maps any other
header to a column. Rows of a pair or team event that share the ``team`` value form one entrant (a team
event's rows without one form their unit's team). Every problem of every row is reported together and
nothing is imported while any row is bad. Files are read bounded (:data:`MAX_FILE_BYTES`, :data:`MAX_ROWS`).
See ``docs/meet.md`` and ``docs/sportsday.md``.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import math
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from podium.config.meet import MeetConfig
from podium.errors import EntrantsError, PodiumError, Problem, Target, problem
from podium.files import read_input
from podium.i18n import N_, Label, Localized, Message, N_plural, _, bilingual, listed, ngettext
from podium.model.entrants import Entrant, EntrantKind, Gender, Person
from podium.model.inputs import MAX_NAME, shown, text_problem
from podium.sportsday.eligibility import Eligibility
from podium.sportsday.entry_rules import import_problems
from podium.sportsday.school_classes import read_class, read_class_number, read_grade

HEADER_ROWS = 10
"""How many rows from the top the header is looked for in (title rows above it are skipped)."""

COLUMNS: dict[str, tuple[str, ...]] = {
    "event": ("event", "项目", "比赛项目", "参赛项目", "报名项目"),
    "name": ("name", "姓名", "名字", "运动员", "学生姓名"),
    "gender": ("gender", "sex", "性别"),
    "unit": ("unit", "单位", "班级", "班别", "部门", "class", "department", "club", "school", "学校", "俱乐部"),
    "student_id": ("student_id", "student number", "student no", "学号", "学籍号"),
    "bib": ("bib", "号码", "编号", "参赛号", "号码布", "参赛号码"),
    "seed": ("seed", "种子", "种子号"),
    "rating": ("rating", "等级分", "段位分"),
    "mark": ("mark", "entry_mark", "entry mark", "报名成绩", "最好成绩"),
    "birth_date": ("birth_date", "birthdate", "birthday", "date of birth", "出生日期", "生日"),
    "grade": ("grade", "年级"),
    "category": ("category", "类别", "人员类别"),
    "team": ("team", "pair", "队名", "队伍", "组合", "队"),
    "reserve": ("reserve", "substitute", "替补", "候补"),
}
UNUSED = ("序号", "serial", "no.", "备注", "remark", "remarks", "note", "notes", "说明")
"""Columns rosters carry that Podium does not need: ignored without a note."""
IGNORE = "ignore"
"""The column name that ``--columns 家长电话=ignore`` maps a column to."""
_COLUMN_NAMES = {alias.lower(): column for column, aliases in COLUMNS.items() for alias in aliases} | {"忽略": IGNORE}
"""What ``--columns HEADER=COLUMN`` accepts as COLUMN: a column's name in English or Chinese, or ignore (忽略)."""
_ALIASES = _COLUMN_NAMES | dict.fromkeys(UNUSED, IGNORE)
MAX_FILE_BYTES = 20_000_000
"""An entrants list of ten thousand rows is about 1 MB; a larger file is not read."""
MAX_ROWS = 50_000
"""Rows an XLSX entrants list may have."""
EMPTY_RUN = 1_000
"""Empty rows after which an XLSX list ends: a cell further down is a stray one, named and ignored."""
_TEXT_SUFFIXES = ("", ".csv", ".txt", ".tsv")  # CSV, and Excel's "Unicode text" (tab-separated UTF-16)
_YES = {"1", "yes", "y", "true", "是", "√", "✓", "✔", "x", "○", "●", "☑", "报", "报名", "参加"}
_NO = {"", "0", "no", "n", "false", "否", "无", "-", "—", "不报", "×", "✗"}
_DATE = re.compile(r"^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?$")


@attrs.frozen
class Row:
    """One data row: its number in the file (as a spreadsheet shows it), its cells by column, the cells of
    its tick columns by event key, and the columns whose cell is a formula saved without its value (XLSX)."""

    number: int
    cells: Mapping[str, str]
    raw: Mapping[str, Any] = attrs.field(factory=dict)
    ticks: Mapping[str, str] = attrs.field(factory=dict)
    formulas: Mapping[str, str] = attrs.field(factory=dict)


@attrs.frozen
class Sheet:
    """The rows of an entrants file under its header, and notes for the person importing it."""

    rows: tuple[Row, ...]
    columns: tuple[str, ...]
    """The columns the header has (canonical names), tick columns not included."""
    events: tuple[str, ...] = ()
    """Events with a tick column (wide form)."""
    notes: tuple[Label, ...] = ()


@attrs.frozen
class _Grid:
    """A file's non-empty lines as cells of text (and the values a spreadsheet typed), before the header is known."""

    name: str
    lines: tuple[tuple[int, tuple[str, ...], tuple[Any, ...]], ...]
    where: Callable[[int, int], Message]
    """``where(line index, column index)``: how a message names a cell (``cell C2``, ``line 2, column 3``)."""
    merged_header: Callable[[int], list[str]] | None = None
    """``merged_header(line number)``: the merged ranges of a spreadsheet row, to refuse a merged header."""
    formulas: Mapping[tuple[int, int], str] = attrs.field(factory=dict)
    """Formula cells saved without their value, by (line number, column index)."""
    notes: tuple[Label, ...] = ()
    """What was ignored while reading (a stray cell far below the list)."""


def normal_header(text: str) -> str:
    """A header cell as it is compared: NFKC (full-width letters), stripped, lower case, ``_`` for spaces."""
    return unicodedata.normalize("NFKC", text).strip().lower().replace(" ", "_")


def column_mapping(pairs: Sequence[str]) -> dict[str, str]:
    """``--columns`` given as ``报名项目=event`` (repeated, or joined with commas): header text → column."""
    mapping: dict[str, str] = {}
    valid = [*COLUMNS, IGNORE]
    for given in pairs:
        for pair in given.replace("，", ",").split(","):
            if not pair.strip():
                continue
            header, _sep, column = pair.partition("=")
            column = _COLUMN_NAMES.get(column.strip().lower(), column.strip().lower())
            if not header.strip() or column not in valid:
                raise PodiumError(
                    N_("--columns '{pair}' must be HEADER=COLUMN, COLUMN one of {valid}."), code="entrants.columns_option_invalid",
                    target=Target(argument="columns"), pair=shown(pair.strip()), valid=", ".join(valid),
                )
            mapping[normal_header(header)] = column
    return mapping


def read_sheet(
    path: Path, config: MeetConfig, *, columns: Mapping[str, str] | None = None, strict: bool = False
) -> Sheet:
    """Read a CSV or XLSX entrants file (a regular file of at most :data:`MAX_FILE_BYTES`): find its header,
    name its columns, and give its rows."""
    suffix = path.suffix.lower()
    if suffix in (".xls", ".et", ".numbers", ".ods"):
        raise EntrantsError(
            N_("{path}: this spreadsheet type cannot be read; save it as .xlsx or .csv."), code="entrants.spreadsheet_type", target=Target(file=path.name), path=path.name
        )
    if suffix != ".xlsx" and suffix not in _TEXT_SUFFIXES:
        raise EntrantsError(
            N_("{path} is not an entrants list: entrants are read from .csv, .txt or .xlsx files."), code="entrants.file_type", target=Target(file=path.name), path=path.name
        )
    data = read_input(path, MAX_FILE_BYTES)
    grid = _read_xlsx(path, data) if suffix == ".xlsx" else _read_csv(path, data)
    return _sheet(grid, config, dict(columns or {}), strict)


def _decode(path: Path, data: bytes) -> str:
    """The text of an entrants file: UTF-8 (with or without a BOM), UTF-16 or UTF-32 (with or without a BOM),
    GBK/GB18030 as Excel saves it on Chinese Windows, or Big5 as it saves it on Traditional Chinese Windows."""
    for bom, encoding in ((b"\xff\xfe\x00\x00", "utf-32"), (b"\x00\x00\xfe\xff", "utf-32"), (b"\xff\xfe", "utf-16"), (b"\xfe\xff", "utf-16")):
        if data.startswith(bom):
            try:
                return data.decode(encoding)
            except UnicodeDecodeError:
                break
    if b"\x00" in data:  # no text in UTF-8, GBK or Big5 holds NUL bytes: UTF-16 or UTF-32 saved without a BOM
        for encoding in ("utf-32-le", "utf-32-be", "utf-16-le", "utf-16-be"):
            try:
                text = data.decode(encoding)
            except UnicodeDecodeError:
                continue
            if any(mark in text for mark in ",\t\n") and all(ch.isprintable() or ch in "\t\r\n" for ch in text):
                return text
        raise EntrantsError(
            N_("{path}: the file holds NUL bytes but is not UTF-16 or UTF-32 text; it may be a binary file. Save the list as CSV UTF-8."),
            code="entrants.binary", target=Target(file=path.name), path=path.name,
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    data = data.removeprefix(b"\xef\xbb\xbf")  # some tools put a UTF-8 BOM in front of GBK
    found = []
    for encoding, common in (("gb18030", _common_simplified), ("cp950", _common_traditional)):
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError:
            continue
        found.append((_share(text, common), encoding == "gb18030", text))
    if found:
        return max(found)[2]  # the reading in which more characters are common Chinese ones; GBK on a tie
    raise EntrantsError(N_("{path}: the file is neither UTF-8 nor GBK text; save it as CSV UTF-8."), code="entrants.encoding", target=Target(file=path.name), path=path.name)


def _common_simplified(ch: str) -> bool:
    """A Chinese character of GB 2312 (the 6,763 in everyday simplified use)."""
    try:
        ch.encode("gb2312")
    except UnicodeEncodeError:
        return False
    return True


def _common_traditional(ch: str) -> bool:
    """A Chinese character of Big5 level 1 (the 5,401 frequent traditional ones, lead bytes A4–C6)."""
    try:
        lead = ch.encode("cp950")[0]
    except UnicodeEncodeError:
        return False
    return 0xA4 <= lead <= 0xC6


def _share(text: str, common: Callable[[str], bool]) -> float:
    """Among the characters of ``text`` that are not ASCII, the share that are common Chinese characters.

    GBK and Big5 share their byte ranges, so Big5 bytes read as GBK (and the reverse) mostly give rare
    characters, kana, Cyrillic and box drawing, which this tells apart from real names."""
    wide = [ch for ch in text if not ch.isascii()]
    if not wide:
        return 1.0
    return sum(1 for ch in wide if "\u4e00" <= ch <= "\u9fff" and common(ch)) / len(wide)


def _read_csv(path: Path, data: bytes) -> _Grid:
    text = _decode(path, data)
    lines_of_text = text.split("\n", HEADER_ROWS + 1)[:HEADER_ROWS]
    delimiter = max((",", "\t", ";", "，"), key=lambda d: max(line.count(d) for line in lines_of_text))
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    physical = io.StringIO(text, newline="").readlines()  # the lines as the reader counts them
    lines: list[tuple[int, list[str]]] = []
    try:
        for row in reader:
            start = lines[-1][0] if lines else 0
            if "".join(physical[start : reader.line_num]).count('"') % 2:
                # RFC 4180: quotes surround a whole field and are doubled inside it; an odd number in a
                # record is a stray quote the reader would otherwise keep as part of a name (Zh"ang)
                raise EntrantsError(
                    N_("{path}: line {line} has a stray quote (\"); put quotes only around a whole cell, and double them inside one."), code="entrants.stray_quote", target=Target(file=path.name, line=start + 1), path=path.name, line=start + 1
                )
            lines.append((reader.line_num, row))
    except csv.Error as error:  # name the line where the broken row starts, not where the reader gave up
        raise EntrantsError(
            N_("{path}: line {line}: the CSV is malformed ({error}); check for a stray quote."), code="entrants.csv_malformed", target=Target(file=path.name, line=lines[-1][0] + 1 if lines else 1), path=path.name, line=lines[-1][0] + 1 if lines else 1, error=error
        ) from None
    kept = tuple((number, tuple(cells), tuple(cells)) for number, cells in lines if any(c.strip() for c in cells))
    if not kept:
        raise EntrantsError(N_("{path}: the file is empty."), code="file.empty", target=Target(file=path.name), path=path.name)

    def where(line: int, column: int) -> Message:
        return Message(N_("line {line}, column {column}"), line=kept[line][0], column=column + 1)

    return _Grid(path.name, kept, where)


def _read_xlsx(path: Path, data: bytes) -> _Grid:
    """The rows of the first sheet, read as a stream of the cells that are there (never the declared used range,
    which one stray cell far away stretches to a million rows); the list ends after :data:`EMPTY_RUN` empty rows,
    and a cell found after that is named in the grid's notes and ignored. A cell merged down a column (a class
    written once beside its students) gives its value to every row it spans."""
    import openpyxl
    from openpyxl.utils import get_column_letter

    try:
        book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
        sheet = book.worksheets[0]
        sheet.reset_dimensions()  # read the cells the file holds, not the used range it declares
        read, stray = _bounded(path.name, sheet.iter_rows(values_only=True))
        book.close()
    except PodiumError:
        raise
    except Exception:  # openpyxl raises many types for a damaged file
        raise EntrantsError(N_("{path}: the file is not a readable .xlsx workbook."), code="file.xlsx_unreadable", target=Target(file=path.name), path=path.name) from None
    notes: list[Label] = []
    if stray is not None:
        row, column, value = stray
        cell, shown_value = f"{get_column_letter(column)}{row}", shown(str(value))[:40]
        notes.append(bilingual(
            lambda: _("{path}: cell {cell} ('{value}') lies after {count} empty rows below the list; it was ignored.").format(
                path=path.name, cell=cell, value=shown_value, count=f"{EMPTY_RUN:,}"
            )
        ))
    values = [list(cells) for cells in read]
    width = max((len(cells) for cells in values), default=0)
    formulas: dict[tuple[int, int], str] = {}
    merged: list[Any] = []
    if any(len(cells) < width or any(_blank(v) for v in cells) for cells in values if cells):
        # a cell without a value may be a formula saved without it, or part of a merged block: only then
        # is the workbook read again for its formulas and its merged cells
        formulas = {(number, column - 1): formula for (number, column), formula in _formulas(data, len(values)).items()}
        merged = _merges(data)
    for block in merged:  # a class merged down its students' rows holds its value in the first: every row has it
        if block.min_col != block.max_col or block.min_row > len(values):
            continue
        column = block.min_col - 1
        top = values[block.min_row - 1]
        value = top[column] if column < len(top) else None
        for number in range(block.min_row + 1, min(block.max_row, len(values)) + 1):
            cells = values[number - 1]
            if cells and _blank(cells[column] if column < len(cells) else None):
                cells.extend([None] * (column + 1 - len(cells)))
                cells[column] = value
    kept = tuple(
        (number, tuple(_cell_text(v) for v in cells), tuple(cells))
        for number, cells in enumerate(values, start=1)
        if any(not _blank(c) for c in cells) or any(key[0] == number for key in formulas)
    )
    if not kept:
        raise EntrantsError(N_("{path}: the file is empty."), code="file.empty", target=Target(file=path.name), path=path.name)

    def where(line: int, column: int) -> Message:
        return Message(N_("cell {cell}"), cell=f"{get_column_letter(column + 1)}{kept[line][0]}")

    def merged_header(number: int) -> list[str]:
        return [b.coord for b in merged if b.min_row <= number <= b.max_row and (b.min_col != b.max_col or b.min_row != b.max_row)]

    return _Grid(path.name, kept, where, merged_header, formulas, tuple(notes))


def _blank(value: Any) -> bool:
    return value is None or not str(value).strip()


def _bounded(name: str, rows: Iterable[Sequence[Any]]) -> tuple[list[Sequence[Any]], tuple[int, int, Any] | None]:
    """The rows up to the last one with a value before a run of :data:`EMPTY_RUN` empty rows, and the first cell
    with a value after that run (row, column, value), if any. At most :data:`MAX_ROWS` rows are kept."""
    kept: list[Sequence[Any]] = []
    empty = 0
    for number, cells in enumerate(rows, start=1):
        filled = [i for i, value in enumerate(cells) if value is not None and str(value).strip()] if cells else []
        if empty >= EMPTY_RUN:
            if filled:
                return kept, (number, filled[0] + 1, cells[filled[0]])
            continue
        if not filled:
            empty += 1
            kept.append(())
            continue
        if number > MAX_ROWS:
            raise EntrantsError(
                N_("{path} has more than {limit} rows; an entrants list has fewer. Is it the right file?"),
                code="entrants.too_many_rows", target=Target(file=name), path=name, limit=f"{MAX_ROWS:,}",
            )
        empty = 0
        kept.append(tuple(cells))
    while kept and not kept[-1]:
        kept.pop()
    return kept, None


def _merges(data: bytes) -> list[Any]:
    """The merged cell ranges of the first sheet (read-only reading cannot see merges, so the workbook is
    opened whole: only when a row has a cell without a value, and the file is bounded by :data:`MAX_FILE_BYTES`)."""
    import openpyxl

    try:
        book = openpyxl.load_workbook(io.BytesIO(data))
    except Exception:  # openpyxl raises many types for a damaged file; the values were read already
        return []
    return list(book.worksheets[0].merged_cells.ranges)


def _formulas(data: bytes, last_row: int) -> dict[tuple[int, int], str]:
    """Formula cells of the first ``last_row`` rows by (row, column): a workbook written by a program that does
    not calculate (a script, some web exporters) saves formulas without their values, which read as empty."""
    import openpyxl

    found: dict[tuple[int, int], str] = {}
    try:
        book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=False)
        sheet = book.worksheets[0]
        sheet.reset_dimensions()
        for number, cells in enumerate(sheet.iter_rows(values_only=True, max_row=last_row), start=1):
            for index, value in enumerate(cells or ()):
                if isinstance(value, str) and value.startswith("="):
                    found[(number, index + 1)] = value
        book.close()
    except Exception:  # openpyxl raises many types for a damaged file; the values were read already
        return {}
    return found


def _cell_text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, dt.datetime):
        return value.date().isoformat()
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _event_of_header(config: MeetConfig, label: str) -> str | None:
    """The event a header cell names by key or by name (wide form), else ``None``."""
    for event in config.events.values():
        if label in (normal_header(event.key), normal_header(event.name.zh), normal_header(event.name.en)):
            return event.key
    return None


def _read_header(cells: Sequence[str], config: MeetConfig, columns: Mapping[str, str]) -> list[tuple[str, str | None]]:
    """Each cell of a candidate header as ``(kind, value)``: ``column``, ``tick`` (an event), ``ignore``,
    ``unknown`` or ``empty``."""
    read: list[tuple[str, str | None]] = []
    for cell in cells:
        label = normal_header(cell)
        if not label:
            read.append(("empty", None))
            continue
        column = columns.get(label) or _ALIASES.get(label) or _ALIASES.get(label.replace("_", " "))
        if column == IGNORE:
            read.append(("ignore", None))
        elif column is not None:
            read.append(("column", column))
        elif (event := _event_of_header(config, label)) is not None:
            read.append(("tick", event))
        else:
            read.append(("unknown", shown(cell.strip())))
    return read


def _sheet(grid: _Grid, config: MeetConfig, columns: Mapping[str, str], strict: bool) -> Sheet:
    name = grid.name
    candidates = [(index, _read_header(cells, config, columns)) for index, (_n, cells, _r) in enumerate(grid.lines[:HEADER_ROWS])]
    found = next((c for c in candidates if ("column", "name") in c[1]), None)
    found = found or next((c for c in candidates if sum(kind in ("column", "tick") for kind, _v in c[1]) >= 2), None)
    if found is None:
        raise EntrantsError(
            N_("{path}: none of the first {count} rows is a header with a 'name' (姓名) column; name the columns, or map one with --columns 学生=name."),
            code="entrants.header_not_found", target=Target(file=name), path=name, count=HEADER_ROWS,
        )
    at, read = found
    number = grid.lines[at][0]
    if grid.merged_header is not None and (merged := grid.merged_header(number)):
        raise EntrantsError(
            N_("{path}: header cells {cells} are merged; give every column its own header cell."),
            code="entrants.header_merged", target=Target(file=name, rows=(number,)), path=name, cells=", ".join(merged),
        )
    missing = sorted(c for c in columns if c not in {normal_header(cell) for cell in grid.lines[at][1]})
    if missing:
        raise EntrantsError(
            N_("{path}: --columns names '{column}', but the header (row {row}) has no such column."),
            code="entrants.columns_option_unmatched", target=Target(file=name, rows=(number,), argument="columns"),
            path=name, column=shown(missing[0]), row=number,
        )
    last_named = max((i for i, (kind, _v) in enumerate(read) if kind != "empty"), default=-1)
    seen: dict[str, int] = {}
    for index, (kind, value) in enumerate(read):
        if kind == "empty" and index < last_named:
            raise EntrantsError(
                N_("{path}: {where} has no header; name every column (valid names: {valid})."),
                code="entrants.column_without_header", target=Target(file=name, rows=(number,)),
                path=name, where=grid.where(at, index), valid=", ".join(COLUMNS),
            )
        if kind in ("column", "tick") and value is not None:
            if value in seen:
                raise EntrantsError(
                    N_("{path}: the column '{column}' appears twice."), code="entrants.column_twice",
                    target=Target(file=name, rows=(number,)), path=name, column=value,
                )
            seen[value] = index
    unknown = [value for kind, value in read if kind == "unknown" and value]
    if "name" not in seen and unknown:
        raise EntrantsError(
            N_("{path}: the header has no 'name' (姓名) column; columns Podium does not know: {columns} (map one with --columns {first}=name)."),
            code="entrants.name_column_unmapped", target=Target(file=name, rows=(number,), argument="columns"),
            path=name, columns=", ".join(f"'{c}'" for c in unknown), first=unknown[0],
        )
    if "name" not in seen:
        raise EntrantsError(
            N_("{path}: the header has no 'name' (姓名) column."), code="entrants.name_column_missing",
            target=Target(file=name, rows=(number,)), path=name,
        )
    notes = list(grid.notes)
    if at:
        notes.append(bilingual(
            lambda: ngettext("{path}: the header is row {row}; the row above it is a title and was skipped.",
                             "{path}: the header is row {row}; the {count} rows above it are titles and were skipped.", at).format(
                path=name, row=number, count=at)
        ))
    if unknown and strict:
        raise EntrantsError(
            N_("{path}: unknown columns {columns}; valid columns: {valid} (map one with --columns HEADER=COLUMN, or leave out --strict-columns to ignore them)."),
            code="entrants.column_unknown", target=Target(file=name, rows=(number,), argument="strict-columns"),
            path=name, columns=", ".join(f"'{c}'" for c in unknown), valid=", ".join(COLUMNS),
        )
    if unknown:
        notes.append(bilingual(
            lambda: _("{path}: columns not used (Podium does not know them): {columns}; map one with --columns HEADER=COLUMN if it is needed.").format(
                path=name, columns=", ".join(unknown)
            )
        ))
    rows = []
    named = {i: value for i, (kind, value) in enumerate(read) if kind == "column" and value}
    ticked = {i: value for i, (kind, value) in enumerate(read) if kind == "tick" and value}
    for index in range(at + 1, len(grid.lines)):
        number, cells, raw = grid.lines[index]
        for column, cell in enumerate(cells):
            if cell.strip() and (column >= len(read) or read[column][0] == "empty"):
                raise EntrantsError(
                    N_("{path}: {where} holds '{value}' but its column has no header; name the column or clear the cell."),
                    code="entrants.cell_without_header", target=Target(file=name, rows=(number,)),
                    path=name, where=grid.where(index, column), value=shown(cell.strip())[:40],
                )
        rows.append(
            Row(
                number,
                {column: (cells[i] if i < len(cells) else "") for i, column in named.items()},
                {column: (raw[i] if i < len(raw) else None) for i, column in named.items()},
                {event: (cells[i] if i < len(cells) else "") for i, event in ticked.items()},
                {
                    column: grid.formulas[(number, i)]
                    for i, column in (named | ticked).items()
                    if (number, i) in grid.formulas
                },
            )
        )
    return Sheet(tuple(rows), tuple(named.values()), tuple(ticked.values()), tuple(notes))


class RowProblems:
    """Problems of an entrants file by row; rows with the same problem are reported together."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._rows: dict[str, tuple[Problem, list[int]]] = {}

    def add(self, rows: int | Sequence[int], message: str | Problem, /, *, code: str | None = None, **params: Any) -> None:
        """Add a problem of ``rows``: a :class:`Problem`, or an English sentence with its code and values."""
        found = message if isinstance(message, Problem) else problem(message, code=code or EntrantsError.default_code, **params)
        _found, numbers = self._rows.setdefault(found.render("en"), (found, []))
        numbers.extend([rows] if isinstance(rows, int) else rows)

    def __len__(self) -> int:
        return len({row for _found, rows in self._rows.values() for row in rows})

    def problems(self) -> tuple[Problem, ...]:
        """One problem per distinct sentence, placed at every row that has it; in the order of their first rows, as
        the file is read (a problem found late, a bib used twice, still comes at its row)."""
        placed = []
        for found, rows in sorted(self._rows.values(), key=lambda item: min(item[1])):
            numbers = sorted(set(rows))
            frame = (
                Message(N_("{path} row {row}: {message}"), path=self.path, row=numbers[0])
                if len(numbers) == 1
                else Message(N_("{path} rows {rows}: {message}"), path=self.path, rows=", ".join(map(str, numbers)))
            )
            placed.append(found.framed(frame, attrs.evolve(found.target, file=self.path, rows=numbers)))
        return tuple(placed)


@attrs.frozen
class _Person:
    row: int
    event: str
    team: str
    person: Person
    unit: str | None
    seed: int | None
    rating: float | None
    mark: str | None = None


@attrs.frozen
class Parsed:
    """An entrants file read and checked: the new entrants by event, and notes for the person importing it."""

    entrants: Mapping[str, list[Entrant]]
    notes: tuple[Label, ...] = ()


def parse_entrants(
    path: Path,
    config: MeetConfig,
    existing: Mapping[str, Mapping[str, Entrant]],
    *,
    event: str | None = None,
    columns: Mapping[str, str] | None = None,
    strict: bool = False,
) -> Parsed:
    """Read, validate and group the entrants of a file by event.

    ``existing`` holds the entrants already registered per event (for duplicate
    and bib checks). Raises :class:`EntrantsError` listing every bad row; the notes
    say what was skipped or ignored (title rows, unknown columns, a stray cell).
    """
    sheet = read_sheet(path, config, columns=columns, strict=strict)
    if not sheet.rows:
        raise EntrantsError(N_("{path}: the file has a header but no entrants."), code="entrants.no_entrants", target=Target(file=path.name), path=path.name)
    if event is None and "event" not in sheet.columns and not sheet.events:
        raise EntrantsError(
            N_("{path}: the header has no 'event' (项目) column and no column named after an event; add one or pass --event."),
            code="entrants.event_column_missing", target=Target(file=path.name, argument="event"), path=path.name,
        )
    if config.units and "unit" not in sheet.columns:  # else every row would say its unit is empty
        raise EntrantsError(
            N_("{path}: the header has no 'unit' (单位) column; every entrant of this meet belongs to one of its units: {valid}."),
            code="entrants.unit_column_missing", target=Target(file=path.name), path=path.name,
            valid=listed(u.name for u in config.units.values()),
        )
    problems = RowProblems(path.name)
    people: list[_Person] = []
    skipped = 0
    for row in sheet.rows:
        found = _people(row, config, event, problems)
        skipped += found is not None and not found
        people += found or []
    _needed_columns(sheet.columns, config, [p.event for p in people], path.name)
    notes = list(sheet.notes)
    if skipped:
        notes.append(bilingual(
            lambda: ngettext("{path}: {count} row ticks no event and was skipped.", "{path}: {count} rows tick no event and were skipped.", skipped).format(
                path=path.name, count=skipped
            )
        ))
    row_numbers: dict[tuple[str, str], tuple[int, ...]] = {}
    _give_bibs(people, config, existing, problems)
    grouped = _group(people, config, existing, problems, row_numbers)
    if problems:
        raise EntrantsError(
            N_plural("{path}: {count} row cannot be imported; nothing was imported:", "{path}: {count} rows cannot be imported; nothing was imported:"), code="entrants.rows_invalid", target=Target(file=path.name), path=path.name, count=len(problems),
            details=problems.problems(),
        )
    entry_rules = import_problems(config, existing, grouped, row_numbers, path.name)
    if entry_rules:
        raise EntrantsError(
            N_("{path}: entries break the meet's eligibility or quota rules; nothing was imported:"), code="entrants.rules_broken", target=Target(file=path.name), path=path.name,
            details=tuple(entry_rules),
        )
    return Parsed(grouped, tuple(notes))


def _needed_columns(columns: Sequence[str], config: MeetConfig, events: Sequence[str], path: str) -> None:
    """Refuse a file without a column that the eligibility rules of the events its rows enter need (docs/sportsday.md):
    one sentence about the header rather than the same problem on every row."""
    for column in ("gender", "birth_date", "category"):
        if column in columns:
            continue
        needing = [config.events[key].name for key in dict.fromkeys(events) if _needs(config.events[key].eligibility, column)]
        if needing:
            raise EntrantsError(
                N_("{path}: the header has no '{column}' ({header}) column; the eligibility rules of these events need it: {events}."),
                code="entrants.column_missing", target=Target(file=path), path=path, column=column,
                header=next(alias for alias in COLUMNS[column] if not alias.isascii()),
                events=Localized.of(_listed, needing),
            )


def _listed(names: Sequence[Label]) -> str:
    """Event names in the current language, apart by semicolons (an English name may hold a comma)."""
    return _("; ").join(name.get() for name in names)


def _needs(rule: Eligibility, column: str) -> bool:
    """Whether an event's eligibility ``rule`` reads ``column`` of every entrant (a division, an age, a category)."""
    if column == "gender":
        return rule.gender is not None or rule.mixed or rule.men is not None or rule.women is not None
    if column == "birth_date":
        return rule.needs_age or rule.born_from is not None or rule.born_until is not None
    return bool(rule.categories)


def _clean_name(text: str) -> str:
    return " ".join(text.replace("\u3000", " ").split())


Report = Callable[..., None]
"""``report(N_("sentence"), code=..., **values)``: adds a problem of the row being read."""


def _entered(row: Row, config: MeetConfig, event: str | None, report: Report) -> list[tuple[str, str]]:
    """The events a row enters, each with the team its cell names: the event column (or ``--event``),
    and every tick column ticked (a tick cell that holds a name other than a tick names the pair or team)."""
    found: list[tuple[str, str]] = []
    given = unicodedata.normalize("NFKC", row.cells.get("event", "")).strip() or (event or "")
    if given:
        try:
            found.append((config.event(given).key, ""))
        except PodiumError as error:
            if error.code == "event.name_ambiguous":
                report(N_("'{event}' is the name of several events ({keys}); give the event's key"), code="entrants.event_ambiguous",
                       event=shown(given), keys=error.problem.params["keys"])
            else:
                report(N_("unknown event '{event}'; events: {valid}"), code="entrants.event_unknown", event=shown(given), valid=", ".join(config.events))
    elif not row.ticks and "event" not in row.formulas:
        report(N_("the event is empty"), code="entrants.event_empty")
    for key, cell in row.ticks.items():
        mark = unicodedata.normalize("NFKC", cell).strip()
        if mark.lower() in _NO:
            continue
        if mark.lower() in _YES:
            found.append((key, ""))
        elif config.events[key].kind is EntrantKind.INDIVIDUAL:
            report(
                N_("the {event} column holds '{value}'; tick it with √ or 1, or leave it empty"), code="entrants.tick_invalid",
                event=key, value=shown(mark)[:40],
            )
        else:
            found.append((key, _clean_name(cell)))
    return found


def _people(row: Row, config: MeetConfig, event: str | None, problems: RowProblems) -> list[_Person] | None:
    """The entries of one row (several in the wide form); ``None`` when the row is bad (its problems are added)."""
    found: list[Problem] = []

    def report(message: str, /, *, code: str, **params: Any) -> None:
        found.append(problem(message, code=code, **params))

    # Codes and numbers are normalised (full-width digits, brackets); names are kept as written, and a problem
    # quotes a cell as it was typed (初一（9）班, not 初一(9)班).
    typed = {k: v.strip() for k, v in row.cells.items()}
    cells = {k: v if k in ("name", "team") else unicodedata.normalize("NFKC", v).strip() for k, v in typed.items()}
    for column, formula in row.formulas.items():
        report(
            N_("the {column} cell holds the formula {formula} without its value; open the file in Excel or WPS and save it again, or paste values only"),
            code="entrants.formula_without_value", column=column, formula=shown(formula)[:40],
        )
    for column, value in row.raw.items():
        if isinstance(value, bool) and column != "reserve":
            report(N_("the {column} cell holds {value}, a TRUE/FALSE cell; type the {column} itself"), code="entrants.boolean_cell", column=column, value=str(value).upper())
    bib_value = row.raw.get("bib")
    if isinstance(bib_value, float) and not bib_value.is_integer():
        report(N_("bib {value} is not a whole number; a bib is a number like 101 or a code like A12"), code="entrants.bib_fraction", value=f"{bib_value:g}")
    entered = _entered(row, config, event, report)
    person_name = _clean_name(cells.get("name", ""))
    if not person_name:
        if "name" not in row.formulas:
            report(N_("the name is empty"), code="entrants.name_empty")
    elif (wrong := text_problem(person_name, MAX_NAME)) is not None:
        report(N_("the name {problem}"), code="entrants.name_invalid", problem=wrong)
    team = _clean_name(cells.get("team", ""))
    if (wrong := text_problem(team, MAX_NAME)) is not None:
        report(N_("the team name {problem}"), code="entrants.team_invalid", problem=wrong)
    gender = None
    if cells.get("gender"):
        gender = Gender.parse(cells["gender"])
        if gender is None:
            report(N_("gender '{value}' is not one of M/F/男/女"), code="entrants.gender_invalid", value=shown(typed["gender"])[:40])
    grade = None
    if cells.get("grade"):
        grade = read_grade(cells["grade"])
        if grade is None:
            report(N_("grade '{value}' is not a grade like 7, 初一 or 七年级"), code="entrants.grade_invalid", value=shown(typed["grade"])[:40])
    unit_key = _unit(cells.get("unit", ""), typed.get("unit", ""), grade, config, report)
    if grade is None and unit_key is not None:  # the class a student is in says their grade: 初一（1）班 is grade 7
        unit = config.units[unit_key]
        grade = next((c[0] for c in map(read_class, (unit.name, *unit.aliases)) if c), None)
    seed = _integer(cells.get("seed", ""), Message(N_("seed")), report, minimum=1)
    rating = None
    if cells.get("rating"):
        try:
            rating = float(cells["rating"])
        except ValueError:
            rating = None
        if rating is None or not math.isfinite(rating):
            report(N_("rating '{value}' is not a number"), code="entrants.rating_invalid", value=shown(typed["rating"])[:40])
    birth = _birth_date(row, cells, report)
    student_id = cells.get("student_id") or None
    if student_id is not None and (wrong := text_problem(student_id, MAX_NAME)) is not None:
        report(N_("the student number {problem}"), code="entrants.student_id_invalid", problem=wrong)
    for found_problem in found:
        problems.add(row.number, found_problem)
    if found:
        return None
    person = Person(
        name=person_name,
        gender=gender,
        birth_date=birth,
        grade=grade,
        category=cells.get("category") or None,
        rating=rating,
        reserve=cells.get("reserve", "").lower() in _YES,
        student_id=student_id,
        bib=cells.get("bib") or None,
    )
    mark = cells.get("mark") or None
    return [
        _Person(
            row=row.number, event=key, team=named or team, person=person, unit=unit_key, seed=seed, rating=rating,
            mark=mark,
        )
        for key, named in entered
    ]


def _unit(text: str, typed: str, grade: int | None, config: MeetConfig, report: Report) -> str | None:
    """The unit a row names (``text``, normalised from what was ``typed``): by key, name, alias or class spelling; a
    class written without its grade (1班) is read with the row's grade column."""
    if not text:
        if config.units:
            report(N_("the unit is empty; units in meet.toml: {valid}"), code="entrants.unit_empty", valid=listed(u.name for u in config.units.values()))
        return None
    unit = config.unit(text)
    if unit is None and grade is not None and (number := read_class_number(text)) is not None:
        unit = config.unit_of_class((grade, number))
    if unit is None:
        report(
            N_("unknown unit '{unit}'; units in meet.toml: {valid} (other spellings go in the unit's aliases)"), code="entrants.unit_unknown",
            unit=shown(typed)[:MAX_NAME], valid=listed(u.name for u in config.units.values()) if config.units else Message(N_("none")),
        )
        return None
    return unit.key


def _birth_date(row: Row, cells: Mapping[str, str], report: Report) -> dt.date | None:
    """The birth date of a row (a date the spreadsheet typed, or text like 2010-05-03, 2010/5/3, 2010年5月3日)."""
    raw_birth = row.raw.get("birth_date")
    if isinstance(raw_birth, (dt.date, dt.datetime)):
        return raw_birth.date() if isinstance(raw_birth, dt.datetime) else raw_birth
    if not cells.get("birth_date"):
        return None
    birth = _date(cells["birth_date"])
    if birth is None:
        report(N_("birth date '{value}' is not a date like 2010-05-03"), code="entrants.birth_date_invalid", value=shown(cells["birth_date"])[:40])
    return birth


def _integer(text: str, label: Message, report: Report, *, minimum: int) -> int | None:
    if not text:
        return None
    try:
        value = int(text)
    except ValueError:
        report(N_("{label} '{value}' is not a whole number"), code="entrants.number_invalid", label=label, value=shown(text)[:40])
        return None
    if value < minimum:
        report(N_("{label} must be at least {minimum}, not {value}"), code="entrants.number_too_small", label=label, minimum=minimum, value=value)
        return None
    return value


def _date(text: str) -> dt.date | None:
    match = _DATE.match(text) or (re.match(r"^(\d{4})(\d{2})(\d{2})$", text))
    if not match:
        return None
    try:
        return dt.date(int(match[1]), int(match[2]), int(match[3]))
    except ValueError:
        return None


def _give_bibs(
    people: list[_Person], config: MeetConfig, existing: Mapping[str, Mapping[str, Entrant]], problems: RowProblems
) -> None:
    """Check that no two people wear one bib, and with ``[entries] bibs = "by_unit"`` give everyone without
    one the next number of their unit's range (the same in every event; people registered before keep theirs)."""
    owners: dict[str, tuple[tuple[str, ...], str, Message]] = {}
    worn: dict[tuple[str, ...], str] = {}
    for entrants in existing.values():
        for entrant in entrants.values():
            for member in entrant.members:
                bib = member.bib or (entrant.bib if entrant.kind is EntrantKind.INDIVIDUAL else None)
                if bib:
                    owners.setdefault(bib, (member.identity(entrant.unit), member.name, Message(N_("already registered"))))
                    worn.setdefault(member.identity(entrant.unit), bib)
    for p in people:
        bib = p.person.bib
        if bib is None:
            continue
        owner = owners.get(bib)
        if owner is not None and owner[0] != p.person.identity(p.unit):
            problems.add(p.row, N_("bib {bib} is already used by {other} ({where})"), code="entrants.bib_taken", bib=shown(bib), other=owner[1], where=owner[2])
        else:
            owners[bib] = (p.person.identity(p.unit), p.person.name, Message(N_("row {row}"), row=p.row))
            worn.setdefault(p.person.identity(p.unit), bib)
    if config.entries.bibs != "by_unit":
        return
    from podium.sportsday.bibs import BibRanges

    ranges = BibRanges(config.units, set(owners))
    for index, p in enumerate(people):
        if p.person.bib is not None or p.unit is None:
            continue
        identity = p.person.identity(p.unit)
        bib = worn.get(identity) or ranges.take(p.unit)
        if bib is None:
            problems.add(
                p.row, N_("{unit} has no bib number left in its range {range}"), code="entrants.bib_range_full",
                unit=config.units[p.unit].name, range=ranges.describe(p.unit),
            )
            continue
        worn[identity] = bib
        people[index] = attrs.evolve(p, person=attrs.evolve(p.person, bib=bib))


def _group(
    people: list[_Person],
    config: MeetConfig,
    existing: Mapping[str, Mapping[str, Entrant]],
    problems: RowProblems,
    rows_of: dict[tuple[str, str], tuple[int, ...]],
) -> dict[str, list[Entrant]]:
    """Entrants by event, numbered; ``rows_of`` receives the file rows of each (event, entrant key)."""
    result: dict[str, list[Entrant]] = {}
    for event_key in dict.fromkeys(p.event for p in people):
        event = config.events[event_key]
        rows = [p for p in people if p.event == event_key]
        taken = dict(existing.get(event_key, {}))
        if event.kind is EntrantKind.INDIVIDUAL:
            entrants = [_individual(p, event_key) for p in rows]
            row_of = {id(e): (p.row,) for e, p in zip(entrants, rows, strict=True)}
        else:
            entrants, row_of = _teams(rows, event.kind, event_key, config, problems)
        seen = {_entry_identity(e): e for e in taken.values()}
        numbered = []
        next_number = 1
        keys = set(taken) | {e.bib for e in entrants if e.bib}
        for entrant in entrants:
            identity = _entry_identity(entrant)
            if identity in seen:
                problems.add(list(row_of[id(entrant)]), N_("{entrant} is already entered in {event}"), code="entrants.already_entered", entrant=entrant.name, event=event.name)
                continue
            key = entrant.bib or ""
            holder = taken.get(key) if key else None
            if holder is not None and holder.bib != key:  # registered before without this bib, under the number it would take
                problems.add(
                    list(row_of[id(entrant)]), N_("bib {bib} is already the number of {other} in {event}; give {name} another bib"),
                    code="entrants.bib_is_a_number", bib=shown(key), other=holder.name, event=event.name, name=entrant.name,
                )
                continue
            seen[identity] = entrant
            if not key:
                while str(next_number) in keys:
                    next_number += 1
                key = str(next_number)
            keys.add(key)
            numbered.append(attrs.evolve(entrant, key=key))
            rows_of[(event_key, key)] = row_of[id(entrant)]
        result[event_key] = numbered
    return result


def _entry_identity(entrant: Entrant) -> tuple[str, ...]:
    """Who an entry is, for "already entered": an individual is their person (student number, else name and
    unit); a pair or team is its name in its unit."""
    if entrant.kind is EntrantKind.INDIVIDUAL and entrant.members:
        return entrant.members[0].identity(entrant.unit)
    return ("team", entrant.name, entrant.unit or "")


def _individual(p: _Person, event: str) -> Entrant:
    return Entrant(
        key="", event=event, kind=EntrantKind.INDIVIDUAL, name=p.person.name, members=(p.person,),
        unit=p.unit, bib=p.person.bib, seed=p.seed, rating=p.rating, mark=p.mark,
    )


def _teams(
    rows: list[_Person], kind: EntrantKind, event: str, config: MeetConfig, problems: RowProblems
) -> tuple[list[Entrant], dict[int, tuple[int, ...]]]:
    teams: dict[str, list[_Person]] = {}
    for p in rows:
        team = p.team
        if not team and kind is EntrantKind.TEAM and p.unit is not None:
            team = config.units[p.unit].name  # a class's rows without a team name are the class's team
        if not team:
            problems.add(
                p.row, N_("{event} is a {kind} event, so the 'team' column must name the pair or team"), code="entrants.team_missing", event=config.events[event].name, kind=kind.label
            )
            continue
        teams.setdefault(team, []).append(p)
    entrants = []
    row_of = {}
    for team, members in teams.items():
        players = [m for m in members if not m.person.reserve]
        if kind is EntrantKind.PAIR and (len(players) != 2 or len(members) != 2):
            problems.add(
                [m.row for m in members], N_("the pair '{team}' must have exactly 2 players, not {count}"), code="entrants.pair_size", team=team, count=len(members)
            )
            continue
        units = {m.unit for m in members}
        display = " / ".join(m.person.name for m in members) if kind is EntrantKind.PAIR else team
        entrant = Entrant(
            key="",
            event=event,
            kind=kind,
            name=display,
            members=tuple(m.person for m in members),
            unit=units.pop() if len(units) == 1 else None,
            bib=None,
            seed=next((m.seed for m in members if m.seed is not None), None),
            rating=next((m.rating for m in members if m.rating is not None), None),
            mark=next((m.mark for m in members if m.mark), None),
        )
        entrants.append(entrant)
        row_of[id(entrant)] = tuple(m.row for m in members)
    return entrants, row_of


POSITION_COLUMNS: dict[str, tuple[str, ...]] = {
    "position": ("position", "pos", "line", "number", "no", "签位", "签号", "位置", "号位", "序号"),
    "entrant": ("entrant", "name", "bib", "key", "team", "姓名", "参赛者", "选手", "运动员", "号码", "队名"),
}
_POSITION_ALIASES = {alias.lower(): column for column, aliases in POSITION_COLUMNS.items() for alias in aliases}


def read_positions(path: Path) -> list[tuple[int, str, str]]:
    """Read a draw made on paper: rows of ``position`` and ``entrant`` (name, bib or key), CSV or XLSX.

    Returns ``(line number, position, entrant)`` for every non-empty row; the format
    checks the positions (table numbers, group places like ``A3``, bracket lines).
    """
    data = read_input(path, MAX_FILE_BYTES)
    if path.suffix.lower() == ".xlsx":
        import openpyxl

        try:
            book = openpyxl.load_workbook(io.BytesIO(data), data_only=True, read_only=True)
            sheet = book.worksheets[0]
            sheet.reset_dimensions()  # the cells the file holds, not the used range it declares
            values, _stray = _bounded(path.name, sheet.iter_rows(values_only=True))
        except PodiumError:
            raise
        except Exception:  # openpyxl raises many types for a damaged file
            raise PodiumError(N_("{path}: the file is not a readable .xlsx workbook."), code="file.xlsx_unreadable", target=Target(file=path.name), path=path.name) from None
        lines = [(number, [_cell_text(c) for c in row]) for number, row in enumerate(values, start=1)]
    else:
        reader = csv.reader(io.StringIO(_decode(path, data), newline=""))
        lines = [(reader.line_num, row) for row in reader]
    lines = [(number, row) for number, row in lines if any(cell.strip() for cell in row)]
    if not lines:
        raise PodiumError(N_("{path}: the file is empty."), code="file.empty", target=Target(file=path.name), path=path.name)
    header = [_POSITION_ALIASES.get(unicodedata.normalize("NFKC", cell).strip().lower()) for cell in lines[0][1]]
    if "position" not in header or "entrant" not in header:
        raise PodiumError(
            N_("{path}: the header needs a 'position' (签位) column and a 'name' (姓名) column."), code="draw.file_columns", target=Target(file=path.name), path=path.name
        )
    at, who = header.index("position"), header.index("entrant")
    rows = []
    for number, row in lines[1:]:
        position = row[at].strip() if at < len(row) else ""
        entrant = row[who].strip() if who < len(row) else ""
        if not position or not entrant:
            raise PodiumError(
                N_("{path}: line {line} needs both a position and a name."), code="draw.file_line_incomplete", target=Target(file=path.name, line=number), path=path.name, line=number
            )
        rows.append((number, position, entrant))
    return rows
