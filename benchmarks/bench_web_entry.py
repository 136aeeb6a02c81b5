"""The web face under load (issue 17): 50 referees enter 1,000 results at once through the HTTP entry forms.

The meet has the demo's sports and classes (table tennis, xiangqi, weiqi and gomoku) in five round-robin events of
1,000 matches in all. ``podium serve`` runs on a free port of 127.0.0.1; each match has its entry link (the QR code
of its score sheet). 50 clients, each with its own connection, open the form of a match and send its result (a result
the sport's simulator makes); one form in twenty is sent twice, as a phone that lost the Wi-Fi would. One client
listens to the board's live events (``/live``) meanwhile.

Prints: results stored (each exactly once), the time from a form's answer to the live event that announces its
entry (median and p95), and the board page's response time (median and p95) during the entry and after it.
Exits 1 if a result is missing or stored twice, or a target of the issue is missed (update within 1 s at p95, board
page p95 under 50 ms when idle). docs/performance.md records the last run.

    python benchmarks/bench_web_entry.py [--clients 50]
"""

from __future__ import annotations

import argparse
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections import Counter
from pathlib import Path

import httpx

from podium.faces.web.links import Scope, WebStore
from podium.journal.entries import Kind
from podium.services.draws import make_draw
from podium.services.meet import Meet
from podium.services.registration import import_entrants

EVENTS = {"tt1": ("table_tennis", 23), "tt2": ("table_tennis", 23), "xq": ("xiangqi", 23), "wq": ("weiqi", 22), "gm": ("gomoku", 5)}
"""Round robins of n entrants have n(n-1)/2 matches: 253 + 253 + 253 + 231 + 10 = 1,000."""

MEET = """
[meet]
name = { zh = "网页录入压力测试", en = "Web entry load test" }
date = 2026-12-05
organiser = "PE department"
language = "en"

[units]
""" + "".join(f'c{i} = "Class 8-{i}"\n' for i in range(1, 11)) + "".join(
    f'\n[events.{key}]\nname = "{key}"\nsport = "{sport}"\n\n[[events.{key}.stages]]\nname = "main"\nformat = "round_robin"\n'
    for key, (sport, _n) in EVENTS.items()
)


def build(folder: Path) -> None:
    folder.mkdir()
    (folder / "meet.toml").write_text(MEET, encoding="utf-8")
    rows = ["event,name,unit"] + [f"{key},Player {key}-{i},Class 8-{i % 10 + 1}" for key, (_s, n) in EVENTS.items() for i in range(1, n + 1)]
    (folder / "entrants.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    meet = Meet(folder)
    import_entrants(meet, folder / "entrants.csv")
    for key in EVENTS:
        make_draw(meet, key, seed=1)


def jobs(folder: Path) -> list[tuple[str, int, str, str]]:
    """Every match: (event, number, entry-link token, a valid result made by the sport's simulator)."""
    rng = random.Random(17)
    web = WebStore(folder)
    state = Meet(folder).state()
    found = []
    for key in EVENTS:
        event = state.event(key)
        for match in event.matches():
            token = web.make_link(Scope("match", event=key, item=str(match.number)), 2, f"{key} #{match.number}")[1]
            found.append((key, match.number, token, event.sport.simulate(rng, event.context(match))))
    return found


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--clients", type=int, default=50)
    clients = parser.parse_args().clients
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch) / "meet"
        build(folder)
        work = jobs(folder)
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        log = (Path(scratch) / "serve.log").open("w")
        server = subprocess.Popen([sys.executable, "-m", "podium", "--meet", str(folder), "serve", "--port", str(port)], stdout=log, stderr=subprocess.STDOUT,
                                  env={**os.environ, "PODIUM_LANG": "en"})
        try:
            run(base, folder, work, clients)
        finally:
            server.terminate()
            server.wait(10)
            log.close()


