"""The meet store in PostgreSQL: many meets in one database, many writers, several servers (docs/postgresql.md).

One database holds any number of meets: every row carries its meet's id (``meet`` column), so the IT department
backs up, grants and monitors one database, and a new meet needs no DDL (a schema per meet would need CREATE rights
for the application role and a migration run per meet). The tables:

- ``podium_schema``: the schema version of the database (:data:`SCHEMA_VERSION`), raised by :data:`MIGRATIONS`;
- ``podium_meet``: one row per meet (a meet exists when its row does);
- ``podium_journal``: the entries, keyed by ``(meet, seq)``; triggers refuse UPDATE, DELETE and TRUNCATE, so the
  journal is append-only in the database itself, whoever connects; an AFTER INSERT trigger sends a NOTIFY on
  :data:`CHANNEL` with ``{"meet": …, "seq": …}`` (the last entry the statement added), delivered at commit.

Appends follow the store contract (:mod:`podium.store.contract`). Inside one transaction an append takes the meet's
advisory transaction lock, reads the stream's position, compares it with ``expected`` (else :class:`Conflict`) and
inserts its entries numbered after the meet's last. The lock is taken by a statement of its own, before the reads:
in READ COMMITTED each statement sees the rows committed before it started, so the reads after the lock see every
append committed before it. The unique key (meet, seq) backs the lock up: two appends can never share a number.

:meth:`PostgresStore.watch` (and :func:`appended`) let a web server learn of entries other processes append.
"""

from __future__ import annotations

import atexit
import datetime as dt
import json
import threading
import urllib.parse
from collections.abc import AsyncIterator, Callable, Collection, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from podium.errors import Hint, PodiumError, Target
from podium.i18n import N_, Message
from podium.journal.entries import Entry, Kind, now
from podium.store.contract import Conflict, NewEntry
from podium.store.payloads import payload_from_text, payload_text
from podium.store.sqlite import Store, lock_wait

if TYPE_CHECKING:
    import psycopg
    from psycopg_pool import ConnectionPool

CHANNEL = "podium_journal"
"""The LISTEN/NOTIFY channel of a database: one for all its meets; the payload names the meet."""

LOCK_SPACE = 0x0D1A
"""The first key of Podium's advisory locks (the second is the meet's hash; 0 for migrations), so that they do not
collide with another application's locks in the same database."""

_COLUMNS = "seq, at, kind, event, payload::text, reason, actor"
"""The columns of an entry, in :meth:`PostgresStore._entry`'s order."""
_RESULT_KINDS = "kind IN ('result', 'correction')"


MIGRATIONS: dict[int, tuple[str, ...]] = {
    1: (
        "CREATE TABLE podium_schema (version integer NOT NULL)",
        "INSERT INTO podium_schema (version) VALUES (0)",
        """CREATE TABLE podium_meet (
            meet text PRIMARY KEY,
            created timestamptz NOT NULL DEFAULT now()
        )""",
        """CREATE TABLE podium_journal (
            meet text NOT NULL REFERENCES podium_meet (meet),
            seq bigint NOT NULL CHECK (seq > 0),
            at timestamptz NOT NULL,
            kind text NOT NULL,
            event text,
            payload json NOT NULL,
            reason text,
            actor text,
            PRIMARY KEY (meet, seq)
        )""",
        "CREATE INDEX podium_journal_event ON podium_journal (meet, event, seq)",
        """CREATE FUNCTION podium_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'the journal is append-only'; END $$""",
        """CREATE TRIGGER podium_journal_no_change BEFORE UPDATE OR DELETE ON podium_journal
            FOR EACH ROW EXECUTE FUNCTION podium_append_only()""",
        """CREATE TRIGGER podium_journal_no_truncate BEFORE TRUNCATE ON podium_journal
            FOR EACH STATEMENT EXECUTE FUNCTION podium_append_only()""",
        f"""CREATE FUNCTION podium_notify() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM pg_notify('{CHANNEL}', json_build_object('meet', meet, 'seq', max(seq))::text)
                FROM added GROUP BY meet;
            RETURN NULL;
        END $$""",
        """CREATE TRIGGER podium_journal_notify AFTER INSERT ON podium_journal
            REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION podium_notify()""",
    ),
    # Results and corrections by the match they name, for a command that enters one result and reads that match's
    # history only (read_results): without it, PostgreSQL reads and parses every result of the event (0.12 s at
    # 19,900 results).
    2: (f"CREATE INDEX podium_journal_match ON podium_journal (meet, event, (payload->>'match')) WHERE {_RESULT_KINDS}",),
}
"""The statements that bring a database from version ``n - 1`` to ``n``, applied in order by :meth:`PostgresStore.upgrade`
(each version in the same transaction as the version number it sets)."""

