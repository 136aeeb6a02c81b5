"""Crash safety (issue 11): ``podium result`` processes killed with SIGKILL at random moments, on each store (issue 18).

After every kill the meet opens, ``PRAGMA integrity_check`` is ok (SQLite), every result whose
command reported success is present, and nothing else is present except results whose
process was killed after its commit but before it could report (atomic either way).
"""

from __future__ import annotations

import json
import random
import signal
import sqlite3
import subprocess
import time

import pytest

from podium.journal.entries import Kind
from tests.reliability.helpers import big_round_robin, podium_cmd, score

KILLS = 200


def journal_results(folder, stores) -> dict[str, str]:
    if stores.kind == "sqlite":
        connection = sqlite3.connect(folder / "meet.sqlite")
        try:
            assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            payloads = [json.loads(p) for (p,) in connection.execute("SELECT payload FROM journal WHERE kind = 'result'").fetchall()]
        finally:
            connection.close()
    else:
        store = stores.open(folder)
        journal = store.read()
        store.close()
        assert [e.seq for e in journal] == list(range(1, len(journal) + 1))
        payloads = [e.payload for e in journal if e.kind is Kind.RESULT]
    found: dict[str, str] = {}
    for data in payloads:
        assert data["match"] not in found, "a match was recorded twice"
        found[data["match"]] = data["result"]
    return found


@pytest.mark.slow
def test_random_sigkills_lose_no_reported_result(tmp_path, capsys, stores, monkeypatch):
    if stores.address is not None:  # every process keeps the meet in the test database
        monkeypatch.setenv("PODIUM_STORE", stores.address)
    folder = tmp_path / "meet"
    matches = big_round_robin(folder, 32)  # 496 matches
    rng = random.Random(2026)
    reported: dict[str, str] = {}
    killed: dict[str, str] = {}
    queue = iter(matches)
    kills = attempts = 0
    duration = 0.0  # a whole command's run time: measured on this machine first, then from every run that finishes
    for _ in range(3):  # without this, a loaded machine made every run outlast the guess and nothing was reported
        match, text = next(queue), score(rng)
        attempts += 1
        started = time.perf_counter()
        subprocess.run(podium_cmd(folder, "result", "ms", str(match["number"]), text), check=True, capture_output=True)
        duration = max(duration, time.perf_counter() - started)
        reported[match["key"]] = text
    while kills < KILLS:
        match = next(queue)
        attempts += 1
        text = score(rng)
        started = time.perf_counter()
        process = subprocess.Popen(
            podium_cmd(folder, "result", "ms", str(match["number"]), text), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        time.sleep(rng.uniform(0.2, 1.05) * duration)  # mostly during the run, sometimes just after it
        if process.poll() is None:
            process.send_signal(signal.SIGKILL)
            kills += 1
        out, err = process.communicate()
        if process.returncode == 0:
            duration = time.perf_counter() - started
            assert "recorded" in out, err
            reported[match["key"]] = text
        else:
            assert process.returncode == -signal.SIGKILL, err  # never a user-visible error
            killed[match["key"]] = text
        present = journal_results(folder, stores)
        assert all(present.get(key) == value for key, value in reported.items()), f"lost a reported result at attempt {attempts}"
        assert set(present) - set(reported) <= set(killed)
        assert all(present[key] == killed[key] for key in set(present) - set(reported))
    committed_then_killed = len(set(journal_results(folder, stores)) - set(reported))
    with capsys.disabled():
        print(
            f"\ncrash safety ({stores.kind}): {attempts} result commands, {kills} killed with SIGKILL, {len(reported)} reported success, "
            f"{committed_then_killed} committed just before the kill, results lost: 0, "
            + ("integrity_check ok" if stores.kind == "sqlite" else "entries numbered without a gap") + " after every kill"
        )
