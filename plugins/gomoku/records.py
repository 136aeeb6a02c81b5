"""Game records checked against the reported result, with messages for people.

A record is the moves of one game in order, Black first: ``h8 h9 i9 …`` (see
:func:`podium.plugins.gomoku.renju.parse_moves`). A move that White pointed out at once as
forbidden is marked ``!`` (``j8!``). What the mark does follows the event's
``forbidden_policy`` (the two rule sets disagree, see :func:`renju.adjudicate`):

* ``auto_loss`` (rules A, basic rule 4): every forbidden black move loses, marked or not;
* ``claim_required`` (rules B, winning 5): a forbidden move loses only when marked; unmarked it stands;
* ``replay`` (rules A §2.2): a marked move is taken back and Black plays again, so the next
  move in the record is Black's replacement; unmarked it stands. Black never loses by it.

The adjudicator (:mod:`renju`) speaks English and knows nothing of Podium; this module
turns its findings into translated sentences that name the game, the move and the reason.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from typing import Any

import attrs

from podium.api import N_, Localized, Message, ResultError
from podium.plugins.gomoku.renju import Adjudication, Board, Point, RenjuError, adjudicate, parse_moves

_SEPARATORS = re.compile(r"[\s,;、]+")


@attrs.frozen
class RecordRules:
    """The board and forbidden-move rules a record is adjudicated under."""

    size: int = 15
    policy: str = "auto_loss"
    centre_first: bool = True


def split_record(text: str) -> tuple[str, ...]:
    """The move tokens of a record, lower case, claim marks kept (``"H8, J8！"`` → ``("h8", "j8!")``)."""
    clean = unicodedata.normalize("NFKC", text).lower()
    return tuple(t for t in _SEPARATORS.split(clean) if t)


@functools.lru_cache(maxsize=4096)
def _adjudicate(moves: tuple[Point, ...], rules: RecordRules, claimed_at: int | None) -> Adjudication:
    """The adjudicator, cached: results are re-read every time the meet's state is derived."""
    return adjudicate(
        moves, size=rules.size, forbidden_policy=rules.policy, centre_first=rules.centre_first, claimed_at=claimed_at
    )


class RecordReader:
    """Adjudicates the record of game ``game`` under ``rules``, raising translated errors."""

    def __init__(self, rules: RecordRules, game: int) -> None:
        self.rules = rules
        self.game = game

    def fail(self, message: str, /, *, code: str, **params: Any) -> ResultError:
        """The error ``message`` (with its ``code`` and values) about this game of the match."""
        return ResultError(message, code=code, frame=Message(N_("Game {game}: {message}"), game=self.game), **params)

    def read(self, tokens: tuple[str, ...]) -> Adjudication:
        """Walk the record: check every move, take back replayed moves, and adjudicate the game."""
        rules = self.rules
        moves: list[Point] = []
        claimed_at: int | None = None
        centre = Board.empty(rules.size).centre()
        for token in tokens:
            claimed = token.endswith("!")
            point = self._point(token.rstrip("!"), len(moves) + 1)
            number = len(moves) + 1
            if point in moves:
                raise self.fail(
                    N_("move {n} ({point}) is on a point already taken by move {first}."), code="gomoku.move_on_taken_point", n=number, point=point, first=moves.index(point) + 1
                )
            if number == 1 and rules.centre_first and point != centre:
                raise self.fail(
                    N_("move 1 must be on the centre point {centre} (天元, college gomoku rules 2012, basic rule 1), not {point}."), code="gomoku.first_move_off_centre", centre=centre, point=point
                )
            moves.append(point)
            if not claimed:
                continue
            if number % 2 == 0:
                raise self.fail(
                    N_("move {n} ({point}) is White's; only Black has forbidden moves (college gomoku rules 2012, basic rule 4)."), code="gomoku.white_forbidden_claimed", n=number, point=point
                )
            if rules.policy == "replay":
                self._run(tuple(moves), number)
                moves.pop()  # Black plays the move again (rules A §2.2)
            elif claimed_at is None:
                claimed_at = number
            else:
                raise self.fail(
                    N_("move {n} ({point}) is marked as pointed out, but the game ended when move {first} was pointed out."), code="gomoku.claim_after_end", n=number, point=point, first=claimed_at
                )
        return self._run(tuple(moves), claimed_at)

    def _point(self, token: str, number: int) -> Point:
        try:
            return parse_moves([token], self.rules.size)[0]
        except RenjuError:
            size = self.rules.size
            raise self.fail(
                N_("move {n}: '{token}' is not a point of the {size}×{size} board; write a column letter a–{last} and a row 1–{size}, e.g. h8."), code="gomoku.point_invalid", n=number, token=token, size=size, last=chr(ord("a") + size - 1)
            ) from None

    def _run(self, moves: tuple[Point, ...], claimed_at: int | None) -> Adjudication:
        try:
            return _adjudicate(moves, self.rules, claimed_at)
        except RenjuError as error:
            number = error.move_number or len(moves)
            earlier_claim = claimed_at if claimed_at is not None and claimed_at < number else None
            ending = _adjudicate(moves[: number - 1], self.rules, earlier_claim)
            if ending.reason != "undecided":
                raise self.fail(
                    N_("move {n} ({point}) comes after the end of the game: {ending}."), code="gomoku.move_after_end", n=number, point=moves[number - 1], ending=Localized(ending.describe)
                ) from None
            raise self.fail(
                N_("move {n} ({point}) is marked as pointed out by White, but it is not a forbidden move."), code="gomoku.claim_not_forbidden", n=number, point=moves[number - 1]
            ) from None
