"""Results of one two-player Chinese checkers game: a win with its reason, a draw, a deadlock, a forfeit.

Sources (docs/sources.md): the Chinese checkers rules 2012, the knockout rules of a school event — 30 s a
move, the second overstep loses (§2); the first player to fill the opposite triangle wins
(§3); one game decides and the winner goes on (§4); a player whose pieces cannot move, or
who keeps pieces home so the other cannot win, loses, and of two with trapped pieces the
one with more loses (§6); more than 5 minutes late is a forfeit (§6). The student board-games league plan §7.5
(Chinese checkers): three warnings lose (item 1), a blocked player loses (item 2), of two
who both finish with equal moves the first to finish wins (item 3). The general Chinese checkers rules: a
win scores 1, a loss 0, a draw ½ each (scoring); a deadlock — ten rounds with no progress —
gives the side half a step ahead 0.75 and the other 0.25 (additional rule 4).

Texts, read from the side listed (or named) first::

    1-0            the first side filled the opposite triangle first (also 1:0, 胜)
    0-1 time       the second side won: the first overstepped the time once too often
    1-0 blocked    the second side could not move, or kept pieces home (堵死)
    1-0 trapped    both had trapped pieces; the second side had more (被困)
    =              a draw (also ½-½, 0.5-0.5, 和)
    0.75-0.25      a deadlock, the first side half a step ahead (also ¾-¼, 死局 1)
    +:-  -:+  -:-  a forfeit: the side marked − did not come (or neither)
"""

from __future__ import annotations

import re
import unicodedata

import attrs
from podium.api import N_, ResultError, parse_forfeit

from podium_chinese_checkers.i18n import _

WIN, DRAW, DEADLOCK, FORFEIT = "win", "draw", "deadlock", "forfeit"
REASONS = {"finish": "finish", "先到": "finish", "到达": "finish", "time": "time", "超时": "time",
           "blocked": "blocked", "堵死": "blocked", "困毙": "blocked", "trapped": "trapped", "被困": "trapped"}
"""Spellings of why a game was won, by reason: filled the triangle first, time, blocked, more trapped pieces."""

_WIN = re.compile(r"^(1|0)\s*[-:]\s*(0|1)(?:\s+(\S+))?$")
_WON_WORD = re.compile(r"^(胜|负)(?:\s+(\S+))?$")
_DRAW = re.compile(r"^(?:=|0\.5\s*[-:]\s*0\.5|和|draw)$")
_DEADLOCK = re.compile(r"^(?:(0\.75)\s*[-:]\s*0\.25|0\.25\s*[-:]\s*0\.75|(?:死局|deadlock)\s*:?\s*([12]))$")
_FRACTIONS = str.maketrans({"½": "0.5", "¼": "0.25", "¾": "0.75"})


@attrs.frozen
class Game:
    """A game's result: ``kind`` (win, draw, deadlock, forfeit), ``winner`` (0 or 1; the side ahead in a
    deadlock; ``None`` for a draw or a double forfeit) and, for a win, the ``reason``."""

    kind: str
    winner: int | None = None
    reason: str = "finish"

    def mirrored(self) -> Game:
        return attrs.evolve(self, winner=None if self.winner is None else 1 - self.winner)


def parse_game(text: str) -> Game:
    """Read a game result (see the module docstring); a :class:`ResultError` names what is wrong."""
    clean = unicodedata.normalize("NFKC", text.translate(_FRACTIONS)).strip().lower()
    if not clean:
        raise ResultError(N_("The result is empty; give it like 1-0, 0-1 time, = or 0.75-0.25."), code="chinese_checkers.result_empty", catalog=_)
    forfeit = parse_forfeit(clean)
    if forfeit is not None:
        return Game(FORFEIT, forfeit.winner)
    if _DRAW.match(clean):
        return Game(DRAW)
    if match := _DEADLOCK.match(clean):
        if match[2]:
            return Game(DEADLOCK, int(match[2]) - 1)
        return Game(DEADLOCK, 0 if match[1] else 1)
    won = _WIN.match(clean)
    word = _WON_WORD.match(clean)
    if won is None and word is None:
        raise ResultError(
            N_("'{text}' is not a Chinese checkers result; write 1-0 or 0-1 (with time, blocked or trapped), = for a draw, 0.75-0.25 for a deadlock, or +:- for a forfeit."), code="chinese_checkers.result_invalid", catalog=_, text=text
        )
    if won is not None:
        if won[1] == won[2]:
            raise ResultError(N_("'{text}': one side scores 1 and the other 0 (general Chinese checkers rules, scoring)."), code="chinese_checkers.score_invalid", catalog=_, text=text)
        winner, given = (0 if won[1] == "1" else 1), won[3]
    else:
        assert word is not None
        winner, given = (0 if word[1] == "胜" else 1), word[2]
    if given is None:
        return Game(WIN, winner)
    if given not in REASONS:
        raise ResultError(
            N_("'{word}' is not a way to win; give finish, time, blocked or trapped (Chinese checkers rules 2012 §2, §6)."), code="chinese_checkers.win_reason_invalid", catalog=_, word=given
        )
    return Game(WIN, winner, REASONS[given])


def format_game(game: Game) -> str:
    """The canonical text of ``game``: parsing it again gives the same game."""
    if game.kind == FORFEIT:
        return {0: "+:-", 1: "-:+", None: "-:-"}[game.winner]
    if game.kind == DRAW:
        return "="
    if game.kind == DEADLOCK:
        return "0.75-0.25" if game.winner == 0 else "0.25-0.75"
    score = "1-0" if game.winner == 0 else "0-1"
    return score if game.reason == "finish" else f"{score} {game.reason}"
