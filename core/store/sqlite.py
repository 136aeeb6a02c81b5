"""The meet store: one SQLite file in the meet folder holding the append-only journal.

The store is deliberately narrow — append entries, read entries, read and write
metadata — so that another backend (PostgreSQL for a city league) is an addition,
not a rewrite. Appends run in ``BEGIN IMMEDIATE`` transactions with a busy timeout,
so concurrent volunteers never see "database is locked"; the rollback journal with
``synchronous = FULL`` means a committed entry survives a crash or power cut. The journal is
kept between transactions (``journal_mode = PERSIST``): a commit zeroes its header and syncs
it, instead of deleting the file — a deletion SQLite does not sync in FULL mode (only EXTRA
syncs the folder), and one that costs a file-system metadata update per commit (16 ms
against 0.5 ms on the project's machine).
Triggers make the journal append-only, so a store remembers the entries it has read and
afterwards fetches only the later ones: a long-running process (``podium demo``, a benchmark,
a page served again and again) does not parse the whole journal for every state it folds.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import sqlite3
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from podium.errors import PodiumError
from podium.i18n import _
from podium.journal.entries import Entry, Kind, now

STORE_FILE = "meet.sqlite"
SCHEMA_VERSION = 1
BUSY_TIMEOUT_MS = 30_000

_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    """CREATE TABLE IF NOT EXISTS journal (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        at TEXT NOT NULL,
        kind TEXT NOT NULL,
        event TEXT,
        payload TEXT NOT NULL,
        reason TEXT
    )""",
    "CREATE INDEX IF NOT EXISTS journal_event ON journal (event, seq)",
    """CREATE TRIGGER IF NOT EXISTS journal_no_update BEFORE UPDATE ON journal
    BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END""",
    """CREATE TRIGGER IF NOT EXISTS journal_no_delete BEFORE DELETE ON journal
    BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END""",
)

T = TypeVar("T")


class Store:
    """The journal of one meet, in ``<folder>/meet.sqlite``."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / STORE_FILE
        self._known: dict[str | None, tuple[list[Entry], str]] = {}
        """Entries already read, by the event they were read for (``None``: all), with the time text of
        the last one: the journal only grows, so they stay true and only later entries are fetched."""

    def exists(self) -> bool:
        return self.path.exists()

    def _connect(self) -> sqlite3.Connection:
        connection = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
        try:
            connection.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            connection.execute("PRAGMA journal_mode = PERSIST")
            connection.execute("PRAGMA synchronous = FULL")
        except BaseException:  # a damaged or foreign file: close before the sentence is raised
            connection.close()
            raise
        return connection

    @contextmanager
    def _problems(self) -> Iterator[None]:
        """Turn what SQLite says about a damaged, foreign, unreadable or busy file into one clear sentence."""
        try:
            yield
        except sqlite3.DatabaseError as error:
            if self.path.is_dir():
                raise PodiumError(_("{path} is a folder; it must be the meet's database file.").format(path=self.path)) from None
            raise database_error(self.path, error) from None

    def create(self) -> None:
        """Create the database with the current schema (no-op when it exists)."""
        with self._problems(), self._transaction() as connection:
            _ensure_schema(connection)

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        connection = self._connect()
        try:
            _retry(lambda: connection.execute("BEGIN IMMEDIATE"))
            try:
                yield connection
            except BaseException:
                connection.execute("ROLLBACK")
                raise
            _retry(lambda: connection.execute("COMMIT"))
        finally:
            connection.close()

    def read(self, event: str | None = None) -> list[Entry]:
        """All entries in order (only those of ``event`` and meet-wide ones when given)."""
        if not self.exists():
            return []
        with self._problems():
            connection = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, timeout=BUSY_TIMEOUT_MS / 1000)
            try:
                connection.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
                self._check_version(connection)
                return _retry(lambda: self._entries(connection, event))
            finally:
                connection.close()

    def append(
        self,
        build: Callable[[list[Entry]], list[tuple[Kind, str | None, Mapping[str, Any], str | None]]],
        event: str | None = None,
    ) -> list[Entry]:
        """Append the entries ``build`` returns, atomically.

        ``build`` receives the journal as it is inside the write transaction and
        validates against it, so two volunteers can never both record a result for
        the same match. If it raises, nothing is written. With ``event``, ``build``
        receives only that event's entries and the meet-wide ones (enough to check
        a result, and much less to read in a meet with many events).
        """
        if not self.exists():
            build([])  # validate first: a refused command must not even create the file
        with self._problems(), self._transaction() as connection:
            _ensure_schema(connection)
            self._check_version(connection)
            entries = self._entries(connection, event)
            new = build(entries)
            written = []
            for kind, key, payload, reason in new:
                at = now()
                text = json.dumps(payload, ensure_ascii=False, sort_keys=True)
                cursor = connection.execute(
                    "INSERT INTO journal (at, kind, event, payload, reason) VALUES (?, ?, ?, ?, ?)",
                    (at.isoformat(), kind.value, key, text, reason),
                )
                written.append(Entry(int(cursor.lastrowid or 0), at, kind, key, payload, reason))
            return written

    def _entries(self, connection: sqlite3.Connection, event: str | None) -> list[Entry]:
        """The journal (of ``event`` and meet-wide entries when given): the entries read before, checked to be
        still there (a meet folder may get a new database), and those appended since."""
        known, last = self._known.get(event, ([], ""))
        if known:
            row = connection.execute("SELECT at FROM journal WHERE seq = ?", (known[-1].seq,)).fetchone()
            if row is None or row[0] != last:
                known, last = [], ""
        rows = _select(connection, event, known[-1].seq if known else 0)
        if rows:
            known = known + [_entry(row) for row in rows]
            last = rows[-1][1]
        self._known[event] = (known, last)
        return list(known)

    def _check_version(self, connection: sqlite3.Connection) -> None:
        row = connection.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
        version = int(row[0]) if row else 0
        if version > SCHEMA_VERSION:
            raise PodiumError(
                _("{path} was written by a newer Podium (schema {found}, this version reads {supported}); upgrade Podium.").format(
                    path=self.path, found=version, supported=SCHEMA_VERSION
                )
            )

    def restore(self, entries: list[Entry]) -> None:
        """Write ``entries`` (with their numbers and times) into a new, empty store."""
        with self._problems(), self._transaction() as connection:
            _ensure_schema(connection)
            if connection.execute("SELECT COUNT(*) FROM journal").fetchone()[0]:
                raise PodiumError(_("{path} already holds a journal; restore into an empty folder.").format(path=self.path))
            connection.executemany(
                "INSERT INTO journal (seq, at, kind, event, payload, reason) VALUES (?, ?, ?, ?, ?, ?)",
                [
                    (e.seq, e.at.isoformat(), e.kind.value, e.event, json.dumps(e.payload, ensure_ascii=False, sort_keys=True), e.reason)
                    for e in entries
                ],
            )

    def backup(self, target: Path) -> None:
        """Copy the database to ``target`` safely while it may be in use (SQLite backup API).

        The copy is written next to ``target`` under a temporary name and then renamed, so
        ``target`` is either what it was before or the complete copy, never half a copy.
        """
        partial = target.with_name(f".{target.name}.{os.getpid()}.partial")
        try:
            with self._problems():
                source = self._connect()
            try:
                try:
                    destination = sqlite3.connect(partial)
                except sqlite3.DatabaseError as error:
                    raise database_error(target, error) from None
                try:
                    with self._problems():
                        source.backup(destination)
                finally:
                    destination.close()
                os.replace(partial, target)
            finally:
                source.close()
        finally:
            partial.unlink(missing_ok=True)


