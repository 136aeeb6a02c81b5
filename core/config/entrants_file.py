"""Entrants files: CSV (UTF-8, UTF-8 with BOM, GBK/GB18030, UTF-16) and XLSX, as a school exports them.

One row per person and event (long form), or one row per person with a tick column per event (wide
form: a column headed with an event's key or name, ticked √/1/是 for those who enter it). Title rows
above the header (a merged "2026年秋季运动会报名表") are skipped: the header is the first row with a
name column among the first :data:`HEADER_ROWS`. Columns are known by their English or Chinese names
and synonyms (:data:`COLUMNS`); columns Podium does not need (序号, 备注) and columns it does not know are
ignored, the unknown ones with a note (``strict`` makes them an error); ``columns`` maps any other
header to a column. Rows of a pair or team event that share the ``team`` value form one entrant (a team
event's rows without one form their unit's team). Every problem of every row is reported together and
nothing is imported while any row is bad. See ``docs/meet.md`` and ``docs/sportsday.md``.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import math
import re
import unicodedata
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from podium.config.meet import MeetConfig
from podium.errors import EntrantsError, PodiumError
from podium.i18n import _, ngettext
from podium.model.entrants import Entrant, EntrantKind, Gender, Person
from podium.sportsday.entry_rules import import_problems
from podium.sportsday.school_classes import read_class, read_class_number, read_grade

MAX_NAME = 60
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
_ALIASES = {alias.lower(): column for column, aliases in COLUMNS.items() for alias in aliases} | dict.fromkeys(UNUSED, IGNORE)
_TEXT_SUFFIXES = ("", ".csv", ".txt", ".tsv")  # CSV, and Excel's "Unicode text" (tab-separated UTF-16)
_YES = {"1", "yes", "y", "true", "是", "√", "✓", "✔", "x", "○", "●", "☑", "报", "报名", "参加"}
_NO = {"", "0", "no", "n", "false", "否", "无", "-", "—", "不报", "×", "✗"}
_DATE = re.compile(r"^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?$")


@attrs.frozen
class Row:
    """One data row: its number in the file (as a spreadsheet shows it), its cells by column, and the
    cells of its tick columns by event key."""

    number: int
    cells: Mapping[str, str]
    raw: Mapping[str, Any] = attrs.field(factory=dict)
    ticks: Mapping[str, str] = attrs.field(factory=dict)


@attrs.frozen
class Sheet:
    """The rows of an entrants file under its header, and notes for the person importing it."""

    rows: tuple[Row, ...]
    columns: tuple[str, ...]
    """The columns the header has (canonical names), tick columns not included."""
    events: tuple[str, ...] = ()
    """Events with a tick column (wide form)."""
    notes: tuple[str, ...] = ()


@attrs.frozen
class _Grid:
    """A file's non-empty lines as cells of text (and the values a spreadsheet typed), before the header is known."""

    name: str
    lines: tuple[tuple[int, tuple[str, ...], tuple[Any, ...]], ...]
    where: Any
    """``where(line index, column index)``: how a message names a cell (``cell C2``, ``line 2, column 3``)."""
    merged_header: Any = None
    """``merged_header(line number)``: the merged ranges of a spreadsheet row, to refuse a merged header."""


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
            column = column.strip().lower()
            if not header.strip() or column not in valid:
                raise PodiumError(
                    _("--columns '{pair}' must be HEADER=COLUMN, COLUMN one of {valid}.").format(pair=pair.strip(), valid=", ".join(valid))
                )
            mapping[normal_header(header)] = column
    return mapping


def read_sheet(
    path: Path, config: MeetConfig, *, columns: Mapping[str, str] | None = None, strict: bool = False
) -> Sheet:
    """Read a CSV or XLSX entrants file: find its header, name its columns, and give its rows."""
    suffix = path.suffix.lower()
    if not path.exists():
        raise PodiumError(_("{path}: no such file.").format(path=path))
    if suffix == ".xlsx":
        grid = _read_xlsx(path)
    elif suffix in (".xls", ".et", ".numbers", ".ods"):
        raise EntrantsError(
            _("{path}: this spreadsheet type cannot be read; save it as .xlsx or .csv.").format(path=path.name)
        )
    elif suffix not in _TEXT_SUFFIXES:
        raise EntrantsError(
            _("{path} is not an entrants list: entrants are read from .csv, .txt or .xlsx files.").format(path=path.name)
        )
    else:
        grid = _read_csv(path)
    return _sheet(grid, config, dict(columns or {}), strict)


