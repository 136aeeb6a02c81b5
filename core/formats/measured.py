"""The measured-format protocol: how a stage of a timed, counted or judged event lays out its heats.

A head-to-head format lays out matches of two sides; a measured format lays out
*heats* (races, sessions, games) of N entrants, each in a lane or a performance
order, and ranks the stage from the entrants' marks. Like every format it knows no
sport: it sees marks (:class:`~podium.measure.marks.Mark`, already judged by the
measurement core) and which heats are complete. Later rounds appear once the round
before is complete; their lanes or order are drawn from a seed recorded with the draw,
so they are re-derived from the journal like everything else.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

import attrs

from podium.formats.base import Format, StageEntrant, StageView
from podium.i18n import N_, _
from podium.model.matches import Match
from podium.model.options import Option

if TYPE_CHECKING:
    from podium.measure.marks import Mark
    from podium.measure.ranking import Decision, Placing, Ranking

THROUGH = Option(
    "through", int, None, "How many go through to the next stage of the event by place (default: everyone placed)",
    nullable=True, minimum=1,
)
"""The stage-to-stage cut of a measured stage (its own ``advance`` says who reaches its final)."""

ROUND_TITLES = {
    "heats": N_("heats"),
    "semi": N_("semi-final"),
    "prelims": N_("preliminaries"),
    "final": N_("final"),
    "game": N_("elimination game"),
}
"""Display names of round names used by the built-in measured formats (``round2`` … are shown as "round 2")."""


def round_title(round_name: str) -> str:
    """The translated name of a round: "heats", "final", "round 2" …"""
    if round_name in ROUND_TITLES:
        return _(ROUND_TITLES[round_name])
    if round_name.startswith("round") and round_name[5:].isdigit():
        return _("round {number}").format(number=round_name[5:])
    return round_name


def heat_label(heat: Heat) -> str:
    """A heat by its round and its place in the round: "heats, heat 2"; a final is "final", never a heat."""
    name = round_title(heat.round_name)
    if heat.round_name == "final" and heat.session <= 1:
        return name
    return _("{round}, heat {index}").format(round=name, index=heat.session)


@attrs.frozen
class Lane:
    """A place in a heat: the lane, or the position in the performance order."""

    position: int
    entrant: str


@attrs.frozen
class Heat:
    """One heat (race, session, game) of a measured stage.

    ``key`` is stable within the stage (``H2``, ``F``, ``R1.3``) and is what the journal
    records performances against; ``number`` is the short number users type, given by
    the core in order across the event's stages, like match numbers.
    """

    key: str
    stage: str
    round: int
    round_name: str
    lanes: tuple[Lane, ...]
    session: int = 1
    number: int = 0

    @property
    def entrants(self) -> tuple[str, ...]:
        return tuple(lane.entrant for lane in self.lanes)

    def lane_of(self, entrant: str) -> int | None:
        return next((lane.position for lane in self.lanes if lane.entrant == entrant), None)


@attrs.frozen
class MeasuredView:
    """Everything a measured format needs about its stage: the draw, the marks per heat, complete heats."""

    name: str
    options: Mapping[str, Any]
    entrants: tuple[StageEntrant, ...]
    draw: Mapping[str, Any]
    marks: Mapping[str, Mapping[str, Mark]] = attrs.field(factory=dict)
    complete: frozenset[str] = frozenset()
    sudden_death: bool | str = False
    """Which ties extra attempts decide: every tie, ``"first"`` (the tie for first place) or none."""
    finish_orders: Mapping[int, tuple[Any, ...]] = attrs.field(factory=dict)
    """By round number, the orders recorded for runners tied in a heat of that round (the finish judges' order,
    ``podium playoff``), oldest first: :func:`podium.measure.ranking.settle` orders a heat's places with them."""


@attrs.frozen
class StageRanking:
    """The ranking of a measured stage: placings best first, and for each entrant the round it reached."""

    ranking: Ranking
    reached: Mapping[str, int] = attrs.field(factory=dict)


class MeasuredFormat(Format):
    """Base class of measured formats (heats and final, rounds with cuts, elimination games)."""

    family = "measured"
    lays_out = "heats"
    lane_option: str | None = None
    """The option that holds the lanes of a heat, when its entrants run side by side in lanes: it defaults to the
    lanes of the venue the event uses (``[venues.X] lanes``) and may not exceed them."""

    def matches(self, stage: StageView) -> list[Match]:
        """A measured stage has heats, not matches."""
        return []

    @abstractmethod
    def heats(self, view: MeasuredView) -> list[Heat]:
        """Every heat currently defined, in order; a later round appears when the round before is complete."""

    @abstractmethod
    def ranking(self, view: MeasuredView, heats: Sequence[Heat]) -> StageRanking:
        """The ranking of the stage from the marks so far."""

    def going_on(self, stage: StageView, matches: Sequence[Match]) -> int:
        """``through`` (the stage-to-stage cut), else everyone."""
        through = stage.options.get("through")
        return min(through, len(stage.entrants)) if through else len(stage.entrants)

    def progress(self, view: MeasuredView, heats: Sequence[Heat]) -> Mapping[str, Mapping[str, str]]:
        """How entrants went on from each heat, by heat key and entrant: a short mark such as ``Q`` (by place)
        or ``q`` (by time) shown beside their marks; empty when the format marks nothing."""
        return {}

    def expected(self, view: MeasuredView, heats: Sequence[Heat]) -> list[Heat]:
        """The heats still to come after ``heats`` (a final, the later rounds) whose entrants are not known
        yet, with empty lanes and the keys they will have, so the order of play can keep time for them."""
        return []



