"""Table-tennis game and match scores: reading every spelling, and refusing what the laws forbid.

Sources: ITTF Laws 2.11.1 (a game is won by the first to 11 points unless both reach
10, then by the first to lead by 2) and 2.12 (a match is the best of an odd number of
games); the event plans (table-tennis plans 1, 2, 4, 6 and 7) play 11-point games won by
2, best of 1/3/5/7 set per stage or round, no game after the match is decided; an absence
or lateness beyond the limit is a walkover (plan 1 §6(2), plan 2 §6.4, plan 6 §9.2), never
written as 11:0 games (though plan 1 records it so). The target
(11, or 21 for old-style events) is an option.

This module is pure: it knows nothing of events, entrants or the core's match context.
"""

from __future__ import annotations

import re
import unicodedata

import attrs

from podium.api import N_, Hint, ResultError, parse_forfeit

_SCORE = re.compile(r"^(\d+)[-:比](\d+)$")
_SEPARATORS = re.compile(r"[\s,;，、；]+")
_AROUND_SEPARATOR = re.compile(r"\s*([-:比])\s*")
_RETIRED = re.compile(r"(?:ret(?:ired)?|退赛|弃赛)\s*:?\s*([12])\s*$", re.IGNORECASE)
_ABSENT = re.compile(r"^(?:w/?o|walkover|弃权|缺席)\s*:?\s*([12])$", re.IGNORECASE)


@attrs.frozen
class MatchScore:
    """One table-tennis match result (singles, doubles, or one rubber of a team tie), read from side 0.

    Exactly one of: ``games`` (the point score of every game played), ``walkover``
    (the side, 0 or 1, that won without play), ``double_walkover`` (neither side
    appeared) or ``game_count`` (only the games each side won are known). ``retired``
    names the side that retired during or after the games listed; the last game may
    then be unfinished.
    """

    games: tuple[tuple[int, int], ...] = ()
    walkover: int | None = None
    double_walkover: bool = False
    game_count: tuple[int, int] | None = None
    retired: int | None = None

    @property
    def winner(self) -> int | None:
        """The side that won the match (``None`` only for a double walkover)."""
        if self.double_walkover:
            return None
        if self.walkover is not None:
            return self.walkover
        if self.retired is not None:
            return 1 - self.retired
        if self.game_count is not None:
            return 0 if self.game_count[0] > self.game_count[1] else 1
        ahead = sum(1 if a > b else -1 for a, b in self.games)  # every game of a completed match is finished
        return 0 if ahead > 0 else 1

    @property
    def played(self) -> bool:
        """True when the match was contested (not a walkover)."""
        return self.walkover is None and not self.double_walkover

    def mirrored(self) -> MatchScore:
        """The same result read from side 1."""
        return MatchScore(
            games=tuple((b, a) for a, b in self.games),
            walkover=None if self.walkover is None else 1 - self.walkover,
            double_walkover=self.double_walkover,
            game_count=None if self.game_count is None else (self.game_count[1], self.game_count[0]),
            retired=None if self.retired is None else 1 - self.retired,
        )


def normalise(text: str) -> str:
    """Full-width digits and punctuation to ASCII (``１１－９`` → ``11-9``, ``11：9`` → ``11:9``), dashes to ``-``."""
    text = unicodedata.normalize("NFKC", text)
    for dash in ("–", "—", "−", "～", "~"):
        text = text.replace(dash, "-")
    return text.strip()


def finished(a: int, b: int, target: int) -> bool:
    """True when a game standing at ``a-b`` is over (someone has ``target`` or more and leads by 2)."""
    return max(a, b) >= target and abs(a - b) >= 2


