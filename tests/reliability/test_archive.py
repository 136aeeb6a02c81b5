"""Export, import and backup reproduce the meet exactly (issue 11: backup and export), on each store (issue 18)."""

from __future__ import annotations

import json
import sqlite3

import pytest

from tests.test_vertical_slice import PLAYERS


@pytest.fixture
def on_store(stores, monkeypatch):
    """Every meet of the test kept in the parametrized store: on PostgreSQL, ``PODIUM_STORE`` names the test's
    database and each meet folder is a meet in it (its id is the folder's name)."""
    if stores.address is not None:
        monkeypatch.setenv("PODIUM_STORE", stores.address)
    return stores


def played_meet(make_meet, podium):
    folder = make_meet(entrants=PLAYERS)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "ms", "--seed", "4")
    for number, score in ((1, "11-9 11-9 11-9"), (2, "9-11 11-9 11-9 11-3"), (3, "+:-")):
        podium(folder, "result", "ms", str(number), score)
    podium(folder, "correct", "ms", "2", "11-9 11-9 11-9", "--reason", "typo")
    return folder


def test_export_then_import_gives_identical_standings_and_history(make_meet, podium, tmp_path, on_store):
    folder = played_meet(make_meet, podium)
    podium(folder, "export", "-o", str(tmp_path / "meet.json"))
    data = json.loads((tmp_path / "meet.json").read_text(encoding="utf-8"))
    assert data["format"] == "podium-meet-export" and len(data["journal"]) == 6
    out = podium(None, "import", str(tmp_path / "meet.json"), str(tmp_path / "copy"))
    assert "Imported 6 journal entries" in out.output
    copy = tmp_path / "copy"
    assert (copy / "meet.sqlite").exists() == (on_store.kind == "sqlite")
    assert len(on_store.open(copy).read()) == 6
    for args in (("standings", "ms", "--json"), ("matches", "ms", "--json"), ("log", "--json")):
        assert podium(copy, *args).output == podium(folder, *args).output


def test_import_refuses_a_used_folder_or_a_foreign_file(make_meet, podium, tmp_path, on_store):
    folder = played_meet(make_meet, podium)
    podium(folder, "export", "-o", str(tmp_path / "meet.json"))
    out = podium(None, "import", str(tmp_path / "meet.json"), str(folder), ok=False)
    assert out.exit_code != 0 and "is not empty; import into a new or empty folder." in out.output
    (tmp_path / "other.json").write_text('{"hello": 1}', encoding="utf-8")
    out = podium(None, "import", str(tmp_path / "other.json"), str(tmp_path / "x"), ok=False)
    assert "other.json is not a Podium meet export." in out.output
    assert not (tmp_path / "x").exists()


def test_backup_while_another_writer_is_busy(make_meet, podium, tmp_path):
    folder = played_meet(make_meet, podium)
    busy = sqlite3.connect(folder / "meet.sqlite", isolation_level=None)
    busy.execute("BEGIN IMMEDIATE")  # a volunteer's write in progress, not committed
    busy.execute("INSERT INTO journal (at, kind, event, payload) VALUES ('2026-01-01T00:00:00', 'lots', 'ms', '{}')")
    podium(folder, "backup", str(tmp_path / "b.sqlite"))
    busy.execute("ROLLBACK")
    busy.close()
    copy = sqlite3.connect(tmp_path / "b.sqlite")
    assert copy.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert copy.execute("SELECT COUNT(*) FROM journal").fetchone()[0] == 6


def test_a_tournament_and_sports_day_export_reproduces_every_view_and_document(podium, tmp_path, on_store):
    """Every kind of journal entry main writes survives export and import: the corpus's tournament meet after a
    correction, lots, a penalty, a pin, an advance to a knockout, a Swiss round paired and a disqualification.
    With #4 corrected to Ann's win, rr (2 points a win, 1 a draw) is Ann 5, Bo 3, Cai 2, Dan 2: Cai and Dan
    share 3rd (neither won a game), so lots are drawn for place 3.
    The copy gives the same standings, matches, order of play, awards, medals, log and printed documents."""
    from tests.reliability.corpus import build_played

    folder = build_played(tmp_path / "original", "tournament")
    for args in (
        ("correct", "rr", "4", "0-1", "--reason", "Ann won"), ("lots", "rr", "--place", "3", "--seed", "3"),
        ("penalty", "rr", "Bo", "--kind", "warning", "--reason", "talked"), ("schedule", "pin", "ko", "2", "--at", "10:00"),
        ("result", "gr", "2", "11-5 11-5"), ("advance", "gr", "--seed", "2"), ("result", "sw", "2", "0-1"),
        ("pair", "sw", "--seed", "1"), ("disqualify", "rr", "Dan", "--reason", "left early"),
    ):
        podium(folder, *args)
    podium(folder, "export", "-o", str(tmp_path / "meet.json"))
    copy = tmp_path / "copy"
    podium(None, "import", str(tmp_path / "meet.json"), str(copy))
    assert all((f / "meet.sqlite").exists() == (on_store.kind == "sqlite") for f in (folder, copy))
    kinds = {entry["kind"] for entry in json.loads((tmp_path / "meet.json").read_text(encoding="utf-8"))["journal"]}
    assert kinds == {"entrants", "draw", "withdrawal", "result", "correction", "lots", "penalty", "schedule", "advance",
                     "round", "disqualification"}
    for args in (("standings", "rr", "--json"), ("standings", "gr", "--json"), ("standings", "sw", "--json"),
                 ("matches", "ko", "--json"), ("schedule", "--json"), ("awards", "--json"), ("medals", "--json"),
                 ("log", "--json")):
        assert podium(copy, *args).output == podium(folder, *args).output, args
    for kind, event in (("results", "rr"), ("draw", "gr"), ("certificates", "rr")):
        podium(folder, "print", kind, event, "--html", "-o", str(tmp_path / f"a-{kind}.html"))
        podium(copy, "print", kind, event, "--html", "-o", str(tmp_path / f"b-{kind}.html"))
        assert (tmp_path / f"a-{kind}.html").read_bytes() == (tmp_path / f"b-{kind}.html").read_bytes(), kind
