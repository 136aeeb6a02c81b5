"""A Chinese checkers round robin from Podium's command line, with a draw and a deadlock.

Needs the plugin installed (``pip install -e .``): Podium finds sports through their entry points.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from podium.api import installed_sports, run_podium

pytestmark = pytest.mark.skipif("chinese_checkers" not in installed_sports(), reason="install the plugin first: pip install -e .")

MEET = """
[meet]
name = "Checkers club"
language = "en"

[events.cc]
name = { zh = "跳棋", en = "Chinese checkers" }
sport = "chinese_checkers"
format = "round_robin"
"""


def podium(folder: Path, *args: str) -> str:
    done = run_podium(folder, *args)
    assert done.exit_code == 0, done.output
    return done.output


def test_round_robin_with_a_deadlock(tmp_path):
    """Ann–Bea deadlock with Ann ahead (0.75:0.25), Ann beats Cat (1:0), Bea–Cat draw (0.5:0.5):
    Ann 0.75 + 1 = 1.75, Bea 0.25 + 0.5 = 0.75, Cat 0 + 0.5 = 0.5 (general Chinese checkers rules: scoring, additional rule 4)."""
    (tmp_path / "meet.toml").write_text(textwrap.dedent(MEET), encoding="utf-8")
    (tmp_path / "players.csv").write_text("event,name\ncc,Ann\ncc,Bea\ncc,Cat\n", encoding="utf-8")
    podium(tmp_path, "entrants", "import", str(tmp_path / "players.csv"))
    podium(tmp_path, "draw", "cc", "--seed", "3")
    podium(tmp_path, "result", "cc", "Ann", "Bea", "0.75-0.25")
    podium(tmp_path, "result", "cc", "Cat", "Ann", "0-1 trapped")
    podium(tmp_path, "result", "cc", "Bea", "Cat", "=")
    rows = json.loads(podium(tmp_path, "standings", "cc", "--json"))["stages"][0]["tables"][0]["rows"]
    assert [(row["name"], row["points"]) for row in rows] == [("Ann", 1.75), ("Bea", 0.75), ("Cat", 0.5)]
