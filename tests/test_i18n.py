"""Every message a user reads exists in Chinese, with the same placeholders, and the compiled catalog is current."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from podium.i18n import Label, Message, _, listed, ngettext, use_language

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


def test_a_count_picks_the_english_form_and_chinese_has_one():
    singular, plural = "{path}: {count} row cannot be imported; nothing was imported:", "{path}: {count} rows cannot be imported; nothing was imported:"
    assert ngettext(singular, plural, 1).format(path="a.csv", count=1) == "a.csv: 1 row cannot be imported; nothing was imported:"
    assert ngettext(singular, plural, 2).format(path="a.csv", count=2) == "a.csv: 2 rows cannot be imported; nothing was imported:"
    with use_language("zh"):
        assert ngettext(singular, plural, 1) == ngettext(singular, plural, 7) == "{path}：有 {count} 行无法导入，未导入任何数据："
