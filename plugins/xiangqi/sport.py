"""The xiangqi sport (中国象棋): results, colours, team matches and tie-break chains of the CXA rules.

Sources (docs/sources.md): CXA 2011 and CXA 1999 rules, the simplified school rules (the
15-second and the college xiangqi rules), the national xiangqi championship regulations and
local xiangqi supplementary rules. The result syntax is in :mod:`.games`,
:mod:`.results` and :mod:`.team_results`; ``docs/xiangqi.md`` is the user's guide.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from podium.api import (
    CHAINS,
    N_,
    Entrant,
    EntrantKind,
    Label,
    MatchContext,
    Message,
    Option,
    Outcome,
    Problem,
    ResultError,
    Scoring,
    Sport,
    _,
    current_language,
    ngettext,
)
from podium.plugins.xiangqi.reasons import REASONS, RULE_SETS
from podium.plugins.xiangqi.teams import TEAM_TYPES, team_problems

if TYPE_CHECKING:
    from podium.plugins.xiangqi.results import GameMatch
    from podium.plugins.xiangqi.team_results import TeamMatch

TIEBREAKS: dict[str, tuple[str, ...]] = {
    "round_robin": ("sonneborn_berger", "wins", "head_to_head", "fouls", "second_games"),  # CXA 2011 §14.1
    "round_robin_multi_game": ("game_points", "wins", "head_to_head", "fouls", "second_wins"),  # §14.2
    "swiss": ("buchholz", "wins", "fouls", "second_games", "previous_round"),  # §14.3.1
    "team_round_robin": ("game_points", "match_wins", "game_wins", "head_to_head", "fouls", "second_wins", "second_games"),  # §14.5
    "team_swiss": ("team_buchholz", "game_points", "match_wins", "game_wins", "fouls", "previous_round"),  # §14.6
    "team_totals": CHAINS["cxa-14.8"],  # §14.8: an individual event's team ranking ([events.X.team_ranking])
}
"""Default tie-break chains (CXA 2011 §14); ranking is by points first, and 18.5 penalties are the
standings' business. ``round_robin_multi_game`` is chosen when a match has several games."""

TIEBREAKS_1999: dict[str, tuple[str, ...]] = {
    "round_robin": ("sonneborn_berger", "wins", "head_to_head", "fouls"),  # CXA 1999 §15.1
    "swiss": ("buchholz", "wins", "fouls"),  # §15.2
    "team_round_robin": ("game_points", "game_wins", "head_to_head", "fouls"),  # §15.3
    "team_swiss": ("team_buchholz", "game_points", "match_wins", "fouls"),  # §15.4
    "team_totals": CHAINS["cxa-1999-15.5"],  # §15.5: sum, best place, next best place, team fouls
}
"""The 1999 chains (CXA 1999 §15.1–15.5); ties they leave are shared."""


def time_control_problem(value: Any) -> Problem | None:
    """Validator of ``time_control`` (:func:`.timecontrols.time_control_problem`, CXA 2011 §6.1–6.4); the
    grammar is loaded when a time control is given, not whenever the options are declared."""
    from podium.plugins.xiangqi import timecontrols

    return timecontrols.time_control_problem(value)


def rapid_time_control_problem(value: Any) -> Problem | None:
    """Validator of ``rapid_time_control`` (:func:`.timecontrols.rapid_time_control_problem`, CXA 2011 §6.4)."""
    from podium.plugins.xiangqi import timecontrols

    return timecontrols.rapid_time_control_problem(value)


_EXAMPLES: dict[tuple[str, str], tuple[str, ...]] = {
    ("game", "en"): ("1-0 checkmate", "红胜 困毙", "= agreed", "0-1 fouls=3:0", "+:-"),
    ("game", "zh"): ("1-0 将死", "红胜 困毙", "和 议和", "0-1 犯规=3:0", "+:-"),
    ("decisive", "en"): ("red=1 1-0 checkmate", "red=2 = | rapid 0-1 time", "red=1 = | rapid = | armageddon red=2 ="),
    ("decisive", "zh"): ("执红=1 1-0 将死", "执红=2 和 | 快棋 0-1 超时", "执红=1 和 | 快棋 和 | 超快棋 执红=2 和"),
    ("team", "en"): ("1-0, =, 0-1 time, 1-0", "1-2-3-5/1-2-4-6: 1-0, =, 0-1, +:-", "+:-"),
    ("team", "zh"): ("1-0, 和, 0-1 超时, 1-0", "1-2-3-5/1-2-4-6: 1-0, 和, 0-1, +:-", "+:-"),
}
"""The usual results of a game, a knockout match and a team match, in the words of each language (plugins/xiangqi/games.py
reads both; "红胜 困毙" shows English readers the colour words too)."""

