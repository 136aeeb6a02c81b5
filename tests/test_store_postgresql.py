"""The PostgreSQL store (issue 18): what only it does — many meets in one database, its schema and migrations,
notifications to other processes, addresses and their passwords — and choosing and moving stores from the command
line. What both stores do is tested on both in tests/test_store.py.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
import threading
from pathlib import Path

import pytest

from podium.errors import PodiumError
from podium.journal.entries import Kind
from podium.services.meet import Meet
from podium.store.contract import Conflict
from podium.store.postgresql import MIGRATIONS, PostgresStore, appended, without_password
from podium.store.sqlite import Store
from podium.store.urls import meet_id, open_store
from tests.test_store import add

TOML = """
[meet]
name = "Store meet"
language = "en"
[events.ms]
name = "Singles"
sport = "table_tennis"
format = "round_robin"
[events.ms.rules]
best_of = 3
"""


@pytest.fixture
def database(postgresql_server):
    """The URL of a new, empty database (no meet named)."""
    return postgresql_server.new_database()


def test_meets_in_one_database_are_numbered_and_read_apart(database):
    """A meet column keeps meets apart: each meet's entries are numbered from 1 and read alone."""
    spring, autumn = PostgresStore(database, "spring"), PostgresStore(database, "autumn")
    add(spring, (Kind.LOTS, None, {"n": 1}, None))
    add(autumn, (Kind.LOTS, None, {"n": 2}, None))
    add(spring, (Kind.LOTS, "ms", {"n": 3}, None))
    assert [(e.seq, e.payload["n"]) for e in PostgresStore(database, "spring").read()] == [(1, 1), (2, 3)]
    assert [(e.seq, e.payload["n"]) for e in PostgresStore(database, "autumn").read("ms")] == [(1, 2)]
    assert not PostgresStore(database, "winter").exists()
    assert PostgresStore(database, "winter").read() == []
    spring.close()
    autumn.close()


def test_upgrade_creates_the_schema_once_and_then_has_nothing_to_do(database, postgresql_server):
    store = PostgresStore(database, "m")
    assert store.read() == []  # an empty database reads as an empty journal and is left empty
    assert postgresql_server.psql("SELECT to_regclass('podium_schema') IS NULL", database.split("///")[1].split("?")[0]) == "t\n"
    assert store.upgrade() == (0, 2)
    assert store.upgrade() == (2, 2)
    assert not store.exists()  # the schema is there, the meet is not until it is created or written
    store.create()
    assert store.exists()
    store.close()


