"""Importing entrants: encodings Excel produces on Chinese Windows, XLSX, and every bad row listed."""

from __future__ import annotations

import datetime as dt
import json

import openpyxl
import pytest

TOML = """
[meet]
name = "校运会"
language = "en"

[units]
c1 = "一班"
c2 = "二班"

[events.ms]
name = "男子单打"
sport = "table_tennis"

[events.xd]
name = "混合双打"
sport = "table_tennis"
kind = "pair"
"""

ROWS = "项目,姓名,性别,单位,号码,出生日期\nms,张三,男,一班,7,2010/5/3\nms,李四,男,二班,8,2010年6月1日\n"


def imported(podium, folder):
    """The entrants of each event, by event key (``podium entrants list --json``: EntrantListView)."""
    return {found["event"]: found["entrants"] for found in json.loads(podium(folder, "entrants", "list", "--json").output)["events"]}


@pytest.mark.parametrize("encoding", ["gbk", "gb18030", "utf-8-sig", "utf-8", "utf-16"])
def test_csv_encodings_excel_writes(make_meet, podium, encoding):
    folder = make_meet(TOML)
    (folder / "e.csv").write_bytes(ROWS.encode(encoding))
    out = podium(folder, "entrants", "import", str(folder / "e.csv")).output
    assert "2 entrants imported into 男子单打" in out
    entrants = imported(podium, folder)["ms"]
    assert [(e["key"], e["name"], e["unit"], e["members"][0]["birth_date"]) for e in entrants] == [
        ("7", "张三", "c1", "2010-05-03"),
        ("8", "李四", "c2", "2010-06-01"),
    ]


def test_the_chinese_summary_says_where_the_entrants_went(make_meet, podium):
    """已向男子单打导入 2 名参赛者: the event is where they were imported to (it read 男子单打 导入 2 名参赛者, as if
    the event had imported them); a Chinese name takes no space beside the Chinese around it."""
    folder = make_meet(TOML)
    (folder / "e.csv").write_text(ROWS, encoding="utf-8")
    out = podium(folder, "--lang", "zh", "entrants", "import", str(folder / "e.csv")).output
    assert "已向男子单打导入 2 名参赛者" in out


def test_xlsx_with_dates_and_numbers(make_meet, podium):
    folder = make_meet(TOML)
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["项目", "姓名", "性别", "单位", "号码", "出生日期"])
    sheet.append(["ms", "张三", "男", "一班", 7, dt.datetime(2010, 5, 3)])
    sheet.append([None, None, None, None, None, None])
    sheet.append(["ms", "李四", "男", "二班", 8.0, "2010-06-01"])
    book.save(folder / "e.xlsx")
    podium(folder, "entrants", "import", str(folder / "e.xlsx"))
    entrants = imported(podium, folder)["ms"]
    assert [(e["bib"], e["members"][0]["birth_date"]) for e in entrants] == [("7", "2010-05-03"), ("8", "2010-06-01")]


def test_xlsx_merged_or_empty_header_cells_are_refused(make_meet, podium):
    folder = make_meet(TOML)
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["项目", "姓名", None, "单位"])
    sheet.append(["ms", "张三", "男", "一班"])
    book.save(folder / "empty.xlsx")
    sheet.merge_cells("A1:B1")
    book.save(folder / "merged.xlsx")
    empty = podium(folder, "entrants", "import", str(folder / "empty.xlsx"), ok=False)
    assert "empty.xlsx: cell C1 has no header; name every column" in empty.output
    merged = podium(folder, "entrants", "import", str(folder / "merged.xlsx"), ok=False)
    assert "merged.xlsx: header cells A1:B1 are merged; give every column its own header cell." in merged.output


