"""The stored form of an entry's payload, shared by every store: JSON text, keys sorted, non-ASCII kept as is.

Reading is most of what a command costs on a big meet (a 200-entrant round robin's standings decode 19,900
payloads), so payloads are parsed with orjson, a parser written in Rust that is two to three times as fast as the
standard library's. Writing stays with the standard library: the text of an entry, once written, is what every
later reader parses, and its exact form (float digits, escapes) is not worth changing for a faster write.

orjson reads an integer beyond 64 bits (a seed someone typed) as a float, without a word. Such an integer has at
least 19 digits in a row, so a payload with 19 digits in a row anywhere is read by the standard library; finding
out costs one pass of ``bytes.translate``, a twentieth of parsing. The search is on the text, not on numbers only:
a long number inside a text, or a float written with its leading zeros (``0.00012345678901234567``), also sends
its payload to the standard library — which reads it right, only slower; a journal's results have neither. What
orjson refuses (``NaN``, ``Infinity``) is also read by the standard library.
"""

from __future__ import annotations

import json
from typing import Any

import orjson


def payload_text(payload: Any) -> str:
    """The text the journal keeps for ``payload``."""
    return json.dumps(payload, ensure_ascii=False, sort_keys=True)


_DIGITS = bytes(ord("0") if ord("0") <= code <= ord("9") else ord(" ") for code in range(256))
"""Every digit as ``0`` and every other byte as a space, for :func:`payload_from_text`'s search."""
_LONG_NUMBER = b"0" * 19
"""The shortest run of digits that may be an integer orjson cannot hold (below -2**63 or from 2**64 up)."""


def payload_from_text(text: str | bytes) -> Any:
    """The payload kept as ``text`` (or its UTF-8 bytes); :class:`ValueError` when it is not JSON."""
    data = text.encode() if isinstance(text, str) else text
    if _LONG_NUMBER in data.translate(_DIGITS):
        return json.loads(data)  # maybe an integer beyond 64 bits, which orjson would read as a float
    try:
        return orjson.loads(data)
    except orjson.JSONDecodeError:
        return json.loads(data)  # what the standard library writes beyond JSON proper, or a ValueError of its own
