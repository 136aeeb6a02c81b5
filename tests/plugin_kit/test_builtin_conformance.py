"""The six built-in sports pass Podium's conformance suite (``podium.testing``), run exactly as a
third-party sport's own tests run it: a ``Test…`` subclass of :class:`SportConformance` per plugin.

Ten simulated results per case (a plugin's default is more) keep the suite fast: the built-ins
are checked in well over a hundred cases each.
"""

from __future__ import annotations

import podium.plugins.athletics
import podium.plugins.fun_games
import podium.plugins.gomoku
import podium.plugins.table_tennis
import podium.plugins.weiqi
import podium.plugins.xiangqi
from podium.testing import SportConformance


class TestTableTennis(SportConformance):
    plugin = podium.plugins.table_tennis
    seeds = 10
    refused = {"11-10 11-5 11-3": "lead", "11-9 11-9 11-9 11-9": "decided"}


class TestXiangqi(SportConformance):
    plugin = podium.plugins.xiangqi
    seeds = 10


class TestWeiqi(SportConformance):
    plugin = podium.plugins.weiqi
    seeds = 10


class TestGomoku(SportConformance):
    plugin = podium.plugins.gomoku
    seeds = 10


class TestFunGames(SportConformance):
    plugin = podium.plugins.fun_games
    seeds = 10


class TestAthletics(SportConformance):
    plugin = podium.plugins.athletics
    seeds = 10
