"""The situations a sport is checked in: match contexts for every entrant kind and declared option value.

A sport declares its entrant kinds, its options (with choices, or a minimum and a
maximum) and its ready-made games. The conformance suite checks results under the
defaults of each kind and of each game, and under each declared value of each option
taken one at a time from those defaults ("one factor at a time": every value is
exercised without the combinatorial explosion of every combination), in ordinary and
in knockout (decisive) matches. A plugin's tests may add combinations of their own.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from podium.errors import PodiumError
from podium.measure.sport import MeasuredSport
from podium.model.entrants import Entrant, EntrantKind, Gender, Person
from podium.model.matches import MatchContext
from podium.model.options import Option
from podium.model.sports import Sport

MAX_TEAM = 20
"""The largest team tried when looking for a team the sport accepts."""


@attrs.frozen
class Case:
    """One situation a sport is checked in: a match context and a label that says how it was made."""

    label: str
    ctx: MatchContext
    measured: bool = False
    """True when events with these rules are measured (performances in heats, not match results)."""
    default: bool = False
    """True when the rules are the defaults of an entrant kind or of a ready-made game."""


def option_values(option: Option) -> tuple[Any, ...]:
    """The values of ``option`` worth trying: its choices, both truth values, or its bounds."""
    if option.choices:
        return tuple(option.choices)
    if option.type is bool:
        return (False, True)
    bounds = tuple(b for b in (option.minimum, option.maximum) if b is not None)
    if option.type is int:
        return tuple(int(b) for b in bounds)
    if option.type is float:
        return tuple(float(b) for b in bounds)
    return ()


def base_rules(sport: Sport) -> list[tuple[str, EntrantKind, dict[str, Any]]]:
    """The defaults of each entrant kind, then those of each ready-made game: ``(label, kind, rules)``."""
    defaults = {option.name: option.default for option in sport.options}
    bases = [(kind.value, kind, {**defaults, "kind": kind.value}) for kind in sport.entrant_kinds]
    for name, game in sport.games.items():
        rules = {**defaults, **game.rules, "kind": game.kind.value, "game": name}
        bases.append((f"game {name}", game.kind, rules))
    return bases


Variant = tuple[str, EntrantKind, dict[str, Any], bool]
"""``(label, kind, rules, default)``: a rule set to check, and whether it is a kind's or a game's defaults."""


def rule_variants(sport: Sport, extra: Iterable[Mapping[str, Any]] = ()) -> list[Variant]:
    """Every base with each option changed to each of its values in turn, plus the ``extra`` rule sets.

    An extra rule set applies to every entrant kind it does not name (``{"kind": "team", …}`` names one).
    """
    found: dict[tuple[str, str], Variant] = {}

    def add(label: str, kind: EntrantKind, rules: dict[str, Any], default: bool = False) -> None:
        found.setdefault((kind.value, repr(sorted(rules.items(), key=lambda item: item[0]))), (label, kind, rules, default))

    for label, kind, rules in base_rules(sport):
        add(f"{label}, defaults", kind, rules, default=True)
        for option in sport.options:
            for value in option_values(option):
                if value == rules.get(option.name) or not _valid(option, value):
                    continue
                add(f"{label}, {option.name}={value!r}", kind, {**rules, option.name: value})
    defaults = {option.name: option.default for option in sport.options}
    for given in extra:
        kinds = [EntrantKind(given["kind"])] if "kind" in given else list(sport.entrant_kinds)
        for kind in kinds:
            rules = {**defaults, **given, "kind": kind.value}
            shown = ", ".join(f"{k}={v!r}" for k, v in given.items() if k != "kind")
            add(f"{kind.value}, {shown}", kind, rules)
    return list(found.values())


def _valid(option: Option, value: Any) -> bool:
    try:
        option.check(value)
    except (ValueError, PodiumError):
        return False
    return True


def sides(sport: Sport, kind: EntrantKind, rules: Mapping[str, Any], event: str = "conformance") -> tuple[Entrant, Entrant] | None:
    """Two entrants of ``kind`` that the sport accepts under ``rules``, or ``None`` when none is found: pairs and
    teams of 1 to :data:`MAX_TEAM` members, men and women alternating, then all women, then all men (ratings
    fall from the first member)."""
    sizes: Sequence[int] = (1,) if kind is EntrantKind.INDIVIDUAL else (2,) if kind is EntrantKind.PAIR else range(1, MAX_TEAM + 1)
    for size in sizes:
        for genders in _GENDERS:
            pair = (_entrant("1", "A", kind, size, genders, event), _entrant("2", "B", kind, size, genders, event))
            if not any(sport.entrant_problems(e, rules, pair) for e in pair):
                return pair
    return None


_GENDERS = ((Gender.MALE, Gender.FEMALE), (Gender.FEMALE,), (Gender.MALE,))
"""Patterns of members' genders tried in turn (repeated along the team)."""


def _entrant(key: str, name: str, kind: EntrantKind, size: int, genders: tuple[Gender, ...], event: str) -> Entrant:
    members = tuple(
        Person(
            f"{name}{index + 1}" if size > 1 else name,
            gender=genders[index % len(genders)],
            birth_date=dt.date(1990, 1, 1) + dt.timedelta(days=index),
            rating=2000.0 - 10 * index,
        )
        for index in range(size)
    )
    return Entrant(key=key, event=event, kind=kind, name=name, members=members)


def measured(sport: Sport, rules: Mapping[str, Any]) -> bool:
    """True when events of ``sport`` with ``rules`` are measured rather than played as matches."""
    return isinstance(sport, MeasuredSport) and sport.measured(rules)


def cases(sport: Sport, extra: Iterable[Mapping[str, Any]] = ()) -> tuple[list[Case], list[str]]:
    """Every case to check, each in an ordinary and in a knockout match; and the defaults (of a kind or a
    game) under which no entrants pass the sport's entry checks, as labels. A changed option under which no
    entrant can enter (mixed pairs in an individual event, say) is a contradiction of options, not a case."""
    found: list[Case] = []
    unusable: list[str] = []
    for label, kind, rules, default in rule_variants(sport, extra):
        pair = sides(sport, kind, rules)
        if pair is None:
            if default:
                unusable.append(label)
            continue
        is_measured = measured(sport, rules)
        for decisive in (False, True):
            ctx = MatchContext(event="conformance", rules=rules, sides=pair, decisive=decisive, match_key="M1")
            found.append(Case(f"{label}, knockout" if decisive else label, ctx, is_measured, default and not decisive))
    return found, unusable


def swapped(ctx: MatchContext) -> MatchContext:
    """The context of the same match with its sides given in the other order (a result typed in reverse)."""
    return attrs.evolve(ctx, sides=(ctx.sides[1], ctx.sides[0]), reversed=not ctx.reversed)
