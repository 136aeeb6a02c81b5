"""What every typed result, measurement, name and free text goes through before Podium keeps it.

Volunteers paste scores from chat messages and spreadsheets: invisible format characters
(zero-width spaces, byte-order marks, direction marks) are removed, so ``11-9\u200b`` is
read as ``11-9``. Text that no result can hold is refused here, once for every sport —
including third-party ones — with one sentence: control characters, a number of more
than :data:`MAX_DIGITS` digits (Python refuses to convert integers of thousands of digits,
and no score, count or time needs ten), or more than :data:`MAX_LENGTH` characters (a
gomoku match of seven games with full records is about 6,500).

Names (entrants, teams, units, events, the meet) and free texts (reasons kept in the history)
pass :func:`text_problem`: control characters (a terminal escape that clears the screen, a bell),
direction overrides (U+202E turns ``exe.txt`` into ``txt.exe`` on screen) and other invisible
characters are refused, and so is an absurd length. A zero-width joiner between two visible
characters is kept: it joins emoji such as 👨‍👩‍👧 and letters of Indic and Arabic scripts.
Whatever is printed to a terminal from the meet passes :func:`shown`, which writes any such
character as a visible escape, so a meet made by an older Podium cannot drive the terminal either.
"""

from __future__ import annotations

import re
import unicodedata

from podium.errors import ResultError
from podium.i18n import N_, Message

MAX_DIGITS = 9
MAX_LENGTH = 10_000
MAX_NAME = 60
"""Longest name of an entrant or team (and of a unit, an event or a stage)."""
MAX_FREE_TEXT = 500
"""Longest free text: a reason kept in the history, an organiser, a venue."""
DIRECTION = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Bidirectional marks, embeddings, overrides and isolates (Unicode UAX #9): they reorder what a terminal shows."""
JOINERS = frozenset("\u200c\u200d")
"""Zero-width non-joiner and joiner: part of emoji sequences and of several scripts when between visible characters."""
_TAGS = range(0xE0020, 0xE0080)
"""Tag characters: they follow U+1F3F4 in emoji flag sequences (🏴 of England, Scotland, Wales)."""
_LONG_NUMBER = re.compile(rf"\d{{{MAX_DIGITS + 1},}}")


def typed_text(text: str) -> str:
    """``text`` without invisible format characters; :class:`ResultError` when no result can hold it."""
    text = "".join(ch for ch in text if unicodedata.category(ch) != "Cf")
    if len(text) > MAX_LENGTH:
        raise ResultError(
            N_("The text is {length} characters long; a result or measurement has at most {limit}."), code="result.text_too_long", length=len(text), limit=MAX_LENGTH
        )
    if any(unicodedata.category(ch) == "Cc" and ch not in "\t\n\r" for ch in text):
        raise ResultError(N_("'{text}' contains control characters; type it again."), code="result.text_control_characters", text=_visible(text))
    long = _LONG_NUMBER.search(text)
    if long:
        raise ResultError(
            N_("'{number}' has more than {digits} digits; no result or measurement needs a number that long."), code="result.number_too_long", number=long[0] if len(long[0]) <= 20 else long[0][:20] + "…", digits=MAX_DIGITS
        )
    return text


def _visible(text: str) -> str:
    """``text`` with control characters shown as ``\\x07`` escapes, shortened for a message."""
    shown = "".join(ch if unicodedata.category(ch) != "Cc" else repr(ch)[1:-1] for ch in text)
    return shown if len(shown) <= 40 else shown[:40] + "…"


def _hidden(text: str, index: int) -> bool:
    """True when the character at ``index`` is invisible and not part of an emoji or joined letters."""
    ch = text[index]
    category = unicodedata.category(ch)
    if category in ("Co", "Cs"):
        return True
    if category != "Cf":
        return False
    if ch in JOINERS:
        return not (0 < index < len(text) - 1 and _visible_at(text, index - 1) and _visible_at(text, index + 1))
    if ord(ch) in _TAGS:
        start = index
        while start > 0 and ord(text[start - 1]) in _TAGS:
            start -= 1
        return not (start > 0 and text[start - 1] == "\U0001f3f4")
    return True


def _visible_at(text: str, index: int) -> bool:
    return not text[index].isspace() and unicodedata.category(text[index]) not in ("Cc", "Cf", "Zl", "Zp")


def text_problem(text: str, limit: int) -> Message | None:
    """What is wrong with a name or free text (``None`` when nothing): control characters, direction
    overrides or other invisible characters, or more than ``limit`` characters. Said as a phrase that
    follows the field's name ("the name contains …"), translated where it is shown."""
    if any(unicodedata.category(ch) == "Cc" for ch in text):
        return Message(N_("contains control characters; remove them"))
    if any(ch in DIRECTION for ch in text):
        return Message(N_("contains a direction override or mark (such as U+202E), which reorders what is shown; remove it"))
    if any(_hidden(text, index) for index in range(len(text))):
        return Message(N_("contains invisible characters (such as a zero-width space); remove them"))
    if len(text) > limit:
        return Message(N_("is {length} characters long; at most {limit} are allowed"), length=len(text), limit=limit)
    return None


def shown(text: str) -> str:
    """``text`` safe to print on a terminal: control characters, direction overrides and other invisible
    characters are written as visible escapes (``\\x1b``, ``\\u202e``); joiners inside emoji stay."""
    if text.isprintable() and (text.isascii() or not any(unicodedata.category(ch) == "Cf" for ch in text)):
        return text  # printable ASCII has no format characters: a table of 19,900 matches asks about 159,200 cells
    return "".join(
        (repr(ch)[1:-1] if ch.isascii() else f"\\u{ord(ch):04x}" if ord(ch) <= 0xFFFF else f"\\U{ord(ch):08x}")
        if (unicodedata.category(ch) == "Cc" or ch in DIRECTION or _hidden(text, index))
        else ch
        for index, ch in enumerate(text)
    )
