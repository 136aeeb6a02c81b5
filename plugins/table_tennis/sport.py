"""The table-tennis sport: singles and doubles match results, walkovers and retirements.

Result texts: game scores ``11-9 9-11 11-7 11-5`` (also ``11:9``, full-width
``１１－９``, Chinese colons ``11：9``); ``3:1`` when only the game count is known
and the event allows it (``games_only = true``); walkovers ``+:-`` / ``-:+`` /
``-:-`` (seed 002 V5: a walkover is its own result, never disguised as 11-0
games); a retirement ``11-9 5-3 ret:2`` (side 2 retired during game 2).
Match points follow ITTF: win 2, loss 1, not played or not completed 0.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Mapping
from typing import Any

from podium.entrants import EntrantKind
from podium.errors import ResultError
from podium.i18n import Label, _
from podium.matches import MatchContext
from podium.options import Option
from podium.outcomes import Outcome, OutcomeKind, parse_forfeit
from podium.plugins.table_tennis.scores import (
    MatchScore,
    check_game_count,
    check_games,
    normalise,
    parse_score,
    split_tokens,
)
from podium.scoring import PRESETS
from podium.sports import Sport

_RETIRED = re.compile(r"(?:ret(?:ired)?|退赛|弃赛)\s*[:：]?\s*([12])\s*$", re.IGNORECASE)


class TableTennis(Sport):
    """Table tennis (乒乓球): ITTF laws with the options of the seed event plans."""

    name = "table_tennis"
    title = Label(zh="乒乓球", en="Table tennis")
    entrant_kinds = (EntrantKind.INDIVIDUAL, EntrantKind.PAIR, EntrantKind.TEAM)
    options = (
        Option("best_of", int, 5, "Games per match: best of 1, 3, 5 or 7 (seed 002 V3)", choices=(1, 3, 5, 7), source="seed 002 L67, L597"),
        Option("game_points", int, 11, "Points to win a game: 11, or 21 for old-style events", choices=(11, 21), source="seed 002 V1"),
        Option("games_only", bool, False, "Accept results given only as games won, e.g. 3:1"),
    )
    scoring = PRESETS["ittf"]
    tiebreaks = {"default": ("ittf",)}
    draws_allowed = False
    score_sheet = "score_sheets/table_tennis.html"

    def parse_result(self, text: str, ctx: MatchContext) -> MatchScore:
        clean = normalise(text)
        if not clean:
            raise ResultError(_("The result is empty; give game scores like 11-9 9-11 11-7 11-5."))
        forfeit = parse_forfeit(clean)
        if forfeit is not None:
            if forfeit.winner is None:
                return MatchScore(double_walkover=True)
            return MatchScore(walkover=forfeit.winner)
        best_of, target = ctx.rules["best_of"], ctx.rules["game_points"]
        retired = None
        match = _RETIRED.search(clean)
        if match:
            retired = int(match[1]) - 1
            clean = clean[: match.start()]
        tokens = split_tokens(clean)
        scores = []
        for token in tokens:
            score = parse_score(token)
            if score is None:
                raise ResultError(
                    _("'{token}' is not a game score; write games like 11-9 9-11 11-7, a walkover as +:- or -:+.").format(token=token)
                )
            scores.append(score)
        if retired is None and len(scores) == 1 and max(scores[0]) <= best_of // 2 + 1:
            if not ctx.rules["games_only"]:
                raise ResultError(
                    _("'{token}' looks like a game count, but this event needs every game score (e.g. 11-9 9-11 11-7); set games_only = true to allow counts.").format(
                        token=tokens[0]
                    )
                )
            a, b = scores[0]
            check_game_count(a, b, best_of)
            return MatchScore(game_count=(a, b))
        games = tuple(scores)
        check_games(games, best_of, target, retired=retired)
        return MatchScore(games=games, retired=retired)

    def format_result(self, result: MatchScore, ctx: MatchContext) -> str:
        if result.double_walkover:
            return "-:-"
        if result.walkover is not None:
            return "+:-" if result.walkover == 0 else "-:+"
        if result.game_count is not None:
            return f"{result.game_count[0]}:{result.game_count[1]}"
        text = " ".join(f"{a}-{b}" for a, b in result.games)
        if result.retired is not None:
            text += f" ret:{result.retired + 1}"
        return text

    def mirror(self, result: MatchScore, ctx: MatchContext) -> MatchScore:
        return result.mirrored()

    def outcome(self, result: MatchScore, ctx: MatchContext) -> Outcome:
        if result.double_walkover:
            return Outcome(kind=OutcomeKind.DOUBLE_FORFEIT, winner=None, shares=(0.0, 0.0))
        if result.walkover is not None:
            return Outcome.win(result.walkover, kind=OutcomeKind.FORFEIT)
        if result.game_count is not None:
            a, b = result.game_count
            return Outcome.win(0 if a > b else 1, stats={"games": (a, b)})
        target = ctx.rules["game_points"]
        won = [0, 0]
        points = [0, 0]
        for a, b in result.games:
            points[0] += a
            points[1] += b
            if max(a, b) >= target and abs(a - b) >= 2:
                won[0 if a > b else 1] += 1
        stats: dict[str, Any] = {"games": tuple(won), "points": tuple(points)}
        if result.retired is not None:
            return Outcome.win(1 - result.retired, kind=OutcomeKind.RETIRED, stats=stats)
        return Outcome.win(0 if won[0] > won[1] else 1, stats=stats)

    def simulate(self, rng: random.Random, ctx: MatchContext) -> str:
        best_of, target = ctx.rules["best_of"], ctx.rules["game_points"]
        need = best_of // 2 + 1
        strength = rng.uniform(0.3, 0.7)
        won = [0, 0]
        games = []
        while max(won) < need:
            winner = 0 if rng.random() < strength else 1
            if rng.random() < 0.15:
                loser_points = rng.randint(target - 1, target + 4)
                score = (loser_points + 2, loser_points)
            else:
                score = (target, rng.randint(0, target - 2))
            games.append(score if winner == 0 else (score[1], score[0]))
            won[winner] += 1
        return " ".join(f"{a}-{b}" for a, b in games)

    def result_examples(self, ctx: MatchContext) -> tuple[str, ...]:
        return ("11-9 9-11 11-7 11-5", "+:-", "11-9 5-3 ret:2")

    def match_minutes(self, rules: Mapping[str, Any]) -> float:
        """About 5 minutes a game with its break (ITTF 3.4.4.1: up to 1 minute between games), for the
        (3N + 1) / 4 games a best-of-N match lasts on average: 5, 13, 20 and 28 minutes for best of 1,
        3, 5 and 7; a team tie plays up to five matches, counted as three."""
        games = (3 * rules.get("best_of", 5) + 1) / 4
        minutes = 5 * games * (3 if rules.get("kind") == EntrantKind.TEAM.value else 1)
        return float(math.ceil(minutes))
