"""meet.toml validation: every problem reported with file, line and key, and what would be valid."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from podium.config.meet import parse_meet
from podium.config.tables import toml_text
from podium.errors import ConfigError, Target
from podium.registry import registry

GOOD = """\
[meet]
name = "Spring games"
date = 2026-04-01
language = "en"

[units]
a = "Class A"
b = { name = "Class B", size = 85 }

[events.ms]
name = { zh = "男子单打", en = "Men's singles" }
sport = "table_tennis"
format = "round_robin"

[events.ms.rules]
best_of = 3
"""


def problems(text: str) -> list[str]:
    with pytest.raises(ConfigError) as caught:
        parse_meet(text, registry())
    error = caught.value
    return [str(d) for d in error.details] or [error.message]


def test_a_good_meet_loads_with_defaults():
    meet = parse_meet(GOOD, registry())
    event = meet.event("ms")
    assert meet.units["b"].size == 85
    assert event.rules["best_of"] == 3 and event.rules["game_points"] == 11
    assert [s.name for s in event.stages] == ["main"]
    assert event.stages[0].tiebreaks == ("ittf", "lots")
    assert meet.event("Men's singles") is event


def test_the_meet_keeps_its_own_name_beside_named_events():
    """The [meet] name is the meet's, whatever its events are called: the certificates read "in Men's singles at
    Spring games" (a name given to an event once replaced the meet's, and certificates named an event twice)."""
    meet = parse_meet(GOOD, registry())
    assert meet.name.get("en") == "Spring games"


TWO_ROUND_ROBINS = GOOD.replace('format = "round_robin"\n', "") + """
[[events.ms.stages]]
name = "groups"
format = "round_robin"
advance = 2

[[events.ms.stages]]
name = "playoff"
format = "knockout"

[[events.ms.stages]]
name = "final"
format = "round_robin"
"""


def test_two_untitled_stages_of_one_format_are_told_apart_by_their_place():
    """A stage without a title is called by its format; two round robins of one event would both read "Round
    robin" (单循环), so each is numbered by its place among the event's stages (the first and the third), while the
    knockout between them, the only one of its format, keeps its format's name."""
    stages = parse_meet(TWO_ROUND_ROBINS, registry()).event("ms").stages
    assert [s.title.en for s in stages] == ["Round robin (stage 1)", "Knockout", "Round robin (stage 3)"]
    assert [s.title.zh for s in stages] == ["单循环（第 1 阶段）", "单败淘汰", "单循环（第 3 阶段）"]


def test_a_title_meet_toml_gives_is_kept_and_a_lone_format_keeps_its_name():
    """Only a stage left untitled is numbered, and only when another stage of the event reads the same: a title
    written in meet.toml stays as written, and a single untitled stage is called by its format alone."""
    titled = TWO_ROUND_ROBINS.replace('name = "groups"\n', 'name = "groups"\ntitle = { zh = "小组赛", en = "Groups" }\n')
    stages = parse_meet(titled, registry()).event("ms").stages
    assert [s.title.en for s in stages] == ["Groups", "Knockout", "Round robin"]
    same = TWO_ROUND_ROBINS.replace('name = "groups"\n', 'name = "groups"\ntitle = "Round robin"\n')
    stages = parse_meet(same, registry()).event("ms").stages
    assert [s.title.en for s in stages] == ["Round robin", "Knockout", "Round robin (stage 3)"]
    assert parse_meet(GOOD, registry()).event("ms").stages[0].title.en == "Round robin"


def test_broken_toml_names_the_line_and_column_in_the_readers_words():
    """Line 3 is 'language = ': its value would start at column 12, where the line ends. The sentence is Podium's,
    translated where it is shown, not tomllib's English (which a Chinese reader was shown inside a Chinese sentence)."""
    with pytest.raises(ConfigError) as caught:
        parse_meet('[meet]\nname = "x"\nlanguage = \n', registry())
    error = caught.value
    assert (error.code, error.target) == ("config.not_toml", Target(file="meet.toml", line=3))
    assert error.render("en") == (
        'meet.toml: not valid TOML at line 3, column 12: the value is missing or is not a value (text needs quotes, like "Spring games").'
    )
    assert error.render("zh") == "meet.toml：第 3 行第 12 列不是有效的 TOML：缺少值，或者写的不是一个值（文字要加引号，例如 \"春季运动会\"）。"


