"""Hostile and damaged input that the bad-input corpus cannot make (issue 15).

The corpus (tests/bad_inputs/cases.toml, "hostile and damaged input") covers most classes with
exact sentences; here are the ones that need a process killed or holding a lock, a crash, or
the screen as the output:

- class 3: a write interrupted by a crash leaves SQLite's hot journal; a read-only command rolls
  it back when the folder may be written, or says what happened and what to do;
- class 4: ``-o -`` and ``-o /dev/stdout`` write to the screen, and the link stays a link;
- class 7: an exception nobody foresaw ends in one sentence and a crash report, never a traceback;
- class 8: a reason with escape sequences that reached the journal behind Podium's back is shown
  escaped by ``podium log``;
- class 10: a command that waits for another one's lock says so, and gives up after the bound;
- class 11: a print killed half-way leaves its scratch folder and partial file, and the next
  command that writes sweeps them.
"""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from podium.faces.cli import cli
from tests.reliability.corpus import build_played, snapshot


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The corpus's played meet (tests/bad_inputs/README.md), built once; tests work on copies."""
    return build_played(tmp_path_factory.mktemp("hostile-played").resolve(), "played")


@pytest.fixture
def meet(played: Path, tmp_path: Path) -> Path:
    import shutil

    shutil.copytree(played, tmp_path / "meet")
    return tmp_path / "meet"


def run(*args: str, env: dict[str, str] | None = None):  # noqa: ANN201 - click's Result
    return CliRunner().invoke(cli, list(args), env={"PODIUM_LANG": "en", **(env or {})})


