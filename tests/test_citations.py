"""Rule citations a reader can follow (issue 16, item 8).

Podium cites rules by document and article (``CXA 2011 §14.3.2``, ``Weiqi 2002 Art. 11``,
``table-tennis plan 6 §7(3)``), and ``docs/sources.md`` names every document. These tests fail when a
file cites a private source file or line instead, when an option, tie-breaker or game names a
document that ``docs/sources.md`` does not, and when a Chinese text cites a 《title》 it does not list.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

from podium.registry import registry

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "docs" / "sources.md"
SCANNED = ("core", "plugins", "templates", "docs", "examples", "tests", "README.md")
TEXT_SUFFIXES = {".py", ".md", ".html", ".j2", ".css", ".toml", ".po", ".txt", ".csv", ".cfg", ".ini", ".json", ".yaml"}

PRIVATE_CITATIONS = {
    "a seed file by number": re.compile(r"\bseeds? ?0\d\d\b", re.IGNORECASE),
    "a seed file by path": re.compile(r"\bseeds?/0\d\d"),
    "a digest of the seeds": re.compile(r"\bseed-0\d\d"),
    "a line of a numbered file": re.compile(r"\b0\d\d:L\d+"),
    "a character offset in a line": re.compile(r"\bL\d+@\d+"),
    "a range of lines": re.compile(r"(?<![\w.])L\d+\s?[–—-]\s?L?\d+(?![\w.])"),
    "a single line": re.compile(r"(?<![\w.])L\d{2,4}(?![\w.])"),
    "a seed file in Chinese": re.compile(r"种子(?:文件)?\s?0\d\d"),
}
"""What a citation must never be: a seed file, its path, its digest, a line or a character offset.

Lanes and bracket labels (``L1``, ``L1.1``) have one digit or a dot and are not line numbers."""


def scanned_files() -> list[Path]:
    files: list[Path] = []
    for name in SCANNED:
        path = ROOT / name
        candidates = [path] if path.is_file() else sorted(path.rglob("*"))
        files += [
            f for f in candidates
            if f.is_file() and f.suffix in TEXT_SUFFIXES and "__pycache__" not in f.parts and f != Path(__file__)
        ]
    return files


def prose(path: Path) -> str:
    """The text a reader reads: for Python its comments and strings (names like ``L03`` are code), else all."""
    text = path.read_text(encoding="utf-8")
    if path.suffix != ".py":
        return text
    tokens = tokenize.generate_tokens(io.StringIO(text).readline)
    kinds = {tokenize.COMMENT, tokenize.STRING, getattr(tokenize, "FSTRING_MIDDLE", tokenize.STRING)}
    return "\n".join(t.string for t in tokens if t.type in kinds)


def test_nothing_cites_a_seed_file_or_line():
    """Every rule is cited by document and article; a seed file, line or offset cannot be looked up."""
    found = []
    for path in scanned_files():
        for line in prose(path).splitlines():
            for what, pattern in PRIVATE_CITATIONS.items():
                match = pattern.search(line)
                if match:
                    found.append(f"{path.relative_to(ROOT)}: {what}: {match.group(0)!r} in {line.strip()[:100]!r}")
    assert not found, "cite rules by document and article (docs/sources.md), not:\n" + "\n".join(found)


@pytest.mark.parametrize(
    ("text", "private"),
    [
        ("(seed 003 L7–8)", True), ("seed 002 L461–473", True), ("(Seed 000 L183)", True), ("003:L12@58", True),
        ("(L297–302)", True), ("(L75)", True), ("seeds/002_x.txt", True), ("rules/seed-002.md", True), ("（种子 004 L24）", True),
        ("(CXA 2011 §14.3.2)", False), ("Weiqi 2002 Art. 24.1", False), ("heat #2 on L1", False), ("L1.1 losers", False),
        ("podium draw ms --seed 7", False), ("seeds 1–8 snaked into 4 groups", False), ("table-tennis plan 6 §7(3)", False),
    ],
)
def test_the_patterns_tell_a_private_citation_from_a_public_one(text, private):
    """The guard above is only as good as its patterns: line references are caught, articles, lanes and draw seeds are not."""
    assert any(p.search(text) for p in PRIVATE_CITATIONS.values()) is private


def cited_forms() -> dict[str, str]:
    """The short forms of docs/sources.md (the first column of its tables, e.g. `` `BWF`, `GCR` ``), lower-cased."""
    text = SOURCES.read_text(encoding="utf-8")
    cells = re.findall(r"^\| ((?:`[^`]+`(?:, )?)+) \|", text, re.M)
    return {form.lower(): form for cell in cells for form in re.findall(r"`([^`]+)`", cell)}


def chinese_titles() -> set[str]:
    """The 《titles》 of docs/sources.md's Chinese citation column."""
    return set(re.findall(r"《[^》]+》", SOURCES.read_text(encoding="utf-8")))


