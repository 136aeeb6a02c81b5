"""Docs are true: the hook reference is generated from the hook specifications, and every code block of
the plugin guide is a piece of a real file, a real report, or a command session that runs as shown."""

from __future__ import annotations

import ast
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from podium.testing import CHECKS, check_plugin

from .fixtures import broken_sport

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "plugins.md"
BLOCK = re.compile(r"<!-- (?P<marker>[^>]*?) -->\n```[a-z]*\n(?P<body>.*?)\n```", re.S)


def blocks(kind: str) -> list[tuple[str, str]]:
    """``(marker argument, block text)`` of every fenced block of the guide marked ``<!-- kind: … -->``."""
    text = GUIDE.read_text(encoding="utf-8")
    return [(m["marker"].split(":", 1)[1].strip(), m["body"]) for m in BLOCK.finditer(text) if m["marker"].startswith(kind + ":")]


def test_hook_reference_is_current():
    done = subprocess.run([sys.executable, "tools/hook_docs.py", "--check"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout


def test_hook_reference_has_every_hook():
    tree = ast.parse((ROOT / "core" / "hookspecs.py").read_text(encoding="utf-8"))
    hooks = [n.name for n in tree.body if isinstance(n, ast.FunctionDef)]
    text = (ROOT / "docs" / "hooks.md").read_text(encoding="utf-8")
    assert hooks == ["podium_sports", "podium_formats", "podium_tiebreakers", "podium_templates"]
    for hook in hooks:
        assert f"### `{hook}() -> " in text


def test_code_blocks_are_pieces_of_the_real_files():
    found = blocks("from")
    assert len(found) >= 15
    for path, body in found:
        assert body in (ROOT / path).read_text(encoding="utf-8"), f"docs/plugins.md quotes {path}, which no longer says:\n{body}"


def test_the_table_of_checks_is_the_suites():
    table = GUIDE.read_text(encoding="utf-8").split("| check | what it proves |\n| --- | --- |\n", 1)[1].split("\n\n", 1)[0]
    rows = re.findall(r"^\| `(\w+)` \| (.+) \|$", table, re.M)
    assert rows == list(CHECKS.items())


def test_the_broken_plugin_report_is_what_the_suite_says():
    """Each line of the quoted report is in the report (a line cut with … matches up to the …)."""
    (report,) = check_plugin(broken_sport, refused={"35-20": "21"}, seeds=5)
    said = "\n".join(report.describe(check) for check in CHECKS if report.of(check)).splitlines()
    ((_name, body),) = blocks("output")
    for line in body.splitlines():
        head = line.split("…")[0]
        assert any(s.startswith(head) if "…" in line else s == line for s in said), line


def _match(expected: list[str], actual: list[str]) -> bool:
    """Expected lines in order; ``...`` skips any lines; otherwise lines follow one another from the first to the last."""
    groups: list[list[str]] = [[]]
    for line in expected:
        if line == "...":
            groups.append([])
        else:
            groups[-1].append(line)
    position = 0
    for index, group in enumerate(groups):
        if not group:
            continue
        anchored = index == 0
        starts = [position] if anchored else range(position, len(actual) - len(group) + 1)
        start = next((s for s in starts if actual[s : s + len(group)] == group), None)
        if start is None:
            return False
        position = start + len(group)
    return groups[-1] == [] or position == len(actual)


def _run_session(name: str, folder: Path) -> None:
    site = folder / ".site"
    env = {**os.environ, "PYTHONPATH": str(site), "PODIUM_LANG": "en", "PYTHONDONTWRITEBYTECODE": "1"}
    text = GUIDE.read_text(encoding="utf-8")
    for match in BLOCK.finditer(text):
        marker = match["marker"]
        if not marker.startswith(f"session: {name}"):
            continue
        if "write:" in marker:
            (folder / marker.split("write:", 1)[1].strip()).write_text(match["body"] + "\n", encoding="utf-8")
            continue
        commands: list[tuple[str, list[str]]] = []
        for line in match["body"].splitlines():
            if line.startswith("$ "):
                commands.append((line[2:], []))
            else:
                commands[-1][1].append(line.rstrip())
        for command, expected in commands:
            words = shlex.split(command)
            if words[:2] == ["pip", "install"]:
                source = folder / words[-1] if (folder / words[-1]).exists() else ROOT / words[-1]
                target = shutil.copytree(source, folder / ".src" / source.name, ignore=shutil.ignore_patterns("build", "*.egg-info"))
                subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation",
                                "--target", str(site), str(target)], check=True, capture_output=True)
                continue
            assert words[0] == "podium", f"the session runs only podium and pip commands, not: {command}"
            done = subprocess.run([sys.executable, "-m", "podium", *words[1:]], cwd=folder, env=env, capture_output=True, text=True)
            actual = [line.rstrip() for line in (done.stdout + done.stderr).rstrip().splitlines()]
            refused = any(line.startswith("Error:") for line in expected)
            assert (done.returncode != 0) == refused, f"$ {command}\n{done.stdout}{done.stderr}"
            if expected:
                assert _match(expected, actual), f"$ {command}\nexpected:\n" + "\n".join(expected) + "\nactual:\n" + "\n".join(actual)


@pytest.mark.slow
@pytest.mark.parametrize("session", ["scaffold", "badminton", "checkers", "knockout"])
def test_command_sessions_run_as_shown(session, tmp_path):
    """Each session of the guide, in a folder of its own, with the plugins it installs (built from copies,
    so the source tree gets no build folder) put in a folder of their own (pip --target) on PYTHONPATH:
    the commands succeed (or fail where they show an Error) and print what the guide shows."""
    _run_session(session, tmp_path)
