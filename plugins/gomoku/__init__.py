"""Gomoku (五子棋) for Podium: matches of games with renju forbidden moves and record adjudication."""

from __future__ import annotations

from podium.api import Sport, hookimpl


@hookimpl
def podium_sports() -> list[Sport]:
    from podium.plugins.gomoku.sport import Gomoku

    return [Gomoku()]
