"""Cold-start time of quick commands (target: under 0.2 s on the 2-core machine).

Runs ``podium --help``, ``podium matches`` and ``podium standings`` in fresh processes, each
several times, on two meets: the sample sports day of ``podium demo --no-print`` (19 events of
the six sports, every event of its ``meet.toml`` validated on every command) and the starter
meet of ``podium init`` (one table-tennis event), drawn with one result. Prints the median and
the best wall time, the median CPU time of the process, and the load average before and after
(on a shared machine the wall time grows with the load; the CPU time is the steadier figure).

Python compiles a module's source on import unless its bytecode is cached. With an editable
install (``make demo``, ``pip install -e``) the bytecode is written on first use, except where
``PYTHONDONTWRITEBYTECODE`` is set: then every start compiles Podium's sources again. The first
rows measure the environment as it is (the header says which case holds); the rows marked
"bytecode cached" measure the same commands with bytecode written to a temporary cache first, as
after ``pip install .`` (which compiles at install) or any run after the first elsewhere.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SCRIPT = Path(sys.executable).with_name("podium")
PODIUM = [str(SCRIPT)] if SCRIPT.exists() else [sys.executable, "-m", "podium"]
"""``podium`` as a user runs it: the script the install made beside Python (``python -m podium`` run in a checkout
also has the checkout's folder on its search path, which a user's command has not)."""
RUNS = 15
TARGET = 0.2


def run(args: list[str], env: dict[str, str] | None = None) -> None:
    subprocess.run(PODIUM + args, check=True, capture_output=True, env=env)


def timed(cases: list[tuple[list[str], dict[str, str]]]) -> list[tuple[list[float], list[float]]]:
    """Wall and CPU seconds of ``RUNS`` fresh processes of each case (arguments, environment), the cases taken in
    turn, so that a busy moment of a shared machine falls on every case alike."""
    found: list[tuple[list[float], list[float]]] = [([], []) for _ in cases]
    for _ in range(RUNS):
        for (args, env), (walls, cpus) in zip(cases, found, strict=True):
            start = time.perf_counter()
            process = subprocess.Popen(PODIUM + args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
            _pid, status, usage = os.wait4(process.pid, 0)
            walls.append(time.perf_counter() - start)
            cpus.append(usage.ru_utime + usage.ru_stime)
            if status != 0:
                raise SystemExit(f"podium {' '.join(args)} failed")
    return found


def bytecode_state() -> str:
    """Whether Podium's modules load from cached bytecode in this environment."""
    spec = importlib.util.find_spec("podium.config.meet")
    source = spec.origin if spec else None
    if source and Path(importlib.util.cache_from_source(source)).exists():
        return "Podium's bytecode is cached"
    if os.environ.get("PYTHONDONTWRITEBYTECODE"):
        return "no cached bytecode and PYTHONDONTWRITEBYTECODE is set: every start compiles Podium's sources"
    return "no cached bytecode yet: the first start writes it"


def load() -> str:
    return "/".join(f"{value:.2f}" for value in os.getloadavg())


def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="podium-bench-"))
    try:
        demo, small = folder / "demo", folder / "starter"
        run(["demo", str(demo), "--no-print"])
        run(["init", str(small)])
        for args in (["entrants", "import", str(small / "entrants.csv")], ["draw", "ms", "--seed", "1"], ["result", "ms", "1", "11-9 9-11 11-7 11-5"]):
            run(["--meet", str(small), *args])
        commands = (
            ("podium --help", ["--help"]),
            ("podium matches ms", ["--meet", str(demo), "matches", "ms"]),
            ("podium standings ms", ["--meet", str(demo), "standings", "ms"]),
            ("  starter meet: matches", ["--meet", str(small), "matches", "ms"]),
            ("  starter meet: standings", ["--meet", str(small), "standings", "ms"]),
        )
        cache = folder / "pycache"
        # Nothing kept: every command validates meet.toml, ``podium standings`` makes its view (a start, and one
        # event's fold and ranking). Then, as from a meet's second command on, with meet.toml kept (and the
        # standings read back): podium.services.kept_config, kept_views.
        plain = os.environ | {"PODIUM_VIEWS": "off"}
        cached_env = {k: v for k, v in plain.items() if k != "PYTHONDONTWRITEBYTECODE"} | {"PYTHONPYCACHEPREFIX": str(cache)}
        kept_env = cached_env | {"PODIUM_VIEWS": str(folder / "views")}
        for _label, args in commands:
            run(args, cached_env)  # writes the bytecode of everything the command imports
            run(args, kept_env)  # keeps meet.toml and the standings
        print(f"load average {load()} (1/5/15 min); {bytecode_state()}")
        conditions = (("", plain), (", bytecode cached", cached_env), (", bytecode and meet.toml kept", kept_env))
        cases = [(label + condition, args, env) for condition, env in conditions for label, args in commands]
        for (label, _args, _env), (walls, cpus) in zip(cases, timed([(args, env) for _label, args, env in cases]), strict=True):
            print(
                f"{label:<56} median {statistics.median(walls):.3f} s  best {min(walls):.3f} s  "
                f"CPU {statistics.median(cpus):.3f} s  (target < {TARGET} s)"
            )
        print(f"load average {load()}")
    finally:
        shutil.rmtree(folder)


if __name__ == "__main__":
    main()