def podium_process(*args: str, env: dict[str, str] | None = None, **kwargs) -> subprocess.Popen:  # noqa: ANN003
    return subprocess.Popen(
        [sys.executable, "-m", "podium", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PODIUM_LANG": "en", **(env or {})}, **kwargs,
    )


# ---------------------------------------------------------------- class 3: an interrupted write

CRASH_MID_WRITE = """
import os, sqlite3, sys
connection = sqlite3.connect(sys.argv[1], isolation_level=None)
connection.execute("PRAGMA journal_mode = PERSIST")
connection.execute("PRAGMA cache_size = 2")  # a small cache: SQLite writes changed pages before the commit
connection.execute("BEGIN IMMEDIATE")
{statements}
os._exit(9)  # the power cut: no commit, no rollback, the journal left hot
"""
INTERRUPTED = {
    "results being entered": "connection.executemany(\"INSERT INTO journal (at, kind, event, payload) VALUES "
    "('2026-05-20T10:00:00', 'result', 'ms', '{}')\", [()] * 3000)",
    "a table being filled": "connection.execute('CREATE TABLE scratch (x TEXT)')\n"
    "connection.executemany('INSERT INTO scratch VALUES (?)', [('x' * 200,)] * 3000)",
}


def interrupt(meet: Path, what: str) -> None:
    """Leave ``meet.sqlite`` as a crash in the middle of a write leaves it: pages changed, the hot journal beside."""
    script = CRASH_MID_WRITE.format(statements=INTERRUPTED[what])
    done = subprocess.run([sys.executable, "-c", script, str(meet / "meet.sqlite")], capture_output=True)
    assert done.returncode == 9, done.stderr
    journal = (meet / "meet.sqlite-journal").read_bytes()
    assert journal[:8] == b"\xd9\xd5\x05\xf9\x20\xa1\x63\xd7"  # SQLite's journal magic: the journal is hot


@pytest.mark.parametrize("what", sorted(INTERRUPTED))
def test_a_read_only_command_rolls_back_an_interrupted_write(meet, what):
    """The folder may be written, so ``podium log`` and ``podium standings`` roll the unfinished write back and show
    the meet as it was committed: the 19 entries of the played meet, nothing of the interrupted write."""
    before = run("--meet", str(meet), "log", "--json").output
    interrupt(meet, what)
    done = run("--meet", str(meet), "log", "--json")
    assert done.exit_code == 0, done.output
    assert done.output == before and len(json.loads(done.output)) == 19
    assert run("--meet", str(meet), "standings", "ms").exit_code == 0
    connection = sqlite3.connect(meet / "meet.sqlite")
    assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    assert connection.execute("SELECT COUNT(*) FROM sqlite_master WHERE name = 'scratch'").fetchone() == (0,)
    connection.close()


@pytest.mark.parametrize("what", sorted(INTERRUPTED))
@pytest.mark.parametrize("command", [("log",), ("standings", "ms"), ("matches", "xq")])
def test_an_interrupted_write_in_a_read_only_folder_is_explained(meet, monkeypatch, what, command):
    """Where the folder may not be written, nothing can roll the write back: one sentence says what happened and
    what to do, exit status 2, and every file is as the crash left it. (The CI runs as root, who may write anything,
    so the missing write access is the store's own question answered "no".)"""
    import podium.store.sqlite

    interrupt(meet, what)
    before = snapshot(meet)
    real = os.access
    monkeypatch.setattr(podium.store.sqlite.os, "access", lambda path, mode: False if mode == os.W_OK else real(path, mode))
    done = run("--meet", str(meet), *command)
    assert (done.exit_code, done.stdout) == (2, "")
    assert done.stderr == (
        f"Error: {meet}/meet.sqlite holds a write that a stopped command left unfinished (a crash or a power cut); "
        f"SQLite rolls it back from meet.sqlite-journal, which needs write access to {meet}. Give that access and run "
        "the command again: nothing recorded before is lost.\n"
    )
    assert snapshot(meet) == before


# ---------------------------------------------------------------- class 4: the screen as the output

def test_dash_writes_to_the_screen(meet):
    """``-o -`` is the screen: the export, a CSV table and an HTML document go to standard output, the "wrote" line
    of a document to standard error; the meet folder is unchanged and no file named '-' appears."""
    before = snapshot(meet.parent)
    export = run("--meet", str(meet), "export", "-o", "-")
    assert export.exit_code == 0 and json.loads(export.stdout)["format"] == "podium-meet-export"
    table = run("--meet", str(meet), "standings", "ms", "-o", "-")
    assert table.exit_code == 0 and table.stdout.startswith('"stage","group","place"')
    document = run("--meet", str(meet), "print", "draw", "ms", "--html", "-o", "-")
    assert document.exit_code == 0 and document.stdout.lstrip().startswith("<!doctype html>")
    assert document.stderr == "Wrote -.\n"
    assert snapshot(meet.parent) == before


def test_dev_stdout_is_written_through_and_stays_a_link(meet):
    """``-o /dev/stdout`` (a link to the process's standard output) is written directly, never renamed over."""
    link = os.readlink("/dev/stdout")
    done = subprocess.run(
        [sys.executable, "-m", "podium", "--meet", str(meet), "export", "-o", "/dev/stdout"],
        capture_output=True, text=True, env={**os.environ, "PODIUM_LANG": "en"},
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.rsplit("wrote", 1)[0])["format"] == "podium-meet-export"
    assert os.path.islink("/dev/stdout") and os.readlink("/dev/stdout") == link


# ---------------------------------------------------------------- class 7: the last resort

def _explode(error: BaseException):  # noqa: ANN202
    def raising(*_args, **_kwargs):  # noqa: ANN002, ANN003, ANN202
        raise error

    return raising


@pytest.mark.parametrize(
    ("target", "error", "command"),
    [
        ("podium.services.match_list.match_list", RuntimeError("boom"), ("matches", "ms")),
        ("podium.journal.history.describe", RecursionError("maximum recursion depth exceeded"), ("log",)),
        ("podium.services.results.prepare", KeyError("sides"), ("result", "ms", "2", "11-9 11-7 11-5")),
        ("podium.services.archive.export_meet", MemoryError(), ("export",)),
    ],
    ids=["read", "recursion", "write", "memory"],
)
def test_an_unforeseen_exception_is_one_sentence_and_a_crash_report(meet, tmp_path, monkeypatch, target, error, command):
    """A bug (here planted) ends in one sentence naming the kind of problem and the crash report, exit status 2,
    no traceback on the screen; the report holds the traceback and the command; the meet is unchanged."""
    module, name = target.rsplit(".", 1)
    monkeypatch.setattr(__import__(module, fromlist=[name]), name, _explode(error))
    before = snapshot(meet)
    done = run("--meet", str(meet), *command, env={"PODIUM_CACHE": str(tmp_path / "cache")})
    assert (done.exit_code, done.stdout) == (2, "")
    reports = list((tmp_path / "cache" / "crashes").glob("crash-*.txt"))
    assert len(reports) == 1
    assert done.stderr == (
        f"Error: Podium stopped on a problem it did not expect ({type(error).__name__}); nothing more was written. "
        f"The details are in {reports[0]}; please send that file to whoever looks after Podium.\n"
    )
    text = reports[0].read_text(encoding="utf-8")
    assert "Traceback (most recent call last)" in text and type(error).__name__ in text and "Traceback" not in done.output
    assert snapshot(meet) == before


def test_a_crash_report_goes_to_the_temporary_folder_when_the_cache_cannot_be_written(meet, tmp_path, monkeypatch):
    import tempfile

    monkeypatch.setattr(__import__("podium.services.match_list", fromlist=["match_list"]), "match_list", _explode(RuntimeError("boom")))
    (tmp_path / "not-a-folder").write_text("x", encoding="utf-8")
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    done = run("--meet", str(meet), "matches", "ms", env={"PODIUM_CACHE": str(tmp_path / "not-a-folder")})
    reports = list((tmp_path / "tmp").glob("crash-*.txt"))
    assert done.exit_code == 2 and len(reports) == 1 and str(reports[0]) in done.stderr


def test_a_reader_that_goes_away_is_no_crash(tmp_path):
    """``podium sports athletics | head -3``: when the reader closes the pipe, Podium stops quietly — no sentence,
    no traceback and no crash report (it is nobody's mistake). The reader goes away before Podium writes (like
    ``head -0``), so the write meets a closed pipe however fast Podium is: a reader closing after a line raced
    Podium, which could write its whole listing into the pipe's buffer first and end normally."""
    cache = tmp_path / "cache"
    process = podium_process("sports", "athletics", env={"PODIUM_CACHE": str(cache)}, bufsize=1)
    assert process.stdout is not None
    process.stdout.close()
    _out, err = process.communicate(timeout=60)
    assert process.returncode != 0
    assert err == ""
    assert not list(cache.glob("**/crash-*.txt"))


# ---------------------------------------------------------------- class 8: history shown safely

def test_escapes_that_reached_the_journal_are_shown_escaped(meet):
    """A reason and a file name with terminal escapes and a direction override, written into the journal behind
    Podium's back (or by an older Podium), are shown by ``podium log`` as visible escapes, never sent raw."""
    connection = sqlite3.connect(meet / "meet.sqlite", isolation_level=None)
    connection.execute(
        "INSERT INTO journal (at, kind, event, payload, reason) VALUES ('2026-05-20T10:00:00+00:00', 'withdrawal', 'xq', "
        "'{\"entrant\": \"2\"}', 'ill\x1b[2J\x1b]0;owned\x07 \u202etxt.exe')"
    )
    connection.close()
    done = run("--meet", str(meet), "log", "--event", "xq")
    assert done.exit_code == 0
    assert "\x1b" not in done.output and "\x07" not in done.output and "\u202e" not in done.output
    assert "ill\\x1b[2J\\x1b]0;owned\\x07 \\u202etxt.exe" in done.output


# ---------------------------------------------------------------- class 10: waiting for a lock

HOLDER = """
import sqlite3, sys
holder = sqlite3.connect(sys.argv[1], isolation_level=None)
holder.execute("BEGIN IMMEDIATE")
print("held", flush=True)
sys.stdin.read()  # until the test closes the pipe
holder.execute("ROLLBACK")
"""


def hold_the_lock(meet: Path) -> subprocess.Popen:
    """Another program's write in progress, holding the write lock until the test lets it go (:func:`release`).

    It is another process: SQLite's POSIX locks belong to a process, and the test reading the file to compare
    it would release a lock it held itself."""
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(meet / "meet.sqlite")], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None and holder.stdout.readline() == "held\n"
    return holder


