"""Packaging: the layout of the product card installs as ``podium``, and a separately installed
sport appears in ``podium sports`` and runs an event without any change to Podium."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DARTS = ROOT / "tests" / "fixtures" / "podium-darts"


def podium(args: list[str], env: dict[str, str], cwd: Path, python: str = sys.executable) -> subprocess.CompletedProcess:
    return subprocess.run([python, "-m", "podium", *args], env=env, cwd=cwd, capture_output=True, text=True)


@pytest.fixture(scope="module")
def darts_site(tmp_path_factory) -> Path:
    """podium-darts installed into its own folder (not into the test environment)."""
    target = tmp_path_factory.mktemp("darts-site")
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation", "--target", str(target), str(DARTS)],
        check=True,
        capture_output=True,
    )
    return target


def test_third_party_sport_is_listed_and_usable(darts_site, tmp_path):
    env = {**os.environ, "PYTHONPATH": str(darts_site), "PODIUM_LANG": "en"}
    listing = json.loads(podium(["sports", "--json"], env, tmp_path).stdout)
    darts = [s for s in listing["sports"] if s["name"] == "darts"]
    assert darts == [{"name": "darts", "title": {"zh": "飞镖", "en": "Darts"}, "entrants": ["individual"], "provided_by": "podium-darts 0.3.0"}]
    assert {"table_tennis"} <= {s["name"] for s in listing["sports"]}

    meet = tmp_path / "club"
    meet.mkdir()
    (meet / "meet.toml").write_text(textwrap.dedent("""
        [meet]
        name = "Darts night"
        [events.d]
        name = "Open darts"
        sport = "darts"
        format = "round_robin"
        [events.d.rules]
        legs = 2
    """), encoding="utf-8")
    (meet / "players.csv").write_text("event,name\nd,Ann\nd,Ben\nd,Cat\n", encoding="utf-8")
    for args in (["entrants", "import", "players.csv"], ["draw", "d", "--seed", "1"], ["result", "d", "Ann", "Ben", "2-1"]):
        done = podium(args, env, meet)
        assert done.returncode == 0, done.stderr
    refused = podium(["result", "d", "Ann", "Cat", "3-1"], env, meet)
    assert refused.returncode != 0 and "the winner takes exactly 2 legs" in refused.stderr
    view = json.loads(podium(["standings", "d", "--json"], env, meet).stdout)
    assert view["stages"][0]["tables"][0]["rows"][0]["name"] == "Ann"


def test_without_the_plugin_the_sport_is_unknown(tmp_path):
    env = {**os.environ, "PODIUM_LANG": "en"}
    listing = json.loads(podium(["sports", "--json"], env, tmp_path).stdout)
    assert "darts" not in {s["name"] for s in listing["sports"]}


@pytest.mark.slow
def test_fresh_virtual_environment(tmp_path):
    """pip install . into a new venv: the console script works, five sports, no top-level 'core'."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = str(venv / "bin" / "python")
    subprocess.run([python, "-m", "pip", "install", "--quiet", str(ROOT)], check=True, capture_output=True)
    env = {"PATH": f"{venv / 'bin'}:{os.environ['PATH']}", "PODIUM_LANG": "en", "HOME": str(tmp_path)}
    assert subprocess.run([str(venv / "bin" / "podium"), "--help"], env=env, cwd=tmp_path, capture_output=True).returncode == 0
    listing = json.loads(subprocess.run([str(venv / "bin" / "podium"), "sports", "--json"], env=env, cwd=tmp_path,
                                        capture_output=True, text=True, check=True).stdout)
    assert {"table_tennis", "xiangqi", "weiqi", "gomoku", "fun_games"} <= {s["name"] for s in listing["sports"]}
    for module in ("core", "plugins", "templates"):
        probe = subprocess.run([python, "-c", f"import {module}"], env=env, cwd=tmp_path, capture_output=True)
        assert probe.returncode != 0, module
    resources = subprocess.run(
        [python, "-c", "from importlib.resources import files; print((files('podium.templates')).is_dir())"],
        env=env, cwd=tmp_path, capture_output=True, text=True, check=True,
    )
    assert resources.stdout.strip() == "True"
