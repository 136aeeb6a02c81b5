"""A high-jump jump-off (World Athletics TR 26.8.4, TR 26.9): which attempt may come next, and what is refused.

When countback (TR 26.8) leaves athletes tied for first place and the event holds a jump-off (``jump_off = true``),
the athletes tied for first, and only they, jump off (TR 26.8.4: for first place only; any other tie is shared),
once the competition is over: every series recorded and every athlete out after three failures in a row or retired
(the jump-off decides a tie the competition leaves, TR 26.8.4, TR 26.9; an athlete still in, even one behind, may
yet clear a height that changes who is tied for first, TR 26.2):

- each has one attempt at each height, and every athlete still in the jump-off jumps at every height (TR 26.9);
- the first height is the next height of the announced progression (TR 26.1, the event's ``heights``) above the
  height the tied athletes last cleared; with no announced height above it, Podium accepts any height above it that
  the officials choose, and the first attempt recorded at it sets it for everyone;
- then, if more than one athlete clears, the bar is raised, and if all fail it is lowered, by the event's
  ``jump_off_step`` (:data:`STEP`, 2 cm, in the high jump; 5 cm in the pole vault); an athlete who fails where others
  clear drops out;
- it ends as soon as exactly one athlete clears a height that the others failed: nothing is recorded after that;
- an athlete who does not jump at a height of the jump-off (``1.55:-`` passed, ``1.55:r`` retired, or ``--status -``
  or ``r`` for the round's height) gives up any claim to first place: the others go on without that athlete, who
  ranks below all of them, and once only one is left, that one is first whether or not they jump at that height;
  nothing is recorded after that. Several who do not jump at the same height share their place.

An attempt is recorded with ``podium perf hj 王芳 1.55:X --extra``. A round must be complete (everyone in the
jump-off has jumped at its height) before anyone's attempt at the next height is recorded, since the next height
depends on it; and an attempt is corrected only while nobody has an attempt after it. Each refusal names the
athlete and the height the rule expects.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from enum import StrEnum

import attrs

from podium.api import N_, ExtraRound, Performance, ResultError, StateError, Status, Target, listed
from podium.plugins.athletics.heights import AtHeight, heights_of

STEP = Decimal("0.02")
"""How far the bar is raised or lowered between two heights of a high-jump jump-off (World Athletics TR 26.9); a
pole vault's is 5 cm (its ``jump_off_step``)."""


class Move(StrEnum):
    """Why the bar is where it is for a round of the jump-off (TR 26.9)."""

    FIRST = "first"  # the next announced height above the tie
    RAISED = "raised"  # more than one cleared the height before: one step up
    LOWERED = "lowered"  # everyone failed at the height before: one step down


@attrs.frozen
class Bar:
    """Where the bar stands for the next round of a jump-off (``number``, 1 the first) and who jumps at it.

    ``height`` is ``None`` for a first round with no announced height above the tie (any height above ``cleared``);
    ``why`` says how it got there, ``previous`` is the height of the round before.
    """

    number: int
    height: Decimal | None
    why: Move
    jumping: tuple[str, ...]
    previous: Decimal | None = None


def tied_for_first(extra: ExtraRound) -> tuple[str, ...]:
    """The athletes whose marks in the round are equal for first place after countback (TR 26.8)."""
    ranked = [m for m in extra.marks.values() if m.ranked]
    if not ranked:
        return ()
    best = min((m.key, m.countback) for m in ranked)
    return tuple(m.entrant for m in ranked if (m.key, m.countback) == best)


