"""No command writes outside the meet folder or the output path it was given (issue 11, security).

Every command runs in-process in a temporary root that holds the meet folder, an empty
working directory, and the HOME and TMPDIR the command sees. Before and after each command
the whole root is hashed (every file's SHA-256, every folder); what changed must be exactly
what the command is allowed to write (docs/reliability.md, "What each command writes"), and
a command that writes must really have written it. Read-only commands change nothing at all.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from podium.cli import cli
from tests.reliability.corpus import CORPUS, snapshot

# (arguments, paths under the root this command may create or change: a path or a folder prefix)
STEPS: list[tuple[tuple[str, ...], tuple[str, ...]]] = [
    (("--help",), ()),
    (("init", "{root}/new"), ("new/",)),
    (("sports",), ()),
    (("sports", "table_tennis", "--json"), ()),
    (("sports", "--game", "sack_race"), ()),
    (("--meet", "{meet}", "entrants", "import", "{meet}/entrants.csv"), ("meet/meet.sqlite",)),
    (("--meet", "{meet}", "entrants", "list"), ()),
    (("--meet", "{meet}", "entrants", "list", "--csv"), ()),
    (("--meet", "{meet}", "entrants", "list", "-o", "{root}/out/entrants.xlsx"), ("out/entrants.xlsx",)),
    (("--meet", "{meet}", "draw", "ms", "--seed", "1"), ("meet/meet.sqlite",)),
    (("--meet", "{meet}", "draw", "sack", "--seed", "1"), ("meet/meet.sqlite",)),
    (("--meet", "{meet}", "matches", "ms", "--json"), ()),
    (("--meet", "{meet}", "result", "ms", "1", "11-9 11-7 11-5"), ("meet/meet.sqlite",)),
    (("--meet", "{meet}", "result", "ms", "2", "11-10"), ()),  # refused
    (("--meet", "{meet}", "correct", "ms", "1", "11-9 11-7 11-6", "--reason", "typo"), ("meet/meet.sqlite",)),
    (("--meet", "{meet}", "perf", "sack", "Ann", "12.34"), ("meet/meet.sqlite",)),
    (("--meet", "{meet}", "standings", "ms", "--explain"), ()),
    (("--meet", "{meet}", "standings", "ms", "--json"), ()),
    (("--meet", "{meet}", "standings", "ms", "--csv"), ()),
    (("--meet", "{meet}", "standings", "ms", "-o", "{root}/out/ms.csv"), ("out/ms.csv",)),
    (("--meet", "{meet}", "standings", "sack", "-o", "{root}/out/sack.xlsx"), ("out/sack.xlsx",)),
    (("--meet", "{meet}", "log"), ()),
    (("--meet", "{meet}", "log", "--json"), ()),
    (("--meet", "{meet}", "export"), ()),
    (("--meet", "{meet}", "export", "-o", "{root}/out/meet.json"), ("out/meet.json",)),
    (("--meet", "{meet}", "backup", "{root}/out/meet-backup.sqlite"), ("out/meet-backup.sqlite",)),
    (("import", "{root}/out/meet.json", "{root}/restored"), ("restored/",)),
    (("--meet", "{root}/restored", "standings", "ms"), ()),
    (("demo", "{root}/demo"), ("demo/",)),
    (("demo", "{root}/demo"), ("demo/",)),  # again: replaces its own folder (maybe with the same bytes), nothing else
]
SAME_BYTES_ALLOWED = {len(STEPS) - 1}  # a demo run within the same second as the last one rewrites identical files


def allowed(path: str, grants: tuple[str, ...]) -> bool:
    return any(path == g or (g.endswith("/") and (path + "/").startswith(g)) for g in grants)


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
    monkeypatch.setenv("TMPDIR", str(base / "tmp"))
    monkeypatch.setattr(tempfile, "tempdir", None)  # let tempfile see the new TMPDIR
    return base


def test_every_command_writes_only_where_it_may(root):
    runner = CliRunner()
    for index, (args, grants) in enumerate(STEPS):
        argv = [a.replace("{root}", str(root)).replace("{meet}", str(root / "meet")) for a in args]
        before = snapshot(root)
        done = runner.invoke(cli, argv, prog_name="podium", catch_exceptions=False, env={"PODIUM_LANG": "en"})
        after = snapshot(root)
        changed = {p for p in before.keys() | after.keys() if before.get(p) != after.get(p)}
        outside = sorted(p for p in changed if not allowed(p, grants))
        assert outside == [], f"podium {' '.join(args)} wrote outside what it may: {outside}"
        refused = done.exit_code != 0
        assert refused == (args[-1] == "11-10"), done.output
        if grants and not refused and index not in SAME_BYTES_ALLOWED:
            assert any(allowed(p, grants) for p in changed), f"podium {' '.join(args)} should have written {grants}"
    assert os.listdir(root / "cwd") == [] and os.listdir(root / "home") == [] and os.listdir(root / "tmp") == []
