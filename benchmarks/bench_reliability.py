"""The reliability figures of issues 11 and 15, measured by running the reliability tests themselves.

Prints: SIGKILLs survived and results lost (tests/reliability/test_crash_safety.py), results
recorded by four concurrent volunteers (test_concurrent_entry.py), bad inputs tried (the
corpus of tests/bad_inputs/ plus every fuzzing example), the commands whose writes were
checked, the hostile exports and templates tried (test_hostile_import.py,
tests/printing/test_sandbox.py) and the hostile-input tests (test_hostile_input.py); and,
timed as a user runs it, ``podium entrants import`` of an XLSX list with a stray cell at
XFD1048576. Fails (exit 1) if any of those tests fails. docs/reliability.md records the last run.

    python benchmarks/bench_reliability.py
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ElementTree
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests" / "reliability"


def pytest(*args: str) -> str:
    """Run pytest on ``args`` (in one process, slow tests included); its output, or exit 1 when a test fails."""
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:xdist", "-p", "no:cacheprovider", "-q", *args],
        cwd=ROOT, capture_output=True, text=True,
    )
    if done.returncode != 0:
        print(done.stdout[-4000:], done.stderr[-2000:], sep="\n")
        sys.exit(f"bench_reliability: a reliability test failed ({' '.join(args)})")
    return done.stdout


def main() -> None:
    started = time.perf_counter()
    figures = pytest("-s", str(TESTS / "test_crash_safety.py"), str(TESTS / "test_concurrent_entry.py"))
    crash = re.search(r"crash safety \(sqlite\): (\d+) result commands, (\d+) killed with SIGKILL, (\d+) reported success, "
                      r"(\d+) committed just before the kill, results lost: (\d+)", figures)
    concurrent = re.search(r"concurrent entry \(sqlite\): 4 processes x 250 results, (\d+) recorded, (\d+) 'database is locked'", figures)
    assert crash and concurrent, figures

    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "corpus.xml"
        pytest(str(TESTS / "test_bad_inputs.py"), f"--junitxml={report}")
        cases = [c for c in ElementTree.parse(report).iter("testcase") if c.get("name", "").startswith("test_bad_input[")]
    from tests.reliability.corpus import load_cases

    corpus = {c.id: c for c in load_cases()}
    refused = sum(corpus[c.get("name")[len("test_bad_input["):-1]].error is not None for c in cases)

    statistics = pytest("--hypothesis-show-statistics", "--hypothesis-seed=0", str(TESTS / "test_fuzz_parsers.py"),
                        str(TESTS / "test_fuzz_meets.py"), str(TESTS / "test_spreadsheet_output.py"))
    examples = {  # every phase (generate, and reuse of saved examples) of every property test
        block.split(":", 1)[0]: sum(int(n) for n in re.findall(r"- (\d+) passing", block))
        for block in statistics.split(".py::")[1:]
    }
    meets = examples.pop("test_random_meets_keep_their_laws")
    injection = examples.pop("test_no_cell_of_any_csv_starts_a_formula")
    boundaries = pytest("-s", str(TESTS / "test_write_boundaries.py"))
    assert " failed" not in boundaries
    from tests.reliability.test_write_boundaries import STEPS

    refused_steps = sum(refused for _args, _grants, refused in STEPS)

    hostile = pytest("-s", str(TESTS / "test_hostile_import.py"), str(ROOT / "tests" / "printing" / "test_sandbox.py"))
    imports = re.search(r"hostile import: (\d+) edited exports, (\d+) accepted with the standings of the commands, "
                        r"(\d+) refused naming an entry", hostile)
    templates = re.search(r"sandbox: (\d+) hostile templates, (\d+) refused in one sentence, (\d+) printed nothing", hostile)
    shipped = re.search(r"sandbox: (\d+) documents rendered with all (\d+) shipped templates", hostile)
    edits = re.search(r"(\d+) passed", hostile)
    assert imports and templates and shipped and edits, hostile
    damaged = re.search(r"(\d+) passed", pytest(str(TESTS / "test_hostile_input.py")))
    assert damaged
    stray = stray_cell_import()

    commands, kills, reported, committed, lost = (int(x) for x in crash.groups())
    print(f"crash safety        {kills} SIGKILLs survived in {commands} 'podium result' runs; results lost: {lost}; "
          f"{reported} reported success, {committed} committed just before the kill; integrity_check ok after every kill")
    print(f"concurrent entry    4 processes x 250 results: {concurrent[1]} recorded, {concurrent[2]} 'database is locked', "
          "standings equal to a serial run")
    print(f"bad inputs          {len(cases)} corpus cases ({refused} refused with their exact message, folder unchanged; "
          f"{len(cases) - refused} accepted and normalised)")
    print(f"                    + {sum(examples.values())} fuzzed parser inputs and {meets} random meets: only PodiumError escaped")
    print(f"                    = {len(cases) + sum(examples.values()) + meets} bad or random inputs tried")
    print(f"formula injection   {injection} random tables: no CSV cell starts a formula")
    print(f"write boundaries    {len(STEPS)} commands ({refused_steps} refused, writing nothing): each wrote only the meet folder, "
          "its output path or the font cache; TMPDIR and the working directory stayed empty")
    print(f"hostile exports     {imports[1]} random edits of a real export: {imports[2]} accepted with the standings of the "
          f"commands, {imports[3]} refused naming the entry; the 17 edits the issue lists refused, nothing created")
    print(f"hostile templates   {templates[1]} hostile templates: {templates[2]} refused in one sentence, {templates[3]} printed "
          f"nothing they reached for; {shipped[1]} documents rendered in the sandbox with all {shipped[2]} shipped templates")
    print(f"damaged meets       {damaged[1]} tests passed: hot journals rolled back or explained, locks waited for and given "
          "up, crashes reported, killed prints swept")
    print(f"stray XLSX cell     'podium entrants import' of 2 rows and a cell at XFD1048576: {stray:.2f} s")
    print(f"(measured in {time.perf_counter() - started:.0f} s)")


def stray_cell_import() -> float:
    """Seconds 'podium entrants import' takes (a new process, as a user runs it) for an XLSX list of two entrants whose
    used range a stray cell at XFD1048576 stretches to 17 billion cells."""
    import openpyxl

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "meet.toml").write_text("[meet]\nname = 'x'\n[events.ms]\nsport = 'table_tennis'\n", encoding="utf-8")
        book = openpyxl.Workbook()
        for row in (["event", "name"], ["ms", "Ann"], ["ms", "Bo"]):
            book.active.append(row)
        book.active["XFD1048576"] = "x"
        book.save(folder / "e.xlsx")
        started = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "podium", "--meet", str(folder), "entrants", "import", str(folder / "e.xlsx")],
                              capture_output=True, text=True)
        seconds = time.perf_counter() - started
        if done.returncode != 0 or "XFD1048576" not in done.stdout:
            sys.exit(f"bench_reliability: the stray-cell import failed: {done.stdout}{done.stderr}")
        return seconds


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
