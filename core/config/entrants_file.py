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
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from podium.config.meet import MeetConfig
from podium.errors import EntrantsError, PodiumError
from podium.i18n import _, ngettext
from podium.model.entrants import Entrant, EntrantKind, Gender, Person
from podium.sportsday.entry_rules import import_problems

MAX_NAME = 60

COLUMNS: dict[str, tuple[str, ...]] = {
    "event": ("event", "项目", "比赛项目", "参赛项目"),
    "name": ("name", "姓名", "名字", "运动员"),
    "gender": ("gender", "sex", "性别"),
    "unit": ("unit", "单位", "班级", "部门", "class", "department", "club", "school", "学校", "俱乐部"),
    "bib": ("bib", "号码", "编号", "参赛号", "号码布"),
    "seed": ("seed", "种子", "种子号"),
    "rating": ("rating", "等级分", "段位分"),
    "mark": ("mark", "entry_mark", "entry mark", "报名成绩", "最好成绩"),
    "birth_date": ("birth_date", "birthdate", "birthday", "出生日期", "生日"),
    "grade": ("grade", "年级"),
    "category": ("category", "类别", "人员类别"),
    "team": ("team", "pair", "队名", "队伍", "组合", "队"),
    "reserve": ("reserve", "substitute", "替补", "候补"),
}
_ALIASES = {alias.lower(): column for column, aliases in COLUMNS.items() for alias in aliases}
_TEXT_SUFFIXES = ("", ".csv", ".txt", ".tsv")  # CSV, and Excel's "Unicode text" (tab-separated UTF-16)
_YES = {"1", "yes", "y", "true", "是", "√", "x"}
_DATE = re.compile(r"^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?$")


@attrs.frozen
class Row:
    """One data row: its number in the file (as a spreadsheet shows it) and its cells by column."""

    number: int
    cells: Mapping[str, str]
    raw: Mapping[str, Any] = attrs.field(factory=dict)


def read_rows(path: Path) -> list[Row]:
    """Read a CSV or XLSX file into rows keyed by canonical column names."""
    suffix = path.suffix.lower()
    if not path.exists():
        raise PodiumError(_("{path}: no such file.").format(path=path))
    if suffix == ".xlsx":
        return _read_xlsx(path)
    if suffix in (".xls", ".et", ".numbers", ".ods"):
        raise EntrantsError(
            _("{path}: this spreadsheet type cannot be read; save it as .xlsx or .csv.").format(path=path.name)
        )
    if suffix not in _TEXT_SUFFIXES:
        raise EntrantsError(
            _("{path} is not an entrants list: entrants are read from .csv, .txt or .xlsx files.").format(path=path.name)
        )
    return _read_csv(path)


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


def _read_csv(path: Path) -> list[Row]:
    text = _decode(path)
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
    if not any(cell.strip() for _number, row in lines for cell in row):
        raise EntrantsError(_("{path}: the file is empty.").format(path=path.name))
    header = _header(path.name, [cell for cell in lines[0][1]], lambda i: _("column {n}").format(n=i + 1))
    rows = []
    for number, cells in lines[1:]:
        if not any(c.strip() for c in cells):
            continue
        if len(cells) > len(header) and any(c.strip() for c in cells[len(header):]):
            raise EntrantsError(
                _("{path}: line {line} has {found} cells but the header has {expected}.").format(
                    path=path.name, line=number, found=len(cells), expected=len(header)
                )
            )
        for index, cell in enumerate(cells[: len(header)]):
            if header[index] is None and cell.strip():
                raise EntrantsError(
                    _("{path}: line {line}, column {column} holds '{value}' but the column has no header; name the column or clear the cell.").format(
                        path=path.name, line=number, column=index + 1, value=cell.strip()
                    )
                )
        rows.append(Row(number, {column: (cells[i] if i < len(cells) else "") for i, column in enumerate(header) if column}))
    return rows


