"""The weiqi (围棋) sport: Chinese Weiqi Rules 2002 (中国围棋竞赛规则, cited as Weiqi 2002).

Individual games and team matches by boards. A game result is read by :mod:`.games`
(resignation, time, forfeit, margin, Black's area count with komi and warnings, draws where
the komi allows them, both lose, no result, replays) and scored by :mod:`.results`: Art. 27,
win 2, draw 1, loss 0 — for a game, and for a team match from its game points
(局分 → 场分). This module declares the options and chains; :mod:`.results` holds the colours
of a team match and is imported when a result is met.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from podium.api import N_, EntrantKind, Label, MatchContext, Message, Option, Outcome, Sport, current_language
from podium.api import SCORING_PRESETS as PRESETS

if TYPE_CHECKING:
    from podium.plugins.weiqi.games import Game, SideForfeit
    from podium.plugins.weiqi.results import TeamMatch


class Weiqi(Sport):
    """Weiqi (围棋) under the Chinese Weiqi Rules 2002, individual and team events."""

    name = "weiqi"
    title = Label(zh="围棋", en="Weiqi (Go)")
    entrant_kinds = (EntrantKind.INDIVIDUAL, EntrantKind.TEAM)
    options = (
        Option("komi", float, 3.75, N_("Stones Black gives back at the count (贴子); 0 = no komi"), minimum=0, maximum=20,
               source="Weiqi 2002 Art. 11"),
        Option("board_size", int, 19, N_("Lines of the board; par (归本数) is half its points"), choices=(9, 13, 19),
               source="Weiqi 2002 Art. 1, 9"),
        Option("cycles", str, "no_result", N_("What a whole-board repetition cycle (triple ko, eternal life…) gives"),
               choices=("no_result", "draw", "replay", "forbidden"), source="Weiqi 2002 Art. 20.3"),
        Option("handicap", bool, False, N_("Allow handicap games H2–H9 (no komi; the rules are silent on handicaps)")),
        Option("handicap_compensation", str, "half", N_("In a handicap game Black gives back half a stone per handicap stone, or nothing"),
               choices=("half", "none")),
        Option("boards", int, 4, N_("Boards in a team match (分台定人制: board order is the registered order)"), minimum=1, maximum=12,
               source="Weiqi 2002 Art. 25.2"),
    )
    scoring = PRESETS["2-1-0"]
    tiebreaks = {
        "round_robin": ("sonneborn_berger", "warnings"),
        "swiss": ("buchholz", "warnings"),
        "team_round_robin": ("game_points", "boards"),
        "team_swiss": ("game_points", "boards"),
    }
    """Weiqi 2002 Art. 27: 胜者小分 then fewer warnings (round robin); opponents'
    points then fewer warnings (Swiss, method B); teams: game points then board by board."""
    draws_allowed = True
    withdrawal_rule = "Weiqi 2002 Art. 28"  # fewer than half of the rounds played annuls every result, else they stand

    # Results are read, written and scored by :mod:`.results`, imported when a result is met, so that
    # commands which meet no weiqi result do not load the result grammar (docs/performance.md, cold start).

    def parse_result(self, text: str, ctx: MatchContext) -> Game | SideForfeit | TeamMatch:
        from podium.plugins.weiqi import results

        return results.parse_result(text, ctx)

    def format_result(self, result: Game | SideForfeit | TeamMatch, ctx: MatchContext) -> str:
        from podium.plugins.weiqi import results

        return results.format_result(result, ctx)

    def describe_result(self, text: str, ctx: MatchContext) -> str:
        """In Chinese, the games in the Chinese notation of the rules (``黑中盘胜``, ``黑胜3/4子``, ``和棋``; Weiqi 2002
        Art. 23, 24), which the result grammar also reads; in English the canonical text."""
        if current_language() != "zh":
            return text
        from podium.plugins.weiqi import results

        return results.read_result(results.parse_result(text, ctx), ctx)

    def mirror(self, result: Game | SideForfeit | TeamMatch, ctx: MatchContext) -> Game | SideForfeit | TeamMatch:
        return result.mirrored()

    def outcome(self, result: Game | SideForfeit | TeamMatch, ctx: MatchContext) -> Outcome:
        from podium.plugins.weiqi import results

        return results.outcome(result, ctx)

    def simulate(self, rng: random.Random, ctx: MatchContext) -> str:
        from podium.plugins.weiqi import results

        return results.simulate(rng, ctx)

    def colours(self, ctx: MatchContext) -> Message:
        """The side the match lists first plays Black (Weiqi 2002 Art. 10: colours by the organisers' draw); in a
        team match the first-listed team plays Black on odd boards (:func:`.results.board_black`)."""
        first = 1 if ctx.reversed else 0
        black, white = ctx.sides[first].name, ctx.sides[1 - first].name
        if ctx.rules.get("kind") == EntrantKind.TEAM.value:
            return Message(N_("{black} plays Black on odd boards and {white} on even boards, as the match lists them."), black=black, white=white)
        return Message(N_("{black} plays Black and {white} White, as the match lists them (Weiqi 2002 Art. 10)."), black=black, white=white)

    def result_examples(self, ctx: MatchContext) -> tuple[str, ...]:
        from podium.plugins.weiqi import results

        return results.result_examples(ctx)
