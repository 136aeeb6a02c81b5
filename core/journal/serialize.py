"""(De)structuring of model objects for the journal and exports, with cattrs.

cattrs is imported when an entrant is first read or written, not with this module: a command that reads a kept view
back reads no entrant (importing cattrs is some 0.015 s of a command's start, docs/performance.md)."""

from __future__ import annotations

import datetime as dt
import functools
from typing import TYPE_CHECKING, Any

from podium.model.entrants import Entrant, EntrantKind, Gender

if TYPE_CHECKING:
    import cattrs


@functools.cache
def converter() -> cattrs.Converter:
    """The converter of entrants: dates as ISO 8601 text, enumerations by value, defaults left out."""
    import cattrs

    made = cattrs.Converter(omit_if_default=True)
    made.register_unstructure_hook(dt.date, lambda d: d.isoformat())
    made.register_structure_hook(dt.date, lambda v, _: dt.date.fromisoformat(v))
    for enum in (Gender, EntrantKind):
        made.register_unstructure_hook(enum, lambda e: e.value)
    return made


def entrant_to_json(entrant: Entrant) -> dict[str, Any]:
    """The journal form of an entrant."""
    return converter().unstructure(entrant)


def entrant_from_json(raw: dict[str, Any]) -> Entrant:
    """Rebuild an entrant from its journal form."""
    return converter().structure(raw, Entrant)