def _decode(path: Path) -> str:
    data = path.read_bytes()
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    try:  # GBK as Excel saves it on Chinese Windows; some tools put a UTF-8 BOM in front of it
        return data.removeprefix(b"\xef\xbb\xbf").decode("gb18030")
    except UnicodeDecodeError:
        pass
    raise EntrantsError(_("{path}: the file is neither UTF-8 nor GBK text; save it as CSV UTF-8.").format(path=path.name))


def _read_csv(path: Path) -> _Grid:
    text = _decode(path)
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
                    _("{path}: line {line} has a stray quote (\"); put quotes only around a whole cell, and double them inside one.").format(
                        path=path.name, line=start + 1
                    )
                )
            lines.append((reader.line_num, row))
    except csv.Error as error:  # name the line where the broken row starts, not where the reader gave up
        raise EntrantsError(
            _("{path}: line {line}: the CSV is malformed ({error}); check for a stray quote.").format(
                path=path.name, line=lines[-1][0] + 1 if lines else 1, error=error
            )
        ) from None
    kept = tuple((number, tuple(cells), tuple(cells)) for number, cells in lines if any(c.strip() for c in cells))
    if not kept:
        raise EntrantsError(_("{path}: the file is empty.").format(path=path.name))

    def where(line: int, column: int) -> str:
        return _("line {line}, column {column}").format(line=kept[line][0], column=column + 1)

    return _Grid(path.name, kept, where)


def _read_xlsx(path: Path) -> _Grid:
    import openpyxl
    from openpyxl.utils import get_column_letter

    try:
        book = openpyxl.load_workbook(path, data_only=True)
    except Exception:  # openpyxl raises many types for a damaged file
        raise EntrantsError(_("{path}: the file is not a readable .xlsx workbook.").format(path=path.name)) from None
    sheet = book.worksheets[0]
    values = [list(row) for row in sheet.iter_rows(values_only=True)]
    merged = list(sheet.merged_cells.ranges)
    for block in merged:  # a class merged down its students' rows holds its value in the first: every row has it
        if block.min_col != block.max_col or block.min_row > len(values):
            continue
        column = block.min_col - 1
        for row in range(block.min_row + 1, min(block.max_row, len(values)) + 1):
            if column < len(values[row - 1]):
                values[row - 1][column] = values[block.min_row - 1][column]
    kept = tuple(
        (number, tuple(_cell_text(v) for v in cells), tuple(cells))
        for number, cells in enumerate(values, start=1)
        if any(c is not None and str(c).strip() for c in cells)
    )
    if not kept:
        raise EntrantsError(_("{path}: the file is empty.").format(path=path.name))

    def where(line: int, column: int) -> str:
        return _("cell {cell}").format(cell=f"{get_column_letter(column + 1)}{kept[line][0]}")

    def merged_header(number: int) -> list[str]:
        return [b.coord for b in merged if b.min_row <= number <= b.max_row and (b.min_col != b.max_col or b.min_row != b.max_row)]

    return _Grid(path.name, kept, where, merged_header)


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
            read.append(("unknown", cell.strip()))
    return read


