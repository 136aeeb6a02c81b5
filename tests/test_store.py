"""The journal is append-only, and a refused command leaves the meet byte-for-byte unchanged."""

from __future__ import annotations

import sqlite3

import pytest

from podium.errors import StateError
from podium.journal.entries import Kind
from podium.store.sqlite import Store, database_error


def test_journal_rejects_update_and_delete(tmp_path):
    store = Store(tmp_path)
    store.append(lambda journal: [(Kind.LOTS, "ms", {"stage": "main", "order": []}, "tie")])
    connection = sqlite3.connect(store.path)
    for statement in ("UPDATE journal SET reason = 'x'", "DELETE FROM journal"):
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            connection.execute(statement)
    connection.close()
    assert [e.reason for e in store.read()] == ["tie"]


def test_a_refused_append_writes_nothing(tmp_path):
    store = Store(tmp_path)

    def refuse(journal):
        raise StateError("no")

    with pytest.raises(StateError):
        store.append(refuse)
    assert not store.path.exists()  # not even an empty file
    store.create()
    before = store.path.read_bytes()
    with pytest.raises(StateError):
        store.append(refuse)
    assert store.path.read_bytes() == before


def test_build_sees_the_journal_inside_the_transaction(tmp_path):
    store = Store(tmp_path)
    store.append(lambda journal: [(Kind.LOTS, None, {"n": len(journal)}, None)])
    store.append(lambda journal: [(Kind.LOTS, None, {"n": len(journal)}, None)])
    assert [e.payload["n"] for e in store.read()] == [0, 1]


def test_backup_copies_the_journal(tmp_path):
    store = Store(tmp_path / "meet")
    (tmp_path / "meet").mkdir()
    store.append(lambda journal: [(Kind.LOTS, None, {"n": 1}, None)])
    store.backup(tmp_path / "copy.sqlite")
    copy = Store(tmp_path)
    copy.path = tmp_path / "copy.sqlite"
    assert [e.payload for e in copy.read()] == [{"n": 1}]


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


def test_a_store_reads_what_others_appended_since_it_last_read(tmp_path):
    """A store remembers what it read (the journal only grows) and fetches the rest: entries another
    process appended appear, in order, for the whole meet and for one event (with the meet-wide ones)."""
    mine, theirs = Store(tmp_path), Store(tmp_path)
    mine.append(lambda journal: [(Kind.LOTS, "ms", {"n": 1}, None)])
    assert [e.payload["n"] for e in mine.read()] == [1]
    assert [e.payload["n"] for e in mine.read("ms")] == [1]
    theirs.append(lambda journal: [(Kind.LOTS, "ws", {"n": 2}, None), (Kind.LOTS, None, {"n": 3}, None)])
    theirs.append(lambda journal: [(Kind.LOTS, "ms", {"n": 4}, None)])
    assert [e.payload["n"] for e in mine.read()] == [1, 2, 3, 4]
    assert [e.payload["n"] for e in mine.read("ms")] == [1, 3, 4]
    assert [e.seq for e in mine.read()] == [e.seq for e in Store(tmp_path).read()]
    mine.append(lambda journal: [(Kind.LOTS, "ms", {"n": len(journal)}, None)])  # the write sees everything too
    assert mine.read()[-1].payload == {"n": 4}


def test_a_new_database_in_the_folder_is_read_afresh(tmp_path):
    """The meet folder gets another meet.sqlite (copied back from a backup, say): nothing remembered from the
    old one is returned."""
    store = Store(tmp_path)
    store.append(lambda journal: [(Kind.LOTS, None, {"n": 1}, None), (Kind.LOTS, None, {"n": 2}, None)])
    assert [e.payload["n"] for e in store.read()] == [1, 2]
    store.path.unlink()
    Store(tmp_path).append(lambda journal: [(Kind.LOTS, None, {"n": 9}, None)])
    assert [e.payload["n"] for e in store.read()] == [9]


def test_a_commit_leaves_no_hot_journal(tmp_path):
    """The rollback journal is kept between transactions (journal_mode = PERSIST) with its header zeroed at
    each commit, so nothing rolls a committed entry back: SQLite treats a journal as hot only when it starts
    with the magic number d9 d5 05 f9 20 a1 63 d7."""
    store = Store(tmp_path)
    store.append(lambda journal: [(Kind.LOTS, None, {"n": 1}, None)])
    store.append(lambda journal: [(Kind.LOTS, None, {"n": 2}, None)])
    journal = tmp_path / "meet.sqlite-journal"
    assert journal.exists() and journal.read_bytes()[:8] != bytes.fromhex("d9d505f920a163d7")
    assert [e.payload["n"] for e in Store(tmp_path).read()] == [1, 2]
