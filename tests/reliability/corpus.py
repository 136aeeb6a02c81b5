"""The bad-input corpus (tests/bad_inputs/): reading cases, building their folders, running them.

A case is one ``[[case]]`` table of ``tests/bad_inputs/cases.toml`` (see the README there).
It starts from a base meet folder, writes its own files, runs one command through the real
CLI in-process, and says what must come out: the exact error (stderr), or the exact output
and what was stored.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import stat
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs
from click.testing import CliRunner, Result

from podium.faces.cli import cli

CORPUS = Path(__file__).resolve().parent.parent / "bad_inputs"
BASES = ("played", "tournament", "fresh", "empty")
PLAYED = {"played": CORPUS / "base", "tournament": CORPUS / "base" / "tournament"}
"""The bases that are played meets, and the folder holding each one's meet.toml and entrants.csv."""
_REPEAT = re.compile(r"\{([^{}*]+)\*(\d+)\}")
_INSTALLED = re.compile(r"\{installed:(sports|formats|tiebreakers|chains|games:\w+|options:\w+)\}")


@attrs.frozen
class Case:
    """One row of the corpus."""

    id: str
    args: tuple[str, ...]
    base: str = "played"
    files: Mapping[str, Any] = attrs.field(factory=dict)
    meet: bool = True
    error: str | None = None
    output: str | None = None
    stored: Any = None
    lang: str = "en"
    code: str | None = None


def load_cases() -> list[Case]:
    with (CORPUS / "cases.toml").open("rb") as handle:
        raw = tomllib.load(handle)["case"]
    cases = []
    for item in raw:
        case = Case(**{**item, "args": tuple(item["args"])})
        if (case.error is None) == (case.output is None):
            raise ValueError(f"case {case.id}: give exactly one of 'error' (a refusal) or 'output' (an acceptance)")
        if case.code is not None and case.error is None:
            raise ValueError(f"case {case.id}: 'code' is the code of a refusal; an acceptance has none")
        if case.base not in BASES:
            raise ValueError(f"case {case.id}: base must be one of {BASES}")
        cases.append(case)
    ids = [c.id for c in cases]
    duplicates = {i for i in ids if ids.count(i) > 1}
    if duplicates:
        raise ValueError(f"duplicate case ids: {sorted(duplicates)}")
    return cases


def expand(text: str, root: Path) -> str:
    """Placeholders: ``{root}`` (the case folder), ``{meet}`` (its meet folder), ``{x*500}`` (x repeated),
    and ``{installed:sports}`` (``formats``, ``tiebreakers``, ``games:SPORT``, ``options:SPORT``; ``chains``, the
    tie-break chain presets in Podium's order): what is registered, sorted — so a case about an unknown name keeps passing when another branch adds a format, a tie-breaker, a game
    or a sport's rule option."""
    text = _REPEAT.sub(lambda m: m[1] * int(m[2]), text)
    text = _INSTALLED.sub(lambda m: ", ".join(_installed(m[1]) if m[1] == "chains" else sorted(_installed(m[1]))), text)
    return text.replace("{root}", str(root)).replace("{meet}", str(root / "meet"))


def _installed(kind: str) -> list[str]:
    from podium.registry import registry

    plugins = registry()
    if kind.startswith("games:"):
        return list(plugins.sports[kind.removeprefix("games:")].games)
    if kind == "chains":  # the tie-break chain presets, in the order Podium lists them
        from podium.tiebreakers.presets import CHAINS

        return list(CHAINS)
    if kind.startswith("options:"):
        return [option.name for option in plugins.sports[kind.removeprefix("options:")].options]
    return list(getattr(plugins, kind))


def build_played(root: Path, base: str) -> Path:
    """A played base in ``root/meet``: its meet.toml, its entrants imported and the ``[BASE] setup`` commands run."""
    (root / "meet").mkdir(parents=True)
    shutil.copy(PLAYED[base] / "meet.toml", root / "meet" / "meet.toml")
    shutil.copy(PLAYED[base] / "entrants.csv", root / "entrants.csv")
    with (CORPUS / "cases.toml").open("rb") as handle:
        setup = tomllib.load(handle)[base]["setup"]
    for args in setup:
        done = run(Case(id="setup", args=tuple(args), output=""), root)
        if done.exit_code != 0:
            raise AssertionError(f"{base} setup {args} failed: {done.output}")
    return root / "meet"


