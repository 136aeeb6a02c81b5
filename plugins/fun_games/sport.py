"""The fun-games sport: measured games from the catalogue, and tug of war played head-to-head.

Fun events are grouped by how they are scored: times (lower is
better, with penalty seconds), counts in a fixed time, best of N attempts, zones,
judged routines (square dance, line dance), elimination order (musical chairs) and
head-to-head pulls (tug of war). The measuring is done by the core
(:mod:`podium.measure`); this sport brings the catalogue of games, the options and
the tug-of-war results.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from podium.api import (
    MEASURE_OPTIONS,
    N_,
    TEAM_OPTIONS,
    EntrantKind,
    Label,
    MatchContext,
    MeasuredSport,
    Option,
    Outcome,
    Scoring,
    current_language,
)
from podium.plugins.fun_games.catalogue import CATALOGUE

if TYPE_CHECKING:
    from podium.plugins.fun_games.pulls import Pulls


class FunGames(MeasuredSport):
    """Fun games (趣味项目) of school and company sports days."""

    name = "fun_games"
    title = Label(zh="趣味项目", en="Fun games")
    entrant_kinds = (EntrantKind.INDIVIDUAL, EntrantKind.PAIR, EntrantKind.TEAM)
    options = (
        *MEASURE_OPTIONS,
        *TEAM_OPTIONS,
        Option("best_of", int, 3, N_("Pulls per tug-of-war match: best of 1, 3 or 5"), choices=(1, 3, 5),
               source="tug-of-war and heats rules §1; grades 1–4 fun-games rules, tug of war (三局两胜)"),
    )
    scoring = Scoring(win=2, draw=1, loss=0)
    tiebreaks = {"default": ("games_ratio", "lots")}
    draws_allowed = False
    games = CATALOGUE

    def measured(self, rules: Mapping[str, Any]) -> bool:
        """Every game is measured except tug of war, whose matches are pulls."""
        return rules.get("measure") != "pulls"

    def score_sheet_for(self, rules: Mapping[str, Any]) -> str | None:
        """Tug of war, played head-to-head, has a match sheet with a box per pull; the measured games print the
        core's heat or judges' sheets (``None``)."""
        return None if self.measured(rules) else "score_sheets/tug_of_war.html"

    def score_sheet_fields(self, ctx: MatchContext) -> Mapping[str, Any]:
        """For tug of war: the pulls of the match (``best_of``), the pulls that win it (``need``) and the rules
        of play (``notes``, :func:`~podium.plugins.fun_games.pulls.sheet_notes`)."""
        if self.measured(ctx.rules):
            return {}
        from podium.plugins.fun_games.pulls import sheet_notes

        best_of = ctx.rules["best_of"]
        return {"best_of": best_of, "need": best_of // 2 + 1, "notes": sheet_notes(ctx.rules)}

    # Tug-of-war results (:mod:`.pulls`) are read when one is met, so that other commands do not load them.

    def parse_result(self, text: str, ctx: MatchContext) -> Pulls:
        if self.measured(ctx.rules):
            return super().parse_result(text, ctx)
        from podium.plugins.fun_games.pulls import parse_pulls

        return parse_pulls(text, ctx.rules["best_of"])

    def format_result(self, result: Pulls, ctx: MatchContext) -> str:
        from podium.plugins.fun_games.pulls import format_pulls

        return format_pulls(result)

    def describe_result(self, text: str, ctx: MatchContext) -> str:
        """A foul-out in the reader's words (``1:0（第 2 方犯规判负）`` in Chinese); pulls as written."""
        if current_language() != "zh":
            return text
        from podium.plugins.fun_games.pulls import read_pulls

        return read_pulls(self.parse_result(text, ctx))

    def mirror(self, result: Pulls, ctx: MatchContext) -> Pulls:
        return result.mirrored()

    def outcome(self, result: Pulls, ctx: MatchContext) -> Outcome:
        from podium.plugins.fun_games.pulls import pulls_outcome

        return pulls_outcome(result)

    def simulate(self, rng: random.Random, ctx: MatchContext) -> str:
        from podium.plugins.fun_games.pulls import Pulls, format_pulls

        best_of = ctx.rules["best_of"]
        need = best_of // 2 + 1
        winner = rng.randrange(2)
        loser_pulls = rng.randrange(need)
        if rng.random() < 0.05:
            return format_pulls(Pulls(won=(0, loser_pulls) if winner else (loser_pulls, 0), fouled_out=1 - winner))
        won = (need, loser_pulls) if winner == 0 else (loser_pulls, need)
        return format_pulls(Pulls(won=won))

    def result_examples(self, ctx: MatchContext) -> tuple[str, ...]:
        """Tug-of-war results for the event's best of N pulls (2:1, 2:0, 1:0 fouls:2 in a best of 3)."""
        need = ctx.rules["best_of"] // 2 + 1
        examples = [f"{need}:{need - 1}", f"{need}:0", f"{need - 1}:0 fouls:2", "+:-"]
        return tuple(dict.fromkeys(examples))
