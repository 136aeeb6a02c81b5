"""Helpers for format tests: options with defaults, entrants, and playing a stage out with chosen outcomes."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from podium.formats.base import Format, StageEntrant, StageView, decided
from podium.model.matches import Match
from podium.model.outcomes import Outcome


def options(fmt: Format, **given: Any) -> dict[str, Any]:
    """The format's option defaults with ``given`` overrides."""
    values = {o.name: o.default for o in fmt.options}
    unknown = set(given) - set(values)
    assert not unknown, unknown
    values.update(given)
    return values


def entrants(count: int, **fields: Sequence[Any]) -> list[StageEntrant]:
    """Entrants ``e1``, ``e2``… with per-entrant fields given as sequences (seed=…, unit=…)."""
    return [StageEntrant(key=f"e{i + 1}", **{name: values[i] for name, values in fields.items()}) for i in range(count)]


def view(fmt: Format, people: Sequence[StageEntrant], opts: dict[str, Any], seed: int = 1, **extra: Any) -> StageView:
    """A freshly drawn stage."""
    draw = fmt.draw(people, opts, random.Random(seed))
    return StageView(name="main", options=opts, entrants=tuple(people), draw=draw, **extra)


Decide = Callable[[Match], Outcome]


def play_out(fmt: Format, stage: StageView, decide: Decide) -> tuple[StageView, list[Match]]:
    """Enter ``decide(match)`` for every ready match until nothing is left to play; walkovers are not entered."""
    outcomes = dict(stage.outcomes)
    while True:
        stage = attrs.evolve(stage, outcomes=dict(outcomes))
        matches = fmt.matches(stage)
        ready = [m for m in matches if m.ready and m.key not in outcomes and decided(stage, m) is None]
        if not ready:
            return stage, matches
        for match in ready:
            outcomes[match.key] = decide(match)


def random_winner(rng: random.Random) -> Decide:
    return lambda match: Outcome.win(rng.randint(0, 1))


def lower_key_wins(match: Match) -> Outcome:
    """The entrant with the lower number wins (e2 beats e5): the better seed, so brackets go to form."""
    a, b = match.entrants
    return Outcome.win(0 if int(a[1:]) < int(b[1:]) else 1)  # type: ignore[index]
