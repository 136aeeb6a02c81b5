"""Every message a user reads exists in Chinese, with the same placeholders, and the compiled catalog is current."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from podium.i18n import Label, Message, _, cjk_format, gap, listed, ngettext, sentences, use_language

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def tool():
    spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "tools" / "i18n.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_message_is_translated(tool):
    assert sorted(tool.missing()) == []


def test_placeholders_match(tool):
    assert tool.placeholder_mismatches() == []


def test_one_english_text_has_one_translation(tool):
    """Two catalog parts must not translate the same text differently (which one wins would be chance)."""
    assert tool.conflicts() == []


def test_compiled_catalog_is_current(tool):
    assert tool.MO.read_bytes() == tool.compiled(), "run: python tools/i18n.py compile"


def test_language_switch():
    with use_language("zh"):
        assert _("Error: {message}") == "错误：{message}"
        assert Label("男子单打", "Men's singles").get() == "男子单打"
        with use_language("en"):
            assert _("Error: {message}") == "Error: {message}"
            assert str(Label("男子单打", "Men's singles")) == "Men's singles"
        assert _("Error: {message}") == "错误：{message}", "the language before the block is back after it"


def test_a_list_of_names_takes_the_enumeration_comma_in_chinese():
    """Chinese lists names with 、(一班、二班), English with a comma; each name is shown in the sentence's language."""
    units = listed(["一班", Label(zh="二班", en="Class 2")])
    sentence = Message("{path}: the header has no 'unit' (单位) column; every entrant of this meet belongs to one of its units: {valid}.", path="e.csv", valid=units)
    assert sentence.render("zh") == "e.csv：表头中没有“单位”列；本赛事的每名参赛者都属于一个单位：一班、二班。"
    assert sentence.render("en") == "e.csv: the header has no 'unit' (单位) column; every entrant of this meet belongs to one of its units: 一班, Class 2."


def test_sentences_follow_each_other_with_a_space_in_english_and_none_after_a_chinese_full_stop():
    """English puts a space after a sentence's full stop; the Chinese full stop 。 is full-width and no space follows it."""
    assert sentences(["第 1 组：已记录 2 个成绩。", "王芳的试跳记录加上 1.35:XO。"], "zh") == "第 1 组：已记录 2 个成绩。王芳的试跳记录加上 1.35:XO。"
    assert sentences(["Heat 1: 2 marks recorded.", "Done."], "en") == "Heat 1: 2 marks recorded. Done."
    with use_language("zh"):
        assert sentences(["一。", "二。"]) == "一。二。"


def test_two_texts_side_by_side_have_no_space_beside_a_chinese_full_width_mark():
    """An event and its round set apart on a page: a full-width bracket takes the room of the space in Chinese
    (五子棋（淘汰赛，先胜三局）半决赛); any other meeting keeps it, as between two values of one message; English keeps it."""
    assert "五子棋（淘汰赛，先胜三局）" + gap("五子棋（淘汰赛，先胜三局）", "半决赛", "zh") + "半决赛" == "五子棋（淘汰赛，先胜三局）半决赛"
    assert gap("《棋》", "第 1 轮", "zh") == "" and gap("男子单打", "（补赛）", "zh") == ""
    assert gap("男子单打", "半决赛", "zh") == " " and gap("Men's singles", "半决赛", "zh") == " "
    assert gap("Gomoku (knockout)", "semi-final", "en") == " " and gap("五子棋（淘汰赛）", "semi-final", "en") == " "
    with use_language("zh"):
        assert gap("拔河（1—2 年级）", "决赛") == ""


def test_a_count_picks_the_english_form_and_chinese_has_one():
    singular, plural = "{path}: {count} row cannot be imported; nothing was imported:", "{path}: {count} rows cannot be imported; nothing was imported:"
    assert ngettext(singular, plural, 1).format(path="a.csv", count=1) == "a.csv: 1 row cannot be imported; nothing was imported:"
    assert ngettext(singular, plural, 2).format(path="a.csv", count=2) == "a.csv: 2 rows cannot be imported; nothing was imported:"
    with use_language("zh"):
        assert ngettext(singular, plural, 1) == ngettext(singular, plural, 7) == "{path}：有 {count} 行无法导入，未导入任何数据："