SCHEMA_VERSION = max(MIGRATIONS)
POOL_SIZE = 4
"""Connections a process keeps open at most (a ``podium serve`` process serving many boards and referees)."""
CONNECT_SECONDS = 10
"""How long a command waits for the server to answer before it says it cannot connect."""
MAX_MEET_ID = 100


def meet_id_problem(meet: str) -> str | None:
    """Why ``meet`` cannot name a meet in a database (``None``: it can): not empty, at most :data:`MAX_MEET_ID`
    characters, no control characters."""
    if not meet.strip():
        return N_("is empty")
    if len(meet) > MAX_MEET_ID:
        return N_("is longer than 100 characters")
    if any(ord(c) < 32 or ord(c) == 127 for c in meet):
        return N_("holds a control character")
    return None


def without_password(url: str) -> str:
    """``url`` as sentences may show it: its password (in the address or as ``password=`` in its query) removed."""
    parts = urllib.parse.urlsplit(url)
    netloc = parts.netloc
    if "@" in netloc:
        who, where = netloc.rsplit("@", 1)
        netloc = who.split(":", 1)[0] + "@" + where
    return _joined(parts.scheme, netloc, parts.path, [(k, v) for k, v in _query(parts.query) if k != "password"])


def connection_url(url: str) -> str:
    """``url`` as libpq reads it: Podium's own ``meet`` parameter removed from its query."""
    parts = urllib.parse.urlsplit(url)
    return _joined(parts.scheme, parts.netloc, parts.path, [(k, v) for k, v in _query(parts.query) if k != "meet"])


def _query(text: str) -> list[tuple[str, str]]:
    return urllib.parse.parse_qsl(text, keep_blank_values=True)


def _joined(scheme: str, netloc: str, path: str, query: list[tuple[str, str]]) -> str:
    """A URL from its parts, with ``//`` even when it names no host (``postgresql:///db?host=/run/postgresql``)."""
    return f"{scheme}://{netloc}{path}" + ("?" + urllib.parse.urlencode(query, safe="/") if query else "")


