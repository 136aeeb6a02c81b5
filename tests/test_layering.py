"""The layering rules of docs/architecture.md, checked on every import statement.

Every import counts: at module level, inside functions (lazy imports) and under ``TYPE_CHECKING``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = {"core": "podium", "plugins": "podium.plugins"}


def module_name(path: Path) -> str:
    """The dotted name ``path`` is installed under (``core/journal/state.py`` → ``podium.journal.state``)."""
    for folder, package in PACKAGES.items():
        base = ROOT / folder
        if path.is_relative_to(base):
            parts = list(path.relative_to(base).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            return ".".join([package, *parts])
    raise ValueError(path)


MODULES = {module_name(p): p for folder in PACKAGES for p in (ROOT / folder).rglob("*.py")}


def imports(path: Path) -> set[str]:
    """Every module ``path`` imports: ``from pkg import sub`` names the submodule ``pkg.sub`` when it is one."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            submodules = {f"{node.module}.{alias.name}" for alias in node.names} & MODULES.keys()
            names.update(submodules or {node.module})
            if len(submodules) < len(node.names):
                names.add(node.module)
    return names


def graph() -> nx.DiGraph:
    found = nx.DiGraph()
    for name, path in MODULES.items():
        found.add_node(name)
        found.add_edges_from((name, target) for target in imports(path) if target in MODULES and target != name)
    return found


def test_no_import_cycles():
    """No module of Podium imports itself through others, lazily or for type checking alone."""
    assert sorted(sorted(cycle) for cycle in nx.simple_cycles(graph())) == []


def test_the_layer_graph_check_sees_lazy_and_type_checking_imports():
    """The check above is not blind: a function-level and a TYPE_CHECKING import are both edges."""
    edges = graph()
    assert edges.has_edge("podium.journal.state", "podium.journal.measured_stage")  # inside a function
    assert edges.has_edge("podium.hookspecs", "podium.model.sports")  # under TYPE_CHECKING


def test_core_never_imports_a_plugin():
    offenders = [
        (str(path.relative_to(ROOT)), name)
        for path in (ROOT / "core").rglob("*.py")
        for name in imports(path)
        if name.startswith("podium.plugins")
    ]
    assert offenders == []


def plugin_code() -> list[Path]:
    """The built-in sports, the example plugins with their tests, and the scaffold of ``podium new-sport``."""
    return [
        *(ROOT / "plugins").rglob("*.py"),
        *(ROOT / "examples").rglob("*.py"),
        *(ROOT / "core" / "scaffold" / "files").rglob("*.py.tmpl"),
    ]


def test_plugins_and_examples_use_only_the_public_api():
    """A sport plugin imports Podium only through ``podium.api`` (docs/hooks.md, "The public API")."""
    offenders = []
    for path in plugin_code():
        for name in imports(path):
            own = name.startswith("podium.plugins.") and path.is_relative_to(ROOT / "plugins" / name.split(".")[2])
            if name.startswith("podium") and name != "podium.api" and not own and not name.startswith("podium_"):
                offenders.append((str(path.relative_to(ROOT)), name))
    assert offenders == []


def test_plugins_never_import_each_other():
    offenders = []
    for plugin in (p for p in (ROOT / "plugins").iterdir() if p.is_dir() and (p / "__init__.py").exists()):
        for path in plugin.rglob("*.py"):
            for name in imports(path):
                if name.startswith("podium.plugins.") and not name.startswith(f"podium.plugins.{plugin.name}"):
                    offenders.append((str(path.relative_to(ROOT)), name))
    assert offenders == []


def test_faces_are_imported_by_no_inner_layer():
    """The model, the domain, the journal, the store and the services never reach up to a face."""
    inner = ("model", "config", "formats", "tiebreakers", "standings", "measure", "sportsday", "schedule", "journal", "store", "services")
    offenders = [
        (name, target)
        for name, path in MODULES.items()
        if name.split(".")[1:2] and name.split(".")[1] in inner
        for target in imports(path)
        if target.startswith("podium.faces")
    ]
    assert offenders == []


def test_the_domain_reads_no_journal_store_or_services():
    """Formats, tie-breakers, standings, the sports-day rules and the model are pure: no journal, store or service."""
    pure = ("model", "formats", "tiebreakers", "sportsday")
    offenders = [
        (name, target)
        for name, path in MODULES.items()
        if name.split(".")[1:2] and name.split(".")[1] in pure
        for target in imports(path)
        if target.startswith(("podium.journal", "podium.store", "podium.services"))
    ]
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


def test_the_public_api_names_what_it_exports():
    """Every name of ``podium.api`` resolves, and nothing else is reachable through it."""
    import podium.api as api

    for name in api.__all__:
        assert getattr(api, name) is not None
    try:
        api.__getattr__("Meet")
    except AttributeError:
        pass
    else:
        raise AssertionError("podium.api exports Meet, which is not part of the plugin API")
