"""``[events.<key>.team_ranking]`` in meet.toml: defaults, and every mistake refused with file, line and what is valid."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from podium.config.meet import parse_meet
from podium.errors import ConfigError
from podium.registry import registry
from podium.sportsday.awards import Placed
from podium.sportsday.team_totals import rank_units, unit_places
from podium.tiebreakers.presets import CHAINS

BASE = """
[meet]
name = "Doc"

[units]
a = "A"

[events.xq]
sport = "xiangqi"
{extra}
[events.xq.team_ranking]
{table}
"""


def load(table: str = "", extra: str = ""):
    return parse_meet(BASE.format(table=table, extra=extra), registry()).event("xq")


def refused(table: str = "", extra: str = "") -> str:
    with pytest.raises(ConfigError) as error:
        load(table, extra)
    return error.value.message


def test_defaults_all_players_cxa_14_8_no_awards_no_points():
    """The rules do not say how many players count: all do by default. CXA 2011 §14.8 is the default chain,
    CXA 1999 §15.5 under xiangqi's rule_set = "cxa1999". A team ranking has awards and unit points only
    when it has those tables."""
    ranking = load().team_ranking
    assert ranking is not None
    assert (ranking.count, ranking.tiebreaks, ranking.awards, ranking.points) == (None, CHAINS["cxa-14.8"], None, None)
    assert ranking.name.en == "xq: team ranking" and ranking.name.zh == "xq 团体名次"
    assert ranking.standings["decide"] == []
    old = load(extra='[events.xq.rules]\nrule_set = "cxa1999"\n').team_ranking
    assert old is not None and old.tiebreaks == CHAINS["cxa-1999-15.5"]
    given = load('count = 3\ntiebreaks = "cxa-1999-15.5"\nstandings = { decide = [1] }\nawards = { places = 1 }\npoints = {}').team_ranking
    assert given is not None and given.count == 3 and given.standings["decide"] == [1]
    assert given.awards is not None and given.awards.bands[0].last == 1 and given.points is not None


def test_an_event_without_the_table_has_no_team_ranking():
    config = parse_meet('[meet]\nname = "Doc"\n[events.xq]\nsport = "xiangqi"\n', registry())
    assert config.event("xq").team_ranking is None


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ("size = 3", "meet.toml:12: events.xq.team_ranking.size: unknown key; valid keys here: name, count, also, tiebreaks, standings, awards, points"),
        ("count = 0", "meet.toml:12: events.xq.team_ranking.count: must be a whole number of at least 1, not 0"),
        ('tiebreaks = ["placings", "head_to_head"]',
         "meet.toml:12: events.xq.team_ranking.tiebreaks: 'head_to_head' cannot rank units by their players' places; valid "
         "tie-breakers here: placings, next_best_place, penalties, fouls, warnings, wins, game_wins, second_wins, second_games, "
         "game_points, lots"),
        ('tiebreaks = "cxa-14.1"', "'sonneborn_berger' cannot rank units by their players' places"),
        ('tiebreaks = "best"', "meet.toml:12: events.xq.team_ranking.tiebreaks: unknown tie-break chain 'best'; valid chains: cxa-14.1"),
        ("standings = { decide = [0] }", "option 'decide' must list places as whole numbers from 1"),
        ("awards = { places = 0 }", "events.xq.team_ranking.awards.places: must be a whole number of at least 1, not 0"),
    ],
)
def test_mistakes_are_refused_with_the_line(table, message):
    assert message in refused(table)


def test_a_team_event_cannot_have_one():
    assert "the entrants of a team event already are teams; a team ranking ranks the units of an individual or pair event" in refused(
        extra='kind = "team"\n'
    )


def test_the_cli_refuses_teams_for_an_event_without_a_team_ranking(make_meet, podium):
    folder = make_meet()
    result = podium(folder, "standings", "ms", "--teams", ok=False)
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert "Men's singles has no team ranking; declare one in meet.toml as [events.ms.team_ranking] (docs/standings.md)." in result.output


DOC = (Path(__file__).resolve().parents[2] / "docs" / "standings.md").read_text(encoding="utf-8")
SECTION = DOC.split("## Team ranking from individual places (队员总分制)\n", 1)[1].split("\n## ", 1)[0]


def test_the_documented_example_is_valid_and_its_table_is_right():
    """docs/standings.md: the meet.toml example loads, and the printed table follows from the individual places
    it lists (1 张三, 2 赵六, 3 陈七, 4= 李四 and 吴九, 6 王五, 7 周八, 8 郑十, 9 钱一, 10 孙二, 11 刘三; count = 3)."""
    toml = re.search(r"```toml\n(.*?)```", SECTION, re.S)
    assert toml is not None
    ranking = parse_meet('[meet]\nname = "Doc"\n' + toml.group(1), registry()).event("xq").team_ranking
    assert ranking is not None and ranking.count == 3 and ranking.name.zh == "团体总分"
    assert ranking.standings["decide"] == [1] and ranking.points is not None and ranking.points.places == (9, 7, 6)
    lines = [line.split("  ") for line in SECTION.split("$ podium standings xq --teams --explain\n", 1)[1].splitlines()[3:7]]
    rows = [[cell.strip() for cell in line if cell.strip()] for line in lines]
    placed, units = [], {}
    for row in rows:
        for player in row[3].split(", "):
            name, place = player.split()
            placed.append(Placed(name, int(place.rstrip("=")), place.endswith("=")))
            units[name] = row[1]
    places = unit_places(placed, units, ranking.count)
    table = rank_units(places, [registry().tiebreaker(n) for n in ranking.tiebreaks])
    assert [[str(table.place(u)), u, str(len(places[u].places)), str(sum(places[u].places)), str(min(places[u].places))] for u in table.order()] == [
        [row[0], row[1], row[2], row[4], row[5]] for row in rows
    ]
