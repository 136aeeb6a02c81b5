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
API = ROOT / "core" / "api.py"
PROTOCOLS = [
    ("podium.api.Sport", ROOT / "core" / "model" / "sports.py", "Sport"),
    ("podium.api.TieBreaker", ROOT / "core" / "tiebreakers" / "base.py", "TieBreaker"),
    ("podium.api.Format", ROOT / "core" / "formats" / "base.py", "Format"),
]

INTRO = """# Hook reference

Generated from `core/hookspecs.py` and the protocols the hooks return by `tools/hook_docs.py`;
a test keeps it current. `docs/plugins.md` is the tutorial that uses them.

A plugin is a module whose functions carry `@hookimpl` (`from podium.api import hookimpl`)
and are named after the hooks below; the `podium` entry point of its distribution names the
module. Each hook returns a list; Podium collects the lists of every plugin and looks the
objects up by name. A name provided twice is an error that names both distributions.
"""


def _api() -> list[str]:
    """The public API: the module's docstring (with the stability promise), then every name it exports,
    grouped as in the source, with the first line of the docstring of what it names."""
    tree = ast.parse(API.read_text(encoding="utf-8"))
    exports = next(
        node.value for node in tree.body
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.target.id == "_EXPORTS"
    )
    assert isinstance(exports, ast.Dict)
    parts = ["## The public API: `podium.api`\n", _doc(tree) + "\n", "| name | what it is | defined in |", "| --- | --- | --- |"]
    for key, value in zip(exports.keys, exports.values, strict=True):
        assert isinstance(key, ast.Constant) and isinstance(value, ast.Tuple)
        module, attribute = (ast.literal_eval(element) for element in value.elts)
        parts.append(f"| `{key.value}` | {_summary(module, attribute)} | `{module}` |")
    return [*parts[:4], *parts[4:], ""]


def _summary(module: str, attribute: str) -> str:
    """The first sentence of the docstring of ``module.attribute`` (read from the source), or of the comment of a constant."""
    relative = module.removeprefix("podium").lstrip(".").split(".") if module != "podium" else []
    path = ROOT.joinpath("core", *relative).with_suffix(".py")
    if not path.exists():
        path = ROOT.joinpath("core", *relative, "__init__.py")
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for index, node in enumerate(tree.body):
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)) and node.name == attribute:
            return _first_sentence(_doc(node))
        targets = [node.target] if isinstance(node, ast.AnnAssign) else node.targets if isinstance(node, ast.Assign) else []
        if any(isinstance(t, ast.Name) and t.id == attribute for t in targets):
            following = tree.body[index + 1] if index + 1 < len(tree.body) else None
            if isinstance(following, ast.Expr) and isinstance(following.value, ast.Constant) and isinstance(following.value.value, str):
                return _first_sentence(inspect.cleandoc(following.value.value))
            return "a constant"
    raise LookupError(f"{module}.{attribute} is exported by podium.api but not defined in {path}")


def _first_sentence(text: str) -> str:
    flat = " ".join(text.split())
    end = flat.find(". ")
    return (flat if end < 0 else flat[: end + 1]).replace("|", "\\|")


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
    return "\n".join([INTRO, *_api(), *_hooks(), *_protocols()]).rstrip() + "\n"


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
