"""(De)structuring of model objects for the journal and exports, with cattrs."""

from __future__ import annotations

import datetime as dt
from typing import Any

import cattrs

from podium.model.entrants import Entrant, EntrantKind, Gender

converter = cattrs.Converter(omit_if_default=True)
converter.register_unstructure_hook(dt.date, lambda d: d.isoformat())
converter.register_structure_hook(dt.date, lambda v, _: dt.date.fromisoformat(v))
for _enum in (Gender, EntrantKind):
    converter.register_unstructure_hook(_enum, lambda e: e.value)


def entrant_to_json(entrant: Entrant) -> dict[str, Any]:
    """The journal form of an entrant."""
    return converter.unstructure(entrant)


def entrant_from_json(raw: dict[str, Any]) -> Entrant:
    """Rebuild an entrant from its journal form."""
    return converter.structure(raw, Entrant)