class PostgresStore:
    """The journal of meet ``meet_id`` in the PostgreSQL database at ``url`` (``postgresql://user@host/db``).

    Connections come from a pool of at most ``pool_size``, opened on first use and closed by :meth:`close` (or
    when the process ends). ``location`` is ``url`` without its password.
    """

    def __init__(self, url: str, meet_id: str, *, pool_size: int = POOL_SIZE) -> None:
        problem = meet_id_problem(meet_id)
        if problem is not None:
            raise PodiumError(N_("The meet id '{meet}' {problem}."), code="store.meet_id_invalid", target=Target(argument="store"), meet=meet_id[:60], problem=Message(problem))
        self.url = connection_url(url)
        _check_url(self.url, without_password(url))
        self.meet_id = meet_id
        self.location = without_password(url)
        self.pool_size = pool_size
        self._pool: ConnectionPool | None = None
        self._lock = threading.Lock()
        self._ready = False
        """Whether the schema has been checked (and the meet's row made) by this object's writes."""
        self._schema = 0
        """The schema version as last found (0: not found yet)."""
        self._known: dict[str | None, list[Entry]] = {}
        """Entries already read, by the event they were read for (``None``: all): the journal only grows."""

    # -- connections -----------------------------------------------------------------------------------------

    def _connections(self) -> ConnectionPool:
        with self._lock:
            if self._pool is None:
                import psycopg
                from psycopg_pool import ConnectionPool

                with self._problems():  # connect once first: the pool would retry quietly, the sentence says why
                    psycopg.connect(self.url, connect_timeout=CONNECT_SECONDS).close()
                pool = ConnectionPool(self.url, min_size=1, max_size=self.pool_size, timeout=lock_wait(), open=False, kwargs={"connect_timeout": CONNECT_SECONDS})
                with self._problems():
                    pool.open(wait=True, timeout=CONNECT_SECONDS)
                atexit.register(pool.close)
                self._pool = pool
            return self._pool

    def close(self) -> None:
        """Close the pool's connections (a later use opens them again)."""
        with self._lock:
            if self._pool is not None:
                atexit.unregister(self._pool.close)
                self._pool.close()
                self._pool = None

    @contextmanager
    def _connection(self) -> Iterator[psycopg.Connection[Any]]:
        """A connection of the pool, in a transaction committed when the block ends (rolled back on an error)."""
        pool = self._connections()
        with self._problems(), pool.connection() as connection:
            yield connection

    @contextmanager
    def _problems(self) -> Iterator[None]:
        """What psycopg says about an unreachable or refusing server becomes one sentence naming the database."""
        import psycopg
        from psycopg_pool import PoolTimeout

        try:
            yield
        except PoolTimeout:
            raise PodiumError(
                N_("{path} stayed busy for more than {seconds} seconds (another program holds it); nothing was written. Try again when it has finished."),
                code="store.busy", target=Target(file=self.location), path=self.location, seconds=f"{lock_wait():g}",
            ) from None
        except psycopg.OperationalError as error:
            raise PodiumError(
                N_("Cannot connect to the database {path}: {reason}"), code="store.cannot_connect", target=Target(file=self.location),
                path=self.location, reason=_one_line(error),
            ) from None
        except psycopg.errors.InsufficientPrivilege as error:
            raise PodiumError(
                N_("The database {path} refused: {reason}"), code="store.refused", target=Target(file=self.location),
                path=self.location, reason=_one_line(error),
            ) from None

    # -- schema ----------------------------------------------------------------------------------------------

    def _version(self, connection: psycopg.Connection[Any]) -> int:
        """The database's schema version: 0 when it holds no Podium tables.

        The table is looked for in ``pg_class`` by a query, which sees what was committed before the statement began
        (``to_regclass`` would look in the session's catalog cache, which waiting for the migration lock does not
        refresh: a process that waited while another created the tables would not see them and create them again)."""
        found = connection.execute(
            "SELECT EXISTS (SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
            " WHERE c.relname = 'podium_schema' AND n.nspname = current_schema())"
        ).fetchone()
        if not found or not found[0]:
            return 0
        row = connection.execute("SELECT version FROM podium_schema").fetchone()
        return int(row[0]) if row else 0

    def _check_version(self, found: int) -> None:
        if found > SCHEMA_VERSION:
            raise PodiumError(
                N_("{path} was written by a newer Podium (schema {found}, this version reads {supported}); upgrade Podium."),
                code="store.newer_schema", target=Target(file=self.location), path=self.location, found=found, supported=SCHEMA_VERSION,
            )

    def upgrade(self) -> tuple[int, int]:
        """Bring the database's schema to :data:`SCHEMA_VERSION` (all of it or nothing, one process at a time);
        returns the versions before and after."""
        with self._connection() as connection:
            before = self._migrate(connection)
        self._schema = SCHEMA_VERSION
        return before, SCHEMA_VERSION

    def _migrate(self, connection: psycopg.Connection[Any]) -> int:
        """Apply the migrations the database lacks, in the caller's transaction, holding the migration lock (a
        second process waits, then finds the schema current); returns the version found."""
        connection.execute("SELECT pg_advisory_xact_lock(%s, 0)", (LOCK_SPACE,))
        before = self._version(connection)
        self._check_version(before)
        for version in range(before + 1, SCHEMA_VERSION + 1):
            for statement in MIGRATIONS[version]:
                connection.execute(statement)
            connection.execute("UPDATE podium_schema SET version = %s", (version,))
        return before

    def _current(self, connection: psycopg.Connection[Any]) -> int:
        """The schema version, checked to be one this Podium reads; asked once it is known to be there (a schema
        is never removed)."""
        if self._schema:
            return self._schema
        found = self._version(connection)
        self._check_version(found)
        self._schema = found
        return found

    def _prepare(self, connection: psycopg.Connection[Any]) -> None:
        """Before this object's first write: the schema current (created in an empty database) and the meet's row,
        in the write's transaction (:meth:`_prepared` notes it once that transaction has committed)."""
        if self._ready:
            return
        if self._current(connection) < SCHEMA_VERSION:
            self._migrate(connection)
        connection.execute("INSERT INTO podium_meet (meet) VALUES (%s) ON CONFLICT DO NOTHING", (self.meet_id,))

    def _prepared(self) -> None:
        """A write that ran :meth:`_prepare` has committed: the schema and the meet's row are there for good (a
        write rolled back, by a conflict or an error, leaves them to the next write to make)."""
        self._ready = True
        self._schema = SCHEMA_VERSION

    # -- the contract ----------------------------------------------------------------------------------------

    def exists(self) -> bool:
        with self._connection() as connection:
            if self._current(connection) == 0:
                return False
            return connection.execute("SELECT 1 FROM podium_meet WHERE meet = %s", (self.meet_id,)).fetchone() is not None

    def create(self) -> None:
        """Create the schema if the database has none, and the meet (nothing when both exist)."""
        with self._connection() as connection:
            self._prepare(connection)
        self._prepared()

    def read(self, event: str | None = None) -> list[Entry]:
        """Every entry in order (only ``event``'s and the meet-wide ones when given); a meet not stored reads empty.

        Entries read before are kept (the journal only grows) and only later ones are fetched, after checking that
        the last one kept is still there (a meet copied in again under the same id is read afresh)."""
        with self._connection() as connection:
            if self._current(connection) == 0:
                return []
            known = self._known.get(event, [])
            if known:
                row = connection.execute("SELECT at FROM podium_journal WHERE meet = %s AND seq = %s", (self.meet_id, known[-1].seq)).fetchone()
                if row is None or row[0] != known[-1].at:
                    known = []
            after = known[-1].seq if known else 0
            columns = _COLUMNS
            if event is None:
                rows = connection.execute(
                    f"SELECT {columns} FROM podium_journal WHERE meet = %s AND seq > %s ORDER BY seq", (self.meet_id, after)
                ).fetchall()
            else:
                rows = connection.execute(
                    f"SELECT {columns} FROM podium_journal WHERE meet = %s AND (event = %s OR event IS NULL) AND seq > %s ORDER BY seq",
                    (self.meet_id, event, after),
                ).fetchall()
        known = known + [self._entry(row) for row in rows]
        self._known[event] = known
        return list(known)

    def read_outline(self, event: str) -> tuple[list[Entry], int]:
        """``event``'s stream without results and corrections, and its last entry's number (see
        :meth:`podium.store.contract.JournalStore.read_outline`): the number is read first and the entries up to it,
        so both are one moment's even while others append."""
        with self._connection() as connection:
            if self._current(connection) == 0:
                return [], 0
            row = connection.execute(
                "SELECT COALESCE(MAX(seq), 0) FROM podium_journal WHERE meet = %s AND (event = %s OR event IS NULL)",
                (self.meet_id, event),
            ).fetchone()
            position = int(row[0]) if row else 0
            rows = connection.execute(
                f"SELECT {_COLUMNS} FROM podium_journal WHERE meet = %s AND (event = %s OR event IS NULL) "
                f"AND NOT {_RESULT_KINDS} AND seq <= %s ORDER BY seq",
                (self.meet_id, event, position),
            ).fetchall()
        return [self._entry(row) for row in rows], position

    def read_results(self, event: str, matches: Collection[tuple[str, str]], up_to: int) -> list[Entry]:
        """The results and corrections of ``matches`` (``(stage, match key)`` pairs) of ``event`` up to entry
        ``up_to``, in order."""
        wanted = sorted(set(matches))
        if not wanted:
            return []
        with self._connection() as connection:
            if self._current(connection) == 0:
                return []
            rows = connection.execute(
                f"SELECT {_COLUMNS} FROM podium_journal WHERE meet = %s AND event = %s AND {_RESULT_KINDS} AND seq <= %s "
                "AND payload->>'match' = ANY(%s::text[]) "  # by the index on the match (schema 2)
                "AND (payload->>'stage', payload->>'match') IN (SELECT * FROM unnest(%s::text[], %s::text[])) ORDER BY seq",
                (self.meet_id, event, up_to, [match for _, match in wanted], [stage for stage, _ in wanted], [match for _, match in wanted]),
            ).fetchall()
        return [self._entry(row) for row in rows]

    def read_from(self, event: str, start: int, up_to: int) -> list[Entry]:
        """``event``'s stream numbered from ``start`` up to ``up_to`` (see
        :meth:`podium.store.contract.JournalStore.read_from`)."""
        with self._connection() as connection:
            if self._current(connection) == 0:
                return []
            rows = connection.execute(
                f"SELECT {_COLUMNS} FROM podium_journal WHERE meet = %s AND (event = %s OR event IS NULL) "
                "AND seq BETWEEN %s AND %s ORDER BY seq",
                (self.meet_id, event, start, up_to),
            ).fetchall()
        return [self._entry(row) for row in rows]

    def stream_end(self, event: str | None = None) -> Entry | None:
        """The stream's last entry (see :meth:`podium.store.contract.JournalStore.stream_end`)."""
        with self._connection() as connection:
            if self._current(connection) == 0:
                return None
            if event is None:
                last, parameters = "SELECT MAX(seq) FROM podium_journal WHERE meet = %(m)s", {"m": self.meet_id}
            else:
                last, parameters = (
                    """SELECT GREATEST(
                        (SELECT MAX(seq) FROM podium_journal WHERE meet = %(m)s AND event = %(e)s),
                        (SELECT MAX(seq) FROM podium_journal WHERE meet = %(m)s AND event IS NULL))""",
                    {"m": self.meet_id, "e": event},
                )
            row = connection.execute(f"SELECT {_COLUMNS} FROM podium_journal WHERE meet = %(m)s AND seq = ({last})", parameters).fetchone()
        return self._entry(row) if row else None

    def last_seq(self) -> int:
        """The number of the meet's last entry (0 for none): one read of the primary key's index, cheap enough to
        poll (a face that cannot listen to notifications)."""
        with self._connection() as connection:
            if self._current(connection) == 0:
                return 0
            row = connection.execute("SELECT COALESCE(MAX(seq), 0) FROM podium_journal WHERE meet = %s", (self.meet_id,)).fetchone()
        return int(row[0]) if row else 0

    def append(self, entries: Sequence[NewEntry], *, expected: int, event: str | None = None, actor: str) -> list[Entry]:
        """Append ``entries`` atomically if the stream's last entry is still ``expected`` (see
        :class:`podium.store.contract.JournalStore`); else raise :class:`Conflict` and write nothing."""
        with self._connection() as connection:
            self._prepare(connection)
            connection.execute("SELECT pg_advisory_xact_lock(%s, hashtext(%s))", (LOCK_SPACE, self.meet_id))
            if event is None:
                row = connection.execute("SELECT COALESCE(MAX(seq), 0) FROM podium_journal WHERE meet = %s", (self.meet_id,)).fetchone()
                found = last = int(row[0]) if row else 0
            else:
                row = connection.execute(
                    """SELECT GREATEST(
                        (SELECT COALESCE(MAX(seq), 0) FROM podium_journal WHERE meet = %(m)s AND event = %(e)s),
                        (SELECT COALESCE(MAX(seq), 0) FROM podium_journal WHERE meet = %(m)s AND event IS NULL)),
                        (SELECT COALESCE(MAX(seq), 0) FROM podium_journal WHERE meet = %(m)s)""",
                    {"m": self.meet_id, "e": event},
                ).fetchone()
                found, last = (int(row[0]), int(row[1])) if row else (0, 0)
            if found != expected:
                raise Conflict(expected, found)
            written = [Entry(last + number, now(), kind, key, payload, reason, actor) for number, (kind, key, payload, reason) in enumerate(entries, 1)]
            self._insert(connection, written)
        self._prepared()
        return written

    def restore(self, entries: Sequence[Entry]) -> None:
        """Write ``entries`` (with their numbers, times and actors) as the meet's journal; refused when it has one."""
        with self._connection() as connection:
            self._prepare(connection)
            connection.execute("SELECT pg_advisory_xact_lock(%s, hashtext(%s))", (LOCK_SPACE, self.meet_id))
            if connection.execute("SELECT 1 FROM podium_journal WHERE meet = %s LIMIT 1", (self.meet_id,)).fetchone():
                raise PodiumError(
                    N_("{path} already holds a journal; restore into an empty folder."), code="store.not_empty",
                    target=Target(file=self.location), path=self.location,
                )
            self._insert(connection, entries)
        self._prepared()
        with self._connection() as connection:
            # statistics for the rows just loaded, as after any bulk load: without them the planner reads a match's
            # results through the index by event, not by match (until autovacuum analyzes the table, within minutes)
            connection.execute("ANALYZE podium_journal")

    def backup(self, target: Path) -> None:
        """Copy the meet's journal into a new SQLite file at ``target`` (what ``podium backup`` writes for either
        store; a SQLite meet folder holding it as ``meet.sqlite`` opens as the meet). The entries are read in one
        statement, so the copy is the journal at one moment however many write meanwhile."""
        from podium.files import write_whole

        entries = self.read()

        def produce(path: Path) -> None:
            Store.of_file(path).restore(entries)

        write_whole(target, produce)

    def own_files(self) -> tuple[Path, ...]:
        """None: the journal is in the database, not beside the meet folder."""
        return ()

    # -- live updates ----------------------------------------------------------------------------------------

    def watch(self, stop: threading.Event | None = None, poll: float = 0.5, on_listening: Callable[[], None] | None = None) -> Iterator[int]:
        """The numbers of this meet's entries as other processes (and this one) append them, from now on: the last
        entry of each committed append, as PostgreSQL notifies it. Runs until ``stop`` is set (checked every
        ``poll`` seconds); a web server runs it in a thread of its own and reads the journal when a number comes
        (:meth:`read` fetches only the new entries). ``on_listening`` is called once it listens."""
        for meet, seq in appended(self.url, stop, poll, on_listening):
            if meet == self.meet_id:
                yield seq

    async def awatch(self, on_listening: Callable[[], None] | None = None) -> AsyncIterator[int]:
        """:meth:`watch` for an asyncio web server: the numbers of this meet's appended entries as they are
        committed, on a connection of its own, until the task iterating it is cancelled (``async for seq in
        store.awatch(): …`` in a background task, waking the pages that wait for the journal to grow)."""
        import psycopg

        connection = await psycopg.AsyncConnection.connect(self.url, autocommit=True, connect_timeout=CONNECT_SECONDS)
        async with connection:
            await connection.execute(f"LISTEN {CHANNEL}")
            if on_listening is not None:
                on_listening()
            async for notice in connection.notifies():
                found = _notified(notice.payload)
                if found is not None and found[0] == self.meet_id:
                    yield found[1]

    # -- rows ------------------------------------------------------------------------------------------------

    def _insert(self, connection: psycopg.Connection[Any], entries: Sequence[Entry]) -> None:
        """One COPY of ``entries`` (one statement: one notification, the rows of it all or none)."""
        with connection.cursor().copy("COPY podium_journal (meet, seq, at, kind, event, payload, reason, actor) FROM STDIN") as copy:
            for e in entries:
                copy.write_row(
                    (self.meet_id, e.seq, e.at, e.kind.value, e.event, payload_text(e.payload), e.reason, e.actor)
                )

    def _entry(self, row: tuple[Any, ...]) -> Entry:
        """One journal row as an entry; a row written behind Podium's back into something unreadable is a damaged database."""
        seq, at, kind, event, payload, reason, actor = row
        try:
            entry = Entry(int(seq), at.astimezone(dt.UTC), Kind(kind), event, payload_from_text(payload), reason, actor)
        except (TypeError, ValueError) as error:
            raise self._damaged(str(error)) from None
        if not isinstance(entry.payload, dict):
            raise self._damaged("its payload is not a table")
        return entry

    def _damaged(self, problem: str) -> PodiumError:
        return PodiumError(
            N_("{path} is damaged or is not a Podium database ({error})."), code="store.damaged", target=Target(file=self.location),
            hint=Hint("restore"), path=self.location, error=f"journal entry unreadable: {problem}",
        )