def _sheet(grid: _Grid, config: MeetConfig, columns: Mapping[str, str], strict: bool) -> Sheet:
    name = grid.name
    candidates = [(index, _read_header(cells, config, columns)) for index, (_n, cells, _r) in enumerate(grid.lines[:HEADER_ROWS])]
    found = next((c for c in candidates if ("column", "name") in c[1]), None)
    found = found or next((c for c in candidates if sum(kind in ("column", "tick") for kind, _v in c[1]) >= 2), None)
    if found is None:
        raise EntrantsError(
            _("{path}: none of the first {count} rows is a header with a 'name' (姓名) column; name the columns, or map one with --columns 学生=name.").format(
                path=name, count=HEADER_ROWS
            )
        )
    at, read = found
    number = grid.lines[at][0]
    if grid.merged_header is not None and grid.merged_header(number):
        raise EntrantsError(
            _("{path}: header cells {cells} are merged; give every column its own header cell.").format(
                path=name, cells=", ".join(grid.merged_header(number))
            )
        )
    missing = sorted(c for c in columns if c not in {normal_header(cell) for cell in grid.lines[at][1]})
    if missing:
        raise EntrantsError(_("{path}: --columns names '{column}', but the header (row {row}) has no such column.").format(
            path=name, column=missing[0], row=number))
    last_named = max((i for i, (kind, _v) in enumerate(read) if kind != "empty"), default=-1)
    seen: dict[str, int] = {}
    for index, (kind, value) in enumerate(read):
        if kind == "empty" and index < last_named:
            raise EntrantsError(
                _("{path}: {where} has no header; name every column (valid names: {valid}).").format(
                    path=name, where=grid.where(at, index), valid=", ".join(COLUMNS)
                )
            )
        if kind in ("column", "tick") and value is not None:
            if value in seen:
                raise EntrantsError(_("{path}: the column '{column}' appears twice.").format(path=name, column=value))
            seen[value] = index
    unknown = [value for kind, value in read if kind == "unknown" and value]
    if "name" not in seen and unknown:
        raise EntrantsError(
            _("{path}: the header has no 'name' (姓名) column; columns Podium does not know: {columns} (map one with --columns {first}=name).").format(
                path=name, columns=", ".join(f"'{c}'" for c in unknown), first=unknown[0]
            )
        )
    if "name" not in seen:
        raise EntrantsError(_("{path}: the header has no 'name' (姓名) column.").format(path=name))
    notes = []
    if at:
        notes.append(
            ngettext("{path}: the header is row {row}; the row above it is a title and was skipped.",
                     "{path}: the header is row {row}; the {count} rows above it are titles and were skipped.", at).format(
                path=name, row=number, count=at)
        )
    if unknown and strict:
        raise EntrantsError(
            _("{path}: unknown columns {columns}; valid columns: {valid} (map one with --columns HEADER=COLUMN, or leave out --strict-columns to ignore them).").format(
                path=name, columns=", ".join(f"'{c}'" for c in unknown), valid=", ".join(COLUMNS)
            )
        )
    if unknown:
        notes.append(
            _("{path}: columns not used (Podium does not know them): {columns}; map one with --columns HEADER=COLUMN if it is needed.").format(
                path=name, columns=", ".join(unknown)
            )
        )
    rows = []
    named = {i: value for i, (kind, value) in enumerate(read) if kind == "column" and value}
    ticked = {i: value for i, (kind, value) in enumerate(read) if kind == "tick" and value}
    for index in range(at + 1, len(grid.lines)):
        number, cells, raw = grid.lines[index]
        for column, cell in enumerate(cells):
            if cell.strip() and (column >= len(read) or read[column][0] == "empty"):
                raise EntrantsError(
                    _("{path}: {where} holds '{value}' but its column has no header; name the column or clear the cell.").format(
                        path=name, where=grid.where(index, column), value=cell.strip()
                    )
                )
        rows.append(
            Row(
                number,
                {column: (cells[i] if i < len(cells) else "") for i, column in named.items()},
                {column: (raw[i] if i < len(raw) else None) for i, column in named.items()},
                {event: (cells[i] if i < len(cells) else "") for i, event in ticked.items()},
            )
        )
    return Sheet(tuple(rows), tuple(named.values()), tuple(ticked.values()), tuple(notes))