def release(holder: subprocess.Popen) -> None:
    assert holder.stdin is not None
    holder.stdin.close()
    holder.wait(timeout=30)


@pytest.mark.slow
@pytest.mark.parametrize(
    "command",
    [("result", "ms", "2", "11-9 11-7 11-5"), ("perf", "sack", "Bo", "13.5"), ("withdraw", "xq", "Bo", "--reason", "ill")],
    ids=["result", "perf", "withdraw"],
)
def test_a_write_that_waits_for_a_lock_says_so_and_gives_up(meet, command):
    """With another program holding the write lock for longer than the bound (PODIUM_LOCK_WAIT, 3 s here), the
    command says once that it waits, then gives up with one sentence, exit status 2, and writes nothing."""
    holder = hold_the_lock(meet)
    try:
        before = snapshot(meet)
        started = time.monotonic()
        process = podium_process("--meet", str(meet), *command, env={"PODIUM_LOCK_WAIT": "3"})
        out, err = process.communicate(timeout=60)
        waited = time.monotonic() - started
        assert snapshot(meet) == before
    finally:
        release(holder)
    assert (process.returncode, out) == (2, "")
    assert err == (
        f"Waiting for another command that is writing {meet}/meet.sqlite (at most 3 seconds in all)…\n"
        f"Error: {meet}/meet.sqlite stayed busy for more than 3 seconds (another program holds it); nothing was written. "
        "Try again when it has finished.\n"
    )
    assert waited >= 3  # the bound, counted from when the command began to wait (its start-up comes first)


