"""What the scheduler works with and what it gives: jobs to place, pins fixed by hand, bookings and the plan.

Apart from :mod:`podium.schedule.model` (venues, sessions and the ``meet.toml`` sections), so that
reading ``meet.toml`` does not define the scheduler's classes.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping

import attrs

from podium.i18n import Message


@attrs.frozen
class Job:
    """One thing to schedule: a match (or a heat) with who plays in it and what must finish first.

    ``people`` holds everyone who may play: for a side not yet known, everyone who
    could still fill it, so the plan stays valid whoever wins. ``after`` names jobs
    or tags that must be finished before it starts; ``tags`` are the groups the job
    belongs to (its stage, its group). ``order`` ranks jobs that could start at the
    same moment (stage, round, event, number).
    """

    key: str
    event: str
    minutes: int
    people: frozenset[str] = frozenset()
    after: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    kind: str = "table"
    count: int = 1
    resources: frozenset[str] | None = None
    sessions: frozenset[str] | None = None
    rest: int = 0
    order: tuple[int, ...] = ()
    label: str = ""
    """How a person names the job in a sentence (``match 2 of ko``); the key when empty."""

    @property
    def name(self) -> str:
        return self.label or self.key


@attrs.frozen
class Pin:
    """A job fixed by hand at ``start`` (on ``resources`` when given)."""

    job: str
    start: dt.datetime
    resources: tuple[str, ...] = ()


@attrs.frozen
class Booking:
    """A job placed: when, where and in which session; ``overflow`` when it lies past its session's end."""

    job: str
    start: dt.datetime
    end: dt.datetime
    resources: tuple[str, ...]
    session: str
    pinned: bool = False
    overflow: bool = False


@attrs.frozen
class Unplaced:
    """A job that has no place at all: ``reason`` is ``no_session`` (no session of its event has
    enough resources of its kind) or ``waits`` (something it depends on has no place)."""

    job: str
    reason: str


@attrs.frozen
class DroppedPin:
    """A pin that cannot be honoured, with the reason in words (translated where it is shown)."""

    pin: Pin
    reason: Message


@attrs.frozen
class Plan:
    """The order of play and what does not fit.

    ``bookings`` lie inside their sessions; ``overflow`` are the jobs that do not fit,
    placed as if the last session of their venue went on — so ``overrun`` says by how
    many minutes each venue's day would have to be longer.
    """

    bookings: tuple[Booking, ...]
    overflow: tuple[Booking, ...]
    unplaced: tuple[Unplaced, ...]
    dropped: tuple[DroppedPin, ...]
    required: int
    available: int
    overrun: Mapping[str, int]

    @property
    def fits(self) -> bool:
        return not self.overflow and not self.unplaced

    def booking(self, job: str) -> Booking | None:
        return next((b for b in (*self.bookings, *self.overflow) if b.job == job), None)
