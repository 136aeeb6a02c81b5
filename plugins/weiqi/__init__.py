"""Weiqi (围棋) for Podium: Chinese Weiqi Rules 2002, individual games and team matches by boards."""

from __future__ import annotations

from podium.api import Sport, hookimpl


@hookimpl
def podium_sports() -> list[Sport]:
    from podium.plugins.weiqi.sport import Weiqi

    return [Weiqi()]