def test_writers_that_meet_an_empty_database_at_once_create_its_schema_once(database):
    """Eight first writes at once on an empty database, each with its own connections (as eight processes): one
    creates the tables, the others wait for its migration lock and then find them; every entry is stored."""
    stores = [PostgresStore(database, "m") for _ in range(8)]
    barrier, failures = threading.Barrier(8), []

    def write(store, n):
        barrier.wait()
        try:
            for _ in range(20):
                stream = store.read()
                try:
                    store.append([(Kind.LOTS, None, {"n": n}, None)], expected=stream[-1].seq if stream else 0, actor="cli")
                    break
                except Conflict:
                    continue
        except Exception as error:  # noqa: BLE001 - the test reports what any writer met
            failures.append(repr(error))

    threads = [threading.Thread(target=write, args=(store, n)) for n, store in enumerate(stores)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert failures == []
    assert sorted(e.payload["n"] for e in PostgresStore(database, "m").read()) == list(range(8))
    for store in stores:
        store.close()


def test_a_database_of_schema_1_gets_the_index_of_results_by_match_and_keeps_its_journal(database, postgresql_server):
    """Schema 2 indexes results and corrections by the match they name (what entering one result reads); a database
    made by a Podium of schema 1 gets the index from its next write, its entries untouched."""
    name = database.split("///")[1].split("?")[0]
    for statement in MIGRATIONS[1]:
        postgresql_server.psql(statement, name)
    postgresql_server.psql("UPDATE podium_schema SET version = 1", name)
    index = "SELECT count(*) FROM pg_indexes WHERE indexname = 'podium_journal_match'"
    assert postgresql_server.psql(index, name) == "0\n"
    store = PostgresStore(database, "m")
    store.append([(Kind.RESULT, "ev", {"stage": "s", "match": "R1.1", "sides": ["1", "2"], "result": "1-0"}, None)], expected=0, actor="cli")
    assert postgresql_server.psql(index, name) == "1\n"
    assert postgresql_server.psql("SELECT version FROM podium_schema", name) == "2\n"
    assert [e.payload["match"] for e in store.read_results("ev", [("s", "R1.1")], 1)] == ["R1.1"]
    assert store.read_results("ev", [("s", "R1.2"), ("t", "R1.1")], 1) == []
    store.close()


def test_a_database_written_by_a_newer_podium_is_refused(database, postgresql_server):
    PostgresStore(database, "m").create()
    postgresql_server.psql("UPDATE podium_schema SET version = 99", database.split("///")[1].split("?")[0])
    with pytest.raises(PodiumError) as refused:
        PostgresStore(database, "m").read()
    assert refused.value.code == "store.newer_schema"
    assert "(schema 99, this version reads 2)" in refused.value.message


def test_an_address_is_shown_without_its_password():
    shown = without_password("postgresql://podium:s3cret@db.example.org:5432/podium?meet=spring&password=other&sslmode=require")
    assert shown == "postgresql://podium@db.example.org:5432/podium?meet=spring&sslmode=require"
    store = open_store(Path("/srv/meets/autumn"), "postgresql://podium:s3cret@db.example.org/podium")
    assert store.location == "postgresql://podium@db.example.org/podium"
    assert "s3cret" in store.url  # libpq still gets it


def test_the_meet_id_is_the_url_s_meet_else_the_folder_s_name():
    assert meet_id("postgresql://db.example.org/podium?meet=spring", Path("/srv/meets/autumn")) == "spring"
    assert meet_id("postgresql://db.example.org/podium", Path("/srv/meets/autumn")) == "autumn"


def test_a_server_that_does_not_answer_is_one_sentence(tmp_path):
    url = f"postgresql:///podium?host={tmp_path}&user=podium"
    with pytest.raises(PodiumError) as refused:
        PostgresStore(url, "m").read()
    assert refused.value.code == "store.cannot_connect"
    assert refused.value.message.startswith(f"Cannot connect to the database {url}: ")
    assert "No such file or directory" in refused.value.message


def test_an_address_libpq_cannot_read_is_refused_before_connecting():
    with pytest.raises(PodiumError) as refused:
        PostgresStore("postgresql://db.example.org/podium?colour=blue", "m")
    assert refused.value.code == "store.url_invalid"
    with pytest.raises(PodiumError) as unknown:
        open_store(Path("m"), "mysql://db.example.org/podium")
    assert unknown.value.code == "store.url_unknown"


def test_another_process_learns_of_each_append_through_notifications(database):
    """Every committed append notifies the database's listeners with its meet and its last entry's number: one
    notification for an append of two entries (the last is 3), one for another meet's append."""
    listening, stop, heard = threading.Event(), threading.Event(), []

    def listen():
        for meet, seq in appended(database, stop, 0.1, listening.set):
            heard.append((meet, seq))
            if len(heard) == 3:
                stop.set()

    thread = threading.Thread(target=listen)
    thread.start()
    assert listening.wait(10)
    store, other = PostgresStore(database, "m"), PostgresStore(database, "other")
    add(store, (Kind.LOTS, None, {"n": 1}, None))
    add(store, (Kind.LOTS, None, {"n": 2}, None), (Kind.LOTS, None, {"n": 3}, None))
    add(other, (Kind.LOTS, None, {"n": 1}, None))
    thread.join(5)
    stop.set()
    assert heard == [("m", 1), ("m", 3), ("other", 1)]
    store.close()
    other.close()


def test_watch_yields_only_its_own_meet_s_numbers(database):
    listening, stop, heard = threading.Event(), threading.Event(), []
    store = PostgresStore(database, "m")

    def listen():
        for seq in store.watch(stop, 0.1, listening.set):
            heard.append(seq)
            stop.set()

    thread = threading.Thread(target=listen)
    thread.start()
    assert listening.wait(10)
    add(PostgresStore(database, "other"), (Kind.LOTS, None, {"n": 1}, None))
    add(PostgresStore(database, "m"), (Kind.LOTS, None, {"n": 1}, None), (Kind.LOTS, None, {"n": 2}, None))
    thread.join(5)
    stop.set()
    assert heard == [2]


def test_the_store_is_the_option_else_the_environment_else_meet_toml_else_the_sqlite_file(tmp_path, monkeypatch):
    folder = tmp_path / "autumn"
    folder.mkdir()
    (folder / "meet.toml").write_text(TOML + '\n[store]\nurl = "postgresql://toml.example.org/podium"\n', encoding="utf-8")
    monkeypatch.setenv("PODIUM_STORE", "postgresql://env.example.org/podium?meet=spring")
    assert Meet(folder, store_url="postgresql://option.example.org/podium").store.location == "postgresql://option.example.org/podium"
    assert Meet(folder).store.location == "postgresql://env.example.org/podium?meet=spring"
    monkeypatch.delenv("PODIUM_STORE")
    chosen = Meet(folder).store
    assert (chosen.location, chosen.meet_id) == ("postgresql://toml.example.org/podium", "autumn")
    (folder / "meet.toml").write_text(TOML, encoding="utf-8")
    assert Meet(folder).store.location == str(folder / "meet.sqlite")


@pytest.mark.parametrize(
    ("table", "problem"),
    [
        ('url = "sqlite:meet.sqlite"', 'store.url: must be a PostgreSQL address like "postgresql://podium@db.example.org/podium?meet=sports-day", not "sqlite:meet.sqlite"'),
        ("url = 5", "store.url: must be a PostgreSQL address like"),
        ('url = "postgresql://h/db"\npool = 3', "store.pool: unknown key; valid keys here: url"),
    ],
)
def test_meet_toml_takes_only_a_postgresql_url_in_store(podium, make_meet, table, problem):
    folder = make_meet(TOML + "\n[store]\n" + table + "\n")
    refused = podium(folder, "log", ok=False)
    assert refused.exit_code != 0 and problem in refused.output


def test_init_on_postgresql_names_the_database_in_meet_toml(podium, tmp_path, database):
    folder = tmp_path / "spring"
    podium(None, "--store", database + "&meet=spring", "init", str(folder), "--template", "starter")
    assert not (folder / "meet.sqlite").exists()
    assert f'url = "{database}&meet=spring"' in (folder / "meet.toml").read_text(encoding="utf-8")
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))  # no --store: meet.toml says where
    assert [e.kind for e in PostgresStore(database, "spring").read()] == [Kind.ENTRANTS]
    again = podium(None, "--store", database + "&meet=spring", "init", str(tmp_path / "again"), ok=False)
    assert again.exit_code != 0 and "already holds this meet" in again.output


