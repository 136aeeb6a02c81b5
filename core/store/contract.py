"""The store contract: what every journal store provides (the SQLite file in the meet folder, PostgreSQL).

A store keeps one meet's journal: entries numbered from 1 in the order they were appended, never changed or
removed. Nothing above the store knows where or how it keeps them.

Writers use optimistic concurrency. A command reads the stream it needs, folds it into state and validates its
new entries against that state *outside* any lock, then appends them with the position it read (``expected``, the
number of the stream's last entry, 0 for none). If someone appended to the stream in between, the store refuses
with :class:`Conflict` and writes nothing; the command reads again and retries (:meth:`podium.services.meet.Meet.append`).

The *stream* of an event is that event's entries plus the meet-wide ones (event ``None``): two referees entering
results of two different events never conflict, two entering the same event do and one of them retries.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

from podium.journal.entries import Entry, Kind

NewEntry = tuple[Kind, str | None, Mapping[str, Any], str | None]
"""An entry a command wants to append: its kind, its event (``None``: meet-wide), its facts and its reason."""


class Conflict(Exception):
    """The stream moved on after it was read: an entry numbered ``found`` is there where ``expected`` was the last.

    Not an error a person sees: the command that read the stream reads it again and retries.
    """

    def __init__(self, expected: int, found: int) -> None:
        super().__init__(f"the stream is at entry {found}, not {expected}")
        self.expected = expected
        self.found = found


class JournalStore(Protocol):
    """The journal of one meet, wherever it is kept."""

    location: str
    """Where the meet is kept, as sentences name it: a file's path, or a database address without its password."""

    def exists(self) -> bool:
        """Whether the meet has been stored (a store that does not exist reads as an empty journal)."""

    def create(self) -> None:
        """Create the empty journal with the current schema (nothing when it exists)."""

    def read(self, event: str | None = None) -> list[Entry]:
        """Every entry in order; with ``event``, that event's stream (its entries and the meet-wide ones)."""

    def read_outline(self, event: str) -> tuple[list[Entry], int]:
        """``event``'s stream without its results and corrections (entrants, draws, withdrawals…: what lays its
        matches out), and the number of the stream's last entry, results included: the position a command that
        reads this way appends at (:meth:`podium.services.meet.Meet.append_narrow`)."""

    def read_results(self, event: str, matches: Collection[tuple[str, str]], up_to: int) -> list[Entry]:
        """The results and corrections of ``event`` recorded for the ``(stage, match key)`` pairs of ``matches``,
        numbered up to ``up_to``, in order: with :meth:`read_outline`, a command entering one result reads that
        match's entries, not the results of every other match."""

    def read_from(self, event: str, start: int, up_to: int) -> list[Entry]:
        """``event``'s stream (its entries and the meet-wide ones) numbered from ``start`` up to ``up_to``, in order:
        with :meth:`read_outline`, what a command reads to bring the results kept by an earlier one up to date
        (:mod:`podium.services.kept_results`)."""

    def stream_end(self, event: str | None = None) -> Entry | None:
        """The last entry of ``event``'s stream (its entries and the meet-wide ones), or of the whole journal without
        ``event``; ``None`` for none. One indexed read: what a view made from the stream is kept under
        (:mod:`podium.services.kept_views`), so asking whether the stream moved costs little."""

    def last_seq(self) -> int:
        """The number of the journal's last entry (0 for none): cheap enough to poll several times a second, so a
        face can notice new entries (the web board's live updates)."""

    def append(self, entries: Sequence[NewEntry], *, expected: int, event: str | None = None, actor: str) -> list[Entry]:
        """Append ``entries`` atomically, recorded as entered by ``actor``, if the stream's last entry (the whole
        journal's, or ``event``'s stream's) is still number ``expected``; else raise :class:`Conflict` and write
        nothing. Returns the entries as stored, with their numbers and times."""

    def upgrade(self) -> tuple[int, int]:
        """Bring the store's schema to the version this Podium writes (creating it when there is none); returns the
        versions before (0: none) and after. ``podium store upgrade`` runs it; a write upgrades as it goes."""

    def restore(self, entries: Sequence[Entry]) -> None:
        """Write ``entries`` (with their numbers, times and actors) into an empty store."""

    def backup(self, target: Path) -> None:
        """Copy the whole journal, safely while others write, into a new SQLite file at ``target``."""

    def close(self) -> None:
        """Let go of what the store holds open (a database's connections); a later call opens it again."""

    def own_files(self) -> tuple[Path, ...]:
        """The files this store keeps in or beside the meet folder (no output may be written over them)."""
