"""docs/fun_games.md is true: its meet.toml examples load, and it names every game and option."""

from __future__ import annotations

import re
from pathlib import Path

from podium.config.meet import parse_meet
from podium.formats.cut_rounds import Rounds
from podium.formats.heats import Heats
from podium.measure.rules import MEASURE_OPTIONS
from podium.measure.teams import TEAM_OPTIONS
from podium.plugins.fun_games.catalogue import CATALOGUE
from podium.registry import registry

DOC = (Path(__file__).resolve().parents[2] / "docs" / "fun_games.md").read_text(encoding="utf-8")
HEAD = '[meet]\nname = "Docs"\nlanguage = "en"\n'


def test_toml_examples_load():
    blocks = re.findall(r"```toml\n(.*?)```", DOC, re.S)
    assert len(blocks) >= 2
    for block in blocks:
        config = parse_meet(block if "[meet]" in block else HEAD + block, registry())
        assert config.events


def test_every_game_and_option_is_documented():
    for name in CATALOGUE:
        assert f"| `{name}` |" in DOC, name
    for option in (*MEASURE_OPTIONS, *TEAM_OPTIONS, *Heats.options, *Rounds.options):
        assert f"`{option.name}`" in DOC, option.name


def test_round_rules_reach_measured_rounds():
    """The documented `round_rules = { final = { attempts = 3 } }` gives finalists three attempts."""
    text = HEAD + '[events.s]\nsport = "fun_games"\ngame = "sack_race"\n[[events.s.stages]]\nname = "main"\nformat = "heats"\n' \
        'round_rules = { final = { attempts = 3 } }\n'
    event = parse_meet(text, registry()).events["s"]
    assert event.rules_for(event.stages[0], "final")["attempts"] == 3
    assert event.rules_for(event.stages[0], "heats")["attempts"] == 1
