"""The meet folder as docs/meet.md describes it: every file Podium leaves there is in its table (issue 21, item 20)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOT_JOURNAL_MAGIC = bytes.fromhex("d9d505f920a163d7")
"""The first bytes of a rollback journal SQLite would replay (a "hot journal", sqlite.org/fileformat.html §4.1)."""


def test_every_file_of_a_meet_folder_is_documented(tmp_path, podium):
    """After `podium init`, an import, a draw and a result the folder holds meet.toml, entrants.csv, meet.sqlite and
    SQLite's meet.sqlite-journal; docs/meet.md's table names each, and the journal is not one SQLite would replay
    (kept with its header zeroed, journal_mode = PERSIST: docs/reliability.md says why)."""
    podium(None, "init", str(tmp_path / "m"))
    folder = tmp_path / "m"
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "ms", "--seed", "1")
    podium(folder, "result", "ms", "1", "11-9 11-7 11-5")
    left = {p.name for p in folder.iterdir()}
    assert left == {"meet.toml", "entrants.csv", "meet.sqlite", "meet.sqlite-journal"}
    meet_md = (ROOT / "docs" / "meet.md").read_text(encoding="utf-8")
    table = meet_md[: meet_md.index("## `meet.toml`")]
    documented = set(re.findall(r"^\| `([^`]+)`", table, flags=re.MULTILINE))
    assert {"meet.toml", "meet.sqlite", "meet.sqlite-journal"} <= documented
    assert (folder / "meet.sqlite-journal").read_bytes()[:8] != HOT_JOURNAL_MAGIC
    reliability = (ROOT / "docs" / "reliability.md").read_text(encoding="utf-8")
    assert "## Why `meet.sqlite-journal` stays in the meet folder" in reliability
