"""Random valid xiangqi results for demos, benchmarks and property tests (seeded: same rng, same result).

Games are drawn with plausible frequencies (red wins a little more often than black,
about a third drawn), with reasons the event's rule set allows and an occasional foul
or warning; multi-game matches, knockout tie-breaks and every team type are covered.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from podium.api import MatchContext
from podium.plugins.xiangqi.games import Game, GameKind
from podium.plugins.xiangqi.reasons import reasons_for
from podium.plugins.xiangqi.results import GameMatch, Playoff, colour_of, lot_required
from podium.plugins.xiangqi.team_results import TeamMatch
from podium.plugins.xiangqi.teams import board_pairs, lineups, slot_red


def game(rng: random.Random, rules: Mapping[str, Any], red: int, *, draw: bool = True) -> Game:
    """One random valid game in which side ``red`` plays red."""
    roll = rng.random()
    if roll < 0.02:
        return Game(GameKind.FORFEIT, rng.randrange(2))
    rule_set, limit = rules["rule_set"], rules["foul_limit"]
    if draw and roll < 0.35:
        reason = rng.choice([None, *(r.code for r in reasons_for(rule_set, draw=True))])
        shortest = max(rules["move_limit"], rules["agreed_draw_minimum"])
        moves = rng.randint(shortest, max(shortest, 120))
        fouls = _some(rng, limit - 1)
        return Game(GameKind.PLAYED, None, reason, fouls, _some(rng, 1), moves if reason in ("agreed", "move-limit") else None)
    winner = red if roll < 0.7 else 1 - red
    reason = rng.choice([None, *(r.code for r in reasons_for(rule_set, draw=False))])
    fouls = list(_some(rng, limit - 1))
    if reason == "fouls":
        fouls[1 - winner] = limit
    return Game(GameKind.PLAYED, winner, reason, (fouls[0], fouls[1]), _some(rng, 1))


def _some(rng: random.Random, most: int) -> tuple[int, int]:
    """Usually nothing, sometimes up to ``most`` for one side (fouls, warnings)."""
    counts = [0, 0]
    if most > 0 and rng.random() < 0.15:
        counts[rng.randrange(2)] = rng.randint(1, most)
    return (counts[0], counts[1])


def match(rng: random.Random, ctx: MatchContext) -> GameMatch:
    """A random individual match: its games, and a tie-break when a knockout match ends level."""
    rules = ctx.rules
    if rng.random() < 0.03:
        return GameMatch(walkover=Game(GameKind.FORFEIT, rng.randrange(2)))
    red = rng.randrange(2) if lot_required(ctx) else 0
    count = rules["games"]
    games: list[Game] = []
    won = [0.0, 0.0]
    while len(games) < count and not (rules["stop_when_decided"] and abs(won[0] - won[1]) > count - len(games)):
        played = game(rng, rules, colour_of(red, len(games)))
        games.append(played)
        won = [won[0] + played.shares()[0], won[1] + played.shares()[1]]
    result = GameMatch(games=tuple(games), red=red)
    if ctx.decisive and won[0] == won[1]:
        return GameMatch(games=tuple(games), red=red, playoff=_playoff(rng, rules, colour_of(red, len(games))))
    return result


def _playoff(rng: random.Random, rules: Mapping[str, Any], next_red: int) -> Playoff:
    rapid: list[Game] = []
    for index in range(rules["playoff_rapid_games"]):
        played = game(rng, rules, colour_of(next_red, index))
        rapid.append(played)
        if played.winner is not None:
            return Playoff(rapid=tuple(rapid))
    if rules["playoff_armageddon"]:
        armageddon_red = rng.randrange(2)
        return Playoff(tuple(rapid), game(rng, rules, armageddon_red), armageddon_red)
    return Playoff(tuple(rapid), lots=rng.randrange(2))


def team_match(rng: random.Random, ctx: MatchContext) -> TeamMatch:
    """A random team match with valid line-ups for the event's team type (CXA 2011 §11.1–11.4)."""
    rules = ctx.rules
    if rng.random() < 0.02:
        return TeamMatch(walkover=Game(GameKind.FORFEIT, rng.randrange(2)))
    team_type, boards, count = rules["team_type"], rules["boards"], rules["games"]
    chosen = [_lineup(rng, team_type, boards, len(team.members)) for team in ctx.sides]
    implied = tuple(range(1, boards + 1))
    stored = None if chosen == [None, None] else (chosen[0] or implied, chosen[1] or implied)
    red = rng.randrange(2) if lot_required(ctx) else 0
    sizes = (len(ctx.sides[0].members), len(ctx.sides[1].members))
    played = tuple(
        tuple(game(rng, rules, colour_of(slot_red(team_type, slot, red), index)) for index in range(count))
        for slot in board_pairs(team_type, boards, sizes)
    )
    shares = [g.shares() for board in played for g in board]
    level = sum(s[0] for s in shares) == sum(s[1] for s in shares)
    lots = rng.randrange(2) if ctx.decisive and level else None
    return TeamMatch(boards=played, lineups=stored, red=red, lots=lots)


def _lineup(rng: random.Random, team_type: str, boards: int, members: int) -> tuple[int, ...] | None:
    """A random allowed line-up, or ``None`` when it is implied (fixed boards, nobody left out)."""
    if team_type == "substitutes" and members > boards:
        return rng.choice(lineups(members, boards))
    if team_type == "per_match":
        chosen = rng.sample(range(1, members + 1), boards)
        return tuple(chosen)
    return None
