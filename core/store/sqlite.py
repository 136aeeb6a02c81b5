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
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Collection, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from podium.errors import Hint, PodiumError, Target
from podium.files import write_whole
from podium.i18n import N_
from podium.journal.entries import Entry, Kind, now
from podium.model.inputs import shown
from podium.model.numerals import whole_number
from podium.store.contract import Conflict, NewEntry
from podium.store.payloads import payload_from_text, payload_text

STORE_FILE = "meet.sqlite"
SCHEMA_VERSION = 2
"""1: the journal; 2: each entry records its actor. A version-1 file reads as it is (no actors) and is upgraded
in the transaction of its next write."""
BUSY_TIMEOUT_MS = 2_000
"""How long SQLite itself waits for another process's lock before Podium says it is waiting."""
LOCK_WAIT_SECONDS = 60
"""How long a command waits in all for another process's lock before it gives up (``PODIUM_LOCK_WAIT`` overrides)."""

_RESULT_KINDS = "kind IN ('result', 'correction')"
_MATCH_INDEX = f"CREATE INDEX IF NOT EXISTS journal_match ON journal (event, json_extract(payload, '$.match')) WHERE {_RESULT_KINDS}"
"""The results and corrections of each match (:meth:`Store.read_results`). An index only: a file without it (made
before it was added) reads the same, by a scan; its next write adds it."""
_OUTLINE_INDEX = f"CREATE INDEX IF NOT EXISTS journal_outline ON journal (event, seq) WHERE NOT {_RESULT_KINDS}"
"""Each event's entries but its results and corrections (:meth:`Store.read_outline`): a 200-entrant round robin's
outline is three entries among 19,903, which the event's index alone made SQLite read one by one (8 ms). An index
only, added by a file's next write as :data:`_MATCH_INDEX` is."""

_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    """CREATE TABLE IF NOT EXISTS journal (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        at TEXT NOT NULL,
        kind TEXT NOT NULL,
        event TEXT,
        payload TEXT NOT NULL,
        reason TEXT,
        actor TEXT
    )""",
    "CREATE INDEX IF NOT EXISTS journal_event ON journal (event, seq)",
    _MATCH_INDEX,
    _OUTLINE_INDEX,
    """CREATE TRIGGER IF NOT EXISTS journal_no_update BEFORE UPDATE ON journal
    BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END""",
    """CREATE TRIGGER IF NOT EXISTS journal_no_delete BEFORE DELETE ON journal
    BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END""",
)

T = TypeVar("T")


def lock_wait() -> float:
    """Seconds a command waits for another process's lock: ``PODIUM_LOCK_WAIT``, else :data:`LOCK_WAIT_SECONDS`."""
    try:
        seconds = float(os.environ.get("PODIUM_LOCK_WAIT", LOCK_WAIT_SECONDS))
    except ValueError:
        return LOCK_WAIT_SECONDS
    return seconds if 0 < seconds < 24 * 3600 else LOCK_WAIT_SECONDS


