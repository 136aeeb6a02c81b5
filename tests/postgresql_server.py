"""A throw-away PostgreSQL server for the tests: Debian's ``postgresql`` binaries (``scripts/system-deps`` installs
them), a cluster in a temporary folder, reached only through a Unix socket in that folder, stopped and removed at the
end. initdb refuses to run as root, so as root the server runs as ``nobody`` (and the folder is given to it).
"""

from __future__ import annotations

import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
import urllib.parse
from pathlib import Path

import attrs

from podium.store.contract import JournalStore
from podium.store.postgresql import PostgresStore
from podium.store.sqlite import Store

UNPRIVILEGED = "nobody"


def binaries() -> Path:
    """The newest installed PostgreSQL's ``bin`` folder (``/usr/lib/postgresql/<version>/bin``)."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"), key=lambda p: int(p.parent.parent.name))
    if not found:
        raise RuntimeError("PostgreSQL is not installed: run `make .venv/.installed` (scripts/system-deps installs it)")
    return found[-1].parent


@attrs.define
class Server:
    """A running server: its folder (data and socket) and the user it runs as."""

    folder: Path
    bin: Path
    _numbers: itertools.count = attrs.field(factory=itertools.count)

    def url(self, database: str = "postgres", meet: str | None = None) -> str:
        """The address of ``database`` on this server (as user ``podium``), with Podium's ``meet`` when given."""
        query = f"host={self.folder}&user=podium" + (f"&meet={meet}" if meet else "")
        return f"postgresql:///{database}?{query}"

    def new_database(self) -> str:
        """The URL of a new, empty database of its own (a test sees no other test's meets or schema)."""
        name = f"test_{os.getpid()}_{next(self._numbers)}"
        self.psql(f"CREATE DATABASE {name}")
        return self.url(name)

    def psql(self, sql: str, database: str = "postgres") -> str:
        """Run ``sql`` with psql as the superuser; its output, unaligned."""
        done = subprocess.run(
            [str(self.bin / "psql"), "-h", str(self.folder), "-U", "podium", "-d", database, "-XAtq", "-v", "ON_ERROR_STOP=1", "-c", sql],
            capture_output=True, text=True, check=False,
        )
        if done.returncode:
            raise RuntimeError(done.stderr)
        return done.stdout

    def stop(self) -> None:
        _run_as_owner([str(self.bin / "pg_ctl"), "stop", "-D", str(self.folder / "data"), "-m", "immediate", "-w"])
        shutil.rmtree(self.folder, ignore_errors=True)


def _run_as_owner(command: list[str]) -> None:
    """Run a server command as the server's user: ``nobody`` when the tests run as root, else the tests' own."""
    if os.geteuid() == 0:
        command = ["runuser", "-u", UNPRIVILEGED, "--", *command]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode:
        raise RuntimeError(f"{' '.join(command)} failed:\n{done.stdout}\n{done.stderr}")


def start(durable: bool = False) -> Server:
    """initdb a cluster in a new temporary folder and start it on a socket in that folder (no TCP port). Tests
    run it without fsync (a test kills writers, never the server); ``durable`` keeps PostgreSQL's default, so that
    a benchmark pays for every commit's flush as SQLite's ``synchronous = FULL`` does."""
    bin = binaries()
    folder = Path(tempfile.mkdtemp(prefix="podium-pg-"))
    folder.chmod(0o755)
    if os.geteuid() == 0:
        user = pwd.getpwnam(UNPRIVILEGED)
        os.chown(folder, user.pw_uid, user.pw_gid)
    data = folder / "data"
    try:
        _run_as_owner([str(bin / "initdb"), "-D", str(data), "-U", "podium", "--auth=trust", "-E", "UTF8", "--locale=C", "--no-sync"])
        options = f"-k {folder} -c listen_addresses='' -c max_connections=200" + ("" if durable else " -c fsync=off")
        _run_as_owner([str(bin / "pg_ctl"), "start", "-D", str(data), "-w", "-t", "60", "-o", options, "-l", str(folder / "server.log")])
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        raise
    return Server(folder, bin)


@attrs.define
class Stores:
    """One meet, in the store a parametrized test runs on: ``open()`` gives a new handle on it (another process's
    view), ``address`` is what ``--store`` or ``PODIUM_STORE`` would say (``None``: the folder's SQLite file)."""

    kind: str
    folder: Path
    server: Server | None
    database: str | None
    opened: list[JournalStore] = attrs.field(factory=list)

    @property
    def address(self) -> str | None:
        """The database's URL, naming no meet: each meet folder is its own meet (the id is the folder's name)."""
        return self.database

    def open(self, folder: Path | None = None) -> JournalStore:
        folder = folder or self.folder
        if self.database is None:
            folder.mkdir(parents=True, exist_ok=True)
            return Store(folder)
        store = PostgresStore(self.database, folder.name)
        self.opened.append(store)
        return store

    def change(self, verb: str) -> str:
        """Try to change the journal behind Podium's back, as another program could (``UPDATE``, ``DELETE``, and
        on PostgreSQL ``TRUNCATE``); what the database said when it refused, else ``""``."""
        if self.database is None:
            import sqlite3

            statement = {"UPDATE": "UPDATE journal SET reason = 'x'", "DELETE": "DELETE FROM journal"}[verb]
            connection = sqlite3.connect(self.folder / "meet.sqlite")
            try:
                connection.execute(statement)
                connection.commit()
            except sqlite3.DatabaseError as error:
                return str(error)
            finally:
                connection.close()
            return ""
        assert self.server is not None
        statement = {
            "UPDATE": "UPDATE podium_journal SET reason = 'x'", "DELETE": "DELETE FROM podium_journal", "TRUNCATE": "TRUNCATE podium_journal CASCADE"
        }[verb]
        try:
            self.server.psql(statement, urllib.parse.urlsplit(self.database).path.lstrip("/"))
        except RuntimeError as error:
            return str(error)
        return ""

    def close(self) -> None:
        for store in self.opened:
            store.close()
