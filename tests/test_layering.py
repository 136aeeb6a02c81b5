"""The layering rules of docs/architecture.md, checked on every import statement."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_core_never_imports_a_plugin():
    offenders = [
        (str(path.relative_to(ROOT)), name)
        for path in (ROOT / "core").rglob("*.py")
        for name in imports(path)
        if name.startswith("podium.plugins")
    ]
    assert offenders == []


def test_plugins_never_import_each_other():
    offenders = []
    for plugin in (p for p in (ROOT / "plugins").iterdir() if p.is_dir() and (p / "__init__.py").exists()):
        for path in plugin.rglob("*.py"):
            for name in imports(path):
                if name.startswith("podium.plugins.") and not name.startswith(f"podium.plugins.{plugin.name}"):
                    offenders.append((str(path.relative_to(ROOT)), name))
    assert offenders == []


def test_formats_and_standings_know_no_sport():
    pure = [*(ROOT / "core" / "formats").rglob("*.py"), *(ROOT / "core" / "tiebreakers").rglob("*.py"), *(ROOT / "core" / "standings").rglob("*.py")]
    offenders = [(str(p.relative_to(ROOT)), n) for p in pure for n in imports(p) if n in ("podium.model.sports", "podium.registry")]
    assert offenders == []


def test_heavy_modules_are_not_imported_at_module_level():
    heavy = ("weasyprint", "openpyxl")
    offenders = []
    for path in (ROOT / "core").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
                offenders += [(str(path.relative_to(ROOT)), n) for n in names if n.split(".")[0] in heavy]
    assert offenders == []
