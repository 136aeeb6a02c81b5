"""Write docs/errors.md from the error codes in the code, so the list of codes never drifts.

Every error Podium and its built-in plugins raise names a stable code next to its English sentence
(``raise StateError(N_("…"), code="event.not_drawn", event=key, target=Target(event=key), …)``); this
tool reads them from the source (the syntax tree: nothing is run) and lists each code with its
sentence, parameters, target fields and hint.

    python tools/error_docs.py          # rewrite docs/errors.md
    python tools/error_docs.py --check  # exit 1 if docs/errors.md is out of date or a raise site has no code
    python tools/error_docs.py --todo   # list the raise sites without a code
"""

from __future__ import annotations

import ast
import string
import sys
from collections.abc import Iterator
from pathlib import Path

import attrs

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "docs" / "errors.md"
SOURCES = ("core", "plugins")

BASE_ERRORS = frozenset({"PodiumError", "ConfigError", "EntrantsError", "ResultError", "NotFound", "StateError"})
RESERVED = frozenset({"code", "target", "hint", "details", "catalog", "frame"})
"""Keywords of an error (or problem) that are not values of its sentence (``podium.errors.RESERVED`` and ``frame``)."""

IMPLICIT_TARGETS: dict[tuple[str, str], tuple[str, ...]] = {
    ("core/config/meet.py", "add"): ("file", "line", "option"),
    ("core/config/entrants_file.py", "add"): ("file", "rows"),
    ("core/config/entrants_file.py", "report"): ("file", "rows"),
}
"""(module, called function) → the target fields a collector of problems fills in itself; a problem of a
``Reader`` (``reader.problem(…)``) is placed at its file, line and key by the collector of ``meet.toml``."""

AREAS: dict[str, str] = {
    "meet": "the meet folder",
    "config": "`meet.toml`: its tables, keys and values (each problem placed at its file, line and key)",
    "entrants": "entrants files, registration, eligibility and quotas",
    "event": "naming an event, and what its state allows",
    "stage": "stages of an event",
    "match": "naming a match, and what its state allows",
    "entrant": "naming an entrant",
    "draw": "draws, by seed or from a file",
    "result": "results and corrections",
    "performance": "performances in measured events: values, marks, judges, relay legs",
    "pair": "pairing the rounds of a Swiss",
    "advance": "closing a stage and drawing the next",
    "tie": "ties: lots, play-offs, warnings and removals",
    "withdrawal": "withdrawals",
    "schedule": "the order of play: times, pins and moves",
    "sportsday": "awards and disqualifications",
    "archive": "export and import of a whole meet, backups",
    "store": "the meet's database",
    "file": "files named on the command line, files written",
    "print": "printed documents and their templates",
    "plugin": "plugins: the registry, new sports, the conformance suite",
    "cli": "the command line itself",
    "web": "the web face: entry links and the organiser's desk (`podium serve`)",
    "table_tennis": "the table-tennis plugin",
    "xiangqi": "the xiangqi plugin",
    "weiqi": "the weiqi plugin",
    "gomoku": "the gomoku plugin",
    "fun_games": "the fun-games plugin",
    "athletics": "the athletics plugin: times, distances, high-jump series, wind readings",
}
"""Area (the first part of a code) → what its errors are about, in the order of the page."""