@runtime_checkable
class TakesLateEntrants(Protocol):
    """A measured format whose draw can take a late entrant (补报) into a heat not yet run (the heats format);
    the draws of other formats take none, and a late entry to them is refused."""

    def late_heats(self, view: MeasuredView, heats: Sequence[Heat]) -> list[Heat]:
        """The heats of the drawn stage that can still take a late entrant, the emptiest first."""

    def take_late(self, draw: Mapping[str, Any], heat: str, entrant: str) -> dict[str, Any]:
        """The draw with ``entrant`` added to ``heat``, one of :meth:`late_heats`."""


def order_entrants(entrants: Sequence[StageEntrant], method: str, rng: random.Random) -> list[str]:
    """Entrants in drawing order: by lot, by seed (the unseeded drawn after them), or as listed."""
    keys = [e.key for e in entrants]
    if method == "list":
        return keys
    if method == "seeds":
        seeded = sorted((e for e in entrants if e.seed is not None), key=lambda e: (e.seed, e.key))
        rest = [e.key for e in entrants if e.seed is None]
        rng.shuffle(rest)
        return [e.key for e in seeded] + rest
    rng.shuffle(keys)
    return keys


def split_even(keys: Sequence[str], groups: int) -> list[list[str]]:
    """``keys`` in order cut into ``groups`` consecutive parts whose sizes differ by at most one."""
    size, bigger = divmod(len(keys), groups)
    parts, start = [], 0
    for index in range(groups):
        end = start + size + (1 if index < bigger else 0)
        parts.append(list(keys[start:end]))
        start = end
    return parts


def deal_serpentine(keys: Sequence[str], groups: int) -> list[list[str]]:
    """``keys`` dealt into ``groups`` in snake order (1, 2, …, n, n, …, 2, 1), so top seeds are spread."""
    parts: list[list[str]] = [[] for _ in range(groups)]
    for index, key in enumerate(keys):
        lap, offset = divmod(index, groups)
        parts[offset if lap % 2 == 0 else groups - 1 - offset].append(key)
    return parts


def round_rng(seed: int, round_number: int) -> random.Random:
    """The generator for the draw of a later round: derived from the stage's recorded seed."""
    return random.Random(f"{seed}:round:{round_number}")


def all_complete(view: MeasuredView, heats: Sequence[Heat]) -> bool:
    """True when there are heats and every one of them is complete."""
    return bool(heats) and all(h.key in view.complete for h in heats)


def heat_marks(view: MeasuredView, heats: Sequence[Heat]) -> dict[str, Mark]:
    """The mark of every entrant of ``heats`` that has one, by entrant."""
    result = {}
    for heat in heats:
        marks = view.marks.get(heat.key, {})
        result.update({k: marks[k] for k in heat.entrants if k in marks})
    return result


def layered_ranking(
    levels: Sequence[tuple[int, Mapping[str, Mark]]], reached: Mapping[str, int], sudden_death: bool | str
) -> StageRanking:
    """Rank a stage of several rounds: entrants of the last round reached first, by their marks there,
    then those who went out in the round before, by theirs, and so on; unranked marks come last.

    ``levels`` holds, deepest round first, how many entrants made that their last round and
    their marks. Places of a level start after everyone of the levels above who is placed or
    still to perform (a finalist yet to run keeps a place, so places do not move while a
    final is run; a finalist who does not finish is unranked and keeps none).
    """
    from podium.measure.ranking import Ranking, rank_marks

    placed: list[Placing] = []
    unranked: list[Placing] = []
    decisions: list[Decision] = []
    unresolved: list[tuple[str, ...]] = []
    start = 1
    for size, marks in levels:
        ranking = rank_marks(list(marks.values()), sudden_death=sudden_death, start=start)
        level_unranked = [p for p in ranking.placings if p.place is None]
        placed += [p for p in ranking.placings if p.place is not None]
        unranked += level_unranked
        decisions += ranking.decisions
        unresolved += ranking.unresolved
        start += size - len(level_unranked)
    return StageRanking(Ranking(tuple(placed + unranked), tuple(decisions), tuple(unresolved)), dict(reached))
