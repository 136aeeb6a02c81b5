"""The paper side of a school sports day: certificates a school hands out (奖状), unit certificates, the medal and
points tables by grade with the unofficial mark, and the programme (秩序册).

The meet below is played by hand, and every expected place, point and certificate is worked out from the rules:
boys' singles (round robin): 甲 (初一1班) beats 乙 (初一2班) and 丙 (初二1班), 乙 beats 丙 → 甲 1st, 乙 2nd, 丙 3rd.
Three-person four-leg race (one heat, ranked by time): 初二（1）班 29.0, 初一（1）班 30.0, 初一（2）班 31.0,
初二（2）班 32.0 → places 1–4. Points 9-7-6-5 (the default scale): 初一（1）班 9 + 7 = 16, 初一（2）班 7 + 6 = 13,
初二（1）班 6 + 9 = 15, 初二（2）班 5. Rope skipping is not decided (not drawn).
"""

from __future__ import annotations

import datetime as dt
import json
import re

import pytest
from pypdf import PdfReader

from podium.faces.print.award_documents import achievement, certificate_date
from podium.faces.print.models import Award
from podium.faces.print.programme import programme
from podium.i18n import use_language
from podium.model.numerals import chinese_date, counting, read_number, whole_number, year_digits
from podium.services.meet import Meet

SCHOOL = """
[meet]
name = "2026年秋季运动会"
date = 2026-10-21
organiser = "校体育组"
venue = "学校操场"
language = "zh"

[units]
c71 = { name = "初一（1）班", division = "初一" }
c72 = { name = "初一（2）班", division = "初一" }
c81 = { name = "初二（1）班", division = "初二" }
c82 = { name = "初二（2）班", division = "初二" }

[venues.ground]
name = "操场"
resources = { table = 2, track = 1 }
lanes = { track = 10 }

[[venues.ground.sessions]]
name = "am"
title = "第一单元"
start = "08:00"
end = "11:30"

[events.bs]
name = "男子单打"
sport = "table_tennis"
format = "round_robin"
rules = { best_of = 1 }
schedule = { resource = "table" }

[events.legs]
name = "三人四足"
sport = "fun_games"
game = "three_person_four_leg"
schedule = { resource = "track", minutes = 6 }

[events.rope]
name = "跳绳"
sport = "fun_games"
game = "rope_skipping"
schedule = { resource = "track" }
"""

ENTRANTS = """项目,姓名,性别,班级
bs,甲,男,初一（1）班
bs,乙,男,初一（2）班
bs,丙,男,初二（1）班
rope,丁,女,初一（1）班
""" + "".join(
    f"legs,{unit}{n},{'女' if n == 1 else '男'},{unit}\n" for unit in ("初一（1）班", "初一（2）班", "初二（1）班", "初二（2）班") for n in (1, 2, 3)
)


@pytest.fixture
def school(make_meet, podium):
    folder = make_meet(SCHOOL, ENTRANTS)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "bs", "--seed", "1")
    podium(folder, "draw", "legs", "--seed", "1")
    return folder


def played(podium, folder):
    for first, second in (("甲", "乙"), ("甲", "丙"), ("乙", "丙")):
        podium(folder, "result", "bs", first, second, "11-5")
    for unit, time in (("初二（1）班", "29.0"), ("初一（1）班", "30.0"), ("初一（2）班", "31.0"), ("初二（2）班", "32.0")):
        podium(folder, "perf", "legs", unit, time)
    return folder


# Chinese numerals and dates ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("number", "words"),
    [(1, "一"), (5, "五"), (10, "十"), (12, "十二"), (20, "二十"), (21, "二十一"), (99, "九十九"), (100, "一百"), (105, "一百零五"),
     (110, "一百一十"), (2026, "二千零二十六")],
)
def test_counting_numerals(number, words):
    """GB/T 15835-2011: places and counts in counting numerals — 十 alone for 10, 十二 (not 一十二) below 20, 零 for
    a gap (一百零五), 一十 after a hundred (一百一十)."""
    assert counting(number) == words
    assert read_number(words) == number


@pytest.mark.parametrize(
    ("text", "number"),
    [("7", 7), ("０７", 7), ("2026", 2026), ("9" * 18, 10**18 - 1), ("9" * 19, None), ("²", None), ("-1", None), ("1.5", None),
     ("", None), (" 7", None)],
)
def test_a_whole_number_is_read_from_decimal_digits_only(text, number):
    """Digits 0–9 or full-width ０–９, at most 18 of them by default; ``²`` passes ``str.isdigit`` but is no number
    ``int`` can read, and 5,000 digits are more than ``int`` reads (4,300)."""
    assert whole_number(text) == number
    assert whole_number("9" * 5000) is None