class Xiangqi(Sport):
    """Xiangqi under the CXA rules 2011 (default), 1999 or the simplified school rules."""

    name = "xiangqi"
    title = Label(zh="中国象棋", en="Xiangqi")
    entrant_kinds = (EntrantKind.INDIVIDUAL, EntrantKind.TEAM)
    options = (
        Option("rule_set", str, "cxa2011", N_("Rules: CXA 2011, CXA 1999 or the simplified school rules; they differ in the ways a game can end"),
               choices=tuple(RULE_SETS), source="CXA 2011 preface; CXA 1999; 15-second xiangqi rules; college xiangqi rules"),
        Option("games", int, 1, N_("Games per match (per board in team matches), scored by total game points"),
               minimum=1, maximum=10, source="CXA 2011 §10.1, §14.2"),
        Option("stop_when_decided", bool, False, N_("Stop a multi-game match as soon as it is decided (best of 3, 三局两胜)"),
               source="15-second xiangqi rules §6"),
        Option("colour_lots", bool, True, N_("Knockout colours are drawn by lot and the result says who drew red; false: the side listed first plays red"),
               source="CXA 2011 §12.4"),
        Option("playoff_rapid_games", int, 1, N_("Rapid tie-break games after a level knockout match"), minimum=0, maximum=4,
               source="xiangqi championship regulations §9(2)"),
        Option("playoff_armageddon", bool, True, N_("After drawn rapid games, an armageddon game where a draw counts as a win for black; false: lots decide"),
               source="xiangqi championship regulations §9(2); 15-second xiangqi rules §6"),
        Option("foul_limit", int, 3, N_("The foul that loses the game: the third (CXA), or the second in some local rules"),
               choices=(2, 3), source="CXA 2011 §4.1.10; college xiangqi rules §4(4); xiangqi supplementary rules §3(2).2"),
        Option("move_limit", int, 60, N_("Natural move limit: moves without a capture that make a draw (may be lowered)"),
               minimum=10, maximum=60, source="CXA 2011 §4.2.4; xiangqi supplementary rules §1.8"),
        Option("agreed_draw_minimum", int, 0, N_("Local rule: an agreed draw before this many moves and minutes makes both sides lose; 0 = off"),
               minimum=0, maximum=200, source="xiangqi supplementary rules §1.6 (20)"),
        Option("time_control", str, "60min+30s", N_("Time control printed on score sheets, e.g. 60min+30s, 30/60min,10/10min, 90min, 25min+5s, 15s/move, 30min,30s/move"),
               source="CXA 2011 §6.1–6.4; xiangqi supplementary rules §1.3; 15-second xiangqi rules §2; college xiangqi rules §2", validator=time_control_problem),
        Option("rapid_time_control", str, "15min", N_("Time control of the rapid tie-break games (at most 15 min per side)"),
               source="CXA 2011 §6.4", validator=rapid_time_control_problem),
        Option("time_odds", int, 0, N_("Minutes of extra time for black to balance red's first move"), minimum=0, maximum=60,
               source="CXA 2011 §6.5"),
        Option("late_limit", int, 15, N_("Minutes late after which an absent player forfeits"), minimum=1, maximum=120,
               source="CXA 2011 §20.1; xiangqi supplementary rules §1.4"),
        Option("team_type", str, "fixed", N_("Team events: fixed, substitutes, per_match or all_play_all"),
               choices=tuple(TEAM_TYPES), source="CXA 2011 §11.1–11.4"),
        Option("boards", int, 4, N_("Boards per team match (players per team in all-play-all)"), minimum=1, maximum=16,
               source="CXA 2011 §11"),
        Option("substitutes", int, 2, N_("Substitutes a team may register (team types substitutes and per_match)"), minimum=0, maximum=8,
               source="CXA 2011 §11.2"),
    )
    scoring = Scoring()  # CXA 2011 §13.1: win 2, draw 1, loss 0; "+" = 2 (§20.3); a bye is a win (§14.4)
    tiebreaks = TIEBREAKS
    draws_allowed = True
    score_sheet = "score_sheets/xiangqi.html"

    # The result grammar (.results, .team_results) is imported when a result is read or written, so that
    # commands which never meet a xiangqi result do not load it (docs/performance.md, cold start).

    def parse_result(self, text: str, ctx: MatchContext) -> GameMatch | TeamMatch:
        if _is_team(ctx):
            from podium.plugins.xiangqi.team_results import parse_team_match

            return parse_team_match(text, ctx)
        from podium.plugins.xiangqi.results import parse_match

        return parse_match(text, ctx)

    def format_result(self, result: GameMatch | TeamMatch, ctx: MatchContext) -> str:
        return _written(result, ctx, zh=False)

    def describe_result(self, text: str, ctx: MatchContext) -> str:
        """In Chinese, the games in the CXA rules' own words (``1:0（困毙）``, ``和棋（议和）``, ``1:0（犯规 0:3）``);
        in English the canonical text, whose words are the rules' English ones."""
        if current_language() != "zh":
            return text
        result = self.parse_result(text, ctx)
        if _is_team_match(result):
            from podium.plugins.xiangqi.team_results import read_team_match

            return read_team_match(result, ctx)
        from podium.plugins.xiangqi.results import read_match

        return read_match(result, ctx)

    def mirror(self, result: GameMatch | TeamMatch, ctx: MatchContext) -> GameMatch | TeamMatch:
        return result.mirrored()

    def outcome(self, result: GameMatch | TeamMatch, ctx: MatchContext) -> Outcome:
        if _is_team_match(result):
            from podium.plugins.xiangqi.team_results import team_outcome

            return team_outcome(result, ctx)
        from podium.plugins.xiangqi.results import match_outcome

        return match_outcome(result, ctx)

    def simulate(self, rng: random.Random, ctx: MatchContext) -> str:
        return _simulated(rng, ctx, zh=False)

    def colours(self, ctx: MatchContext) -> Message:
        """A knockout's colours are drawn by lot at the table (CXA 2011 §12.4, ``colour_lots``); otherwise the side
        the match lists first plays red in game 1 (§12.1), a team on odd boards (§12.2), and colours swap every
        game (§12.4)."""
        from podium.plugins.xiangqi.results import default_red, lot_required

        if lot_required(ctx):
            return Message(N_("Colours are drawn by lot at the table (CXA 2011 §12.4); the result says who drew red."))
        first = default_red(ctx)
        red, black = ctx.sides[first].name, ctx.sides[1 - first].name
        if _is_team(ctx):
            return Message(N_("{red} plays red on odd boards and {black} on even boards, as the match lists them (CXA 2011 §12.2)."), red=red, black=black)
        if ctx.rules["games"] > 1:
            return Message(
                N_("{red} plays red in game 1 and {black} in game 2, as the match lists them; colours swap every game (CXA 2011 §12.4)."),
                red=red, black=black,
            )
        return Message(N_("{red} plays red and {black} black, as the match lists them (CXA 2011 §12.1)."), red=red, black=black)

    def result_examples(self, ctx: MatchContext) -> tuple[str, ...]:
        """The usual examples, in the words of the reader's language (the notation reads both), that are valid in the
        match's event; simulated results of the event, written in the same language's words, take the place of those
        its options rule out (more games per match, no armageddon, fewer boards…). For help, where the sides are
        placeholders without members, the usual examples."""
        zh = current_language() == "zh"
        kind = "team" if _is_team(ctx) else "decisive" if ctx.decisive else "game"
        usual = _EXAMPLES[kind, "zh" if zh else "en"]
        if not all(side.members for side in ctx.sides):
            return usual
        examples = [text for text in usual if self._valid(text, ctx)]
        seed = 0
        while len(examples) < len(usual) and seed < 20:
            simulated = _simulated(random.Random(seed), ctx, zh=zh)
            if simulated not in examples and self._valid(simulated, ctx):
                examples.append(simulated)
            seed += 1
        return tuple(examples)

    def _valid(self, text: str, ctx: MatchContext) -> bool:
        try:
            self.parse_result(text, ctx)
        except ResultError:
            return False
        return True

    def entrant_problems(self, entrant: Entrant, rules: Mapping[str, Any], field: Sequence[Entrant]) -> list[str]:
        return team_problems(entrant, rules)

    def tiebreak_chain(self, family: str, rules: Mapping[str, Any]) -> tuple[str, ...]:
        """CXA 2011 §14 by format, entrant kind and games per match; the 1999 chains under ``rule_set = "cxa1999"``."""
        team = rules.get("kind") == EntrantKind.TEAM.value
        key = f"team_{family}" if team else family
        if rules.get("rule_set") == "cxa1999" and key in TIEBREAKS_1999:
            return TIEBREAKS_1999[key]
        if not team and family == "round_robin" and rules.get("games", 1) > 1:
            return TIEBREAKS["round_robin_multi_game"]
        return super().tiebreak_chain(family, rules)

    def score_sheet_fields(self, ctx: MatchContext) -> Mapping[str, Any]:
        return {"notes": self.score_sheet_notes(ctx)}

    def score_sheet_notes(self, ctx: MatchContext) -> tuple[str, ...]:
        """The rules a score sheet prints (CXA 2011 Art. 9: the sheet records result, times and fouls)."""
        from podium.plugins.xiangqi.timecontrols import parse_time_control

        rules = ctx.rules
        control = parse_time_control(rules["time_control"])
        notes = [
            _("Rules: {rules}").format(rules=RULE_SETS[rules["rule_set"]].get()),
            _("Time control: {control}").format(control=control.describe() if control else rules["time_control"]),
        ]
        if rules["time_odds"]:
            notes.append(_("Time odds: black has {n} min more (CXA 2011 §6.5)").format(n=rules["time_odds"]))
        notes.append(_("Lateness limit: {n} min; later is a forfeit (CXA 2011 §20.1)").format(n=rules["late_limit"]))
        notes.append(
            _("Foul number {n} loses the game ({source})").format(n=rules["foul_limit"], source=REASONS["fouls"].sources[rules["rule_set"]])
        )
        if REASONS["move-limit"].allowed(rules["rule_set"]):
            notes.append(_("Natural move limit: {n} moves without a capture (CXA 2011 §4.2.4)").format(n=rules["move_limit"]))
        if rules["agreed_draw_minimum"]:
            notes.append(
                _("No agreed draw before {n} moves or {n} minutes; an earlier one loses for both (xiangqi supplementary rules §1.6)").format(
                    n=rules["agreed_draw_minimum"]
                )
            )
        if rules["games"] > 1:
            notes.append(_("{n} games per match, colours swap every game (CXA 2011 §12.4)").format(n=rules["games"]))
        if _is_team(ctx):
            notes.append(_("Team type: {kind}; the first-listed team has red on odd boards (CXA 2011 §12.2)").format(
                kind=_(TEAM_TYPES[rules["team_type"]])
            ))
        if ctx.decisive:
            notes.extend(_playoff_notes(rules))
        return tuple(notes)


