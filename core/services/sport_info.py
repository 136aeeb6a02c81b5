"""What ``podium sports`` shows: installed plugins, and one sport's rules, scoring and result examples."""

from __future__ import annotations

from typing import Any

import attrs

from podium.model.entrants import Entrant, EntrantKind, Person
from podium.model.matches import MatchContext
from podium.registry import Registry


def _source(reg: Registry, kind: str, name: str) -> str:
    provider = reg.provider(kind, name)
    return f"{provider.distribution} {provider.version}".strip()


def installed(reg: Registry) -> dict[str, Any]:
    """Every sport, format and tie-breaker with its title and the distribution that provides it."""
    return {
        "sports": [
            {
                "name": n,
                "title": s.title.get(),
                "entrants": [k.value for k in s.entrant_kinds],
                "provided_by": _source(reg, "sport", n),
            }
            for n, s in sorted(reg.sports.items())
        ],
        "formats": [{"name": n, "title": f.title.get(), "provided_by": _source(reg, "format", n)} for n, f in sorted(reg.formats.items())],
        "tiebreakers": [
            {"name": n, "title": t.title.get(), "source": t.source, "provided_by": _source(reg, "tiebreaker", n)}
            for n, t in sorted(reg.tiebreakers.items())
        ],
        "games": [
            {"name": g.name, "title": g.title.get(), "sport": n, "kind": g.kind.value, "format": g.format,
             "measure": g.rules.get("measure", ""), "source": g.source}
            for n, s in sorted(reg.sports.items()) for g in s.games.values()
        ],
    }


def _measured(sport: Any, defaults: dict[str, Any]) -> bool:
    """True when every event of ``sport`` is measured (its defaults and every game): it has no match results."""
    measured = getattr(sport, "measured", None)
    if measured is None:
        return False
    return bool(measured(defaults)) and all(measured({**defaults, **g.rules}) for g in sport.games.values())


def describe_sport(reg: Registry, name: str) -> dict[str, Any]:
    """One sport: options with defaults, scoring, default tie-break chains and result examples."""
    sport = reg.sport(name)
    rules = {o.name: o.default for o in sport.options} | {"kind": sport.entrant_kinds[0].value}
    player = Entrant("1", "", EntrantKind(rules["kind"]), "A", (Person("A"),))
    ctx = MatchContext(event="", rules=rules, sides=(player, attrs.evolve(player, key="2", name="B")))
    families = sorted({f.family for f in reg.formats.values()})
    return {
        "name": sport.name,
        "title": sport.title.get(),
        "provided_by": _source(reg, "sport", name),
        "entrants": [k.value for k in sport.entrant_kinds],
        "options": [
            {"name": o.name, "default": o.default, "choices": list(o.choices), "doc": o.doc, "source": o.source}
            for o in sport.options
        ],
        "scoring": {"win": sport.scoring.win, "draw": sport.scoring.draw, "loss": sport.scoring.loss},
        "measured": _measured(sport, rules),
        "games": [
            {"name": g.name, "title": g.title.get(), "kind": g.kind.value, "format": g.format,
             "measure": g.rules.get("measure", ""), "summary": g.summary.get(), "source": g.source}
            for g in sport.games.values()
        ],
        "tiebreaks": {family: list(sport.tiebreak_chain(family, rules)) for family in families},
        "examples": list(sport.result_examples(ctx)),
    }
