"""Laws that hold for every xiangqi result: simulate() gives valid results for every structure,
the canonical text reads back to the same result, mirroring twice changes nothing and swaps the
outcome's sides, and a knockout result always names who advances."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from podium.model.matches import MatchContext

from .helpers import SPORT, individual, team, team_match

TEAM_SIZES = {"fixed": (4, 4), "substitutes": (6, 5), "per_match": (5, 4), "all_play_all": (3, 3)}

individual_rules = st.fixed_dictionaries({
    "games": st.integers(1, 4),
    "stop_when_decided": st.booleans(),
    "rule_set": st.sampled_from(["cxa2011", "cxa1999", "school"]),
    "foul_limit": st.sampled_from([2, 3]),
    "agreed_draw_minimum": st.sampled_from([0, 20]),
    "playoff_rapid_games": st.integers(0, 2),
    "playoff_armageddon": st.booleans(),
    "colour_lots": st.booleans(),
})

team_rules = st.fixed_dictionaries({
    "team_type": st.sampled_from(sorted(TEAM_SIZES)),
    "games": st.integers(1, 2),
    "rule_set": st.sampled_from(["cxa2011", "cxa1999"]),
})


def _team_context(given_rules: dict, decisive: bool) -> MatchContext:
    first, second = TEAM_SIZES[given_rules["team_type"]]
    boards = 3 if given_rules["team_type"] == "all_play_all" else 4
    a = team("A", [f"A{i}" for i in range(1, first + 1)])
    b = team("B", [f"B{i}" for i in range(1, second + 1)])
    return team_match(a, b, decisive=decisive, boards=boards, **given_rules)


def _check(ctx: MatchContext, seed: int) -> None:
    text = SPORT.simulate(random.Random(seed), ctx)
    assert SPORT.simulate(random.Random(seed), ctx) == text  # seeded: same rng, same text
    result = SPORT.parse_result(text, ctx)
    canonical = SPORT.format_result(result, ctx)
    assert SPORT.parse_result(canonical, ctx) == result
    assert SPORT.format_result(SPORT.parse_result(canonical, ctx), ctx) == canonical
    assert SPORT.mirror(SPORT.mirror(result, ctx), ctx) == result
    outcome = SPORT.outcome(result, ctx)
    swapped = MatchContext(ctx.event, ctx.rules, (ctx.sides[1], ctx.sides[0]), ctx.decisive)
    assert SPORT.outcome(SPORT.mirror(result, ctx), swapped) == outcome.mirrored()
    if ctx.decisive:
        assert outcome.winner is not None
    fouls = outcome.stats.get("fouls", (0, 0))
    assert all(0 <= f for f in fouls)


@settings(max_examples=150, deadline=None)
@given(individual_rules, st.booleans(), st.integers(0, 10**6))
def test_individual_results(given_rules, decisive, seed):
    _check(individual(decisive=decisive, **given_rules), seed)


@settings(max_examples=100, deadline=None)
@given(team_rules, st.booleans(), st.integers(0, 10**6))
def test_team_results(given_rules, decisive, seed):
    _check(_team_context(given_rules, decisive), seed)


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 10**6))
def test_game_points_add_up(seed):
    """Every decided game gives 2 game points and every draw 1 + 1 (CXA 2011 §13.1), so a played
    match's game points add up to 2 per game unless games were lost by both or double forfeited."""
    ctx = individual(games=4)
    result = SPORT.parse_result(SPORT.simulate(random.Random(seed), ctx), ctx)
    outcome = SPORT.outcome(result, ctx)
    if result.walkover is None:
        assert sum(outcome.stats["games"]) == 2 * len(result.games)