class RowProblems:
    """Problems of an entrants file by row; rows with the same problem are reported together."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._rows: dict[str, list[int]] = {}

    def add(self, rows: int | Sequence[int], message: str) -> None:
        self._rows.setdefault(message, []).extend([rows] if isinstance(rows, int) else rows)

    def __len__(self) -> int:
        return len({row for rows in self._rows.values() for row in rows})

    def lines(self) -> tuple[str, ...]:
        """One line per distinct problem, naming every row that has it."""
        lines = []
        for message, rows in self._rows.items():
            numbers = sorted(set(rows))
            if len(numbers) == 1:
                lines.append(_("{path} row {row}: {message}").format(path=self.path, row=numbers[0], message=message))
            else:
                lines.append(
                    _("{path} rows {rows}: {message}").format(path=self.path, rows=", ".join(map(str, numbers)), message=message)
                )
        return tuple(lines)


@attrs.frozen
class _Person:
    row: int
    event: str
    team: str
    person: Person
    unit: str | None
    seed: int | None
    rating: float | None


@attrs.frozen
class Parsed:
    """An entrants file read and checked: the new entrants by event, and notes for the person importing it."""

    entrants: Mapping[str, list[Entrant]]
    notes: tuple[str, ...] = ()


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
    and bib checks). Raises :class:`EntrantsError` listing every bad row.
    """
    sheet = read_sheet(path, config, columns=columns, strict=strict)
    if not sheet.rows:
        raise EntrantsError(_("{path}: the file has a header but no entrants.").format(path=path.name))
    if event is None and "event" not in sheet.columns and not sheet.events:
        raise EntrantsError(
            _("{path}: the header has no 'event' (项目) column and no column named after an event; add one or pass --event.").format(
                path=path.name
            )
        )
    problems = RowProblems(path.name)
    people: list[_Person] = []
    skipped = 0
    for row in sheet.rows:
        found = _people(row, config, event, problems)
        skipped += found is not None and not found
        people += found or []
    notes = list(sheet.notes)
    if skipped:
        notes.append(
            ngettext("{path}: {count} row ticks no event and was skipped.", "{path}: {count} rows tick no event and were skipped.", skipped).format(
                path=path.name, count=skipped
            )
        )
    row_numbers: dict[tuple[str, str], tuple[int, ...]] = {}
    _give_bibs(people, config, existing, problems)
    grouped = _group(people, config, existing, problems, row_numbers)
    if problems:
        raise EntrantsError(
            ngettext("{path}: {count} row cannot be imported; nothing was imported:", "{path}: {count} rows cannot be imported; nothing was imported:", len(problems)).format(path=path.name, count=len(problems)),
            details=problems.lines(),
        )
    entry_rules = import_problems(config, existing, grouped, row_numbers, path.name)
    if entry_rules:
        raise EntrantsError(
            _("{path}: entries break the meet's eligibility or quota rules; nothing was imported:").format(path=path.name),
            details=tuple(entry_rules),
        )
    return Parsed(grouped, tuple(notes))


def _clean_name(text: str) -> str:
    return " ".join(text.replace("\u3000", " ").split())


def _invisible(text: str) -> bool:
    """Control, format (zero-width, direction marks), private-use or surrogate characters: never part of a name."""
    return any(unicodedata.category(ch) in ("Cc", "Cf", "Co", "Cs") for ch in text)


def _entered(row: Row, config: MeetConfig, event: str | None, problem: Any) -> list[tuple[str, str]]:
    """The events a row enters, each with the team its cell names: the event column (or ``--event``),
    and every tick column ticked (a tick cell that holds a name other than a tick names the pair or team)."""
    found: list[tuple[str, str]] = []
    given = unicodedata.normalize("NFKC", row.cells.get("event", "")).strip() or (event or "")
    if given:
        try:
            found.append((config.event(given).key, ""))
        except PodiumError:
            problem(_("unknown event '{event}'; events: {valid}").format(event=given, valid=", ".join(config.events)))
    elif not row.ticks:
        problem(_("the event is empty"))
    for key, cell in row.ticks.items():
        mark = unicodedata.normalize("NFKC", cell).strip()
        if mark.lower() in _NO:
            continue
        if mark.lower() in _YES:
            found.append((key, ""))
        elif config.events[key].kind is EntrantKind.INDIVIDUAL:
            problem(_("the {event} column holds '{value}'; tick it with √ or 1, or leave it empty").format(event=key, value=mark))
        else:
            found.append((key, _clean_name(cell)))
    return found


