"""Laws as properties: every valid match is accepted, every rule-breaking mutation is refused with its reason.

Generated from the laws, not from the code: a finished game is (T, l) with l ≤ T−2 or
(l+2, l) with l ≥ T−1 (ITTF 2.11.1); a best-of-N match is a sequence in which the
winner takes exactly ⌈N/2⌉ games, the last one among them (ITTF 2.12).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from podium.errors import ResultError
from podium.model.entrants import EntrantKind
from podium.plugins.table_tennis.orders import PRESETS, tie_format

from .helpers import LIONS, SPORT, TIGERS, ctx, team, team_ctx

BEST_OF = st.sampled_from([1, 3, 5, 7])
TARGET = st.sampled_from([11, 21])


@st.composite
def game(draw, target: int, winner: int) -> tuple[int, int]:
    """A finished game won by ``winner`` (ITTF 2.11.1)."""
    if draw(st.booleans()):
        score = (target, draw(st.integers(0, target - 2)))
    else:
        loser = draw(st.integers(target - 1, target + 15))
        score = (loser + 2, loser)
    return score if winner == 0 else (score[1], score[0])


@st.composite
def match(draw):
    """(best_of, target, games, winner) of a complete valid match."""
    best_of, target = draw(BEST_OF), draw(TARGET)
    need = best_of // 2 + 1
    winner = draw(st.integers(0, 1))
    losses = draw(st.integers(0, need - 1))
    order = draw(st.permutations([winner] * (need - 1) + [1 - winner] * losses)) + [winner]
    games = [draw(game(target, w)) for w in order]
    return best_of, target, games, winner


def text(games) -> str:
    return " ".join(f"{a}-{b}" for a, b in games)


@settings(max_examples=300, deadline=None)
@given(match())
def test_every_valid_match_is_accepted(generated):
    best_of, target, games, winner = generated
    rules = ctx(best_of=best_of, game_points=target)
    result = SPORT.parse_result(text(games), rules)
    outcome = SPORT.outcome(result, rules)
    assert outcome.winner == winner
    assert max(outcome.stats["games"]) == best_of // 2 + 1
    assert SPORT.parse_result(SPORT.format_result(result, rules), rules) == result
    mirrored = SPORT.parse_result(text((b, a) for a, b in games), rules)
    assert SPORT.mirror(result, rules) == mirrored


@st.composite
def broken_game(draw, target: int):
    """A game score that breaks ITTF 2.11.1, with the phrase its reason must contain."""
    kind = draw(st.sampled_from(["level", "by_one", "unfinished", "overrun"]))
    if kind == "level":
        n = draw(st.integers(0, target + 10))
        score, reason = (n, n), "is level"
    elif kind == "by_one":
        loser = draw(st.integers(target - 1, target + 10))
        score, reason = (loser + 1, loser), "a game goes on until one side leads by 2 points"
    elif kind == "unfinished":
        high = draw(st.integers(1, target - 1))
        score, reason = (high, draw(st.integers(0, high - 1))), "is not finished"
    else:
        high = draw(st.integers(target + 1, target + 15))
        score, reason = (high, draw(st.integers(0, high - 3))), "is impossible: the game was over at"
    return (score if draw(st.booleans()) else (score[1], score[0])), reason


@settings(max_examples=300, deadline=None)
@given(match(), st.data())
def test_every_rule_breaking_mutation_is_refused_with_its_reason(generated, data):
    best_of, target, games, _winner = generated
    rules = ctx(best_of=best_of, game_points=target)
    mutation = data.draw(st.sampled_from(["break_a_game", "game_after_decision", "drop_last_game"]))
    if mutation == "break_a_game":
        index = data.draw(st.integers(0, len(games) - 1))
        bad, reason = data.draw(broken_game(target))
        games = [*games[:index], bad, *games[index + 1 :]]
        reason = f"Game {index + 1} ({bad[0]}-{bad[1]}) {reason}" if reason == "is level" else f"Game {index + 1} ({bad[0]}-{bad[1]})"
        if len(games) == 1 and max(bad) <= best_of:  # a lone token this small reads as a game count (ITTF 2.12)
            need = best_of // 2 + 1
            possible = max(bad) == need and min(bad) < need
            reason = "is a game count, but this event needs every game score" if possible else "is not a possible best-of"
    elif mutation == "game_after_decision":
        games = [*games, data.draw(game(target, data.draw(st.integers(0, 1))))]
        reason = f"Game {len(games)}: the best-of-{best_of} match was already decided"
    else:
        games = games[:-1]
        reason = "The result is empty" if not games else "The match is not finished"
        if len(games) == 1 and sorted(games[0]) == [0, target]:  # a lone 11:0 is how table-tennis plan 1 §6(2) writes a walkover
            reason = "alone is not a finished"
    with pytest.raises(ResultError) as refused:
        SPORT.parse_result(text(games), rules)
    assert reason in refused.value.message


@settings(max_examples=100, deadline=None)
@given(BEST_OF, st.integers(0, 7), st.integers(0, 7))
def test_game_counts_follow_the_best_of(best_of, a, b):
    """A count a:b is a result exactly when max = ⌈N/2⌉ and min < ⌈N/2⌉ (ITTF 2.12)."""
    need = best_of // 2 + 1
    rules = ctx(best_of=best_of, games_only=True)
    if max(a, b) == need and min(a, b) < need:
        assert SPORT.parse_result(f"{a}:{b}", rules).game_count == (a, b)
    elif max(a, b) <= best_of:
        with pytest.raises(ResultError) as refused:
            SPORT.parse_result(f"{a}:{b}", rules)
        assert "is not a possible best-of" in refused.value.message


RULE_SETS = st.fixed_dictionaries(
    {
        "best_of": BEST_OF,
        "game_points": TARGET,
        "tie": st.sampled_from([*PRESETS, "A-X, B-Y, A+B-X+Y, A-Y, B-X", "A-X, B/C-Y/Z, A+B/C-X+Y/Z, B/C-Y/Z, A-X"]),
        "play_all_rubbers": st.booleans(),
        "walkover_in_ratios": st.booleans(),
    }
)


@settings(max_examples=200, deadline=None)
@given(RULE_SETS, st.integers(0, 10**6), st.booleans())
def test_simulated_ties_are_valid(rules, seed, reverse):
    """simulate() gives a tie the sport accepts for every order and option; canonical text and mirror round-trip."""
    context = team_ctx(**rules)
    text = SPORT.simulate(random.Random(seed), context)
    result = SPORT.parse_result(text, context)
    assert SPORT.format_result(result, context) == text
    outcome = SPORT.outcome(result, context)
    if result.walkover is None:
        rubbers = outcome.stats["rubbers"]
        majority = len(result.rubbers) if rules["play_all_rubbers"] else None
        assert max(rubbers) >= len(result.rubbers) // 2 + 1 and (majority is None or majority == len(result.rubbers))
    other = type(context)(event=context.event, rules=context.rules, sides=(LIONS, TIGERS))
    mirrored = SPORT.parse_result(SPORT.format_result(SPORT.mirror(result, context), other), other)
    assert SPORT.mirror(mirrored, other) == result


@settings(max_examples=200, deadline=None)
@given(BEST_OF, TARGET, st.sampled_from(list(EntrantKind)[:2]), st.integers(0, 10**6))
def test_simulated_matches_are_valid(best_of, target, kind, seed):
    rules = ctx(kind, best_of=best_of, game_points=target)
    text = SPORT.simulate(random.Random(seed), rules)
    assert SPORT.format_result(SPORT.parse_result(text, rules), rules) == text


@settings(max_examples=150, deadline=None)
@given(RULE_SETS, st.integers(0, 10**6), st.data())
def test_tie_mutations_are_refused(rules, seed, data):
    """Breaking a tie's rules — a stranger in the line-up, a player twice, a rubber after the decision, a rubber missing — is refused."""
    context = team_ctx(**rules)
    text = SPORT.simulate(random.Random(seed), context)
    result = SPORT.parse_result(text, context)
    if result.walkover is not None:
        return
    lineups, rubbers = text.split("; ", 2)[:2], text.split("; ", 2)[2].split(" | ")
    mutation = data.draw(st.sampled_from(["stranger", "twice", "extra_rubber", "drop_rubber"]))
    if mutation == "stranger":
        name = lineups[0].split(" ")[0].split("=")[1]
        bad = text.replace(f"={name} ", "=Nobody ", 1).replace(f"={name};", "=Nobody;", 1)
        reason = "Nobody is not a member of"
    elif mutation == "twice":
        first, second = (entry.split("=")[1] for entry in lineups[0].split(" ")[:2])
        bad = text.replace(f"={second}", f"={first}", 1)
        reason = "is named twice in the line-up"
    elif mutation == "extra_rubber":
        bad = f"{text} | 11-0 11-0 11-0 11-0"
        complete = len(rubbers) == len(tie_format(rules["tie"]).order)
        reason = "this tie has only" if complete else "the tie was already decided"
    else:
        bad = "; ".join([*lineups, " | ".join(rubbers[:-1])])
        reason = "plays all" if rules["play_all_rubbers"] else "The tie is not finished"
    with pytest.raises(ResultError) as refused:
        SPORT.parse_result(bad, context)
    assert reason in refused.value.message


def test_a_team_too_small_to_field_a_lineup_loses_the_simulated_tie_by_walkover():
    small = team("Pair", "甲", "乙")
    context = type(team_ctx())(event="team", rules=team_ctx().rules, sides=(small, LIONS))
    assert SPORT.simulate(random.Random(1), context) == "-:+"
