"""Default tie-break chains of CXA 2011 §14 (and CXA 1999 §15).

The chain names are implemented by the standings work on another branch. The tests that rank
with them skip, naming the missing tie-breakers, until those are registered; the tests of what
the sport declares and picks run now.
"""

from __future__ import annotations

import json

import pytest

from podium.config.meet import parse_meet
from podium.registry import registry

from .helpers import SPORT, rules

ROUND_ROBIN = ("sonneborn_berger", "wins", "head_to_head", "fouls", "second_games")
MULTI_GAME = ("game_points", "wins", "head_to_head", "fouls", "second_wins")
SWISS = ("buchholz", "wins", "fouls", "second_games", "previous_round")
TEAM_ROUND_ROBIN = ("game_points", "match_wins", "game_wins", "head_to_head", "fouls", "second_wins", "second_games")
TEAM_SWISS = ("team_buchholz", "game_points", "match_wins", "game_wins", "fouls", "previous_round")
TEAM_TOTALS = ("placings", "penalties")  # §14.8, for an individual event's team ranking (队员总分制, §11.5)
TEAM_TOTALS_1999 = ("placings", "penalties", "next_best_place", "fouls")  # CXA 1999 §15.5


def needs(*names: str) -> None:
    """Skip unless every tie-breaker in ``names`` is installed."""
    missing = sorted(set(names) - set(registry().tiebreakers))
    if missing:
        pytest.skip(f"tie-breakers not registered yet (standings branch): {', '.join(missing)}")


def test_declared_chains_follow_cxa_2011_section_14():
    """§14.1 小分、胜局、直胜、犯规、后走局数; §14.2 局分总和、胜局、直胜、犯规、后走胜局;
    §14.3.1 对手分、胜局、犯规、后走局数、前一轮; §14.5 全队总局分、全队胜场、全队胜局、直胜、全队犯规、
    后走胜局、后走局数; §14.6 团体对手分、全队总局分、全队胜场、全队胜局、全队犯规、前一轮; §14.8 个人名次总和、
    最高个人名次 (penalties of §18.5 after them)."""
    assert SPORT.tiebreaks == {
        "round_robin": ROUND_ROBIN,
        "round_robin_multi_game": MULTI_GAME,
        "swiss": SWISS,
        "team_round_robin": TEAM_ROUND_ROBIN,
        "team_swiss": TEAM_SWISS,
        "team_totals": TEAM_TOTALS,
    }


@pytest.mark.parametrize(
    ("family", "kind", "given", "chain"),
    [
        ("round_robin", "individual", {}, ROUND_ROBIN),
        ("round_robin", "individual", {"games": 2}, MULTI_GAME),  # §14.2: two or more games per pairing
        ("swiss", "individual", {}, SWISS),
        ("swiss", "individual", {"games": 2}, SWISS),  # §14.2 speaks of round robins only
        ("round_robin", "team", {}, TEAM_ROUND_ROBIN),
        ("round_robin", "team", {"games": 2}, TEAM_ROUND_ROBIN),
        ("swiss", "team", {}, TEAM_SWISS),
        ("knockout", "individual", {}, ()),
        ("round_robin", "individual", {"rule_set": "cxa1999"}, ("sonneborn_berger", "wins", "head_to_head", "fouls")),
        ("swiss", "individual", {"rule_set": "cxa1999"}, ("buchholz", "wins", "fouls")),
        ("round_robin", "team", {"rule_set": "cxa1999"}, ("game_points", "game_wins", "head_to_head", "fouls")),
        ("swiss", "team", {"rule_set": "cxa1999"}, ("team_buchholz", "game_points", "match_wins", "fouls")),
        ("round_robin", "individual", {"rule_set": "school"}, ROUND_ROBIN),
        ("team_totals", "individual", {}, TEAM_TOTALS),
        ("team_totals", "individual", {"rule_set": "cxa1999"}, TEAM_TOTALS_1999),  # §15.5: 次高个人名次, 全队犯规
    ],
)
def test_chain_picked_by_format_kind_games_and_rule_set(family, kind, given, chain):
    """CXA 1999 §15.1–15.4 are shorter; their ties are shared."""
    assert SPORT.tiebreak_chain(family, rules(kind, **given)) == chain


def test_meet_toml_gets_the_default_chain():
    meet = parse_meet(
        """
        [meet]
        name = "x"
        [events.single]
        sport = "xiangqi"
        format = "round_robin"
        [events.double]
        sport = "xiangqi"
        format = "round_robin"
        [events.double.rules]
        games = 2
        [events.teams]
        sport = "xiangqi"
        kind = "team"
        format = "round_robin"
        """.replace("\n        ", "\n"),
        registry(),
    )
    assert meet.events["single"].stages[0].tiebreaks == ROUND_ROBIN
    assert meet.events["double"].stages[0].tiebreaks == MULTI_GAME
    assert meet.events["teams"].stages[0].tiebreaks == TEAM_ROUND_ROBIN


# --- ranking with the default chains (run once the standings branch is merged) ------------------------

