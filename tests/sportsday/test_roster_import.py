"""The class roster as a school exports it: title rows, Chinese headers, columns Podium does not need, classes
written many ways, 重名, tick columns, automatic bibs and late entries (补报).

The expected entrants below are read off the rows by hand: which class each spelling names (初一 is grade 7
under the 6-3 system, docs/sportsday.md "Rosters as schools export them"), who is one person (the student
number when there is one), which bib each student gets from their class's range.
"""

from __future__ import annotations

import json
from pathlib import Path

import openpyxl
import pytest

from podium.sportsday.school_classes import read_class, read_grade

SCHOOL = """
[meet]
name = "2026 年秋季运动会"
date = 2026-10-21
language = "en"

[units]
c71 = "初一（1）班"
c72 = "初一（2）班"
c81 = { name = "初二（1）班", aliases = ["8-1 Falcons"] }

[events.bs]
name = { zh = "男子单打", en = "Boys' singles" }
sport = "table_tennis"
eligibility = { gender = "M" }

[events.gs]
name = { zh = "女子单打", en = "Girls' singles" }
sport = "table_tennis"
eligibility = { gender = "F" }

[events.rope]
name = { zh = "跳绳", en = "Rope skipping" }
sport = "fun_games"
game = "rope_skipping"

[[events.rope.stages]]
name = "heats"
format = "heats"
lanes = 3
advance = "none"

[events.legs]
name = { zh = "三人四足", en = "Three-person four-leg" }
sport = "fun_games"
game = "three_person_four_leg"
"""


def workbook(path: Path, rows: list[list[object]], *, title: str | None = None, merge_down: str | None = None) -> Path:
    """An XLSX as a school office exports it: a merged title row above the header when ``title`` is given."""
    book = openpyxl.Workbook()
    sheet = book.active
    if title is not None:
        sheet.append([title])
        sheet.merge_cells(start_row=1, start_column=1, end_row=1, end_column=len(rows[0]))
    for row in rows:
        sheet.append(row)
    if merge_down is not None:
        sheet.merge_cells(merge_down)
    book.save(path)
    return path


def registered(podium, folder: Path) -> dict:
    """The entrants of every event by event key (``podium entrants list --json``: docs/views.md, EntrantListView)."""
    return {e["event"]: e["entrants"] for e in json.loads(podium(folder, "entrants", "list", "--json").output)["events"]}


LONG_HEADER = ["序号", "学号", "姓名", "性别", "班级", "出生日期", "报名项目", "备注"]
LONG_ROWS = [
    [1, "20260101", "张伟", "男", "初一（1）班", "2013-05-03", "男子单打", None],
    [2, "20260102", "张伟", "男", "初一1班", "2013.6.1", "bs", "重名"],
    [3, "20260201", "李娜", "女生", "七年级2班", "2013年2月3日", "gs", None],
    [4, "20260202", "王芳", "F", 702, None, "女子单打", None],
    [5, "20260203", "刘洋", "男生", "7-2", None, "bs", None],
    [6, "20260301", "陈杰", "M", "8-1 Falcons", None, "bs", None],
]


def test_long_form_xlsx_with_title_row_unused_columns_class_spellings_and_namesakes(make_meet, podium):
    """Row 1 is a merged title; the header (row 2) has 序号 and 备注, which Podium does not need, and 出生日期
    in three spellings. The two 张伟 of 初一（1）班 have different
    student numbers, so both enter boys' singles. 初一1班 is 初一（1）班; 七年级2班, 702 and 7-2 are all
    初一（2）班; 8-1 Falcons is an alias of 初二（1）班. A class says the grade: 初一 is grade 7, 初二 grade 8."""
    folder = make_meet(SCHOOL)
    path = workbook(folder / "roster.xlsx", [LONG_HEADER, *LONG_ROWS], title="2026年秋季运动会报名表")
    out = podium(folder, "entrants", "import", str(path)).output
    assert "Note: roster.xlsx: the header is row 2; the row above it is a title and was skipped." in out
    assert "4 entrants imported into Boys' singles" in out and "2 entrants imported into Girls' singles" in out
    got = registered(podium, folder)
    people = [(e["name"], e["unit"], e["members"][0].get("student_id"), e["members"][0].get("grade")) for e in got["bs"]]
    assert people == [
        ("张伟", "c71", "20260101", 7),
        ("张伟", "c71", "20260102", 7),
        ("刘洋", "c72", "20260203", 7),
        ("陈杰", "c81", "20260301", 8),
    ]
    assert [(e["name"], e["unit"], e["members"][0]["gender"]) for e in got["gs"]] == [("李娜", "c72", "F"), ("王芳", "c72", "F")]


