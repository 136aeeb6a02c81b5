"""Random valid results for demos, benchmarks and property tests (seeded: same generator, same text).

Every structure is covered: played matches of any best-of length and target, the
occasional walkover and retirement, and team ties of any order (line-ups from the
registered players, doubles pairs chosen where the order leaves a choice, stopped at
the majority unless the event plays every rubber).
"""

from __future__ import annotations

import random

from podium.api import Entrant
from podium.plugins.table_tennis.orders import assignments
from podium.plugins.table_tennis.scores import MatchScore
from podium.plugins.table_tennis.ties import Rubber, TieRules, TieScore

WALKOVER_RATE = 0.02
RETIREMENT_RATE = 0.02


def simulate_game(rng: random.Random, winner: int, target: int) -> tuple[int, int]:
    """One finished game won by ``winner``: mostly ``target``–n, sometimes through deuce (ITTF 2.11.1)."""
    if rng.random() < 0.15:
        loser = rng.randint(target - 1, target + 4)
        score = (loser + 2, loser)
    else:
        score = (target, rng.randint(0, target - 2))
    return score if winner == 0 else (score[1], score[0])


def simulate_match(rng: random.Random, best_of: int, target: int, *, strength: float | None = None) -> MatchScore:
    """A best-of-``best_of`` match: about 2 % walkovers, 2 % retirements, the rest played to the end.

    ``strength`` is the chance that side 0 wins a game (random when not given).
    """
    strength = rng.uniform(0.3, 0.7) if strength is None else strength
    roll = rng.random()
    if roll < WALKOVER_RATE:
        return MatchScore(walkover=rng.randrange(2))
    need = best_of // 2 + 1
    won = [0, 0]
    games: list[tuple[int, int]] = []
    retire_after = rng.randrange(need * 2 - 1) if roll < WALKOVER_RATE + RETIREMENT_RATE else None
    while max(won) < need:
        if retire_after is not None and len(games) == retire_after:
            side = rng.randrange(2)
            partial = (rng.randint(0, target - 1), rng.randint(0, target - 1))
            return MatchScore(games=(*games, partial), retired=side)
        winner = 0 if rng.random() < strength else 1
        games.append(simulate_game(rng, winner, target))
        won[winner] += 1
    return MatchScore(games=tuple(games))


def simulate_tie(rng: random.Random, teams: tuple[Entrant, Entrant], rules: TieRules) -> TieScore:
    """A tie between ``teams`` (side 0 first) under ``rules``; a team that cannot field a line-up loses by walkover."""
    fmt = rules.format
    home = rng.randrange(2)
    lineups = []
    for side in (0, 1):
        letters = fmt.letters(0 if side == home else 1)
        eligible = [m.name for m in teams[side].members if rules.substitutions or not m.reserve]
        if len(eligible) < len(letters):
            return TieScore(walkover=1 - side)
        lineups.append(tuple(zip(letters, rng.sample(eligible, len(letters)), strict=True)))
    strength = rng.uniform(0.3, 0.7)
    rubbers: list[Rubber] = []
    won = [0, 0]
    doubles: set[str] = set()
    for spec in fmt.order:
        if max(won) >= fmt.majority and not rules.play_all:
            break
        excluded = set() if spec.doubles else doubles
        players: list[tuple[str, ...]] = []
        for side in (0, 1):
            choices = assignments(spec.slots(0 if side == home else 1), excluded)
            players.append(rng.choice(choices))
        if spec.doubles:
            doubles |= set(players[0]) | set(players[1])
        score = simulate_match(rng, rules.best_of, rules.target, strength=strength)
        rubbers.append(Rubber((players[0], players[1]), score))
        won[0 if score.winner == 0 else 1] += 1
    return TieScore(lineups=(lineups[0], lineups[1]), home=home, rubbers=tuple(rubbers))