def _ensure_schema(connection: sqlite3.Connection) -> None:
    if connection.execute("SELECT 1 FROM sqlite_master WHERE name = 'journal'").fetchone():
        return
    for statement in _SCHEMA:
        connection.execute(statement)
    connection.execute("INSERT OR IGNORE INTO meta (key, value) VALUES ('schema_version', ?)", (str(SCHEMA_VERSION),))


def database_error(path: Path, error: sqlite3.DatabaseError) -> PodiumError:
    """The sentence for a SQLite error on ``path``: busy, cannot be opened, read-only, or damaged."""
    text = str(error)
    if "locked" in text or "busy" in text:
        return PodiumError(
            _("{path} stayed busy for more than {seconds} seconds (another program holds it); try again.").format(
                path=path, seconds=BUSY_TIMEOUT_MS // 1000
            )
        )
    if "unable to open" in text:
        return PodiumError(_("Cannot open {path}; check that its folder exists and that you may write there.").format(path=path))
    if "readonly" in text or "read-only" in text:
        return PodiumError(_("Cannot write to {path}: the file or its folder is read-only.").format(path=path))
    if "full" in text:
        return PodiumError(_("The disk holding {path} is full; nothing was written. Free some space and try again.").format(path=path))
    return PodiumError(
        _("{path} is damaged or is not a Podium database ({error}); restore it from a backup ('podium backup') or an export ('podium import').").format(
            path=path, error=text
        )
    )


def _select(connection: sqlite3.Connection, event: str | None, after: int = 0) -> list[tuple[Any, ...]]:
    """The rows after entry ``after``, in order (only those of ``event`` and meet-wide ones when given)."""
    if event is None:
        return connection.execute(
            "SELECT seq, at, kind, event, payload, reason FROM journal WHERE seq > ? ORDER BY seq", (after,)
        ).fetchall()
    return connection.execute(
        "SELECT seq, at, kind, event, payload, reason FROM journal WHERE (event = ? OR event IS NULL) AND seq > ? ORDER BY seq",
        (event, after),
    ).fetchall()


def _entry(row: tuple[Any, ...]) -> Entry:
    """One journal row as an entry; a row edited behind Podium's back into something unreadable is a damaged database."""
    seq, at, kind, event, payload, reason = row
    try:
        entry = Entry(seq, dt.datetime.fromisoformat(at), Kind(kind), event, json.loads(payload), reason)
    except (TypeError, ValueError) as error:
        raise sqlite3.DatabaseError(f"journal entry unreadable: {error}") from None
    if not isinstance(entry.payload, dict):
        raise sqlite3.DatabaseError("journal entry unreadable: its payload is not a table")
    return entry


def _retry(action: Callable[[], T], attempts: int = 50) -> T:
    """Run ``action``, retrying while SQLite reports the database busy (beyond the busy timeout)."""
    for attempt in range(attempts):
        try:
            return action()
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) and "busy" not in str(error) or attempt == attempts - 1:
                raise
            time.sleep(0.05 * (attempt + 1))
    raise AssertionError("unreachable")