INTRO = """# Error codes

Generated from the source by `tools/error_docs.py`; a test keeps it current and checks that every
error Podium raises has a code, that a code has one sentence and a sentence one code.

Every error a user can cause is one sentence (exit status 2, nothing changed) and, for programs and
other faces, a **code**: stable, dotted, grouped by area. A code keeps its meaning across releases;
its English sentence may be reworded. With the sentence come its **params** (the values in it, by
placeholder name), a **target** (what the error is about) and, where there is one, a **hint** (the
next step, as an action a face renders: the CLI as a command to type, a web page as a button).

The sentence is translated where it is shown: `error.render("zh")`, `error.render("en")` or
`str(error)` (the current language) on the same `PodiumError`.

## JSON

A command given `--json` prints an error to **stdout** (where its normal output would have gone, so a
script reads one stream) as one JSON object, and exits with status 2:

```json
{
  "error": {
    "code": "event.not_drawn",
    "message": "Event 'ms' has not been drawn yet.",
    "params": {"event": "ms"},
    "target": {"event": "ms"},
    "hint": {"action": "draw", "params": {"event": "ms"}, "text": "run 'podium draw ms'"},
    "details": []
  }
}
```

- `message` and the text values of `params` are in the language of the invocation (`--lang`).
- `target` holds only the fields that apply: `file`, `rows` (rows of a table file, the header being
  row 1), `line` (of a text file), `option` (a key path in `meet.toml`, `events.ms.rules.best_of`),
  `event`, `stage`, `match` (its number), `entrant`, `argument` (the input of the command that is wrong).
- `hint` is `null` or an action with its params; `text` is how the CLI words it.
- `details` lists the problems an error sums up (every bad row of an entrants file, every problem of
  `meet.toml`), each with the same keys (`details` aside), or `{"message": …}` for a note.
- A mistake in how the command is typed (a missing argument, an unknown option), found before the command runs,
  has the code `usage`, its sentence as `message`, and no params, target or hint.

Without `--json` the CLI prints `Error: ` and the sentence, with the hint joined to it
(`Error: Event 'ms' has not been drawn yet; run 'podium draw ms'.`), and each detail on a line of its
own, to stderr.

## Plugins

A plugin's codes start with its name (`badminton.score_past_30`); Podium's built-in sports do the same
(`table_tennis.…`, `xiangqi.…`). An error raised without a code (a sentence the plugin already
translated) gets its class's code: `error` (`PodiumError`), `config.invalid`, `entrants.invalid`,
`result.invalid`, `not_found`, `state.invalid`. See `docs/plugins.md`.
"""


@attrs.frozen
class Site:
    """One place in the source that names a code."""

    where: str
    code: str
    template: str | tuple[str, str] | None
    params: tuple[str, ...] | None
    """The values given for the sentence; ``None`` when they are passed as ``**mapping``."""
    target: tuple[str, ...] | None
    """The target fields given; ``None`` when the target is not written as ``Target(...)``."""
    hints: tuple[tuple[str, tuple[str, ...]], ...]


@attrs.frozen
class Finding:
    where: str
    problem: str


def _files() -> Iterator[tuple[str, ast.Module]]:
    for folder in SOURCES:
        for path in sorted((ROOT / folder).rglob("*.py")):
            relative = path.relative_to(ROOT).as_posix()
            yield relative, ast.parse(path.read_text(encoding="utf-8"), relative)


def _name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def error_classes(trees: list[tuple[str, ast.Module]]) -> frozenset[str]:
    """The names of :class:`PodiumError` and of every class derived from it in the sources."""
    found = set(BASE_ERRORS)
    changed = True
    while changed:
        changed = False
        for _path, tree in trees:
            for node in ast.walk(tree):
                if isinstance(node, ast.ClassDef) and node.name not in found and any(_name(b) in found for b in node.bases):
                    found.add(node.name)
                    changed = True
    return frozenset(found)


def _template(node: ast.expr) -> str | tuple[str, str] | None:
    if isinstance(node, ast.Call) and _name(node.func) in ("N_", "N_plural") and all(
        isinstance(a, ast.Constant) and isinstance(a.value, str) for a in node.args
    ):
        texts = [a.value for a in node.args]
        return texts[0] if len(texts) == 1 else (texts[0], texts[1])
    return None


