"""What ``podium sports`` shows: installed plugins, one sport's rules, scoring and result examples, one ready-made
game, and what the conformance suite finds in a sport."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import attrs

from podium.errors import NotFound, Target
from podium.i18n import N_, Label, _, bilingual
from podium.model.entrants import Entrant, EntrantKind, Person
from podium.model.games import GameTemplate
from podium.model.matches import MatchContext
from podium.registry import Registry
from podium.views.sports import (
    CheckView,
    ConformanceView,
    FormatSummary,
    GameSummary,
    GameView,
    InstalledView,
    OptionView,
    ScoringView,
    SportGame,
    SportInfoView,
    SportSummary,
    TieBreakerSummary,
)

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


def _measure_title(measure: str) -> Label | None:
    """What a game measures as a reader says it; ``None`` for a game of matches (no ``measure``)."""
    return MEASURE_TITLES.get(measure, Label(measure, measure)) if measure else None


def _format_title(reg: Registry, name: str, options: Mapping[str, Any] | None = None) -> Label:
    """The format as a stage of a game with these options is called: heats ranked together are no heats and final."""
    if name not in reg.formats:
        return Label(name, name)
    fmt = reg.formats[name]
    return fmt.stage_title({o.name: o.default for o in fmt.options} | dict(options or {}))


def _translated(text: str) -> Label:
    """A declared English text (an option's meaning, a source) through the catalogs, in both languages."""
    return bilingual(lambda: _(text) if text else "")


def _source(reg: Registry, kind: str, name: str) -> str:
    provider = reg.provider(kind, name)
    return f"{provider.distribution} {provider.version}".strip()


def installed(reg: Registry) -> InstalledView:
    """Every sport, format, tie-breaker and ready-made game with its title and the distribution that provides it."""
    return InstalledView(
        sports=tuple(
            SportSummary(n, s.title, tuple(s.entrant_kinds), _source(reg, "sport", n)) for n, s in sorted(reg.sports.items())
        ),
        formats=tuple(FormatSummary(n, f.title, _source(reg, "format", n)) for n, f in sorted(reg.formats.items())),
        tiebreakers=tuple(
            TieBreakerSummary(n, t.title, t.source, _source(reg, "tiebreaker", n), _translated(t.source))
            for n, t in sorted(reg.tiebreakers.items())
        ),
        games=tuple(
            GameSummary(
                g.name, g.title, n, g.kind, g.format, g.rules.get("measure", ""), g.source,
                sport_title=s.title, format_title=_format_title(reg, g.format, g.format_options),
                measure_title=_measure_title(g.rules.get("measure", "")), source_title=_translated(g.source),
            )
            for n, s in sorted(reg.sports.items()) for g in s.games.values()
        ),
    )


def _measured(sport: Any, defaults: dict[str, Any]) -> bool:
    """True when every event of ``sport`` is measured (its defaults and every game): it has no match results."""
    measured = getattr(sport, "measured", None)
    if measured is None:
        return False
    return bool(measured(defaults)) and all(measured({**defaults, **g.rules}) for g in sport.games.values())


def describe_sport(reg: Registry, name: str) -> SportInfoView:
    """One sport: options with defaults, scoring, default tie-break chains and result examples."""
    sport = reg.sport(name)
    rules = {o.name: o.default for o in sport.options} | {"kind": sport.entrant_kinds[0].value}
    player = Entrant("1", "", EntrantKind(rules["kind"]), "A", (Person("A"),))
    ctx = MatchContext(event="", rules=rules, sides=(player, attrs.evolve(player, key="2", name="B")))
    families = sorted({f.family for f in reg.formats.values()})
    return SportInfoView(
        name=sport.name,
        title=sport.title,
        provided_by=_source(reg, "sport", name),
        entrants=tuple(sport.entrant_kinds),
        options=tuple(OptionView(o.name, o.default, tuple(o.choices), o.doc, o.source, _translated(o.doc)) for o in sport.options),
        scoring=ScoringView(
            sport.scoring.win, sport.scoring.draw, sport.scoring.loss, sport.scoring.forfeit_loss, sport.draws_allowed
        ),
        measured=_measured(sport, rules),
        games=tuple(
            SportGame(
                g.name, g.title, g.kind, g.format, g.rules.get("measure", ""), g.summary, g.source,
                _format_title(reg, g.format, g.format_options), _measure_title(g.rules.get("measure", "")),
            )
            for g in sport.games.values()
        ),
        tiebreaks={family: tuple(sport.tiebreak_chain(family, rules)) for family in families},
        family_titles={family: FAMILY_TITLES.get(family, Label(family, family)) for family in families},
        tiebreak_titles={
            family: tuple(reg.tiebreakers[t].title if t in reg.tiebreakers else Label(t, t) for t in sport.tiebreak_chain(family, rules))
            for family in families
        },
        examples=tuple(sport.result_examples(ctx)),
    )


def find_game(reg: Registry, name: str) -> tuple[str, GameTemplate]:
    """The sport providing game ``name`` and the game."""
    for sport_name, sport in sorted(reg.sports.items()):
        if name in sport.games:
            return sport_name, sport.games[name]
    valid = sorted(g for s in reg.sports.values() for g in s.games)
    raise NotFound(N_("No installed sport has a game '{name}'; games: {valid}."), code="plugin.game_unknown", target=Target(argument="game"), name=name, valid=", ".join(valid))


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{json.dumps(str(k))} = {_toml(v)}" for k, v in value.items()) + " }"
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def snippet(sport: str, game: GameTemplate) -> str:
    """A ``meet.toml`` event using ``game``, with its defaults written out as comments to override."""
    key = game.name
    lines = [f"[events.{key}]", f'sport = "{sport}"', f'game = "{game.name}"', "", f"[events.{key}.rules]"]
    lines += [f"# {name} = {_toml(value)}" for name, value in game.rules.items()]
    if game.format_options:
        lines += ["", f"# [[events.{key}.stages]]", f'# format = "{game.format}"']
        lines += [f"# {name} = {_toml(value)}" for name, value in game.format_options.items()]
    return "\n".join(lines)


def describe_game(reg: Registry, name: str) -> GameView:
    """One ready-made game: its rules, defaults and a ``meet.toml`` snippet (``podium sports --game NAME``)."""
    sport, game = find_game(reg, name)
    return GameView(
        game.name, game.title, sport, game.kind, game.format, dict(game.format_options), dict(game.rules), game.summary,
        game.source, snippet(sport, game), reg.sports[sport].title, _format_title(reg, game.format, game.format_options), _translated(game.source),
    )


def conformance(reg: Registry, name: str) -> ConformanceView:
    """Run Podium's conformance suite on the installed sport ``name`` (``podium sports SPORT --check``)."""
    from podium.registry import plugin_manager
    from podium.testing import CHECKS, check_plugin

    reg.sport(name)
    provider = reg.provider("sport", name)
    (report,) = check_plugin(plugin_manager().get_plugin(provider.plugin), sport=name)
    checks = []
    for check, what in CHECKS.items():
        problems = tuple(str(p) for p in report.of(check))
        status = "failed" if problems else "skipped" if check in report.skipped else "ok"
        checks.append(CheckView(check, status, bilingual(lambda what=what: _(what)), problems, report.skipped.get(check)))
    return ConformanceView(name, _source(reg, "sport", name), report.cases, report.results, report.ok, tuple(checks))