def played(folder: Path, podium) -> None:
    """A small meet with a history: entrants, a draw, results and a correction with its reason."""
    (folder / "e.csv").write_text("event,name\n" + "".join(f"ms,P{i}\n" for i in range(4)), encoding="utf-8")
    podium(folder, "entrants", "import", str(folder / "e.csv"))
    podium(folder, "draw", "ms", "--seed", "3")
    podium(folder, "result", "ms", "1", "11-5 11-7")
    podium(folder, "result", "ms", "2", "9-11 4-11")
    podium(folder, "correct", "ms", "1", "11-5 5-11 11-3", "--reason", "score sheet misread")


def exported(podium, folder: Path, *store: str) -> dict:
    data = json.loads(podium(None, "--meet", str(folder), *store, "export").output)
    data.pop("exported_at")
    return data


def test_store_copy_moves_a_meet_both_ways_and_it_exports_the_same(podium, make_meet, tmp_path, database):
    folder = make_meet(TOML)
    played(folder, podium)
    original = exported(podium, folder)
    target = database + "&meet=copied"
    done = podium(folder, "store", "copy", str(folder), target)
    assert "Copied 5 journal entries from" in done.output
    assert exported(podium, folder, "--store", target) == original
    back = tmp_path / "back"
    podium(folder, "store", "copy", target, str(back))
    assert exported(podium, folder, "--store", str(back)) == original
    assert Store(back).read() == Store(folder).read()
    refused = podium(folder, "store", "copy", str(folder), target, ok=False)
    assert refused.exit_code != 0 and "already holds a journal" in refused.output
    assert len(PostgresStore(database, "copied").read()) == 5


