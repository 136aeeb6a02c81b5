"""Badminton game and match scores, checked against the Laws of Badminton.

BWF Laws of Badminton, Law 7 (Scoring system):

- 7.1 a match is the best of three games (unless otherwise arranged: ``best_of``);
- 7.2 a game is won by the side that first scores 21 points (except 7.4 and 7.5);
- 7.3 the side winning a rally adds a point (rally scoring: every rally scores);
- 7.4 at 20-all, the side that first gains a 2-point lead wins the game;
- 7.5 at 29-all, the side scoring the 30th point wins the game.

So a finished game is 21-0 … 21-19, 22-20 … 29-27 (exactly 2 apart), 30-28 or 30-29;
21-20, 31-29 and 30-27 are impossible.
"""

from __future__ import annotations

import re
import unicodedata

import attrs
from podium.api import N_, ResultError

from podium_badminton.i18n import _

TARGET = 21
"""Points that win a game (Law 7.2)."""
CAP = 30
"""At 29-all the 30th point wins (Law 7.5): no game goes past 30."""

_SCORE = re.compile(r"^(\d+)\s*[-:]\s*(\d+)$")
_SEPARATORS = re.compile(r"[\s,;，、；]+")


@attrs.frozen
class MatchScore:
    """A badminton match: the point score of every game played, or a walkover.

    ``walkover`` is the side (0 or 1) that won without play; ``double_walkover`` means
    neither side played.
    """

    games: tuple[tuple[int, int], ...] = ()
    walkover: int | None = None
    double_walkover: bool = False

    def mirrored(self) -> MatchScore:
        return MatchScore(
            games=tuple((b, a) for a, b in self.games),
            walkover=None if self.walkover is None else 1 - self.walkover,
            double_walkover=self.double_walkover,
        )


def game_winner(a: int, b: int, number: int) -> int:
    """The side (0 or 1) that won the finished game ``a``-``b``, or a :class:`ResultError` naming the broken law."""
    high, low = max(a, b), min(a, b)
    score = f"{a}-{b}"
    if a == b:
        raise ResultError(
            N_("Game {n} ({score}) is level; a game is won by one side (BWF Law 7.2)."),
            code="badminton.game_level", catalog=_, n=number, score=score,
        )
    if high < TARGET:
        raise ResultError(
            N_("Game {n} ({score}) is not finished: a game is won by the first side to 21 points (BWF Law 7.2)."),
            code="badminton.game_unfinished", catalog=_, n=number, score=score,
        )
    if high > CAP:
        raise ResultError(
            N_("Game {n} ({score}) is impossible: at 29-all the 30th point wins, so no game goes past 30 (BWF Law 7.5)."),
            code="badminton.score_past_30", catalog=_, n=number, score=score,
        )
    if high == TARGET and low == TARGET - 1:
        raise ResultError(
            N_("Game {n} ({score}) is not finished: at 20-all a side needs a 2-point lead (BWF Law 7.4)."),
            code="badminton.game_unfinished_at_20_all", catalog=_, n=number, score=score,
        )
    if TARGET < high < CAP and high - low != 2 or high == CAP and low < CAP - 2:
        raise ResultError(
            N_("Game {n} ({score}) is impossible: past 21 a game ends as soon as one side leads by 2, or at 30 (BWF Law 7.4, 7.5)."),
            code="badminton.game_over_earlier", catalog=_, n=number, score=score,
        )
    return 0 if a > b else 1


def check_games(games: tuple[tuple[int, int], ...], best_of: int) -> tuple[int, int]:
    """Games won by each side in a valid best-of-``best_of`` match (Law 7.1), or a :class:`ResultError`."""
    need = best_of // 2 + 1
    won = [0, 0]
    for number, (a, b) in enumerate(games, start=1):
        if max(won) == need:
            raise ResultError(
                N_("Game {n}: the match was already won {a}-{b} in games; no further game is played (BWF Law 7.1)."), code="badminton.match_already_won", catalog=_, n=number, a=won[0], b=won[1]
            )
        won[game_winner(a, b, number)] += 1
    if max(won) < need:
        raise ResultError(
            N_("The match is not finished: in a best of {best_of} the winner needs {need} games, and the games are {a}-{b}."), code="badminton.match_unfinished", catalog=_, best_of=best_of, need=need, a=won[0], b=won[1]
        )
    return won[0], won[1]


def parse_games(text: str) -> tuple[tuple[int, int], ...]:
    """``"21-19 18-21 21-17"`` → the point scores of each game (also ``21:19``, commas, full-width digits)."""
    clean = unicodedata.normalize("NFKC", text).replace("–", "-").replace("—", "-").strip()
    games = []
    for token in (t for t in _SEPARATORS.split(clean) if t):
        match = _SCORE.match(token)
        if match is None:
            raise ResultError(
                N_("'{token}' is not a game score; write the games like 21-19 18-21 21-17, a walkover as +:- or -:+."), code="badminton.score_invalid", catalog=_, token=token
            )
        games.append((int(match[1]), int(match[2])))
    if not games:
        raise ResultError(N_("The result is empty; give the games like 21-19 18-21 21-17."), code="badminton.result_empty", catalog=_)
    return tuple(games)