def test_year_and_certificate_dates():
    """A year is written digit by digit with 〇 (二〇二六); a certificate is dated by year and month (二〇二六年十月),
    or in Arabic figures with the day (2026年10月21日) by option; in English, the long date."""
    day = dt.date(2026, 10, 21)
    assert year_digits(2026) == "二〇二六" and year_digits(2010) == "二〇一〇"
    assert chinese_date(day) == "二〇二六年十月"
    assert chinese_date(day, with_day=True) == "二〇二六年十月二十一日"
    assert chinese_date(dt.date(2027, 1, 5), with_day=True) == "二〇二七年一月五日"
    assert certificate_date(day, "zh", "chinese") == "二〇二六年十月"
    assert certificate_date(day, "zh", "numeric") == "2026年10月21日"
    assert certificate_date(day, "en", "chinese") == "21 October 2026"


def test_a_place_in_chinese_numerals_on_a_traditional_certificate():
    """第五名 for 5th place; a prize grade keeps its title (一等奖); the modern layout keeps the place's title."""
    with use_language("zh"):
        fifth = Award(event="跳绳", title="第5名", name="张伟", place=5, kind="place")
        assert achievement(fifth, "zh", "traditional") == "第五名"
        assert achievement(Award(event="跳绳", title="冠军", name="张伟", place=1), "zh", "traditional") == "第一名"
        assert achievement(Award(event="跳绳", title="一等奖", name="张伟", place=1, kind="grade"), "zh", "traditional") == "一等奖"
        assert achievement(fifth, "zh", "modern") == "第5名"


# Certificates -----------------------------------------------------------------------------------


def test_one_certificate_per_team_by_default_and_per_member_as_an_option(school, podium, read_pdf, tmp_path):
    """Boys' singles: 3 certificates (甲, 乙, 丙). The four-leg race: places 1–3 are teams of 3, so 3 certificates
    by default, each to the class team with its members — 6 pages; --per-member gives each of the 9 members one
    — 12 pages."""
    played(podium, school)
    podium(school, "print", "certificates", "-o", str(tmp_path / "c.pdf"))
    pdf = read_pdf(tmp_path / "c.pdf")
    assert len(pdf.pages) == 6
    pages = [page.extract_text().replace(" ", "") for page in pdf.pages]
    assert "初一（1）班甲同学：" in pages[0] and "在2026年秋季运动会男子单打比赛中，荣获第一名。" in pages[0]
    assert "二〇二六年十月" in pages[0] and "校体育组" in pages[0] and "盖章处" in pages[0]
    assert "初二（1）班：" in pages[3] and "同学" not in pages[3]
    assert "在2026年秋季运动会三人四足比赛中，荣获第一名。" in pages[3]
    assert "队员：初二（1）班1、初二（1）班2、初二（1）班3" in pages[3]
    assert "荣获第三名" in pages[5]
    podium(school, "print", "certificates", "--per-member", "--date", "numeric", "-o", str(tmp_path / "m.pdf"))
    members = read_pdf(tmp_path / "m.pdf")
    assert len(members.pages) == 12
    fourth = members.pages[3].extract_text().replace(" ", "")
    assert "初二（1）班1同学：" in fourth and "2026年10月21日" in fourth


def test_the_traditional_certificates_date_is_under_the_seal_area(school, podium, tmp_path):
    """The 奖状's date used to sit inside the seal's circle, over its 盖章处 label. Worked out from the style sheets:
    the page's margin (10 mm), the frame (2.2 + 1.6 mm), the gold rule (0.7 mm), the top padding (10 mm), the heading
    (28 mm) and the text (88 mm) put the foot 140.5 mm from the top of the A4 landscape page (210 mm); the circle is
    40 mm tall from there, so it ends 180.5 mm down, 29.5 mm (83.6 pt) above the bottom edge. The date, read back
    from the PDF, must start below that, and below the label."""
    played(podium, school)
    out = tmp_path / "c.pdf"
    podium(school, "print", "certificates", "-o", str(out))
    found = {}

    def visit(text, cm, tm, font, size):
        scale, y = tm[0] * cm[0], tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
        found.setdefault(text.replace(" ", "").strip(), (y, size * scale))  # the baseline's height above the bottom edge, the type size

    PdfReader(out).pages[0].extract_text(visitor_text=visit)
    (date_baseline, date_size), (label_baseline, _size) = found["二〇二六年十月"], found["盖章处"]
    circle_bottom = 29.5 * 72 / 25.4
    assert date_baseline + date_size < circle_bottom and date_baseline + date_size < label_baseline


