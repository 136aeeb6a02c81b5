"""Gomoku match results: the games of a match with colours, reasons and optional records.

A match text lists its games in order (see docs/gomoku.md)::

    B+five W+time = B+five[h8 a1 i8 a3 j8 a5 k8 a7 l8] black:2

* a game is ``B+<reason>`` or ``W+<reason>`` (the winning colour), or ``=`` for a draw;
  reasons: ``five`` (五连, rules A, basic rule 3), ``forbidden`` (禁手: Black's forbidden move loses,
  so only ``W+forbidden``, rules A, special rules), ``time`` (超时) and ``resign`` (认输) (rules A, winning 4);
* ``[h8 h9 …]`` right after a game is its record: Podium adjudicates it and refuses a
  result the record contradicts, naming the move and the reason;
* ``black:2``: the second-named player won the guess and played Black in game 1; without it
  the side listed first in the match did, whatever order the names were typed in; colours
  then alternate every game (:mod:`colours`);
* ``+:-`` / ``-:+`` / ``-:-``: the whole match was forfeited.

Rule set A (college gomoku rules 2012 §2.2): the first to ``wins`` game wins takes the match; draws do not count.
Rule set B (gomoku contest rules §1–2): ``games`` games, each scored 2/1/0; more game points wins the match,
equal is a draw — in a knockout, extra games follow until one is won.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from typing import Any

import attrs

from podium.api import N_, Localized, ResultError
from podium.plugins.gomoku.colours import black_in_game
from podium.plugins.gomoku.records import RecordReader, RecordRules, split_record
from podium.plugins.gomoku.renju import Adjudication

BLACK, WHITE = "B", "W"
FIVE, FORBIDDEN, TIME, RESIGN, DRAW = "five", "forbidden", "time", "resign", "draw"
REASONS = (FIVE, FORBIDDEN, TIME, RESIGN)
_REASON_SPELLINGS = {
    "five": FIVE, "5": FIVE, "五连": FIVE, "连五": FIVE,
    "forbidden": FORBIDDEN, "禁手": FORBIDDEN,
    "time": TIME, "t": TIME, "超时": TIME,
    "resign": RESIGN, "r": RESIGN, "认输": RESIGN,
}
_COLOURS = {"b": BLACK, "w": WHITE, "黑": BLACK, "白": WHITE}
_GAME = re.compile(r"^([bw黑白])\+(.+)$", re.IGNORECASE)
_DRAW = re.compile(r"^(?:=|draw|和|平局)$", re.IGNORECASE)
_BLACK_SIDE = re.compile(r"^(?:black|执黑):([12])$", re.IGNORECASE)
_TOKENS = re.compile(r"\[[^\]]*\]|[^\s\[\]]+|[\[\]]")
_FORFEITS = {"+:-": 0, "-:+": 1, "-:-": None}


@attrs.frozen
class Rules:
    """The event options a gomoku match depends on."""

    rule_set: str = "A"
    wins: int = 3
    games: int = 2
    record: RecordRules = RecordRules()

    @classmethod
    def of(cls, rules: Mapping[str, Any]) -> Rules:
        record = RecordRules(rules["board_size"], rules["forbidden_policy"], rules["centre_first"])
        return cls(rules["rule_set"], rules["wins"], rules["games"], record)


@attrs.frozen
class Game:
    """One game: the winning colour ("B", "W" or None for a draw), the reason and the record, if given."""

    winner: str | None
    reason: str
    record: tuple[str, ...] | None = None

    def text(self) -> str:
        head = "=" if self.winner is None else f"{self.winner}+{self.reason}"
        return head if self.record is None else f"{head}[{' '.join(self.record)}]"


@attrs.frozen
class Forfeit:
    """A match not played: ``winner`` took it by forfeit (``+:-``/``-:+``), None when both were absent."""

    winner: int | None


@attrs.frozen
class Match:
    """A gomoku match: its games in order and the side with Black in game 1, or a forfeit.

    ``first_black`` is None when the result does not say: the side listed first in the match.
    """

    games: tuple[Game, ...] = ()
    first_black: int | None = None
    forfeit: Forfeit | None = None

    def mirrored(self) -> Match:
        if self.forfeit is not None:
            winner = self.forfeit.winner
            return attrs.evolve(self, forfeit=Forfeit(None if winner is None else 1 - winner))
        return self if self.first_black is None else attrs.evolve(self, first_black=1 - self.first_black)

    def black(self, number: int) -> int:
        """The side with Black in game ``number`` (1-based)."""
        return black_in_game(number, self.first_black or 0)

    def side(self, number: int, colour: str) -> int:
        black = self.black(number)
        return black if colour == BLACK else 1 - black


def forfeit_of(text: str) -> Forfeit | None:
    """``+:-``, ``-:+`` or ``-:-`` (also ``+-``, full width); None for anything else."""
    compact = unicodedata.normalize("NFKC", text).replace(" ", "").replace("−", "-")
    if len(compact) == 2 and set(compact) <= {"+", "-"}:
        compact = compact[0] + ":" + compact[1]
    return Forfeit(_FORFEITS[compact]) if compact in _FORFEITS else None


def parse_match(text: str, rules: Rules, decisive: bool) -> Match:
    """Read and validate a match text (see the module docstring)."""
    forfeit = forfeit_of(text)
    if forfeit is not None:
        return Match(forfeit=forfeit)
    clean = unicodedata.normalize("NFKC", text).strip()
    games: list[Game] = []
    first_black: int | None = None
    for token in _TOKENS.findall(clean):
        if token.startswith("["):
            if token == "[" or not token.endswith("]"):
                raise ResultError(N_("A record bracket is not closed; write a record like B+five[h8 h9 i9 …]."), code="gomoku.bracket_unclosed")
            if not games or games[-1].record is not None:
                raise ResultError(
                    N_("A record [{record}] must follow the result of its game, e.g. B+five[h8 h9 …]."), code="gomoku.record_without_result", record=token[1:-1].strip()
                )
            games[-1] = attrs.evolve(games[-1], record=split_record(token[1:-1]))
            continue
        if token == "]":
            raise ResultError(N_("A record bracket is not closed; write a record like B+five[h8 h9 i9 …]."), code="gomoku.bracket_unclosed")
        if match := _BLACK_SIDE.match(token):
            side = int(match[1]) - 1
            if first_black is not None and first_black != side:
                raise ResultError(N_("'{token}' contradicts the colours given before it."), code="gomoku.colour_contradiction", token=token)
            first_black = side
            continue
        games.append(_game(token, len(games) + 1, rules))
    if not games:
        raise ResultError(N_("The result lists no game; write the games in order, e.g. B+five W+time = B+five."), code="gomoku.no_game")
    result = Match(games=tuple(games), first_black=first_black)
    for number, game in enumerate(result.games, start=1):
        if game.record is not None:
            check_record(game, number, rules)
    check_match(result, rules, decisive)
    return result


def _game(token: str, number: int, rules: Rules) -> Game:
    if _DRAW.match(token):
        return Game(None, DRAW)
    match = _GAME.match(token)
    reason = _REASON_SPELLINGS.get(match[2].lower()) if match else None
    if match is None or reason is None:
        raise ResultError(
            N_("Game {game}: '{token}' is not a game result; write B+five, W+five, W+forbidden, B+time, W+resign or = for a draw."), code="gomoku.game_word_invalid", game=number, token=token
        )
    colour = _COLOURS[match[1].lower()]
    if reason == FORBIDDEN:
        if colour == BLACK:
            raise ResultError(
                N_("Game {game}: '{token}': only Black has forbidden moves, so a forbidden move wins only for White (W+forbidden, college gomoku rules 2012, basic rule 4)."), code="gomoku.forbidden_for_black", game=number, token=token
            )
        if rules.record.policy == "replay":
            raise ResultError(
                N_("Game {game}: '{token}': under forbidden_policy = replay a forbidden move pointed out by White is played again, so it never loses (college gomoku rules 2012 §2.2)."), code="gomoku.forbidden_replayed", game=number, token=token
            )
    return Game(colour, reason)


def check_match(match: Match, rules: Rules, decisive: bool) -> None:
    """The games make a finished match, with no game after it was decided."""
    if rules.rule_set == "A":
        _check_first_to(match, rules.wins)
    else:
        _check_fixed(match, rules.games, decisive)


def tally(match: Match, upto: int | None = None) -> tuple[list[int], list[int]]:
    """Games won and game points (2/1/0, rules B §2) per side over the first ``upto`` games."""
    won, points = [0, 0], [0, 0]
    for number, game in enumerate(match.games[:upto], start=1):
        if game.winner is None:
            points[0] += 1
            points[1] += 1
        else:
            side = match.side(number, game.winner)
            won[side] += 1
            points[side] += 2
    return won, points


def _check_first_to(match: Match, need: int) -> None:
    """Rules A §2.2: "先赢满3盘的选手胜出" — the first to ``need`` wins; draws do not count."""
    for number in range(1, len(match.games) + 1):
        won, _points = tally(match, number - 1)
        if max(won) == need:
            raise ResultError(
                N_("Game {game}: the match was already won {a}-{b} after game {last}; it is first to {need} wins, so no further game is played."), code="gomoku.match_already_won", game=number, a=won[0], b=won[1], last=number - 1, need=need
            )
    won, _points = tally(match)
    if max(won) < need:
        raise ResultError(
            N_("The match is not finished: it is first to {need} game wins, and the games won are {a}-{b}."), code="gomoku.match_unfinished_first_to", need=need, a=won[0], b=won[1]
        )


def _check_fixed(match: Match, games: int, decisive: bool) -> None:
    """Rules B §1–2: a match of ``games`` games; in a knockout extra games follow a level score until one is won."""
    played = len(match.games)
    if played < games:
        raise ResultError(
            N_("The match is not finished: it has {games} games, and {played} are given."), code="gomoku.match_unfinished_games", games=games, played=played
        )
    _won, points = tally(match, games)
    level = points[0] == points[1]
    if played == games:
        if decisive and level:
            raise ResultError(
                N_("The match is level {a}-{b} in game points after {games} games, and a knockout needs a winner: add extra games until one is won."), code="gomoku.knockout_level", a=points[0], b=points[1], games=games
            )
        return
    if not decisive or not level:
        raise ResultError(
            N_("Game {game}: the match has {games} games; an extra game is played only in a knockout after a level score."), code="gomoku.extra_game_not_allowed", game=games + 1, games=games
        )
    decided = next((n for n in range(games + 1, played + 1) if match.games[n - 1].winner is not None), None)
    if decided is not None and decided < played:
        raise ResultError(
            N_("Game {game}: extra game {won} was won, which decided the match; no further game is played."), code="gomoku.extra_game_after_decided", game=decided + 1, won=decided
        )
    if decided is None:
        raise ResultError(N_("The match is not finished: the extra games so far are drawn, and a knockout needs a winner."), code="gomoku.extra_games_drawn")


def check_record(game: Game, number: int, rules: Rules) -> Adjudication:
    """Adjudicate a game's record and refuse a reported result it contradicts (rules A, rules B)."""
    assert game.record is not None
    reader = RecordReader(rules.record, number)
    found = reader.read(game.record)
    decided = found.reason != "undecided"
    colour = {"black": BLACK, "white": WHITE, None: None}[found.winner]
    if game.reason == DRAW:
        agrees = found.reason in ("undecided", "full_board")
    elif game.reason == FIVE:
        agrees = colour == game.winner and found.reason in ("five", "overline_white", "overline_black")
    elif game.reason == FORBIDDEN:
        agrees = found.reason.startswith("forbidden_")
    else:
        agrees = not decided
    if agrees:
        return found
    if game.reason == FORBIDDEN and not decided and found.forbidden_moves and rules.record.policy == "claim_required":
        move, _kind = found.forbidden_moves[-1]
        raise reader.fail(
            N_("W+forbidden needs White's claim: under forbidden_policy = claim_required a forbidden move loses only when White points it out at once (gomoku contest rules, winning 5); mark it in the record, e.g. {point}!"),
            code="gomoku.claim_missing", point=found.moves[move - 1],
        )
    raise reader.fail(
        N_("the record does not match {reported}: {record}."), code="gomoku.record_mismatch",
        reported=Game(game.winner, game.reason).text(), record=Localized(found.describe),
    )


