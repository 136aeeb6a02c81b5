"""No command writes outside the meet folder or the output path it was given (issue 11, security).

Every command runs in-process in a temporary root that holds the meet folder, an empty
working directory, and the HOME, XDG_CACHE_HOME and TMPDIR the command sees. Before and after
each command the whole root is hashed (every file's SHA-256, every folder); what changed must be
exactly what the command is allowed to write (docs/reliability.md, "What each command writes"),
and a command that writes must really have written it. Read-only commands change nothing at all.

The writes outside the meet that are allowed are documented: ``podium standings`` keeps its view in the user's
cache folder (``$XDG_CACHE_HOME/podium/views``, podium.services.kept_views), and any command that reads a meet
keeps its validated ``meet.toml`` beside the views (podium.services.kept_config); printing (``podium print``,
``podium demo``) keeps the two static weights of the Chinese font in the user's cache folder
(``$XDG_CACHE_HOME/podium/fonts``), made once per machine (docs/printing.md, "Fonts"), and lays
out in Podium's scratch folder beside it (``$XDG_CACHE_HOME/podium/tmp``). WeasyPrint's own temporary
font copies must be gone when the command ends: the scratch folder holds no file, TMPDIR stays empty.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from podium.faces.cli import cli
from tests.reliability.corpus import CORPUS, snapshot

FONT_CACHE = "home/podium/fonts/"
"""The font cache under XDG_CACHE_HOME (= the root's ``home``): the only place outside the meet printing writes."""
FONT_FILE = re.compile(r"home/podium/fonts/NotoSansSC-\d+-(400|700)\.ttf")
SCRATCH = "home/podium/tmp/"
"""Podium's scratch folder under XDG_CACHE_HOME: WeasyPrint's font copies while a PDF is laid out, removed after."""
PRINTS = (FONT_CACHE, SCRATCH)
VIEWS = ("home/podium/views/",)
"""The kept views under XDG_CACHE_HOME (podium.services.kept_views): what ``podium standings`` keeps, with the
records of the event's results (podium.services.kept_results), which ``podium matches`` keeps too."""
VIEW_FILE = re.compile(r"home/podium/views/[0-9a-f]{32}\.(view|results)")
CONFIG_FILE = re.compile(r"home/podium/views/[0-9a-f]{32}\.config")
"""A kept ``meet.toml`` (podium.services.kept_config): what any command reading a meet may keep."""


def step(*args: str, may: tuple[str, ...] = (), refused: bool = False) -> tuple[tuple[str, ...], tuple[str, ...], bool]:
    """A command line, the paths under the root it may create or change (a path, or a folder ending in /)
    and whether it must be refused."""
    return args, may, refused


M = ("--meet", "{meet}")
DB = ("meet/meet.sqlite", "meet/meet.sqlite-journal")  # SQLite keeps its rollback journal between writes (PERSIST)
STEPS = [
    step("--help"),
    step("init", "{root}/new", may=("new/",)),
    step("init", "{root}/new", refused=True),  # never overwrites a meet
    step("sports"),
    step("sports", "table_tennis", "--json"),
    step("sports", "--game", "sack_race"),
    step(*M, "entrants", "import", "{meet}/entrants.csv", may=DB),
    step(*M, "entrants", "list"),
    step(*M, "entrants", "list", "--csv"),
    step(*M, "entrants", "list", "-o", "{root}/out/entrants.xlsx", may=("out/entrants.xlsx",)),
    step(*M, "entrants", "check"),
    step(*M, "draw", "ms", "--seed", "1", may=DB),
    step(*M, "draw", "xq", "--seed", "1", may=DB),
    step(*M, "draw", "sack", "--seed", "1", may=DB),
    step(*M, "matches", "ms", "--json", may=VIEWS),
    step(*M, "result", "ms", "1", "11-9 11-7 11-5", may=DB),
    step(*M, "result", "ms", "2", "11-10", refused=True),
    step(*M, "correct", "ms", "1", "11-9 11-7 11-6", "--reason", "typo", may=DB),
    step(*M, "perf", "sack", "Ann", "12.34", may=DB),
    step(*M, "penalty", "xq", "Ann", "--kind", "warning", "--reason", "talked", may=DB),
    step(*M, "withdraw", "xq", "Bo", "--reason", "ill", may=DB),
    step(*M, "standings", "ms", "--explain", may=VIEWS),
    step(*M, "standings", "ms", "--json", may=VIEWS),
    step(*M, "standings", "ms", "--csv", may=VIEWS),
    step(*M, "standings", "ms", "-o", "{root}/out/ms.csv", may=("out/ms.csv", *VIEWS)),
    step(*M, "standings", "sack", "-o", "{root}/out/sack.xlsx", may=("out/sack.xlsx", *VIEWS)),
    step(*M, "standings", "ms", "-o", "{meet}/meet.sqlite", refused=True),
    step(*M, "schedule", refused=True),  # this meet has no venues: a sentence, nothing written
    step(*M, "awards"),
    step(*M, "medals"),
    step(*M, "log"),
    step(*M, "log", "--json"),
    step(*M, "print", "draw", "ms", may=("meet/print/", *PRINTS)),  # the default: print/ in the meet folder
    step(*M, "print", "crosstable", "ms", "-o", "{root}/out/ms.pdf", may=("out/ms.pdf", *PRINTS)),
    step(*M, "print", "results", "sack", "--html", "-o", "{root}/out/sack.html", may=("out/sack.html",)),
    step(*M, "print", "draw", "ms", "--html", "-o", "{meet}/meet.sqlite", refused=True),
    step(*M, "print", "draw", "ms", "-o", "{root}/out/missing/ms.pdf", refused=True),
    step(*M, "export", may=()),
    step(*M, "export", "-o", "{root}/out/meet.json", may=("out/meet.json",)),
    step(*M, "backup", "{root}/out/meet-backup.sqlite", may=("out/meet-backup.sqlite",)),
    step("import", "{root}/out/meet.json", "{root}/restored", may=("restored/",)),
    step("--meet", "{root}/restored", "standings", "ms", may=VIEWS),
    step("new-sport", "curling", "{root}/curling", may=("curling/",)),
    step("demo", "{root}/demo", may=("demo/", *PRINTS)),
    step("demo", "{root}/demo", "--no-print", may=("demo/",)),  # again: replaces its own folder, nothing else
]


def allowed(path: str, grants: tuple[str, ...], is_dir: bool) -> bool:
    """A granted path, a path inside a granted folder, or a folder on the way to one (made to hold it)."""
    return any(
        path == g or (g.endswith("/") and (path + "/").startswith(g)) or (is_dir and g.startswith(path + "/")) for g in grants
    )


@pytest.fixture
def root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The temporary root: the meet folder, an empty working directory, HOME and TMPDIR inside it."""
    base = tmp_path.resolve()
    (base / "meet").mkdir()
    shutil.copy(CORPUS / "base" / "meet.toml", base / "meet" / "meet.toml")
    shutil.copy(CORPUS / "base" / "entrants.csv", base / "meet" / "entrants.csv")
    for name in ("cwd", "home", "tmp", "out"):
        (base / name).mkdir()
    monkeypatch.chdir(base / "cwd")
    for variable in ("HOME", "USERPROFILE", "XDG_CACHE_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME"):
        monkeypatch.setenv(variable, str(base / "home"))
    monkeypatch.delenv("PODIUM_CACHE", raising=False)
    monkeypatch.delenv("PODIUM_VIEWS", raising=False)
    monkeypatch.setenv("TMPDIR", str(base / "tmp"))
    monkeypatch.setattr(tempfile, "tempdir", None)  # let tempfile see the new TMPDIR
    return base


@pytest.mark.slow
def test_every_command_writes_only_where_it_may(root):
    runner = CliRunner()
    for args, grants, must_refuse in STEPS:
        argv = [a.replace("{root}", str(root)).replace("{meet}", str(root / "meet")) for a in args]
        before = snapshot(root)
        done = runner.invoke(cli, argv, prog_name="podium", catch_exceptions=False, env={"PODIUM_LANG": "en"})
        after = snapshot(root)
        changed = {p for p in before.keys() | after.keys() if before.get(p) != after.get(p)}
        kept_config = tuple(p for p in changed if CONFIG_FILE.fullmatch(p))  # any command reading the meet may keep it
        outside = sorted(p for p in changed if not allowed(p, (*grants, *kept_config), after.get(p) == "dir"))
        assert outside == [], f"podium {' '.join(args)} wrote outside what it may: {outside}"
        assert (done.exit_code != 0) == must_refuse, done.output
        if must_refuse:
            assert changed == set(), f"refused podium {' '.join(args)} changed {sorted(changed)}"
        elif grants and set(grants) - {*PRINTS, *VIEWS}:
            mine = tuple(g for g in grants if g not in PRINTS and g not in VIEWS)
            assert any(allowed(p, mine, False) for p in changed), f"podium {' '.join(args)} should have written {mine}"
    assert os.listdir(root / "cwd") == [] and os.listdir(root / "tmp") == []
    cached = [str(p.relative_to(root)) for p in (root / "home").rglob("*") if p.is_file()]
    fonts, views = [p for p in cached if FONT_FILE.fullmatch(p)], [p for p in cached if VIEW_FILE.fullmatch(p) or CONFIG_FILE.fullmatch(p)]
    assert len(fonts) == 2 and views and sorted(fonts + views) == sorted(cached), cached  # the fonts, made here once, kept views and nothing else


def test_an_interrupted_print_leaves_no_file(tmp_path, monkeypatch):
    """A print that fails half-way (here: the PDF writer dies after writing some bytes) leaves neither a half
    PDF under the chosen name nor its temporary file; an earlier document of that name is kept whole."""
    from podium.faces.print import printing

    out = tmp_path / "draw.pdf"
    out.write_bytes(b"%PDF-1.7 the earlier draw sheet")

    def dies_half_way(parts, target, **_kwargs):
        Path(target).write_bytes(b"%PDF-1.7 half")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(printing, "write_pdf", dies_half_way)
    prepared = printing.Prepared(parts=("<p>x</p>",), sizes=(1,), items=1, base=tmp_path, roots=(tmp_path,))
    with pytest.raises(printing.PodiumError, match="Cannot write .*draw.pdf: No space left on device"):
        prepared.write(out)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["draw.pdf"]
    assert out.read_bytes() == b"%PDF-1.7 the earlier draw sheet"
