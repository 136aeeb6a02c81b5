"""The web face under load (issue 17): 50 referees enter 1,000 results at once through the HTTP entry forms.

The meet has the demo's sports and classes (table tennis, xiangqi, weiqi and gomoku) in five round-robin events of
1,000 matches in all. ``podium serve`` runs on a free port of 127.0.0.1; each match has its entry link (the QR code
of its score sheet). 50 clients, each with its own connection, open the form of a match and send its result (a result
the sport's simulator makes); one form in twenty is sent twice, as a phone that lost the Wi-Fi would. One client
listens to the board's live events (``/live``) meanwhile.

Prints: results stored (each exactly once), the time from a form's answer to the live event that announces its
entry (median and p95), and the board page's response time (median and p95) during the entry and after it.
Exits 1 if a result is missing or stored twice, or a target of the issue is missed (update within 1 s at p95, board
page p95 under 50 ms, during the entry and after it). docs/performance.md records the last run.

    python benchmarks/bench_web_entry.py [--clients 50]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

import httpx2

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.webload import (  # noqa: E402
    Job,
    Listener,
    Serve,
    build,
    form_key,
    free_port,
    jobs,
    percentile,
    send,
    stored,
)

EVENTS = {"tt1": ("table_tennis", 23), "tt2": ("table_tennis", 23), "xq": ("xiangqi", 23), "wq": ("weiqi", 22), "gm": ("gomoku", 5)}
"""Round robins of n entrants have n(n-1)/2 matches: 253 + 253 + 253 + 231 + 10 = 1,000."""


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--clients", type=int, default=50)
    clients = parser.parse_args().clients
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch) / "meet"
        build(folder, EVENTS)
        work = jobs(folder, EVENTS)
        server = Serve(folder, free_port(), Path(scratch) / "serve.log")
        try:
            server.start()
            run(server.base, folder, work, clients)
        finally:
            server.stop()


def run(base: str, folder: Path, work: list[Job], clients: int) -> None:
    listener = Listener(base)
    listener.start()
    stop = threading.Event()
    answered: dict[tuple[str, int], float] = {}
    board_busy: list[float] = []
    failures: list[str] = []

    def referee(mine: list[Job]) -> None:
        with httpx2.Client(base_url=base, timeout=60) as http:
            for index, job in enumerate(mine):
                key = form_key(http, job)
                sent = send(http, job, key)
                if sent.status_code != 200:
                    failures.append(f"{job.event} #{job.number} {job.result!r}: HTTP {sent.status_code}")
                answered[(job.event, job.number)] = time.monotonic()
                if index % 20 == 7:  # the same form again: answered with what was stored
                    again = send(http, job, key)
                    if again.status_code != 200:
                        failures.append(f"{job.event} #{job.number} sent again: HTTP {again.status_code}")

    def reader() -> None:
        with httpx2.Client(base_url=base, timeout=60) as http:
            while not stop.is_set():
                started = time.perf_counter()
                http.get("/events/tt1")
                board_busy.append(time.perf_counter() - started)
                time.sleep(0.05)

    threads = [threading.Thread(target=referee, args=(work[i::clients],)) for i in range(clients)]
    board = threading.Thread(target=reader)
    started = time.monotonic()
    board.start()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - started
    time.sleep(1.0)
    stop.set()
    listener.stop()
    board.join()

    journal = stored(folder)
    twice = [key for key, count in Counter(journal.results).items() if count > 1]
    delays = []
    for match, seq in journal.seq_of.items():
        heard = listener.heard(seq)
        if heard is not None and match in answered:
            delays.append(max(0.0, heard - answered[match]))
    idle = []
    with httpx2.Client(base_url=base, timeout=60) as http:
        for _ in range(200):
            began = time.perf_counter()
            http.get("/events/tt1")
            idle.append(time.perf_counter() - began)

    print(f"{len(work)} results entered by {clients} clients in {elapsed:.1f} s ({len(work) / elapsed:.0f} a second); "
          f"{len(journal.results)} stored, {len(twice)} stored twice, {len(failures)} forms refused")
    print(f"live update after the form's answer: median {statistics.median(delays) * 1000:.0f} ms, "
          f"p95 {percentile(delays, 0.95) * 1000:.0f} ms, max {max(delays) * 1000:.0f} ms ({len(delays)} entries heard)")
    print(f"board page (/events/tt1, 253 matches) during entry: median {statistics.median(board_busy) * 1000:.1f} ms, "
          f"p95 {percentile(board_busy, 0.95) * 1000:.1f} ms ({len(board_busy)} requests)")
    print(f"board page after entry: median {statistics.median(idle) * 1000:.1f} ms, p95 {percentile(idle, 0.95) * 1000:.1f} ms (200 requests)")
    problems = failures[:5]
    if len(journal.results) != len(work) or twice:
        problems.append(f"{len(journal.results)} results stored for {len(work)} entered, {len(twice)} twice")
    if len(delays) < len(work) or percentile(delays, 0.95) > 1.0:
        problems.append("live updates later than 1 s at p95, or missing")
    if percentile(board_busy, 0.95) > 0.05 or percentile(idle, 0.95) > 0.05:
        problems.append("board page p95 over 50 ms")
    if problems:
        sys.exit("bench_web_entry: " + "; ".join(problems))


if __name__ == "__main__":
    main()