def _hints(node: ast.expr | None) -> tuple[tuple[str, tuple[str, ...]], ...]:
    if node is None:
        return ()
    found = []
    for call in ast.walk(node):
        if isinstance(call, ast.Call) and _name(call.func) == "Hint" and call.args and isinstance(call.args[0], ast.Constant):
            found.append((str(call.args[0].value), tuple(sorted(k.arg for k in call.keywords if k.arg))))
    return tuple(found)


def _translated_inside(node: ast.Call) -> bool:
    """Whether an argument of ``node`` is translated where the error is made (``_(…)``, ``ngettext(…)``)."""
    for argument in [*node.args, *(k.value for k in node.keywords)]:
        for inner in ast.walk(argument):
            if isinstance(inner, ast.Call) and _name(inner.func) in ("_", "ngettext"):
                return True
    return False


def scan() -> tuple[list[Site], list[Finding]]:
    """Every coded site of the sources, and every raise site without a code (or translated where raised)."""
    trees = list(_files())
    classes = error_classes(trees)
    sites: list[Site] = []
    findings: list[Finding] = []
    for path, tree in trees:
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            where = f"{path}:{node.lineno}"
            keywords = {k.arg: k.value for k in node.keywords if k.arg}
            code = keywords.get("code")
            callee = _name(node.func)
            if code is None:
                if callee in classes and node.args and _made_here(node.args[0]):
                    findings.append(Finding(where, f"{callee}(…) has no code"))
                continue
            templates = [t for t in map(_template, node.args) if t is not None]
            if not (isinstance(code, ast.Constant) and isinstance(code.value, str)):
                if templates:  # a sentence written here needs its code written here too
                    findings.append(Finding(where, "the code is not written out as a string"))
                continue  # a helper passing on the code it was given
            template = templates[0] if templates else None
            if template is None:
                findings.append(Finding(where, f"{code.value}: the sentence is not written out as N_(\"…\") or N_plural(\"…\", \"…\")"))
            if _translated_inside(node):
                findings.append(Finding(where, f"{code.value}: translated where it is made (_() or ngettext() in its arguments)"))
            spread = any(k.arg is None for k in node.keywords)
            params = None if spread else tuple(sorted(set(keywords) - RESERVED))
            target_node = keywords.get("target")
            if target_node is None and callee == "problem" and isinstance(node.func, ast.Attribute):
                target: tuple[str, ...] | None = ("file", "line", "option")
            elif target_node is None:
                target = IMPLICIT_TARGETS.get((path, callee or ""), ())
            elif isinstance(target_node, ast.Call) and _name(target_node.func) == "Target":
                target = tuple(sorted(k.arg for k in target_node.keywords if k.arg))
            else:
                target = None
            sites.append(Site(where, code.value, template, params, target, _hints(keywords.get("hint"))))
    return sites, findings


def _made_here(node: ast.expr) -> bool:
    """Whether an error's first argument is a sentence made at the raise site (rather than a problem passed on)."""
    if isinstance(node, (ast.Constant, ast.JoinedStr)):
        return True
    return isinstance(node, ast.Call) and _name(node.func) in ("_", "ngettext", "format", "N_", "N_plural")


def placeholders(template: str | tuple[str, str]) -> tuple[str, ...]:
    texts = [template] if isinstance(template, str) else list(template)
    return tuple(sorted({n.split(".")[0].split("[")[0] for t in texts for _, n, _, _ in string.Formatter().parse(t) if n}))