def build_base(root: Path, base: str, played: Mapping[str, Path]) -> None:
    """The case folder: ``root/meet`` is a played meet (a copy of ``played[base]``), a fresh meet.toml, or an empty folder."""
    meet = root / "meet"
    if base in PLAYED:
        shutil.copytree(played[base], meet)
    elif base == "fresh":
        meet.mkdir(parents=True)
        shutil.copy(CORPUS / "base" / "meet.toml", meet / "meet.toml")
    else:
        meet.mkdir(parents=True)


def write_files(root: Path, files: Mapping[str, Any]) -> None:
    """Write a case's files (see tests/bad_inputs/README.md for the forms a file may take)."""
    for name, spec in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(spec, str):
            path.write_text(expand(spec, root), encoding="utf-8")
        elif "text" in spec:
            data = expand(spec["text"], root).encode(spec.get("encoding", "utf-8"))
            path.write_bytes((b"\xef\xbb\xbf" if spec.get("bom") else b"") + data)
        elif "hex" in spec:
            path.write_bytes(bytes.fromhex(spec["hex"]) * spec.get("times", 1))
        elif "json" in spec:
            path.write_text(expand(json.dumps(spec["json"], ensure_ascii=False), root), encoding="utf-8")
        elif "xlsx" in spec:
            _write_xlsx(path, spec["xlsx"], spec.get("merge", ()), root, spec.get("cells", {}))
        elif "link" in spec:  # a symbolic link to the given path (placeholders expanded)
            if path.is_file() or path.is_symlink():
                path.unlink()
            path.symlink_to(expand(spec["link"], root))
        elif spec.get("fifo"):  # a named pipe that nobody writes to
            if path.is_file():
                path.unlink()
            os.mkfifo(path)
        elif spec.get("dir"):
            if path.is_file():
                path.unlink()
            path.mkdir(exist_ok=True)
        elif "truncate" in spec:
            path.write_bytes(path.read_bytes()[: spec["truncate"]])
        elif "sql" in spec:  # a database edited by hand, behind Podium's back
            import sqlite3

            connection = sqlite3.connect(path, isolation_level=None)
            try:
                for statement in spec["sql"]:
                    connection.execute(statement)
            finally:
                connection.close()
        else:
            raise ValueError(f"unknown file form for {name}: {spec}")


def _write_xlsx(path: Path, rows: list[list[Any]], merges: list[str], root: Path, cells: Mapping[str, Any]) -> None:
    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    for row in rows:
        sheet.append([expand(v, root) if isinstance(v, str) else (None if v == "" else v) for v in row])
    for merged in merges:
        sheet.merge_cells(merged)
    for coordinate, value in cells.items():  # single cells anywhere, e.g. a stray one at XFD1048576
        sheet[coordinate] = value
    book.save(path)


def snapshot(root: Path) -> dict[str, str]:
    """Every file and folder under ``root`` with the SHA-256 of its bytes (``dir`` for folders, ``link:`` and its
    target for a symbolic link, ``fifo`` for a named pipe: neither is followed or read)."""
    found = {}
    for path in sorted(root.rglob("*")):
        key = str(path.relative_to(root))
        mode = path.lstat().st_mode
        if stat.S_ISLNK(mode):
            found[key] = f"link:{os.readlink(path)}"
        elif stat.S_ISFIFO(mode):
            found[key] = "fifo"
        else:
            found[key] = "dir" if stat.S_ISDIR(mode) else hashlib.sha256(path.read_bytes()).hexdigest()
    return found


def run(case: Case, root: Path) -> Result:
    """Run the case's command through the real CLI, in-process, as ``podium`` would."""
    argv = [expand(a, root) for a in case.args]
    if case.meet:
        argv = ["--meet", str(root / "meet"), *argv]
    return CliRunner().invoke(cli, argv, prog_name="podium", catch_exceptions=True, env={"PODIUM_LANG": case.lang})


def last_entry(meet: Path) -> dict[str, Any]:
    """The newest journal entry of the meet (kind and payload), read with plain SQLite."""
    import sqlite3

    connection = sqlite3.connect(meet / "meet.sqlite")
    try:
        kind, payload = connection.execute("SELECT kind, payload FROM journal ORDER BY seq DESC LIMIT 1").fetchone()
    finally:
        connection.close()
    return {"kind": kind, **json.loads(payload)}


def stored_value(entry: Mapping[str, Any]) -> Any:
    """What an accepted command stored, in the form cases give it: a canonical result, a mark, or names."""
    if entry["kind"] in ("result", "correction"):
        return entry["result"]
    if entry["kind"] == "performance":
        return entry.get("value") or ",".join(entry.get("judges", ())) or entry.get("status")
    if entry["kind"] == "entrants":
        return [e["name"] for e in entry["entrants"]]
    return entry
