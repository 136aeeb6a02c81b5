"""The examples in docs/gomoku.md are true: each typed result is stored as the page says."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "gomoku.md"
ROW = re.compile(r"^\| `([^`]+)` \| `([^`]+)` \|", re.MULTILINE)
EXAMPLES = ROW.findall(DOC.read_text(encoding="utf-8").split("### Examples\n", 1)[1].split("\n## ", 1)[0])


def test_the_page_has_examples():
    assert len(EXAMPLES) >= 5


@pytest.mark.parametrize(("typed", "stored"), EXAMPLES)
def test_examples(gomoku, context, typed, stored):
    ctx = context()
    assert gomoku.format_result(gomoku.parse_result(typed, ctx), ctx) == stored
