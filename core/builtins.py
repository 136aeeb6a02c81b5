"""Podium's own formats and tie-breakers, registered like any plugin (entry point ``core``)."""

from __future__ import annotations

from podium.formats.base import Format
from podium.formats.heats import EliminationGame, Heats
from podium.formats.round_robin import RoundRobin
from podium.formats.rounds import Rounds
from podium.hookspecs import hookimpl
from podium.tiebreakers.base import TieBreaker
from podium.tiebreakers.basic import GamePoints, GamesRatio, Lots, PointsRatio, Wins
from podium.tiebreakers.ittf import IttfGroupRanking


@hookimpl
def podium_formats() -> list[Format]:
    return [RoundRobin(), Heats(), Rounds(), EliminationGame()]


@hookimpl
def podium_tiebreakers() -> list[TieBreaker]:
    return [IttfGroupRanking(), GamesRatio(), PointsRatio(), GamePoints(), Wins(), Lots()]
