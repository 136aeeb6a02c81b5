"""Xiangqi (中国象棋) for Podium: CXA rules 2011/1999 and school rules, individual and team events."""

from __future__ import annotations

from podium.api import Sport, hookimpl


@hookimpl
def podium_sports() -> list[Sport]:
    from podium.plugins.xiangqi.sport import Xiangqi

    return [Xiangqi()]
