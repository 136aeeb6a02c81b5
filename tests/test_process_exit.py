"""A ``podium`` process ends as soon as its command is done (podium.faces.cli.leave), without freeing what the
command made: its output, its exit status and Python's exit handlers are as a normal exit leaves them."""

from __future__ import annotations

import os
import subprocess
import sys
import weakref
from pathlib import Path

from podium.services.meet import Meet
from tests.conftest import BASIC_TOML

PODIUM = [sys.executable, "-c", "import sys; from podium.faces.cli import main; sys.argv[0] = 'podium'; main()"]
"""The console script's entry point (``podium``), in a fresh process."""


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``podium ARGS`` with its output buffered, as a user's shell runs it into a pipe or a file."""
    everyday = {**os.environ, "PODIUM_LANG": "en", "PYTHONUNBUFFERED": ""}
    return subprocess.run([*PODIUM, *args], capture_output=True, text=True, env={**everyday, **(env or {})})


def test_the_whole_output_is_written_and_a_success_exits_0(podium):
    """``podium sports --json`` (46 KB) into a pipe: every byte arrives, as the command prints it in-process."""
    done = run("sports", "--json")
    assert done.returncode == 0
    assert done.stdout == podium(None, "sports", "--json").output
    assert done.stderr == ""


def test_a_refused_command_keeps_its_status_and_its_sentence(make_meet):
    """An event the meet has not: the refusal's one sentence on stderr and the status of a usage error (2)."""
    folder = make_meet(BASIC_TOML)
    done = run("--meet", str(folder), "standings", "nope")
    assert done.returncode == 2
    assert "Unknown event 'nope'" in done.stderr
    assert done.stdout == ""


def test_python_s_exit_handlers_still_run(tmp_path):
    """The methods of attrs classes compiled by the process are kept by an exit handler (podium.code_cache):
    with bytecode sent to an empty folder, the file of kept methods is there after ``podium --help``."""
    done = run("--help", env={"PYTHONPYCACHEPREFIX": str(tmp_path), "PYTHONDONTWRITEBYTECODE": ""})
    assert done.returncode == 0
    assert list(Path(tmp_path).rglob("attrs-methods.*.marshal")) != []


def test_a_reader_that_goes_away_ends_the_command_quietly(make_meet, podium):
    """``podium matches ms | head -1`` of a 60-player round robin (1,770 matches, 79 KB: more than a pipe holds):
    the reader closes the pipe after one line; Podium stops and says nothing on stderr (no "Exception ignored"
    from a flush at exit, no traceback)."""
    folder = make_meet(BASIC_TOML, "event,name,unit\n" + "".join(f"ms,P{number},Class 1\n" for number in range(60)))
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "ms", "--seed", "1")
    process = subprocess.Popen(
        [*PODIUM, "--meet", str(folder), "matches", "ms"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        env={**os.environ, "PODIUM_LANG": "en"},
    )
    assert process.stdout is not None and process.stderr is not None
    assert process.stdout.readline() != b""
    process.stdout.close()
    process.wait(timeout=60)
    assert process.stderr.read() == b""


def test_a_meet_serving_one_command_holds_the_states_it_folds_and_a_long_running_one_does_not(make_meet):
    """What the command made is left for the process's end to drop: the meet of a command (``short_lived``) holds
    each state it folded; the meet of a process that keeps running (the web face) lets them go."""
    folder = make_meet(BASIC_TOML)
    for short_lived in (True, False):
        meet = Meet(folder, short_lived=short_lived)
        folded = weakref.ref(meet.state("ms"))
        assert (folded() is not None) is short_lived