def check_jump_off(extra: ExtraRound, announced: Sequence[Decimal], step: Decimal = STEP) -> None:
    """Refuse a jump-off attempt that breaks World Athletics TR 26.8.4 or TR 26.9 (see the module); the bar moves by
    ``step`` between its heights."""
    names = extra.names
    who = extra.attempt.entrant
    name = names[who]
    status = extra.attempt.status
    if status not in DECLINED and (status is not Status.OK or extra.attempt.value is None):
        raise ResultError(
            N_("{name}'s jump-off attempt is one height and O, X, - (does not jump) or r (retires), not {status}: "
               "one who does not jump at a height passes (-) or retires (r) there (World Athletics TR 26.9)."),
            code="athletics.jump_off_status", target=Target(entrant=name, argument="status"), name=name, status=status.value,
        )
    if extra.waiting:
        raise StateError(
            N_("A jump-off comes after the competition: record the series of {names} first (World Athletics TR 26.8)."),
            code="athletics.jump_off_before_series", target=Target(entrant=name, argument="value"), names=listed(names[k] for k in extra.waiting),
        )
    if extra.going_on:
        raise StateError(
            N_("A jump-off comes after the competition, and {names} can still jump in it, neither out after three "
               "failures in a row nor retired: record the rest of the series first (World Athletics TR 26.9)."),
            code="athletics.jump_off_while_jumping", target=Target(entrant=name, argument="value"),
            names=listed(names[k] for k in extra.going_on),
        )
    tied = tied_for_first(extra)
    if len(tied) < 2:
        raise StateError(
            N_("Nobody is tied for first place after countback, so there is no jump-off for {name} (World Athletics TR 26.8)."),
            code="athletics.jump_off_no_tie", target=Target(entrant=name, argument="value"), name=name,
        )
    if who not in tied:
        raise StateError(
            N_("{name} is not tied for first place; the jump-off is for {names} only (World Athletics TR 26.8.4)."),
            code="athletics.jump_off_not_tied", target=Target(entrant=name, argument="value"), name=name, names=listed(names[k] for k in tied),
        )
    cleared = extra.marks[tied[0]].value
    assert cleared is not None  # a ranked high-jump mark is a height cleared
    bar = next_bar(tied, cleared, extra, announced, step)
    later = [k for k in tied if len(extra.extras[k]) > extra.attempt.extra]
    if later:
        raise StateError(
            N_("{name}'s jump-off attempt {number} cannot change while later attempts depend on its outcome (by "
               "{names}); void those first (World Athletics TR 26.9)."),
            code="athletics.jump_off_later_attempts", target=Target(entrant=name, argument="extra"), name=name,
            number=extra.attempt.extra, names=listed(names[k] for k in later),
        )
    same = {k: extra.extras[k][bar.number - 1] for k in bar.jumping if len(extra.extras[k]) >= bar.number}
    at = [(names[k], jump) for k, p in same.items() if (jump := _taken(p)) is not None]
    height = bar.height if bar.height is not None else (at[0][1].height if at else None)
    others = [k for k in bar.jumping if k != who]
    if others and all(k in same and _declined(same[k]) for k in others):
        raise StateError(
            N_("{name} is first and has no further jump-off attempt: the jump-off ended when {names} did not jump at "
               "{height} m, leaving {name} alone in it (World Athletics TR 26.9)."),
            code="athletics.jump_off_alone", target=Target(entrant=name, argument="extra"), name=name,
            names=listed(names[k] for k in others), height=f"{height or cleared:.2f}",
        )
    jump = _taken(extra.attempt)
    if jump is not None:
        _check_height(name, jump, bar, cleared, at, step)
    elif height is None:
        raise StateError(
            N_("{name}'s jump-off height is not set yet: no height is announced above the {cleared} m the tied athletes "
               "cleared, so give it with the attempt, like {example}:- (World Athletics TR 26.9)."),
            code="athletics.jump_off_height_unknown", target=Target(entrant=name, argument="value"), name=name,
            cleared=f"{cleared:.2f}", example=f"{cleared + step:.2f}",
        )


DECLINED = (Status.PASS, Status.RETIRED)
"""The statuses recorded for an athlete who does not jump at a height of the jump-off: passed or retired (TR 26.9)."""


def _taken(attempt: Performance) -> AtHeight | None:
    """The height and symbol of a jump-off attempt (``O``, ``X``, ``-`` or ``r``); ``None`` for one recorded as a
    status alone (``--status -`` or ``r``, at the round's height; or a status that versions before these checks
    accepted)."""
    found = heights_of(attempt.value or "") if attempt.status is Status.OK else ()
    return found[0] if found else None


def _declined(attempt: Performance) -> bool:
    """True when the athlete did not jump at the round's height: a pass or a retirement, with its height or as a
    status alone (so does DNS, which versions before these checks accepted; any other status alone, as they
    accepted too, is a failure), as the core ranks it (``podium.measure.marks.NOT_TAKEN``)."""
    jump = _taken(attempt)
    return not jump.jumped if jump is not None else attempt.status in (*DECLINED, Status.DNS)


