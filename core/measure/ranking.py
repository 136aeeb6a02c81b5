"""Ranking marks: places, shared places and sudden-death ties (pure functions).

Valid marks rank by their signed key, lowest first; equal keys are separated by the
marks' countback values (the next best attempts, World Athletics TR 25.22; a sport's own,
such as failures in a high-jump series, TR 26.8). Equal marks share the place
(table-tennis plan 6 §8 shares third place) unless the event decides ties by sudden
death: then each tied entrant makes one extra attempt, repeated until decided (table-tennis
plan 5 §5(1), accuracy throw: "每人用任意手再投一球，直至决出名次"; fun-games contest rules, 6, basket catch:
"进行复赛，直至决出胜负"). A tie whose extra attempts are not all in yet stays shared
and is reported as unresolved. Sudden death may be kept for the tie for first place
(a high-jump jump-off, World Athletics TR 26.8.4, TR 26.9): other ties then share, and so do those
who drop out of the jump-off together (it decides first place only); one who does not jump at a height of the
jump-off ranks below everyone still in it, and one left alone in it is first. Unranked marks
(DNS, DNF, DQ, NR, r) get no place and are listed after, gravest last.

Entrants still sharing a place may be ordered by a play-off or by lots recorded in the journal
(``podium playoff``, ``podium lots``; :func:`settle`): with hand timing the finish judges place
runners whose times are equal (World Athletics TR 19, hand timing), and a place the event must
not share is settled by a play-off or by lots (CXA 1999 §15.6; Weiqi 2002 Art. 27 (1.C)).
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from itertools import groupby
from typing import TYPE_CHECKING

import attrs

from podium.measure.marks import GRAVITY, Mark

if TYPE_CHECKING:
    from podium.standings.ledger import Decision as Recorded


@attrs.frozen
class Placing:
    """One line of a measured ranking: a place (``None`` when unranked) and the mark behind it."""

    entrant: str
    place: int | None
    shared: bool
    mark: Mark


@attrs.frozen
class Decision:
    """A tie broken by the sudden-death extra attempt ``extra``, or (``extra`` 0) by the ``countback``-th
    countback value, or by a recorded ``method`` (``playoff`` or ``lots`` drawn with ``seed``; the keys are then
    the entrants' positions in its order, 1 the best): ``upper`` did better than ``lower``."""

    upper: str
    lower: str
    extra: int
    upper_key: Decimal
    lower_key: Decimal
    countback: int = 0
    method: str | None = None
    seed: int | None = None


@attrs.frozen
class Ranking:
    """Placings best first, with the sudden-death decisions and the ties still waiting for one."""

    placings: tuple[Placing, ...]
    decisions: tuple[Decision, ...] = ()
    unresolved: tuple[tuple[str, ...], ...] = ()

    def order(self) -> list[str]:
        return [p.entrant for p in self.placings]

    def placing(self, entrant: str) -> Placing:
        return next(p for p in self.placings if p.entrant == entrant)

    def within(self, cut: int) -> list[str]:
        """Entrants placed ``cut`` or better: everyone tied at the cut is in (see docs/fun_games.md)."""
        return [p.entrant for p in self.placings if p.place is not None and p.place <= cut]

    def shared(self) -> list[tuple[int, tuple[str, ...]]]:
        """The entrants sharing each shared place, best place first, with the place."""
        return [
            (place, keys)
            for place, group in groupby((p for p in self.placings if p.place is not None), key=lambda p: p.place)
            if len(keys := tuple(p.entrant for p in group)) > 1
        ]


def rank_marks(marks: Sequence[Mark], *, sudden_death: bool | str = False, start: int = 1) -> Ranking:
    """Rank ``marks``; places start at ``start``. Ties share a place or go to sudden death: for every tie
    (``sudden_death=True``) or only for the tie for first place (``sudden_death="first"``)."""
    ranked = sorted((m for m in marks if m.ranked), key=lambda m: (m.key, m.countback, m.entrant))
    groups: list[list[Mark]] = []
    decisions: list[Decision] = []
    unresolved: list[tuple[str, ...]] = []
    previous: Mark | None = None
    for _key, tied in groupby(ranked, key=lambda m: (m.key, m.countback)):
        group = list(tied)
        if previous is not None and previous.key == group[0].key:
            decisions.append(_countback(previous, group[0]))
        previous = group[-1]
        first = start == 1 and not groups
        if len(group) > 1 and (sudden_death is True or sudden_death == "first" and first):
            groups.extend(_sudden_death(group, 0, decisions, unresolved, first_only=sudden_death == "first"))
        else:
            groups.append(group)
    placings = []
    place = start
    for group in groups:
        for m in group:
            placings.append(Placing(m.entrant, place, len(group) > 1, m))
        place += len(group)
    unranked = sorted((m for m in marks if not m.ranked), key=lambda m: (-GRAVITY.index(m.status), m.entrant))
    placings += [Placing(m.entrant, None, False, m) for m in unranked]
    return Ranking(tuple(placings), tuple(decisions), tuple(unresolved))


def _countback(upper: Mark, lower: Mark) -> Decision:
    """The decision between two equal marks that their countback values separate."""
    index = next(
        (i for i, (a, b) in enumerate(zip(upper.countback, lower.countback, strict=False)) if a != b),
        min(len(upper.countback), len(lower.countback)),
    )
    infinity = Decimal("Infinity")
    upper_value = upper.countback[index] if index < len(upper.countback) else infinity
    lower_value = lower.countback[index] if index < len(lower.countback) else infinity
    return Decision(upper.entrant, lower.entrant, 0, upper_value, lower_value, countback=index + 1)


def _sudden_death(
    group: list[Mark], index: int, decisions: list[Decision], unresolved: list[tuple[str, ...]], *, first_only: bool = False
) -> list[list[Mark]]:
    """Split a tied group by extra attempt ``index + 1``, then the next, until decided or waiting. With
    ``first_only`` (a jump-off, World Athletics TR 26.8.4) only the best part of a split goes on to the next extra
    attempt: the others share their place (three tied, one clears and two fail: the two share second)."""
    if len(group) == 1:
        return [group]
    out = [m for m in group if len(m.extras) > index and m.extras[index].is_nan()]
    if out:
        return _forfeited(group, out, index, decisions, unresolved, first_only=first_only)
    if any(len(m.extras) <= index for m in group):
        unresolved.append(tuple(m.entrant for m in group))
        return [group]
    ordered = sorted(group, key=lambda m: (m.extras[index], m.entrant))
    result: list[list[Mark]] = []
    for _key, tied in groupby(ordered, key=lambda m: m.extras[index]):
        part = list(tied)
        resolved = [part] if first_only and result else _sudden_death(part, index + 1, decisions, unresolved, first_only=first_only)
        if result:
            upper, lower = result[-1][-1], resolved[0][0]
            decisions.append(Decision(upper.entrant, lower.entrant, index + 1, upper.extras[index], lower.extras[index]))
        result.extend(resolved)
    return result


def _forfeited(
    group: list[Mark], out: list[Mark], index: int, decisions: list[Decision], unresolved: list[tuple[str, ...]], *,
    first_only: bool,
) -> list[list[Mark]]:
    """Split a tied group whose members ``out`` did not take extra attempt ``index + 1`` (a pass or a retirement in a
    jump-off, :data:`~podium.measure.marks.FORFEIT`): they give up any claim to first place and share the place
    below everyone else of the group, who go on without them — one left alone is above them whether or not that
    attempt is recorded (World Athletics TR 26.9). When nobody takes it, the tie stays shared."""
    left = {m.entrant for m in out}
    rest = [m for m in group if m.entrant not in left]
    if not rest:
        return [group]
    result = _sudden_death(rest, index, decisions, unresolved, first_only=first_only)
    upper, lower = result[-1][-1], out[0]
    taken = upper.extras[index] if len(upper.extras) > index else Decimal("Infinity")
    decisions.append(Decision(upper.entrant, lower.entrant, index + 1, taken, lower.extras[index]))
    return [*result, out]


def settle(ranking: Ranking, recorded: Sequence[Recorded]) -> Ranking:
    """``ranking`` with the entrants of each shared place ordered by the latest play-off or drawing of lots
    ``recorded`` for all of them (``podium playoff``, ``podium lots``, oldest first).

    With hand timing the finish judges decide the order of finish, and equal times are a dead heat only when
    they cannot separate the runners (World Athletics TR 19, hand timing); a place that must not be shared is
    settled by a play-off or by lots (CXA 1999 §15.6; Weiqi 2002 Art. 27 (1.C)). Entrants a play-off did not
    name stay tied below those it named. A recorded order settles a tie only when it covered every entrant of it
    (an entrant who joins the tie later makes it a new tie), as in the standings of matches
    (:meth:`podium.standings.ledger.Ledger.decision_for`).
    """
    if not recorded:
        return ranking
    placings: list[Placing] = []
    decisions = list(ranking.decisions)
    unresolved = list(ranking.unresolved)
    for place, group in groupby(ranking.placings, key=lambda p: p.place):
        tied = list(group)
        members = frozenset(p.entrant for p in tied)
        decision = next((d for d in reversed(recorded) if members <= d.group), None) if len(tied) > 1 else None
        if place is None or decision is None:
            placings += tied
            continue
        position = decision.position
        parts = [list(part) for _at, part in groupby(sorted(tied, key=lambda p: position(p.entrant)), key=lambda p: position(p.entrant))]
        at = place
        for part in parts:
            placings += [attrs.evolve(p, place=at, shared=len(part) > 1) for p in part]
            at += len(part)
        for upper, lower in zip(parts, parts[1:], strict=False):
            above, below = upper[-1].entrant, lower[0].entrant
            decisions.append(
                Decision(above, below, 0, Decimal(position(above) + 1), Decimal(position(below) + 1), method=decision.method, seed=decision.seed)
            )
        waiting = next((group for group in unresolved if frozenset(group) == members), None)
        if waiting is not None:  # a tie waiting for sudden-death extra attempts: only the part left tied still waits
            index = unresolved.index(waiting)
            unresolved[index:index + 1] = [tuple(p.entrant for p in part) for part in parts if len(part) > 1]
    return Ranking(tuple(placings), tuple(decisions), tuple(unresolved))