def test_backup_of_a_postgresql_meet_is_a_sqlite_file_that_opens_as_the_meet(podium, make_meet, tmp_path, database):
    folder = make_meet(TOML)
    url = database + "&meet=backed-up"
    played(folder, lambda f, *a: podium(None, "--meet", str(f), "--store", url, *a))
    podium(None, "--meet", str(folder), "--store", url, "backup", str(tmp_path / "copy.sqlite"))
    assert exported(podium, folder, "--store", str(tmp_path / "copy.sqlite")) == exported(podium, folder, "--store", url)


def test_store_upgrade_on_both_stores(podium, make_meet, database):
    """An empty database gets the schema (0 → 2); a SQLite file of schema 1 gets its actor column (1 → 2);
    run again, each is up to date."""
    folder = make_meet(TOML)
    assert "upgraded from schema 0 to 2" in podium(folder, "--store", database, "store", "upgrade").output
    assert "is up to date (schema 2)" in podium(folder, "--store", database, "store", "upgrade").output
    connection = sqlite3.connect(folder / "meet.sqlite")
    connection.executescript(
        """CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE journal (seq INTEGER PRIMARY KEY AUTOINCREMENT, at TEXT NOT NULL, kind TEXT NOT NULL, event TEXT,
            payload TEXT NOT NULL, reason TEXT);
        INSERT INTO meta VALUES ('schema_version', '1');"""
    )
    connection.close()
    assert "upgraded from schema 1 to 2" in podium(folder, "store", "upgrade").output
    assert "is up to date (schema 2)" in podium(folder, "store", "upgrade").output


def test_a_first_write_that_fails_leaves_the_next_one_to_create_the_schema(database):
    """The schema and the meet's row are made in the first write's transaction: when that write is rolled back
    (here its facts cannot be written as JSON), the next write makes them again instead of assuming them."""
    store = PostgresStore(database, "m")
    with pytest.raises(TypeError):
        store.append([(Kind.LOTS, None, {"n": object()}, None)], expected=0, actor="cli")
    assert store.read() == [] and not store.exists()
    add(store, (Kind.LOTS, None, {"n": 1}, None))
    assert [e.payload for e in PostgresStore(database, "m").read()] == [{"n": 1}]
    store.close()


def test_an_asyncio_server_awaits_the_meet_s_appends(database):
    """``awatch`` in a task: the numbers of the meet's appends (1, then 3 for an append of two), not another meet's."""

    async def scenario():
        listening, heard = asyncio.Event(), []
        store = PostgresStore(database, "m")

        async def listen():
            async for seq in store.awatch(listening.set):
                heard.append(seq)

        task = asyncio.create_task(listen())
        await asyncio.wait_for(listening.wait(), 10)
        await asyncio.to_thread(add, PostgresStore(database, "m"), (Kind.LOTS, None, {"n": 1}, None))
        await asyncio.to_thread(add, PostgresStore(database, "other"), (Kind.LOTS, None, {"n": 1}, None))
        await asyncio.to_thread(add, PostgresStore(database, "m"), (Kind.LOTS, None, {"n": 2}, None), (Kind.LOTS, None, {"n": 3}, None))
        for _ in range(50):
            if len(heard) == 2:
                break
            await asyncio.sleep(0.1)
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        return heard

    assert asyncio.run(scenario()) == [1, 3]


@pytest.mark.parametrize(("kind", "payload", "problem"), [("lots", "[1]", "its payload is not a table"), ("cheer", "{}", "'cheer' is not a valid Kind")])
def test_an_entry_written_behind_podium_s_back_is_a_damaged_database(database, postgresql_server, kind, payload, problem):
    """Another program may insert into the journal (only changes are refused): an entry Podium cannot read is named."""
    store = PostgresStore(database, "m")
    add(store, (Kind.LOTS, None, {"n": 1}, None))
    postgresql_server.psql(
        f"INSERT INTO podium_journal (meet, seq, at, kind, payload) VALUES ('m', 2, now(), '{kind}', '{payload}')",
        database.split("///")[1].split("?")[0],
    )
    with pytest.raises(PodiumError) as refused:
        PostgresStore(database, "m").read()
    assert refused.value.code == "store.damaged"
    assert refused.value.message == f"{store.location} is damaged or is not a Podium database (journal entry unreadable: {problem})."
    store.close()
