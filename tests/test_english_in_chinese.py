"""No English left where a Chinese reader looks (issue 21, item 2).

``python tools/i18n.py check`` (run by ``make test``) scans every command's answer and help and every
printed document of the Chinese sample meet with ``tools/zh_views.py``; these tests prove the scanner
finds English and lets through only what its docstring says is not English. The full scan runs here
too (slow), so a failing scan names the view and the line in the test report.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def scan():
    sys.path.insert(0, str(ROOT / "tools"))
    spec = importlib.util.spec_from_file_location("zh_views", ROOT / "tools" / "zh_views.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def words(scan, text, codes=(), help=False):
    return [found.word for found in scan.english_words(scan.View("view", text, frozenset(codes), help))]


def test_english_words_are_found(scan):
    """The issue's examples: a stage key, a format code in a heading, round codes, a config path word."""
    assert words(scan, "男子单打 · main") == ["main"]
    assert words(scan, "破同分规则（knockout）：ittf, lots") == ["knockout", "ittf", "lots"]
    assert words(scan, "拔河  quarter  初二（1）班") == ["quarter"]
    assert words(scan, "错误：'x' 不是有效的integer") == ["x", "integer"]


def test_names_codes_commands_and_paths_are_not_english(scan):
    assert words(scan, "ITTF 3.7.5；CXA 2011 §14.1；导出为 PDF、CSV 或 XLSX") == []
    assert words(scan, "用 podium schedule --now 查看；编辑 meet.toml 和 docs/plugins.md") == []
    assert words(scan, "团体赛出场顺序：`ittf` 或 `A-X, B-Y`") == []  # quoted code
    assert words(scan, "ms  男子单打  1-0 checkmate", codes={"ms", "1-0", "checkmate"}) == []
    assert words(scan, "A 组  第 1 名") == []  # a group letter
    assert words(scan, '在项目中写 game = "名称"') == []  # a meet.toml key


def test_metavariables_only_in_help(scan):
    assert words(scan, "用法： podium draw [OPTIONS] EVENT", help=True) == []
    assert words(scan, "--place INTEGER RANGE  [x>=1]", help=True) == []
    assert words(scan, "项目 EVENT 的名次") == ["EVENT"]


def test_document_text_leaves_out_styles(scan):
    text = scan.html_text("<html><style>body { font-family: Noto }</style><h1>成绩</h1><td>main</td></html>")
    assert "font" not in text and "成绩" in text and "main" in text


@pytest.mark.slow
def test_no_english_in_the_chinese_sample_meet(scan, tmp_path):
    """Every view and document of ``podium --lang zh demo`` (see tools/zh_views.py)."""
    assert [str(found) for found in scan.english_left(tmp_path / "demo")] == []
