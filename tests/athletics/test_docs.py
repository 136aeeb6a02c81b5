"""docs/athletics.md is true: its meet.toml examples load, it names every event and option, and its quick start runs."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from decimal import Decimal
from pathlib import Path

import pytest

from podium.config.meet import parse_meet
from podium.formats.qualifying import QualifyingRounds
from podium.plugins.athletics.events import CATALOGUE
from podium.plugins.athletics.sport import OPTIONS
from podium.registry import registry

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "athletics.md").read_text(encoding="utf-8")
HEAD = '[meet]\nname = "Docs"\nlanguage = "en"\n'


def test_toml_examples_load():
    blocks = re.findall(r"```toml\n(.*?)```", DOC, re.S)
    assert len(blocks) >= 2
    for block in blocks:
        config = parse_meet(block if "[meet]" in block else HEAD + block, registry())
        assert config.events


def test_the_example_gives_the_track_s_lanes_to_its_races():
    config = parse_meet(re.findall(r"```toml\n(.*?)```", DOC, re.S)[0], registry())
    assert config.events["b7_100"].stages[0].options["lanes"] == 8
    assert config.events["b7_100"].records[0].value == Decimal("13.2")


def test_every_event_and_option_is_documented():
    for name in CATALOGUE:
        assert f"| `{name}` |" in DOC, name
    for option in (*OPTIONS, *QualifyingRounds.options):
        assert f"`{option.name}`" in DOC, option.name


@pytest.mark.slow
def test_the_quick_start_runs(tmp_path):
    """The commands of the quick start, in a shell, on the school-athletics template (printing is tested apart)."""
    block = re.search(r"```sh\n(.*?)```", DOC, re.S).group(1)
    bin_dir = Path(sys.executable).parent
    script = "set -e\ncd " + str(tmp_path) + "\n" + "\n".join(
        line.split("  #")[0] for line in block.splitlines() if line.strip() and not line.startswith("podium print")
    )
    env = {"PATH": f"{bin_dir}:/usr/bin:/bin", "PODIUM_LANG": "en", "HOME": os.environ.get("HOME", str(tmp_path)),
           "PODIUM_VIEWS": os.environ["PODIUM_VIEWS"]}  # the test's own views folder (conftest), not the user's
    done = subprocess.run(["bash", "-c", script.replace("python -c", f"{sys.executable} -c")], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    events = tomllib.loads((tmp_path / "sports-day" / "meet.toml").read_text(encoding="utf-8"))["events"]
    assert len(events) == 38
