"""What every typed result or measurement goes through before a sport or a measure reads it.

Volunteers paste scores from chat messages and spreadsheets: invisible format characters
(zero-width spaces, byte-order marks, direction marks) are removed, so ``11-9\u200b`` is
read as ``11-9``. Text that no result can hold is refused here, once for every sport —
including third-party ones — with one sentence: control characters, a number of more
than :data:`MAX_DIGITS` digits (Python refuses to convert integers of thousands of digits,
and no score, count or time needs ten), or more than :data:`MAX_LENGTH` characters (a
gomoku match of seven games with full records is about 6,500).
"""

from __future__ import annotations

import re
import unicodedata

from podium.errors import ResultError
from podium.i18n import _

MAX_DIGITS = 9
MAX_LENGTH = 10_000
_LONG_NUMBER = re.compile(rf"\d{{{MAX_DIGITS + 1},}}")


def typed_text(text: str) -> str:
    """``text`` without invisible format characters; :class:`ResultError` when no result can hold it."""
    text = "".join(ch for ch in text if unicodedata.category(ch) != "Cf")
    if len(text) > MAX_LENGTH:
        raise ResultError(
            _("The text is {length} characters long; a result or measurement has at most {limit}.").format(
                length=len(text), limit=MAX_LENGTH
            )
        )
    if any(unicodedata.category(ch) == "Cc" and ch not in "\t\n\r" for ch in text):
        raise ResultError(_("'{text}' contains control characters; type it again.").format(text=_visible(text)))
    long = _LONG_NUMBER.search(text)
    if long:
        raise ResultError(
            _("'{number}' has more than {digits} digits; no result or measurement needs a number that long.").format(
                number=long[0] if len(long[0]) <= 20 else long[0][:20] + "…", digits=MAX_DIGITS
            )
        )
    return text


def _visible(text: str) -> str:
    """``text`` with control characters shown as ``\\x07`` escapes, shortened for a message."""
    shown = "".join(ch if unicodedata.category(ch) != "Cc" else repr(ch)[1:-1] for ch in text)
    return shown if len(shown) <= 40 else shown[:40] + "…"
