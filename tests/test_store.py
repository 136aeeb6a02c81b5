"""The journal is append-only, and a refused command leaves the meet unchanged (the SQLite file byte for byte).

Tests taking ``stores`` run on both stores: the meet folder's SQLite file and a meet in PostgreSQL (conftest).
"""

from __future__ import annotations

import sqlite3

import pytest

from podium.errors import StateError
from podium.journal.entries import Kind
from podium.store.contract import Conflict
from podium.store.sqlite import Store, database_error


def add(store, *entries, event=None, actor="cli"):
    """Append ``entries`` where the stream is now, as a command does after reading it."""
    stream = store.read(event)
    return store.append(list(entries), expected=stream[-1].seq if stream else 0, event=event, actor=actor)


def test_journal_rejects_update_and_delete(stores):
    """The database itself refuses to change or remove an entry, whoever connects (triggers)."""
    store = stores.open()
    add(store, (Kind.LOTS, "ms", {"stage": "main", "order": []}, "tie"))
    for verb in ("UPDATE", "DELETE", *(("TRUNCATE",) if stores.kind == "postgresql" else ())):
        assert "append-only" in stores.change(verb)
    assert [e.reason for e in stores.open().read()] == ["tie"]


def test_an_append_behind_the_stream_writes_nothing_and_says_where_the_stream_is(stores):
    """Optimistic concurrency: an append made with a position the stream has moved past is refused whole."""
    store = stores.open()
    add(store, (Kind.LOTS, None, {"n": 1}, None))
    before = store.path.read_bytes() if stores.kind == "sqlite" else None
    with pytest.raises(Conflict) as refused:
        store.append([(Kind.LOTS, None, {"n": 2}, None), (Kind.LOTS, None, {"n": 3}, None)], expected=0, actor="cli")
    assert (refused.value.expected, refused.value.found) == (0, 1)
    if stores.kind == "sqlite":
        assert store.path.read_bytes() == before
    assert [e.payload["n"] for e in stores.open().read()] == [1]


def test_streams_of_two_events_do_not_conflict_but_a_meet_wide_entry_moves_both(stores):
    """The stream of an event is its entries and the meet-wide ones: entry 2 (event ws) does not move the stream of
    ms (still at 1), so an append to ms expecting 1 goes in; a meet-wide entry (3) moves every stream."""
    store = stores.open()
    add(store, (Kind.LOTS, "ms", {"n": 1}, None), event="ms")
    add(store, (Kind.LOTS, "ws", {"n": 2}, None), event="ws")
    assert [e.seq for e in store.append([(Kind.LOTS, "ms", {"n": 3}, None)], expected=1, event="ms", actor="cli")] == [3]
    add(store, (Kind.LOTS, None, {"n": 4}, None))
    with pytest.raises(Conflict):
        store.append([(Kind.LOTS, "ws", {"n": 5}, None)], expected=2, event="ws", actor="cli")
    assert [e.seq for e in store.append([(Kind.LOTS, "ws", {"n": 5}, None)], expected=4, event="ws", actor="cli")] == [5]


