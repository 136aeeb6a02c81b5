"""The table-tennis sport: singles, doubles and team ties, with walkovers and retirements as their own results.

Singles and doubles results are game scores ``11-9 9-11 11-7 11-5`` (also ``11:9``,
full-width ``１１－９``, Chinese colons ``11：9``), a game count ``3:1`` when the event
sets ``games_only = true``, a walkover ``+:-`` / ``-:+`` / ``-:-`` / ``w/o:2`` (never
disguised as 11:0 games) or a retirement ``11-9 5-3 ret:2``. A team tie is
``<line-up>; <line-up>; <rubber> | <rubber> | …`` (see :mod:`.ties`).

Match points follow ITTF 3.7.5.1: win 2, loss 1, a match not played or not completed 0
(the ``ittf`` scoring preset); groups are ranked by the ``ittf`` tie-breaker (ITTF 3.7.5),
then by lot (3.7.5.4). A team outcome carries ``rubbers`` (individual matches won),
``games`` and ``points``, so team groups are split by the individual-match ratio first.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from podium.api import SCORING_PRESETS as PRESETS
from podium.api import (
    Entrant,
    EntrantKind,
    Label,
    MatchContext,
    Outcome,
    OutcomeKind,
    PodiumError,
    Problem,
    Sport,
    current_language,
)
from podium.plugins.table_tennis.rules import OPTIONS

if TYPE_CHECKING:
    from podium.plugins.table_tennis.scores import MatchScore
    from podium.plugins.table_tennis.ties import TieScore

Stats = dict[str, tuple[int, int]]


def _is_team(ctx: MatchContext) -> bool:
    return ctx.rules.get("kind") == EntrantKind.TEAM.value


def _is_tie(result: MatchScore | TieScore) -> bool:
    """Whether ``result`` is a team tie rather than a match score (whose module any result has loaded:
    ties are made of match scores), without loading the team-tie module for singles and doubles."""
    from podium.plugins.table_tennis.scores import MatchScore

    return not isinstance(result, MatchScore)


_GAME_SCORE = re.compile(r"(?<![\w+])(\d+)-(\d+)(?![\w])")


def _to_target(text: str, target: int) -> str:
    """Example game scores of 11-point games moved to ``target`` points: 11-9 → 21-19, 5-3 → 15-13."""
    shift = target - 11
    return _GAME_SCORE.sub(lambda m: f"{int(m[1]) + shift}-{int(m[2]) + shift}", text)


class TableTennis(Sport):
    """Table tennis (乒乓球): ITTF laws with the options of the Chinese event plans."""

    name = "table_tennis"
    title = Label(zh="乒乓球", en="Table tennis")
    entrant_kinds = (EntrantKind.INDIVIDUAL, EntrantKind.PAIR, EntrantKind.TEAM)
    options = OPTIONS
    scoring = PRESETS["ittf"]
    tiebreaks = {"default": ("ittf", "lots")}
    draws_allowed = False
    round_robin_order = "ittf"  # ITTF Handbook for Tournament Referees: the top two seeds meet in the last round
    round_robin_withdrawal = "stand"  # ITTF 3.7.5.1: a match not played is lost, for no match point; nothing is annulled
    score_sheet = "score_sheets/table_tennis.html"

    def parse_result(self, text: str, ctx: MatchContext) -> MatchScore | TieScore:
        if _is_team(ctx):
            from podium.plugins.table_tennis.ties import TieRules, parse_tie

            return parse_tie(text, ctx.sides, TieRules.of(ctx.rules))
        from podium.plugins.table_tennis.scores import parse_match

        rules = ctx.rules
        return parse_match(text, rules["best_of"], rules["game_points"], games_only=rules["games_only"])

    def format_result(self, result: MatchScore | TieScore, ctx: MatchContext) -> str:
        if _is_tie(result):
            from podium.plugins.table_tennis.ties import format_tie

            return format_tie(result)
        from podium.plugins.table_tennis.scores import format_match

        return format_match(result)

    def describe_result(self, text: str, ctx: MatchContext) -> str:
        """Games as written, a retirement in the reader's words (``11-9 5-3（第 2 方退赛）`` in Chinese)."""
        if current_language() != "zh":
            return text
        from podium.plugins.table_tennis.scores import read_match

        result = self.parse_result(text, ctx)
        if _is_tie(result):
            from podium.plugins.table_tennis.ties import format_tie

            return format_tie(result, read_match)
        return read_match(result)

    def mirror(self, result: MatchScore | TieScore, ctx: MatchContext) -> MatchScore | TieScore:
        return result.mirrored()

    def outcome(self, result: MatchScore | TieScore, ctx: MatchContext) -> Outcome:
        rules = ctx.rules
        stats = tie_stats(result, rules) if _is_tie(result) else match_stats(result, rules)
        if result.double_walkover:
            return Outcome(kind=OutcomeKind.DOUBLE_FORFEIT, winner=None, shares=(0.0, 0.0))
        winner = 0 if result.winner == 0 else 1
        if result.walkover is not None:
            return Outcome.win(winner, kind=OutcomeKind.FORFEIT, stats=stats)
        if not _is_tie(result) and result.retired is not None:
            return Outcome.win(winner, kind=OutcomeKind.RETIRED, stats=stats)
        return Outcome.win(winner, stats=stats)

    def entrant_problems(self, entrant: Entrant, rules: Mapping[str, Any], field: Sequence[Entrant]) -> list[Problem]:
        from podium.plugins.table_tennis import composition

        try:
            composition.check_entrant(entrant, rules)
        except PodiumError as error:
            return [error.problem]
        return []

    def simulate(self, rng: random.Random, ctx: MatchContext) -> str:
        from podium.plugins.table_tennis.simulate import simulate_match, simulate_tie  # demos and tests only

        rules = ctx.rules
        if _is_team(ctx):
            from podium.plugins.table_tennis.ties import TieRules

            return self.format_result(simulate_tie(rng, ctx.sides, TieRules.of(rules)), ctx)
        return self.format_result(simulate_match(rng, rules["best_of"], rules["game_points"]), ctx)

    def result_examples(self, ctx: MatchContext) -> tuple[str, ...]:
        """Examples valid in the match's event: as many games as its best-of needs, games to its
        ``game_points`` (21-19 for 11-9 in 21-point games, ITTF 2.11.1), the teams' own players."""
        rules, target = ctx.rules, ctx.rules["game_points"]
        if _is_team(ctx):
            from podium.plugins.table_tennis.orders import tie_format
            from podium.plugins.table_tennis.ties import example_players, example_tie

            names = example_players(ctx.sides)
            return (_to_target(example_tie(tie_format(rules["tie"]), rules["best_of"], names, every=rules["play_all_rubbers"]), target), "+:-")
        need = rules["best_of"] // 2 + 1
        played = " ".join(["11-9", "9-11", "11-7", "11-5", "11-3"][: max(need + 1, 1)]) if need > 1 else "11-9"
        examples = [_to_target(played, target), "+:-", _to_target("11-9 5-3 ret:2" if need > 1 else "5-3 ret:2", target)]
        if rules["games_only"]:
            examples.append(f"{need}:1" if need > 1 else "1:0")
        return tuple(examples)

    def match_minutes(self, rules: Mapping[str, Any]) -> float:
        """About 5 minutes a game with its break (ITTF 3.4.4.1: up to 1 minute between games), for the
        (3N + 1) / 4 games a best-of-N match lasts on average: 5, 13, 20 and 28 minutes for best of 1,
        3, 5 and 7; a team tie plays up to five matches, counted as three."""
        games = (3 * rules.get("best_of", 5) + 1) / 4
        minutes = 5 * games * (3 if rules.get("kind") == EntrantKind.TEAM.value else 1)
        return float(math.ceil(minutes))

    def score_sheet_fields(self, ctx: MatchContext) -> Mapping[str, Any]:
        from podium.plugins.table_tennis.orders import tie_format
        from podium.plugins.table_tennis.rules import sheet_notes

        rules = ctx.rules
        fields: dict[str, Any] = {
            "kind": rules.get("kind", EntrantKind.INDIVIDUAL.value),
            "best_of": rules["best_of"],
            "game_points": rules["game_points"],
            "notes": sheet_notes(rules),
        }
        if _is_team(ctx):
            fmt = tie_format(rules["tie"])
            fields["tie"] = {
                "order": [{"number": n, "label": spec.label(), "doubles": spec.doubles} for n, spec in enumerate(fmt.order, start=1)],
                "letters": [fmt.letters(0), fmt.letters(1)],
                "majority": fmt.majority,
                "play_all_rubbers": rules["play_all_rubbers"],
            }
        return fields


