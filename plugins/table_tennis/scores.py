"""Table-tennis game and match scores, validated against the laws.

Sources: ITTF Handbook 2.11 (a game is won by the first to 11 points, or by a
2-point lead after 10-10) and 2.12 (a match is the best of an odd number of
games); seed 002 V1–V3 (L67, L153, L177, L519, L597): 11-point games, must lead by
2, best of 1/3/5/7 set per stage or round, no game after the match is decided.
The target (11, or 21 for old-style events) is an option.
"""

from __future__ import annotations

import re
import unicodedata

import attrs

from podium.errors import ResultError
from podium.i18n import _

_SCORE = re.compile(r"^(\d+)\s*[-:比]\s*(\d+)$")
_SEPARATORS = re.compile(r"[\s,;，、；]+")


@attrs.frozen
class MatchScore:
    """A table-tennis match result.

    Exactly one of: ``games`` (point scores of each game played), ``walkover``
    (0 or 1: that side won without play; ``None`` with ``double_walkover``), or
    ``game_count`` (only the number of games each side won is known).
    ``retired`` names the side that retired; the last game may then be unfinished.
    """

    games: tuple[tuple[int, int], ...] = ()
    walkover: int | None = None
    double_walkover: bool = False
    game_count: tuple[int, int] | None = None
    retired: int | None = None

    def mirrored(self) -> MatchScore:
        return MatchScore(
            games=tuple((b, a) for a, b in self.games),
            walkover=None if self.walkover is None else 1 - self.walkover,
            double_walkover=self.double_walkover,
            game_count=None if self.game_count is None else (self.game_count[1], self.game_count[0]),
            retired=None if self.retired is None else 1 - self.retired,
        )


def normalise(text: str) -> str:
    """Full-width digits and punctuation to ASCII (``１１－９`` → ``11-9``, ``11：9`` → ``11:9``)."""
    text = unicodedata.normalize("NFKC", text)
    return text.replace("–", "-").replace("—", "-").replace("−", "-").replace("～", "-").strip()


def game_winner(a: int, b: int, number: int, target: int = 11) -> int:
    """The side (0 or 1) that won a finished game ``a-b``, or raise :class:`ResultError` with the reason.

    ITTF 2.11.1: the first to ``target`` points wins unless both reach ``target − 1``;
    then the first to lead by 2 wins. So a score above ``target`` has a margin of exactly 2.
    """
    score = f"{a}-{b}"
    high, low = max(a, b), min(a, b)
    if a == b:
        raise ResultError(
            _("Game {n} ({score}) is level; a game cannot end level (ITTF 2.11.1).").format(n=number, score=score)
        )
    if high < target:
        raise ResultError(
            _("Game {n} ({score}) is not finished: a game is won by the first to {target} points (ITTF 2.11.1).").format(
                n=number, score=score, target=target
            )
        )
    if high == target and high - low < 2:
        raise ResultError(
            _("Game {n} ({score}): at {deuce}-{deuce} a game goes on until one side leads by 2 points (ITTF 2.11.1).").format(
                n=number, score=score, deuce=target - 1
            )
        )
    if high > target and high - low != 2:
        if high - low > 2:
            raise ResultError(
                _("Game {n} ({score}) is impossible: the game ended as soon as one side reached {target} with a 2-point lead (ITTF 2.11.1).").format(
                    n=number, score=score, target=target
                )
            )
        raise ResultError(
            _("Game {n} ({score}): above {target} points the winner leads by exactly 2 (ITTF 2.11.1).").format(
                n=number, score=score, target=target
            )
        )
    return 0 if a > b else 1


def check_games(
    games: tuple[tuple[int, int], ...], best_of: int, target: int = 11, *, retired: int | None = None
) -> tuple[int, int]:
    """Validate a list of game scores as a best-of-``best_of`` match; return games won per side.

    ITTF 2.12 / seed 002 V3: the winner has exactly ⌈N/2⌉ games and no game is played
    after the match is decided. With ``retired`` the match stopped early: the games
    played are valid but nobody reached ⌈N/2⌉, and the last game may be unfinished.
    """
    need = best_of // 2 + 1
    won = [0, 0]
    for index, (a, b) in enumerate(games, start=1):
        if max(won) == need:
            raise ResultError(
                _("Game {n}: the best-of-{best_of} match was already decided {a}-{b} after game {last}; no further game is played (ITTF 2.12).").format(
                    n=index, best_of=best_of, a=won[0], b=won[1], last=index - 1
                )
            )
        if retired is not None and index == len(games) and not _finished(a, b, target):
            break  # the game in progress when a player retired
        won[game_winner(a, b, index, target)] += 1
    if retired is None and max(won) < need:
        raise ResultError(
            _("The match is not finished: in a best of {best_of} the winner needs {need} games, and the games are {a}-{b}.").format(
                best_of=best_of, need=need, a=won[0], b=won[1]
            )
        )
    if retired is not None and max(won) >= need:
        raise ResultError(
            _("A player cannot retire from a match that was already decided {a}-{b}.").format(a=won[0], b=won[1])
        )
    return won[0], won[1]


def _finished(a: int, b: int, target: int) -> bool:
    high, low = max(a, b), min(a, b)
    return high >= target and high - low >= 2


def check_game_count(a: int, b: int, best_of: int) -> int:
    """Validate a result given only as games won (``3:1``); return the winning side."""
    need = best_of // 2 + 1
    if max(a, b) != need or min(a, b) >= need:
        raise ResultError(
            _("{a}:{b} is not a possible best-of-{best_of} result: the winner has exactly {need} games and the loser fewer.").format(
                a=a, b=b, best_of=best_of, need=need
            )
        )
    return 0 if a > b else 1


def parse_score(text: str) -> tuple[int, int] | None:
    """``"11-9"`` → ``(11, 9)``; ``None`` when the token is not a score."""
    match = _SCORE.match(text)
    return (int(match[1]), int(match[2])) if match else None


def split_tokens(text: str) -> list[str]:
    return [t for t in _SEPARATORS.split(text) if t]