def test_an_outline_leaves_results_out_and_a_match_s_results_are_read_alone(stores):
    """The entries, numbered as appended: 1 meet-wide; 2 and 8 of ms, not results; 3 and 6 the result and the
    correction of ms main R1.1; 4 of R1.2; 5 a result of event ws with the same match key; 7 of stage final with the
    same key. The outline of ms is 1, 2, 8 at position 8 (its last entry, a result or not); ws's is 1 at 5. The
    results of ms main R1.1 are 3 and 6, only 3 up to entry 5; R1.2 and final R1.1 together are 4 and 7."""
    store = stores.open()
    result = {"stage": "main", "match": "R1.1", "result": "1-0"}
    add(store, (Kind.LOTS, None, {"n": 1}, None))
    add(store, (Kind.LOTS, "ms", {"n": 2}, None), event="ms")
    add(store, (Kind.RESULT, "ms", result, None), event="ms")
    add(store, (Kind.RESULT, "ms", {**result, "match": "R1.2"}, None), event="ms")
    add(store, (Kind.RESULT, "ws", result, None), event="ws")
    add(store, (Kind.CORRECTION, "ms", {**result, "result": "0-1"}, "misread"), event="ms")
    add(store, (Kind.RESULT, "ms", {**result, "stage": "final"}, None), event="ms")
    add(store, (Kind.LOTS, "ms", {"n": 8}, None), event="ms")
    reader = stores.open()  # another process: nothing read before
    outline, position = reader.read_outline("ms")
    assert ([e.seq for e in outline], position) == ([1, 2, 8], 8)
    outline, position = reader.read_outline("ws")
    assert ([e.seq for e in outline], position) == ([1], 5)
    assert [e.seq for e in reader.read_results("ms", [("main", "R1.1")], 8)] == [3, 6]
    assert [(e.kind, e.reason) for e in reader.read_results("ms", [("main", "R1.1")], 8)] == [
        (Kind.RESULT, None), (Kind.CORRECTION, "misread"),
    ]
    assert [e.seq for e in reader.read_results("ms", [("main", "R1.1")], 5)] == [3]
    assert [e.seq for e in reader.read_results("ms", [("final", "R1.1"), ("main", "R1.2")], 8)] == [4, 7]
    assert reader.read_results("ms", [("main", "R9.9")], 8) == []
    assert stores.open(stores.folder.with_name("empty")).read_outline("ms") == ([], 0)


def test_a_stream_is_read_from_an_entry_up_to_another(stores):
    """Entries 1 (meet-wide), 2 and 4 of ms, 3 of ws, 5 meet-wide: ms's stream from 2 up to 4 is 2 and 4 (ws's 3 is
    not in it); from 4 up to 5 it is 4 and 5; from 6 on nothing; ws's from 1 up to 5 is 1, 3 and 5."""
    store = stores.open()
    add(store, (Kind.LOTS, None, {"n": 1}, None))
    add(store, (Kind.LOTS, "ms", {"n": 2}, None), event="ms")
    add(store, (Kind.LOTS, "ws", {"n": 3}, None), event="ws")
    add(store, (Kind.RESULT, "ms", {"stage": "main", "match": "R1.1", "result": "1-0"}, None), event="ms")
    add(store, (Kind.LOTS, None, {"n": 5}, None))
    reader = stores.open()
    assert [e.seq for e in reader.read_from("ms", 2, 4)] == [2, 4]
    assert [(e.seq, e.kind) for e in reader.read_from("ms", 4, 5)] == [(4, Kind.RESULT), (5, Kind.LOTS)]
    assert reader.read_from("ms", 6, 9) == []
    assert [e.seq for e in reader.read_from("ws", 1, 5)] == [1, 3, 5]
    assert stores.open(stores.folder.with_name("empty")).read_from("ms", 1, 5) == []


def test_a_file_made_before_the_match_index_reads_the_same_and_its_next_write_adds_it(tmp_path):
    store = Store(tmp_path)
    add(store, (Kind.RESULT, "ms", {"stage": "main", "match": "R1.1"}, None), event="ms")
    connection = sqlite3.connect(store.path)
    connection.execute("DROP INDEX journal_match")
    connection.commit()
    older = Store(tmp_path)
    assert [e.seq for e in older.read_results("ms", [("main", "R1.1")], 1)] == [1]
    add(older, (Kind.RESULT, "ms", {"stage": "main", "match": "R1.2"}, None), event="ms")
    assert connection.execute("SELECT name FROM sqlite_master WHERE name = 'journal_match'").fetchall() == [("journal_match",)]
    connection.close()
    assert [e.seq for e in Store(tmp_path).read_results("ms", [("main", "R1.2")], 2)] == [2]