def test_broken_toml_at_the_end_of_the_file():
    """A list left open runs to the end of the file: there is no line and column to give."""
    with pytest.raises(ConfigError) as caught:
        parse_meet("[meet]\nname = [1,", registry())
    assert (caught.value.code, caught.value.target) == ("config.not_toml_at_end", Target(file="meet.toml"))
    assert caught.value.render("zh") == "meet.toml：文件末尾不是有效的 TOML：缺少值，或者写的不是一个值（文字要加引号，例如 \"春季运动会\"）。"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("= 1\n", "每一行必须是“键 = 值”、[表] 或 [[表数组]]"),
        ("a 1\n", "键的后面必须是“=”和它的值"),
        ("a = 1 b\n", "值的后面同一行还有内容；每行只写一个“键 = 值”"),
        ("[a]\n[a]\n", "这个表被第二次声明"),
        ("a = [1]\n[[a]]\n", "这个表已作为值给出，不能再添加内容"),
        ("[[a\n", "表数组的名称必须以“]]”结尾"),
        ("a = {b = 1\n", "写在一行里的表没有用“}”结束"),
        ("a = {b = 1, b = 2}\n", "写在一行里的表把同一个键写了两次"),
        ('a = "x\\q"\n', "双引号中的文字里，反斜杠要写两次（\\\\），或者把文字放在单引号中"),
        ('a = "\\uZZZZ"\n', "文字中像 \\u4e00 这样的转义不是有效的字符"),
        ('a = "x\n', "文字没有在本行用引号结束，或者含有控制字符"),
        ("a = 'x\n", "这里缺少引号或括号"),
    ],
)
def test_every_toml_problem_is_said_in_chinese(text, said):
    """Each problem tomllib finds has Podium's own words: the Chinese sentence holds no English but the format's name."""
    with pytest.raises(ConfigError) as caught:
        parse_meet(text, registry())
    shown = caught.value.render("zh")
    assert shown.endswith(f"不是有效的 TOML：{said}。")
    assert re.findall(r"[A-Za-z]{2,}", shown.removeprefix("meet.toml")) == ["TOML"]  # the escape of one example, \u4e00, leaves single letters


def test_every_problem_is_reported_with_line_and_key():
    text = GOOD.replace('sport = "table_tennis"', 'sport = "table_tenis"').replace(
        'language = "en"', 'language = "fr"'
    ) + '\n[events.ws]\nsport = "table_tennis"\nformat = "round_robbin"\n'
    found = problems(text)
    assert found == [
        "meet.toml:4: meet.language: must be one of zh, en, not \"fr\"",
        "meet.toml:12: events.ms.sport (Men's singles): unknown sport 'table_tenis'; installed sports: "
        + ", ".join(sorted(registry().sports)),
        "meet.toml:20: events.ws.format: unknown format 'round_robbin'; installed formats: "
        + ", ".join(sorted(registry().formats)),
    ]


def test_out_of_range_option_lists_valid_values():
    [message] = problems(GOOD.replace("best_of = 3", "best_of = 4"))
    assert message == "meet.toml:16: events.ms.rules.best_of (Men's singles): option 'best_of' cannot be 4; valid values: 1, 3, 5, 7"


def test_wrong_type_and_unknown_key():
    found = problems(GOOD.replace("best_of = 3", 'best_of = "five"\nbest_off = 5'))
    assert found == [
        "meet.toml:16: events.ms.rules.best_of (Men's singles): option 'best_of' must be a whole number, not \"five\"",
        "meet.toml:17: events.ms.rules.best_off (Men's singles): unknown option 'best_off'; valid options: "
        + ", ".join(sorted(o.name for o in registry().sport("table_tennis").options)),
    ]


def test_unknown_tiebreaker_lists_the_valid_ones():
    [message] = problems(GOOD.replace('format = "round_robin"', 'format = "round_robin"\ntiebreaks = ["ittf", "coin"]'))
    assert message.startswith("meet.toml:14: events.ms.tiebreaks (Men's singles): unknown tie-breaker 'coin'; valid tie-breakers: ")
    assert "games_ratio" in message


def test_dates_and_units():
    found = problems(GOOD.replace("date = 2026-04-01", 'date = "1 April"').replace('b = { name = "Class B", size = 85 }', 'b = { name = "Class A", size = -3 }'))
    assert found == [
        "meet.toml:3: meet.date: must be a date like 2026-05-20, not \"1 April\"",
        "meet.toml:8: units.b.size: must be a whole number of people, not -3",
        "meet.toml:6: units: the unit name 'Class A' is used twice",
    ]


@pytest.mark.parametrize(
    ("value", "written"),
    [
        ("five", '"five"'),
        ('say "hi"', '"say \\"hi\\""'),
        (True, "true"),
        (3.5, "3.5"),
        (dt.date(2026, 5, 20), "2026-05-20"),
        ([3, "x"], '[3, "x"]'),
        ({"M": 55, "X": 50}, "{ M = 55, X = 50 }"),
        ({"two words": {}}, '{ "two words" = {} }'),
    ],
)
def test_messages_quote_a_wrong_value_as_it_is_written_in_meet_toml(value: object, written: str) -> None:
    """A refusal names the user's setting in TOML spelling (true, "text", { M = 55 }), not Python's."""
    assert toml_text(value) == written
