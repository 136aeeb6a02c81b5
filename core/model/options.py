"""Named options of sports and formats, with defaults and validation.

Where the rules are silent or disagree, Podium makes the behaviour an option with a
documented default; each :class:`Option` says where its default comes from, citing a
document and article named in docs/sources.md (``source``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

import attrs

from podium.config.tables import toml_text
from podium.errors import ConfigError, Problem, located, problem
from podium.i18n import N_, Message

_TYPE_NAMES = {bool: N_("true/false"), int: N_("a whole number"), float: N_("a number"), str: N_("text"), dict: N_("a table"), list: N_("a list")}


@attrs.frozen
class Option:
    """One configurable rule: name, type, default, allowed values and the rule it implements.

    ``validator`` checks values that a type and a list of choices cannot describe (a
    written-out team-tie order, say): it returns what is wrong as a :class:`~podium.errors.Problem`
    (with its own code), and the option reports it with the file and option name.
    """

    name: str
    type: type
    default: Any
    doc: str
    choices: tuple[Any, ...] = ()
    minimum: float | None = None
    maximum: float | None = None
    source: str = ""
    nullable: bool = False
    validator: Callable[[Any], Problem | str | None] | None = attrs.field(default=None, eq=False, repr=False)
    """A further check of a value of the right type (e.g. the grammar of a time control): returns
    what is wrong with it as a :class:`~podium.errors.Problem` (``problem(N_("…"), code="sport.what", …)``;
    a phrase already translated is accepted too), or ``None`` when the value is valid."""

    def check(self, value: Any) -> Any:
        """Return ``value`` converted to the option's type, or raise a :class:`ConfigError` saying why not."""
        if value is None and self.nullable:
            return None
        expected = self.type
        if expected is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if expected is dict and isinstance(value, Mapping):
            value = dict(value)
        if expected is list and isinstance(value, (list, tuple)):
            value = list(value)
        if not isinstance(value, expected) or (expected is int and isinstance(value, bool)):
            kind = Message(_TYPE_NAMES[expected]) if expected in _TYPE_NAMES else expected.__name__
            raise ConfigError(
                N_("option '{name}' must be {kind}, not {value}"), code="config.option_wrong_type",
                name=self.name, kind=kind, value=toml_text(value),
            )
        if self.choices and value not in self.choices:
            raise ConfigError(
                N_("option '{name}' cannot be {value}; valid values: {choices}"), code="config.option_not_a_choice",
                name=self.name, value=toml_text(value), choices=", ".join(map(str, self.choices)),
            )
        if self.minimum is not None and value < self.minimum or self.maximum is not None and value > self.maximum:
            raise ConfigError(
                N_("option '{name}' must be between {low} and {high}, not {value}"), code="config.option_out_of_range",
                name=self.name,
                low=self.minimum if self.minimum is not None else "-∞",
                high=self.maximum if self.maximum is not None else "∞",
                value=toml_text(value),
            )
        found = self.validator(value) if self.validator is not None else None
        if found:
            if isinstance(found, str):  # a plugin's phrase, already translated
                found = Problem(ConfigError.default_code, Message.verbatim(found))
            raise ConfigError(found.framed(Message(N_("option '{name}' cannot be {value}: {message}"), name=self.name, value=toml_text(value))))
        return value


def check_options(
    specs: Iterable[Option], given: Mapping[str, Any], *, base: Mapping[str, Any] | None = None
) -> tuple[dict[str, Any], list[tuple[str, Problem]]]:
    """Validate ``given`` against ``specs``; return the values (defaults filled in, or taken from ``base``)
    and every problem as ``(option name, problem)``."""
    by_name = {spec.name: spec for spec in specs}
    values = {name: spec.default for name, spec in by_name.items()}
    if base:
        values.update({k: v for k, v in base.items() if k in by_name})
    problems = []
    for name, value in given.items():
        if name not in by_name:
            problems.append((name, problem(
                N_("unknown option '{name}'; valid options: {valid}"), code="config.option_unknown",
                name=name, valid=", ".join(sorted(by_name)) or Message(N_("none")),
            )))
            continue
        try:
            values[name] = by_name[name].check(value)
        except ConfigError as error:
            problems.append((name, error.problem))
    return values, problems


def resolve_options(
    specs: Iterable[Option], given: Mapping[str, Any], where: str, *, base: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """Like :func:`check_options`, raising a :class:`ConfigError` for the first problem."""
    values, problems = check_options(specs, given, base=base)
    if problems:
        raise ConfigError(problems[0][1].framed(located(where)))
    return values
