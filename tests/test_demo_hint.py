"""The command ``podium demo`` suggests works as printed (issue 21, item 1).

``make demo`` runs ``.venv/bin/podium`` without activating the environment, so a bare ``podium`` in the
printed hint was "command not found" in a fresh shell: the hint names the program as it can be run.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from podium.faces.cli.demo_command import invoked_as


@pytest.fixture
def program(tmp_path: Path) -> Path:
    folder = tmp_path / "env" / "bin"
    folder.mkdir(parents=True)
    path = folder / "podium"
    path.write_text("#!/bin/sh\n", encoding="utf-8")
    path.chmod(0o755)
    return path


def test_podium_on_the_path_is_named_podium(program, monkeypatch):
    monkeypatch.setattr(sys, "argv", [str(program), "demo"])
    monkeypatch.setenv("PATH", f"{program.parent}{os.pathsep}/usr/bin")
    assert invoked_as() == "podium"


def test_podium_not_on_the_path_is_named_by_its_path(program, monkeypatch):
    monkeypatch.setattr(sys, "argv", [str(program), "demo"])
    monkeypatch.setenv("PATH", "/usr/bin")
    monkeypatch.chdir(program.parent.parent.parent)
    assert invoked_as() == "env/bin/podium"  # relative to the current folder, as after make demo: .venv/bin/podium
    elsewhere = program.parent.parent.parent / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    assert invoked_as() == str(program)  # not below the current folder: the whole path


def test_python_m_podium_is_named_so(monkeypatch):
    monkeypatch.setattr(sys, "argv", ["/somewhere/podium/__main__.py", "demo"])
    assert invoked_as().endswith(" -m podium")


@pytest.mark.slow
def test_the_printed_hint_runs_in_a_fresh_shell(tmp_path):
    """From a folder, run the environment's podium by its path with the environment not on PATH (what make demo
    does), then run the hint exactly as printed."""
    podium = Path(sys.executable).parent / "podium"
    env = {**os.environ, "PATH": "/usr/bin:/bin", "PODIUM_LANG": "en"}
    done = subprocess.run([str(podium), "demo", "demo", "--no-print"], cwd=tmp_path, env=env, capture_output=True, text=True, check=True)
    hint = done.stdout.strip().splitlines()[-1]
    assert hint.startswith("Try: ")
    command = shlex.split(hint.removeprefix("Try: "))
    assert command[0] != "podium"
    again = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True)
    assert again.returncode == 0, again.stderr
    assert "Men's singles" in again.stdout
