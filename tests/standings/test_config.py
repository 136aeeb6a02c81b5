"""Standings settings in meet.toml: presets or lists, event options overridden per stage, clear refusals."""

from __future__ import annotations

import pytest

from podium.config.meet import parse_meet
from podium.errors import ConfigError
from podium.registry import registry
from podium.tiebreakers.presets import CHAINS, expand

TOML = """
[meet]
name = "Club"

[events.ms]
sport = "table_tennis"
tiebreaks = "cxa-14.3.1"
scoring = "2-1-0"

[events.ms.standings]
decide = [2, 1, 2]
previous_round = "round"

[[events.ms.stages]]
name = "groups"
format = "round_robin"

[[events.ms.stages]]
name = "final"
format = "round_robin"
tiebreaks = ["head_to_head", "lots"]
scoring = { win = 3, draw = 1, points_from = "result" }

[events.ms.stages.standings]
decide = [1]
"""


def test_event_settings_and_stage_overrides():
    groups, final = parse_meet(TOML, registry()).event("ms").stages
    assert groups.tiebreaks == CHAINS["cxa-14.3.1"]
    assert groups.standings == {"decide": [1, 2], "previous_round": "round", "head_to_head": "mini_table", "unplayed": "count"}
    assert final.tiebreaks == ("head_to_head", "lots")
    assert final.standings["decide"] == [1] and final.standings["previous_round"] == "round"
    assert (final.scoring.win, final.scoring.draw, final.scoring.points_from) == (3, 1, "result")


def test_default_chain_comes_from_the_sport():
    config = parse_meet(TOML.replace('tiebreaks = "cxa-14.3.1"\n', ""), registry())
    assert config.event("ms").stages[0].tiebreaks == ("ittf", "lots")  # ITTF 3.7.5.4: lots after the ratios


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('previous_round = "round"', 'previous_round = "last"'), "meet.toml:10: events.ms.standings: option 'previous_round' cannot be \"last\""),
        (("decide = [2, 1, 2]", "decide = [true]"), "option 'decide' must list places as whole numbers from 1"),
        (("[events.ms.standings]\n", "[events.ms.standings]\nties = 1\n"), "unknown option 'ties'; valid options: decide, head_to_head, previous_round, unplayed"),
        (('tiebreaks = "cxa-14.3.1"', 'tiebreaks = "cxa-14.4"'), "unknown tie-break chain 'cxa-14.4'; valid chains: cxa-14.1,"),
    ],
)
def test_bad_settings_are_refused(change, message):
    with pytest.raises(ConfigError) as error:
        parse_meet(TOML.replace(*change), registry())
    assert message in error.value.message


def test_expand_refuses_unknown_presets():
    assert expand(["wins"]) == ("wins",)
    with pytest.raises(ConfigError, match="unknown tie-break chain 'fide'; valid chains: cxa-14.1, "):
        expand("fide", "sport xiangqi")
