"""Many writer processes on one PostgreSQL meet (issue 18): results of the same event entered at once through the
services (``Meet.append``: read, validate outside the lock, append at the position read, retry on a conflict).

Every match is entered by two processes at once, each with its own score: exactly one of them is told it was
recorded, the other that the match already has a result, and the journal holds that one result, once. A writer
killed with SIGKILL in the middle of the load and started again loses nothing it acknowledged and stores nothing twice.
"""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from podium.journal.entries import Kind
from podium.store.postgresql import PostgresStore
from tests.reliability.helpers import big_round_robin

WRITER = textwrap.dedent(
    """
    import json, sys
    from pathlib import Path
    from podium.errors import PodiumError
    from podium.services.meet import Meet
    from podium.services.results import record
    folder, name, items = Path(sys.argv[1]), sys.argv[2], json.loads(sys.argv[3])
    meet = Meet(folder, actor="web:" + name)
    for number, text in items:
        try:
            record(meet, "ms", [str(number)], text)
            print("OK", number, flush=True)
        except PodiumError as error:
            print("REFUSED", number, error.code, flush=True)
    meet.close()
    """
)


def writer(folder: Path, name: str, items: list[tuple[int, str]]) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-c", WRITER, str(folder), name, json.dumps(items)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def lines(out: str) -> list[tuple[str, int, str]]:
    """A writer's answers: ``(OK|REFUSED, match number, error code or "")``."""
    found = []
    for line in out.splitlines():
        word, number, *code = line.split()
        found.append((word, int(number), code[0] if code else ""))
    return found


def stored(database: str, meet: str) -> dict[str, list[tuple[str, str | None]]]:
    """Every result in the meet's journal, by match: the results and who entered them (a list, to see doubles);
    the journal's numbers checked to run 1, 2, 3… without a gap."""
    store = PostgresStore(database, meet)
    try:
        journal = store.read()
    finally:
        store.close()
    assert [e.seq for e in journal] == list(range(1, len(journal) + 1))
    found: dict[str, list[tuple[str, str | None]]] = {}
    for entry in journal:
        if entry.kind is Kind.RESULT:
            found.setdefault(entry.payload["match"], []).append((entry.payload["result"], entry.actor))
    return found


@pytest.fixture
def meet(tmp_path, postgresql_server, monkeypatch):
    """A drawn round robin of 16 (120 matches) in a new database; every process started here keeps it there."""
    database = postgresql_server.new_database()
    monkeypatch.setenv("PODIUM_STORE", database)
    folder = tmp_path / "meet"
    matches = big_round_robin(folder, 16)
    return folder, database, matches


@pytest.mark.slow
def test_four_writers_enter_the_same_matches_and_each_is_stored_exactly_once(meet):
    """Writer w enters the matches i with i % 4 in {w, w + 1}, in an order of its own, as "11-w 11-(w+1)": each
    match is raced by two writers. Worked out: 120 matches, 240 attempts, 120 recorded, 120 refused as
    result.already_entered, and the stored score is the one whose writer was told it was recorded."""
    folder, database, matches = meet
    numbers = [m["number"] for m in matches]
    keys = {m["number"]: m["key"] for m in matches}
    plans = []
    for w in range(4):
        mine = [n for i, n in enumerate(numbers) if i % 4 in (w, (w + 1) % 4)]
        random.Random(w).shuffle(mine)
        plans.append([(n, f"11-{w} 11-{w + 1}") for n in mine])
    processes = [writer(folder, f"w{w}", plans[w]) for w in range(4)]
    answers = []
    for process in processes:
        out, err = process.communicate(timeout=600)
        assert process.returncode == 0 and "Traceback" not in err, err
        answers.append(lines(out))
    recorded = {n: f"11-{w} 11-{w + 1}" for w, said in enumerate(answers) for word, n, _ in said if word == "OK"}
    assert sum(word == "OK" for said in answers for word, _, _ in said) == 120 == len(recorded)
    assert sorted(code for said in answers for word, _, code in said if word == "REFUSED") == ["result.already_entered"] * 120
    results = stored(database, folder.name)
    assert {key: len(found) for key, found in results.items()} == {key: 1 for key in keys.values()}
    assert {n: results[keys[n]][0][0] for n in numbers} == recorded


@pytest.mark.slow
def test_a_writer_killed_mid_load_and_started_again_loses_nothing_acknowledged_and_stores_nothing_twice(meet):
    """Three writers share the 120 matches (40 each); the third is killed with SIGKILL once it has acknowledged 10
    results (its next append may be anywhere: reading, validating, inside the transaction) and started again with
    every match it did not acknowledge. At most the one result in flight was stored unacknowledged: the restarted
    writer is then told the match already has a result."""
    folder, database, matches = meet
    numbers = [m["number"] for m in matches]
    keys = {m["number"]: m["key"] for m in matches}
    texts = {n: f"11-{n % 10} 11-{(n + 3) % 10}" for n in numbers}
    shares = [[(n, texts[n]) for n in numbers[w::3]] for w in range(3)]
    others = [writer(folder, f"w{w}", shares[w]) for w in range(2)]
    victim = writer(folder, "w2", shares[2])
    acknowledged: set[int] = set()
    assert victim.stdout is not None
    while len(acknowledged) < 10:
        word, number, _ = lines(victim.stdout.readline())[0]
        assert word == "OK"
        acknowledged.add(number)
    victim.send_signal(signal.SIGKILL)
    rest, _ = victim.communicate()
    acknowledged |= {n for word, n, _ in lines(rest) if word == "OK"}  # said before the kill landed
    assert victim.returncode == -signal.SIGKILL
    before = stored(database, folder.name)
    for n in acknowledged:
        assert before[keys[n]] == [(texts[n], "web:w2")]
    in_flight = {n for n, _ in shares[2] if keys[n] in before} - acknowledged
    assert len(in_flight) <= 1

    again = writer(folder, "w2-again", [(n, t) for n, t in shares[2] if n not in acknowledged])
    for process in [*others, again]:
        out, err = process.communicate(timeout=600)
        assert process.returncode == 0 and "Traceback" not in err, err
        if process is again:
            assert {n for word, n, _ in lines(out) if word == "REFUSED"} == in_flight
    results = stored(database, folder.name)
    assert {key: len(found) for key, found in results.items()} == {key: 1 for key in keys.values()}
    assert {n: results[keys[n]][0][0] for n in numbers} == texts