def match_stats(score: MatchScore, rules: Mapping[str, Any]) -> Stats:
    """Games and points of one match for the ratios of ITTF 3.7.5.2, read from side 0.

    A played match counts its finished games and every point scored (a retirement
    counts the points of the unfinished game too); a game count counts games only. A
    walkover counts nothing unless ``walkover_in_ratios`` (then every needed game is
    won ``target``:0, as table-tennis plan 1 §6(2) records it).
    """
    from podium.plugins.table_tennis.scores import games_won

    target, need = rules["game_points"], rules["best_of"] // 2 + 1
    if score.double_walkover:
        return {}
    if score.walkover is not None:
        if not rules["walkover_in_ratios"]:
            return {}
        return _oriented({"games": (need, 0), "points": (need * target, 0)}, score.walkover)
    if score.game_count is not None:
        return {"games": score.game_count}
    return {
        "games": games_won(score.games, target),
        "points": (sum(a for a, _b in score.games), sum(b for _a, b in score.games)),
    }


def tie_stats(score: TieScore, rules: Mapping[str, Any]) -> Stats:
    """Rubbers, games and points of a tie, read from side 0 (ITTF 3.7.5.2: individual matches first for teams)."""
    if score.double_walkover:
        return {}
    if score.walkover is not None:
        if not rules["walkover_in_ratios"]:
            return {}
        from podium.plugins.table_tennis.orders import tie_format

        majority = tie_format(rules["tie"]).majority
        need = rules["best_of"] // 2 + 1
        won = {"rubbers": (majority, 0), "games": (majority * need, 0), "points": (majority * need * rules["game_points"], 0)}
        return _oriented(won, score.walkover)
    totals = {"rubbers": score.rubbers_won, "games": (0, 0), "points": (0, 0)}
    for rubber in score.rubbers:
        for name, (a, b) in match_stats(rubber.score, rules).items():
            totals[name] = (totals[name][0] + a, totals[name][1] + b)
    return totals


def _oriented(stats: Stats, winner: int) -> Stats:
    return stats if winner == 0 else {k: (v[1], v[0]) for k, v in stats.items()}