def appended(url: str, stop: threading.Event | None = None, poll: float = 0.5, on_listening: Callable[[], None] | None = None) -> Iterator[tuple[str, int]]:
    """``(meet, seq)`` for every append committed to the database at ``url`` (any meet), from now on, until ``stop``
    is set. One connection of its own, in autocommit, LISTENs on :data:`CHANNEL`; ``on_listening`` is called once it
    listens (a test's cue to start writing)."""
    import psycopg

    with psycopg.connect(connection_url(url), autocommit=True, connect_timeout=CONNECT_SECONDS) as connection:
        connection.execute(f"LISTEN {CHANNEL}")
        if on_listening is not None:
            on_listening()
        while stop is None or not stop.is_set():
            for notice in connection.notifies(timeout=poll):
                found = _notified(notice.payload)
                if found is not None:
                    yield found
                if stop is not None and stop.is_set():
                    return


def _notified(payload: str) -> tuple[str, int] | None:
    """The meet and entry number of a notification on :data:`CHANNEL`; ``None`` for another program's message."""
    try:
        data = json.loads(payload)
        return str(data["meet"]), int(data["seq"])
    except (ValueError, KeyError, TypeError):
        return None


def _check_url(url: str, shown: str) -> None:
    """Refuse an address libpq cannot read (an unknown parameter, a bad port) before anything connects."""
    import psycopg
    from psycopg.conninfo import conninfo_to_dict

    try:
        conninfo_to_dict(url)
    except psycopg.ProgrammingError as error:
        raise PodiumError(
            N_("{url} is not a PostgreSQL address Podium can use: {reason}"), code="store.url_invalid", target=Target(argument="store"),
            url=shown, reason=_one_line(error),
        ) from None


def _one_line(error: BaseException) -> str:
    """What the server or libpq said, on one line."""
    return " ".join(str(error).split()) or type(error).__name__
