"""Renju / gomoku game-record adjudicator.

Takes the move record of one game (Black first, alternating) and finds the first decisive
event: a five, White's overline, or a forbidden Black move (禁手), as defined by two Chinese
rule sets:

* **Gomoku rules A**: the college gomoku rules 2012 (2012年学院女子五子棋比赛规则).
* **Gomoku rules B**: the gomoku contest rules (五子棋比赛规则).

References name the rule set and its clause, e.g. ``rules A, forbidden move 2`` (禁手的判断 2)
or ``rules B, winning 5`` (判断胜负 5); docs/sources.md describes both documents.

Rules applied:

* Black moves first, from the centre point 天元 (rules A, basic rule 1; rules B §1).
* Five in a row horizontally, vertically or diagonally wins (rules A, basic rule 3; rules B, winning 1).
* White has no forbidden moves (rules A, basic rule 4), and White's overline counts as five
  (rules A, winning 1).
* Black's forbidden moves are the overline (rules A, forbidden move 1), the double three (rules A, forbidden move 2) and
  the double four (rules A, forbidden move 3). Double three includes 4-3-3 and double four includes 4-4-3
  (rules B, winning 2), so Black can win only through 4-3 (rules A, basic rule 4).
* A five made together with a forbidden shape wins for Black (rules A, basic rule 7; rules A, winning 2,
  rules B, winning 4).
* A record that reaches no result is a draw (rules A, basic rule 5; rules B, winning 3). This module only calls
  a full board a draw; a shorter record without a decision is "undecided", because the game
  may have ended by resignation, time or agreement (rules A, winning 4; rules A, draw 1).

Only the pure board logic lives here. It imports nothing from podium.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from typing import Literal

import attrs

from podium.plugins.gomoku.policies import FORBIDDEN_POLICIES

__all__ = [
    "BLACK",
    "DEFAULT_MAX_DEPTH",
    "FORBIDDEN_POLICIES",
    "WHITE",
    "Adjudication",
    "Board",
    "Point",
    "RenjuError",
    "adjudicate",
    "check_reported",
    "forbidden_kind",
    "parse_moves",
]

Colour = Literal["black", "white"]
BLACK: Colour = "black"
WHITE: Colour = "white"

DEFAULT_MAX_DEPTH = 6
"""How deep the live-three check may nest hypothetical stones (see `forbidden_kind`)."""

_MIN_SIZE, _MAX_SIZE = 5, 26
_WALL = "wall"
_DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))
_REACH = 5  # cells examined on each side of a point; an exact five needs its two neighbours
_SEPARATORS = re.compile(r"[\s,;、]+")
_TOKEN = re.compile(r"([a-z])([0-9]{1,2})")


class RenjuError(ValueError):
    """An invalid record, option or reported result.

    ``move_number`` is the 1-based move the problem is about, or None if it concerns no move.
    """

    def __init__(self, message: str, move_number: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.move_number = move_number


@attrs.frozen
class Point:
    """A board point; ``col`` and ``row`` count from 0, so h8 is ``Point(7, 7)``."""

    col: int
    row: int

    def __str__(self) -> str:
        return f"{chr(ord('a') + self.col)}{self.row + 1}"


def _check_size(size: int) -> None:
    if not _MIN_SIZE <= size <= _MAX_SIZE:
        raise RenjuError(f"board size must be between {_MIN_SIZE} and {_MAX_SIZE}, got {size}")


def _range_text(size: int) -> str:
    return f"columns a–{chr(ord('a') + size - 1)}, rows 1–{size}"


@attrs.frozen
class Board:
    """An immutable square board; ``cells`` is row-major, bottom row first, None for empty."""

    size: int
    cells: tuple[Colour | None, ...]

    @classmethod
    def empty(cls, size: int = 15) -> Board:
        _check_size(size)
        return cls(size, (None,) * (size * size))

    @classmethod
    def from_stones(
        cls,
        black: str | Sequence[str | Point] = (),
        white: str | Sequence[str | Point] = (),
        *,
        size: int = 15,
    ) -> Board:
        """A position with the given stones, written like a record ("h8 i9"); order is ignored."""
        board = cls.empty(size)
        for colour, stones in ((BLACK, black), (WHITE, white)):
            for n, point in enumerate(_to_points(stones, size), 1):
                if board.at(point) is not None:
                    raise RenjuError(f"{colour} stone {n}: {point} is already occupied", n)
                board = board.with_stone(point, colour)
        return board

    def contains(self, point: Point) -> bool:
        return 0 <= point.col < self.size and 0 <= point.row < self.size

    def at(self, point: Point) -> Colour | None:
        return self.cells[point.row * self.size + point.col]

    def with_stone(self, point: Point, colour: Colour) -> Board:
        index = point.row * self.size + point.col
        return Board(self.size, self.cells[:index] + (colour,) + self.cells[index + 1 :])

    def centre(self) -> Point:
        """天元, the centre point (rules A, basic rule 1); only odd sizes have one."""
        if self.size % 2 == 0:
            raise RenjuError(f"a {self.size}×{self.size} board has no single centre point")
        return Point(self.size // 2, self.size // 2)

    def line(self, point: Point, direction: tuple[int, int]) -> list[str | None]:
        """The cells from ``_REACH`` before ``point`` to ``_REACH`` after it; off-board is ``_WALL``."""
        cells: list[str | None] = []
        for step in range(-_REACH, _REACH + 1):
            col, row = point.col + step * direction[0], point.row + step * direction[1]
            on_board = 0 <= col < self.size and 0 <= row < self.size
            cells.append(self.cells[row * self.size + col] if on_board else _WALL)
        return cells


# --- parsing -------------------------------------------------------------------------------------


def _parse_token(token: str, size: int, n: int | None = None) -> Point:
    """One coordinate such as "h8"; ``n`` is its move number, for the error message."""
    where = "" if n is None else f"move {n}: "
    match = _TOKEN.fullmatch(unicodedata.normalize("NFKC", token).strip().lower())
    if match is None:
        raise RenjuError(
            f"{where}{token!r} is not a coordinate; expected a column letter and a row number "
            f"({_range_text(size)}), e.g. h8",
            n,
        )
    point = Point(ord(match[1]) - ord("a"), int(match[2]) - 1)
    if not (0 <= point.col < size and 0 <= point.row < size):
        raise RenjuError(f"{where}{token!r} is off the {size}×{size} board ({_range_text(size)})", n)
    return point


def _to_points(moves: str | Sequence[str | Point], size: int) -> tuple[Point, ...]:
    """Coordinates to points, checking syntax and board range but not occupancy."""
    _check_size(size)
    if isinstance(moves, str):
        moves = [t for t in _SEPARATORS.split(unicodedata.normalize("NFKC", moves)) if t]
    points = []
    for n, move in enumerate(moves, 1):
        if isinstance(move, Point):
            if not (0 <= move.col < size and 0 <= move.row < size):
                raise RenjuError(
                    f"move {n}: {move!r} is off the {size}×{size} board ({_range_text(size)})", n
                )
            points.append(move)
        else:
            points.append(_parse_token(move, size, n))
    return tuple(points)


def _occupied(n: int, point: Point, first: int) -> RenjuError:
    return RenjuError(f"move {n}: {point} is already occupied (by move {first})", n)


def parse_moves(moves: str | Sequence[str | Point], size: int = 15) -> tuple[Point, ...]:
    """Parse a record such as ``"h8 h9 i9"`` or ``["H8", "h9"]`` into points.

    Columns are letters a, b, c, … with none skipped, rows count 1… from the bottom. Case is
    ignored; text is NFKC-normalised, so full-width letters, digits and commas work, and moves
    may be separated by whitespace, commas, semicolons or 、. Raises `RenjuError` for a token
    that is not a coordinate, a point off the board, or a stone on an occupied point.
    """
    points = _to_points(moves, size)
    first_played: dict[Point, int] = {}
    for n, point in enumerate(points, 1):
        if point in first_played:
            raise _occupied(n, point, first_played[point])
        first_played[point] = n
    return points


# --- pattern detection on one line -----------------------------------------------------------------
# A line is the list returned by Board.line: index _REACH is the point being judged, which already
# holds a black stone. Every five, four and three looked at below passes through that point.


def _run(line: list[str | None], index: int, colour: Colour = BLACK) -> tuple[int, int]:
    """First and last index of the run of ``colour`` stones through ``index``."""
    low = high = index
    while low > 0 and line[low - 1] == colour:
        low -= 1
    while high < len(line) - 1 and line[high + 1] == colour:
        high += 1
    return low, high


def _is_five(low: int, high: int, exact: bool) -> bool:
    length = high - low + 1
    return length == 5 or (length > 5 and not exact)


def _ends(line: list[str | None]) -> list[int]:
    """The empty cells next to the black run through the centre.

    Only a stone there changes that run, so only these cells can turn it into a five or a
    straight four.
    """
    low, high = _run(line, _REACH)
    return [k for k in (low - 1, high + 1) if 0 <= k < len(line) and line[k] is None]


def _with_black(line: list[str | None], k: int) -> list[str | None]:
    trial = line.copy()
    trial[k] = BLACK
    return trial


def _five_points(line: list[str | None], exact: bool) -> list[int]:
    """Empty cells where one more black stone makes a five through the centre.

    A run that reaches either end of the line is at least six long, so the fixed reach is enough
    to tell an exact five from an overline.
    """
    return [k for k in _ends(line) if _is_five(*_run(_with_black(line, k), k), exact)]


def _is_straight(points: list[int]) -> bool:
    """Five points five cells apart enclose four stones in a row: a straight four (活四)."""
    return len(points) == 2 and points[1] - points[0] == 5


def _four_count(line: list[str | None], exact: bool) -> int:
    """Fours (四, rules A, shape 4) through the centre; a straight four is one four.

    Two five points closer together are two fours on one line, as in ``X.XXX.X`` or
    ``XX.XX.XX``: each completes a different five.
    """
    points = _five_points(line, exact)
    return 1 if _is_straight(points) else len(points)


def _straight_four_points(line: list[str | None], exact: bool) -> list[int]:
    """Empty cells where one more black stone makes a straight four through the centre."""
    return [k for k in _ends(line) if _is_straight(_five_points(_with_black(line, k), exact))]


# --- judging one move -------------------------------------------------------------------------------


def _offset(point: Point, direction: tuple[int, int], k: int) -> Point:
    return Point(point.col + (k - _REACH) * direction[0], point.row + (k - _REACH) * direction[1])


def _black_event(board: Board, point: Point, exact: bool, depth: int, max_depth: int) -> str | None:
    """What a black stone on the empty ``point`` makes, in order of precedence.

    "five" (or "overline_black" when ``exact`` is False), else "overline", "double_four",
    "double_three", or None. A five is checked first because it beats any forbidden shape made by
    the same move (rules A, winning 2). When a move is both an overline and a double four, the overline is
    reported; either way it is forbidden.
    """
    lines = []
    for direction in _DIRECTIONS:
        line = board.line(point, direction)
        line[_REACH] = BLACK
        lines.append(line)
    runs = [high - low + 1 for low, high in (_run(line, _REACH) for line in lines)]
    if 5 in runs:
        return "five"
    if max(runs) > 5:
        return "overline" if exact else "overline_black"
    fours = [_four_count(line, exact) for line in lines]
    if sum(fours) >= 2:
        return "double_four"
    # A line holding a four is not also counted as a three. (With exact fives no line can hold
    # both.) The costly recursion runs only when two lines could hold threes.
    candidates = [
        (direction, points)
        for direction, line, four in zip(_DIRECTIONS, lines, fours, strict=True)
        if not four and (points := _straight_four_points(line, exact))
    ]
    if len(candidates) < 2:
        return None
    placed = board.with_stone(point, BLACK)
    live = 0
    for direction, points in candidates:
        if any(
            depth >= max_depth
            or _black_event(placed, _offset(point, direction, k), exact, depth + 1, max_depth)
            in (None, "five", "overline_black")
            for k in points
        ):
            live += 1
            if live == 2:
                return "double_three"
    return None


def forbidden_kind(
    board: Board, point: Point | str, *, exact_five: bool = True, max_depth: int = DEFAULT_MAX_DEPTH
) -> str | None:
    """Whether a black stone on the empty ``point`` would be forbidden (禁手, rules A, special rules).

    Returns "overline" (长连, rules A, forbidden move 1), "double_four" (四四, rules A, forbidden move 3) or "double_three"
    (三三, rules A, forbidden move 2), or None for an allowed move, including every move that makes a five
    (rules A, winning 2). Two fours on one line (``X.XXX.X``) are a double four; 4-4-3 is a double four
    and 4-3-3 a double three (rules B, winning 2). With ``exact_five`` False a black overline is a win
    like White's, so it is never forbidden.

    A three counts as live (活三, rules A, shape 2) only if one more stone can make it a straight four
    (活四, rules A, shape 3) and that stone is not itself forbidden. Whether it is forbidden is judged by
    the same function on the board that already holds ``point``, so the check recurses. Each level
    adds one hypothetical stone. At ``max_depth`` levels the recursion stops, and the straight-four
    point is taken as allowed, so the three counts as live. ``max_depth=0`` gives the plain,
    non-recursive check. The rules do not say how deep to look; practical positions rarely need
    more than two or three levels.
    """
    if isinstance(point, str):
        point = _parse_token(point, board.size)
    if not board.contains(point):
        raise RenjuError(f"{point!r} is off the {board.size}×{board.size} board")
    if board.at(point) is not None:
        raise RenjuError(f"{point} is already occupied")
    event = _black_event(board, point, exact_five, 0, max_depth)
    return event if event in ("overline", "double_four", "double_three") else None


def _white_event(board: Board, point: Point) -> str | None:
    """What a white stone on ``point`` makes: "five", "overline_white" (counts as five,
    rules A, winning 1) or None. White has no forbidden moves (basic rule 4)."""
    runs = []
    for direction in _DIRECTIONS:
        line = board.line(point, direction)
        line[_REACH] = WHITE
        low, high = _run(line, _REACH, WHITE)
        runs.append(high - low + 1)
    if 5 in runs:
        return "five"
    return "overline_white" if max(runs) > 5 else None


# --- adjudication -------------------------------------------------------------------------------------

_KIND_EN = {"overline": "an overline", "double_four": "a double four", "double_three": "a double three"}
_KIND_ZH = {"overline": "长连", "double_four": "四四", "double_three": "三三"}
_COLOUR_ZH = {BLACK: "黑", WHITE: "白"}


@attrs.frozen
class Adjudication:
    """What a game record shows.

    ``winner`` is "black", "white" or None. ``reason`` is one of:

    * "five": the winner made five in a row (rules A, basic rule 3);
    * "overline_white": White made six or more, which counts as five (rules A, winning 1);
    * "overline_black": the same for Black, only when exact fives are not required;
    * "forbidden_overline", "forbidden_double_four", "forbidden_double_three": Black's
      forbidden move loses (rules A, basic rule 4; rules A, forbidden moves 1–3);
    * "replay": White pointed out a forbidden move, which Black must play again (rules A §2.2);
      there is no winner yet;
    * "full_board": no empty point is left and nobody won, a draw (rules A, basic rule 5);
    * "undecided": the record stops before any decision.

    ``move_number`` is the 1-based number of the deciding move (for "full_board", the last
    move), or None when undecided. ``forbidden_moves`` lists every forbidden black move as
    (move number, kind), including the ones the policy let stand.
    """

    winner: Colour | None
    reason: str
    move_number: int | None
    moves: tuple[Point, ...]
    forbidden_moves: tuple[tuple[int, str], ...] = ()

    @property
    def point(self) -> Point | None:
        """The point of the deciding move, if any."""
        return None if self.move_number is None else self.moves[self.move_number - 1]

    def _decided_by_forbidden(self) -> bool:
        return self.reason.startswith("forbidden_") or self.reason == "replay"

    def _event(self) -> str:
        """The deciding event in English, e.g. "Black made a double three"."""
        if self.reason == "five":
            return f"{self.winner.capitalize()} made five in a row"
        if self.reason in ("overline_white", "overline_black"):
            return f"{self.winner.capitalize()} made an overline"
        return f"Black made {_KIND_EN[self.forbidden_moves[-1][1]]}"

    def _event_zh(self) -> str:
        if self.reason == "five":
            return f"{_COLOUR_ZH[self.winner]}棋五连，{_COLOUR_ZH[self.winner]}胜"
        if self.reason in ("overline_white", "overline_black"):
            return f"{_COLOUR_ZH[self.winner]}棋长连（视同五连），{_COLOUR_ZH[self.winner]}胜"
        kind = _KIND_ZH[self.forbidden_moves[-1][1]]
        return (
            f"黑棋{kind}禁手，白方指出，黑方重下此手" if self.reason == "replay" else f"黑棋{kind}禁手，黑负"
        )

    def describe(self, lang: str = "en") -> str:
        """A one-line account, e.g. "Black made a double three at move 23 (h10): Black loses".

        ``lang="zh"`` gives the Chinese form, e.g. "第23手 h10 黑棋三三禁手，黑负". Forbidden
        moves that the policy let stand are listed at the end.
        """
        if lang not in ("en", "zh"):
            raise ValueError(f"lang must be 'en' or 'zh', got {lang!r}")
        n = self.move_number
        if lang == "zh":
            if self.reason == "undecided":
                text = f"共{len(self.moves)}手，未分胜负"
            elif self.reason == "full_board":
                text = f"第 {n} 手后棋盘已满，和棋"
            else:
                text = f"第 {n} 手 {self.point} {self._event_zh()}"
        elif self.reason == "undecided":
            text = f"No result after {len(self.moves)} moves"
        elif self.reason == "full_board":
            text = f"The board is full after move {n}: draw"
        elif self.reason == "replay":
            text = f"{self._event()} at move {n} ({self.point}) and White pointed it out: Black must replay the move"
        else:
            verdict = "Black loses" if self._decided_by_forbidden() else f"{self.winner.capitalize()} wins"
            note = ", which counts as five" if self.reason.startswith("overline") else ""
            text = f"{self._event()} at move {n} ({self.point}){note}: {verdict}"
        standing = self.forbidden_moves[:-1] if self._decided_by_forbidden() else self.forbidden_moves
        if standing and lang == "zh":
            text += "；未判负的禁手：" + "、".join(
                f"第 {m} 手 {self.moves[m - 1]} {_KIND_ZH[k]}" for m, k in standing
            )
        elif standing:
            text += "; forbidden moves not penalised: " + ", ".join(
                f"move {m} ({self.moves[m - 1]}) {k.replace('_', ' ')}" for m, k in standing
            )
        return text


def _after_end(n: int, point: Point, ending: Adjudication) -> RenjuError:
    m, event = ending.move_number, f"{ending._event()} ({ending.point})"
    if ending.reason == "replay":
        return RenjuError(f"move {n} ({point}) was played after move {m}, which must be replayed: {event}", n)
    return RenjuError(f"move {n} ({point}) was played after the game ended at move {m}: {event}", n)


def adjudicate(
    moves: str | Sequence[str | Point],
    *,
    size: int = 15,
    forbidden_policy: str = "auto_loss",
    exact_five_for_black: bool = True,
    centre_first: bool = True,
    claimed_at: int | None = None,
    max_depth: int = DEFAULT_MAX_DEPTH,
) -> Adjudication:
    """Walk a record (Black first, alternating) and stop at the first decisive event.

    ``forbidden_policy`` says what a forbidden black move does; the rule sets disagree:

    * "auto_loss": Black loses at once, as the system rules it (rules A, basic rule 4:
      "黑棋禁手判负"; winning 1: "得到系统认可").
    * "claim_required": Black loses only if White points the move out at once. Otherwise the
      game goes on and the move stays on the board (rules B, winning 5).
    * "replay": if White points the move out, Black plays that move again and does not lose.
      Otherwise the move is accepted (rules A §2.2). The result is then "replay", and the
      record must stop at that move.

    ``claimed_at`` is the number of the black move that White pointed out as forbidden straight
    after it was played. It must name a forbidden black move. Under "auto_loss" it changes
    nothing. A claim made later than that is no claim (rules B, winning 5), so leave it out.

    ``centre_first`` requires move 1 on 天元 (rules A, basic rule 1). With ``exact_five_for_black`` False,
    a black overline wins like White's instead of being forbidden. ``max_depth`` bounds the
    live-three recursion (see `forbidden_kind`).

    Raises `RenjuError` for a bad coordinate, a point off the board, an occupied point, a first
    move off the centre, a claim on a move that is not forbidden, or a move played after the
    game ended.
    """
    if forbidden_policy not in FORBIDDEN_POLICIES:
        raise RenjuError(
            f"forbidden_policy must be one of {', '.join(FORBIDDEN_POLICIES)}, got {forbidden_policy!r}"
        )
    points = _to_points(moves, size)
    board = Board.empty(size)
    if centre_first and points and points[0] != board.centre():
        raise RenjuError(f"move 1 must be on the centre point (天元) {board.centre()}, not {points[0]}", 1)
    if claimed_at is not None and not 1 <= claimed_at <= len(points):
        raise RenjuError(
            f"claimed_at={claimed_at} is not a move of this {len(points)}-move record", claimed_at
        )

    first_played: dict[Point, int] = {}
    forbidden: list[tuple[int, str]] = []
    ending: Adjudication | None = None
    for n, point in enumerate(points, 1):
        if ending is not None:
            raise _after_end(n, point, ending)
        if point in first_played:
            raise _occupied(n, point, first_played[point])
        first_played[point] = n
        colour = BLACK if n % 2 else WHITE
        if colour == BLACK:
            event = _black_event(board, point, exact_five_for_black, 0, max_depth)
        else:
            event = _white_event(board, point)
        board = board.with_stone(point, colour)
        claimed = claimed_at == n
        if event in ("overline", "double_four", "double_three"):
            forbidden.append((n, event))
            if forbidden_policy == "auto_loss" or (claimed and forbidden_policy == "claim_required"):
                ending = Adjudication(WHITE, f"forbidden_{event}", n, points, tuple(forbidden))
            elif claimed:
                ending = Adjudication(None, "replay", n, points, tuple(forbidden))
            continue
        if claimed:
            raise RenjuError(
                f"move {n} ({point}) was claimed as forbidden, but it is not a forbidden move", n
            )
        if event is not None:
            ending = Adjudication(colour, event, n, points, tuple(forbidden))
    if ending is not None:
        return ending
    if len(points) == size * size:
        return Adjudication(None, "full_board", len(points), points, tuple(forbidden))
    return Adjudication(None, "undecided", None, points, tuple(forbidden))


def check_reported(adjudication: Adjudication, reported_winner: Colour | None) -> None:
    """Raise `RenjuError` if a reported result contradicts the record.

    ``reported_winner`` is "black", "white", or None for a reported draw. An "undecided" or
    "replay" record contradicts nothing, because the game can end off the record by resignation,
    time or agreement (rules A, winning 4; rules A, draw 1).
    """
    if reported_winner not in (BLACK, WHITE, None):
        raise RenjuError(f"reported_winner must be 'black', 'white' or None (draw), got {reported_winner!r}")
    if adjudication.reason in ("undecided", "replay") or reported_winner == adjudication.winner:
        return
    reported = f"a {reported_winner.capitalize()} win" if reported_winner else "a draw"
    raise RenjuError(
        f"reported {reported}, but the record shows: {adjudication.describe()}", adjudication.move_number
    )