def test_bad_rows_are_all_listed_and_nothing_is_imported(make_meet, podium):
    """One export with four bad rows among good ones: each is named with its sheet row, and the meet is
    not even created."""
    folder = make_meet(SCHOOL)
    rows = [
        *LONG_ROWS,
        [7, "20260101", "张伟", "男", "初一（1）班", None, "bs", None],  # row 9: the same student number twice in bs
        [8, "20269999", "赵敏", "未知", "初一（1）班", None, "gs", None],  # row 10: gender
        [9, "20269998", "孙丽", "女", "九年级9班", None, "gs", None],  # row 11: no such class
        [10, "20269997", "周杰", "男", "初一（2）班", None, "跳远", None],  # row 12: no such event
    ]
    path = workbook(folder / "roster.xlsx", [LONG_HEADER, *rows], title="报名表")
    result = podium(folder, "entrants", "import", str(path), ok=False)
    assert result.exit_code == 2
    lines = [line.strip() for line in result.output.splitlines()]
    assert "Error: roster.xlsx: 4 rows cannot be imported; nothing was imported:" in lines
    for expected in (
        "- roster.xlsx row 9: 张伟 is already entered in Boys' singles",
        "- roster.xlsx row 10: gender '未知' is not one of M/F/男/女",
        "- roster.xlsx row 11: unknown unit '九年级9班'; units in meet.toml: 初一（1）班, 初一（2）班, 初二（1）班 (other spellings go in the unit's aliases)",
        "- roster.xlsx row 12: unknown event '跳远'; events: bs, gs, rope, legs",
    ):
        assert expected in lines, (expected, lines)
    assert not (folder / "meet.sqlite").exists()


WIDE_HEADER = ["学号", "姓名", "性别", "年级", "班级", "男子单打", "女子单打", "跳绳", "三人四足", "家长电话"]


def test_wide_form_with_tick_columns_grade_column_and_class_teams(make_meet, podium):
    """One row per student, a column per event. 年级 初一 with 班级 "1班" is 初一（1）班. √, 1 and 是 tick;
    an empty cell does not. 三人四足 is a team event: a class's ticked rows form the class's team. The
    student who ticks nothing is skipped with a note; 家长电话 is not known and is named in a note."""
    folder = make_meet(SCHOOL)
    rows = [
        WIDE_HEADER,
        ["20260101", "张伟", "男", "初一", "1班", "√", None, 1, "√", "139"],
        ["20260102", "张伟", "男", "初一", "1班", None, None, "是", "√", None],
        ["20260103", "王芳", "女", "初一", "1班", None, "√", None, "√", None],
        ["20260201", "李娜", "女", "7", "（2）班", None, 1, "√", None, None],
        ["20260202", "刘洋", "男", "初一", "2", None, None, None, None, None],
    ]
    path = workbook(folder / "wide.xlsx", rows, title="初一年级报名表")
    out = podium(folder, "entrants", "import", str(path)).output
    assert "Note: wide.xlsx: 1 row ticks no event and was skipped." in out
    assert "Note: wide.xlsx: columns not used (Podium does not know them): 家长电话" in out
    got = registered(podium, folder)
    assert [(e["name"], e["unit"]) for e in got["bs"]] == [("张伟", "c71")]
    assert [(e["name"], e["unit"]) for e in got["gs"]] == [("王芳", "c71"), ("李娜", "c72")]
    assert [(e["name"], e["members"][0]["student_id"]) for e in got["rope"]] == [
        ("张伟", "20260101"), ("张伟", "20260102"), ("李娜", "20260201")
    ]
    assert [(e["name"], e["unit"], [m["name"] for m in e["members"]]) for e in got["legs"]] == [
        ("初一（1）班", "c71", ["张伟", "张伟", "王芳"])
    ]


