"""Fun games (趣味项目) for Podium: timed, counted, judged and elimination games, relays and tug of war."""

from __future__ import annotations

from podium.api import Sport, hookimpl


@hookimpl
def podium_sports() -> list[Sport]:
    from podium.plugins.fun_games.sport import FunGames

    return [FunGames()]
