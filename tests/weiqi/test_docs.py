"""The examples in docs/weiqi.md are true: each typed result is stored as the page says."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "weiqi.md"
ROW = re.compile(r"^\| `([^`]+)` \| `([^`]+)` \|", re.MULTILINE)


def examples(heading: str) -> list[tuple[str, str]]:
    text = DOC.read_text(encoding="utf-8")
    section = text.split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0]
    return ROW.findall(section)


def test_the_page_has_examples():
    assert len(examples("Examples")) >= 10
    assert len(examples("Team matches")) >= 2


@pytest.mark.parametrize(("typed", "stored"), examples("Examples"))
def test_game_examples(weiqi, context, typed, stored):
    ctx = context()
    assert weiqi.format_result(weiqi.parse_result(typed, ctx), ctx) == stored


@pytest.mark.parametrize(("typed", "stored"), examples("Team matches"))
def test_team_examples(weiqi, context, typed, stored):
    ctx = context(team=True)
    assert weiqi.format_result(weiqi.parse_result(typed, ctx), ctx) == stored