def _people(row: Row, config: MeetConfig, event: str | None, problems: RowProblems) -> list[_Person] | None:
    """The entries of one row (several in the wide form); ``None`` when the row is bad (its problems are added)."""
    found: list[str] = []
    problem = found.append

    # Codes and numbers are normalised (full-width digits, brackets); names are kept as written.
    cells = {k: v.strip() if k in ("name", "team") else unicodedata.normalize("NFKC", v).strip() for k, v in row.cells.items()}
    entered = _entered(row, config, event, problem)
    person_name = _clean_name(cells.get("name", ""))
    if not person_name:
        problem(_("the name is empty"))
    elif _invisible(person_name):
        problem(_("the name contains control characters"))
    elif len(person_name) > MAX_NAME:
        problem(_("the name is {length} characters long; at most {limit} are allowed").format(length=len(person_name), limit=MAX_NAME))
    team = _clean_name(cells.get("team", ""))
    if _invisible(team):
        problem(_("the team name contains control characters"))
    elif len(team) > MAX_NAME:
        problem(_("the team name is {length} characters long; at most {limit} are allowed").format(length=len(team), limit=MAX_NAME))
    gender = None
    if cells.get("gender"):
        gender = Gender.parse(cells["gender"])
        if gender is None:
            problem(_("gender '{value}' is not one of M/F/男/女").format(value=cells["gender"]))
    grade = None
    if cells.get("grade"):
        grade = read_grade(cells["grade"])
        if grade is None:
            problem(_("grade '{value}' is not a grade like 7, 初一 or 七年级").format(value=cells["grade"]))
    unit_key = _unit(cells.get("unit", ""), grade, config, problem)
    if grade is None and unit_key is not None:  # the class a student is in says their grade: 初一（1）班 is grade 7
        unit = config.units[unit_key]
        grade = next((c[0] for c in map(read_class, (unit.name, *unit.aliases)) if c), None)
    seed = _integer(cells.get("seed", ""), _("seed"), problem, minimum=1)
    rating = None
    if cells.get("rating"):
        try:
            rating = float(cells["rating"])
        except ValueError:
            rating = None
        if rating is None or not math.isfinite(rating):
            problem(_("rating '{value}' is not a number").format(value=cells["rating"]))
    birth = _birth_date(row, cells, problem)
    student_id = cells.get("student_id") or None
    if student_id is not None and (_invisible(student_id) or len(student_id) > MAX_NAME):
        problem(_("the student number '{value}' is not a student number").format(value=student_id[:MAX_NAME]))
    for message in found:
        problems.add(row.number, message)
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
    return [
        _Person(row=row.number, event=key, team=named or team, person=person, unit=unit_key, seed=seed, rating=rating)
        for key, named in entered
    ]


def _unit(text: str, grade: int | None, config: MeetConfig, problem: Any) -> str | None:
    """The unit a row names: by key, name, alias or class spelling; a class written without its grade (1班)
    is read with the row's grade column."""
    if not text:
        if config.units:
            problem(_("the unit is empty; units in meet.toml: {valid}").format(valid=", ".join(u.name for u in config.units.values())))
        return None
    unit = config.unit(text)
    if unit is None and grade is not None and (number := read_class_number(text)) is not None:
        unit = config.unit_of_class((grade, number))
    if unit is None:
        problem(
            _("unknown unit '{unit}'; units in meet.toml: {valid} (other spellings go in the unit's aliases)").format(
                unit=text, valid=", ".join(u.name for u in config.units.values()) or _("none")
            )
        )
        return None
    return unit.key


def _birth_date(row: Row, cells: Mapping[str, str], problem: Any) -> dt.date | None:
    """The birth date of a row (a date the spreadsheet typed, or text like 2010-05-03, 2010/5/3, 2010年5月3日)."""
    raw_birth = row.raw.get("birth_date")
    if isinstance(raw_birth, (dt.date, dt.datetime)):
        return raw_birth.date() if isinstance(raw_birth, dt.datetime) else raw_birth
    if not cells.get("birth_date"):
        return None
    birth = _date(cells["birth_date"])
    if birth is None:
        problem(_("birth date '{value}' is not a date like 2010-05-03").format(value=cells["birth_date"]))
    return birth


