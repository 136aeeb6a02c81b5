"""The journal is append-only, and a refused command leaves the meet byte-for-byte unchanged."""

from __future__ import annotations

import sqlite3

import pytest

from podium.errors import StateError
from podium.journal import Kind
from podium.store import Store


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
