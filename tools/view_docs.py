"""Write docs/views.md from the view models (podium.views), so the documented JSON shapes never drift.

    python tools/view_docs.py          # rewrite docs/views.md
    python tools/view_docs.py --check  # exit 1 if docs/views.md is out of date

The same reading of the attrs classes checks real JSON against them (:func:`problems`), which the tests do
for the ``--json`` output of every command.
"""

from __future__ import annotations

import ast
import datetime as dt
import enum
import inspect
import sys
import types
import typing
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import attrs

from podium.i18n import Label
from podium.views import answers, awards, entrants, log, matches, schedule, sports, standings

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "docs" / "views.md"
MODULES = (matches, standings, schedule, awards, entrants, log, sports, answers)

COMMANDS = (
    ("podium matches EVENT", "MatchListView", "its `items`: an array of MatchView and HeatView"),
    ("podium standings EVENT", "StandingsView", ""),
    ("podium standings EVENT --teams", "TeamRankingView", ""),
    ("podium schedule", "ScheduleView", ""),
    ("podium schedule --now", "NowView", ""),
    ("podium awards [EVENT]", "AwardsView", ""),
    ("podium medals", "MedalsView", ""),
    ("podium entrants list [EVENT]", "EntrantListView", ""),
    ("podium log", "LogView", "its `entries`: an array of LogEntryView"),
    ("podium sports", "InstalledView", ""),
    ("podium sports SPORT", "SportInfoView", ""),
    ("podium sports --game NAME", "GameView", ""),
    ("podium sports SPORT --check", "ConformanceView", ""),
)
"""What ``--json`` prints, command by command."""

INTRO = """# View models and their JSON

Generated from the attrs classes of `podium.views` by `tools/view_docs.py`; a test keeps it current and
checks the `--json` output of every command against these shapes.

Every face shows the same view models: the CLI prints them as text tables or, with `--json`, as the JSON
described here; printed documents fill their templates with them; the web face renders them too. The
services answer with them (`podium.services`: queries such as `standings(state, event)` return a view,
commands such as `record(meet, event, match, text)` return an answer). A view holds keys, codes, numbers
and names in both languages — never text translated into one language — so the JSON is the same whatever
`--lang` says.

## How values appear in JSON

| in the model | in JSON |
| --- | --- |
| a name or sentence in both languages (`Label`) | an object `{"zh": "…", "en": "…"}` |
| an enum (a status, an entrant kind) | its value: `"done"`, `"individual"` |
| a tuple | an array |
| a mapping | an object |
| a moment of the journal (with a time zone) | ISO 8601 with the offset: `"2026-05-20T01:30:05+00:00"` |
| a time of the timetable (the meet's wall clock) | `"2026-05-20 09:30"` |
| a day; a time of day | `"2026-05-20"`; `"09:30"` |
| a decimal or a fraction | its text: `"12.34"`, `"3/2"` |
| nothing | `null` |

A field marked "or null" may be `null`; every other field is always present.

## What each command prints with `--json`

| command | view |
| --- | --- |
"""


def _field_docs(cls: type) -> dict[str, str]:
    """The docstrings written under each field of ``cls`` (a string literal right after the annotation)."""
    source = inspect.getsource(cls)
    body = ast.parse(source).body[0]
    assert isinstance(body, ast.ClassDef)
    found: dict[str, str] = {}
    items = body.body
    for statement, following in zip(items, [*items[1:], None], strict=True):
        if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
            if isinstance(following, ast.Expr) and isinstance(following.value, ast.Constant) and isinstance(following.value.value, str):
                found[statement.target.id] = " ".join(following.value.value.split())
    return found


def _models(module: types.ModuleType) -> list[type]:
    """The attrs classes defined in ``module``, in source order."""
    classes = [c for c in vars(module).values() if isinstance(c, type) and attrs.has(c) and c.__module__ == module.__name__]
    return sorted(classes, key=lambda c: inspect.getsourcelines(c)[1])