def game_winner(a: int, b: int, number: int, target: int = 11) -> int:
    """The side (0 or 1) that won the finished game ``a-b``, or raise :class:`ResultError` with the reason.

    ITTF 2.11.1: the first to ``target`` points wins unless both reach
    ``target − 1``; then the first to lead by 2 wins. So a winner above ``target`` leads
    by exactly 2, and a game is over the moment either condition holds.
    """
    score = f"{a}-{b}"
    high, low = max(a, b), min(a, b)
    if a == b:
        raise ResultError(
            N_("Game {n} ({score}) is level; a game cannot end level (ITTF 2.11.1)."), code="table_tennis.game_level", n=number, score=score
        )
    if high < target:
        raise ResultError(
            N_("Game {n} ({score}) is not finished: a game is won by the first to {points} points (ITTF 2.11.1)."), code="table_tennis.game_unfinished", n=number, score=score, points=target
        )
    if high - low < 2:
        raise ResultError(
            N_("Game {n} ({score}): at {deuce}-{deuce} a game goes on until one side leads by 2 points (ITTF 2.11.1)."), code="table_tennis.game_deuce", n=number, score=score, deuce=target - 1
        )
    if high > target and high - low > 2:
        over = (target, low) if low <= target - 2 else (low + 2, low)
        ended = f"{over[0]}-{over[1]}" if a > b else f"{over[1]}-{over[0]}"
        raise ResultError(
            N_("Game {n} ({score}) is impossible: the game was over at {ended} (ITTF 2.11.1)."), code="table_tennis.game_impossible", n=number, score=score, ended=ended
        )
    return 0 if a > b else 1


def games_won(games: tuple[tuple[int, int], ...], target: int) -> tuple[int, int]:
    """Games each side won among ``games`` (an unfinished last game counts for nobody)."""
    won = [0, 0]
    for a, b in games:
        if finished(a, b, target):
            won[0 if a > b else 1] += 1
    return won[0], won[1]


def check_games(
    games: tuple[tuple[int, int], ...], best_of: int, target: int = 11, *, retired: int | None = None
) -> tuple[int, int]:
    """Validate a list of game scores as a best-of-``best_of`` match; return the games won per side.

    ITTF 2.12: the winner has exactly ⌈N/2⌉ games and no game is played
    after the match is decided. With ``retired`` the match stopped early: the games
    played are valid but nobody reached ⌈N/2⌉, and the last game may be unfinished.
    """
    need = best_of // 2 + 1
    won = [0, 0]
    for index, (a, b) in enumerate(games, start=1):
        if max(won) == need:
            raise ResultError(
                N_("Game {n}: the best-of-{best_of} match was already decided {a}-{b} after game {last}; no further game is played (ITTF 2.12)."), code="table_tennis.match_already_decided", n=index, best_of=best_of, a=won[0], b=won[1], last=index - 1
            )
        if retired is not None and index == len(games) and not finished(a, b, target):
            break  # the game in progress when a player retired: any unfinished score can stand
        won[game_winner(a, b, index, target)] += 1
    if retired is None and max(won) < need:
        raise ResultError(
            N_("The match is not finished: in a best of {best_of} the winner needs {need} games, and the games are {a}-{b}."), code="table_tennis.match_unfinished", best_of=best_of, need=need, a=won[0], b=won[1]
        )
    if retired is not None and max(won) >= need:
        raise ResultError(
            N_("A player cannot retire from a match that was already decided {a}-{b}."), code="table_tennis.retired_after_decided", a=won[0], b=won[1]
        )
    return won[0], won[1]


def check_game_count(a: int, b: int, best_of: int) -> int:
    """Validate a result given only as games won (``3:1``); return the winning side (ITTF 2.12)."""
    need = best_of // 2 + 1
    if max(a, b) != need or min(a, b) >= need:
        raise ResultError(
            N_("{a}:{b} is not a possible best-of-{best_of} result: the winner has exactly {need} games and the loser fewer (ITTF 2.12)."), code="table_tennis.game_count_impossible", a=a, b=b, best_of=best_of, need=need
        )
    return 0 if a > b else 1


def parse_score(text: str) -> tuple[int, int] | None:
    """``"11-9"`` → ``(11, 9)``; ``None`` when the token is not a score."""
    match = _SCORE.match(text)
    return (int(match[1]), int(match[2])) if match else None


def split_tokens(text: str) -> list[str]:
    """Game tokens of a result text (``11-9 9-11`` or ``11-9,9-11``), with spaces around ``-``/``:`` closed."""
    return [t for t in _SEPARATORS.split(_AROUND_SEPARATOR.sub(r"\1", text)) if t]


