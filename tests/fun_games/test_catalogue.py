"""The catalogue of games: listed by ``podium sports``, usable with ``game = "…"``, options overridable."""

from __future__ import annotations

import json
import random
import re
import textwrap

import pytest

from podium.config.meet import parse_meet
from podium.errors import ConfigError
from podium.plugins.fun_games.catalogue import CATALOGUE, GAMES
from podium.registry import registry
from podium.services.meet import Meet
from podium.services.performances import simulate_performances

HEAD = '[meet]\nname = "Games"\nlanguage = "en"\n'


def test_at_least_fifteen_games_each_citing_its_source():
    assert len(GAMES) >= 15
    assert len(CATALOGUE) == len(GAMES)
    for game in GAMES:
        assert game.source.strip(), game.name  # tests/test_citations.py checks each names a document
        assert game.title.zh and game.title.en and game.summary.zh and game.summary.en
    wanted = {
        "sack_race", "three_legged_race", "frog_jump_relay", "fire_extinguisher_relay", "ball_on_racket_relay",
        "chopstick_relay", "rope_skipping", "shuttlecock_kicking", "basketball_shooting", "accuracy_throw",
        "sandbag_throw", "tug_of_war", "musical_chairs", "square_dance", "line_dance",
    }
    assert wanted <= set(CATALOGUE)


@pytest.mark.parametrize("name", sorted(CATALOGUE))
def test_every_game_makes_a_valid_event(name):
    config = parse_meet(HEAD + f'[events.e]\nsport = "fun_games"\ngame = "{name}"\n', registry())
    event = config.events["e"]
    game = CATALOGUE[name]
    assert (event.game, event.kind, event.stages[0].format) == (name, game.kind, game.format)
    assert event.name.en == game.title.en
    for option, value in game.rules.items():
        assert event.rules[option] == value
    for option, value in game.format_options.items():
        assert event.stages[0].options[option] == value


def test_an_event_overrides_a_games_options():
    """sack_race with two attempts and heats of 3 where the template says 1 attempt and 5 lanes."""
    text = HEAD + textwrap.dedent("""
        [events.sack]
        sport = "fun_games"
        game = "sack_race"
        name = "Grade 5 sack race"

        [events.sack.rules]
        attempts = 2

        [[events.sack.stages]]
        name = "main"
        format = "heats"
        lanes = 3
    """)
    event = parse_meet(text, registry()).events["sack"]
    assert event.name.en == "Grade 5 sack race"
    assert (event.rules["attempts"], event.rules["measure"]) == (2, "time")
    assert (event.stages[0].options["lanes"], event.stages[0].options["advance"]) == (3, "winners")


@pytest.mark.parametrize(
    ("event", "message"),
    [
        ('game = "sack_dance"', "fun_games has no game 'sack_dance'; its games: accuracy_throw, "),
        ('game = "sack_race"\nformat = "round_robin"',
         "fun_games events measured by time need a measured format (heats, rounds or elimination), not 'round_robin'"),
        ('game = "tug_of_war"\nformat = "heats"',
         "format 'heats' lays out heats for measured events, but fun_games events here are played head-to-head"),
        ('game = "square_dance"\n[[events.e.stages]]\nformat = "rounds"\nsessions = [3, 2, 1]\ncuts = [32]',
         "3 rounds of sessions need 2 cuts (one fewer), not 1"),
        ('game = "sandbag_throw"\n[events.e.rules]\nzones = { A = "five" }', "zones.A must be a number, not \"five\""),
        ('game = "rope_skipping"\n[events.e.rules]\nmeasure = "speed"', "option 'measure' cannot be \"speed\""),
    ],
)
def test_meet_toml_mistakes_are_explained(event, message):
    with pytest.raises(ConfigError) as refused:
        parse_meet(HEAD + f'[events.e]\nsport = "fun_games"\n{event}\n', registry())
    assert message in str(refused.value) + " ".join(map(str, refused.value.details))


def test_podium_sports_lists_the_games(podium):
    data = json.loads(podium(None, "sports", "--json").output)
    games = {g["name"]: g for g in data["games"]}
    assert len(games) >= 15 and games["sack_race"]["sport"] == "fun_games" and games["sack_race"]["measure"] == "time"
    assert {"heats", "rounds", "elimination"} <= {f["name"] for f in data["formats"]}
    text = podium(None, "sports").output
    assert "Games (use with game = \"NAME\" in an event" in text and "musical_chairs" in text


