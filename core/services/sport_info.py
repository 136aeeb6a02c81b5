"""What ``podium sports`` shows: installed plugins, and one sport's rules, scoring and result examples."""

from __future__ import annotations

from typing import Any

import attrs

from podium.i18n import Label, _
from podium.model.entrants import Entrant, EntrantKind, Person
from podium.model.matches import MatchContext
from podium.registry import Registry

FAMILY_TITLES = {
    "round_robin": Label(zh="循环赛", en="round robin"),
    "swiss": Label(zh="积分编排", en="Swiss"),
    "knockout": Label(zh="淘汰赛", en="knockout"),
    "measured": Label(zh="计时、计数与评分项目", en="timed, counted and judged events"),
}
"""What the format families (which choose a sport's default tie-break chain) are called."""
MEASURE_TITLES = {
    "time": Label(zh="计时", en="time"),
    "count": Label(zh="计数", en="count"),
    "distance": Label(zh="距离", en="distance"),
    "points": Label(zh="得分", en="points"),
    "judged": Label(zh="评分", en="judged"),
    "zones": Label(zh="区域得分", en="zones"),
    "elimination": Label(zh="淘汰", en="elimination"),
    "pulls": Label(zh="拔河局数", en="pulls"),
    "heights": Label(zh="高度", en="heights"),
}
"""What a measured game measures (``measure`` of its rules), as a reader says it."""


def _title(titles: dict[str, Label], code: str) -> str:
    return titles[code].get() if code in titles else code


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
            {"name": n, "title": t.title.get(), "source": _(t.source) if t.source else "", "provided_by": _source(reg, "tiebreaker", n)}
            for n, t in sorted(reg.tiebreakers.items())
        ],
        "games": [
            {"name": g.name, "title": g.title.get(), "sport": n, "sport_title": s.title.get(), "kind": g.kind.value,
             "kind_title": g.kind.title, "format": g.format,
             "format_title": reg.formats[g.format].title.get() if g.format in reg.formats else g.format,
             "measure": g.rules.get("measure", ""), "measure_title": _title(MEASURE_TITLES, g.rules.get("measure", "")),
             "source": _(g.source) if g.source else ""}
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
            {"name": o.name, "default": o.default, "choices": list(o.choices), "doc": _(o.doc), "source": o.source}
            for o in sport.options
        ],
        "scoring": {"win": sport.scoring.win, "draw": sport.scoring.draw, "loss": sport.scoring.loss,
                    "forfeit_loss": sport.scoring.forfeit_loss, "draws": sport.draws_allowed},
        "measured": _measured(sport, rules),
        "games": [
            {"name": g.name, "title": g.title.get(), "kind": g.kind.value, "kind_title": g.kind.title, "format": g.format,
             "format_title": reg.formats[g.format].title.get() if g.format in reg.formats else g.format,
             "measure": g.rules.get("measure", ""), "measure_title": _title(MEASURE_TITLES, g.rules.get("measure", "")),
             "summary": g.summary.get(), "source": g.source}
            for g in sport.games.values()
        ],
        "tiebreaks": {family: list(sport.tiebreak_chain(family, rules)) for family in families},
        "tiebreak_titles": {
            family: {
                "family": _title(FAMILY_TITLES, family),
                "chain": [reg.tiebreakers[t].title.get() if t in reg.tiebreakers else t for t in sport.tiebreak_chain(family, rules)],
            }
            for family in families
        },
        "examples": list(sport.result_examples(ctx)),
    }