def test_a_file_made_before_the_outline_index_reads_the_same_outline_and_its_next_write_adds_it(tmp_path):
    """ms's stream: entrants (1), a meet-wide lots entry (2), a result (3), a draw (4). Its outline is 1, 2 and 4,
    read alike with the index and without it (a file made before the index was added), whose next write adds it."""
    store = Store(tmp_path)
    add(store, (Kind.ENTRANTS, "ms", {"entrants": []}, None), event="ms")
    add(store, (Kind.LOTS, None, {"n": 5}, None))
    add(store, (Kind.RESULT, "ms", {"stage": "main", "match": "R1.1"}, None), event="ms")
    add(store, (Kind.DRAW, "ms", {"stage": "main"}, None), event="ms")
    assert [e.seq for e in store.read_outline("ms")[0]] == [1, 2, 4]
    connection = sqlite3.connect(store.path)
    assert connection.execute(
        "EXPLAIN QUERY PLAN SELECT seq FROM journal WHERE event = 'ms' AND NOT kind IN ('result', 'correction') AND seq <= 9"
    ).fetchall()[0][-1].endswith("USING INDEX journal_outline (event=? AND seq<?)")
    connection.execute("DROP INDEX journal_outline")
    connection.commit()
    older = Store(tmp_path)
    assert [e.seq for e in older.read_outline("ms")[0]] == [1, 2, 4]
    add(older, (Kind.RESULT, "ms", {"stage": "main", "match": "R1.2"}, None), event="ms")
    assert connection.execute("SELECT name FROM sqlite_master WHERE name = 'journal_outline'").fetchall() == [("journal_outline",)]
    connection.close()
    outline, position = Store(tmp_path).read_outline("ms")
    assert ([e.seq for e in outline], position) == ([1, 2, 4], 5)


def test_each_entry_keeps_who_entered_it(stores):
    store = stores.open()
    add(store, (Kind.LOTS, None, {"n": 1}, None), actor="cli")
    add(store, (Kind.LOTS, None, {"n": 2}, None), actor="web:link:T1")
    assert [e.actor for e in stores.open().read()] == ["cli", "web:link:T1"]


def test_the_last_entry_number_is_the_whole_meets(stores):
    """What a face polls to notice new entries: 0 before anything is stored, then the number of the last entry of
    any event (entries 1 of ms and 2 of ws: 2, not ms's 1)."""
    store = stores.open()
    assert store.last_seq() == 0
    add(store, (Kind.LOTS, "ms", {"n": 1}, None), event="ms")
    add(stores.open(), (Kind.LOTS, "ws", {"n": 2}, None), event="ws")
    assert store.last_seq() == 2


def test_a_stream_ends_at_its_last_entry_or_the_last_meet_wide_one(stores):
    """Entries 1 (ms), 2 (meet-wide) and 3 (ws): the stream of ms ends with entry 2 (the meet-wide entry is part of
    it, ws's entry is not), ws's with 3, the whole journal with 3, an event without entries with 2. An empty
    journal has no end."""
    store = stores.open()
    assert store.stream_end("ms") is None
    assert store.stream_end() is None
    add(store, (Kind.LOTS, "ms", {"n": 1}, None), event="ms")
    add(store, (Kind.LOTS, None, {"n": 2}, "meet-wide"))
    add(store, (Kind.LOTS, "ws", {"n": 3}, None), event="ws", actor="web:link:T1")
    entries = {entry.seq: entry for entry in stores.open().read()}
    reader = stores.open()
    assert reader.stream_end("ms") == entries[2]
    assert reader.stream_end("ws") == entries[3]
    assert reader.stream_end() == entries[3]
    assert reader.stream_end("other") == entries[2]
    assert (entries[2].payload, entries[2].reason, entries[3].actor) == ({"n": 2}, "meet-wide", "web:link:T1")


def test_a_version_1_file_reads_without_actors_and_is_upgraded_by_its_next_write(tmp_path):
    """A meet written before entries recorded their actor (schema 1) reads as it was; the next write adds the
    column in the same transaction, so the old entries have no actor and the new one has its own."""
    connection = sqlite3.connect(tmp_path / "meet.sqlite")
    connection.executescript(
        """CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE journal (seq INTEGER PRIMARY KEY AUTOINCREMENT, at TEXT NOT NULL, kind TEXT NOT NULL, event TEXT,
            payload TEXT NOT NULL, reason TEXT);
        INSERT INTO meta VALUES ('schema_version', '1');
        INSERT INTO journal (at, kind, event, payload, reason) VALUES ('2026-05-01T08:00:00+00:00', 'lots', NULL, '{"n": 1}', NULL);"""
    )
    connection.close()
    store = Store(tmp_path)
    assert [(e.payload, e.actor) for e in store.read()] == [({"n": 1}, None)]
    add(store, (Kind.LOTS, None, {"n": 2}, None), actor="cli")
    assert [(e.payload["n"], e.actor) for e in Store(tmp_path).read()] == [(1, None), (2, "cli")]
    connection = sqlite3.connect(tmp_path / "meet.sqlite")
    assert connection.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone() == ("2",)
    connection.close()