def parse_walkover(text: str) -> MatchScore | None:
    """A walkover: ``+:-``/``-:+``/``-:-`` (CXA notation, also ``＋－``) or ``w/o:2`` (side 2 absent); ``None`` otherwise.

    Table-tennis plan 1 §6(2), plan 2 §6.4 and plan 6 §9.2: an absence or lateness beyond the limit is a
    walkover, recorded as such and never as 11:0 games.
    """
    forfeit = parse_forfeit(text)
    if forfeit is not None:
        return MatchScore(double_walkover=True) if forfeit.winner is None else MatchScore(walkover=forfeit.winner)
    absent = _ABSENT.match(text)
    return MatchScore(walkover=2 - int(absent[1])) if absent else None


def parse_match(text: str, best_of: int, target: int = 11, *, games_only: bool = False) -> MatchScore:
    """Read and validate one match result (singles, doubles or one rubber), raising :class:`ResultError` with the reason.

    Accepts game scores (``11-9 9-11 11-7 11-5``; ``11:9``, ``１１－９``, ``11：9``, ``11比9``),
    a game count (``3:1``) only with ``games_only``, walkovers (``+:-``, ``-:+``, ``-:-``,
    ``w/o:2`` = side 2 absent) and retirements (``11-9 5-3 ret:2`` = side 2 retired in game 2).
    """
    clean = normalise(text)
    if not clean:
        raise ResultError(N_("The result is empty; give game scores like 11-9 9-11 11-7 11-5."), code="table_tennis.result_empty")
    walkover = parse_walkover(clean)
    if walkover is not None:
        return walkover
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
                N_("'{token}' is not a game score; write games like 11-9 9-11 11-7, a walkover as +:- or -:+, a retirement as 11-9 5-3 ret:2."), code="table_tennis.score_invalid", token=token
            )
        scores.append(score)
    if retired is not None and not scores:
        raise ResultError(
            N_("A retirement lists the games played so far (e.g. 11-9 5-3 ret:2); a player who never started gives a walkover (+:- or -:+)."), code="table_tennis.retirement_without_games"
        )
    if retired is None and len(scores) == 1 and max(scores[0]) <= best_of:
        a, b = scores[0]
        check_game_count(a, b, best_of)
        if not games_only:
            raise ResultError(
                N_("'{token}' is a game count, but this event needs every game score (e.g. 11-9 9-11 11-7)."), code="table_tennis.game_count_not_allowed",
                hint=Hint("set_option", option="games_only", value="true"), token=tokens[0],
            )
        return MatchScore(game_count=(a, b))
    if retired is None and len(scores) == 1 and best_of > 1 and sorted(scores[0]) == [0, target]:
        raise ResultError(
            N_("'{token}' alone is not a finished best-of-{best_of} match; a walkover is entered as +:- or -:+ (or w/o:2), never as {points}:0 games."), code="table_tennis.walkover_as_score", token=tokens[0], best_of=best_of, points=target
        )
    games = tuple(scores)
    check_games(games, best_of, target, retired=retired)
    return MatchScore(games=games, retired=retired)


def read_match(score: MatchScore) -> str:
    """``score`` as a Chinese reader reads it (the sport's ``describe_result`` answers English with the canonical
    text): a retirement in words, ``11-9 5-3（第 2 方退赛）``; games and walkovers as written (:func:`format_match`)."""
    if score.retired is None:
        return format_match(score)
    return " ".join(f"{a}-{b}" for a, b in score.games) + f"（第 {score.retired + 1} 方退赛）"


def format_match(score: MatchScore) -> str:
    """The canonical text of a match result; :func:`parse_match` reads it back to the same score."""
    if score.double_walkover:
        return "-:-"
    if score.walkover is not None:
        return "+:-" if score.walkover == 0 else "-:+"
    if score.game_count is not None:
        return f"{score.game_count[0]}:{score.game_count[1]}"
    text = " ".join(f"{a}-{b}" for a, b in score.games)
    if score.retired is not None:
        text += f" ret:{score.retired + 1}"
    return text
