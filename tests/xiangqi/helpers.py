"""Match contexts and shortcuts for the xiangqi tests."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from podium.model.entrants import Entrant, EntrantKind, Person
from podium.model.matches import MatchContext
from podium.model.options import resolve_options
from podium.model.outcomes import Outcome
from podium.registry import registry

SPORT = registry().sport("xiangqi")


def rules(kind: str = "individual", **given: Any) -> dict[str, Any]:
    """The event rules: option defaults overridden by ``given``, plus the entrant kind."""
    values = resolve_options(SPORT.options, given, "test")
    values["kind"] = kind
    return values


def player(name: str, rating: float | None = None) -> Person:
    return Person(name, rating=rating)


def individual(names: tuple[str, str] = ("Red", "Black"), *, decisive: bool = False, reversed: bool = False, **given: Any) -> MatchContext:
    """A match between two players; ``reversed`` as when the result names them the other way round."""
    sides = tuple(Entrant(n, "xq", EntrantKind.INDIVIDUAL, n, (player(n),)) for n in names)
    return MatchContext("xq", rules(**given), sides, decisive=decisive, reversed=reversed)  # type: ignore[arg-type]


def team(name: str, members: Sequence[str | Person]) -> Entrant:
    people = tuple(m if isinstance(m, Person) else player(m) for m in members)
    return Entrant(name, "xt", EntrantKind.TEAM, name, people)


def team_match(first: Entrant, second: Entrant, *, decisive: bool = False, reversed: bool = False, **given: Any) -> MatchContext:
    return MatchContext("xt", rules("team", **given), (first, second), decisive=decisive, reversed=reversed)


def parse(text: str, ctx: MatchContext) -> Any:
    return SPORT.parse_result(text, ctx)


def canonical(text: str, ctx: MatchContext) -> str:
    return SPORT.format_result(parse(text, ctx), ctx)


def outcome(text: str, ctx: MatchContext) -> Outcome:
    return SPORT.outcome(parse(text, ctx), ctx)


def entered(text: str, ctx: MatchContext) -> Outcome:
    """The outcome as the core records it: parse, mirror when the names were reversed, re-read the canonical text."""
    result = parse(text, ctx)
    if ctx.reversed:
        listed = MatchContext(ctx.event, ctx.rules, (ctx.sides[1], ctx.sides[0]), ctx.decisive)
        result = SPORT.mirror(result, ctx)
        return SPORT.outcome(parse(SPORT.format_result(result, listed), listed), listed)
    return SPORT.outcome(parse(SPORT.format_result(result, ctx), ctx), ctx)
