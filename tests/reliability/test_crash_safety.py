"""Crash safety (issue 11): ``podium result`` processes killed with SIGKILL at random moments.

After every kill the meet opens, ``PRAGMA integrity_check`` is ok, every result whose
command reported success is present, and nothing else is present except results whose
process was killed after its commit but before it could report (atomic either way).
"""

from __future__ import annotations

import random
import signal
import sqlite3
import subprocess
import time

import pytest

from tests.reliability.helpers import big_round_robin, podium_cmd, score

KILLS = 200


def journal_results(folder) -> dict[str, str]:
    connection = sqlite3.connect(folder / "meet.sqlite")
    try:
        assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        rows = connection.execute("SELECT payload FROM journal WHERE kind = 'result'").fetchall()
    finally:
        connection.close()
    import json

    found: dict[str, str] = {}
    for (payload,) in rows:
        data = json.loads(payload)
        assert data["match"] not in found, "a match was recorded twice"
        found[data["match"]] = data["result"]
    return found


@pytest.mark.slow
def test_random_sigkills_lose_no_reported_result(tmp_path, capsys):
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
        present = journal_results(folder)
        assert all(present.get(key) == value for key, value in reported.items()), f"lost a reported result at attempt {attempts}"
        assert set(present) - set(reported) <= set(killed)
        assert all(present[key] == killed[key] for key in set(present) - set(reported))
    committed_then_killed = len(set(journal_results(folder)) - set(reported))
    with capsys.disabled():
        print(
            f"\ncrash safety: {attempts} result commands, {kills} killed with SIGKILL, {len(reported)} reported success, "
            f"{committed_then_killed} committed just before the kill, results lost: 0, integrity_check ok after every kill"
        )