def run(base: str, folder: Path, work: list[tuple[str, int, str, str]], clients: int) -> None:
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(base + "/healthz", timeout=1).close()
            break
        except OSError:
            if time.monotonic() > deadline:
                sys.exit("bench_web_entry: the server did not start")
            time.sleep(0.1)

    announced: dict[int, float] = {}
    stop = threading.Event()

    def listen() -> None:
        try:
            with httpx.Client(timeout=None) as http, http.stream("GET", base + "/live?seen=0") as stream:
                event = None
                for line in stream.iter_lines():
                    if line.startswith("event: "):
                        event = line[7:]
                    elif line.startswith("data: ") and event == "entry":
                        announced.setdefault(int(line[6:]), time.monotonic())
                    if stop.is_set():
                        return
        except httpx.HTTPError:  # the server stopped at the end of the run
            return

    listener = threading.Thread(target=listen, daemon=True)
    listener.start()
    answered: dict[tuple[str, int], float] = {}
    board_busy: list[float] = []
    failures: list[str] = []

    def referee(mine: list[tuple[str, int, str, str]]) -> None:
        with httpx.Client(base_url=base, timeout=60) as http:
            for index, (event, number, token, result) in enumerate(mine):
                form = http.get(f"/entry/{token}/{event}/{number}")
                key = re.search(r'name="form" value="([^"]+)"', form.text).group(1)
                sent = http.post(f"/entry/{token}/{event}/{number}", data={"form": key, "result": result})
                if sent.status_code != 200:
                    failures.append(f"{event} #{number} {result!r}: HTTP {sent.status_code}")
                answered[(event, number)] = time.monotonic()
                if index % 20 == 7:  # the same form again: answered with what was stored
                    again = http.post(f"/entry/{token}/{event}/{number}", data={"form": key, "result": result})
                    if again.status_code != 200:
                        failures.append(f"{event} #{number} sent again: HTTP {again.status_code}")

    def reader() -> None:
        with httpx.Client(base_url=base, timeout=60) as http:
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
    board.join()

    state = Meet(folder).state()
    stored = [(e.event, e.payload["match"]) for e in state.journal if e.kind is Kind.RESULT]
    twice = [key for key, count in Counter(stored).items() if count > 1]
    numbers = {(key, m.key): m.number for key in EVENTS for m in state.event(key).matches()}
    seq_of = {(e.event, numbers[(e.event, e.payload["match"])]): e.seq for e in state.journal if e.kind is Kind.RESULT}
    delays = []
    for match, seq in seq_of.items():
        heard = min((t for s, t in announced.items() if s >= seq), default=None)
        if heard is not None and match in answered:
            delays.append(max(0.0, heard - answered[match]))
    idle = []
    with httpx.Client(base_url=base, timeout=60) as http:
        for _ in range(200):
            began = time.perf_counter()
            http.get("/events/tt1")
            idle.append(time.perf_counter() - began)

    print(f"{len(work)} results entered by {clients} clients in {elapsed:.1f} s ({len(work) / elapsed:.0f} a second); "
          f"{len(stored)} stored, {len(twice)} stored twice, {len(failures)} forms refused")
    print(f"live update after the form's answer: median {statistics.median(delays) * 1000:.0f} ms, "
          f"p95 {percentile(delays, 0.95) * 1000:.0f} ms, max {max(delays) * 1000:.0f} ms ({len(delays)} entries heard)")
    print(f"board page (/events/tt1, 253 matches) during entry: median {statistics.median(board_busy) * 1000:.1f} ms, "
          f"p95 {percentile(board_busy, 0.95) * 1000:.1f} ms ({len(board_busy)} requests)")
    print(f"board page after entry: median {statistics.median(idle) * 1000:.1f} ms, p95 {percentile(idle, 0.95) * 1000:.1f} ms (200 requests)")
    problems = failures[:5]
    if len(stored) != len(work) or twice:
        problems.append(f"{len(stored)} results stored for {len(work)} entered, {len(twice)} twice")
    if len(delays) < len(work) or percentile(delays, 0.95) > 1.0:
        problems.append("live updates later than 1 s at p95, or missing")
    if percentile(idle, 0.95) > 0.05:
        problems.append("board page p95 over 50 ms")
    if problems:
        sys.exit("bench_web_entry: " + "; ".join(problems))


if __name__ == "__main__":
    main()
