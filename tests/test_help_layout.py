"""Help pages in Chinese are laid out by terminal columns (issue 21, item 9).

A Chinese character takes two terminal columns (Unicode East Asian Width "W"/"F"); click counted one, so
Chinese help ran to about 130 columns on an 80-column terminal and ``--from 文件`` pushed its description
out of line. Expected: no line wider than the terminal, every option's description starting in one
column, Chinese wrapped between characters but never inside ``--redraw`` or ``11-9``, and ``-h, --help``
listed in both languages and in docs/cli.md.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from podium.faces.cli import cli

ROOT = Path(__file__).resolve().parent.parent


def columns(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def commands(group=cli, path=()):
    yield list(path)
    if isinstance(group, click.Group):
        for name in group.list_commands(click.Context(group)):
            yield from commands(group.get_command(click.Context(group), name), (*path, name))


ALL = list(commands())


def help_page(lang: str, args: list[str], width: int = 80) -> str:
    done = CliRunner().invoke(cli, ["--lang", lang, *args, "--help"], prog_name="podium", terminal_width=width)
    assert done.exit_code == 0, done.output
    return done.output


@pytest.mark.parametrize("args", ALL, ids=lambda a: " ".join(a) or "podium")
def test_chinese_help_fits_the_terminal(args):
    page = help_page("zh", args)
    wide = [line for line in page.splitlines() if columns(line) > 80]
    assert wide == []
    assert not re.search(r"[\u4e00-\u9fff）。]\.(?![A-Za-z])", page), "an English full stop after Chinese"


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("args", ALL, ids=lambda a: " ".join(a) or "podium")
def test_help_option_listed(lang, args):
    assert "-h, --help" in help_page(lang, args)


def test_a_chinese_metavariable_keeps_the_column():
    """``--seed INTEGER``, ``--redraw`` and ``--from 文件``: their descriptions start in the same column."""
    rows = [line for line in help_page("zh", ["draw"]).splitlines() if line.startswith("  -")]
    starts = {columns(re.match(r"(\s*\S+(?: \S+)?\s+)", line).group(1)) for line in rows}
    assert len(starts) == 1, rows


def test_chinese_breaks_between_characters_not_inside_codes():
    page = help_page("zh", ["draw"], width=60)
    body = [line.strip() for line in page.splitlines()[2:7]]
    assert all(columns(line) <= 58 for line in body)
    assert "--redraw" in page and "--from FILE" in page.replace("\n  ", " ")
    assert not any(line.startswith(("，", "。", "）", "、")) for line in body)  # no line starts with a closing mark
    assert "选项：" in page and "用法：podium draw" in page


def test_the_reference_lists_h_too():
    assert (ROOT / "docs" / "cli.md").read_text(encoding="utf-8").count("-h, --help") == len(ALL)
