"""Many writers on one meet, SQLite against PostgreSQL (issue 18).

N processes enter the results of one round robin's matches at once through the services
(``podium.services.results.record``: read, validate outside any lock, append at the position read, retry on a
conflict), all in one event, so every append races every other. Prints, for each store, the results per second
(from the moment every writer is ready to the last commit) and the median and 95th-percentile time of one
``record`` call, and checks that every result is stored exactly once. A second part measures the stores alone:
N processes append to one event's stream through the store contract (read, append at the position read, read
again on a conflict after a pause of up to 10 ms, as ``Meet.append`` does) with nothing to fold, so the figures are
the store's own. PostgreSQL runs a throw-away server of its
own (tests/postgresql_server.py) with PostgreSQL's default durability (fsync on), as SQLite runs with
``synchronous = FULL``. docs/performance.md records the last run.

    python benchmarks/bench_store_writers.py [--writers 8] [--players 64] [--appends 250] [--stores-only]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.postgresql_server import start  # noqa: E402
from tests.reliability.helpers import big_round_robin  # noqa: E402

WRITER = textwrap.dedent(
    """
    import json, sys, time
    from pathlib import Path
    from podium.services.meet import Meet
    from podium.services.results import record
    folder, items = Path(sys.argv[1]), json.loads(sys.argv[2])
    meet = Meet(folder, actor="web:bench")
    meet.config, meet.store.read()  # loaded before the start, as a running server has them
    print("READY", flush=True)
    sys.stdin.readline()
    took = []
    for number, text in items:
        started = time.perf_counter()
        record(meet, "ms", [str(number)], text)
        took.append(time.perf_counter() - started)
    print(json.dumps({"took": took, "ended": time.time()}), flush=True)
    meet.close()
    """
)


APPENDER = textwrap.dedent(
    """
    import json, random, sys, time
    from pathlib import Path
    from podium.journal.entries import Kind
    from podium.store.contract import Conflict
    from podium.store.urls import open_store
    folder, address, name, count = Path(sys.argv[1]), sys.argv[2] or None, sys.argv[3], int(sys.argv[4])
    store = open_store(folder, address)
    store.read("ms")
    print("READY", flush=True)
    sys.stdin.readline()
    took, conflicts = [], 0
    for n in range(count):
        started = time.perf_counter()
        while True:
            stream = store.read("ms")
            try:
                store.append([(Kind.LOTS, "ms", {"writer": name, "n": n}, None)], expected=stream[-1].seq if stream else 0, event="ms", actor=name)
                break
            except Conflict:
                conflicts += 1
                time.sleep(random.uniform(0, 0.01))  # as Meet.append does
        took.append(time.perf_counter() - started)
    print(json.dumps({"took": took, "ended": time.time(), "conflicts": conflicts}), flush=True)
    store.close()
    """
)


def appends(folder: Path, address: str | None, writers: int, count: int) -> dict[str, float]:
    """``writers`` processes append ``count`` entries each to one stream through the store alone; the figures."""
    from podium.store.urls import open_store

    folder.mkdir()
    store = open_store(folder, address)
    store.create()  # as ``podium init`` does: the writers find the meet
    processes = [
        subprocess.Popen([sys.executable, "-c", APPENDER, str(folder), address or "", f"w{w}", str(count)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        for w in range(writers)
    ]
    answers = race(processes)
    journal = store.read()
    store.close()
    assert [e.seq for e in journal] == list(range(1, writers * count + 1)), "an entry was lost or numbered twice"
    assert len({(e.payload["writer"], e.payload["n"]) for e in journal}) == writers * count, "an entry was stored twice"
    return figures(writers * count, answers) | {"conflicts": sum(a["conflicts"] for a in answers)}


def race(processes: list[subprocess.Popen[str]]) -> list[dict]:
    """Start the ready processes at once and collect their answers (each also says when it ended)."""
    for process in processes:
        assert process.stdout is not None and process.stdout.readline().strip() == "READY"
    began = time.time()
    for process in processes:
        assert process.stdin is not None
        process.stdin.write("go\n")
        process.stdin.flush()
    answers = []
    for process in processes:
        out, _ = process.communicate()
        assert process.returncode == 0, f"a writer failed ({process.returncode})"
        answers.append(json.loads(out.strip().splitlines()[-1]) | {"began": began})
    return answers


def figures(count: int, answers: list[dict]) -> dict[str, float]:
    took = [t for a in answers for t in a["took"]]
    return {
        "results": count,
        "per_second": count / (max(a["ended"] for a in answers) - answers[0]["began"]),
        "median_ms": statistics.median(took) * 1000,
        "p95_ms": statistics.quantiles(took, n=20)[18] * 1000,
    }


def run(folder: Path, writers: int, players: int) -> dict[str, float]:
    """Enter every match of a round robin of ``players`` with ``writers`` processes; the figures."""
    matches = big_round_robin(folder, players)
    items = [(m["number"], f"11-{m['number'] % 10} 11-{(m['number'] + 4) % 10}") for m in matches]
    processes = [
        subprocess.Popen([sys.executable, "-c", WRITER, str(folder), json.dumps(items[w::writers])], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        for w in range(writers)
    ]
    answers = race(processes)
    check = subprocess.run([sys.executable, "-m", "podium", "--meet", str(folder), "export"], capture_output=True, text=True, check=True)
    results = [e["payload"]["match"] for e in json.loads(check.stdout)["journal"] if e["kind"] == "result"]
    assert len(results) == len(set(results)) == len(items), "a result was lost or stored twice"
    return figures(len(items), answers)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--writers", type=int, default=8)
    parser.add_argument("--players", type=int, default=64, help="round robin size (64: 2,016 results)")
    parser.add_argument("--appends", type=int, default=250, help="entries each process appends through the store alone")
    parser.add_argument("--stores-only", action="store_true", help="measure the stores alone, not the services")
    options = parser.parse_args()
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}; "
          f"{options.writers} writer processes, one event")
    services: dict[str, dict[str, float]] = {}
    alone: dict[str, dict[str, float]] = {}
    os.environ.pop("PODIUM_STORE", None)
    server = start(durable=True)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            alone["SQLite"] = appends(Path(tmp) / "alone-sqlite", None, options.writers, options.appends)
            alone["PostgreSQL"] = appends(Path(tmp) / "alone-postgresql", server.new_database(), options.writers, options.appends)
            if not options.stores_only:
                services["SQLite"] = run(Path(tmp) / "sqlite", options.writers, options.players)
                os.environ["PODIUM_STORE"] = server.new_database()
                services["PostgreSQL"] = run(Path(tmp) / "postgresql", options.writers, options.players)
    finally:
        os.environ.pop("PODIUM_STORE", None)
        server.stop()
    print(f"\nthe stores alone: {options.writers} x {options.appends} appends to one stream")
    print(f"{'store':<11} {'appends':>7} {'appends/s':>9} {'median ms':>9} {'p95 ms':>7} {'conflicts':>9}")
    for name, f in alone.items():
        print(f"{name:<11} {f['results']:>7} {f['per_second']:>9.1f} {f['median_ms']:>9.1f} {f['p95_ms']:>7.1f} {f['conflicts']:>9}")
    if services:
        print(f"\nresults through the services: a round robin of {options.players}, every match once")
        print(f"{'store':<11} {'results':>7} {'results/s':>9} {'median ms':>9} {'p95 ms':>7}")
        for name, f in services.items():
            print(f"{name:<11} {f['results']:>7} {f['per_second']:>9.1f} {f['median_ms']:>9.1f} {f['p95_ms']:>7.1f}")
    print("every entry stored exactly once on both stores")


if __name__ == "__main__":
    main()
