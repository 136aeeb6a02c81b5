"""Journal entries: the facts of a meet, appended and never changed.

Every change — entrants imported, a draw, a result, a correction, a withdrawal,
lots drawn — is one entry with a time and, where it matters, a reason. Current
state, standings and documents are derived from the journal.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Any

import attrs

from podium.i18n import N_


class Kind(StrEnum):
    """What an entry records."""

    ENTRANTS = "entrants"  # entrants imported into events
    DRAW = "draw"  # a stage drawn (seed and resulting positions)
    ROUND = "round"  # a further round paired (Swiss)
    RESULT = "result"  # a match result
    CORRECTION = "correction"  # a result corrected (the earlier entry stays)
    WITHDRAWAL = "withdrawal"  # an entrant withdrawn
    ADVANCE = "advance"  # a stage closed and the next seeded from it
    LOTS = "lots"  # lots drawn to separate a tie
    PENALTY = "penalty"  # a warning or removal (CXA 2011 §18.5)
    PERFORMANCE = "performance"  # a measured result (time, count, judged score)
    SCHEDULE = "schedule"  # a manual pin or move in the order of play
    DISQUALIFICATION = "disqualification"  # an entrant barred from awards and unit points (student board-games league plan §7.4)


KIND_TITLES = {
    Kind.ENTRANTS: N_("entrants"),
    Kind.DRAW: N_("draw"),
    Kind.ROUND: N_("round paired"),
    Kind.RESULT: N_("result"),
    Kind.CORRECTION: N_("correction"),
    Kind.WITHDRAWAL: N_("withdrawal"),
    Kind.ADVANCE: N_("advance"),
    Kind.LOTS: N_("lots"),
    Kind.PENALTY: N_("penalty"),
    Kind.PERFORMANCE: N_("performance"),
    Kind.SCHEDULE: N_("schedule"),
    Kind.DISQUALIFICATION: N_("disqualification"),
}
"""How each kind is named in ``podium log`` (translated when shown)."""


REQUIRED: dict[Kind, tuple[str, ...]] = {
    Kind.ENTRANTS: ("entrants",),
    Kind.DRAW: ("stage", "seed", "entrants", "draw"),
    Kind.ROUND: ("stage", "round", "pairs"),
    Kind.RESULT: ("stage", "match", "sides", "result"),
    Kind.CORRECTION: ("stage", "match", "sides", "result"),
    Kind.WITHDRAWAL: ("entrant",),
    Kind.ADVANCE: ("stage", "to", "entrants"),
    Kind.LOTS: ("stage", "place", "group", "order", "method"),
    Kind.PENALTY: ("entrant", "penalty"),
    Kind.PERFORMANCE: ("stage", "entrant", "heat"),
    Kind.SCHEDULE: ("stage", "match"),
    Kind.DISQUALIFICATION: ("entrant",),
}
"""The facts every entry of a kind carries. A meet whose journal has an entry without one (edited by hand
or damaged) is refused by :func:`missing_facts` before anything folds it; a new kind adds its own line here."""


@attrs.frozen
class Entry:
    """One journal entry as stored."""

    seq: int
    at: dt.datetime
    kind: Kind
    event: str | None
    payload: Mapping[str, Any]
    reason: str | None = None
    actor: str | None = None
    """Who entered it: ``cli`` from the command line, ``web:…`` from a web page or device; ``None`` in meets
    written before Podium recorded it."""


def now() -> dt.datetime:
    """The current time in UTC, to the second (journal timestamps)."""
    return dt.datetime.now(dt.UTC).replace(microsecond=0)


def missing_facts(entries: Sequence[Entry]) -> str | None:
    """What the first entry lacking a fact of its kind (:data:`REQUIRED`) lacks, e.g. ``journal entry 20
    (result) lacks stage, match``; ``None`` when every entry is whole."""
    for entry in entries:
        missing = [key for key in REQUIRED.get(entry.kind, ()) if key not in entry.payload]
        if missing:
            return f"journal entry {entry.seq} ({entry.kind.value}) lacks {', '.join(missing)}"
    return None