def _integer(text: str, label: str, problem: Any, *, minimum: int) -> int | None:
    if not text:
        return None
    try:
        value = int(text)
    except ValueError:
        problem(_("{label} '{value}' is not a whole number").format(label=label, value=text))
        return None
    if value < minimum:
        problem(_("{label} must be at least {minimum}, not {value}").format(label=label, minimum=minimum, value=value))
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
    owners: dict[str, tuple[tuple[str, ...], str, str]] = {}
    worn: dict[tuple[str, ...], str] = {}
    for entrants in existing.values():
        for entrant in entrants.values():
            for member in entrant.members:
                bib = member.bib or (entrant.bib if entrant.kind is EntrantKind.INDIVIDUAL else None)
                if bib:
                    owners.setdefault(bib, (member.identity(entrant.unit), member.name, _("already registered")))
                    worn.setdefault(member.identity(entrant.unit), bib)
    for p in people:
        bib = p.person.bib
        if bib is None:
            continue
        owner = owners.get(bib)
        if owner is not None and owner[0] != p.person.identity(p.unit):
            problems.add(p.row, _("bib {bib} is already used by {other} ({where})").format(bib=bib, other=owner[1], where=owner[2]))
        else:
            owners[bib] = (p.person.identity(p.unit), p.person.name, _("row {row}").format(row=p.row))
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
            problems.add(p.row, _("{unit} has no bib number left in its range {range}").format(
                unit=config.units[p.unit].name, range=ranges.describe(p.unit)))
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
                problems.add(list(row_of[id(entrant)]), _("{entrant} is already entered in {event}").format(entrant=entrant.name, event=event_key))
                continue
            seen[identity] = entrant
            key = entrant.bib or ""
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
        unit=p.unit, bib=p.person.bib, seed=p.seed, rating=p.rating,
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
                p.row, _("{event} is a {kind} event, so the 'team' column must name the pair or team").format(event=event, kind=kind.title)
            )
            continue
        teams.setdefault(team, []).append(p)
    entrants = []
    row_of = {}
    for team, members in teams.items():
        players = [m for m in members if not m.person.reserve]
        if kind is EntrantKind.PAIR and (len(players) != 2 or len(members) != 2):
            problems.add(
                [m.row for m in members], _("the pair '{team}' must have exactly 2 players, not {count}").format(team=team, count=len(members))
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
    if not path.exists():
        raise PodiumError(_("{path}: no such file.").format(path=path))
    if path.suffix.lower() == ".xlsx":
        import openpyxl

        try:
            book = openpyxl.load_workbook(path, data_only=True, read_only=True)
        except Exception:  # openpyxl raises many types for a damaged file
            raise PodiumError(_("{path}: the file is not a readable .xlsx workbook.").format(path=path.name)) from None
        lines = [(number, [_cell_text(c) for c in row]) for number, row in enumerate(book.worksheets[0].iter_rows(values_only=True), start=1)]
    else:
        reader = csv.reader(io.StringIO(_decode(path), newline=""))
        lines = [(reader.line_num, row) for row in reader]
    lines = [(number, row) for number, row in lines if any(cell.strip() for cell in row)]
    if not lines:
        raise PodiumError(_("{path}: the file is empty.").format(path=path.name))
    header = [_POSITION_ALIASES.get(unicodedata.normalize("NFKC", cell).strip().lower()) for cell in lines[0][1]]
    if "position" not in header or "entrant" not in header:
        raise PodiumError(
            _("{path}: the header needs a 'position' (签位) column and a 'name' (姓名) column.").format(path=path.name)
        )
    at, who = header.index("position"), header.index("entrant")
    rows = []
    for number, row in lines[1:]:
        position = row[at].strip() if at < len(row) else ""
        entrant = row[who].strip() if who < len(row) else ""
        if not position or not entrant:
            raise PodiumError(
                _("{path}: line {line} needs both a position and a name.").format(path=path.name, line=number)
            )
        rows.append((number, position, entrant))
    return rows