def test_wide_form_bad_tick_refuses_the_whole_file(make_meet, podium):
    folder = make_meet(SCHOOL)
    rows = [WIDE_HEADER[:7], ["1", "张伟", "男", "初一", "1班", "maybe", None], ["2", "王芳", "女", "初一", "1班", None, "√"]]
    path = workbook(folder / "wide.xlsx", rows)
    out = podium(folder, "entrants", "import", str(path), ok=False).output
    assert "wide.xlsx row 2: the bs column holds 'maybe'; tick it with √ or 1, or leave it empty" in out
    assert not (folder / "meet.sqlite").exists()


def test_a_class_merged_down_its_rows_reads_on_every_row(make_meet, podium):
    """Exports often merge the class cell down the class's rows: every row of the block is in that class."""
    folder = make_meet(SCHOOL)
    rows = [["姓名", "性别", "班级", "项目"], ["张伟", "男", "初一（1）班", "bs"], ["刘洋", "男", None, "bs"], ["陈杰", "男", "初二（1）班", "bs"]]
    path = workbook(folder / "merged.xlsx", rows, merge_down="C2:C3")
    podium(folder, "entrants", "import", str(path))
    assert [(e["name"], e["unit"]) for e in registered(podium, folder)["bs"]] == [("张伟", "c71"), ("刘洋", "c71"), ("陈杰", "c81")]


def test_columns_option_maps_headers_podium_does_not_know(make_meet, podium):
    folder = make_meet(SCHOOL)
    (folder / "e.csv").write_text("参赛项目名称,学生,性别,所在班,备注\nbs,张伟,男,初一（1）班,\n", encoding="utf-8")
    no_name = podium(folder, "entrants", "import", str(folder / "e.csv"), ok=False)
    assert "e.csv: none of the first 10 rows is a header with a 'name' (姓名) column" in no_name.output
    out = podium(
        folder, "entrants", "import", str(folder / "e.csv"), "--columns", "参赛项目名称=event", "--columns", "学生=name,所在班=unit"
    ).output
    assert "1 entrant imported into Boys' singles" in out
    bad = podium(folder, "entrants", "import", str(folder / "e.csv"), "--columns", "学生=nickname", ok=False)
    assert bad.exit_code == 2 and "--columns '学生=nickname' must be HEADER=COLUMN, COLUMN one of event, name" in bad.output
    missing = podium(folder, "entrants", "import", str(folder / "e.csv"), "--columns", "学生=name,学号=student_id", ok=False)
    assert "e.csv: --columns names '学号', but the header (row 1) has no such column." in missing.output


def test_without_student_numbers_a_namesake_in_one_class_is_the_same_person(make_meet, podium):
    """Identity is the student number when there is one, else the name in the class."""
    folder = make_meet(SCHOOL)
    (folder / "e.csv").write_text("项目,姓名,性别,班级\nbs,张伟,男,初一（1）班\nbs,张伟,男,初一1班\n", encoding="utf-8")
    out = podium(folder, "entrants", "import", str(folder / "e.csv"), ok=False).output
    assert "e.csv row 3: 张伟 is already entered in Boys' singles" in out


BIBS = SCHOOL.replace("[units]", "[entries]\nbibs = \"by_unit\"\n\n[units]").replace(
    'c81 = { name = "初二（1）班", aliases = ["8-1 Falcons"] }', 'c81 = { name = "初二（1）班", bibs = [8500, 8502] }'
)


