"""The Chinese checkers sport (跳棋): two-player games, 1/½/0 with the 0.75/0.25 deadlock.

Chinese checkers is played by 2, 3, 4 or 6 (general Chinese checkers rules, players); Podium's matches have two
sides, so this sport is the two-player game, the one the knockout rules (Chinese checkers rules 2012) and
the league rules (student board-games league plan §7.5) describe. ``docs/plugins.md`` says what games of three or more
would need. Results are read by :mod:`podium_chinese_checkers.games`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from podium.api import (
    N_,
    EntrantKind,
    Label,
    MatchContext,
    Option,
    Outcome,
    OutcomeKind,
    ResultError,
    Scoring,
    Sport,
    forfeit,
)

from podium_chinese_checkers.games import DEADLOCK, DRAW, FORFEIT, WIN, Game, format_game, parse_game
from podium_chinese_checkers.i18n import _

DEADLOCK_SHARES = (0.75, 0.25)
"""The side half a step ahead in a deadlock scores 0.75, the other 0.25 (general Chinese checkers rules, additional rule 4)."""


class ChineseCheckers(Sport):
    """Chinese checkers (跳棋) for two players, under the rules of docs/sources.md."""

    name = "chinese_checkers"
    title = Label(zh="跳棋", en="Chinese checkers")
    entrant_kinds = (EntrantKind.INDIVIDUAL,)
    options = (
        Option("deadlock", bool, True, "A game without progress for ten rounds may be declared a deadlock, scored 0.75/0.25; "
               "false: the knockout rules, where the blocking rule decides instead", source="general Chinese checkers rules, additional rule 4; Chinese checkers rules 2012 §6"),
        Option("time_warnings", int, 2, "Overstepping 30 s a move is warned; this warning loses the game",
               choices=(2, 3), source="Chinese checkers rules 2012 §2 (2); student board-games league plan §7.5, item 1 (3)"),
        Option("late_limit", int, 5, "Minutes late after which a player loses by forfeit", minimum=1, maximum=60,
               source="Chinese checkers rules 2012 §6"),
    )
    scoring = Scoring(win=1, draw=0.5, loss=0)  # general Chinese checkers rules, scoring: 胜者1分,负者0分,和棋各记0.5分
    tiebreaks = {"default": ("sonneborn_berger", "wins", "head_to_head", "lots")}
    draws_allowed = True
    score_sheet = "score_sheets/chinese_checkers.html"

    def parse_result(self, text: str, ctx: MatchContext) -> Game:
        game = parse_game(text)
        if game.kind == DEADLOCK and not ctx.rules["deadlock"]:
            raise ResultError(
                N_("This event has no deadlock rule (option deadlock = false): a blocked game is decided by the blocking rule (Chinese checkers rules 2012 §6), e.g. 1-0 trapped."), code="chinese_checkers.deadlock_not_allowed", catalog=_
            )
        if ctx.decisive and game.kind in (DRAW, DEADLOCK):
            raise ResultError(
                N_("One game decides a knockout match and the winner goes on (Chinese checkers rules 2012 §4), so it cannot end {result}; decide it by the blocking rule (§6), e.g. 1-0 trapped."), code="chinese_checkers.knockout_deadlock", catalog=_, result=format_game(game)
            )
        return game

    def format_result(self, result: Game, ctx: MatchContext) -> str:
        return format_game(result)

    def mirror(self, result: Game, ctx: MatchContext) -> Game:
        return result.mirrored()

    def outcome(self, result: Game, ctx: MatchContext) -> Outcome:
        if result.kind == FORFEIT:
            return forfeit(result.winner)
        if result.kind == DRAW:
            return Outcome.draw()
        if result.kind == DEADLOCK:
            ahead, behind = DEADLOCK_SHARES
            # No winner: a deadlock is between a win and a draw, and Scoring gives each side its share.
            return Outcome(kind=OutcomeKind.PLAYED, winner=None, shares=(ahead, behind) if result.winner == 0 else (behind, ahead))
        assert result.winner is not None
        return Outcome.win(result.winner)

    def simulate(self, rng: random.Random, ctx: MatchContext) -> str:
        roll = rng.random()
        if roll < 0.04:
            return format_game(Game(FORFEIT, rng.randrange(2)))
        if not ctx.decisive and roll < 0.10:
            return format_game(Game(DRAW))
        if not ctx.decisive and ctx.rules["deadlock"] and roll < 0.18:
            return format_game(Game(DEADLOCK, rng.randrange(2)))
        reason = rng.choice(("finish", "finish", "finish", "finish", "time", "blocked", "trapped"))
        return format_game(Game(WIN, rng.randrange(2), reason))

    def result_examples(self, ctx: MatchContext) -> tuple[str, ...]:
        examples = ["1-0", "0-1 time", "1-0 trapped"]
        if not ctx.decisive:
            examples.append("=")
            if ctx.rules["deadlock"]:
                examples.append("0.75-0.25")
        return (*examples, "+:-")

    def score_sheet_fields(self, ctx: MatchContext) -> Mapping[str, Any]:
        rules = ctx.rules
        notes = [
            _("30 seconds a move; overstepping is warned, and warning {n} loses the game (Chinese checkers rules 2012 §2; student board-games league plan §7.5, item 1).").format(n=rules["time_warnings"]),
            _("More than {n} minutes late loses by forfeit (Chinese checkers rules 2012 §6).").format(n=rules["late_limit"]),
            _("A player whose pieces cannot move loses; of two with trapped pieces, the one with more loses (Chinese checkers rules 2012 §6)."),
        ]
        if rules["deadlock"] and not ctx.decisive:
            notes.append(_("Ten rounds without progress may be declared a deadlock: 0.75 to the side half a step ahead, 0.25 to the other (general Chinese checkers rules, additional rule 4)."))
        return {"notes": tuple(notes)}
