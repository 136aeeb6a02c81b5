"""A round-robin meet large enough for the reliability tests."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

TOML = """
[meet]
name = "Reliability"
language = "en"
[events.ms]
name = "Singles"
sport = "table_tennis"
format = "round_robin"
[events.ms.rules]
best_of = 3
"""


def podium_cmd(folder: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "podium", "--meet", str(folder), *args]


def big_round_robin(folder: Path, players: int) -> list[dict]:
    """A drawn round robin of ``players``; returns its matches (``podium matches --json``)."""
    folder.mkdir()
    (folder / "meet.toml").write_text(TOML, encoding="utf-8")
    (folder / "e.csv").write_text("event,name\n" + "".join(f"ms,P{i:03d}\n" for i in range(players)), encoding="utf-8")
    subprocess.run(podium_cmd(folder, "entrants", "import", str(folder / "e.csv")), check=True, capture_output=True)
    subprocess.run(podium_cmd(folder, "draw", "ms", "--seed", "1"), check=True, capture_output=True)
    done = subprocess.run(podium_cmd(folder, "matches", "ms", "--json"), check=True, capture_output=True, text=True)
    return json.loads(done.stdout)


def score(rng: random.Random) -> str:
    """A valid best-of-3 table-tennis result."""
    loser = [rng.randint(0, 9) for _ in range(2)]
    return f"11-{loser[0]} 11-{loser[1]}" if rng.random() < 0.5 else f"{loser[0]}-11 {loser[1]}-11"
