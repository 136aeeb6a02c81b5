"""Heats and a final (预赛/决赛), and elimination games (last one standing).

**Heats.** Entrants are split into heats of at most ``lanes`` (sizes differ by at most
one) and their lanes are drawn by lot (tug-of-war and heats rules §2: "抽签决定比赛分组（1-4组）及赛道").
When every heat is complete the final is formed from

- ``winners``: the first ``per_heat`` of each heat (tug-of-war and heats rules §2: "每组胜出者参加决赛");
- ``best``: the best ``best`` marks across all heats;
- ``both``: the heat winners plus the next ``best`` marks across heats;
- ``none``: no final; the heats are ranked together (school fun sports-day annex, (1) 2: "每5队为一组…根据各队完成时间决出前三名").

Entrants tied at a cut all go through (a shared place is a place; docs/fun_games.md).
Final lanes are drawn by lot again, from the seed recorded with the draw. The stage
ranks finalists by the final, then everyone else by their heat marks across heats.
A single heat is itself the final.

**Elimination games** (musical chairs, balloon stomp: fun-games contest rules, 4–5) use the same
machinery: everyone plays one game (or groups of ``lanes`` whose last ``per_heat``
standing meet in a final); the order of elimination gives the places.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

from podium.errors import Problem, problem
from podium.formats.base import StageEntrant
from podium.formats.measured import (
    THROUGH,
    Heat,
    Lane,
    MeasuredFormat,
    MeasuredView,
    StageRanking,
    all_complete,
    deal_serpentine,
    heat_marks,
    layered_ranking,
    order_entrants,
    round_rng,
    split_even,
)
from podium.i18n import N_, Label
from podium.model.options import Option


class Heats(MeasuredFormat):
    """Heats with lanes drawn, then a final of the heat winners, the best across heats, or both."""

    name = "heats"
    title = Label(zh="分组预赛+决赛", en="Heats and final")
    first_round = "heats"
    lane_option = "lanes"
    options = (
        Option("lanes", int, 5, "Lanes (places) per heat; 0 puts everyone in one heat", minimum=0,
               source="school fun sports-day annex, (1) 2: 每5队为一组"),
        Option("order", str, "lots", "How heats and lanes are filled: by lot, by seed (spread over the heats), or as listed",
               choices=("lots", "seeds", "list"), source="tug-of-war and heats rules §2"),
        Option("advance", str, "winners", "Who reaches the final: heat winners, the best across heats, both, or none",
               choices=("winners", "best", "both", "none"), source="tug-of-war and heats rules §2; school fun sports-day annex, (1) 2"),
        Option("per_heat", int, 1, "How many of each heat count as its winners", minimum=1),
        Option("best", int, 0, "With advance = best: how many go through; with both: how many besides the winners",
               minimum=0),
        THROUGH,
    )

    def stage_title(self, options: Mapping[str, Any]) -> Label:
        """Heats ranked together when ``advance = "none"``: there is no final (school fun sports-day annex, (1) 2:
        每5队为一组…根据各队完成时间决出前三名), so the title must not promise one; else heats and a final."""
        if options.get("advance") == "none":
            return Label(zh="分组赛，合并排名", en="Heats ranked together")
        return self.title

    def problems(self, options: Mapping[str, Any]) -> list[Problem]:
        if options["advance"] in ("best", "both") and not options.get("best"):
            return [problem(N_("advance = '{advance}' needs best = N (how many go through on their marks)"), code="config.heats_best_missing", advance=options["advance"])]
        return []

    def draw(self, entrants: Sequence[StageEntrant], options: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
        order = order_entrants(entrants, options["order"], rng)
        count = math.ceil(len(order) / options["lanes"]) if options["lanes"] else 1
        parts = deal_serpentine(order, count) if options["order"] == "seeds" else split_even(order, count)
        if options["order"] != "list":
            for part in parts:
                rng.shuffle(part)  # lanes by lot (tug-of-war and heats rules §2)
        return {"seed": rng.randrange(2**31), "heats": parts}

    def heats(self, view: MeasuredView) -> list[Heat]:
        parts = view.draw["heats"]
        single = len(parts) == 1
        first = [
            Heat(f"H{index}", view.name, 1, "final" if single else self.first_round, _lanes(part), session=index)
            for index, part in enumerate(parts, start=1)
        ]
        if single or view.options["advance"] == "none" or not all_complete(view, first):
            return first
        finalists = self.qualifiers(view, first)
        if not finalists:
            return first
        order = sorted(finalists)
        round_rng(view.draw["seed"], 2).shuffle(order)
        return first + [Heat("F", view.name, 2, "final", _lanes(order))]

    def expected(self, view: MeasuredView, heats: Sequence[Heat]) -> list[Heat]:
        """The final, while the heats are still running (with ``advance = "none"`` there is none)."""
        if len(view.draw["heats"]) == 1 or view.options["advance"] == "none" or any(h.round == 2 for h in heats):
            return []
        return [Heat("F", view.name, 2, "final", ())]

    def late_heats(self, view: MeasuredView, heats: Sequence[Heat]) -> list[Heat]:
        """Heats of the first round that have not started (no mark in them) and have a free lane (补报: a late
        entrant runs in a heat not yet run), the emptiest first."""
        lanes = view.options["lanes"]
        open_heats = [
            h for h in heats
            if h.round == 1 and not view.marks.get(h.key) and h.key not in view.complete and (not lanes or len(h.lanes) < lanes)
        ]
        return sorted(open_heats, key=lambda h: (len(h.lanes), h.session))

    def take_late(self, draw: Mapping[str, Any], heat: str, entrant: str) -> dict[str, Any]:
        """The draw with ``entrant`` in the next lane of first-round heat ``heat`` (``H2``)."""
        parts = [list(part) for part in draw["heats"]]
        parts[int(heat[1:]) - 1].append(entrant)
        return {**draw, "heats": parts}

    def qualifiers(self, view: MeasuredView, first: Sequence[Heat]) -> list[str]:
        """Who goes to the final, in heat order (ties at a cut all go through)."""
        # loaded when heats are ranked, not when formats are registered
        from podium.measure.ranking import rank_marks

        advance, per_heat, best = view.options["advance"], view.options["per_heat"], view.options.get("best", 0)
        chosen: list[str] = []
        if advance in ("winners", "both"):
            for heat in first:
                ranking = rank_marks(list(heat_marks(view, [heat]).values()), sudden_death=view.sudden_death)
                chosen += ranking.within(per_heat)
        if advance in ("best", "both"):
            rest = [m for k, m in heat_marks(view, first).items() if k not in chosen]
            chosen += rank_marks(rest, sudden_death=view.sudden_death).within(best)
        return chosen

    def ranking(self, view: MeasuredView, heats: Sequence[Heat]) -> StageRanking:
        first = [h for h in heats if h.round == 1]
        final = [h for h in heats if h.round == 2]
        in_heats = heat_marks(view, first)
        everyone = [k for h in first for k in h.entrants]
        if not final:
            return layered_ranking([(len(everyone), in_heats)], {k: 1 for k in everyone}, view.sudden_death)
        finalists = set(final[0].entrants)
        reached = {k: 2 if k in finalists else 1 for k in everyone}
        levels = [
            (len(finalists), heat_marks(view, final)),
            (len(everyone) - len(finalists), {k: m for k, m in in_heats.items() if k not in finalists}),
        ]
        return layered_ranking(levels, reached, view.sudden_death)


class EliminationGame(Heats):
    """An elimination game: the order in which entrants go out gives the places (fun-games contest rules, 4)."""

    name = "elimination"
    title = Label(zh="淘汰游戏（抢凳子、踩气球）", en="Elimination game (last one standing)")
    first_round = "game"
    lane_option = None

    def stage_title(self, options: Mapping[str, Any]) -> Label:
        """An elimination game is called what it is, with or without a final of the groups' last standing."""
        return self.title
    options = (
        Option("lanes", int, 0, "Players per game; 0 = everyone in one game, else groups whose survivors meet in a final",
               minimum=0, source="fun-games contest rules, 4"),
        Option("order", str, "lots", "How groups and starting places are filled", choices=("lots", "seeds", "list")),
        Option("advance", str, "winners", "Who reaches the final: the last standing of each group, or none",
               choices=("winners", "none")),
        Option("per_heat", int, 1, "How many of each group's last standing reach the final", minimum=1),
        THROUGH,
    )


def _lanes(keys: Sequence[str]) -> tuple[Lane, ...]:
    return tuple(Lane(position, key) for position, key in enumerate(keys, start=1))