def _enums(module: types.ModuleType) -> list[type[enum.Enum]]:
    classes = [c for c in vars(module).values() if isinstance(c, type) and issubclass(c, enum.Enum) and c.__module__ == module.__name__]
    return sorted(classes, key=lambda c: inspect.getsourcelines(c)[1])


def fields(cls: type) -> dict[str, Any]:
    """The fields of the attrs class ``cls`` with their resolved types, in order."""
    hints = typing.get_type_hints(cls)
    return {field.name: hints[field.name] for field in attrs.fields(cls)}


def _link(cls: type) -> str:
    return f"[{cls.__name__}](#{cls.__name__.lower()})"


def words(kind: Any) -> str:
    """The JSON shape of ``kind`` (a type hint) in words, with links to the models it holds."""
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin in (typing.Union, types.UnionType):
        others = [a for a in args if a is not type(None)]
        if any(typing.get_origin(a) is Callable for a in others):
            return words(others[0])
        if set(others) == {int, float}:
            text = "number"
        elif len(others) > 1 and any(typing.get_origin(a) is tuple for a in others) and set(others) - {int, float, str, bool}:
            text = "number, text, true/false, or an array of those"
        else:
            text = " or ".join(words(a) for a in others)
        return f"{text} or null" if len(others) < len(args) else text
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return f"array of {words(args[0])}"
        return "[" + ", ".join(words(a) for a in args) + "]"
    if origin in (Mapping, dict, typing.Mapping) or kind in (Mapping, dict):
        return f"object of {words(args[1])}" if args else "object"
    if kind is Any:
        return "any JSON value"
    if origin is Callable:
        return "— (a function for faces in Python, not in the JSON)"
    if kind is Label:
        return "`{zh, en}`"
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return "one of " + ", ".join(f"`{m.value}`" for m in kind)
    if isinstance(kind, type) and attrs.has(kind):
        return _link(kind)
    simple = {str: "text", int: "integer", float: "number", bool: "true/false", type(None): "null",
              dt.datetime: "date and time", dt.date: "date", dt.time: "time of day"}
    return simple.get(kind, getattr(kind, "__name__", str(kind)))


def _referenced(classes: list[type]) -> list[type]:
    """Model values the views hold that are defined outside :mod:`podium.views` (a person, an outcome)."""
    seen = set(classes)
    found: list[type] = []

    def visit(kind: Any) -> None:
        for arg in typing.get_args(kind):
            visit(arg)
        if isinstance(kind, type) and attrs.has(kind) and kind not in seen and kind is not Label:
            seen.add(kind)
            found.append(kind)
            for inner in fields(kind).values():
                visit(inner)

    for cls in classes:
        for kind in fields(cls).values():
            visit(kind)
    return found


def _section(cls: type) -> list[str]:
    docs = _field_docs(cls)
    lines = ["", f"### {cls.__name__}", "", " ".join((inspect.getdoc(cls) or "").split()), ""]
    lines += ["| field | JSON | meaning |", "| --- | --- | --- |"]
    lines += [f"| `{name}` | {words(kind)} | {docs.get(name, '')} |" for name, kind in fields(cls).items()]
    return lines


def render() -> str:
    lines = [INTRO.rstrip("\n")]
    for command, view, note in COMMANDS:
        lines.append(f"| `{command} --json` | [{view}](#{view.lower()}){' — ' + note if note else ''} |")
    every: list[type] = []
    for module in MODULES:
        title = (module.__doc__ or module.__name__).strip().splitlines()[0]
        lines += ["", f"## `{module.__name__}`", "", title]
        for cls in _models(module):
            every.append(cls)
            lines += _section(cls)
        for kind in _enums(module):
            lines += ["", f"### {kind.__name__}", "", " ".join((kind.__doc__ or "").split()), ""]
            lines += ["| value | meaning |", "| --- | --- |"]
            members = _enum_docs(kind)
            lines += [f"| `{m.value}` | {members.get(m.name, '')} |" for m in kind]
    lines += ["", "## Model values in views", "", "Values of Podium's model that views hold as they are."]
    for cls in _referenced(every):
        lines += _section(cls)
    return "\n".join(lines) + "\n"