def check(sites: list[Site], findings: list[Finding]) -> list[str]:
    """Everything wrong with the codes: raise sites without one, a code with two sentences or a sentence with
    two codes (within Podium, or within one plugin: two plugins may say the same), values that do not fit the
    sentence's placeholders, codes of an undocumented area."""
    problems = [f"{f.where}: {f.problem}" for f in findings]
    by_code: dict[str, set[str | tuple[str, str]]] = {}
    by_template: dict[tuple[str, str | tuple[str, str]], set[str]] = {}
    for site in sites:
        if site.template is None:
            continue
        by_code.setdefault(site.code, set()).add(site.template)
        owner = site.where.split("/")[1] if site.where.startswith("plugins/") else "core"
        by_template.setdefault((owner, site.template), set()).add(site.code)
        if site.params is not None and set(site.params) != set(placeholders(site.template)):
            problems.append(
                f"{site.where}: {site.code}: values {sorted(site.params)} do not fit the placeholders {list(placeholders(site.template))}"
            )
        clashes = set(placeholders(site.template)) & RESERVED
        if clashes:
            problems.append(f"{site.where}: {site.code}: placeholders named like keywords of errors: {sorted(clashes)}")
        area = site.code.split(".")[0]
        if area not in AREAS:
            problems.append(f"{site.where}: {site.code}: the area {area!r} is not in AREAS of tools/error_docs.py")
        if site.where.startswith("plugins/"):
            plugin = site.where.split("/")[1]
            if area != plugin:
                problems.append(f"{site.where}: {site.code}: a code of the plugin {plugin} starts with '{plugin}.'")
        if "." not in site.code or not all(part and part.replace("_", "").isalnum() and part.islower() for part in site.code.split(".")):
            problems.append(f"{site.where}: {site.code}: a code is dotted lower-case words (area.what)")
    problems += [f"{code}: one code, several sentences: {sorted(map(str, texts))}" for code, texts in by_code.items() if len(texts) > 1]
    problems += [
        f"{text!r}: one sentence, several codes: {sorted(codes)}" for (_owner, text), codes in by_template.items() if len(codes) > 1
    ]
    return problems


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def render(sites: list[Site]) -> str:
    """docs/errors.md."""
    from podium.faces.cli.hints import HINTS

    codes: dict[str, list[Site]] = {}
    for site in sites:
        codes.setdefault(site.code, []).append(site)
    parts = [INTRO]
    for area, about in AREAS.items():
        listed = sorted(code for code in codes if code.split(".")[0] == area)
        if not listed:
            continue
        parts.append(f"## `{area}`: {about}\n")
        parts.append("| code | sentence | params | target | hint |\n| --- | --- | --- | --- | --- |")
        for code in listed:
            found = codes[code]
            template = found[0].template or ""
            sentence = template if isinstance(template, str) else f"{template[0]} / {template[1]}"
            params = ", ".join(f"`{p}`" for p in placeholders(template)) if template else ""
            targets = sorted({t for s in found if s.target for t in s.target})
            hints = sorted({f"`{action}`" for s in found for action, _values in s.hints})
            parts.append(f"| `{code}` | {_cell(sentence)} | {params} | {', '.join(f'`{t}`' for t in targets)} | {', '.join(hints)} |")
        parts.append("")
    used: dict[str, set[str]] = {}
    for site in sites:
        for action, values in site.hints:
            used.setdefault(action, set()).update(values)
    parts.append("## Hints\n")
    parts.append("The next steps errors point to, the values each carries, and how the CLI words it.\n")
    parts.append("| action | params | the CLI says |\n| --- | --- | --- |")
    for action in sorted(HINTS):
        values = ", ".join(f"`{v}`" for v in sorted(used.get(action, ())))
        parts.append(f"| `{action}` | {values} | {_cell(HINTS[action])} |")
    return "\n".join(parts) + "\n"


def main() -> int:
    sites, findings = scan()
    if "--todo" in sys.argv:
        for finding in findings:
            print(f"{finding.where}: {finding.problem}")
        print(f"{len(findings)} to do, {len({s.code for s in sites})} codes at {len(sites)} sites")
        return 0
    text = render(sites)
    if "--check" in sys.argv:
        problems = check(sites, findings)
        for problem in problems:
            print(problem)
        if not TARGET.is_file() or TARGET.read_text(encoding="utf-8") != text:
            print("docs/errors.md is out of date: run python tools/error_docs.py")
            return 1
        return 1 if problems else 0
    TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