class Store:
    """The journal of one meet, in ``<folder>/meet.sqlite``.

    ``on_wait`` is called once (with the database's path) when a command has waited
    :data:`BUSY_TIMEOUT_MS` for another process's lock and goes on waiting, so a face can say so;
    after :func:`lock_wait` seconds in all the command gives up with one sentence.
    """

    def __init__(self, folder: Path, on_wait: Callable[[Path], None] | None = None) -> None:
        self.path = folder / STORE_FILE
        self.location = str(self.path)
        self.on_wait = on_wait
        self._version = SCHEMA_VERSION
        """The schema version of the file as last checked (a version-1 file has no actor column)."""
        self._indexed = False
        """Whether the match index is known to be there (a write adds it to a file made before it)."""
        self._known: dict[str | None, tuple[list[Entry], str]] = {}
        """Entries already read, by the event they were read for (``None``: all), with the time text of
        the last one: the journal only grows, so they stay true and only later entries are fetched."""
        self._poll: tuple[tuple[int, int], sqlite3.Connection] | None = None
        """The read-only connection :meth:`last_seq` keeps open, with the identity (device, inode) of the file it
        was opened on: a face polls the last entry number several times a second."""
        self._poll_lock = threading.Lock()

    @classmethod
    def of_file(cls, path: Path, on_wait: Callable[[Path], None] | None = None) -> Store:
        """The store kept in the SQLite file ``path`` (a backup, a copy being written), whatever its name."""
        store = cls(path.parent, on_wait)
        store.path = path
        store.location = str(path)
        return store

    def exists(self) -> bool:
        return self.path.exists()

    def upgrade(self) -> tuple[int, int]:
        """Bring the file's schema to :data:`SCHEMA_VERSION` in one write transaction (a new file is created with
        it); returns the versions before and after."""
        fresh = self._made()
        if not fresh:
            with self._problems():
                self._probe()
        before = 0 if fresh else self._version
        with self._problems(), self._transaction() as connection:
            self._ensure_schema(connection, fresh)
        return before, SCHEMA_VERSION

    def _made(self) -> bool:
        """Make the database, with the current schema, when there is none; whether this call made it.

        The schema is written into a new file of its own beside it, which is then linked into place: a command
        starting at the same moment finds either no database or a whole one, never a file that exists but is still
        empty (refused as "empty"). A file system without links (FAT) gets the file made where it is, in the
        write transaction that follows, as before."""
        if self.exists():
            return False
        partial = self.path.with_name(f".{self.path.name}.{os.urandom(8).hex()}.new")
        try:
            os.close(os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))  # a name of its own, never a link
        except OSError:
            return True  # a folder Podium cannot write in: the write transaction says so in a sentence
        try:
            connection = sqlite3.connect(partial, isolation_level=None)
            try:
                for statement in _SCHEMA:
                    connection.execute(statement)
                connection.execute("INSERT INTO meta (key, value) VALUES ('schema_version', ?)", (str(SCHEMA_VERSION),))
            finally:
                connection.close()
            os.link(partial, self.path)
        except FileExistsError:
            return False  # another command made it first
        except (OSError, sqlite3.Error):
            return True  # no links here (FAT), or a full disk: made where it is, or refused, as before
        finally:
            partial.unlink(missing_ok=True)
            partial.with_name(partial.name + "-journal").unlink(missing_ok=True)
        return True

    def _connect(self) -> sqlite3.Connection:
        connection = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
        try:
            connection.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            _waiting(lambda: connection.execute("PRAGMA journal_mode = PERSIST"), self._waiter())
            connection.execute("PRAGMA synchronous = FULL")
        except BaseException:  # a damaged or foreign file: close before the sentence is raised
            connection.close()
            raise
        return connection

    def _waiter(self) -> _Waiter:
        return _Waiter(self.path, time.monotonic() + lock_wait(), self.on_wait)

    @contextmanager
    def _problems(self) -> Iterator[None]:
        """Turn what SQLite says about a damaged, foreign, unreadable or busy file into one clear sentence."""
        try:
            yield
        except sqlite3.DatabaseError as error:
            if self.path.is_dir():
                raise PodiumError(N_("{path} is a folder; it must be the meet's database file."), code="store.is_a_folder", target=Target(file=self.path), path=self.path) from None
            raise database_error(self.path, error) from None

    def create(self) -> None:
        """Create the database with the current schema (no-op when it exists)."""
        fresh = self._made()
        if not fresh:
            with self._problems():
                self._probe()
        with self._problems(), self._transaction() as connection:
            self._ensure_schema(connection, fresh)

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        connection = self._connect()
        waiter = self._waiter()
        try:
            _waiting(lambda: connection.execute("BEGIN IMMEDIATE"), waiter)
            try:
                yield connection
            except BaseException:
                connection.execute("ROLLBACK")
                raise
            _waiting(lambda: connection.execute("COMMIT"), waiter)
        finally:
            connection.close()

    def read(self, event: str | None = None) -> list[Entry]:
        """All entries in order (only those of ``event`` and meet-wide ones when given).

        The database is opened read-only. If a command stopped in the middle of a write (a crash,
        a power cut), SQLite finds its hot journal and must roll it back before anyone reads:
        that needs write access, so the file is opened for writing once to recover (see :meth:`_recover`).
        """
        return self._reading(lambda connection: self._entries(connection, event), [])

    def read_outline(self, event: str) -> tuple[list[Entry], int]:
        """``event``'s stream without results and corrections, and its last entry's number (see
        :meth:`podium.store.contract.JournalStore.read_outline`): the number is read first and the entries up to it,
        so both are one moment's even while others append."""

        def outline(connection: sqlite3.Connection) -> tuple[list[Entry], int]:
            position = _position(connection, event)
            columns = _columns(self._version)
            rows = connection.execute(  # the event's and the meet-wide ones, each found by the outline's index
                f"SELECT {columns} FROM journal WHERE event = ? AND NOT {_RESULT_KINDS} AND seq <= ? UNION ALL "
                f"SELECT {columns} FROM journal WHERE event IS NULL AND NOT {_RESULT_KINDS} AND seq <= ? ORDER BY seq",
                (event, position, position),
            ).fetchall()
            return [_entry(row) for row in rows], position

        return self._reading(outline, ([], 0))

    def read_results(self, event: str, matches: Collection[tuple[str, str]], up_to: int) -> list[Entry]:
        """The results and corrections of ``matches`` (``(stage, match key)`` pairs) of ``event`` up to entry
        ``up_to``, in order, found by the match index."""

        def results(connection: sqlite3.Connection) -> list[Entry]:
            rows = []
            for stage, match in sorted(set(matches)):
                rows += connection.execute(
                    f"SELECT {_columns(self._version)} FROM journal WHERE {_RESULT_KINDS} AND event = ? "
                    "AND json_extract(payload, '$.match') = ? AND json_extract(payload, '$.stage') = ? AND seq <= ?",
                    (event, match, stage, up_to),
                ).fetchall()
            return [_entry(row) for row in sorted(rows)]

        return self._reading(results, [])

    def read_from(self, event: str, start: int, up_to: int) -> list[Entry]:
        """``event``'s stream numbered from ``start`` up to ``up_to`` (see
        :meth:`podium.store.contract.JournalStore.read_from`)."""

        def stream(connection: sqlite3.Connection) -> list[Entry]:
            rows = connection.execute(
                f"SELECT {_columns(self._version)} FROM journal WHERE (event = ? OR event IS NULL) AND seq BETWEEN ? AND ? "
                "ORDER BY seq",
                (event, start, up_to),
            ).fetchall()
            return [_entry(row) for row in rows]

        return self._reading(stream, [])

    def stream_end(self, event: str | None = None) -> Entry | None:
        """The stream's last entry (see :meth:`podium.store.contract.JournalStore.stream_end`)."""

        def end(connection: sqlite3.Connection) -> Entry | None:
            row = connection.execute(
                f"SELECT {_columns(self._version)} FROM journal WHERE seq = ?", (_position(connection, event),)
            ).fetchone()
            return _entry(row) if row else None

        return self._reading(end, None)

    def _reading(self, query: Callable[[sqlite3.Connection], T], empty: T) -> T:
        """``query`` run on a read-only connection to a Podium database (``empty`` when there is none yet), after
        rolling back a write a stopped command left unfinished, as :meth:`read` does."""
        if not self.exists():
            return empty

        def run() -> T:
            connection = sqlite3.connect(self.path.resolve().as_uri() + "?mode=ro", uri=True, timeout=BUSY_TIMEOUT_MS / 1000)
            try:
                connection.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
                waiter = self._waiter()
                _waiting(lambda: self._check_podium(connection), waiter)
                return _waiting(lambda: query(connection), waiter)
            finally:
                connection.close()

        with self._problems():
            try:
                return run()
            except sqlite3.OperationalError as error:
                if getattr(error, "sqlite_errorname", "") != "SQLITE_READONLY_ROLLBACK":
                    raise
            self._recover()
            return run()

    def _recover(self) -> None:
        """Roll back the write a stopped command left unfinished (SQLite's hot journal), by opening the database
        for writing once; one sentence saying what to do when the folder cannot be written."""
        journal = self.path.with_name(self.path.name + "-journal")
        if not (os.access(self.path.parent, os.W_OK) and os.access(self.path, os.W_OK)):
            raise _interrupted(self.path, journal)
        try:
            connection = self._connect()
            try:
                _waiting(lambda: connection.execute("SELECT COUNT(*) FROM sqlite_master").fetchone(), self._waiter())
            finally:
                connection.close()
        except sqlite3.OperationalError as error:
            if "readonly" in str(error) or "read-only" in str(error):
                raise _interrupted(self.path, journal) from None
            raise

    def append(self, entries: Sequence[NewEntry], *, expected: int, event: str | None = None, actor: str) -> list[Entry]:
        """Append ``entries`` atomically if the stream's last entry is still ``expected`` (see
        :class:`podium.store.contract.JournalStore`); else raise :class:`Conflict` and write nothing.

        The transaction holds SQLite's write lock only to compare the position and insert: the command validated
        its entries before, against the state it read.
        """
        fresh = self._made()
        if not fresh:
            with self._problems():
                self._probe()
        with self._problems(), self._transaction() as connection:
            self._ensure_schema(connection, fresh)
            found = _position(connection, event)
            if found != expected:
                raise Conflict(expected, found)
            written = []
            for kind, key, payload, reason in entries:
                at = now()
                text = payload_text(payload)
                cursor = connection.execute(
                    "INSERT INTO journal (at, kind, event, payload, reason, actor) VALUES (?, ?, ?, ?, ?, ?)",
                    (at.isoformat(), kind.value, key, text, reason, actor),
                )
                written.append(Entry(int(cursor.lastrowid or 0), at, kind, key, payload, reason, actor))
            return written

    def last_seq(self) -> int:
        """The number of the journal's last entry (0 for a meet with none): one indexed read, cheap enough for a
        face to poll several times a second to notice new entries (the web board's live updates). A write a crash
        left unfinished is rolled back first, as :meth:`read` does."""
        if not self.exists():
            return 0
        with self._problems():
            try:
                return self._last_seq()
            except sqlite3.OperationalError as error:
                if getattr(error, "sqlite_errorname", "") != "SQLITE_READONLY_ROLLBACK":
                    raise
            self._recover()
            return self._last_seq()

    def _last_seq(self) -> int:
        with self._poll_lock:
            connection = self._polling()
            try:
                row = _waiting(lambda: connection.execute("SELECT MAX(seq) FROM journal").fetchone(), self._waiter())
            except BaseException:
                self._stop_polling()
                raise
        return int(row[0] or 0)

    def _polling(self) -> sqlite3.Connection:
        """The connection :meth:`last_seq` reads through: kept open while the database is the same file, so a poll is
        one query; opened again (and the file checked to be a meet's) when the file was replaced (a restore)."""
        found = os.stat(self.path)
        identity = (found.st_dev, found.st_ino)
        if self._poll is not None and self._poll[0] == identity:
            return self._poll[1]
        self._stop_polling()
        connection = sqlite3.connect(
            self.path.resolve().as_uri() + "?mode=ro", uri=True, timeout=BUSY_TIMEOUT_MS / 1000, check_same_thread=False
        )
        try:
            connection.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            _waiting(lambda: self._check_podium(connection), self._waiter())
        except BaseException:
            connection.close()
            raise
        self._poll = (identity, connection)
        return connection

    def _stop_polling(self) -> None:
        if self._poll is not None:
            self._poll[1].close()
            self._poll = None

    def close(self) -> None:
        """Close the connection :meth:`last_seq` keeps (a read or write opens the file for itself and closes it at
        once)."""
        with self._poll_lock:
            self._stop_polling()

    def own_files(self) -> tuple[Path, ...]:
        """The database and the files SQLite keeps beside it: a file named ``meet.sqlite-journal`` is read as a hot
        journal to roll back, so writing one would break every read-only command until the next write."""
        database = self.path.resolve()
        return (database, *(database.with_name(database.name + end) for end in ("-journal", "-wal", "-shm")))

    def _entries(self, connection: sqlite3.Connection, event: str | None) -> list[Entry]:
        """The journal (of ``event`` and meet-wide entries when given): the entries read before, checked to be
        still there (a meet folder may get a new database), and those appended since."""
        known, last = self._known.get(event, ([], ""))
        if known:
            row = connection.execute("SELECT at FROM journal WHERE seq = ?", (known[-1].seq,)).fetchone()
            if row is None or row[0] != last:
                known, last = [], ""
        rows = _select(connection, event, known[-1].seq if known else 0, self._version)
        if rows:
            known = known + [_entry(row) for row in rows]
            last = rows[-1][1]
        self._known[event] = (known, last)
        return list(known)

    def _probe(self) -> None:
        """Refuse an existing file that is not a meet's database before opening it for writing: SQLite would
        otherwise leave its journal beside an empty or foreign file. A hot journal is left to the write to roll back."""
        connection = sqlite3.connect(self.path.resolve().as_uri() + "?mode=ro", uri=True, timeout=BUSY_TIMEOUT_MS / 1000)
        try:
            _waiting(lambda: self._check_podium(connection), self._waiter())
        except sqlite3.OperationalError as error:
            if getattr(error, "sqlite_errorname", "") != "SQLITE_READONLY_ROLLBACK":
                raise
        finally:
            connection.close()

    def _ensure_schema(self, connection: sqlite3.Connection, fresh: bool) -> None:
        """Create the schema in a database this command has just created; otherwise check it is a Podium meet's
        and upgrade an older schema (inside the caller's write transaction: all of it or nothing)."""
        if fresh and not _tables(connection):
            for statement in _SCHEMA:
                connection.execute(statement)
            connection.execute("INSERT OR IGNORE INTO meta (key, value) VALUES ('schema_version', ?)", (str(SCHEMA_VERSION),))
            self._version = SCHEMA_VERSION
            return
        self._check_podium(connection)
        if self._version < 2:
            connection.execute("ALTER TABLE journal ADD COLUMN actor TEXT")
            connection.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(SCHEMA_VERSION),))
            self._version = SCHEMA_VERSION
        if not self._indexed:
            connection.execute(_MATCH_INDEX)
            connection.execute(_OUTLINE_INDEX)
            self._indexed = True

    def _check_podium(self, connection: sqlite3.Connection) -> None:
        """Refuse a database that is not a meet's (empty, another program's) or written by a newer Podium."""
        tables = _tables(connection)
        if not {"meta", "journal"} <= set(tables):
            if not tables:
                raise PodiumError(
                    N_("{path} is empty and holds no meet (if the meet had no entries yet, delete the file)."),
                    code="store.empty_file", target=Target(file=self.path), hint=Hint("restore"), path=self.path,
                )
            raise PodiumError(
                N_("{path} is another program's database, not a Podium meet's (its tables: {tables}); move it away."),
                code="store.foreign_database", target=Target(file=self.path), hint=Hint("restore"),
                path=self.path, tables=", ".join(shown(t) for t in tables[:10]),
            )
        row = connection.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
        text = str(row[0]) if row else "0"
        if whole_number(text, 9) is None:
            raise database_error(self.path, sqlite3.DatabaseError(f"its schema version is {shown(text[:20])!r}, not a number"))
        version = int(text)
        self._version = version
        if version > SCHEMA_VERSION:
            raise PodiumError(
                N_("{path} was written by a newer Podium (schema {found}, this version reads {supported}); upgrade Podium."), code="store.newer_schema", target=Target(file=self.path), path=self.path, found=version, supported=SCHEMA_VERSION
            )

    def restore(self, entries: Sequence[Entry]) -> None:
        """Write ``entries`` (with their numbers and times) into a new, empty store."""
        fresh = self._made()
        with self._problems(), self._transaction() as connection:
            self._ensure_schema(connection, fresh)
            if connection.execute("SELECT COUNT(*) FROM journal").fetchone()[0]:
                raise PodiumError(N_("{path} already holds a journal; restore into an empty folder."), code="store.not_empty", target=Target(file=self.path), path=self.path)
            connection.executemany(
                "INSERT INTO journal (seq, at, kind, event, payload, reason, actor) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [
                    (e.seq, e.at.isoformat(), e.kind.value, e.event, payload_text(e.payload), e.reason, e.actor)
                    for e in entries
                ],
            )

    def backup(self, target: Path) -> None:
        """Copy the database to ``target`` safely while it may be in use (SQLite backup API).

        The copy is made whole (:func:`podium.files.write_whole`): beside ``target`` under a temporary
        name and then renamed, so ``target`` is either what it was before or the complete copy.
        """
        with self._problems():
            self._probe()
            source = self._connect()
        try:

            def produce(path: Path) -> None:
                try:
                    destination = sqlite3.connect(path)
                except sqlite3.DatabaseError as error:
                    raise database_error(target, error) from None
                try:
                    with self._problems():
                        source.backup(destination)
                finally:
                    destination.close()

            write_whole(target, produce)
        finally:
            source.close()


