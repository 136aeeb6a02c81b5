"""Set-up is quiet unless something fails (issue 21, item 21).

``make demo`` and ``make test`` set up with ``scripts/quietly``: apt's, pip's and setuptools' output goes
to ``.venv/setup.log`` and is shown only when a step fails, with that step's exit status.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
QUIETLY = ROOT / "scripts" / "quietly"


def test_a_step_that_succeeds_prints_nothing(tmp_path):
    log = tmp_path / "setup.log"
    done = subprocess.run([QUIETLY, log, "sh", "-c", "echo noise; echo warning >&2"], capture_output=True, text=True)
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    assert "noise" in log.read_text() and "warning" in log.read_text()


def test_a_step_that_fails_shows_its_output_and_status(tmp_path):
    log = tmp_path / "setup.log"
    done = subprocess.run([QUIETLY, log, "sh", "-c", "echo 'E: Unable to locate package'; exit 3"], capture_output=True, text=True)
    assert done.returncode == 3
    assert done.stdout == ""
    assert "Set-up failed at: sh -c" in done.stderr and "E: Unable to locate package" in done.stderr


def test_the_makefile_sets_up_quietly():
    """Every set-up command of the Makefile runs through scripts/quietly."""
    recipe = (ROOT / "Makefile").read_text(encoding="utf-8").split("$(STAMP): pyproject.toml", 1)[1].split("\n\n", 1)[0]
    steps = [line.strip() for line in recipe.splitlines()[1:] if line.startswith("\t") and "echo" not in line and "touch" not in line]
    assert steps and all(step.startswith("@$(QUIETLY) ") for step in steps), steps
