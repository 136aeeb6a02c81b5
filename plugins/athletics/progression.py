"""The announced progression of a high jump or pole vault, and when an athlete may leave it (World Athletics TR 26.1,
TR 26.2, TR 26.4).

Before the competition the officials announce the starting height and the heights to which the bar is raised after
each round, until only one athlete is left having won the competition, or there is a tie for first place (TR 26.1:
the event's ``heights``). An athlete may start at any announced height and jump at any later one at their own
discretion (TR 26.2). So while more than one athlete is still competing, every height of a series is a height of the
progression:

- an announced height;
- above the last announced height, Podium's choice where the announced list stops short of a winner: the bar goes on
  by the last announced step (1.35, 1.40 announced: 1.45, 1.50, …), which keeps the raise from growing (TR 26.4);
  with a single announced height, by the event's ``min_raise``.

Once the athlete is the only one left in the round and has won (ahead of every other athlete's final mark, on the
height cleared and then the failures of TR 26.8; a tie for first place is not won), the athlete chooses the next
heights with the officials (TR 26.4): any height above the last one, the minimum raise of TR 26.4 no longer applying.

The series may be entered in any order (a sheet is copied row by row, the winner's row first or not). An athlete
competes up to the last height of their series as recorded; one recorded with a status alone (``DNS``, ``NR`` …) does
not compete. An athlete with nothing recorded yet does not stop a height off the progression from being taken as the
winner's choice: when their series comes, it is held to every such height taken before, and refused, naming the
athlete who chose it and the height, if it shows them still competing there or not behind that athlete. A jump-off
has its own heights (:mod:`~podium.plugins.athletics.jump_off`); without announced heights nothing is checked here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal

import attrs

from podium.api import N_, Message, Performance, RoundSoFar, StateError, Status, Target, listed
from podium.plugins.athletics.heights import Series, heights_of

SHOWN = 3
"""How many of the next heights of the progression a refusal names."""


@attrs.frozen
class Progression:
    """The announced heights, going on by ``step`` above the last one (``step`` 0: they stop there)."""

    announced: tuple[Decimal, ...]
    step: Decimal

    @classmethod
    def of(cls, announced: Sequence[Decimal], min_raise: Decimal) -> Progression:
        """The progression of ``announced`` heights (at least one): on by the last step, or by ``min_raise`` after a
        single height."""
        heights = tuple(announced)
        return cls(heights, heights[-1] - heights[-2] if len(heights) > 1 else min_raise)

    def __contains__(self, height: Decimal) -> bool:
        last = self.announced[-1]
        return height in self.announced or (self.step > 0 and height > last and (height - last) % self.step == 0)

    def after(self, height: Decimal | None) -> tuple[Decimal, ...]:
        """The first heights of the progression above ``height`` (from the start for ``None``), :data:`SHOWN` and one
        more when there are (so that a message can say the list goes on)."""
        wanted = SHOWN + 1
        found = [h for h in self.announced if height is None or h > height][:wanted]
        last = self.announced[-1]
        number = 1
        if self.step > 0 and height is not None and height >= last:
            number = int((height - last) // self.step) + 1
        while self.step > 0 and len(found) < wanted:
            found.append(last + self.step * number)
            number += 1
        return tuple(found)


def series_of(performances: Sequence[Performance]) -> Series | None:
    """An athlete's series as recorded (``None``: nothing recorded yet; an empty series: a status alone)."""
    if not performances:
        return None
    value = next((p.value for p in performances if p.status is Status.OK and p.value), None)
    return Series(heights_of(value)) if value else Series(())


def ahead(mine: Series, other: Series) -> bool:
    """True when ``mine`` ranks above ``other``: a higher height cleared, or the same with fewer failures at it, then
    in all (TR 26.8)."""
    if mine.best is None:
        return False
    if other.best is None or mine.best != other.best:
        return other.best is None or mine.best > other.best
    return mine.countback < other.countback


def chosen(series: Series, index: int, others: Mapping[str, Series | None]) -> bool:
    """True when the height at ``index`` of ``series`` may have been the athlete's to choose: every other athlete's
    competition recorded ended below it and the athlete's series before it ranks above each of them (TR 26.1,
    TR 26.4). An athlete with nothing recorded yet (``None``) does not stand in the way: their series, once recorded,
    is held to it (:func:`check_progression`), so the order in which the series are entered does not matter."""
    height = series.heights[index].height
    before = Series(series.heights[:index])
    return before.best is not None and all(
        other is None or ((not other.heights or other.heights[-1].height < height) and ahead(before, other))
        for other in others.values()
    )


def first_off(series: Series, others: Mapping[str, Series | None], progression: Progression) -> int | None:
    """The index of the first height of ``series`` off the progression that was not the athlete's to choose."""
    return next(
        (i for i, at in enumerate(series.heights) if at.height not in progression and not chosen(series, i, others)),
        None,
    )


def check_progression(recording: RoundSoFar, announced: Sequence[Decimal], min_raise: Decimal) -> None:
    """Refuse a series with a height off the announced progression while more than one athlete is still competing
    (TR 26.1, TR 26.2), or one that takes away another athlete's right to have chosen a height off it (TR 26.4)."""
    mine = series_of((recording.performance,))
    if not announced or mine is None:
        return
    progression = Progression.of(announced, min_raise)
    who = recording.performance.entrant
    name = recording.names[who]
    before = {key: series_of(performances) for key, performances in recording.performances.items()}
    after = {**before, who: mine}
    index = first_off(mine, {k: s for k, s in after.items() if k != who}, progression)
    if index is not None:
        height = mine.heights[index].height
        previous = mine.heights[index - 1].height if index else None
        following = progression.after(previous)
        shown: list[Message | str] = [Message(N_("{height} m"), height=f"{h:.2f}") for h in following[:SHOWN]]
        heights = listed(shown + (["…"] if len(following) > SHOWN else []))
        if previous is None:
            raise StateError(
                N_("{name} cannot start at {height} m, which is not an announced height: an athlete starts at one, "
                   "{heights} (World Athletics TR 26.1, TR 26.2)."),
                code="athletics.start_not_announced", target=Target(entrant=name, argument="value"), name=name, height=f"{height:.2f}", heights=heights,
            )
        raise StateError(
            N_("{name} cannot go from {previous} m to {height} m, which is not an announced height: only the last "
               "athlete left, having won by the series recorded, chooses the heights, so {name}'s next are {heights} "
               "(World Athletics TR 26.1, TR 26.4)."),
            code="athletics.height_not_announced", target=Target(entrant=name, argument="value"), name=name, previous=f"{previous:.2f}",
            height=f"{height:.2f}", heights=heights,
        )
    for key, theirs in before.items():
        if key == who or theirs is None:
            continue
        fine_before = first_off(theirs, {k: s for k, s in before.items() if k != key}, progression) is None
        now = first_off(theirs, {k: s for k, s in after.items() if k != key}, progression)
        if fine_before and now is not None:
            other = recording.names[key]
            raise StateError(
                N_("With this series of {name}, {other} was not yet the last athlete left having won at {height} m, so "
                   "{height} m, which is not an announced height, was not {other}'s to choose (World Athletics TR 26.1, "
                   "TR 26.4)."),
                code="athletics.chosen_height_undone", target=Target(entrant=name, argument="value"), name=name,
                other=other, height=f"{theirs.heights[now].height:.2f}",
            )