def declared_sources() -> list[tuple[str, str]]:
    """``(what, source)`` of every option, tie-breaker and game template the installed plugins declare."""
    reg = registry()
    found = []
    for name, sport in reg.sports.items():
        found += [(f"sport {name}, option {o.name}", o.source) for o in sport.options]
        games = getattr(sport, "games", None) or ()
        found += [(f"game {g.name}", g.source) for g in (games.values() if isinstance(games, dict) else games)]
    for name, fmt in reg.formats.items():
        found += [(f"format {name}, option {o.name}", o.source) for o in fmt.options]
    found += [(f"tie-breaker {name}", t.source) for name, t in reg.tiebreakers.items()]
    return [(what, source) for what, source in found if source]


def unnamed(source: str, forms: dict[str, str]) -> list[str]:
    """The parts of a ``;``-separated source that do not start with a document named in docs/sources.md."""
    parts = [p.strip() for p in source.split(";")]
    return [p for p in parts if not any(p.lower().removeprefix("the ").startswith(form) for form in forms)]


def test_sources_md_names_documents():
    forms = cited_forms()
    assert len(forms) >= 30
    for form in ("CXA 2011", "CXA 1999", "Weiqi 2002", "ITTF", "table-tennis plan 6", "square-dance contest rules"):
        assert form.lower() in forms


def test_every_declared_source_cites_a_document_of_sources_md():
    """What ``podium sports`` shows as a source names a document a reader can find in docs/sources.md."""
    forms = cited_forms()
    declared = declared_sources()
    assert len(declared) > 100
    wrong = [f"{what}: {part!r}" for what, source in declared for part in unnamed(source, forms)]
    assert not wrong, "name these documents in docs/sources.md (or cite one that is):\n" + "\n".join(wrong)


def written_sources(folder: Path) -> list[tuple[str, str]]:
    """``(where, source)`` of every ``source="…"`` argument and ``source = "…"`` attribute in the Python files of ``folder``."""
    found = []
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            values = []
            if isinstance(node, ast.keyword) and node.arg == "source":
                values = [node.value]
            elif isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "source" for t in node.targets):
                values = [node.value]
            found += [
                (f"{path.relative_to(ROOT)}:{v.lineno}", v.value)
                for v in values if isinstance(v, ast.Constant) and isinstance(v.value, str) and v.value
            ]
    return found


def test_example_plugins_cite_documents_of_sources_md():
    """The example plugins teach plugin authors how to cite: their sources name documents of docs/sources.md too."""
    forms = cited_forms()
    written = written_sources(ROOT / "examples")
    assert len(written) >= 5
    wrong = [f"{where}: {part!r}" for where, source in written for part in unnamed(source, forms)]
    assert not wrong, "name these documents in docs/sources.md (or cite one that is):\n" + "\n".join(wrong)


STRUCTURED = (
    re.compile(r"\b([A-Z][A-Za-z]+ \d{4}) (?:§|Art\.)"),  # CXA 2011 §14.3.2, Weiqi 2002 Art. 11
    re.compile(r"\b((?:[A-Z][a-z]+ )?[A-Z][A-Za-z]+) (?:Rule|Law) \d"),  # BWF Law 7.2, World Athletics Rule 20.4
    re.compile(r"\b([A-Z]{2,}) (?:Handbook |Laws? |Regulations )?(?:[A-Z]\.\d+|\d+\.\d)"),  # ITTF 2.11.1, FIDE C.05
)
"""Citations by a rule book's short name and an article number: the name must be in docs/sources.md."""

NOT_RULE_BOOKS = {"ASVS", "CPU", "RFC 4180"}
"""Numbered references that are not the rules of a sport: OWASP's verification standard, a time, the CSV format."""


def test_every_short_citation_form_used_is_named_in_sources_md():
    """``CXA 2011 §…``, ``Weiqi 2002 Art. …``, ``ITTF 2.…``: wherever a rule book is cited by article, sources.md names it."""
    forms = cited_forms()
    found = {}
    for path in scanned_files():
        for pattern in STRUCTURED:
            for match in pattern.finditer(prose(path)):
                found.setdefault(match.group(1).removeprefix("The "), path.relative_to(ROOT))
    assert {"CXA 2011", "CXA 1999", "Weiqi 2002", "ITTF", "FIDE", "BWF"} <= set(found)
    missing = [
        f"{name} (e.g. in {where})" for name, where in sorted(found.items())
        if name.lower() not in forms and name not in NOT_RULE_BOOKS
    ]
    assert not missing, "docs/sources.md does not name: " + ", ".join(missing)


def test_every_chinese_citation_is_a_title_in_sources_md():
    """Chinese messages and meet templates cite documents by their 《titles》; each is listed in docs/sources.md."""
    titles = chinese_titles()
    texts = [*(ROOT / "core" / "locale" / "zh").glob("*.po"), *(ROOT / "core" / "samples").rglob("*.zh.toml"),
             *(ROOT / "examples").rglob("zh.po")]
    used = {title: path for path in texts for title in re.findall(r"《[^》]+》", path.read_text(encoding="utf-8"))}
    assert len(used) >= 10
    missing = [f"{title} (in {path.relative_to(ROOT)})" for title, path in sorted(used.items()) if title not in titles]
    assert not missing, "docs/sources.md does not list: " + ", ".join(missing)


def test_sources_md_is_linked_from_the_readme_and_the_architecture():
    assert "docs/sources.md" in (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(sources.md)" in (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