def _tables(connection: sqlite3.Connection) -> list[str]:
    return [row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]


def _interrupted(path: Path, journal: Path) -> PodiumError:
    return PodiumError(
        N_("{path} holds a write that a stopped command left unfinished (a crash or a power cut); SQLite rolls it back from {journal}, which needs write access to {folder}. Give that access and run the command again: nothing recorded before is lost."),
        code="store.interrupted_write", target=Target(file=path), path=path, journal=journal.name, folder=path.parent,
    )


def database_error(path: Path, error: sqlite3.DatabaseError) -> PodiumError:
    """The sentence for a SQLite error on ``path``: busy, cannot be opened, read-only, or damaged."""
    text = str(error)
    if "locked" in text or "busy" in text:
        return PodiumError(
            N_("{path} stayed busy for more than {seconds} seconds (another program holds it); nothing was written. Try again when it has finished."),
            code="store.busy", target=Target(file=path), path=path, seconds=f"{lock_wait():g}",
        )
    if "unable to open" in text:
        return PodiumError(N_("Cannot open {path}; check that its folder exists and that you may write there."), code="store.cannot_open", target=Target(file=path), path=path)
    if "readonly" in text or "read-only" in text:
        return PodiumError(N_("Cannot write to {path}: the file or its folder is read-only."), code="store.read_only", target=Target(file=path), path=path)
    if "full" in text:
        return PodiumError(N_("The disk holding {path} is full; nothing was written. Free some space and try again."), code="store.disk_full", target=Target(file=path), path=path)
    return PodiumError(
        N_("{path} is damaged or is not a Podium database ({error})."), code="store.damaged", target=Target(file=path), hint=Hint("restore"), path=path, error=text
    )


