"""Journal entries: the facts of a meet, appended and never changed.

Every change — entrants imported, a draw, a result, a correction, a withdrawal,
lots drawn — is one entry with a time and, where it matters, a reason. Current
state, standings and documents are derived from the journal. What each kind of
entry records, how it folds and how the log says it is declared in
:mod:`podium.journal.kinds`.
"""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from podium.journal.kinds import SPECS, Kind

__all__ = ["KIND_TITLES", "REQUIRED", "Entry", "Kind", "missing_facts", "now"]


KIND_TITLES = {kind: declared.title for kind, declared in SPECS.items()}
"""How each kind is named in ``podium log`` (translated when shown)."""


REQUIRED: dict[Kind, tuple[str, ...]] = {kind: declared.required for kind, declared in SPECS.items()}
"""The facts every entry of a kind carries (its payload's fields without a default). A meet whose journal has an
entry without one (edited by hand or damaged) is refused by :func:`missing_facts` before anything folds it."""
_REQUIRED_SETS = {kind: frozenset(keys) for kind, keys in REQUIRED.items()}


@attrs.frozen
class Entry:
    """One journal entry as stored: ``payload`` is the stored mapping of its kind's facts, :attr:`facts` the same
    facts typed."""

    seq: int
    at: dt.datetime
    kind: Kind
    event: str | None
    payload: Mapping[str, Any]
    reason: str | None = None
    actor: str | None = None
    """Who entered it: ``cli`` from the command line, ``web:…`` from a web page or device; ``None`` in meets
    written before Podium recorded it."""

    @functools.cached_property
    def facts(self) -> Any:
        """The payload typed as its kind declares it (:attr:`podium.journal.kinds.KindSpec.facts`), read once."""
        return SPECS[self.kind].decode(self.payload)


def now() -> dt.datetime:
    """The current time in UTC, to the second (journal timestamps)."""
    return dt.datetime.now(dt.UTC).replace(microsecond=0)


def missing_facts(entries: Sequence[Entry]) -> str | None:
    """What the first entry lacking a fact of its kind (:data:`REQUIRED`) lacks, e.g. ``journal entry 20
    (result) lacks stage, match``; ``None`` when every entry is whole."""
    for entry in entries:
        if not entry.payload.keys() >= _REQUIRED_SETS[entry.kind]:  # one comparison of sets per entry: most are whole
            missing = [key for key in REQUIRED[entry.kind] if key not in entry.payload]
            return f"journal entry {entry.seq} ({entry.kind.value}) lacks {', '.join(missing)}"
    return None