def test_backup_copies_the_journal_into_a_sqlite_file(stores, tmp_path):
    """Either store backs up into a SQLite file holding the same entries (numbers, times, actors)."""
    store = stores.open()
    add(store, (Kind.LOTS, None, {"n": 1}, None), actor="web:organiser")
    add(store, (Kind.LOTS, "ms", {"n": 2}, "why"), event="ms")
    store.backup(tmp_path / "copy.sqlite")
    copy = Store.of_file(tmp_path / "copy.sqlite").read()
    assert [(e.seq, e.payload, e.event, e.reason, e.actor) for e in copy] == [(1, {"n": 1}, None, None, "web:organiser"), (2, {"n": 2}, "ms", "why", "cli")]
    assert copy == store.read()


@pytest.mark.parametrize(
    ("sqlite_says", "sentence"),
    [
        ("database is locked", "{path} stayed busy for more than 60 seconds (another program holds it); nothing was written. "
         "Try again when it has finished."),
        ("unable to open database file", "Cannot open {path}; check that its folder exists and that you may write there."),
        ("attempt to write a readonly database", "Cannot write to {path}: the file or its folder is read-only."),
        ("database or disk is full", "The disk holding {path} is full; nothing was written. Free some space and try again."),
        ("file is not a database", "{path} is damaged or is not a Podium database (file is not a database)."),  # restoring is its hint
    ],
)
def test_what_sqlite_says_becomes_one_sentence(tmp_path, sqlite_says, sentence):
    """Errors a test cannot provoke portably (a full disk; read-only files, which root may write anyway) still read clearly."""
    path = tmp_path / "meet.sqlite"
    error = database_error(path, sqlite3.OperationalError(sqlite_says))
    assert error.message == sentence.format(path=path)
    if sqlite_says == "file is not a database":  # the next step is the face's to word: restore it
        assert error.hint is not None and error.hint.action == "restore"


def test_every_journal_kind_names_the_facts_it_carries():
    """A kind without a REQUIRED line would let a hand-edited entry of that kind crash every command with a
    KeyError instead of the 'damaged' sentence: every kind must say what its entries carry."""
    from podium.journal.entries import REQUIRED, Kind

    assert set(REQUIRED) == set(Kind)
    assert all(REQUIRED[kind] for kind in Kind)


def test_a_store_reads_what_others_appended_since_it_last_read(stores):
    """A store remembers what it read (the journal only grows) and fetches the rest: entries another
    process appended appear, in order, for the whole meet and for one event (with the meet-wide ones)."""
    mine, theirs = stores.open(), stores.open()
    add(mine, (Kind.LOTS, "ms", {"n": 1}, None))
    assert [e.payload["n"] for e in mine.read()] == [1]
    assert [e.payload["n"] for e in mine.read("ms")] == [1]
    add(theirs, (Kind.LOTS, "ws", {"n": 2}, None), (Kind.LOTS, None, {"n": 3}, None))
    add(theirs, (Kind.LOTS, "ms", {"n": 4}, None))
    assert [e.payload["n"] for e in mine.read()] == [1, 2, 3, 4]
    assert [e.payload["n"] for e in mine.read("ms")] == [1, 3, 4]
    assert [e.seq for e in mine.read()] == [e.seq for e in stores.open().read()] == [1, 2, 3, 4]


def test_a_new_database_in_the_folder_is_read_afresh(tmp_path):
    """The meet folder gets another meet.sqlite (copied back from a backup, say): nothing remembered from the
    old one is returned."""
    store = Store(tmp_path)
    add(store, (Kind.LOTS, None, {"n": 1}, None), (Kind.LOTS, None, {"n": 2}, None))
    assert [e.payload["n"] for e in store.read()] == [1, 2]
    store.path.unlink()
    add(Store(tmp_path), (Kind.LOTS, None, {"n": 9}, None))
    assert [e.payload["n"] for e in store.read()] == [9]


