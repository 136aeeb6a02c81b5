"""What the conformance suite found in the built-in sports, pinned by hand-worked cases.

A reversed context (:attr:`MatchContext.reversed`) lists the sides swapped, and facts the draw
fixed belong to ``sides[1]``: the colours of weiqi and gomoku; examples shown with a refused
result must be valid in the match's own event; the xiangqi simulator must work for every
allowed option value.
"""

from __future__ import annotations

import random
import re

import attrs

from podium.model.entrants import Entrant, EntrantKind, Person
from podium.model.matches import MatchContext
from podium.model.options import resolve_options
from podium.registry import registry

ANN = Entrant("1", "e", EntrantKind.INDIVIDUAL, "Ann", (Person("Ann"),))
BO = Entrant("2", "e", EntrantKind.INDIVIDUAL, "Bo", (Person("Bo"),))


def context(sport: str, **given: object) -> MatchContext:
    found = registry().sport(sport)
    rules = resolve_options(found.options, given, "test") | {"kind": "individual"}
    return MatchContext("e", rules, (ANN, BO))


def reverse(ctx: MatchContext) -> MatchContext:
    return attrs.evolve(ctx, sides=(ctx.sides[1], ctx.sides[0]), reversed=True)


def test_weiqi_black_is_the_listed_first_side_in_a_reversed_context():
    """Ann is listed first, so Ann has Black (the match's colours). "B+R" read with the names
    reversed (Bo, Ann): Black won, Black is Ann = side 2 of the reversed context."""
    weiqi = registry().sport("weiqi")
    given = reverse(context("weiqi"))
    assert weiqi.outcome(weiqi.parse_result("B+R", given), given).winner == 1
    assert weiqi.outcome(weiqi.mirror(weiqi.parse_result("B+R", given), given), context("weiqi")).winner == 0


def test_weiqi_keeps_stated_colours_in_a_reversed_context():
    """Typed as (Bo, Ann) "B+R black:1": Bo had Black and won; written back in that order it still says so."""
    weiqi = registry().sport("weiqi")
    given = reverse(context("weiqi"))
    assert weiqi.format_result(weiqi.parse_result("B+R black:1", given), given) == "B+R black:1"
    assert weiqi.outcome(weiqi.mirror(weiqi.parse_result("B+R black:1", given), given), context("weiqi")).winner == 1


def test_gomoku_first_black_is_the_listed_first_side_in_a_reversed_context():
    """College gomoku rules 2012 §2.2: colours alternate from game 1, where Ann (listed first) has Black. Typed as (Bo, Ann):
    B+five (Ann), W+time (Ann is White in game 2), = , W+forbidden (Ann White in game 4): Ann 3 wins,
    side 2 of the reversed context; the mirrored match is Ann's, side 1."""
    gomoku = registry().sport("gomoku")
    given = reverse(context("gomoku"))
    result = gomoku.parse_result("B+five W+time = W+forbidden", given)
    assert gomoku.outcome(result, given).winner == 1
    assert gomoku.outcome(gomoku.mirror(result, given), context("gomoku")).winner == 0
    assert gomoku.format_result(gomoku.parse_result("B+five black:1", reverse(context("gomoku", wins=1))),
                                reverse(context("gomoku", wins=1))) == "B+five black:1"


def test_examples_follow_the_events_rules():
    """A refused result shows examples of the same event: best of 5 pulls → 3:2; 21-point games (best of 5)
    → 21-19 19-21 21-17 21-15;
    gomoku rule set B with 2 games → two games; weiqi on 9×9 with komi 3¾ → par 40½ + 3¾ = 44¼,
    the first whole count Black wins with is 45."""
    assert registry().sport("fun_games").result_examples(context("fun_games", measure="pulls", best_of=5))[:2] == ("3:2", "3:0")
    assert registry().sport("table_tennis").result_examples(context("table_tennis", game_points=21))[0] == "21-19 19-21 21-17 21-15"
    assert registry().sport("gomoku").result_examples(context("gomoku", rule_set="B"))[0] == "B+five W+time"
    assert "B45" in registry().sport("weiqi").result_examples(context("weiqi", board_size=9))


def test_xiangqi_simulates_with_the_highest_agreed_draw_minimum():
    """Xiangqi supplementary rules §1.6: an agreed draw needs 200 moves here; simulated agreed draws last at least that long."""
    xiangqi = registry().sport("xiangqi")
    ctx = context("xiangqi", agreed_draw_minimum=200)
    texts = [xiangqi.simulate(random.Random(seed), ctx) for seed in range(40)]
    for text in texts:
        xiangqi.parse_result(text, ctx)
    moves = [int(m) for t in texts for m in re.findall(r"agreed[^,|]*?moves=(\d+)", t)]
    assert moves and min(moves) >= 200