def test_an_english_certificate_prints_an_apostrophe_and_an_ampersand_as_they_are(make_meet, podium, read_pdf, tmp_path):
    """The sentence "in {event} at {meet}" is filled in with names that hold ' and &: the certificate shows them as
    typed, not as the page's escapes (Men&#39;s, Staff &amp; Students)."""
    toml = SCHOOL.replace('name = "2026年秋季运动会"', 'name = "Staff & Students\' Games"').replace('name = "男子单打"', 'name = "Men\'s singles"')
    folder = make_meet(toml, ENTRANTS)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "bs", "--seed", "1")
    podium(folder, "draw", "legs", "--seed", "1")
    played(podium, folder)
    podium(folder, "--lang", "en", "print", "certificates", "--style", "modern", "-o", str(tmp_path / "c.pdf"))
    text = " ".join(read_pdf(tmp_path / "c.pdf").text().split())
    assert "in Men's singles at Staff & Students' Games" in text
    assert "&#39;" not in text and "&amp;" not in text


def test_unit_certificates_for_the_first_places_of_each_division(school, podium, read_pdf, tmp_path):
    """First place of each grade's points table: 初一（1）班 (16) and 初二（1）班 (15)."""
    played(podium, school)
    podium(school, "print", "unitcertificates", "--places", "1", "-o", str(tmp_path / "u.pdf"))
    pages = [page.extract_text().replace(" ", "") for page in read_pdf(tmp_path / "u.pdf").pages]
    assert len(pages) == 2
    assert "初一（1）班：" in pages[0] and "在2026年秋季运动会中，荣获初一团体总分第一名。" in pages[0]
    assert "初二（1）班：" in pages[1] and "荣获初二团体总分第一名。" in pages[1]


def test_unit_certificates_before_any_points_are_refused(school, podium):
    result = podium(school, "print", "unitcertificates", ok=False)
    assert result.exit_code == 2
    assert "没有单位得分" in result.output or "No unit has points yet" in result.output


# Points and medals by division ------------------------------------------------------------------


def test_points_and_medals_by_division_marked_unofficial_while_events_are_open(school, podium, read_pdf, tmp_path):
    """Each grade ranks its own classes: 初一 — 初一（1）班 16 (1 gold, 1 silver) above 初一（2）班 13; 初二 —
    初二（1）班 15 (1 gold, 1 bronze) above 初二（2）班 5. Rope skipping is open: unofficial, 1 event not decided."""
    played(podium, school)
    out = podium(school, "--lang", "en", "medals").output
    assert out.splitlines()[0] == "Unofficial — 1 event not decided"
    assert "Medal table · 初一" in out and "Unit points · 初二" in out
    view = json.loads(podium(school, "medals", "--json").output)
    assert view["unofficial"] is True
    by_division = {d["division"]: d for d in view["divisions"]}
    assert [(r["place"], r["unit_name"], r["total"]) for r in by_division["初一"]["points"]["rows"]] == [
        (1, "初一（1）班", 16), (2, "初一（2）班", 13)
    ]
    assert [(r["place"], r["unit_name"], r["total"]) for r in by_division["初二"]["points"]["rows"]] == [
        (1, "初二（1）班", 15), (2, "初二（2）班", 5)
    ]
    assert [(r["unit_name"], r["gold"], r["silver"], r["bronze"]) for r in by_division["初二"]["medals"]] == [
        ("初二（1）班", 1, 0, 1), ("初二（2）班", 0, 0, 0)
    ]
    podium(school, "print", "points", "-o", str(tmp_path / "p.pdf"))
    text = read_pdf(tmp_path / "p.pdf").text().replace(" ", "")
    assert "非正式成绩—尚有1个项目未决出" in text
    assert text.index("初一") < text.index("初一（1）班") < text.index("初一（2）班") < text.index("初二（1）班")


def test_no_unofficial_mark_once_every_event_is_decided(make_meet, podium):
    folder = make_meet(SCHOOL.split("[events.rope]")[0], "\n".join(row for row in ENTRANTS.splitlines() if not row.startswith("rope")) + "\n")
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "bs", "--seed", "1")
    podium(folder, "draw", "legs", "--seed", "1")
    out = podium(played(podium, folder), "--lang", "en", "medals").output
    assert "Unofficial" not in out and "Not decided yet" not in out


# The programme ----------------------------------------------------------------------------------