def test_automatic_bibs_from_each_class_range(make_meet, podium):
    """With bibs = "by_unit", 初一（1）班 (7-1) numbers from 7101 and 初一（2）班 from 7201, in file order; a
    student keeps one bib in every event; 初二（1）班 has its own range 8500–8502; a later import goes on
    from the next free number and gives a registered student their bib again."""
    folder = make_meet(BIBS)
    (folder / "e.csv").write_text(
        "项目,学号,姓名,性别,班级\n"
        "bs,1,张伟,男,初一（1）班\n"      # 7101
        "rope,1,张伟,男,初一（1）班\n"    # 7101 again
        "gs,2,王芳,女,初一（1）班\n"      # 7102
        "bs,3,刘洋,男,7-2\n"             # 7201
        "bs,4,陈杰,男,初二（1）班\n",      # 8500
        encoding="utf-8",
    )
    podium(folder, "entrants", "import", str(folder / "e.csv"))
    (folder / "more.csv").write_text("项目,学号,姓名,性别,班级\nrope,2,王芳,女,初一（1）班\nrope,5,李娜,女,初一（1）班\n", encoding="utf-8")
    podium(folder, "entrants", "import", str(folder / "more.csv"))
    got = registered(podium, folder)
    assert [(e["key"], e["name"]) for e in got["bs"]] == [("7101", "张伟"), ("7201", "刘洋"), ("8500", "陈杰")]
    assert [(e["key"], e["name"]) for e in got["gs"]] == [("7102", "王芳")]
    assert [(e["key"], e["name"]) for e in got["rope"]] == [("7101", "张伟"), ("7102", "王芳"), ("7103", "李娜")]


def test_a_used_up_bib_range_refuses_the_rows(make_meet, podium):
    folder = make_meet(BIBS)
    rows = "".join(f"bs,{n},学生{n},男,初二（1）班\n" for n in range(1, 5))
    (folder / "e.csv").write_text("项目,学号,姓名,性别,班级\n" + rows, encoding="utf-8")
    out = podium(folder, "entrants", "import", str(folder / "e.csv"), ok=False).output
    assert "e.csv row 5: 初二（1）班 has no bib number left in its range 8500–8502" in out


def test_automatic_bibs_need_a_range_for_every_unit(make_meet, podium):
    folder = make_meet(BIBS.replace('c72 = "初一（2）班"', 'staff = "教工"'))
    out = podium(folder, "entrants", "list", ok=False).output
    assert "units.staff.bibs: automatic bibs need the unit's range: give bibs = [first, last]" in out


def test_late_entries_go_into_heats_not_yet_run_with_their_reason(make_meet, podium):
    """Rope skipping in heats of 3 lanes: 5 skippers are drawn into heats of 3 and 2. A late entrant
    (补报) goes into the emptiest heat not yet run (heat 2, lane 3); once both heats are full, no
    heat can take one."""
    folder = make_meet(SCHOOL)
    names = ["甲", "乙", "丙", "丁", "戊"]
    (folder / "e.csv").write_text("项目,姓名,班级\n" + "".join(f"rope,{n},初一（1）班\n" for n in names), encoding="utf-8")
    podium(folder, "entrants", "import", str(folder / "e.csv"))
    podium(folder, "draw", "rope", "--seed", "1")
    (folder / "late.csv").write_text("项目,姓名,班级\nrope,己,初一（2）班\n", encoding="utf-8")
    refused = podium(folder, "entrants", "import", str(folder / "late.csv"), ok=False)
    assert refused.exit_code == 2
    assert "Rope skipping is already drawn; add the entrants as late entries (补报) with a reason" in refused.output
    assert "run 'podium entrants import FILE --late REASON' with the same file." in refused.output
    out = podium(folder, "entrants", "import", str(folder / "late.csv"), "--late", "returned from sick leave").output
    assert "Late entry: 己 runs in heat 2 of Rope skipping." in out
    state = _heats(folder)
    assert [len(lanes) for lanes in state] == [3, 3]
    assert state[1][-1] == (3, "己")
    assert "returned from sick leave" in podium(folder, "log").output
    (folder / "late2.csv").write_text("项目,姓名,班级\nrope,庚,初一（2）班\n", encoding="utf-8")
    full = podium(folder, "entrants", "import", str(folder / "late2.csv"), "--late", "forgot", ok=False)
    assert "Rope skipping has no heat left that has not started and has a free lane, so 庚 cannot be added late." in full.output


