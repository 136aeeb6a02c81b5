"""The stored form of an entry's payload, shared by every store: JSON text, keys sorted, non-ASCII kept as is.

Reading is most of what a command costs on a big meet (a 200-entrant round robin's standings decode 19,900
payloads), so payloads are parsed with orjson, a parser written in Rust that is two to three times as fast as the
standard library's. Writing stays with the standard library: the text of an entry, once written, is what every
later reader parses, and its exact form (float digits, escapes) is not worth changing for a faster write. What
the standard library writes and orjson refuses (``NaN``, integers beyond 64 bits) is read by the standard library.
"""

from __future__ import annotations

import json
from typing import Any

import orjson


def payload_text(payload: Any) -> str:
    """The text the journal keeps for ``payload``."""
    return json.dumps(payload, ensure_ascii=False, sort_keys=True)


def payload_from_text(text: str | bytes) -> Any:
    """The payload kept as ``text``; :class:`ValueError` when it is not JSON."""
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        return json.loads(text)  # what the standard library writes beyond JSON proper, or a ValueError of its own
