"""Translation catalogs: extract messages, check that every one is translated, compile the .mo.

Messages are English in the code (``_("...")`` in Python, ``{% trans %}``/``_()`` in
templates). Chinese translations live in several part catalogs
``core/locale/zh/*.po`` (one per area, so parallel work does not collide); they are
merged and compiled into ``core/locale/zh/LC_MESSAGES/podium.mo``.

    python tools/i18n.py check     # exit 1 and list untranslated, obsolete or conflicting messages
    python tools/i18n.py missing   # print .po stanzas for untranslated messages
    python tools/i18n.py compile   # merge the parts and write the .mo
    python tools/i18n.py prune     # delete translations of messages no longer in the sources
    python tools/i18n.py words     # list English words left in the Chinese views and documents

``check`` also runs ``words``: it builds the Chinese sample meet (``podium demo``, without PDFs), shows
every command's view and help in Chinese and renders every printed document as HTML, and fails on any
English word a Chinese reader would meet there (see :func:`english_words` for what is not English).
"""

from __future__ import annotations

import datetime
import io
import string
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PARTS = ROOT / "core" / "locale" / "zh"
MO = PARTS / "LC_MESSAGES" / "podium.mo"
CLICK_PO = PARTS / "click" / "messages.po"  # the click library's own messages (usage errors, headings)
CLICK_MO = PARTS / "LC_MESSAGES" / "messages.mo"
METHODS = [("**.py", "python"), ("**.html", "jinja2"), ("**.j2", "jinja2")]
OPTIONS = {"**.html": {"extensions": "jinja2.ext.i18n"}, "**.j2": {"extensions": "jinja2.ext.i18n"}}
SOURCES = ("core", "plugins", "templates")


KEYWORDS = {"_": None, "N_": None, "gettext": None, "ngettext": (1, 2), "N_plural": (1, 2)}

MessageId = str | tuple[str, str]
"""A message, or a (singular, plural) pair for :func:`podium.i18n.ngettext` (Chinese has one form)."""


def extracted() -> dict[MessageId, list[str]]:
    """Every message id in the sources with the places it occurs."""
    found: dict[MessageId, list[str]] = {}
    for folder in SOURCES:
        for filename, lineno, message, _comments, _context in extract_from_dir(
            ROOT / folder, METHODS, options_map=OPTIONS, keywords=KEYWORDS
        ):
            if isinstance(message, tuple):
                message = (message[0], message[1]) if len(message) > 1 and message[1] else message[0]
            if message:
                found.setdefault(message, []).append(f"{folder}/{filename}:{lineno}")
    return found


def translations() -> dict[MessageId, str]:
    """Message id → Chinese, merged from every part catalog."""
    return {msgid: found[0][1] for msgid, found in _translated().items()}


def _translated() -> dict[MessageId, list[tuple[str, str]]]:
    """Message id → every (part, Chinese) that translates it."""
    found: dict[MessageId, list[tuple[str, str]]] = {}
    for part in sorted(PARTS.glob("*.po")):
        with part.open("rb") as handle:
            catalog = read_po(handle, locale="zh")
        for message in catalog:
            string = message.string[0] if isinstance(message.string, tuple) else message.string
            if message.id and string:
                msgid = tuple(message.id) if isinstance(message.id, tuple) else str(message.id)
                found.setdefault(msgid, []).append((part.name, str(string)))
    return found


def conflicts() -> list[str]:
    """Messages translated differently in two parts: one English text must read the same everywhere
    (give the two meanings two English texts instead)."""
    return [
        f"{msgid!r}: " + "; ".join(f"{part} {text!r}" for part, text in found)
        for msgid, found in _translated().items()
        if len({text for _, text in found}) > 1
    ]


def _sort_key(item: tuple[MessageId, str]) -> str:
    msgid = item[0]
    return msgid[0] if isinstance(msgid, tuple) else msgid


def compiled() -> bytes:
    fixed = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)  # reproducible bytes
    catalog = Catalog(locale="zh", domain="podium", charset="utf-8", creation_date=fixed, revision_date=fixed)
    for msgid, msgstr in sorted(translations().items(), key=_sort_key):
        catalog.add(msgid, (msgstr,) if isinstance(msgid, tuple) else msgstr)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    return buffer.getvalue()