@pytest.mark.slow
def test_a_write_that_waits_goes_on_when_the_lock_is_released(meet):
    """The other program finishes once the command has said that it waits: the command then records the result."""
    holder = hold_the_lock(meet)
    process = podium_process("--meet", str(meet), "result", "ms", "2", "11-9 11-7 11-5", env={"PODIUM_LOCK_WAIT": "120"})
    assert process.stderr is not None
    said = process.stderr.readline()  # blocks until the command says that it waits (the lock is held until then)
    release(holder)
    out, err = process.communicate(timeout=120)
    assert process.returncode == 0, err
    assert (said, err) == (f"Waiting for another command that is writing {meet}/meet.sqlite (at most 120 seconds in all)…\n", "")
    assert out == "Match 2 recorded: Ann – Cai 11-9 11-7 11-5, Ann wins.\n"  # match 2 of the played base is Ann–Cai


# ---------------------------------------------------------------- class 11: killed prints leave nothing behind

def cache_with_fonts(cache: Path) -> Path:
    """A cache folder of its own for a test, holding (links to) the machine's static fonts, made once: a fresh cache
    would make them again, half a minute each."""
    from podium.faces.print.pdf import static_fonts

    fonts = static_fonts()
    assert fonts is not None
    (cache / "fonts").mkdir(parents=True)
    for path in fonts.values():
        (cache / "fonts" / path.name).symlink_to(path)
    return cache


def dead_pid() -> int:
    """The process id of a process that has ended."""
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    return gone.pid


def test_what_killed_commands_left_is_swept_by_the_next_write(meet, tmp_path):
    """A print killed half-way leaves WeasyPrint's copy of the fonts in Podium's scratch folder and a partial file
    beside its output (here made as such a print leaves them, with the process id of a process that has ended); the
    next command that writes a file removes both, and keeps a scratch folder of a process still running."""
    cache = cache_with_fonts(tmp_path / "cache")
    killed = dead_pid()
    left = cache / "tmp" / f"{killed}-x7k2" / "weasyprint-abc"
    left.mkdir(parents=True)
    (left / "NotoSansSC.ttf").write_bytes(b"\0" * 21_000_000)
    running = cache / "tmp" / f"{os.getppid()}-a1b2"  # pytest's parent: alive
    running.mkdir()
    partial = tmp_path / f".draw.html.{killed}.partial"
    partial.write_bytes(b"<html>half")
    done = run("--meet", str(meet), "print", "draw", "ms", "--html", "-o", str(tmp_path / "draw.html"),
                  env={"PODIUM_CACHE": str(cache)})
    assert done.exit_code == 0, done.output
    assert not partial.exists() and not left.parent.exists() and running.exists()
    assert (tmp_path / "draw.html").read_text(encoding="utf-8").lstrip().startswith("<!doctype html>")


@pytest.mark.slow
def test_a_print_killed_while_laying_out_is_swept(meet, tmp_path):
    """A real print killed with SIGKILL while WeasyPrint lays out the PDF: its scratch folder (the fonts it copied)
    is left in Podium's cache, never in TMPDIR; the next print removes it and writes its own PDF whole."""
    cache = cache_with_fonts(tmp_path / "cache")
    env = {"PODIUM_CACHE": str(cache), "TMPDIR": str(tmp_path / "tmpdir")}
    (tmp_path / "tmpdir").mkdir()
    process = podium_process("--meet", str(meet), "print", "draw", "ms", "-o", str(tmp_path / "draw.pdf"), env=env)
    deadline = time.monotonic() + 120
    scratch: list[Path] = []
    while time.monotonic() < deadline and process.poll() is None:
        scratch = [p for p in (cache / "tmp").glob(f"{process.pid}-*") if any(p.rglob("*"))]
        if scratch:
            break
        time.sleep(0.01)
    if process.poll() is not None:
        pytest.skip("the print ended before it could be killed")
    os.kill(process.pid, signal.SIGKILL)
    process.wait()
    assert scratch and scratch[0].exists() and os.listdir(tmp_path / "tmpdir") == []
    done = run("--meet", str(meet), "print", "draw", "ms", "-o", str(tmp_path / "draw.pdf"), env=env)
    assert done.exit_code == 0, done.output
    assert not scratch[0].exists() and list((cache / "tmp").iterdir()) == []
    assert sorted(p.name for p in tmp_path.glob("*draw*")) == ["draw.pdf"]
    assert (tmp_path / "draw.pdf").read_bytes().startswith(b"%PDF")