@pytest.mark.parametrize(("lang", "none"), [("en", "none"), ("zh", "无")])
def test_podium_sports_shows_table_defaults_as_people_read_them(podium, lang, none):
    """A fun game has no penalties unless it names some, so the default is none (无), not Python's ``{}``; the
    target zones score 1 to 5 points, written as meet.toml writes a table."""
    columns = [
        re.split(r" {2,}", line) for line in podium(None, "--lang", lang, "sports", "fun_games").output.splitlines()
        if line.startswith(("penalties ", "zones "))
    ]
    assert {row[0]: row[1] for row in columns} == {"penalties": none, "zones": "{ 1 = 1, 2 = 2, 3 = 3, 4 = 4, 5 = 5 }"}


def test_one_game_with_a_snippet_that_works(podium):
    out = podium(None, "sports", "--game", "fire_extinguisher_relay").output
    assert "fire-safety sports meet rules 2018, (1)" in out and "+3 s per dress fault" in out
    snippet = json.loads(podium(None, "sports", "--game", "fire_extinguisher_relay", "--json").output)["snippet"]
    assert 'game = "fire_extinguisher_relay"' in snippet and '# penalties = { "dress_fault" = 3, "obstacle" = 3 }' in snippet
    uncommented = "\n".join(line.removeprefix("# ") for line in snippet.splitlines())
    config = parse_meet(HEAD + uncommented, registry())
    assert config.events["fire_extinguisher_relay"].rules["penalties"] == {"dress_fault": 3, "obstacle": 3}
    refused = podium(None, "sports", "--game", "hopscotch", ok=False)
    assert "No installed sport has a game 'hopscotch'" in refused.output


SIMULATED = """
[meet]
name = "Simulated"
language = "en"

[events.sack]
sport = "fun_games"
game = "sack_race"

[events.sandbag]
sport = "fun_games"
game = "sandbag_throw"

[events.chairs]
sport = "fun_games"
game = "musical_chairs"

[events.square]
sport = "fun_games"
game = "square_dance"

[events.square.rules]
min_size = 1

[[events.square.stages]]
name = "main"
format = "rounds"
sessions = [2, 1]
cuts = [4]
"""


def test_simulated_performances_fill_every_heat(make_meet, podium):
    """What ``podium demo`` needs: seeded, valid performances until every heat (and final) is complete."""
    names = [f"P{i}" for i in range(12)]
    rows = "event,name,team\n" + "".join(f"{e},{n},{n if e == 'square' else ''}\n" for e in ("sack", "sandbag", "chairs", "square") for n in names)
    folder = make_meet(SIMULATED, rows)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    meet = Meet(folder)
    for event in ("sack", "sandbag", "chairs", "square"):
        podium(folder, "draw", event, "--seed", "3")
        assert simulate_performances(meet, event, random.Random(5)) > 0
        stage = json.loads(podium(folder, "standings", event, "--json").output)["stages"][0]
        assert stage["complete"] is True, event
        assert stage["rows"] and stage["pending"] == []


def test_podium_sports_in_chinese_reads_as_chinese(podium):
    """``podium --lang zh sports fun_games``: the kinds of entrant are a Chinese list (个人、双打/组合、团体, with the
    enumeration comma 、), the games' keys are headed 代码 (code), not 姓名 (a person's name), and a game whose heats
    are ranked together (rope skipping: advance = "none", school fun sports-day annex, (1) 2) is not listed as heats
    and a final, while the sack race (heat winners to a final, tug-of-war and heats rules §2) is."""
    lines = podium(None, "--lang", "zh", "sports", "fun_games").output.splitlines()
    assert "参赛类型：个人、双打/组合、团体" in lines
    header = next(line for line in lines if line.startswith(("代码 ", "姓名 ")))
    assert re.split(r" {2,}", header)[:2] == ["代码", "名称"]
    games = {row[0]: row for row in (re.split(r" {2,}", line) for line in lines) if row[0] in ("rope_skipping", "sack_race")}
    assert games["rope_skipping"][4] == "分组赛，合并排名" and games["sack_race"][4] == "分组预赛+决赛"
    game = podium(None, "--lang", "zh", "sports", "--game", "rope_skipping").output
    assert "参赛者：个人；赛制：分组赛，合并排名" in game
    assert game.startswith("1分钟跳绳（rope_skipping） · 趣味项目 · ")  # the key in full-width brackets, no space before them
    assert podium(None, "sports", "--game", "rope_skipping").output.startswith("1-minute rope skipping (rope_skipping) · Fun games · ")
    assert podium(None, "--lang", "zh", "sports", "fun_games").output.startswith("fun_games  趣味项目（podium ")
    assert podium(None, "sports", "fun_games").output.startswith("fun_games  Fun games  (podium ")
