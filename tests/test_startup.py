"""Quick commands stay quick: ``podium --help`` and ``podium matches`` never import WeasyPrint."""

from __future__ import annotations

import subprocess
import sys

PROBE = """
import sys
from podium.cli import cli
try:
    cli(args={args!r}, prog_name="podium", standalone_mode=False)
except SystemExit:
    pass
print("HEAVY:" + ",".join(sorted(m for m in ("weasyprint", "openpyxl", "networkx", "jinja2") if m in sys.modules)))
"""


def run_probe(args: list[str], cwd) -> str:
    out = subprocess.run([sys.executable, "-c", PROBE.format(args=args)], capture_output=True, text=True, cwd=cwd, check=True)
    return out.stdout.rsplit("HEAVY:", 1)[1].strip()


def test_help_imports_nothing_heavy(tmp_path):
    assert run_probe(["--help"], tmp_path) == ""


def test_matches_imports_nothing_heavy(make_meet, podium):
    from tests.test_vertical_slice import PLAYERS

    folder = make_meet(entrants=PLAYERS)
    podium(folder, "entrants", "import", str(folder / "entrants.csv"))
    podium(folder, "draw", "ms", "--seed", "3")
    assert run_probe(["--meet", str(folder), "matches", "ms"], folder) == ""
