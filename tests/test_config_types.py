"""A ``meet.toml`` value of the wrong type or out of range is refused with a sentence, never a crash.

Every value of a few sample meets (the starter, the club meets of each sport, and some events of the athletics day)
is replaced, one at a time, by a value of each other type a TOML file can hold — a list, a table, whole and
fractional numbers, ``nan`` and ``inf``, a text, a boolean, a date — and the meet is read again: it is either
accepted or refused with a :class:`~podium.errors.PodiumError` (a sentence and a code). Anything else (``TypeError:
unhashable type: 'list'`` for ``format = ["round_robin"]``, ``decimal.InvalidOperation`` for a bar height of
``nan``) would be a crash.
"""

from __future__ import annotations

import datetime as dt
import json
import math
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from podium.config.meet import parse_meet
from podium.errors import PodiumError
from podium.registry import registry

SAMPLES = Path(__file__).resolve().parents[1] / "core" / "samples"
OTHERS: list[Any] = [[1], {"a": 1}, [], 5, -1, 1.5, math.nan, math.inf, "x", True, dt.date(2026, 1, 1)]
ATHLETICS = ("b7_100", "b7_run", "b7_slj", "b7_relay", "b9_hj", "b9_shot")
"""Events of the athletics day standing for every kind of its events: a race in heats, a distance race, a
standing jump, a relay, the high jump, a throw (each with its rules, records and qualifying)."""


def _toml(value: Any) -> str:
    """``value`` as a TOML value (inline tables and arrays; ``nan``, ``inf`` and dates as TOML writes them)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and not math.isfinite(value):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf")
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (dt.date, dt.time)):
        return value.isoformat()
    if isinstance(value, list):
        return "[" + ", ".join(_toml(item) for item in value) + "]"
    return "{" + ", ".join(f"{json.dumps(key, ensure_ascii=False)} = {_toml(item)}" for key, item in value.items()) + "}"


def _paths(value: Any, here: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Where each value of ``value`` is, tables and arrays included, below the top."""
    children = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in children:
        yield (*here, key)
        yield from _paths(item, (*here, key))


def _replaced(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {**value, head: _replaced(value[head], rest, new)}
    return [_replaced(item, rest, new) if index == head else item for index, item in enumerate(value)]


def _meets() -> list[tuple[str, dict[str, Any]]]:
    found = [(path.parent.name, tomllib.loads(path.read_text(encoding="utf-8"))) for path in sorted(SAMPLES.glob("*/meet.en.toml"))
             if path.parent.name == "starter" or path.parent.name.startswith("club-")]
    athletics = tomllib.loads((SAMPLES / "school-athletics" / "meet.en.toml").read_text(encoding="utf-8"))
    athletics["events"] = {key: athletics["events"][key] for key in ATHLETICS}
    return [*found, ("school-athletics", athletics)]


@pytest.mark.parametrize(("name", "data"), _meets(), ids=lambda value: value if isinstance(value, str) else "")
def test_a_value_of_another_type_is_refused_with_a_sentence_never_a_crash(name, data):
    known = registry()
    text = "\n".join(f"{json.dumps(key)} = {_toml(value)}" for key, value in data.items())
    parse_meet(text, known)  # the sample as it is is accepted
    crashes = []
    for path in _paths(data):
        for other in OTHERS:
            changed = _replaced(data, path, other)
            try:
                parse_meet("\n".join(f"{json.dumps(key)} = {_toml(value)}" for key, value in changed.items()), known)
            except PodiumError:
                pass
            except Exception as error:  # noqa: BLE001 - the test is that no other error escapes
                crashes.append(f"{'.'.join(map(str, path))} = {_toml(other)}: {type(error).__name__}: {error}")
    assert crashes == []