def test_the_programme_has_every_part(school, podium, read_pdf, tmp_path):
    """Cover (meet, organiser, date, venue), contents with page numbers, the schedule by session (第一单元), each
    event with its draw or entry list (the four-leg heat by lane, rope skipping not drawn), the class rosters
    with bibs, the call-room lists, the award and points rules, and page numbers; A4 portrait."""
    podium(school, "print", "programme", "-o", str(tmp_path / "p.pdf"))
    pdf = read_pdf(tmp_path / "p.pdf")
    pages = [page.extract_text() for page in pdf.pages]
    cover = pages[0].replace(" ", "")
    assert "秩序册" in cover and "2026年秋季运动会" in cover and "校体育组" in cover and "2026年10月21日" in cover
    assert "学校操场" in cover and "/" not in cover  # no page number on the cover
    contents = pages[1]
    for part in ("目录", "竞赛日程", "各项目参赛名单与分组", "各单位运动员名单", "检录单", "奖励与计分办法"):
        assert part in contents, part
    # each contents line ends with the page its part starts on
    schedule_page = int(re.search(r"竞赛日程 \.+ (\d+)", contents)[1])
    assert "竞赛日程" in pages[schedule_page - 1] and "第一单元" in pages[schedule_page - 1]
    text = "\n".join(pages)
    assert "男子单打" in text and "三人四足" in text and "跳绳" in text
    assert "尚未抽签" in text  # rope skipping: its entry list, not drawn yet
    assert "道次 / 顺序" in text  # the four-leg race: its heat with lanes
    assert "初一（1）班" in text and "号码" in text
    assert re.search(r"\d\d:\d\d 检录", text)
    assert "第 1—8 名分别为所在单位计 9、7、6、5、4、3、2、1 分。" in text.replace("9、 7", "9、7")
    for number, page in enumerate(pages[1:], start=2):
        assert f"{number} / {len(pages)}" in page, number
    assert all(abs(float(p.mediabox.width) - 595.3) < 1 for p in pdf.pages)


def test_the_programme_in_english(school, podium, read_pdf, tmp_path):
    podium(school, "--lang", "en", "print", "programme", "-o", str(tmp_path / "p.pdf"))
    text = read_pdf(tmp_path / "p.pdf").text()
    for part in ("Programme", "Contents", "Schedule", "Events, entries and draws", "Unit rosters", "Call-room lists",
                 "Award and points rules"):
        assert part in text, part


def test_a_programme_needs_entrants(make_meet, podium):
    folder = make_meet(SCHOOL)
    result = podium(folder, "print", "programme", ok=False)
    assert result.exit_code == 2 and "import the entrants first" in podium(folder, "--lang", "en", "print", "programme", ok=False).output


def test_the_programme_lists_a_bye_without_a_match_number(make_meet, podium, tmp_path):
    """Six in a bracket of eight: the two seeds have byes in the quarter-finals (1 P1 – bye, 3 P2 – bye in
    ``podium matches``). A bye is nothing to play, so its line in the programme's first round has no number (it had
    0); the two quarter-finals played keep theirs, 2 and 4."""
    toml = '[meet]\nname = "Cup"\nlanguage = "en"\n[units]\nc1 = "Class 1"\n[events.ko]\nname = "Knockout"\nsport = "table_tennis"\nformat = "knockout"\n'
    rows = "".join(f"ko,P{n},Class 1,{n if n <= 2 else ''}\n" for n in range(1, 7))
    folder = make_meet(toml, "event,name,unit,seed\n" + rows)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "ko", "--seed", "1")
    podium(folder, "print", "programme", "--html", "-o", str(tmp_path / "p.html"))
    page = (tmp_path / "p.html").read_text(encoding="utf-8")
    found = re.findall(r'<tr><td class="num muted">([^<]*)</td><td>(P\d)</td><td class="center muted">–</td><td>([^<]*)</td>', page)
    assert [(number, second) for number, _first, second in found if second == "bye"] == [("", "bye"), ("", "bye")]
    assert sorted(number for number, _first, second in found if second != "bye") == ["2", "4"]


ROUND_ROBINS = """
[meet]
name = "Club day"
language = "zh"

[events.single]
name = "单打"
sport = "table_tennis"
format = "round_robin"

[events.double]
name = "双打"
sport = "table_tennis"

[[events.double.stages]]
name = "main"
format = "round_robin"
cycles = 2

[events.groups]
name = "团体"
sport = "table_tennis"

[[events.groups.stages]]
name = "pool"
title = { zh = "小组赛", en = "Pools" }
format = "round_robin"
cycles = 2

[[events.groups.stages]]
name = "final"
format = "round_robin"
"""