def test_every_bad_row_is_listed_and_nothing_is_imported(make_meet, podium):
    folder = make_meet(TOML)
    (folder / "e.csv").write_text(
        "event,name,gender,unit,bib\n"
        "ms,张三,男,一班,7\n"          # row 2: fine
        "mx,李四,男,一班,8\n"          # row 3: unknown event
        "ms,王五,X,三班,9\n"           # row 4: bad gender, unknown unit
        "ms,,男,一班,10\n"             # row 5: no name
        "ms,赵六,男,一班,7\n"          # row 6: bib 7 already used by 张三
        "ms,张三,男,一班,\n",          # row 7: 张三 twice in ms
        encoding="utf-8",
    )
    before = (folder / "meet.sqlite").exists()
    result = podium(folder, "entrants", "import", str(folder / "e.csv"), ok=False)
    assert result.exit_code != 0
    lines = [line.strip() for line in result.output.splitlines()]
    assert "Error: e.csv: 5 rows cannot be imported; nothing was imported:" in lines  # rows 3–7
    for expected in (
        "- e.csv row 3: unknown event 'mx'; events: ms, xd",
        "- e.csv row 4: gender 'X' is not one of M/F/男/女",
        "- e.csv row 4: unknown unit '三班'; units in meet.toml: 一班, 二班 (other spellings go in the unit's aliases)",
        "- e.csv row 5: the name is empty",
        "- e.csv row 6: bib 7 is already used by 张三 (row 2)",
        "- e.csv row 7: 张三 is already entered in 男子单打",
    ):
        assert expected in lines, (expected, lines)
    assert (folder / "meet.sqlite").exists() == before


def test_stray_quote(make_meet, podium):
    folder = make_meet(TOML)
    (folder / "q.csv").write_text('event,name,unit\nms,"张三,一班\nms,李四,二班\n', encoding="utf-8")
    out = podium(folder, "entrants", "import", str(folder / "q.csv"), ok=False).output
    assert "q.csv: line" in out and "check for a stray quote" in out


def test_unknown_columns_are_ignored_with_a_note_or_refused_with_strict_columns(make_meet, podium):
    """A roster carries columns Podium does not need (家长电话): they are ignored and named in a note;
    --strict-columns refuses them and imports nothing."""
    folder = make_meet(TOML)
    (folder / "c.csv").write_text("event,name,unit,家长电话,colour\nms,张三,一班,139,red\n", encoding="utf-8")
    strict = podium(folder, "entrants", "import", str(folder / "c.csv"), "--strict-columns", ok=False)
    assert strict.exit_code == 2
    assert "c.csv: unknown columns '家长电话', 'colour'; valid columns: event, name, gender" in strict.output
    assert not (folder / "meet.sqlite").exists()
    out = podium(folder, "entrants", "import", str(folder / "c.csv")).output
    assert "Note: c.csv: columns not used (Podium does not know them): 家长电话, colour" in out
    assert "1 entrant imported into 男子单打" in out


def test_pairs_are_grouped_by_the_team_column(make_meet, podium):
    folder = make_meet(TOML)
    (folder / "p.csv").write_text(
        "event,name,gender,unit,team\nxd,张三,男,一班,A\nxd,王芳,女,一班,A\nxd,李四,男,二班,B\n", encoding="utf-8"
    )
    out = podium(folder, "entrants", "import", str(folder / "p.csv"), ok=False).output
    assert "p.csv row 4: the pair 'B' must have exactly 2 players, not 1" in out
    (folder / "p.csv").write_text(
        "event,name,gender,unit,team\nxd,张三,男,一班,A\nxd,王芳,女,一班,A\nxd,李四,男,二班,B\nxd,赵敏,女,二班,B\n", encoding="utf-8"
    )
    podium(folder, "entrants", "import", str(folder / "p.csv"))
    pairs = imported(podium, folder)["xd"]
    assert [(p["key"], p["name"], p["unit"], len(p["members"])) for p in pairs] == [
        ("1", "张三 / 王芳", "c1", 2),
        ("2", "李四 / 赵敏", "c2", 2),
    ]


def test_names_too_long_or_with_control_characters(make_meet, podium):
    folder = make_meet(TOML)
    (folder / "n.csv").write_text(f"event,name,unit\nms,{'长' * 500},一班\nms,A\x07B,一班\n", encoding="utf-8")
    out = podium(folder, "entrants", "import", str(folder / "n.csv"), ok=False).output
    assert "n.csv row 2: the name is 500 characters long; at most 60 are allowed" in out
    assert "n.csv row 3: the name contains control characters" in out


