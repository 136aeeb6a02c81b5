"""Match contexts for weiqi result tests: two players (or two teams of four) under given rules."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

import pytest

from podium.model.entrants import Entrant, EntrantKind, Person
from podium.model.matches import MatchContext
from podium.model.options import resolve_options
from podium.plugins.weiqi.sport import Weiqi


@pytest.fixture(scope="session")
def weiqi() -> Weiqi:
    return Weiqi()


def players(kind: EntrantKind, ranks: tuple[float | None, float | None], births: tuple[dt.date | None, dt.date | None]):
    if kind is EntrantKind.TEAM:
        teams = []
        for side, unit in enumerate(("Red", "Blue")):
            members = tuple(Person(f"{unit} {n}") for n in range(1, 5))
            teams.append(Entrant(str(side + 1), "wq", kind, f"{unit} team", members))
        return tuple(teams)
    return tuple(
        Entrant(str(side + 1), "wq", kind, name, (Person(name, birth_date=births[side]),), rating=ranks[side])
        for side, name in enumerate(("Ann", "Bo"))
    )


@pytest.fixture(scope="session")
def context(weiqi: Weiqi) -> Callable[..., MatchContext]:
    """``context(komi=0, decisive=True, team=True, ranks=(5, 3))``: a match context with those rules."""

    def make(
        *,
        team: bool = False,
        decisive: bool = False,
        ranks: tuple[float | None, float | None] = (None, None),
        births: tuple[dt.date | None, dt.date | None] = (None, None),
        **given: Any,
    ) -> MatchContext:
        kind = EntrantKind.TEAM if team else EntrantKind.INDIVIDUAL
        rules = resolve_options(weiqi.options, given, "test") | {"kind": kind.value}
        return MatchContext("wq", rules, players(kind, ranks, births), decisive=decisive)  # type: ignore[arg-type]

    return make