INDIVIDUAL_MEET = """
[meet]
name = "Chains"
language = "en"

[events.xq]
sport = "xiangqi"

[[events.xq.stages]]
name = "main"
format = "round_robin"
numbers = "list"

[events.xq.rules]
games = {games}
"""


def _standings(make_meet, podium, entrants: str, results: list[tuple[str, str]], games: int = 1, name: str = "meet") -> list[tuple]:
    folder = make_meet(INDIVIDUAL_MEET.format(games=games), entrants, name=name)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "xq")
    for number, text in results:
        podium(folder, "result", "xq", number, text)
    view = json.loads(podium(folder, "standings", "xq", "--json").output)
    return [(r["place"], r["name"], r["points"]) for r in view["stages"][0]["tables"][0]["rows"]]


def test_sonneborn_berger_ranks_before_head_to_head(make_meet, podium):
    """CXA 2011 §14.1, four players in list order A=1 … D=4; Berger rounds R1 A-D B-C, R2 D-C A-B,
    R3 B-D C-A. Results: A-D =, B-C 0-1, D-C 0-1, A-B 0-1, B-D =, C-A 0-1.

    Points (2/1/0): A 1+0+2 = 3, B 0+2+1 = 3, C 2+2+0 = 4, D 1+0+1 = 2.
    A and B tie on 3. 小分 = scores of beaten opponents + half those drawn:
    A beat C (4), drew D (2) → 4 + 1 = 5; B beat A (3), drew D (2) → 3 + 1 = 4.
    So A ranks above B although B won their game (直胜 comes after 小分)."""
    needs(*ROUND_ROBIN)
    rows = _standings(make_meet, podium, "event,name\nxq,A\nxq,B\nxq,C\nxq,D\n",
                      [("1", "="), ("2", "0-1"), ("3", "0-1"), ("4", "0-1"), ("5", "="), ("6", "0-1")])
    assert rows == [(1, "C", 4), (2, "A", 3), (3, "B", 3), (4, "D", 2)]


def test_fewer_fouls_then_more_games_as_black(make_meet, podium):
    """§14.1 after 小分, 胜局 and 直胜, all equal for a drawn game between two players:
    = fouls=1:0 → A 1 foul, B none → B above A (犯规, fewer is better).
    red=2 = (colours reversed, §5.8.1): A played black → 后走局数 A 1, B 0 → A above B."""
    needs(*ROUND_ROBIN)
    entrants = "event,name\nxq,A\nxq,B\n"
    assert _standings(make_meet, podium, entrants, [("1", "= fouls=1:0")], name="fouls") == [(1, "B", 1), (2, "A", 1)]
    assert _standings(make_meet, podium, entrants, [("1", "red=2 =")], name="colour") == [(1, "A", 1), (2, "B", 1)]


def test_multi_game_round_robin_ranks_by_game_points(make_meet, podium):
    """CXA 2011 §14.2, three players, two games per pairing; rounds R1 B-C, R2 A-B, R3 C-A.
    B-C 1-0, 1-0 (B 2-0); A-B 1-0, 1-0 (A 2-0); C-A 1-0, = (C 1½-½).
    Match points: A 2, B 2, C 2. Game points (局分): A 4 + 1 = 5, B 0 + 4 = 4, C 0 + 3 = 3."""
    needs(*MULTI_GAME)
    rows = _standings(make_meet, podium, "event,name\nxq,A\nxq,B\nxq,C\n",
                      [("1", "1-0, 1-0"), ("2", "1-0, 1-0"), ("3", "1-0, =")], games=2)
    assert rows == [(1, "A", 2), (2, "B", 2), (3, "C", 2)]


def test_team_round_robin_ranks_by_game_points(make_meet, podium):
    """CXA 2011 §14.5, three teams on 2 fixed boards; rounds R1 Y-Z, R2 X-Y, R3 Z-X.
    Y-Z 1-0, 1-0; X-Y 1-0, 1-0; Z-X 1-0, =. Match points 2 each; game points X 5, Y 4, Z 3."""
    needs(*TEAM_ROUND_ROBIN)
    folder = make_meet(
        """
        [meet]
        name = "Teams"
        language = "en"
        [events.xt]
        sport = "xiangqi"
        kind = "team"
        [[events.xt.stages]]
        name = "main"
        format = "round_robin"
        numbers = "list"
        [events.xt.rules]
        boards = 2
        """,
        "event,team,name\nxt,X,X1\nxt,X,X2\nxt,Y,Y1\nxt,Y,Y2\nxt,Z,Z1\nxt,Z,Z2\n",
    )
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "xt")
    for number, text in (("1", "1-0, 1-0"), ("2", "1-0, 1-0"), ("3", "1-0, =")):
        podium(folder, "result", "xt", number, text)
    view = json.loads(podium(folder, "standings", "xt", "--json").output)
    rows = [(r["place"], r["name"], r["points"]) for r in view["stages"][0]["tables"][0]["rows"]]
    assert rows == [(1, "X", 2), (2, "Y", 2), (3, "Z", 2)]
