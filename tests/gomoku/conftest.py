"""Match contexts for gomoku result tests: Ann (listed first) against Bo under given rules."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from podium.model.entrants import Entrant, EntrantKind, Person
from podium.model.matches import MatchContext
from podium.model.options import resolve_options
from podium.plugins.gomoku.sport import Gomoku


@pytest.fixture(scope="session")
def gomoku() -> Gomoku:
    return Gomoku()


@pytest.fixture(scope="session")
def context(gomoku: Gomoku) -> Callable[..., MatchContext]:
    """``context(rule_set="B", decisive=True)``: a match context with those rules."""

    def make(*, decisive: bool = False, **given: Any) -> MatchContext:
        rules = resolve_options(gomoku.options, given, "test") | {"kind": EntrantKind.INDIVIDUAL.value}
        sides = tuple(
            Entrant(str(n), "gm", EntrantKind.INDIVIDUAL, name, (Person(name),)) for n, name in enumerate(("Ann", "Bo"), 1)
        )
        return MatchContext("gm", rules, sides, decisive=decisive)  # type: ignore[arg-type]

    return make
