"""Podium's own formats and tie-breakers, registered like any plugin (entry point ``core``)."""

from __future__ import annotations

from podium.formats.base import Format
from podium.formats.double_elimination import DoubleElimination
from podium.formats.groups import Groups
from podium.formats.knockout import Knockout
from podium.formats.round_robin import RoundRobin
from podium.formats.swiss import Swiss
from podium.hookspecs import hookimpl
from podium.tiebreakers.base import TieBreaker
from podium.tiebreakers.basic import GamePoints, GamesRatio, Lots, PointsRatio, Wins
from podium.tiebreakers.ittf import IttfGroupRanking


@hookimpl
def podium_formats() -> list[Format]:
    return [RoundRobin(), Groups(), Swiss(), Knockout(), DoubleElimination()]


@hookimpl
def podium_tiebreakers() -> list[TieBreaker]:
    return [IttfGroupRanking(), GamesRatio(), PointsRatio(), GamePoints(), Wins(), Lots()]
