"""Podium's own formats and tie-breakers, registered like any plugin (entry point ``core``)."""

from __future__ import annotations

from podium.formats.base import Format
from podium.formats.cut_rounds import Rounds
from podium.formats.double_elimination import DoubleElimination
from podium.formats.groups import Groups
from podium.formats.heats import EliminationGame, Heats
from podium.formats.knockout import Knockout
from podium.formats.qualifying import QualifyingRounds
from podium.formats.round_robin import RoundRobin
from podium.formats.swiss import Swiss
from podium.hookspecs import hookimpl
from podium.tiebreakers.base import TieBreaker
from podium.tiebreakers.basic import GamePoints, GamesRatio, PointsRatio
from podium.tiebreakers.boards import Boards
from podium.tiebreakers.by_round import PreviousRound, Progressive, ProgressiveCut
from podium.tiebreakers.counts import Fouls, GameWins, MatchWins, SecondGames, SecondWins, Warnings, Wins
from podium.tiebreakers.decisions import Lots
from podium.tiebreakers.direct import DirectSecond, HeadToHead
from podium.tiebreakers.ittf import IttfGroupRanking
from podium.tiebreakers.opponents import Buchholz, SonnebornBerger, TeamBuchholz
from podium.tiebreakers.placings import NextBestPlace, Placings
from podium.tiebreakers.sanctions import Penalties


@hookimpl
def podium_formats() -> list[Format]:
    return [RoundRobin(), Groups(), Swiss(), Knockout(), DoubleElimination(), Heats(), Rounds(), EliminationGame(), QualifyingRounds()]


@hookimpl
def podium_tiebreakers() -> list[TieBreaker]:
    return [
        IttfGroupRanking(),
        GamesRatio(),
        PointsRatio(),
        GamePoints(),
        Wins(),
        MatchWins(),
        GameWins(),
        SecondWins(),
        SecondGames(),
        Fouls(),
        Warnings(),
        SonnebornBerger(),
        Buchholz(),
        TeamBuchholz(),
        Progressive(),
        ProgressiveCut(),
        PreviousRound(),
        HeadToHead(),
        DirectSecond(),
        Boards(),
        Placings(),
        NextBestPlace(),
        Penalties(),
        Lots(),
    ]