@pytest.mark.parametrize(
    ("template", "values", "shown"),
    [
        # a Chinese value beside Chinese loses the space; a Latin one keeps it
        ("{name} 的成绩，{other} 的成绩", {"name": "王芳", "other": "Xu Wei"}, "王芳的成绩，Xu Wei 的成绩"),
        # a number keeps both spaces
        ("第 {number} 局 {name} 胜", {"number": 4, "name": "王芳"}, "第 4 局王芳胜"),
        ("已向 {event} 导入 {count} 名参赛者", {"event": "男子单打", "count": 2}, "已向男子单打导入 2 名参赛者"),
        # each end of the value decides its own side
        ("已向 {event} 导入 {count} 名参赛者", {"event": "1分钟跳绳", "count": 16}, "已向 1分钟跳绳导入 16 名参赛者"),
        # Chinese punctuation at the value's end, and in the template beside the value
        ("已向 {event} 导入 {count} 支队伍", {"event": "拔河（1—2 年级）", "count": 4}, "已向拔河（1—2 年级）导入 4 支队伍"),
        ("请 ，{name} ，", {"name": "王芳"}, "请 ，王芳，"),
        # only a space beside a placeholder: not the one between ” and 和, nor one between two names
        ("“{name}” 和 {other}。", {"name": "王芳", "other": "李明"}, "“王芳” 和李明。"),
        ("{first} {second} 胜", {"first": "王芳", "second": "李明"}, "王芳 李明胜"),
        # an empty value has no end to join; a value's own spaces (a padded cell) are its own
        ("{name} 的 {empty} 的", {"name": "王芳", "empty": ""}, "王芳的  的"),
        ("{name} 的 {other} 的", {"name": "王芳 ", "other": "李明"}, "王芳  的李明的"),
        ("{name:>4} 分 {other:<4} 分", {"name": "王", "other": "李"}, "   王分李    分"),
        # Han characters beyond the basic plane, full-width punctuation, and a space at the template's very end
        ("{name} 的成绩 {other}", {"name": "王\U00020000", "other": "李"}, "王\U00020000的成绩李"),
        ("{name} ：{other} ！", {"name": "Ann", "other": "（甲）"}, "Ann ：（甲）！"),
        ("{name} ", {"name": "王芳"}, "王芳 "),
        # a full-width mark at a value's end takes the room of the space beside it, whatever is on the other side
        ("{upper} 排在 {lower} 之前：{label} {a} 对 {b}", {"upper": "徐佳怡", "lower": "马欣怡", "label": "次好成绩（第 2 好）", "a": "5.87", "b": "5.47"},
         "徐佳怡排在马欣怡之前：次好成绩（第 2 好）5.87 对 5.47"),
        ("{first} {second} 胜", {"first": "Li", "second": "（甲）王芳"}, "Li（甲）王芳胜"),
        ("{name} 3 分", {"name": "二班（甲）"}, "二班（甲）3 分"),
        # positional values, escaped braces
        ("{} 对 {}", ("张三", "Li"), "张三对 Li"),
        ("{{x}} {name} 的", {"name": "王芳"}, "{x} 王芳的"),
    ],
)
def test_a_chinese_value_takes_no_space_beside_chinese_text(template, values, shown):
    """Chinese puts a space between a Han character and a Latin word or a number, not between two Han characters
    (nor beside Chinese punctuation): the catalog's space beside a placeholder goes when the value's end there is
    Chinese, and stays beside a Latin letter, a digit or nothing."""
    if isinstance(values, tuple):
        assert cjk_format(template, *values) == shown
    else:
        assert cjk_format(template, **values) == shown


def test_chinese_sentences_of_the_faces_and_of_messages_are_spaced_alike():
    """``_("…").format(…)`` (the faces) and a :class:`Message` (errors, answers of services) fill in a Chinese name
    without the spaces a Latin name takes; English is filled in as ``str.format`` does."""
    withdrawn = "{name} withdrawn from {event}."
    with use_language("zh"):
        assert _(withdrawn).format(name="王芳", event="男子单打") == "王芳已退出男子单打。"
        assert _(withdrawn).format(name="Xu Wei", event="Open") == "Xu Wei 已退出 Open。"
        assert ngettext("{count} entrant imported into {event}", "{count} entrants imported into {event}", 2).format(
            count=2, event=Label(zh="男子单打", en="Men's singles")
        ) == "已向男子单打导入 2 名参赛者"
    message = Message(withdrawn, name="王芳", event=Label(zh="男子单打", en="Men's singles"))
    assert message.render("zh") == "王芳已退出男子单打。"
    assert message.render("en") == "王芳 withdrawn from Men's singles."
    with use_language("en"):
        assert _(withdrawn).format(name="王芳", event="男子单打") == "王芳 withdrawn from 男子单打."
