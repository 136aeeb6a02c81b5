"""Two web servers on one PostgreSQL meet, one of them killed with SIGKILL in the middle of the entry and started
again (issue 18, "a fault test").

Ten referees enter 200 results through the HTTP entry forms (benchmarks/webload.py), each sending its forms to the
two servers in turn. When about a third of the results are acknowledged, server 1 is killed — whatever it was doing,
a form half-read, a result half-appended, an answer not yet sent — and started again on its port. A referee whose
request fails sends the same form (the same form key) again, to the other server: both serve the same meet folder,
so they share the signing secret and the answered forms (``<meet>/web/``). Every result whose form was answered
"recorded" must be in the journal, no match may have two results, and every match gets its result: a form whose
first sending died with the server is answered "recorded" by the other one, or — when the dead server had appended
the result before it died — "this match already has a result" (HTTP 409), never a second entry.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from pathlib import Path

import httpx2
import pytest

from benchmarks.webload import Job, Serve, build, form_key, free_port, jobs, send, stored
from tests.postgresql_server import Server

EVENTS = {"tt": ("table_tennis", 20), "gm": ("gomoku", 5)}
"""190 + 10 = 200 matches."""

CLIENTS = 10
KILL_AT = 70
"""Results acknowledged before server 1 is killed."""


@pytest.mark.slow
def test_a_server_killed_in_the_middle_loses_nothing_acknowledged_and_stores_nothing_twice(
    postgresql_server: Server, tmp_path: Path
) -> None:
    folder = tmp_path / "meet"
    build(folder, EVENTS, store=postgresql_server.new_database() + "&meet=two-servers")
    work = jobs(folder, EVENTS)
    assert len(work) == 200
    servers = [Serve(folder, free_port(), tmp_path / f"serve-{n}.log") for n in (1, 2)]
    lock = threading.Lock()
    recorded: dict[tuple[str, int], int] = {}
    """Match → the server (0 or 1) that answered its form "recorded" (HTTP 200)."""
    taken: set[tuple[str, int]] = set()
    """Matches whose resent form was answered "already has a result" (HTTP 409)."""
    resent: set[tuple[str, int]] = set()
    unexpected: list[str] = []
    restarted = threading.Event()
    after_restart: list[tuple[str, int]] = []

    def referee(number: int, mine: list[Job]) -> None:
        clients = [httpx2.Client(base_url=server.base, timeout=30) for server in servers]
        try:
            for index, job in enumerate(mine):
                match = (job.event, job.number)
                turn = (number + index) % 2
                key = None
                for _attempt in range(50):
                    try:
                        if key is None:
                            key = form_key(clients[turn], job)
                        answer = send(clients[turn], job, key)
                    except (httpx2.TransportError, httpx2.HTTPStatusError):  # the server died under the request
                        with lock:
                            resent.add(match)
                        turn = 1 - turn
                        time.sleep(0.05)
                        continue
                    with lock:
                        if answer.status_code == 200:
                            recorded[match] = turn
                            if turn == 0 and restarted.is_set():
                                after_restart.append(match)
                        elif answer.status_code == 409:
                            taken.add(match)
                        else:
                            unexpected.append(f"{job.event} #{job.number}: HTTP {answer.status_code}")
                    break
                else:
                    with lock:
                        unexpected.append(f"{job.event} #{job.number}: no server answered")
        finally:
            for client in clients:
                client.close()

    try:
        for server in servers:
            server.start()
        threads = [threading.Thread(target=referee, args=(i, work[i::CLIENTS])) for i in range(CLIENTS)]
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 40
        while len(recorded) < KILL_AT and time.monotonic() < deadline:
            time.sleep(0.01)
        servers[0].kill()
        killed_at = len(recorded)
        time.sleep(0.5)
        servers[0].start()
        restarted.set()
        for thread in threads:
            thread.join(60)
        assert not any(thread.is_alive() for thread in threads)
    finally:
        for server in servers:
            server.stop()

    journal = stored(folder)
    counts = Counter(journal.results)
    assert unexpected == []
    assert KILL_AT <= killed_at < len(work), "the kill came in the middle of the entry"
    assert resent, "some requests died with the killed server and were sent again"
    assert after_restart, "the restarted server recorded results again"
    assert [match for match, count in counts.items() if count > 1] == []
    assert set(recorded) <= set(counts), "every result answered 'recorded' is in the journal"
    assert taken <= resent, "only a form sent again finds its match already entered"
    assert set(counts) == {(job.event, job.number) for job in work}
    assert set(recorded) | taken == set(counts)