def _heats(folder: Path) -> list[list[tuple[int, str]]]:
    from podium.journal.measured_stage import MeasuredStageState
    from podium.services.meet import Meet

    event = Meet(folder).state().event("rope")
    stage = event.stages[0]
    assert isinstance(stage, MeasuredStageState)
    return [[(lane.position, event.entrants[lane.entrant].name) for lane in heat.lanes] for heat in stage.heats]


def test_late_entries_into_a_round_robin_are_refused(make_meet, podium):
    folder = make_meet(SCHOOL)
    (folder / "e.csv").write_text("项目,姓名,性别,班级\nbs,甲,男,初一（1）班\nbs,乙,男,初一（2）班\n", encoding="utf-8")
    podium(folder, "entrants", "import", str(folder / "e.csv"))
    podium(folder, "draw", "bs", "--seed", "1")
    (folder / "late.csv").write_text("项目,姓名,性别,班级\nbs,丙,男,初一（1）班\n", encoding="utf-8")
    out = podium(folder, "entrants", "import", str(folder / "late.csv"), "--late", "forgot", ok=False).output
    assert "Boys' singles is drawn as Round robin, whose draw takes no late entrants" in out


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("初一（1）班", (7, 1)), ("初一1班", (7, 1)), ("七年级1班", (7, 1)), ("701", (7, 1)), ("7-1", (7, 1)),
        ("初一(一)班", (7, 1)), ("Class 7-1", (7, 1)), ("初二（10）班", (8, 10)), ("810", (8, 10)),
        ("一年级（2）班", (1, 2)), ("高二3班", (11, 3)), ("1001", (10, 1)), ("1班", None), ("7101", None), ("教工", None),
    ],
)
def test_class_spellings(text, expected):
    """6-3 system: 初一 is the 7th year of school, 高二 the 11th; 701 is grade 7 class 01, 1001 grade 10 class 01."""
    assert read_class(text) == expected


@pytest.mark.parametrize(("text", "expected"), [("初一", 7), ("7", 7), ("七年级", 7), ("一年级", 1), ("高三", 12), ("13", None), ("初四", None)])
def test_grade_spellings(text, expected):
    assert read_grade(text) == expected


def test_a_late_entrant_never_joins_a_heat_that_has_started(make_meet, podium):
    """Heats of at most 4: 5 skippers are drawn into heats of 3 and 2. Heat 2 is the emptier, but once a
    mark is in for it, it has started: the late entrant goes into heat 1 (lane 4)."""
    folder = make_meet(SCHOOL.replace("lanes = 3", "lanes = 4"))
    names = ["甲", "乙", "丙", "丁", "戊"]
    (folder / "e.csv").write_text("项目,姓名,班级\n" + "".join(f"rope,{n},初一（1）班\n" for n in names), encoding="utf-8")
    podium(folder, "entrants", "import", str(folder / "e.csv"))
    podium(folder, "draw", "rope", "--seed", "1")
    heats = _heats(folder)
    assert [len(lanes) for lanes in heats] == [3, 2]
    podium(folder, "perf", "rope", heats[1][0][1], "88")
    (folder / "late.csv").write_text("项目,姓名,班级\nrope,己,初一（2）班\n", encoding="utf-8")
    out = podium(folder, "entrants", "import", str(folder / "late.csv"), "--late", "forgot the form").output
    assert "Late entry: 己 runs in heat 1 of Rope skipping." in out
    assert _heats(folder)[0][-1] == (4, "己")