def _read_xlsx(path: Path) -> list[Row]:
    import openpyxl
    from openpyxl.utils import get_column_letter

    try:
        book = openpyxl.load_workbook(path, data_only=True)
    except Exception:  # openpyxl raises many types for a damaged file
        raise EntrantsError(_("{path}: the file is not a readable .xlsx workbook.").format(path=path.name)) from None
    sheet = book.worksheets[0]
    for merged in sheet.merged_cells.ranges:
        if merged.min_row == 1:
            raise EntrantsError(
                _("{path}: header cells {cells} are merged; give every column its own header cell.").format(
                    path=path.name, cells=merged.coord
                )
            )
    values = list(sheet.iter_rows(values_only=True))
    if not values:
        raise EntrantsError(_("{path}: the file is empty.").format(path=path.name))
    header = _header(path.name, ["" if v is None else str(v) for v in values[0]], lambda i: _("cell {cell}").format(cell=f"{get_column_letter(i + 1)}1"))
    rows = []
    for offset, cells in enumerate(values[1:], start=2):
        if all(c is None or str(c).strip() == "" for c in cells):
            continue
        for index, value in enumerate(cells):
            if (index >= len(header) or header[index] is None) and value is not None and str(value).strip():
                raise EntrantsError(
                    _("{path}: cell {cell} holds '{value}' but its column has no header; name the column or clear the cell.").format(
                        path=path.name, cell=f"{get_column_letter(index + 1)}{offset}", value=value
                    )
                )
        raw = {column: cells[i] for i, column in enumerate(header) if column and i < len(cells)}
        text = {column: _cell_text(value) for column, value in raw.items()}
        rows.append(Row(offset, text, raw))
    return rows


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
                    _("{path}: {where} has no header; name every column (valid names: {valid}).").format(
                        path=name, where=where(index), valid=", ".join(COLUMNS)
                    )
                )
            columns.append(None)
            continue
        column = _ALIASES.get(label) or _ALIASES.get(label.replace("_", " "))
        if column is None:
            raise EntrantsError(
                _("{path}: unknown column '{column}'; valid columns: {valid}.").format(
                    path=name, column=cell.strip(), valid=", ".join(COLUMNS)
                )
            )
        if column in columns:
            raise EntrantsError(_("{path}: the column '{column}' appears twice.").format(path=name, column=column))
        columns.append(column)
    if "name" not in columns:
        raise EntrantsError(_("{path}: the header has no 'name' (姓名) column.").format(path=name))
    return columns


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
    bib: str | None
    seed: int | None
    rating: float | None
    mark: str | None = None


def parse_entrants(
    path: Path,
    config: MeetConfig,
    existing: Mapping[str, Mapping[str, Entrant]],
    *,
    event: str | None = None,
) -> dict[str, list[Entrant]]:
    """Read, validate and group the entrants of a file by event.

    ``existing`` holds the entrants already registered per event (for duplicate
    and bib checks). Raises :class:`EntrantsError` listing every bad row.
    """
    rows = read_rows(path)
    if not rows:
        raise EntrantsError(_("{path}: the file has a header but no entrants.").format(path=path.name))
    if event is None and "event" not in rows[0].cells:
        raise EntrantsError(
            _("{path}: the header has no 'event' (项目) column; add one or pass --event.").format(path=path.name)
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
            ngettext("{path}: {count} row cannot be imported; nothing was imported:", "{path}: {count} rows cannot be imported; nothing was imported:", len(problems)).format(path=path.name, count=len(problems)),
            details=problems.lines(),
        )
    entry_rules = import_problems(config, existing, grouped, row_numbers, path.name)
    if entry_rules:
        raise EntrantsError(
            _("{path}: entries break the meet's eligibility or quota rules; nothing was imported:").format(path=path.name),
            details=tuple(entry_rules),
        )
    return grouped


def _clean_name(text: str) -> str:
    return " ".join(text.replace("\u3000", " ").split())


def _invisible(text: str) -> bool:
    """Control, format (zero-width, direction marks), private-use or surrogate characters: never part of a name."""
    return any(unicodedata.category(ch) in ("Cc", "Cf", "Co", "Cs") for ch in text)