def test_the_programme_names_a_single_or_a_double_round_robin(make_meet, podium):
    """A round robin is single unless the stage says ``cycles = 2`` (every pair meets twice, sides reversed): the
    programme lists each event's stages as played — 单循环 for a single round robin (Round robin), 双循环 for a double
    (Double round robin) — never the format's name for both, 单循环/双循环. A second stage without a title of its
    own is called by its format, so it is said once."""
    rows = "".join(f"{event},{event[0].upper()}{n}\n" for event in ("single", "double", "groups") for n in range(1, 4))
    folder = make_meet(ROUND_ROBINS, "event,name\n" + rows)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    expected = {
        "zh": {"single": ("单循环",), "double": ("双循环",), "groups": ("小组赛：双循环", "单循环")},
        "en": {"single": ("Round robin",), "double": ("Double round robin",), "groups": ("Pools: Double round robin", "Round robin")},
    }
    for lang, stages in expected.items():
        with use_language(lang):
            found = {event.key: event.stages for event in programme(Meet(folder).state()).events}
        assert found == stages, lang


def test_the_printed_medal_table_marks_a_shared_place_as_the_command_does(school, podium, tmp_path):
    """The four-leg race: 初二（1）班 and 初二（2）班 both run 29.0, so they share first place (a gold each), 初一（1）班
    is third in 30.0 (bronze) and 初一（2）班 fourth. In 初二's medal table the two classes have the same medals and
    share its first place: "1=" on both lines, as ``podium medals`` prints it; 初一's table has no shared place."""
    for unit, time in (("初二（1）班", "29.0"), ("初二（2）班", "29.0"), ("初一（1）班", "30.0"), ("初一（2）班", "31.0")):
        podium(school, "perf", "legs", unit, time)
    assert [line.split()[:2] for line in podium(school, "medals").output.splitlines() if "初二（" in line][:2] == [
        ["1=", "初二（1）班"], ["1=", "初二（2）班"]
    ]
    podium(school, "print", "medals", "--html", "-o", str(tmp_path / "m.html"))
    page = (tmp_path / "m.html").read_text(encoding="utf-8")
    rows = re.findall(r'<td class="num place">([^<]*)</td><td>([^<]*)</td>', page)
    assert rows == [("1", "初一（1）班"), ("2", "初一（2）班"), ("1=", "初二（1）班"), ("1=", "初二（2）班")]


def test_the_programme_says_which_events_count_towards_the_entries_limit(make_meet, podium):
    """A primary-school day: each pupil enters at most 2 events, relays and tug of war not counted
    (``count_kinds = ["individual"]``). The programme's entry rules say both — "每人最多报 2 项。只计个人项目。" —
    for a class teacher who reads only "at most 2" would keep a pupil out of the relay; a limit on every kind is
    said alone."""
    limited = SCHOOL + '\n[entries]\nmax_events_per_person = 2\ncount_kinds = ["individual"]\n'
    for toml, name, expected in (
        (limited, "individual", {"zh": ("每人最多报 2 项。", "只计个人项目。"), "en": ("Each person may enter at most 2 events.", "Only individual events count towards it.")}),
        (SCHOOL + "\n[entries]\nmax_events_per_person = 2\n", "every", {"zh": ("每人最多报 2 项。",), "en": ("Each person may enter at most 2 events.",)}),
    ):
        folder = make_meet(toml, ENTRANTS, name=name)
        podium(folder, "entrants", "import", str(folder / "entrants.csv"))
        for lang, lines in expected.items():
            with use_language(lang):
                [entries] = [block for block in programme(Meet(folder).state()).rules if block.title in ("报名", "Entries")]
            assert entries.lines == lines, lang


def test_a_call_room_line_sets_no_space_after_a_full_width_bracket(school, podium, tmp_path):
    """The four-leg race named 三人四足（初中组）: its call-room line in the programme runs on into its round,
    三人四足（初中组）决赛, with no space after the full-width bracket (GB/T 15834-2011 §5.1)."""
    toml = school / "meet.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace('name = "三人四足"', 'name = "三人四足（初中组）"'), encoding="utf-8")
    podium(school, "--lang", "zh", "print", "programme", "--html", "-o", str(tmp_path / "p.html"))
    page = (tmp_path / "p.html").read_text(encoding="utf-8")
    assert "<b>三人四足（初中组）</b>决赛</p>" in page, re.findall(r"<b>三人四足[^\n]*", page)
