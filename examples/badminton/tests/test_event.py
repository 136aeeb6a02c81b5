"""A badminton event run from Podium's command line: import, draw, results, standings.

Needs the plugin installed (``pip install -e .``): Podium finds sports through their entry points.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from podium.api import installed_sports, run_podium

pytestmark = pytest.mark.skipif("badminton" not in installed_sports(), reason="install the plugin first: pip install -e .")

MEET = """
[meet]
name = "Club night"
language = "en"

[events.ws]
name = "Women's singles"
sport = "badminton"
format = "round_robin"
"""


def podium(folder: Path, *args: str) -> str:
    done = run_podium(folder, *args)
    assert done.exit_code == 0, done.output
    return done.output


def test_round_robin_from_the_command_line(tmp_path):
    """Three players, three matches: Ann beats Bea and Cat, Bea beats Cat → Ann, Bea, Cat."""
    (tmp_path / "meet.toml").write_text(textwrap.dedent(MEET), encoding="utf-8")
    (tmp_path / "players.csv").write_text("event,name\nws,Ann\nws,Bea\nws,Cat\n", encoding="utf-8")
    podium(tmp_path, "entrants", "import", str(tmp_path / "players.csv"))
    podium(tmp_path, "draw", "ws", "--seed", "1")
    podium(tmp_path, "result", "ws", "Ann", "Bea", "21-19 18-21 21-17")
    podium(tmp_path, "result", "ws", "Ann", "Cat", "21-10 21-12")
    podium(tmp_path, "result", "ws", "Bea", "Cat", "30-29 21-15")
    view = json.loads(podium(tmp_path, "standings", "ws", "--json"))
    assert [row["name"] for row in view["stages"][0]["tables"][0]["rows"]] == ["Ann", "Bea", "Cat"]


def test_impossible_score_refused_and_nothing_recorded(tmp_path):
    """Law 7.5: 31-29 cannot happen (29-all, then the 30th point wins)."""
    (tmp_path / "meet.toml").write_text(textwrap.dedent(MEET), encoding="utf-8")
    (tmp_path / "players.csv").write_text("event,name\nws,Ann\nws,Bea\n", encoding="utf-8")
    podium(tmp_path, "entrants", "import", str(tmp_path / "players.csv"))
    podium(tmp_path, "draw", "ws", "--seed", "1")
    refused = run_podium(tmp_path, "result", "ws", "Ann", "Bea", "31-29 21-5")
    assert refused.exit_code == 2
    assert "no game goes past 30 (BWF Law 7.5)" in refused.output
    podium(tmp_path, "result", "ws", "Ann", "Bea", "30-29 21-5")  # nothing was recorded: the match is still open
