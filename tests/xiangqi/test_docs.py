"""The examples in docs/xiangqi.md are true: each ``input ⇒ recorded`` line reads back as shown,
each ``input ✗ message`` line is refused with that message."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from podium.errors import ResultError

from .helpers import canonical, individual, team, team_match

DOC = Path(__file__).resolve().parents[2] / "docs" / "xiangqi.md"
_BLOCK = re.compile(r"<!-- check: (.*?) -->\s*```text\n(.*?)```", re.S)


def _context(header: str):
    words = header.split()
    options: dict = {}
    for word in words:
        if "=" in word and not word.startswith("team="):
            key, value = word.split("=")
            options[key] = {"true": True, "false": False}.get(value, int(value) if value.isdigit() else value)
    decisive = "knockout" in words
    sizes = next((w.split("=")[1] for w in words if w.startswith("team=")), None)
    if sizes is None:
        return individual(decisive=decisive, **options)
    first, second = (int(n) for n in sizes.split("/"))
    return team_match(team("A", [f"A{i}" for i in range(1, first + 1)]), team("B", [f"B{i}" for i in range(1, second + 1)]),
                      decisive=decisive, **options)


def _examples() -> list[tuple[str, str, str, str]]:
    found = []
    for header, body in _BLOCK.findall(DOC.read_text(encoding="utf-8")):
        for line in body.strip().splitlines():
            mark = "⇒" if "⇒" in line else "✗"
            given, expected = (part.strip() for part in line.split(mark, 1))
            found.append((header, given, mark, expected))
    return found


def test_the_page_has_examples():
    assert len(_examples()) >= 30


@pytest.mark.parametrize(("header", "given", "mark", "expected"), _examples())
def test_documented_example(header, given, mark, expected):
    ctx = _context(header)
    if mark == "⇒":
        assert canonical(given, ctx) == expected
    else:
        with pytest.raises(ResultError) as caught:
            canonical(given, ctx)
        assert expected in caught.value.message
