"""Entrants files: CSV (UTF-8, UTF-8 with BOM, GBK/GB18030, UTF-16) and XLSX.

One row per person and event. Rows of a pair or team event that share the
``team`` value form one entrant. Every problem of every row is reported together
and nothing is imported while any row is bad. See ``docs/entrants.md``.
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
from podium.i18n import N_, Message, N_plural, _
from podium.model.entrants import Entrant, EntrantKind, Gender, Person
from podium.model.inputs import MAX_NAME, shown, text_problem
from podium.sportsday.entry_rules import import_problems

COLUMNS: dict[str, tuple[str, ...]] = {
    "event": ("event", "项目", "比赛项目", "参赛项目"),
    "name": ("name", "姓名", "名字", "运动员"),
    "gender": ("gender", "sex", "性别"),
    "unit": ("unit", "单位", "班级", "部门", "class", "department", "club", "school", "学校", "俱乐部"),
    "bib": ("bib", "号码", "编号", "参赛号", "号码布"),
    "seed": ("seed", "种子", "种子号"),
    "rating": ("rating", "等级分", "段位分"),
    "birth_date": ("birth_date", "birthdate", "birthday", "出生日期", "生日"),
    "grade": ("grade", "年级"),
    "category": ("category", "类别", "人员类别"),
    "team": ("team", "pair", "队名", "队伍", "组合", "队"),
    "reserve": ("reserve", "substitute", "替补", "候补"),
}
_ALIASES = {alias.lower(): column for column, aliases in COLUMNS.items() for alias in aliases}
MAX_FILE_BYTES = 20_000_000
"""An entrants list of ten thousand rows is about 1 MB; a larger file is not read."""
MAX_ROWS = 50_000
"""Rows an XLSX entrants list may have."""
EMPTY_RUN = 1_000
"""Empty rows after which an XLSX list ends: a cell further down is a stray one, named and ignored."""
_TEXT_SUFFIXES = ("", ".csv", ".txt", ".tsv")  # CSV, and Excel's "Unicode text" (tab-separated UTF-16)
_YES = {"1", "yes", "y", "true", "是", "√", "x"}
_DATE = re.compile(r"^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?$")


@attrs.frozen
class Row:
    """One data row: its number in the file (as a spreadsheet shows it) and its cells by column."""

    number: int
    cells: Mapping[str, str]
    raw: Mapping[str, Any] = attrs.field(factory=dict)
    formulas: Mapping[str, str] = attrs.field(factory=dict)
    """Columns whose cell is a formula saved without its value (XLSX), with the formula."""


def read_rows(path: Path, notes: list[str] | None = None) -> list[Row]:
    """Read a CSV or XLSX file (a regular file of at most :data:`MAX_FILE_BYTES`) into rows keyed by canonical
    column names; ``notes`` receives what was ignored (a stray cell far below the list)."""
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
    if suffix == ".xlsx":
        return _read_xlsx(path, data, notes if notes is not None else [])
    return _read_csv(path, data)


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


def _read_csv(path: Path, data: bytes) -> list[Row]:
    text = _decode(path, data)
    first = text.split("\n", 1)[0]
    delimiter = max((",", "\t", ";", "，"), key=first.count)
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
    if not any(cell.strip() for _number, row in lines for cell in row):
        raise EntrantsError(N_("{path}: the file is empty."), code="file.empty", target=Target(file=path.name), path=path.name)
    header = _header(path.name, [cell for cell in lines[0][1]], lambda i: Message(N_("column {n}"), n=i + 1))
    rows = []
    for number, cells in lines[1:]:
        if not any(c.strip() for c in cells):
            continue
        if len(cells) > len(header) and any(c.strip() for c in cells[len(header):]):
            raise EntrantsError(
                N_("{path}: line {line} has {found} cells but the header has {expected}."), code="entrants.too_many_cells", target=Target(file=path.name, line=number), path=path.name, line=number, found=len(cells), expected=len(header)
            )
        for index, cell in enumerate(cells[: len(header)]):
            if header[index] is None and cell.strip():
                raise EntrantsError(
                    N_("{path}: line {line}, column {column} holds '{value}' but the column has no header; name the column or clear the cell."), code="entrants.cell_without_header", target=Target(file=path.name, line=number), path=path.name, line=number, column=index + 1, value=cell.strip()
                )
        rows.append(Row(number, {column: (cells[i] if i < len(cells) else "") for i, column in enumerate(header) if column}))
    return rows


def _read_xlsx(path: Path, data: bytes, notes: list[str]) -> list[Row]:
    """The rows of the first sheet, read as a stream of the cells that are there (never the declared used range,
    which one stray cell far away stretches to a million rows); the list ends after :data:`EMPTY_RUN` empty rows,
    and a cell found after that is named in ``notes`` and ignored."""
    import openpyxl
    from openpyxl.utils import get_column_letter

    try:
        book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
        sheet = book.worksheets[0]
        sheet.reset_dimensions()  # read the cells the file holds, not the used range it declares
        values, stray = _bounded(path.name, sheet.iter_rows(values_only=True))
        book.close()
    except PodiumError:
        raise
    except Exception:  # openpyxl raises many types for a damaged file
        raise EntrantsError(N_("{path}: the file is not a readable .xlsx workbook."), code="file.xlsx_unreadable", target=Target(file=path.name), path=path.name) from None
    if stray is not None:
        row, column, value = stray
        notes.append(
            _("{path}: cell {cell} ('{value}') lies after {count} empty rows below the list; it was ignored.").format(
                path=path.name, cell=f"{get_column_letter(column)}{row}", value=shown(str(value))[:40], count=f"{EMPTY_RUN:,}"
            )
        )
    if not values:
        raise EntrantsError(N_("{path}: the file is empty."), code="file.empty", target=Target(file=path.name), path=path.name)
    header_cells = ["" if v is None else str(v) for v in values[0]]
    if any(not cell.strip() for cell in header_cells[: max((i for i, c in enumerate(header_cells) if c.strip()), default=0)]):
        _merged_header(path, data)
    header = _header(path.name, header_cells, lambda i: Message(N_("cell {cell}"), cell=f"{get_column_letter(i + 1)}1"))
    formulas = _formulas(data, len(values)) if any(
        cells[i] is None for cells in values[1:] if any(c is not None for c in cells) for i, column in enumerate(header) if column and i < len(cells)
    ) else {}
    rows = []
    for offset, cells in enumerate(values[1:], start=2):
        if all(c is None or str(c).strip() == "" for c in cells) and not any(key[0] == offset for key in formulas):
            continue
        for index, value in enumerate(cells):
            if (index >= len(header) or header[index] is None) and value is not None and str(value).strip():
                raise EntrantsError(
                    N_("{path}: cell {cell} holds '{value}' but its column has no header; name the column or clear the cell."), code="entrants.xlsx_cell_without_header", target=Target(file=path.name, rows=(offset,)), path=path.name, cell=f"{get_column_letter(index + 1)}{offset}", value=value
                )
        raw = {column: cells[i] if i < len(cells) else None for i, column in enumerate(header) if column}
        text = {column: _cell_text(value) for column, value in raw.items()}
        found = {
            column: formulas[(offset, i + 1)] for i, column in enumerate(header) if column and (offset, i + 1) in formulas
        }
        rows.append(Row(offset, text, raw, found))
    return rows


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


def _merged_header(path: Path, data: bytes) -> None:
    """Refuse merged header cells, named (read-only reading cannot see merges, so the workbook is opened whole:
    only when the header has a gap, and the file is bounded by :data:`MAX_FILE_BYTES`)."""
    import openpyxl

    try:
        sheet = openpyxl.load_workbook(io.BytesIO(data)).worksheets[0]
    except Exception:  # openpyxl raises many types for a damaged file
        return
    for merged in sheet.merged_cells.ranges:
        if merged.min_row == 1:
            raise EntrantsError(
                N_("{path}: header cells {cells} are merged; give every column its own header cell."),
                code="entrants.header_merged", target=Target(file=path.name), path=path.name, cells=merged.coord,
            )


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


def _header(name: str, cells: Sequence[str], where: Any) -> list[str | None]:
    columns: list[str | None] = []
    last_named = max((i for i, c in enumerate(cells) if c.strip()), default=-1)
    for index, cell in enumerate(cells):
        label = unicodedata.normalize("NFKC", cell).strip().lower().replace(" ", "_")
        if not label:
            if index < last_named:
                raise EntrantsError(
                    N_("{path}: {where} has no header; name every column (valid names: {valid})."), code="entrants.column_without_header", target=Target(file=name, rows=(1,)), path=name, where=where(index), valid=", ".join(COLUMNS)
                )
            columns.append(None)
            continue
        column = _ALIASES.get(label) or _ALIASES.get(label.replace("_", " "))
        if column is None:
            raise EntrantsError(
                N_("{path}: unknown column '{column}'; valid columns: {valid}."), code="entrants.column_unknown", target=Target(file=name, rows=(1,)), path=name, column=cell.strip(), valid=", ".join(COLUMNS)
            )
        if column in columns:
            raise EntrantsError(N_("{path}: the column '{column}' appears twice."), code="entrants.column_twice", target=Target(file=name, rows=(1,)), path=name, column=column)
        columns.append(column)
    if "name" not in columns:
        raise EntrantsError(N_("{path}: the header has no 'name' (姓名) column."), code="entrants.name_column_missing", target=Target(file=name, rows=(1,)), path=name)
    return columns


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
        """One problem per distinct sentence, placed at every row that has it."""
        placed = []
        for found, rows in self._rows.values():
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
    bib: str | None
    seed: int | None
    rating: float | None


def parse_entrants(
    path: Path,
    config: MeetConfig,
    existing: Mapping[str, Mapping[str, Entrant]],
    *,
    event: str | None = None,
    notes: list[str] | None = None,
) -> dict[str, list[Entrant]]:
    """Read, validate and group the entrants of a file by event.

    ``existing`` holds the entrants already registered per event (for duplicate
    and bib checks). Raises :class:`EntrantsError` listing every bad row; ``notes``
    receives what was ignored (:func:`read_rows`).
    """
    rows = read_rows(path, notes)
    if not rows:
        raise EntrantsError(N_("{path}: the file has a header but no entrants."), code="entrants.no_entrants", target=Target(file=path.name), path=path.name)
    if event is None and "event" not in rows[0].cells:
        raise EntrantsError(
            N_("{path}: the header has no 'event' (项目) column; add one or pass --event."), code="entrants.event_column_missing", target=Target(file=path.name, rows=(1,), argument="event"), path=path.name
        )
    problems = RowProblems(path.name)
    people: list[_Person] = []
    for row in rows:
        person = _person(path.name, row, config, event, problems)
        if person is not None:
            people.append(person)
    row_numbers: dict[tuple[str, str], tuple[int, ...]] = {}
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
    return grouped


def _clean_name(text: str) -> str:
    return " ".join(text.replace("\u3000", " ").split())


def _person(name: str, row: Row, config: MeetConfig, event: str | None, problems: RowProblems) -> _Person | None:
    found: list[Problem] = []

    def report(message: str, /, *, code: str, **params: Any) -> None:
        found.append(problem(message, code=code, **params))

    # Codes and numbers are normalised (full-width digits, brackets); names are kept as written.
    cells = {k: v.strip() if k in ("name", "team") else unicodedata.normalize("NFKC", v).strip() for k, v in row.cells.items()}
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
    event_key = cells.get("event") or event or ""
    if not event_key:
        if "event" not in row.formulas:
            report(N_("the event is empty"), code="entrants.event_empty")
    else:
        try:
            event_key = config.event(event_key).key
        except PodiumError:
            report(N_("unknown event '{event}'; events: {valid}"), code="entrants.event_unknown", event=event_key, valid=", ".join(config.events))
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
            report(N_("gender '{value}' is not one of M/F/男/女"), code="entrants.gender_invalid", value=cells["gender"])
    unit_key = None
    if cells.get("unit"):
        unit = config.unit(cells["unit"])
        if unit is None:
            report(
                N_("unknown unit '{unit}'; units in meet.toml: {valid}"), code="entrants.unit_unknown", unit=cells["unit"], valid=", ".join(u.name for u in config.units.values()) or Message(N_("none"))
            )
        else:
            unit_key = unit.key
    elif config.units:
        report(N_("the unit is empty; units in meet.toml: {valid}"), code="entrants.unit_empty", valid=", ".join(u.name for u in config.units.values()))
    seed = _integer(cells.get("seed", ""), Message(N_("seed")), report, minimum=1)
    grade = _integer(cells.get("grade", ""), Message(N_("grade")), report, minimum=0)
    rating = None
    if cells.get("rating"):
        try:
            rating = float(cells["rating"])
        except ValueError:
            rating = None
        if rating is None or not math.isfinite(rating):
            report(N_("rating '{value}' is not a number"), code="entrants.rating_invalid", value=cells["rating"])
    birth = None
    raw_birth = row.raw.get("birth_date")
    if isinstance(raw_birth, (dt.date, dt.datetime)):
        birth = raw_birth.date() if isinstance(raw_birth, dt.datetime) else raw_birth
    elif cells.get("birth_date"):
        birth = _date(cells["birth_date"])
        if birth is None:
            report(N_("birth date '{value}' is not a date like 2010-05-03"), code="entrants.birth_date_invalid", value=cells["birth_date"])
    for found_problem in found:
        problems.add(row.number, found_problem)
    if found:
        return None
    return _Person(
        row=row.number,
        event=event_key,
        team=team,
        person=Person(
            name=person_name,
            gender=gender,
            birth_date=birth,
            grade=grade,
            category=cells.get("category") or None,
            rating=rating,
            reserve=cells.get("reserve", "").lower() in _YES,
        ),
        unit=unit_key,
        bib=cells.get("bib") or None,
        seed=seed,
        rating=rating,
    )


def _integer(text: str, label: Message, report: Any, *, minimum: int) -> int | None:
    if not text:
        return None
    try:
        value = int(text)
    except ValueError:
        report(N_("{label} '{value}' is not a whole number"), code="entrants.number_invalid", label=label, value=text)
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


def _group(
    people: list[_Person],
    config: MeetConfig,
    existing: Mapping[str, Mapping[str, Entrant]],
    problems: RowProblems,
    rows_of: dict[tuple[str, str], tuple[int, ...]],
) -> dict[str, list[Entrant]]:
    """Entrants by event, numbered; ``rows_of`` receives the file rows of each (event, entrant key)."""
    result: dict[str, list[Entrant]] = {}
    bibs: dict[str, tuple[str, str | None, Message]] = {}
    for entrants in existing.values():
        for entrant in entrants.values():
            if entrant.bib:
                bibs[entrant.bib] = (entrant.name, entrant.unit, Message(N_("already registered")))
    for p in people:
        if p.bib is None:
            continue
        owner = bibs.get(p.bib)
        if owner is not None and (owner[0], owner[1]) != (p.person.name, p.unit):
            problems.add(p.row, N_("bib {bib} is already used by {other} ({where})"), code="entrants.bib_taken", bib=p.bib, other=owner[0], where=owner[2])
        else:
            bibs[p.bib] = (p.person.name, p.unit, Message(N_("row {row}"), row=p.row))
    for event_key in dict.fromkeys(p.event for p in people):
        event = config.events[event_key]
        rows = [p for p in people if p.event == event_key]
        taken = dict(existing.get(event_key, {}))
        if event.kind is EntrantKind.INDIVIDUAL:
            entrants = [_individual(p, event_key) for p in rows]
            row_of = {id(e): (p.row,) for e, p in zip(entrants, rows, strict=True)}
        else:
            entrants, row_of = _teams(rows, event.kind, event_key, problems)
        seen = {(e.name, e.unit): e for e in taken.values()}
        numbered = []
        next_number = 1
        keys = set(taken) | {e.bib for e in entrants if e.bib}
        for entrant in entrants:
            if (entrant.name, entrant.unit) in seen:
                problems.add(list(row_of[id(entrant)]), N_("{entrant} is already entered in {event}"), code="entrants.already_entered", entrant=entrant.name, event=event_key)
                continue
            seen[(entrant.name, entrant.unit)] = entrant
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


def _individual(p: _Person, event: str) -> Entrant:
    return Entrant(
        key="", event=event, kind=EntrantKind.INDIVIDUAL, name=p.person.name, members=(p.person,),
        unit=p.unit, bib=p.bib, seed=p.seed, rating=p.rating,
    )


def _teams(
    rows: list[_Person], kind: EntrantKind, event: str, problems: RowProblems
) -> tuple[list[Entrant], dict[int, tuple[int, ...]]]:
    teams: dict[str, list[_Person]] = {}
    for p in rows:
        if not p.team:
            problems.add(
                p.row, N_("{event} is a {kind} event, so the 'team' column must name the pair or team"), code="entrants.team_missing", event=event, kind=kind.label
            )
            continue
        teams.setdefault(p.team, []).append(p)
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