def _playoff_notes(rules: Mapping[str, Any]) -> list[str]:
    from podium.plugins.xiangqi.timecontrols import parse_time_control

    notes = []
    if rules["colour_lots"]:
        notes.append(_("Colours drawn by lot (CXA 2011 §12.4)"))
    rapid = parse_time_control(rules["rapid_time_control"])
    if rules["playoff_rapid_games"]:
        notes.append(
            ngettext("If level: {n} rapid game, {control} (xiangqi championship regulations §9(2))", "If level: {n} rapid games, {control} (xiangqi championship regulations §9(2))", rules["playoff_rapid_games"]).format(
                n=rules["playoff_rapid_games"], control=rapid.describe() if rapid else rules["rapid_time_control"]
            )
        )
    if rules["playoff_armageddon"]:
        notes.append(_("Then an armageddon game: a draw counts as a win for black (xiangqi championship regulations §9(2))"))
    else:
        notes.append(_("Then lots decide (15-second xiangqi rules §6)"))
    return notes


def _written(result: GameMatch | TeamMatch, ctx: MatchContext, *, zh: bool) -> str:
    """The canonical text of ``result``, or with ``zh`` the same text in the Chinese words the grammar reads."""
    if _is_team_match(result):
        from podium.plugins.xiangqi.team_results import format_team_match

        return format_team_match(result, ctx, zh=zh)
    from podium.plugins.xiangqi.results import format_match

    return format_match(result, ctx, zh=zh)


def _simulated(rng: random.Random, ctx: MatchContext, *, zh: bool) -> str:
    """A random valid result of the match's event (:mod:`.simulation`), written as :func:`_written` writes it."""
    from podium.plugins.xiangqi import simulation  # demos, examples and tests only

    result = simulation.team_match(rng, ctx) if _is_team(ctx) else simulation.match(rng, ctx)
    return _written(result, ctx, zh=zh)


def _is_team(ctx: MatchContext) -> bool:
    return ctx.rules.get("kind") == EntrantKind.TEAM.value


def _is_team_match(result: GameMatch | TeamMatch) -> bool:
    """Whether ``result`` is a team match rather than a match of games (whose module any result has
    loaded: team results are read with it), without loading the team module for individual events."""
    from podium.plugins.xiangqi.results import GameMatch

    return not isinstance(result, GameMatch)
