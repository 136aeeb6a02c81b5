"""The badminton sport: singles and doubles matches of rally-scored games (BWF Laws of Badminton).

Result texts, read from the side listed first (or named first):

- ``21-19 18-21 21-17``: the point score of every game, in order (also ``21:19``, commas,
  full-width digits); checked against Law 7 by :mod:`podium_badminton.scores`;
- ``+:-`` / ``-:+``: a walkover, the side marked ``+`` wins without play; ``-:-``: neither played.

A match won scores 1 point, so standings rank by matches won first; ties are broken by
the BWF group ranking (:mod:`podium_badminton.ranking`), then by lots.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from podium.api import (
    N_,
    Entrant,
    EntrantKind,
    Gender,
    Label,
    MatchContext,
    Option,
    Outcome,
    OutcomeKind,
    Problem,
    Scoring,
    Sport,
    Target,
    parse_forfeit,
    problem,
)

from podium_badminton.i18n import _
from podium_badminton.scores import CAP, TARGET, MatchScore, check_games, parse_games


class Badminton(Sport):
    """Badminton (羽毛球): singles and doubles, best of 1, 3 or 5 games of 21 points."""

    name = "badminton"
    title = Label(zh="羽毛球", en="Badminton")
    entrant_kinds = (EntrantKind.INDIVIDUAL, EntrantKind.PAIR)
    options = (
        Option("best_of", int, 3, "Games per match: best of 1, 3 or 5 (the laws say 3 unless otherwise arranged)",
               choices=(1, 3, 5), source="BWF Law 7.1"),
        Option("doubles", str, "open", "Doubles pairs: any two players (open), or one man and one woman (mixed)",
               choices=("open", "mixed"), source="BWF Laws, Definitions"),
    )
    scoring = Scoring(win=1, draw=0.5, loss=0)
    tiebreaks = {"default": ("bwf_group", "lots")}
    draws_allowed = False
    score_sheet = "score_sheets/badminton.html"

    def parse_result(self, text: str, ctx: MatchContext) -> MatchScore:
        forfeit = parse_forfeit(text)
        if forfeit is not None:
            return MatchScore(double_walkover=True) if forfeit.winner is None else MatchScore(walkover=forfeit.winner)
        games = parse_games(text)
        check_games(games, ctx.rules["best_of"])
        return MatchScore(games=games)

    def format_result(self, result: MatchScore, ctx: MatchContext) -> str:
        if result.double_walkover:
            return "-:-"
        if result.walkover is not None:
            return "+:-" if result.walkover == 0 else "-:+"
        return " ".join(f"{a}-{b}" for a, b in result.games)

    def mirror(self, result: MatchScore, ctx: MatchContext) -> MatchScore:
        return result.mirrored()

    def outcome(self, result: MatchScore, ctx: MatchContext) -> Outcome:
        if result.double_walkover:
            return Outcome(kind=OutcomeKind.DOUBLE_FORFEIT, winner=None, shares=(0.0, 0.0))
        if result.walkover is not None:
            return Outcome.win(result.walkover, kind=OutcomeKind.FORFEIT)
        won = check_games(result.games, ctx.rules["best_of"])
        points = (sum(a for a, _b in result.games), sum(b for _a, b in result.games))
        return Outcome.win(0 if won[0] > won[1] else 1, stats={"games": won, "points": points})

    def simulate(self, rng: random.Random, ctx: MatchContext) -> str:
        need = ctx.rules["best_of"] // 2 + 1
        strength = rng.uniform(0.3, 0.7)
        won = [0, 0]
        games = []
        while max(won) < need:
            winner = 0 if rng.random() < strength else 1
            if rng.random() < 0.2:  # 20-all: on to a 2-point lead, or the 30th point at 29-all
                loser = rng.randint(TARGET - 1, CAP - 1)
                score = (min(loser + 2, CAP), loser)
            else:
                score = (TARGET, rng.randint(0, TARGET - 2))
            games.append(score if winner == 0 else (score[1], score[0]))
            won[winner] += 1
        return " ".join(f"{a}-{b}" for a, b in games)

    def result_examples(self, ctx: MatchContext) -> tuple[str, ...]:
        need = ctx.rules["best_of"] // 2 + 1
        close = ["21-19", "18-21", "21-17", "21-15"][: need + 1] if need > 1 else ["21-19"]
        return (" ".join(close), " ".join(["30-29", *["21-15"] * (need - 1)]), "+:-")

    def entrant_problems(self, entrant: Entrant, rules: Mapping[str, Any], field: Sequence[Entrant]) -> list[Problem]:
        """A doubles pair is two players (BWF Laws, Definitions); a mixed pair one man and one woman."""
        if entrant.kind is not EntrantKind.PAIR:
            return []
        players = entrant.players
        if len(players) != 2:
            return [problem(
                N_("pair {pair} has {count} players; a doubles pair has two."), code="badminton.pair_size", catalog=_,
                pair=entrant.name, count=len(players), target=Target(entrant=entrant.name),
            )]
        if rules["doubles"] == "mixed" and {p.gender for p in players} != {Gender.MALE, Gender.FEMALE}:
            return [problem(
                N_("pair {pair} is not one man and one woman, as mixed doubles needs (give each player's gender)."),
                code="badminton.mixed_pair", catalog=_, pair=entrant.name, target=Target(entrant=entrant.name),
            )]
        return []

    def score_sheet_fields(self, ctx: MatchContext) -> Mapping[str, Any]:
        best_of = ctx.rules["best_of"]
        return {
            "games": best_of,
            "notes": (
                _("Best of {n} games; a game is won at 21 points (BWF Law 7.1, 7.2).").format(n=best_of),
                _("At 20-all the first side 2 points ahead wins; at 29-all the 30th point wins (BWF Law 7.4, 7.5)."),
            ),
        }