def test_rows_with_the_same_problem_are_named_together(make_meet, podium):
    folder = make_meet(TOML)
    (folder / "e.csv").write_text("event,name,unit\nms,张三,三班\nms,李四,一班\nms,王五,三班\n", encoding="utf-8")
    out = podium(folder, "entrants", "import", str(folder / "e.csv"), ok=False).output
    assert "e.csv: 2 rows cannot be imported; nothing was imported:" in out
    assert "- e.csv rows 2, 4: unknown unit '三班'; units in meet.toml: 一班, 二班 (other spellings go in the unit's aliases)" in out


def test_full_width_and_ascii_brackets_name_the_same_unit(make_meet, podium):
    """Excel users type 初二(1)班 or 初二（1）班 interchangeably; both mean the unit in meet.toml."""
    folder = make_meet(TOML.replace('c1 = "一班"', 'c1 = "初二（1）班"'))
    (folder / "e.csv").write_text("event,name,unit\nms,张三,初二(1)班\nms,李四,初二（1）班\n", encoding="utf-8")
    podium(folder, "entrants", "import", str(folder / "e.csv"))
    assert [e["unit"] for e in imported(podium, folder)["ms"]] == ["c1", "c1"]


def test_a_bib_that_is_the_number_of_an_entrant_registered_without_one_is_refused(make_meet, podium):
    """张三 and 李四 come without bibs and are numbered 1 and 2; a later row with bib 2 would take 李四's number (and
    replace him in the event): it is refused, naming both, and nothing is imported; a bib no one holds is taken."""
    folder = make_meet(TOML)
    (folder / "first.csv").write_text("项目,姓名,单位\nms,张三,一班\nms,李四,二班\n", encoding="utf-8")
    (folder / "late.csv").write_text("项目,姓名,单位,号码\nms,王五,一班,2\n", encoding="utf-8")
    (folder / "other.csv").write_text("项目,姓名,单位,号码\nms,王五,一班,9\nms,赵六,二班,\n", encoding="utf-8")
    podium(folder, "entrants", "import", str(folder / "first.csv"))
    refused = podium(folder, "entrants", "import", str(folder / "late.csv"), ok=False)
    assert refused.exit_code == 2
    assert "late.csv row 2: bib 2 is already the number of 李四 in 男子单打; give 王五 another bib" in refused.output
    assert [(e["key"], e["name"]) for e in imported(podium, folder)["ms"]] == [("1", "张三"), ("2", "李四")]
    podium(folder, "entrants", "import", str(folder / "other.csv"))
    assert [(e["key"], e["name"]) for e in imported(podium, folder)["ms"]] == [("1", "张三"), ("2", "李四"), ("9", "王五"), ("3", "赵六")]


def test_a_header_without_a_column_the_meet_needs_is_one_sentence_not_a_problem_on_every_row(make_meet, podium):
    """Every entrant of a meet with units belongs to one, so a file without a unit (单位) column is refused with one
    sentence about its header, as one without a name column is; a file without gender (性别) is refused the same
    way when the events its rows enter have men's and women's divisions, and imported when they have none."""
    divisions = TOML + '[events.ms.eligibility]\ngender = "M"\n\n[events.open]\nname = "公开赛"\nsport = "table_tennis"\n'
    folder = make_meet(divisions)
    (folder / "nounit.csv").write_text("项目,姓名,性别\nms,张三,男\nms,李四,男\nms,王五,男\n", encoding="utf-8")
    refused = podium(folder, "entrants", "import", str(folder / "nounit.csv"), ok=False).output
    assert refused == "Error: nounit.csv: the header has no 'unit' (单位) column; every entrant of this meet belongs to one of its units: 一班, 二班.\n"
    zh = podium(folder, "--lang", "zh", "entrants", "import", str(folder / "nounit.csv"), ok=False).output
    assert zh == "错误：nounit.csv：表头中没有“单位”列；本赛事的每名参赛者都属于一个单位：一班、二班。\n"
    (folder / "nogender.csv").write_text("项目,姓名,单位\nms,张三,一班\nms,李四,二班\n", encoding="utf-8")
    refused = podium(folder, "entrants", "import", str(folder / "nogender.csv"), ok=False).output
    assert refused == "Error: nogender.csv: the header has no 'gender' (性别) column; the eligibility rules of these events need it: 男子单打.\n"
    (folder / "open.csv").write_text("项目,姓名,单位\nopen,张三,一班\nopen,李四,二班\n", encoding="utf-8")
    assert "2 entrants imported into 公开赛" in podium(folder, "entrants", "import", str(folder / "open.csv")).output


