"""Gomoku results: reading, writing, scoring and simulating a match of games (rules A and B,
see :mod:`.renju`).

The sport (:mod:`.sport`) declares the options and chains and calls this module when a result
is read, written, scored or simulated; it is imported only then, so that commands which meet no
gomoku result do not load the result grammar (:mod:`.matches`) and the renju referee (:mod:`.renju`).

Outcome counters per side: ``games`` game points (2/1/0 per game), ``game_wins``,
``second_games`` and ``second_wins`` (White moves second in gomoku, rules A, basic rule 1), and
``fouls`` (games lost by a forbidden move).
"""

from __future__ import annotations

import random

import attrs

from podium.api import MatchContext, Outcome, forfeit
from podium.plugins.gomoku.matches import (
    BLACK,
    DRAW,
    FIVE,
    FORBIDDEN,
    RESIGN,
    TIME,
    WHITE,
    Game,
    Match,
    Rules,
    format_match,
    parse_match,
    read_games,
    tally,
)


def match_outcome(match: Match, rules: Rules) -> Outcome:
    """The outcome of a valid match: the winner by rule set, with per-side counters.

    Rules A: the side with ``wins`` game wins. Rules B: more game points; equal is a drawn
    match (a valid knockout match has had its extra games, so it is never level).
    """
    if match.forfeit is not None:
        return forfeit(match.forfeit.winner)
    won, points = tally(match)
    second_games, second_wins, fouls = [0, 0], [0, 0], [0, 0]
    for number, game in enumerate(match.games, start=1):
        white = 1 - match.black(number)
        second_games[white] += 1
        if game.winner == WHITE:
            second_wins[white] += 1
        if game.reason == FORBIDDEN:
            fouls[match.black(number)] += 1
    stats: dict[str, tuple[float, float]] = {
        "games": (points[0], points[1]),
        "game_wins": (won[0], won[1]),
        "second_games": (second_games[0], second_games[1]),
        "second_wins": (second_wins[0], second_wins[1]),
        "fouls": (fouls[0], fouls[1]),
    }
    if rules.rule_set == "A":
        return Outcome.win(0 if won[0] > won[1] else 1, stats=stats, first_mover=match.black(1))
    if points[0] == points[1]:
        return Outcome.draw(stats=stats, first_mover=match.black(1))
    return Outcome.win(0 if points[0] > points[1] else 1, stats=stats, first_mover=match.black(1))


def parse_result(text: str, ctx: MatchContext) -> Match:
    """A match of games (rules A, rules B) with Black in game 1 as the match lists its sides."""
    match = parse_match(text, Rules.of(ctx.rules), ctx.decisive)
    return with_colours(match, ctx) if ctx.reversed else match


def format_result(result: Match, ctx: MatchContext) -> str:
    """The canonical text of ``result`` as the context lists the sides (``black:1`` when given in reverse)."""
    if not ctx.reversed or result.forfeit is not None:
        return format_match(result)
    stated = with_colours(result, ctx)
    text = format_match(attrs.evolve(stated, first_black=None))
    return text if stated.first_black == 1 else f"{text} black:1"


def read_result(result: Match, ctx: MatchContext) -> str:
    """``result`` as a Chinese reader reads it (the sport's ``describe_result`` answers English with the canonical
    text): the games in the rules' own words (:func:`.matches.read_games`: ``黑胜（五连）、白胜（超时）、和棋``),
    saying who had Black in game 1 where the canonical text does."""
    if result.forfeit is not None:
        return read_games(result, None)
    if not ctx.reversed:
        return read_games(result, 2 if result.first_black == 1 else None)
    stated = with_colours(result, ctx)
    return read_games(stated, None if stated.first_black == 1 else 1)


def outcome(result: Match, ctx: MatchContext) -> Outcome:
    """The outcome of a valid match with its colours stated (:func:`match_outcome`)."""
    return match_outcome(with_colours(result, ctx), Rules.of(ctx.rules))


def simulate(rng: random.Random, ctx: MatchContext) -> str:
    """A random valid match: games until the rule set says it is over (a knockout match is never level)."""
    rules = Rules.of(ctx.rules)
    match = Match(first_black=rng.randrange(2))
    strength = rng.uniform(0.3, 0.7)
    reasons = [FIVE] * 6 + [TIME, RESIGN, RESIGN] + ([FORBIDDEN] if rules.record.policy != "replay" else [])
    while not _finished(match, rules, ctx.decisive):
        number = len(match.games) + 1
        if rng.random() < 0.08:
            game = Game(None, DRAW)
        else:
            side = 0 if rng.random() < strength else 1
            colour = BLACK if match.black(number) == side else WHITE
            reason = rng.choice(reasons)
            if reason == FORBIDDEN and colour == BLACK:
                reason = FIVE
            game = Game(colour, reason)
        match = Match(games=(*match.games, game), first_black=match.first_black)
    return format_match(match)


def result_examples(ctx: MatchContext) -> tuple[str, ...]:
    """A match the first-listed player wins under the event's rule set, the same with a record of
    game 1 on the event's board (five in a row from the centre point, rules A, basic rule 1), and a forfeit."""
    rules = Rules.of(ctx.rules)
    games = _example_games(rules)
    size = rules.record.size
    centre = size // 2
    black = [f"{_FILES[centre + i]}{centre + 1}" for i in range(5)]
    white = [f"a{row}" for row in (1, 3, 5, 7)]
    record = " ".join(m for pair in zip(black, [*white, ""], strict=True) for m in pair if m)
    recorded = " ".join([f"{games[0]}[{record}]", *games[1:]])
    return (" ".join(games), recorded, "+:-")


_FILES = "abcdefghijklmnopqrs"


def with_colours(match: Match, ctx: MatchContext) -> Match:
    """``match`` with Black in game 1 stated: when the result does not say, the side the match lists
    first (rules A §2.2; rules B §1: colours are settled before the match, not by the order a result is
    typed; that side is ``sides[1]`` when the context is given in reverse)."""
    if match.forfeit is not None or match.first_black is not None:
        return match
    return attrs.evolve(match, first_black=1 if ctx.reversed else 0)


def _example_games(rules: Rules) -> list[str]:
    """Games the first-listed player (Black in game 1) wins, with a draw as game 3 where the match is long
    enough: until ``wins`` game wins (rules A) or ``games`` games (rules B); colours alternate."""
    white_wins = ["W+time", "W+forbidden" if rules.record.policy != "replay" else "W+resign"]
    games: list[str] = []
    won = 0
    while (won < rules.wins) if rules.rule_set == "A" else (len(games) < rules.games):
        number = len(games) + 1
        long_enough = rules.wins >= 3 if rules.rule_set == "A" else rules.games >= 3
        if number == 3 and long_enough:
            games.append("=")
            continue
        if number % 2 == 1:
            games.append("B+five")
        else:
            games.append(white_wins[(number // 2 - 1) % 2])
        won += 1
    return games


def _finished(match: Match, rules: Rules, decisive: bool) -> bool:
    won, points = tally(match)
    if rules.rule_set == "A":
        return max(won) == rules.wins
    played = len(match.games)
    if played < rules.games:
        return False
    if not decisive or played == rules.games and points[0] != points[1]:
        return True
    return match.games[-1].winner is not None and played > rules.games