def _select(connection: sqlite3.Connection, event: str | None, after: int, version: int) -> list[tuple[Any, ...]]:
    """The rows after entry ``after``, in order (only those of ``event`` and meet-wide ones when given); a
    version-1 file has no actors."""
    columns = _columns(version)
    if event is None:
        return connection.execute(f"SELECT {columns} FROM journal WHERE seq > ? ORDER BY seq", (after,)).fetchall()
    return connection.execute(
        f"SELECT {columns} FROM journal WHERE (event = ? OR event IS NULL) AND seq > ? ORDER BY seq", (event, after)
    ).fetchall()


def _columns(version: int) -> str:
    """The columns of an entry, in :func:`_entry`'s order (the payload as its UTF-8 bytes, which the parser reads
    without decoding them first); a version-1 file has no actors."""
    return "seq, at, kind, event, CAST(payload AS BLOB), reason, " + ("actor" if version >= 2 else "NULL")


def _position(connection: sqlite3.Connection, event: str | None) -> int:
    """The number of the stream's last entry (0 for none): the whole journal's, or ``event``'s and the meet-wide ones'."""
    if event is None:
        return int(connection.execute("SELECT COALESCE(MAX(seq), 0) FROM journal").fetchone()[0])
    own = connection.execute("SELECT COALESCE(MAX(seq), 0) FROM journal WHERE event = ?", (event,)).fetchone()[0]
    shared = connection.execute("SELECT COALESCE(MAX(seq), 0) FROM journal WHERE event IS NULL").fetchone()[0]
    return int(max(own, shared))