def next_bar(
    tied: Sequence[str], cleared: Decimal, extra: ExtraRound, announced: Sequence[Decimal], step: Decimal = STEP
) -> Bar:
    """The bar for the new attempt's round, from the rounds before it; raises when one of them is not complete,
    decided the jump-off, or put the athlete out of it (TR 26.9)."""
    names = extra.names
    who = extra.attempt.entrant
    jumping = tuple(tied)
    bar = Bar(1, next((h for h in sorted(announced) if h > cleared), None), Move.FIRST, jumping)
    for number in range(1, extra.attempt.extra):
        recorded = {k: extra.extras[k][number - 1] for k in jumping if len(extra.extras[k]) >= number}
        jumps = {k: _taken(p) for k, p in recorded.items()}
        height = next((j.height for j in jumps.values() if j is not None), bar.height or cleared)
        declined = [k for k, p in recorded.items() if _declined(p)]
        if who in declined:
            raise StateError(
                N_("{name} did not jump at {height} m in the jump-off, so gave up any claim to first place and has no "
                   "further attempt (World Athletics TR 26.9)."),
                code="athletics.jump_off_declined", target=Target(entrant=names[who], argument="extra"),
                name=names[who], height=f"{height:.2f}",
            )
        jumping = tuple(k for k in jumping if k not in declined)
        if len(jumping) == 1:
            raise StateError(
                N_("{name} has no further jump-off attempt: the jump-off ended when {names} did not jump at {height} m, "
                   "leaving {winner} first (World Athletics TR 26.9)."),
                code="athletics.jump_off_ended", target=Target(entrant=names[who], argument="extra"),
                name=names[who], names=listed(names[k] for k in declined), height=f"{height:.2f}", winner=names[jumping[0]],
            )
        missing = [k for k in jumping if k not in recorded]
        if missing:
            raise StateError(
                N_("{name}'s next jump-off attempt waits for {names} at {height} m: everyone in the jump-off jumps at "
                   "each height before the bar moves (World Athletics TR 26.9)."),
                code="athletics.jump_off_round_open", target=Target(entrant=names[who], argument="value"),
                name=names[who], names=listed(names[k] for k in missing), height=f"{height:.2f}",
            )
        over = tuple(k for k in jumping if (jump := jumps[k]) is not None and jump.cleared)
        if len(over) == 1:
            raise StateError(
                N_("{name} has no further jump-off attempt: the jump-off ended when {winner} cleared {height} m and the "
                   "others failed (World Athletics TR 26.9)."),
                code="athletics.jump_off_decided", target=Target(entrant=names[who], argument="extra"),
                name=names[who], winner=names[over[0]], height=f"{height:.2f}",
            )
        if over and who not in over:
            raise StateError(
                N_("{name} failed at {height} m in the jump-off where {names} cleared, so is out of it and has no further "
                   "attempt (World Athletics TR 26.9)."),
                code="athletics.jump_off_out", target=Target(entrant=names[who], argument="extra"),
                name=names[who], height=f"{height:.2f}", names=listed(names[k] for k in over),
            )
        if over:
            bar = Bar(number + 1, height + step, Move.RAISED, over, height)
        else:
            bar = Bar(number + 1, height - step, Move.LOWERED, jumping, height)
        jumping = bar.jumping
    return bar


def _check_height(
    name: str, jump: AtHeight, bar: Bar, cleared: Decimal, same: Sequence[tuple[str, AtHeight]], step: Decimal
) -> None:
    """Refuse an attempt at another height than the round's (TR 26.9); the bar moves by ``step``."""
    cm = f"{(step * 100).normalize():f}"
    height = f"{jump.height:.2f}"
    if bar.why is Move.RAISED and jump.height != bar.height:
        raise StateError(
            N_("{name}'s next jump-off attempt is at {expected} m, not {height} m: more than one athlete cleared "
               "{previous} m, so the bar goes up {step} cm (World Athletics TR 26.9)."),
            code="athletics.jump_off_raised", target=Target(entrant=name, argument="value"), name=name, expected=f"{bar.height:.2f}", height=height,
            previous=f"{bar.previous:.2f}", step=cm,
        )
    if bar.why is Move.LOWERED and jump.height != bar.height:
        raise StateError(
            N_("{name}'s next jump-off attempt is at {expected} m, not {height} m: everyone failed at {previous} m, "
               "so the bar comes down {step} cm (World Athletics TR 26.9)."),
            code="athletics.jump_off_lowered", target=Target(entrant=name, argument="value"), name=name, expected=f"{bar.height:.2f}", height=height,
            previous=f"{bar.previous:.2f}", step=cm,
        )
    if bar.why is not Move.FIRST:
        return
    if bar.height is not None and jump.height != bar.height:
        raise StateError(
            N_("{name}'s first jump-off attempt is at {expected} m, the next announced height above the {cleared} m "
               "the tied athletes cleared, not at {height} m (World Athletics TR 26.9)."),
            code="athletics.jump_off_first_height", target=Target(entrant=name, argument="value"), name=name, expected=f"{bar.height:.2f}",
            cleared=f"{cleared:.2f}", height=height,
        )
    if same and jump.height != same[0][1].height:
        raise StateError(
            N_("{name}'s first jump-off attempt is at {expected} m, where {other} jumped, not at {height} m: one "
               "height for everyone in the jump-off (World Athletics TR 26.9)."),
            code="athletics.jump_off_same_height", target=Target(entrant=name, argument="value"), name=name, expected=f"{same[0][1].height:.2f}",
            other=same[0][0], height=height,
        )
    if jump.height <= cleared:
        raise StateError(
            N_("{name}'s first jump-off attempt is above {cleared} m, the height the tied athletes cleared, not at "
               "{height} m (World Athletics TR 26.9)."),
            code="athletics.jump_off_above", target=Target(entrant=name, argument="value"), name=name, cleared=f"{cleared:.2f}", height=height,
        )
