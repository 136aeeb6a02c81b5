"""Rounds with cuts (多轮赛): preliminary sessions, then the best N go on, round after round, to a final.

Square dance (square-dance contest rules §6–7): "比赛进行三场预赛、二场复赛和一场决赛，除预赛外，参赛队伍出场顺序由抽签决定。
3场预赛结束后，有32支队进入复赛；复赛后有16支队进入决赛" — ``sessions = [3, 2, 1]``,
``cuts = [32, 16]``. The first round's performance order follows ``order`` (the
seed does not say how the preliminary order is set: as listed by default); every
later round's order is drawn by lot from the seed recorded with the draw.

Each round ranks all its sessions together; the best ``cuts[r]`` go on (everyone
tied at the cut goes on). Scores are not carried over unless ``carry_over`` is set
(line-dance contest rules §1.10.1: "预赛成绩不带入决赛，比赛最后成绩由决赛产生"). The stage ranks the
finalists by the final, then those who went out in each earlier round by their marks there.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

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
    heat_marks,
    layered_ranking,
    order_entrants,
    round_rng,
    split_even,
)
from podium.i18n import N_, Label
from podium.model.options import Option

if TYPE_CHECKING:
    from podium.measure.marks import Mark


class Rounds(MeasuredFormat):
    """Several rounds, each in one or more sessions; the best N of a round go on to the next."""

    name = "rounds"
    title = Label(zh="多轮赛（逐轮晋级）", en="Rounds with cuts")
    options = (
        Option("sessions", list, [1], "Sessions of each round, first round first, e.g. [3, 2, 1]", source="square-dance contest rules §6"),
        Option("cuts", list, [], "How many go on to each later round, e.g. [32, 16]", source="square-dance contest rules §7"),
        Option("order", str, "list", "Order of the first round: as listed, by lot or by seed (later rounds: always by lot)",
               choices=("list", "lots", "seeds"), source="square-dance contest rules §6: 除预赛外…出场顺序由抽签决定"),
        Option("carry_over", bool, False, "Add each entrant's marks of earlier rounds to the later ones",
               source="line-dance contest rules §1.10.1: 预赛成绩不带入决赛"),
        THROUGH,
    )

    def problems(self, options: Mapping[str, Any]) -> list[Problem]:
        sessions, cuts = options["sessions"], options["cuts"]
        problems = []
        if not sessions or not all(isinstance(s, int) and not isinstance(s, bool) and s >= 1 for s in sessions):
            problems.append(problem(N_("sessions must be a list of whole numbers of 1 or more, like [3, 2, 1]"), code="config.cut_rounds_sessions_invalid"))
        if not all(isinstance(c, int) and not isinstance(c, bool) and c >= 1 for c in cuts):
            problems.append(problem(N_("cuts must be a list of whole numbers of 1 or more, like [32, 16]"), code="config.cut_rounds_cuts_invalid"))
        elif any(later >= earlier for earlier, later in zip(cuts, cuts[1:], strict=False)):
            problems.append(problem(N_("each cut must be smaller than the one before, like [32, 16]"), code="config.cut_rounds_cuts_order"))
        if not problems and len(sessions) != len(cuts) + 1:
            problems.append(
                problem(N_("{rounds} rounds of sessions need {cuts} cuts (one fewer), not {given}"), code="config.cut_rounds_sessions_count", rounds=len(sessions), cuts=len(sessions) - 1, given=len(cuts))
            )
        return problems

    def draw(self, entrants: Sequence[StageEntrant], options: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
        order = order_entrants(entrants, options["order"], rng)
        return {"seed": rng.randrange(2**31), "sessions": split_even(order, min(options["sessions"][0], len(order)))}

    def heats(self, view: MeasuredView) -> list[Heat]:
        sessions, cuts = view.options["sessions"], view.options["cuts"]
        last = len(cuts) + 1
        heats = _round(view.name, 1, last, view.draw["sessions"])
        for number in range(2, last + 1):
            earlier = [h for h in heats if h.round == number - 1]
            if not all_complete(view, earlier):
                break
            # loaded when rounds are ranked, not when formats are registered
            from podium.measure.ranking import rank_marks

            going_on = rank_marks(
                list(self.round_marks(view, heats, number - 1).values()), sudden_death=view.sudden_death
            ).within(cuts[number - 2])
            if not going_on:
                break
            order = sorted(going_on)
            round_rng(view.draw["seed"], number).shuffle(order)  # square-dance contest rules §6: order drawn after the preliminaries
            heats += _round(view.name, number, last, split_even(order, min(sessions[number - 1], len(order))))
        return heats

    def expected(self, view: MeasuredView, heats: Sequence[Heat]) -> list[Heat]:
        """The sessions of the rounds not laid out yet: round n has ``sessions[n-1]`` sessions (fewer when
        fewer go on than that), as :meth:`heats` will lay them out."""
        sessions, cuts = view.options["sessions"], view.options["cuts"]
        last = len(cuts) + 1
        reached = max((h.round for h in heats), default=0)
        return [
            heat
            for number in range(reached + 1, last + 1)
            for heat in _round(view.name, number, last, [()] * min(sessions[number - 1], cuts[number - 2]))
        ]

    def round_marks(self, view: MeasuredView, heats: Sequence[Heat], number: int) -> dict[str, Mark]:
        """Marks of round ``number``; with ``carry_over`` each is the sum of the entrant's marks so far."""
        marks = heat_marks(view, [h for h in heats if h.round == number])
        if not view.options["carry_over"] or number == 1:
            return marks
        from podium.measure.marks import combined

        earlier = [heat_marks(view, [h for h in heats if h.round == r]) for r in range(1, number)]
        return {k: combined(k, [rounds[k] for rounds in earlier if k in rounds] + [m]) for k, m in marks.items()}

    def ranking(self, view: MeasuredView, heats: Sequence[Heat]) -> StageRanking:
        deepest = max((h.round for h in heats), default=1)
        reached = {}
        for heat in heats:
            for key in heat.entrants:
                reached[key] = max(reached.get(key, 0), heat.round)
        levels = []
        for number in range(deepest, 0, -1):
            marks = self.round_marks(view, heats, number)
            size = sum(1 for r in reached.values() if r == number)
            levels.append((size, {k: m for k, m in marks.items() if reached[k] == number}))
        return layered_ranking(levels, reached, view.sudden_death)


def _round(stage: str, number: int, last: int, sessions: Sequence[Sequence[str]]) -> list[Heat]:
    name = "final" if number == last else "prelims" if number == 1 else f"round{number}"
    return [
        Heat(f"R{number}.{index}", stage, number, name, tuple(Lane(p, k) for p, k in enumerate(part, start=1)), session=index)
        for index, part in enumerate(sessions, start=1)
    ]