def _enum_docs(kind: type[enum.Enum]) -> dict[str, str]:
    body = ast.parse(inspect.getsource(kind)).body[0]
    assert isinstance(body, ast.ClassDef)
    found: dict[str, str] = {}
    for statement, following in zip(body.body, [*body.body[1:], None], strict=True):
        if isinstance(statement, ast.Assign) and isinstance(statement.targets[0], ast.Name):
            if isinstance(following, ast.Expr) and isinstance(following.value, ast.Constant):
                found[statement.targets[0].id] = " ".join(str(following.value.value).split())
    return found


def problems(value: Any, kind: Any, where: str = "$") -> list[str]:
    """Where the JSON ``value`` does not have the documented shape of ``kind`` (empty when it has)."""
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in args:
            return []
        found = [problems(value, a, where) for a in args if a is not type(None)]
        return [] if any(not f for f in found) else min(found, key=len)
    if origin is tuple:
        if not isinstance(value, list):
            return [f"{where}: an array, not {value!r}"]
        if len(args) == 2 and args[1] is Ellipsis:
            return [p for i, item in enumerate(value) for p in problems(item, args[0], f"{where}[{i}]")]
        if len(value) != len(args):
            return [f"{where}: {len(args)} items, not {len(value)}"]
        return [p for i, (item, a) in enumerate(zip(value, args, strict=True)) for p in problems(item, a, f"{where}[{i}]")]
    if origin in (Mapping, dict, typing.Mapping) or kind in (Mapping, dict):
        if not isinstance(value, dict):
            return [f"{where}: an object, not {value!r}"]
        return [p for k, item in value.items() for p in problems(item, args[1], f"{where}.{k}")] if args else []
    if kind is Any or origin is Callable:
        return []
    if kind is Label:
        return [] if isinstance(value, dict) and set(value) == {"zh", "en"} else [f"{where}: {{zh, en}}, not {value!r}"]
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return [] if value in {m.value for m in kind} else [f"{where}: one of {[m.value for m in kind]}, not {value!r}"]
    if isinstance(kind, type) and attrs.has(kind):
        if not isinstance(value, dict):
            return [f"{where}: an object ({kind.__name__}), not {value!r}"]
        expected = fields(kind)
        found = [f"{where}: {kind.__name__} has no field {k!r}" for k in value if k not in expected]
        found += [f"{where}: {kind.__name__} lacks {k!r}" for k in expected if k not in value]
        return found + [p for k, a in expected.items() if k in value for p in problems(value[k], a, f"{where}.{k}")]
    checks = {
        str: lambda v: isinstance(v, str),
        int: lambda v: isinstance(v, int) and not isinstance(v, bool),
        float: lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
        bool: lambda v: isinstance(v, bool),
        type(None): lambda v: v is None,
        dt.datetime: lambda v: isinstance(v, str) and _parses(v, dt.datetime.fromisoformat),
        dt.date: lambda v: isinstance(v, str) and _parses(v, dt.date.fromisoformat),
        dt.time: lambda v: isinstance(v, str) and _parses(v, dt.time.fromisoformat),
    }
    if kind in checks:
        return [] if checks[kind](value) else [f"{where}: {words(kind)}, not {value!r}"]
    raise TypeError(f"{where}: no JSON shape for {kind!r}")


def _parses(text: str, parse: Any) -> bool:
    try:
        parse(text)
    except ValueError:
        return False
    return True


def main() -> int:
    text = render()
    if "--check" in sys.argv:
        if TARGET.read_text(encoding="utf-8") != text:
            print("docs/views.md is out of date: run python tools/view_docs.py")
            return 1
        return 0
    TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
