"""The gomoku (五子棋) sport: matches of games under the renju forbidden-move rules of seed 003.

Rule set A (003:L12–13, the 2012 college rules): a match is won by the first player to win
``wins`` games (default 3); draws are possible and do not count; Black in game 1 by guessing
odd or even, then Black alternates. Rule set B (003:L28): ``games`` games per match (default
2), colours swapped in game 2, each game scored 2/1/0; more game points wins the match.
Games may carry their record, which :mod:`records` adjudicates with :mod:`renju`.

Outcome counters per side: ``games`` game points (2/1/0 per game), ``game_wins``,
``second_games`` and ``second_wins`` (White moves second in gomoku, 003:L12@287), and
``fouls`` (games lost by a forbidden move).
"""

from __future__ import annotations

import random

from podium.entrants import EntrantKind
from podium.i18n import Label
from podium.matches import MatchContext
from podium.options import Option
from podium.outcomes import Outcome, forfeit
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
    tally,
)
from podium.plugins.gomoku.renju import FORBIDDEN_POLICIES
from podium.scoring import PRESETS
from podium.sports import Sport


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


class Gomoku(Sport):
    """Gomoku (五子棋) with renju forbidden moves for Black, rule sets A and B of seed 003."""

    name = "gomoku"
    title = Label(zh="五子棋", en="Gomoku")
    entrant_kinds = (EntrantKind.INDIVIDUAL,)
    options = (
        Option("rule_set", str, "A", "A: first to `wins` game wins, colours alternate; B: `games` games scored 2/1/0, colours swap",
               choices=("A", "B"), source="seed 003 L12 (A), L28 (B)"),
        Option("wins", int, 3, "Rule set A: game wins that take the match (draws do not count)", minimum=1, maximum=9,
               source="seed 003 L12@58"),
        Option("games", int, 2, "Rule set B: games per match", minimum=1, maximum=10, source="seed 003 L28@0"),
        Option("forbidden_policy", str, "auto_loss", "What Black's forbidden move does: loses at once, loses only when White "
               "points it out, or is played again when pointed out", choices=FORBIDDEN_POLICIES,
               source="seed 003 L13@345 (auto_loss), L28@215 (claim_required), L12@96 (replay)"),
        Option("board_size", int, 15, "Lines of the board (the seeds name no size; 15 is the renju board)",
               choices=(9, 11, 13, 15, 17, 19)),
        Option("centre_first", bool, True, "Black's first move is on the centre point (天元)", source="seed 003 L12@287"),
    )
    scoring = PRESETS["2-1-0"]
    tiebreaks = {"default": ("sonneborn_berger", "wins")}
    draws_allowed = True

    def parse_result(self, text: str, ctx: MatchContext) -> Match:
        return parse_match(text, Rules.of(ctx.rules), ctx.decisive)

    def format_result(self, result: Match, ctx: MatchContext) -> str:
        return format_match(result)

    def mirror(self, result: Match, ctx: MatchContext) -> Match:
        return result.mirrored()

    def outcome(self, result: Match, ctx: MatchContext) -> Outcome:
        return match_outcome(result, Rules.of(ctx.rules))

    def simulate(self, rng: random.Random, ctx: MatchContext) -> str:
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

    def result_examples(self, ctx: MatchContext) -> tuple[str, ...]:
        return ("B+five W+time = W+forbidden", "B+five[h8 a1 i8 a3 j8 a5 k8 a7 l8] W+resign W+time W+five", "+:-")


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
