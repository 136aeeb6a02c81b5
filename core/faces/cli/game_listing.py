"""``podium sports --game NAME``: one ready-made game with its rules, defaults and a meet.toml snippet."""

from __future__ import annotations

import json
from typing import Any

import click

from podium.errors import NotFound, Target
from podium.faces.cli.output import echo_json
from podium.i18n import N_, _
from podium.model.games import GameTemplate
from podium.registry import Registry


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


def echo_game(reg: Registry, name: str, as_json: bool) -> None:
    sport, game = find_game(reg, name)
    data = {
        "name": game.name,
        "title": game.title.get(),
        "sport": sport,
        "kind": game.kind.value,
        "format": game.format,
        "format_options": dict(game.format_options),
        "rules": dict(game.rules),
        "summary": game.summary.get(),
        "source": game.source,
        "snippet": snippet(sport, game),
    }
    if as_json:
        echo_json(data)
        return
    source = _(game.source) if game.source else ""
    click.echo(" · ".join(part for part in (f"{data['title']} ({game.name})", reg.sports[sport].title.get(), source) if part))
    click.echo(data["summary"])
    click.echo()
    fmt = reg.formats[game.format].title.get() if game.format in reg.formats else game.format
    click.echo(_("entrants: {kind}; format: {format}").format(kind=game.kind.title, format=fmt))
    click.echo()
    click.echo(data["snippet"])
