"""Reading one table of ``meet.toml``: typed values, each problem reported with its key path.

The sports-day sections (eligibility, quotas, venues, schedule, awards, points) are
read with a :class:`Reader`, which hands every problem to the loader's collector so
that ``meet.toml`` reports all of them at once with line and key (see
:mod:`podium.config.meet`). A value that is wrong is reported and replaced by its
default, so reading goes on and later problems are found too.
"""

from __future__ import annotations

import datetime as dt
import json
import math
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from podium.errors import Problem, problem
from podium.i18n import N_, Label

Where = tuple[str | int, ...]
Report = Callable[[Where, Problem], None]

_TIME = re.compile(r"^(\d{1,2})[:：](\d{2})$")
_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")
MAX_NUMBER = 1_000_000
"""The largest number a setting may hold (points, multipliers): TOML allows ``inf`` and 1e308, which no
points table needs and which broke the exact fractions unit points are kept in."""


def toml_text(value: Any) -> str:
    """``value`` written as it would be in ``meet.toml`` (``true``, ``"text"``, ``{ M = 54 }``), so a
    message quotes the user's own setting rather than Python's spelling of it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (dt.date, dt.time)):
        return value.isoformat()
    if isinstance(value, Mapping):
        pairs = (f"{_toml_key(str(key))} = {toml_text(item)}" for key, item in value.items())
        return "{ " + ", ".join(pairs) + " }" if value else "{}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_text(item) for item in value) + "]"
    return str(value)


def _toml_key(key: str) -> str:
    return key if _BARE_KEY.match(key) else json.dumps(key, ensure_ascii=False)


@attrs.frozen
class Reader:
    """A table found at ``where`` in ``meet.toml``; problems go to ``report``."""

    where: Where
    data: Mapping[str, Any]
    report: Report

    @classmethod
    def of(cls, value: Any, where: Where, report: Report) -> Reader:
        """A reader of ``value``, which must be a table (an absent table reads as empty)."""
        if value is None:
            return cls(where, {}, report)
        if not isinstance(value, Mapping):
            report(where, problem(N_("must be a table"), code="config.not_a_table"))
            return cls(where, {}, report)
        return cls(where, value, report)

    def problem(self, key: str | int | None, message: str | tuple[str, str] | Problem, /, *, code: str | None = None, **params: Any) -> None:
        """Report a problem of ``key`` (of the table itself for ``None``): a :class:`Problem`, or an English
        sentence (translated where it is shown) with its code and the values of its placeholders."""
        if not isinstance(message, Problem):
            assert code is not None, "a problem of meet.toml needs a code"
            message = problem(message, code=code, **params)
        self.report(self.where if key is None else (*self.where, key), message)

    def known(self, valid: Sequence[str]) -> None:
        """Report every key that is not one of ``valid``."""
        for key in self.data:
            if key not in valid:
                self.problem(key, N_("unknown key; valid keys here: {valid}"), code="config.unknown_key", valid=", ".join(valid))

    def child(self, key: str) -> Reader:
        return Reader.of(self.data.get(key), (*self.where, key), self.report)

    def integer(self, key: str, default: int | None = None, *, minimum: int = 0, maximum: int | None = None) -> int | None:
        value = self.data.get(key)
        if value is None:
            return default
        if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
            self.problem(key, N_("must be a whole number of at least {minimum}, not {value}"), code="config.integer_too_small", minimum=minimum, value=toml_text(value))
            return default
        if maximum is not None and value > maximum:
            self.problem(key, N_("must be a whole number from {minimum} to {maximum}, not {value}"), code="config.integer_out_of_range", minimum=minimum, maximum=maximum, value=toml_text(value))
            return default
        return value

    def number(self, key: str, default: float | None = None, *, minimum: float = 0) -> float | None:
        value = self.data.get(key)
        if value is None:
            return default
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value < minimum:
            self.problem(key, N_("must be a number of at least {minimum}, not {value}"), code="config.number_too_small", minimum=minimum, value=toml_text(value))
            return default
        if not math.isfinite(value) or value > MAX_NUMBER:
            self.problem(key, N_("must be a number from {minimum} to {maximum}, not {value}"), code="config.number_out_of_range", minimum=minimum, maximum=MAX_NUMBER, value=toml_text(value))
            return default
        return float(value)

    def numbers(self, key: str, default: tuple[float, ...] = ()) -> tuple[float, ...]:
        value = self.data.get(key)
        if value is None:
            return default
        if not isinstance(value, list) or not all(
            isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= MAX_NUMBER for v in value  # not nan or inf
        ):
            self.problem(key, N_("must be a list of numbers like [9, 7, 6, 5, 4, 3, 2, 1], not {value}"), code="config.not_a_list_of_numbers", value=toml_text(value))
            return default
        return tuple(float(v) for v in value)

    def flag(self, key: str, default: bool) -> bool:
        value = self.data.get(key)
        if value is None:
            return default
        if not isinstance(value, bool):
            self.problem(key, N_("must be true or false, not {value}"), code="config.not_a_flag", value=toml_text(value))
            return default
        return value

    def choice(self, key: str, choices: Sequence[str], default: str) -> str:
        value = self.data.get(key, default)
        if value not in choices:
            self.problem(key, N_("must be one of {valid}, not {value}"), code="config.not_a_choice", valid=", ".join(choices), value=toml_text(value))
            return default
        return str(value)

    def texts(self, key: str) -> tuple[str, ...]:
        value = self.data.get(key)
        if value is None:
            return ()
        if isinstance(value, str):
            return (value,)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.problem(key, N_("must be a list of names like [\"a\", \"b\"], not {value}"), code="config.not_a_list_of_names", value=toml_text(value))
            return ()
        return tuple(value)

    def date(self, key: str) -> dt.date | None:
        value = self.data.get(key)
        if value is None:
            return None
        if isinstance(value, dt.datetime) or not isinstance(value, dt.date):
            self.problem(key, N_("must be a date like 2026-05-20, not {value}"), code="config.not_a_date", value=toml_text(value))
            return None
        return value

    def time(self, key: str) -> dt.time | None:
        """A time of day: a TOML local time (``08:30:00``) or text ``"08:30"``."""
        value = self.data.get(key)
        if value is None:
            self.problem(key, N_("is required: a time of day like \"08:30\""), code="config.time_required")
            return None
        if isinstance(value, dt.time):
            return value.replace(second=0, microsecond=0)
        match = _TIME.match(value.strip()) if isinstance(value, str) else None
        if match and int(match[1]) < 24 and int(match[2]) < 60:
            return dt.time(int(match[1]), int(match[2]))
        self.problem(key, N_("must be a time of day like \"08:30\", not {value}"), code="config.not_a_time", value=toml_text(value))
        return None

    def label(self, key: str, default: Label | None = None) -> Label | None:
        value = self.data.get(key)
        if value is None:
            return default
        if isinstance(value, str) or (isinstance(value, dict) and value and set(value) <= {"zh", "en"} and all(isinstance(v, str) for v in value.values())):
            return Label.of(value)
        self.problem(key, N_("must be text or a table {{zh = \"…\", en = \"…\"}}, not {value}"), code="config.not_a_label", value=toml_text(value))
        return default

    def span(self, key: str) -> tuple[int, int] | None:
        """An inclusive range of whole numbers: ``3`` (exactly 3) or ``[3, 5]``."""
        value = self.data.get(key)
        if value is None:
            return None
        if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            return (value, value)
        if (
            isinstance(value, list)
            and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value)
            and value[0] <= value[1]
        ):
            return (value[0], value[1])
        self.problem(key, N_("must be a whole number or a range like [3, 5], not {value}"), code="config.not_a_span", value=toml_text(value))
        return None
