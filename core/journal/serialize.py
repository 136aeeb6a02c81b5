"""(De)structuring of model objects for the journal and exports: written with cattrs, read by hand.

Every command that folds an event reads its entrants, and structuring them with cattrs means importing cattrs and
generating its structuring code: 0.017–0.023 s of CPU, a tenth of a ``podium matches`` (docs/performance.md). So an
entrant is read by :func:`entrant_from_json`, which structures as cattrs does — ``str()``, ``int()``, ``float()`` and
``bool()`` of each value, enumerations by value, dates in ISO 8601, tuples item by item, unknown keys ignored, and
an error for what cannot be converted (``tests/test_serialize.py`` keeps the two the same); cattrs is imported when an
entrant is first written."""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from podium.model.entrants import Entrant, EntrantKind, Gender, Person

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


def entrant_from_json(raw: Mapping[str, Any]) -> Entrant:
    """Rebuild an entrant from its journal form, as the converter would (see the module's docstring); raises on what is
    not an entrant (a value that does not convert, a member that is not a mapping, a key missing)."""
    return Entrant(
        str(raw["key"]), str(raw["event"]), EntrantKind(raw["kind"]), str(raw["name"]), tuple(_person(member) for member in raw["members"]),
        text(raw.get("unit")), text(raw.get("bib")), whole(raw.get("seed")), real(raw.get("rating")), text(raw.get("mark")),
    )


def _person(raw: Mapping[str, Any]) -> Person:
    gender, born = raw.get("gender"), raw.get("birth_date")
    return Person(
        str(raw["name"]), None if gender is None else Gender(gender), None if born is None else dt.date.fromisoformat(born),
        whole(raw.get("grade")), text(raw.get("category")), real(raw.get("rating")), bool(raw.get("reserve", False)),
        text(raw.get("student_id")), text(raw.get("bib")),
    )


def text(value: Any) -> str | None:
    """An optional text as cattrs structures ``str | None``."""
    return None if value is None else str(value)


def whole(value: Any) -> int | None:
    """An optional whole number as cattrs structures ``int | None``."""
    return None if value is None else int(value)


def real(value: Any) -> float | None:
    """An optional number as cattrs structures ``float | None``."""
    return None if value is None else float(value)
