"""Many writers on one meet, SQLite against PostgreSQL (issue 18).

N processes enter the results of one round robin's matches at once through the services
(``podium.services.results.record``: read, validate outside any lock, append at the position read, retry on a
conflict), all in one event, so every append races every other. Prints, for each store, the results per second
(from the moment every writer is ready to the last commit) and the median and 95th-percentile time of one
``record`` call, and checks that every result is stored exactly once. PostgreSQL runs a throw-away server of its
own (tests/postgresql_server.py) with PostgreSQL's default durability (fsync on), as SQLite runs with
``synchronous = FULL``. docs/performance.md records the last run.

    python benchmarks/bench_store_writers.py [--writers 8] [--players 64]
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


def run(folder: Path, writers: int, players: int) -> dict[str, float]:
    """Enter every match of a round robin of ``players`` with ``writers`` processes; the figures."""
    matches = big_round_robin(folder, players)
    items = [(m["number"], f"11-{m['number'] % 10} 11-{(m['number'] + 4) % 10}") for m in matches]
    processes = [
        subprocess.Popen([sys.executable, "-c", WRITER, str(folder), json.dumps(items[w::writers])], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        for w in range(writers)
    ]
    for process in processes:
        assert process.stdout is not None and process.stdout.readline().strip() == "READY"
    began = time.time()
    for process in processes:
        assert process.stdin is not None
        process.stdin.write("go\n")
        process.stdin.flush()
    took: list[float] = []
    ended = began
    for process in processes:
        out, _ = process.communicate()
        assert process.returncode == 0, f"a writer failed ({process.returncode})"
        answer = json.loads(out.strip().splitlines()[-1])
        took += answer["took"]
        ended = max(ended, answer["ended"])
    check = subprocess.run([sys.executable, "-m", "podium", "--meet", str(folder), "export"], capture_output=True, text=True, check=True)
    results = [e["payload"]["match"] for e in json.loads(check.stdout)["journal"] if e["kind"] == "result"]
    assert len(results) == len(set(results)) == len(items), "a result was lost or stored twice"
    return {
        "results": len(items),
        "per_second": len(items) / (ended - began),
        "median_ms": statistics.median(took) * 1000,
        "p95_ms": statistics.quantiles(took, n=20)[18] * 1000,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--writers", type=int, default=8)
    parser.add_argument("--players", type=int, default=64, help="round robin size (64: 2,016 results)")
    options = parser.parse_args()
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}; "
          f"{options.writers} writer processes, one event, a round robin of {options.players}")
    figures = {}
    with tempfile.TemporaryDirectory() as tmp:
        os.environ.pop("PODIUM_STORE", None)
        figures["SQLite"] = run(Path(tmp) / "sqlite", options.writers, options.players)
        server = start(durable=True)
        try:
            os.environ["PODIUM_STORE"] = server.new_database()
            figures["PostgreSQL"] = run(Path(tmp) / "postgresql", options.writers, options.players)
        finally:
            os.environ.pop("PODIUM_STORE", None)
            server.stop()
    print(f"{'store':<11} {'results':>7} {'results/s':>9} {'median ms':>9} {'p95 ms':>7}")
    for name, f in figures.items():
        print(f"{name:<11} {f['results']:>7} {f['per_second']:>9.1f} {f['median_ms']:>9.1f} {f['p95_ms']:>7.1f}")
    print("every result stored exactly once on both stores")


if __name__ == "__main__":
    main()
