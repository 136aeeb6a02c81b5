"""Tug-of-war results: pulls won by each side, a foul-out, or a walkover.

- Every match is best of 3 pulls (tug-of-war and heats rules §1; grades 1–4 fun-games rules, tug of war: "三局两胜制"); ``best_of`` may be 1, 3 or 5.
- "连续3次违规视为比赛失败" (tug-of-war and heats rules §1): three consecutive fouls lose the match;
  written ``fouls:2`` (side 2 fouled out), after the pulls already decided, e.g. ``1:0 fouls:2``.
- A walkover is ``+:-`` / ``-:+``, both absent ``-:-`` (as for every sport).

Texts: ``2:1``, ``2-0``, ``２：１``, ``1:0 fouls:2``, ``犯规:1``; the canonical form is ``2:1``
or ``1:0 fouls:2``.

The rules of play a tug-of-war score sheet prints come from here too (:func:`sheet_notes`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import attrs

from podium.api import (
    N_,
    Outcome,
    OutcomeKind,
    ResultError,
    _,
    current_language,
    ngettext,
    normalise,
    parse_forfeit,
)

_PULLS = re.compile(r"^(?:(\d+)\s*[:\-]\s*(\d+))?\s*(?:(?:fouls?|foul-out|犯规)\s*[:]?\s*([12]))?$", re.IGNORECASE)


@attrs.frozen
class Pulls:
    """A tug-of-war match as played: pulls won per side, the side that fouled out, or a walkover."""

    won: tuple[int, int] = (0, 0)
    fouled_out: int | None = None
    walkover: int | None = None
    double_walkover: bool = False

    def mirrored(self) -> Pulls:
        return Pulls(
            won=(self.won[1], self.won[0]),
            fouled_out=None if self.fouled_out is None else 1 - self.fouled_out,
            walkover=None if self.walkover is None else 1 - self.walkover,
            double_walkover=self.double_walkover,
        )

    @property
    def winner(self) -> int | None:
        if self.double_walkover:
            return None
        if self.walkover is not None:
            return self.walkover
        if self.fouled_out is not None:
            return 1 - self.fouled_out
        return 0 if self.won[0] > self.won[1] else 1


def parse_pulls(text: str, best_of: int) -> Pulls:
    """Read and check a tug-of-war result for a best of ``best_of`` pulls."""
    clean = normalise(text)
    if not clean:
        raise ResultError(N_("The result is empty; give the pulls won like 2:1, or a foul-out like 1:0 fouls:2."), code="fun_games.result_empty")
    forfeit = parse_forfeit(clean)
    if forfeit is not None:
        return Pulls(double_walkover=True) if forfeit.winner is None else Pulls(walkover=forfeit.winner)
    match = _PULLS.match(clean)
    if not match or (match[1] is None and match[3] is None):
        raise ResultError(
            N_("'{text}' is not a tug-of-war result; give pulls won like 2:1, a foul-out like 1:0 fouls:2, or +:- for a walkover."), code="fun_games.pulls_invalid", text=text
        )
    a, b = int(match[1] or 0), int(match[2] or 0)
    need = best_of // 2 + 1
    if match[3] is not None:
        if max(a, b) >= need:
            raise ResultError(
                N_("The match was already decided {a}:{b} in a best of {best_of}; a foul-out cannot come after it."), code="fun_games.foul_out_after_decided", a=a, b=b, best_of=best_of
            )
        return Pulls(won=(a, b), fouled_out=int(match[3]) - 1)
    if max(a, b) != need or min(a, b) >= need:
        raise ResultError(
            N_("In a best of {best_of} the winner needs {need} pulls, and the pulls are {a}:{b} (tug-of-war and heats rules §1: 三局两胜)."), code="fun_games.pulls_unfinished", best_of=best_of, need=need, a=a, b=b
        )
    return Pulls(won=(a, b))


def format_pulls(pulls: Pulls) -> str:
    if pulls.double_walkover:
        return "-:-"
    if pulls.walkover is not None:
        return "+:-" if pulls.walkover == 0 else "-:+"
    text = f"{pulls.won[0]}:{pulls.won[1]}"
    if pulls.fouled_out is not None:
        text += f" fouls:{pulls.fouled_out + 1}"
    return text


def read_pulls(pulls: Pulls) -> str:
    """``pulls`` as a reader reads it: in Chinese a foul-out in words, ``1:0（第 2 方犯规判负）`` ("连续3次违规视为比赛
    失败", tug-of-war and heats rules §1); in English the canonical text (:func:`format_pulls`)."""
    text = format_pulls(pulls)
    if current_language() != "zh" or pulls.fouled_out is None:
        return text
    return f"{pulls.won[0]}:{pulls.won[1]}（第 {pulls.fouled_out + 1} 方犯规判负）"


def pulls_outcome(pulls: Pulls) -> Outcome:
    """Pulls won count as games (the pulls ratio separates teams level on points)."""
    if pulls.double_walkover:
        return Outcome(kind=OutcomeKind.DOUBLE_FORFEIT, winner=None, shares=(0.0, 0.0))
    if pulls.walkover is not None:
        return Outcome.win(pulls.walkover, kind=OutcomeKind.FORFEIT)
    winner = pulls.winner
    assert winner is not None
    return Outcome.win(winner, stats={"games": pulls.won})


def sheet_notes(rules: Mapping[str, Any]) -> tuple[str, ...]:
    """The rules of play a tug-of-war score sheet prints for an event with ``rules``, each with its rule: the pulls
    of a match (三局两胜: tug-of-war and heats rules §1, or the grades 1–4 fun-games rules for the children's game;
    another ``best_of`` is the meet's own and cites nothing), three fouls in a row lose (tug-of-war and heats rules
    §1), what a foul is (team fun-games rules §1, which the ``tug_of_war`` game follows) and the lower-grade
    allowance of extra boys (grades 1–4 fun-games rules). The rules say nothing about changing ends or how a pull
    is won, so neither is printed."""
    best_of = rules["best_of"]
    if best_of == 1:
        notes = [_("One pull decides the match.")]
    elif best_of == 3:
        notes = [
            _("Best of 3 pulls: the first team to win 2 pulls wins the match (grades 1–4 fun-games rules, tug of war: 三局两胜).")
            if rules.get("game") == "tug_of_war_children"
            else _("Best of 3 pulls: the first team to win 2 pulls wins the match (tug-of-war and heats rules §1: 三局两胜).")
        ]
    else:
        notes = [_("Best of {n} pulls: the first team to win {need} pulls wins the match.").format(n=best_of, need=best_of // 2 + 1)]
    notes.append(_("Three fouls in a row lose the match (tug-of-war and heats rules §1: 连续3次违规视为比赛失败)."))
    if rules.get("game") == "tug_of_war":
        notes.append(
            _("Fouls: stepping over the line, help from outside the team; a player who fouls again after a warning is sent off and not replaced (team fun-games rules §1).")
        )
    extra = rules.get("extra_men_lower_grade", 0)
    if extra:
        notes.append(
            ngettext(
                "A lower grade facing a higher grade may field {n} extra boy (grades 1–4 fun-games rules, tug of war).",
                "A lower grade facing a higher grade may field {n} extra boys (grades 1–4 fun-games rules, tug of war).",
                extra,
            ).format(n=extra)
        )
    return tuple(notes)