def format_match(match: Match) -> str:
    """The canonical text of a match: parsing it again gives the same match."""
    if match.forfeit is not None:
        return {0: "+:-", 1: "-:+", None: "-:-"}[match.forfeit.winner]
    text = " ".join(game.text() for game in match.games)
    return f"{text} black:2" if match.first_black == 1 else text


_COLOUR_WORDS = {BLACK: "黑胜", WHITE: "白胜"}
_REASON_WORDS = {FIVE: "五连", FORBIDDEN: "禁手", TIME: "超时", RESIGN: "认输"}
"""How a Chinese reader reads a game's winner and reason (rules A, basic rule 3, special rules, winning 4)."""


def read_games(match: Match, black: int | None) -> str:
    """The games of ``match`` as a Chinese reader reads them: ``黑胜（五连）、白胜（禁手）、和棋``, a game's record
    after it as written, and first who played Black in game 1 when ``black`` (1 or 2, the side as named) says it;
    a forfeit as written (``+:-``)."""
    if match.forfeit is not None:
        return format_match(match)
    games = []
    for game in match.games:
        head = "和棋" if game.winner is None else f"{_COLOUR_WORDS[game.winner]}（{_REASON_WORDS[game.reason]}）"
        games.append(head if game.record is None else f"{head}[{' '.join(game.record)}]")
    text = "、".join(games)
    return text if black is None else f"第 {black} 方先执黑：{text}"
