"""Shared helpers for the table-tennis tests: match contexts and entrants built by hand."""

from __future__ import annotations

from typing import Any

from podium.model.entrants import Entrant, EntrantKind, Gender, Person
from podium.model.matches import MatchContext
from podium.plugins.table_tennis.sport import TableTennis

SPORT = TableTennis()
DEFAULTS = {option.name: option.default for option in SPORT.options}


def rules(kind: EntrantKind = EntrantKind.INDIVIDUAL, **given: Any) -> dict[str, Any]:
    """The sport's default rules with ``given`` overrides, as the core passes them (``kind`` included)."""
    return {**DEFAULTS, "kind": kind.value, **given}


def player(name: str, key: str = "") -> Entrant:
    return Entrant(key=key or name, event="ms", kind=EntrantKind.INDIVIDUAL, name=name, members=(Person(name),))


def team(name: str, *members: str, reserves: tuple[str, ...] = (), key: str = "") -> Entrant:
    people = tuple(Person(m) for m in members) + tuple(Person(r, reserve=True) for r in reserves)
    return Entrant(key=key or name, event="team", kind=EntrantKind.TEAM, name=name, members=people)


def pair(*people: tuple[str, str | None]) -> Entrant:
    members = tuple(Person(n, gender=Gender.parse(g) if g else None) for n, g in people)
    return Entrant(key="1", event="xd", kind=EntrantKind.PAIR, name=" / ".join(n for n, _g in people), members=members)


def ctx(kind: EntrantKind = EntrantKind.INDIVIDUAL, sides: tuple[Entrant, Entrant] | None = None, **given: Any) -> MatchContext:
    """A match context with the default rules overridden by ``given``."""
    return MatchContext(event="ev", rules=rules(kind, **given), sides=sides or (player("Ann"), player("Bea")))


TIGERS = team("Tigers", "张三", "李四", "王五", reserves=("替补",))
LIONS = team("Lions", "赵六", "钱七", "孙八")


def team_ctx(**given: Any) -> MatchContext:
    """Tigers (side 0) against Lions (side 1) in a team event."""
    return ctx(EntrantKind.TEAM, (TIGERS, LIONS), **given)
