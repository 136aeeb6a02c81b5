"""The README's tour runs as written: every command succeeds, except the one the README says is refused."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def tour_commands() -> list[tuple[str, bool]]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## A five-minute tour"):text.index("## Where to read more")]
    commands = []
    for block in re.findall(r"```sh\n(.*?)```", section, re.S):
        for line in block.splitlines():
            command, _, comment = line.partition("#")
            if command.strip():
                commands.append((command.strip(), "refused" in comment))
    return commands


@pytest.mark.slow
def test_the_tour_runs_as_written(tmp_path):
    env = {**os.environ, "PODIUM_LANG": "en"}
    env.pop("PODIUM_MEET", None)
    cwd = tmp_path
    commands = tour_commands()
    assert len(commands) > 20
    for command, refused in commands:
        words = shlex.split(command)
        if words[0] == "cd":
            cwd = cwd / words[1]
            continue
        assert words[0] == "podium", command
        done = subprocess.run([sys.executable, "-m", "podium", *words[1:]], cwd=cwd, env=env, capture_output=True, text=True)
        if refused:
            assert done.returncode != 0 and done.stderr.startswith("Error: "), (command, done.stderr)
            assert "Traceback" not in done.stderr
        else:
            assert done.returncode == 0, (command, done.stdout, done.stderr)