def test_the_polled_last_entry_number_follows_a_replaced_database(tmp_path):
    """A face polls the last entry number through a connection it keeps open; when the meet folder gets another
    meet.sqlite (a backup copied back, or the file deleted and a new meet started), the number is the new file's:
    two entries, then a backup of one entry renamed over it (1), then a new file with three (3)."""
    store = Store(tmp_path)
    add(store, (Kind.LOTS, None, {"n": 1}, None))
    copy = tmp_path / "copy"
    copy.mkdir()
    add(Store(copy), (Kind.LOTS, None, {"n": 9}, None))
    add(store, (Kind.LOTS, None, {"n": 2}, None))
    assert store.last_seq() == 2
    (copy / "meet.sqlite").replace(store.path)
    assert store.last_seq() == 1
    store.path.unlink()
    add(Store(tmp_path), (Kind.LOTS, None, {"n": 1}, None), (Kind.LOTS, None, {"n": 2}, None), (Kind.LOTS, None, {"n": 3}, None))
    assert store.last_seq() == 3
    store.close()


def test_a_commit_leaves_no_hot_journal(tmp_path):
    """The rollback journal is kept between transactions (journal_mode = PERSIST) with its header zeroed at
    each commit, so nothing rolls a committed entry back: SQLite treats a journal as hot only when it starts
    with the magic number d9 d5 05 f9 20 a1 63 d7."""
    store = Store(tmp_path)
    add(store, (Kind.LOTS, None, {"n": 1}, None))
    add(store, (Kind.LOTS, None, {"n": 2}, None))
    journal = tmp_path / "meet.sqlite-journal"
    assert journal.exists() and journal.read_bytes()[:8] != bytes.fromhex("d9d505f920a163d7")
    assert [e.payload["n"] for e in Store(tmp_path).read()] == [1, 2]


def test_a_command_that_meets_a_conflict_reads_again_and_validates_against_what_the_other_wrote(make_meet, stores):
    """Two writers at once: the command read the journal empty, another process appended lots in between, so
    its append is refused; it reads again, its build sees the other's entry (one entry in the journal now), and
    what it appends comes after it. A build that refuses writes nothing, not even the database file."""
    from podium.services.meet import Meet

    folder = make_meet()
    meet, other = Meet(folder, actor="cli", store=stores.open(folder)), stores.open(folder)
    seen = []

    def build(state):
        seen.append(len(state.journal))
        if len(seen) == 1:
            add(other, (Kind.WITHDRAWAL, None, {"entrant": "other"}, None), actor="web:organiser")
        return [(Kind.WITHDRAWAL, None, {"entrant": "mine"}, None)]

    written = meet.append(build)
    assert seen == [0, 1]
    assert [(e.payload["entrant"], e.actor) for e in stores.open(folder).read()] == [("other", "web:organiser"), ("mine", "cli")]
    assert [e.seq for e in written] == [2]

    fresh = make_meet(name="fresh")

    def refuse(state):
        raise StateError("no")

    with pytest.raises(StateError):
        Meet(fresh, store=stores.open(fresh)).append(refuse)
    assert not (fresh / "meet.sqlite").exists()
    assert not stores.open(fresh).exists()


def test_commands_that_create_the_database_at_the_same_moment_never_find_it_empty(tmp_path):
    """Eight writers append to a folder that has no database yet, all at once: one creates it, and every other one
    finds a meet's database (its append then conflicts or follows), never a file that exists but is still empty."""
    import threading

    for attempt in range(5):
        folder = tmp_path / f"meet{attempt}"
        folder.mkdir()
        start = threading.Barrier(8)
        outcomes: list[str] = []

        def write(folder=folder, start=start, outcomes=outcomes) -> None:
            store = Store(folder)
            start.wait()
            try:
                store.append([(Kind.LOTS, "ms", {"stage": "main", "order": []}, None)], expected=0, event="ms", actor="cli")
                outcomes.append("written")
            except Conflict:
                outcomes.append("conflict")
            except Exception as error:  # noqa: BLE001 - what went wrong is the assertion's message
                outcomes.append(f"{type(error).__name__}: {error}")

        threads = [threading.Thread(target=write) for _ in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(outcomes) == ["conflict"] * 7 + ["written"], outcomes
        assert [e.kind for e in Store(folder).read()] == [Kind.LOTS]