def compiled_click() -> bytes:
    """The click library's messages, compiled from their own catalog (they use the default gettext domain)."""
    with CLICK_PO.open("rb") as handle:
        catalog = read_po(handle, locale="zh")
    fixed = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)
    catalog.creation_date = catalog.revision_date = fixed
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    return buffer.getvalue()


def missing() -> dict[str, list[str]]:
    known = translations()
    return {m: where for m, where in extracted().items() if m not in known}


def placeholder_mismatches() -> list[str]:
    """Translations whose ``{placeholders}`` differ from their message's (they would fail at run time)."""
    formatter = string.Formatter()

    def fields(text: str) -> set[str]:
        return {name for _, name, _, _ in formatter.parse(text) if name is not None}

    def wanted(msgid: MessageId) -> set[str]:
        return fields(msgid[1]) if isinstance(msgid, tuple) else fields(msgid)

    return [f"{msgid!r} -> {msgstr!r}" for msgid, msgstr in translations().items() if wanted(msgid) != fields(msgstr)]


def obsolete() -> list[MessageId]:
    """Translated messages that no longer occur in the sources (delete them from their part)."""
    used = extracted()
    return sorted((m for m in translations() if m not in used), key=str)


def _po_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\b", "\\b") + '"'


def english_left() -> list[str]:
    """English words left in the Chinese views and documents of the sample meet (``tools/zh_views.py``)."""
    sys.path.insert(0, str(ROOT / "tools"))
    from zh_views import english_left as scan

    return [str(found) for found in scan()]


def main(command: str) -> int:
    if command == "words":
        left = english_left()
        for line in left:
            print(f"English in Chinese: {line}")
        return 1 if left else 0
    if command == "check":
        gaps = missing()
        for message, where in sorted(gaps.items(), key=lambda item: str(item[0])):
            print(f"untranslated: {message!r} ({where[0]})")
        for message in obsolete():
            print(f"obsolete: {message!r}")
        for mismatch in placeholder_mismatches():
            print(f"placeholders differ: {mismatch}")
        for conflict in conflicts():
            print(f"translated differently: {conflict}")
        left = english_left()
        for line in left:
            print(f"English in Chinese: {line}")
        stale = not MO.exists() or MO.read_bytes() != compiled() or not CLICK_MO.exists() or CLICK_MO.read_bytes() != compiled_click()
        if stale:
            print("the compiled catalogs in core/locale/zh/LC_MESSAGES are out of date: run python tools/i18n.py compile")
        return 1 if gaps or stale or left or placeholder_mismatches() or obsolete() or conflicts() else 0
    if command == "missing":
        for message, where in sorted(missing().items(), key=lambda item: str(item[0])):
            if isinstance(message, tuple):
                print(f"#: {where[0]}\nmsgid {_po_string(message[0])}\nmsgid_plural {_po_string(message[1])}\nmsgstr[0] \"\"\n")
            else:
                print(f"#: {where[0]}\nmsgid {_po_string(message)}\nmsgstr \"\"\n")
        return 0
    if command == "prune":
        stale = set(obsolete())
        for part in sorted(PARTS.glob("*.po")):
            with part.open("rb") as handle:
                catalog = read_po(handle, locale="zh")
            gone = [m.id for m in catalog if m.id and m.id in stale]
            if gone:
                for msgid in gone:
                    del catalog[msgid]
                buffer = io.BytesIO()
                write_po(buffer, catalog, width=0, omit_header=False)
                # Babel writes click's "\b" (no-rewrap marker) as a raw backspace; keep the escape.
                part.write_bytes(buffer.getvalue().replace(b"\x08", b"\\b"))
                print(f"{part.relative_to(ROOT)}: removed {len(gone)}")
        return 0
    if command == "compile":
        MO.parent.mkdir(parents=True, exist_ok=True)
        MO.write_bytes(compiled())
        CLICK_MO.write_bytes(compiled_click())
        print(f"wrote {MO.relative_to(ROOT)} and {CLICK_MO.relative_to(ROOT)}")
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else ""))