def test_the_problems_of_an_import_come_in_the_order_of_the_rows(make_meet, podium):
    """Problems are listed by row as the file reads, whichever check found them: row 3 reuses row 2's bib (found
    once every row is read) before row 4's bad gender; row 2 enters the men's singles, row 3 the women's and row 4
    the men's again, each in the wrong division, and they are listed 2, 3, 4, not event by event."""
    divisions = TOML + '[events.ms.eligibility]\ngender = "M"\n\n[events.ws]\nname = "女子单打"\nsport = "table_tennis"\n\n[events.ws.eligibility]\ngender = "F"\n'
    folder = make_meet(divisions)
    (folder / "a.csv").write_text("event,name,gender,unit,bib\nms,张三,男,一班,7\nms,李四,男,一班,7\nms,王五,X,一班,9\n", encoding="utf-8")
    lines = podium(folder, "entrants", "import", str(folder / "a.csv"), ok=False).output.splitlines()
    assert lines[1:] == ["  - a.csv row 3: bib 7 is already used by 张三 (row 2)", "  - a.csv row 4: gender 'X' is not one of M/F/男/女"]
    (folder / "b.csv").write_text("event,name,gender,unit\nms,王芳,女,一班\nws,李四,男,一班\nms,赵敏,女,二班\n", encoding="utf-8")
    lines = podium(folder, "entrants", "import", str(folder / "b.csv"), ok=False).output.splitlines()
    assert [line.split(":")[0] for line in lines[1:]] == ["  - b.csv row 2", "  - b.csv row 3", "  - b.csv row 4"]


def test_an_unknown_unit_is_quoted_as_it_was_typed(make_meet, podium):
    """初一（9）班 is typed with full-width brackets; it is read as 初一(9)班 to find the unit, but the problem quotes
    what the user typed, so they can find it in their file — in either language; so is a full-width gender Ｘ."""
    folder = make_meet(TOML)
    (folder / "u.csv").write_text("event,name,gender,unit\nms,张三,Ｘ,初一（9）班\n", encoding="utf-8")
    en = podium(folder, "entrants", "import", str(folder / "u.csv"), ok=False).output.splitlines()
    assert "  - u.csv row 2: unknown unit '初一（9）班'; units in meet.toml: 一班, 二班 (other spellings go in the unit's aliases)" in en
    assert "  - u.csv row 2: gender 'Ｘ' is not one of M/F/男/女" in en
    zh = podium(folder, "--lang", "zh", "entrants", "import", str(folder / "u.csv"), ok=False).output
    assert "未知单位 '初一（9）班'" in zh


def test_the_chinese_summary_counts_teams_and_pairs_with_their_measure_words(make_meet, podium):
    """Chinese counts people with 名, pairs with 对 and teams with 支: two class teams of a tug of war are
    "2 支队伍", not "2 名参赛者" (two people), and two doubles pairs "2 对组合"."""
    toml = (
        '[meet]\nname = "运动会"\nlanguage = "zh"\n[units]\nc1 = "一班"\nc2 = "二班"\n'
        '[events.tug]\nname = "拔河"\nsport = "fun_games"\ngame = "tug_of_war"\n'
        '[events.md]\nname = "男子双打"\nsport = "table_tennis"\nkind = "pair"\n'
    )
    rows = "event,name,unit,team\n" + "".join(f"tug,{u}{n},{u},{u}\n" for u in ("一班", "二班") for n in range(1, 11))
    rows += "md,甲,一班,甲乙\nmd,乙,一班,甲乙\nmd,丙,二班,丙丁\nmd,丁,二班,丙丁\n"
    folder = make_meet(toml, rows)
    out = podium(folder, "entrants", "import", str(folder / "entrants.csv")).output
    assert "已向拔河导入 2 支队伍" in out and "已向男子双打导入 2 对组合" in out and "名参赛者" not in out
