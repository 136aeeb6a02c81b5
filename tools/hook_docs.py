"""Write docs/hooks.md from the hook specifications and the protocols they return, so the reference never drifts.

    python tools/hook_docs.py          # rewrite docs/hooks.md
    python tools/hook_docs.py --check  # exit 1 if docs/hooks.md is out of date

Everything comes from the source: the hooks of ``core/hookspecs.py`` with their
docstrings, then the classes a hook returns — attributes (with their defaults and the
docstring under them) and methods (signatures and docstrings; abstract ones must be
implemented). The source is read with ``ast``, so nothing is imported.
"""

from __future__ import annotations

import ast
import inspect
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "docs" / "hooks.md"
HOOKSPECS = ROOT / "core" / "hookspecs.py"
PROTOCOLS = [
    ("podium.model.sports.Sport", ROOT / "core" / "model" / "sports.py", "Sport"),
    ("podium.tiebreakers.base.TieBreaker", ROOT / "core" / "tiebreakers" / "base.py", "TieBreaker"),
    ("podium.formats.base.Format", ROOT / "core" / "formats" / "base.py", "Format"),
]

INTRO = """# Hook reference

Generated from `core/hookspecs.py` and the protocols the hooks return by `tools/hook_docs.py`;
a test keeps it current. `docs/plugins.md` is the tutorial that uses them.

A plugin is a module whose functions carry `@hookimpl` (`from podium.hookspecs import hookimpl`)
and are named after the hooks below; the `podium` entry point of its distribution names the
module. Each hook returns a list; Podium collects the lists of every plugin and looks the
objects up by name. A name provided twice is an error that names both distributions.
"""


def _doc(node: ast.AST) -> str:
    return inspect.cleandoc(ast.get_docstring(node, clean=False) or "")


def _signature(function: ast.FunctionDef) -> str:
    arguments = ast.unparse(function.args)
    arguments = arguments.removeprefix("self, ").removeprefix("self")
    returns = f" -> {ast.unparse(function.returns)}" if function.returns else ""
    return f"{function.name}({arguments}){returns}"


def _hooks() -> list[str]:
    tree = ast.parse(HOOKSPECS.read_text(encoding="utf-8"))
    parts = ["## Hooks\n", _doc(tree) + "\n"]
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and any(ast.unparse(d) == "hookspec" for d in node.decorator_list):
            parts.append(f"### `{_signature(node)}`\n\n{_doc(node)}\n")
    return parts


def _attributes(cls: ast.ClassDef) -> list[str]:
    lines = []
    body = cls.body
    for index, node in enumerate(body):
        if not isinstance(node, ast.AnnAssign) or not isinstance(node.target, ast.Name):
            continue
        annotation = ast.unparse(node.annotation).removeprefix("ClassVar[").removesuffix("]") if "ClassVar" in ast.unparse(node.annotation) else ast.unparse(node.annotation)
        default = f" = `{ast.unparse(node.value)}`" if node.value is not None else " (required)"
        following = body[index + 1] if index + 1 < len(body) else None
        note = ""
        if isinstance(following, ast.Expr) and isinstance(following.value, ast.Constant) and isinstance(following.value.value, str):
            note = " — " + " ".join(inspect.cleandoc(following.value.value).split())
        lines.append(f"- `{node.target.id}: {annotation}`{default}{note}")
    return lines


def _methods(cls: ast.ClassDef) -> list[str]:
    parts = []
    for node in cls.body:
        if not isinstance(node, ast.FunctionDef) or node.name.startswith("_"):
            continue
        abstract = any(ast.unparse(d) == "abstractmethod" for d in node.decorator_list)
        tag = " *(abstract: implement it)*" if abstract else ""
        parts.append(f"#### `{_signature(node)}`{tag}\n\n{_doc(node)}\n")
    return parts


def _protocols() -> list[str]:
    parts = ["## What the hooks return\n"]
    for dotted, path, name in PROTOCOLS:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == name)
        parts.append(f"### `{dotted}`\n\n{_doc(cls)}\n")
        attributes = _attributes(cls)
        if attributes:
            parts.append("Class attributes:\n\n" + "\n".join(attributes) + "\n")
        parts += _methods(cls)
    return parts


def render() -> str:
    return "\n".join([INTRO, *_hooks(), *_protocols()]).rstrip() + "\n"


def main() -> int:
    text = render()
    if "--check" in sys.argv:
        if not TARGET.exists() or TARGET.read_text(encoding="utf-8") != text:
            print("docs/hooks.md is out of date: run python tools/hook_docs.py")
            return 1
        return 0
    TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
