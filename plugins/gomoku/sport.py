"""The gomoku (五子棋) sport: matches of games under the renju forbidden-move rules of two
Chinese rule sets (docs/sources.md).

Rule set A (the college gomoku rules 2012): a match is won by the first player to win
``wins`` games (default 3); draws are possible and do not count; Black in game 1 by guessing
odd or even, then Black alternates. Rule set B (the gomoku contest rules): ``games`` games per match (default
2), colours swapped in game 2, each game scored 2/1/0; more game points wins the match.
Games may carry their record, which :mod:`.records` adjudicates with :mod:`.renju`. This module
declares the options and chains; :mod:`.results` reads, writes and scores a match.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from podium.api import N_, EntrantKind, Label, MatchContext, Message, Option, Outcome, Sport, current_language
from podium.api import SCORING_PRESETS as PRESETS
from podium.plugins.gomoku.policies import FORBIDDEN_POLICIES

if TYPE_CHECKING:
    from podium.plugins.gomoku.matches import Match


class Gomoku(Sport):
    """Gomoku (五子棋) with renju forbidden moves for Black, rule sets A and B."""

    name = "gomoku"
    title = Label(zh="五子棋", en="Gomoku")
    entrant_kinds = (EntrantKind.INDIVIDUAL,)
    options = (
        Option("rule_set", str, "A", N_("A: first to `wins` game wins, colours alternate; B: `games` games scored 2/1/0, colours swap"),
               choices=("A", "B"), source="college gomoku rules 2012 (A); gomoku contest rules (B)"),
        Option("wins", int, 3, N_("Rule set A: game wins that take the match (draws do not count)"), minimum=1, maximum=9,
               source="college gomoku rules 2012 §2.2"),
        Option("games", int, 2, N_("Rule set B: games per match"), minimum=1, maximum=10, source="gomoku contest rules §1"),
        Option("forbidden_policy", str, "auto_loss", N_("What Black's forbidden move does: loses at once, loses only when White "
               "points it out, or is played again when pointed out"), choices=FORBIDDEN_POLICIES,
               source="college gomoku rules 2012, basic rule 4 (auto_loss), §2.2 (replay); gomoku contest rules, winning 5 (claim_required)"),
        Option("board_size", int, 15, N_("Lines of the board (the rules name no size; 15 is the renju board)"),
               choices=(9, 11, 13, 15, 17, 19)),
        Option("centre_first", bool, True, N_("Black's first move is on the centre point (天元)"), source="college gomoku rules 2012, basic rule 1"),
    )
    scoring = PRESETS["2-1-0"]
    tiebreaks = {"default": ("sonneborn_berger", "wins")}
    draws_allowed = True

    # Results are read, written, scored and simulated by :mod:`.results`, imported when a result is met,
    # so that commands which meet no gomoku result do not load the grammar and the renju referee
    # (docs/performance.md, cold start).

    def parse_result(self, text: str, ctx: MatchContext) -> Match:
        from podium.plugins.gomoku import results

        return results.parse_result(text, ctx)

    def format_result(self, result: Match, ctx: MatchContext) -> str:
        from podium.plugins.gomoku import results

        return results.format_result(result, ctx)

    def describe_result(self, text: str, ctx: MatchContext) -> str:
        """In Chinese, the games in the rules' own words (``黑胜（五连）、白胜（禁手）、和棋``); in English the
        canonical text."""
        if current_language() != "zh":
            return text
        from podium.plugins.gomoku import results

        return results.read_result(self.parse_result(text, ctx), ctx)

    def mirror(self, result: Match, ctx: MatchContext) -> Match:
        return result.mirrored()

    def outcome(self, result: Match, ctx: MatchContext) -> Outcome:
        from podium.plugins.gomoku import results

        return results.outcome(result, ctx)

    def simulate(self, rng: random.Random, ctx: MatchContext) -> str:
        from podium.plugins.gomoku import results

        return results.simulate(rng, ctx)

    def colours(self, ctx: MatchContext) -> Message:
        """The side the match lists first plays Black in game 1 unless the result says otherwise, and Black
        alternates every game (rules A §2.2; rules B §1, game 2 swaps): :func:`.colours.black_in_game`."""
        first = 1 if ctx.reversed else 0
        black, white = ctx.sides[first].name, ctx.sides[1 - first].name
        if ctx.rules["rule_set"] == "B" and ctx.rules["games"] == 1:
            return Message(N_("{black} plays Black and {white} White, as the match lists them."), black=black, white=white)
        if ctx.rules["rule_set"] == "B":
            return Message(
                N_("{black} plays Black in game 1 and {white} in game 2, as the match lists them; colours swap every game (gomoku contest rules §1)."),
                black=black, white=white,
            )
        return Message(
            N_("{black} plays Black in game 1 and {white} in game 2, as the match lists them; Black alternates every game (college gomoku rules 2012 §2.2)."),
            black=black, white=white,
        )

    def result_examples(self, ctx: MatchContext) -> tuple[str, ...]:
        """A match the first-listed player wins under the event's rule set, the same with a record of
        game 1 on the event's board (five in a row from the centre point, rules A, basic rule 1), and a forfeit."""
        from podium.plugins.gomoku import results

        return results.result_examples(ctx)
