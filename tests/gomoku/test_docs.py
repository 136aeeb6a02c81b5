"""The examples in docs/gomoku.md are true: each typed result is stored as the page says."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "gomoku.md"
ROW = re.compile(r"^\| `([^`]+)` \| `([^`]+)` \|", re.MULTILINE)
EXAMPLES = ROW.findall(DOC.read_text(encoding="utf-8").split("### Examples\n", 1)[1].split("\n## ", 1)[0])
READINGS = ROW.findall(DOC.read_text(encoding="utf-8").split("## How a result is shown\n", 1)[1].split("\n## ", 1)[0])


def test_the_page_has_examples():
    assert len(EXAMPLES) >= 5


@pytest.mark.parametrize(("typed", "stored"), EXAMPLES)
def test_examples(gomoku, context, typed, stored):
    ctx = context()
    assert gomoku.format_result(gomoku.parse_result(typed, ctx), ctx) == stored


@pytest.mark.parametrize(("stored", "chinese"), READINGS)
def test_readings(gomoku, context, stored, chinese):
    """What a Chinese reader is shown for a stored result is what the page says; English shows it as stored."""
    from podium.i18n import use_language

    ctx = context()
    with use_language("zh"):
        assert gomoku.describe_result(stored, ctx) == chinese
    with use_language("en"):
        assert gomoku.describe_result(stored, ctx) == stored


def test_the_page_shows_readings():
    assert len(READINGS) >= 3
