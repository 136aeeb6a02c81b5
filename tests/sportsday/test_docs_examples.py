"""docs/sportsday.md is true: its meet.toml examples load, and the pure sports-day modules stay pure."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from podium.config.meet import parse_meet
from podium.registry import registry
from tests.test_layering import imports

ROOT = Path(__file__).resolve().parents[2]
BLOCKS = re.findall(r"```toml\n(.*?)```", (ROOT / "docs" / "sportsday.md").read_text(encoding="utf-8"), re.S)


def test_the_page_has_examples():
    assert len(BLOCKS) >= 6 and BLOCKS[0].startswith("[meet]")


@pytest.mark.parametrize("block", BLOCKS[1:], ids=lambda b: b.splitlines()[0])
def test_every_example_loads_on_top_of_the_first(block):
    meet = parse_meet(BLOCKS[0] + "\n" + block, registry())
    assert meet.events or meet.points or meet.entries


@pytest.mark.parametrize(
    "module", ["sportsday/eligibility.py", "sportsday/quotas.py", "sportsday/awards.py", "sportsday/unit_points.py", "config/tables.py", "schedule/engine.py", "schedule/model.py"]
)
def test_the_rules_know_no_sport_and_no_meet(module):
    """Eligibility, quotas, awards, points and the scheduler are pure functions: no sport, registry, state or store."""
    found = imports(ROOT / "core" / module)
    assert not found & {"podium.model.sports", "podium.registry", "podium.journal.state", "podium.store.sqlite", "podium.services.meet", "podium.config.meet"}
    assert not any(name.startswith("podium.plugins") for name in found)
