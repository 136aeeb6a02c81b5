"""docs/standings.md is true: it names every scheme, tie-breaker, preset and option, and its examples run."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from podium.config.meet import parse_meet
from podium.model.scoring import PRESETS
from podium.registry import registry
from podium.standings.options import STANDINGS_OPTIONS
from podium.tiebreakers.presets import CHAINS

DOC = (Path(__file__).resolve().parents[2] / "docs" / "standings.md").read_text(encoding="utf-8")


def section(title):
    return DOC.split(f"## {title}\n", 1)[1].split("\n## ", 1)[0]


def row(title, name):
    return next(line for line in section(title).splitlines() if line.startswith(f"| `{name}` |"))


def blocks(language):
    return re.findall(rf"```{language}\n(.*?)```", DOC, re.S)


@pytest.mark.parametrize("name", sorted(registry().tiebreakers))
def test_every_tie_breaker_is_documented_with_its_source(name):
    breaker = registry().tiebreaker(name)
    line = row("Tie-breakers", name)
    assert breaker.title.zh.split("（")[0] in line
    assert breaker.source.split(";")[0].split(",")[0].split(" (")[0] in line


def test_every_preset_scheme_and_option_is_documented():
    for name, chain in CHAINS.items():
        assert ", ".join(chain) in row("Chain presets", name), name
    for name in PRESETS:
        assert row("Scoring schemes", name)
    for option in STANDINGS_OPTIONS:
        assert row("Configuration in `meet.toml`", option.name)


def test_toml_example_is_valid():
    text = blocks("toml")[0]  # the team ranking's example is checked in test_team_totals_config.py
    config = parse_meet('[meet]\nname = "Doc"\n' + text, registry())
    stage = config.event("xq").stages[0]
    assert stage.tiebreaks == ("penalties", "sonneborn_berger", "wins", "head_to_head", "fouls")
    assert stage.standings == {"decide": [1], "previous_round": "standing", "head_to_head": "mini_table", "unplayed": "count"}


def test_python_example_runs():
    (code,) = blocks("python")
    exec(compile(code, "docs/standings.md", "exec"), {})