def _person(name: str, row: Row, config: MeetConfig, event: str | None, problems: RowProblems) -> _Person | None:
    found: list[str] = []
    problem = found.append

    # Codes and numbers are normalised (full-width digits, brackets); names are kept as written.
    cells = {k: v.strip() if k in ("name", "team") else unicodedata.normalize("NFKC", v).strip() for k, v in row.cells.items()}
    event_key = cells.get("event") or event or ""
    if not event_key:
        problem(_("the event is empty"))
    else:
        try:
            event_key = config.event(event_key).key
        except PodiumError:
            problem(_("unknown event '{event}'; events: {valid}").format(event=event_key, valid=", ".join(config.events)))
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
    unit_key = None
    if cells.get("unit"):
        unit = config.unit(cells["unit"])
        if unit is None:
            problem(
                _("unknown unit '{unit}'; units in meet.toml: {valid}").format(
                    unit=cells["unit"], valid=", ".join(u.name for u in config.units.values()) or _("none")
                )
            )
        else:
            unit_key = unit.key
    elif config.units:
        problem(_("the unit is empty; units in meet.toml: {valid}").format(valid=", ".join(u.name for u in config.units.values())))
    seed = _integer(cells.get("seed", ""), _("seed"), problem, minimum=1)
    grade = _integer(cells.get("grade", ""), _("grade"), problem, minimum=0)
    rating = None
    if cells.get("rating"):
        try:
            rating = float(cells["rating"])
        except ValueError:
            rating = None
        if rating is None or not math.isfinite(rating):
            problem(_("rating '{value}' is not a number").format(value=cells["rating"]))
    birth = None
    raw_birth = row.raw.get("birth_date")
    if isinstance(raw_birth, (dt.date, dt.datetime)):
        birth = raw_birth.date() if isinstance(raw_birth, dt.datetime) else raw_birth
    elif cells.get("birth_date"):
        birth = _date(cells["birth_date"])
        if birth is None:
            problem(_("birth date '{value}' is not a date like 2010-05-03").format(value=cells["birth_date"]))
    for message in found:
        problems.add(row.number, message)
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
        mark=cells.get("mark") or None,
    )


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


def _group(
    people: list[_Person],
    config: MeetConfig,
    existing: Mapping[str, Mapping[str, Entrant]],
    problems: RowProblems,
    rows_of: dict[tuple[str, str], tuple[int, ...]],
) -> dict[str, list[Entrant]]:
    """Entrants by event, numbered; ``rows_of`` receives the file rows of each (event, entrant key)."""
    result: dict[str, list[Entrant]] = {}
    bibs: dict[str, tuple[str, str | None, str]] = {}
    for entrants in existing.values():
        for entrant in entrants.values():
            if entrant.bib:
                bibs[entrant.bib] = (entrant.name, entrant.unit, _("already registered"))
    for p in people:
        if p.bib is None:
            continue
        owner = bibs.get(p.bib)
        if owner is not None and (owner[0], owner[1]) != (p.person.name, p.unit):
            problems.add(p.row, _("bib {bib} is already used by {other} ({where})").format(bib=p.bib, other=owner[0], where=owner[2]))
        else:
            bibs[p.bib] = (p.person.name, p.unit, _("row {row}").format(row=p.row))
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
                problems.add(list(row_of[id(entrant)]), _("{entrant} is already entered in {event}").format(entrant=entrant.name, event=event_key))
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
        unit=p.unit, bib=p.bib, seed=p.seed, rating=p.rating, mark=p.mark,
    )


def _teams(
    rows: list[_Person], kind: EntrantKind, event: str, problems: RowProblems
) -> tuple[list[Entrant], dict[int, tuple[int, ...]]]:
    teams: dict[str, list[_Person]] = {}
    for p in rows:
        if not p.team:
            problems.add(
                p.row, _("{event} is a {kind} event, so the 'team' column must name the pair or team").format(event=event, kind=kind.title)
            )
            continue
        teams.setdefault(p.team, []).append(p)
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