_KINDS = {kind.value: kind for kind in Kind}
"""Kinds by their stored name (a dictionary look-up costs a twentieth of calling the enumeration)."""


def _entry(row: tuple[Any, ...]) -> Entry:
    """One journal row as an entry; a row edited behind Podium's back into something unreadable is a damaged database."""
    seq, at, kind, event, payload, reason, actor = row
    try:
        entry = Entry(seq, dt.datetime.fromisoformat(at), _KINDS.get(kind) or Kind(kind), event, payload_from_text(payload), reason, actor)
    except (TypeError, ValueError) as error:
        raise sqlite3.DatabaseError(f"journal entry unreadable: {error}") from None
    if not isinstance(entry.payload, dict):
        raise sqlite3.DatabaseError("journal entry unreadable: its payload is not a table")
    return entry


class _Waiter:
    """The time a command may still wait for a lock, and whether it has said that it waits."""

    def __init__(self, path: Path, deadline: float, notice: Callable[[Path], None] | None) -> None:
        self.path = path
        self.deadline = deadline
        self.notice = notice
        self.told = False


def _busy(error: sqlite3.OperationalError) -> bool:
    return "locked" in str(error) or "busy" in str(error)


def _waiting(action: Callable[[], T], waiter: _Waiter) -> T:
    """Run ``action``, waiting while another process holds the database (each try waits :data:`BUSY_TIMEOUT_MS`
    inside SQLite); say once that it waits, and give up at the waiter's deadline."""
    while True:
        try:
            return action()
        except sqlite3.OperationalError as error:
            if not _busy(error) or time.monotonic() >= waiter.deadline:
                raise
            if not waiter.told and waiter.notice is not None:
                waiter.notice(waiter.path)
                waiter.told = True
            time.sleep(0.05)
