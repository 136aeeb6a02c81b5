"""Swiss system (积分编排制) and its hybrids, paired round by round by the FIDE Dutch system (:mod:`podium.formats.dutch`).

CXA 2011 §10.3 (CXA 1999 §11.4) and Weiqi 2002 Art. 26: for many entrants and few rounds, entrants with equal or
similar scores meet. The draw fixes the initial order (pairing numbers: seeds,
then rating, then lots); each round is paired from the standings after the
previous one — score groups by the event's points, pairing numbers inside them —
and journaled as a ``round`` entry by ``podium pair`` (round 1 with the draw).
CXA 2011 §12.3 hands Swiss colours to its Appendix 2 (定位编排法), which the rule
sources do not contain, so every sport is paired by FIDE C.04.3 (the 2025
rules): no rematch, at most one bye per entrant and never to one who won a round
without playing (CXA 2011 §14.4: the bye scores as the sport says), colours and
floats as the Dutch criteria say. A pairing is never repeated even when the first
meeting was forfeited.

Hybrids (CXA 2011 §10.5–10.6; xiangqi championship regulations §9(2)):

- Swiss then knockout (积分晋圈淘汰制): ``advance = M`` sends the top M by the
  final standings to the next stage, seeded by Swiss rank.
- Swiss with bottom elimination (积分末位淘汰制): from round ``eliminate_from``
  the lowest ``eliminate`` of the standings leave before each round is paired,
  until ``keep`` remain, who play the remaining rounds.
- Staged qualification: ``qualify = [[a, b], [c, d]]`` — after round a the top b
  qualify (and leave the Swiss), after round c the next d; the qualifiers go to
  the next stage in that order.

A cut that the tie-break chain cannot decide (elimination or qualification) stops
the pairing until a play-off or lots decide it. Withdrawn entrants are not paired
again (CXA 2011 §19.3); their paired but unplayed match is a walkover.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from podium.errors import Problem, StateError, Target, problem
from podium.formats.base import (
    Cut,
    Format,
    Qualification,
    RoundPlan,
    StageEntrant,
    StageView,
    Table,
    cut_rows,
)
from podium.formats.round_robin import numbers_from_paper
from podium.i18n import N_, Label
from podium.model.entrants import BYE
from podium.model.matches import Match, Slot
from podium.model.options import Option

if TYPE_CHECKING:
    from podium.standings.table import Standings

SEEDINGS = ("auto", "seeds", "rating", "lots", "list")


def checkpoints(value: list[Any]) -> Problem | None:
    """Option check: ``[[round, count], …]`` with rounds increasing and counts of at least 1."""
    if not value or not all(isinstance(p, list) and len(p) == 2 and all(type(x) is int and x >= 1 for x in p) for p in value):
        return problem(N_("it must be a list of [round, count] pairs like [[5, 8], [7, 8]]"), code="config.checkpoints_not_pairs")
    rounds = [p[0] for p in value]
    if rounds != sorted(set(rounds)):
        return problem(N_("it must give each round once, in increasing order"), code="config.checkpoints_order")
    return None


def initial_order(entrants: Sequence[StageEntrant], method: str, rng: random.Random) -> list[str]:
    """Pairing numbers: seeds first (by seed), then the rated (highest first), then the rest by lot.

    ``auto`` uses seeds and ratings when present; ``lots`` draws everyone; ``list`` keeps registration order.
    """
    if method == "list":
        return [e.key for e in entrants]
    pool = list(entrants)
    rng.shuffle(pool)
    if method == "lots":
        return [e.key for e in pool]
    use_seeds = method in ("auto", "seeds")
    use_rating = method in ("auto", "rating")

    def key(e: StageEntrant) -> tuple[int, float, float]:
        seeded = use_seeds and e.seed is not None
        rated = use_rating and e.rating is not None
        return (0 if seeded else 1 if rated else 2, e.seed if seeded else 0, -(e.rating or 0) if rated else 0)  # type: ignore[return-value]

    return [e.key for e in sorted(pool, key=key)]


INITIAL_COLOURS = ("first", "second", "lots")


class Swiss(Format):
    """Swiss pairing by the FIDE Dutch system, with elimination and staged qualification."""

    name = "swiss"
    title = Label(zh="积分编排制（瑞士制）", en="Swiss")
    family = "swiss"
    options = (
        Option("rounds", int, 5, "Number of rounds", minimum=1),
        Option(
            "seeding",
            str,
            "auto",
            "Initial order (pairing numbers): auto (seeds, then rating, then lots), seeds, rating, lots or list",
            choices=SEEDINGS,
        ),
        Option(
            "initial_colour",
            str,
            "first",
            "Colour of the higher-ranked player with an odd pairing number when colour rules leave it open "
            "(FIDE C.04.3 art. 5.1): first, second, or lots (drawn with the draw)",
            choices=INITIAL_COLOURS,
        ),
        Option("advance", int, None, "How many go through to the next stage by final standing (Swiss then knockout)", nullable=True, minimum=1, source="CXA 2011 §10.5"),
        Option("eliminate_from", int, 0, "From this round on, the lowest entrants leave before each round (0: no elimination)", minimum=0, source="CXA 2011 §10.6"),
        Option("eliminate", int, 0, "How many of the lowest leave before each round from eliminate_from", minimum=0),
        Option("keep", int, 2, "Elimination stops when this many remain", minimum=2),
        Option(
            "qualify",
            list,
            None,
            "Staged qualification: [[round, count], …] — after that round the top count qualify and leave the Swiss",
            nullable=True,
            validator=checkpoints,
            source="xiangqi championship regulations §9(2), men's group B",
        ),
    )

    def draw(self, entrants: Sequence[StageEntrant], options: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
        self._check(options)
        drawn: dict[str, Any] = {"order": initial_order(entrants, options["seeding"], rng)}
        if options["initial_colour"] == "lots":
            drawn["initial"] = rng.choice(("first", "second"))
        return drawn

    def place(self, entrants: Sequence[StageEntrant], positions: Mapping[str, str], options: Mapping[str, Any]) -> dict[str, Any]:
        self._check(options)
        placed: dict[str, Any] = {"order": numbers_from_paper(entrants, positions)}
        if options["initial_colour"] == "lots":
            placed["initial"] = "first"
        return placed

    @staticmethod
    def _check(options: Mapping[str, Any]) -> None:
        for round_number, _count in options["qualify"] or ():
            if round_number > options["rounds"]:
                raise StateError(
                    N_("qualify names round {round}, but the Swiss has only {rounds} rounds."), code="draw.qualify_round_missing", target=Target(option="qualify"), round=round_number, rounds=options["rounds"]
                )

    def matches(self, stage: StageView) -> list[Match]:
        matches = []
        for payload in stage.rounds:
            number = payload["round"]
            for board, (first, second) in enumerate(payload["pairs"], start=1):
                matches.append(Match(key=f"R{number}.{board}", stage=stage.name, round=number, sides=(Slot(first), Slot(second))))
            if payload.get("bye"):
                matches.append(Match(key=f"R{number}.bye", stage=stage.name, round=number, sides=(Slot(payload["bye"]), Slot(BYE))))
        return matches

    def finished(self, stage: StageView, matches: Sequence[Match]) -> bool:
        return len(stage.rounds) >= stage.options["rounds"] or len(self._active(stage)) < 2

    def _left(self, stage: StageView) -> dict[str, str]:
        """Entrants who left the Swiss before a round: ``eliminated`` or ``qualified``, in order of leaving."""
        left: dict[str, str] = {}
        for payload in stage.rounds:
            left.update(payload.get("leaving", {}))
        return left

    def _active(self, stage: StageView) -> list[str]:
        left = self._left(stage)
        return [key for key in stage.draw["order"] if key not in left and key not in stage.withdrawn]

    def next_round(
        self, stage: StageView, matches: Sequence[Match], standings: Standings | None, order: Sequence[str] = ()
    ) -> RoundPlan | None:
        number = len(stage.rounds) + 1
        if self.finished(stage, matches):
            return None
        active = self._active(stage)
        ranking = self._ranking(stage, standings, active)
        leaving: dict[str, str] = {}
        cuts: list[Cut] = []
        for after, count in stage.options["qualify"] or ():
            if after == number - 1:
                keys, cut = cut_rows(None, ranking, count, order)
                leaving.update(dict.fromkeys(keys, "qualified"))
                cuts += [cut] if cut else []
        options = stage.options
        if options["eliminate_from"] and number >= options["eliminate_from"] and options["eliminate"]:
            staying = [(k, p) for k, p in ranking if k not in leaving]
            count = max(0, len(staying) - max(options["keep"], len(staying) - options["eliminate"]))
            if count:
                reversed_rows = _from_bottom(staying)
                keys, cut = cut_rows(None, reversed_rows, count, list(reversed(order)) if order else ())
                leaving.update(dict.fromkeys(keys, "eliminated"))
                if cut is not None:  # counted from the bottom: name the tied in standings order, with their place
                    tied = tuple(k for k, _place in staying if k in cut.tied)
                    cuts.append(attrs.evolve(cut, tied=tied, place=dict(staying)[tied[0]]))
        if cuts:
            return RoundPlan(None, tuple(cuts))
        players, win = self._players(stage, matches, standings, [k for k in active if k not in leaving])
        pairing = self._pair(stage, players, number, win)
        payload: dict[str, Any] = {
            "stage": stage.name,
            "round": number,
            "pairs": [list(pair) for pair in pairing.pairs],
            "bye": pairing.bye,
        }
        if leaving:
            payload["leaving"] = leaving
        return RoundPlan(payload, explanation=lambda: self._pair(stage, players, number, win, explain=True))

    @staticmethod
    def _pair(stage: StageView, players: list[Any], number: int, win: float, explain: bool = False) -> Any:
        from podium.formats.dutch import FIRST, SECOND, PairingImpossible, pair_round

        initial = stage.draw.get("initial", stage.options["initial_colour"])
        try:
            return pair_round(
                players,
                number,
                rounds=stage.options["rounds"],
                win=win,
                initial=SECOND if initial == "second" else FIRST,
                explain=explain,
            )
        except PairingImpossible:
            raise StateError(
                N_("Round {round} cannot be paired: every pairing would repeat a meeting or give someone a second bye; the stage has more rounds than this field allows."), code="pair.impossible", target=Target(stage=stage.name), round=number
            ) from None

    @staticmethod
    def _ranking(stage: StageView, standings: Standings | None, active: Sequence[str]) -> list[tuple[str, int]]:
        """The active entrants in standings order with their places (pairing order before any result)."""
        if standings is None:
            return [(key, index + 1) for index, key in enumerate(active)]
        wanted = set(active)
        return [(row.key, row.place) for row in standings.rows if row.key in wanted]

    @staticmethod
    def _players(
        stage: StageView, matches: Sequence[Match], standings: Standings | None, keys: Sequence[str]
    ) -> tuple[list[Any], float]:
        """The Dutch system's view of each entrant still in, and the points of a win.

        Points and pairing numbers; opponents (a forfeit counts as a meeting);
        colours of the games played (FIDE C.04.2 art. 3.4); whether the bye is
        barred (a bye had, or a round won without playing: C.04.1 art. 4); and the
        float of each round (C.04.3 art. 1.4): a game between different scores
        gives the higher one a downfloat and the other an upfloat, the bye or a
        win without playing a downfloat. The win's points are the most anyone
        earned in a won match (1 before any).
        """
        from podium.formats.dutch import DOWN, FIRST, NO_FLOAT, SECOND, UP, SwissPlayer

        number = {key: index + 1 for index, key in enumerate(stage.draw["order"])}
        records = {row.key: row.record for row in standings.rows} if standings is not None else {}
        opponents: dict[str, set[str]] = {key: set() for key in keys}
        colours: dict[str, list[int]] = {key: [] for key in keys}
        for match in matches:
            a, b = match.entrants
            if b == BYE:
                continue
            outcome = stage.outcomes.get(match.key)
            for me, other, colour in ((a, b, FIRST), (b, a, SECOND)):
                if me in opponents:
                    opponents[me].add(other)  # type: ignore[arg-type]
                    if outcome is not None and outcome.played:
                        colours[me].append(colour)
        won = [e.points for record in records.values() for e in record.entries if e.won]
        win = max(won) if won else 1.0
        played_rounds = len(stage.rounds)
        before: dict[str, list[float]] = {}
        for key, record in records.items():
            per_round = [0.0] * (played_rounds + 1)
            for entry in record.entries:
                if 1 <= entry.round <= played_rounds:
                    per_round[entry.round] += entry.points
            before[key] = [sum(per_round[:r]) for r in range(played_rounds + 1)]

        def floats(key: str) -> tuple[int, ...]:
            codes = [NO_FLOAT] * played_rounds
            for entry in records[key].entries if key in records else ():
                r = entry.round
                if not 1 <= r <= played_rounds:
                    continue
                if entry.opponent == BYE or (entry.unplayed and entry.won):
                    codes[r - 1] = DOWN
                elif not entry.unplayed and entry.opponent in before:
                    mine, theirs = before[key][r - 1], before[entry.opponent][r - 1]
                    codes[r - 1] = DOWN if mine > theirs else UP if mine < theirs else NO_FLOAT
            return tuple(codes)

        def barred(key: str) -> bool:
            return key in records and any(e.opponent == BYE or (e.unplayed and e.won) for e in records[key].entries)

        points = {key: record.points for key, record in records.items()}
        return [
            SwissPlayer(
                key,
                float(points.get(key, 0.0)),
                number[key],
                frozenset(opponents[key]),
                tuple(colours[key]),
                barred(key),
                floats(key),
            )
            for key in keys
        ], win

    def going_on(self, stage: StageView, matches: Sequence[Match]) -> int:
        """The staged qualifiers (``qualify``), else ``advance`` or everyone."""
        if stage.options["qualify"]:
            return min(sum(count for _after, count in stage.options["qualify"]), len(stage.entrants))
        return super().going_on(stage, matches)

    def advancing(
        self,
        stage: StageView,
        matches: Sequence[Match],
        tables: Sequence[tuple[Table, Standings]],
        order: Sequence[str] = (),
    ) -> Qualification:
        """Staged qualifiers in order of qualifying; else the top ``advance`` of those still in (everyone by default)."""
        standings = tables[0][1] if tables else None
        active = [k for k in self._active(stage)]
        ranking = self._ranking(stage, standings, active)
        if stage.options["qualify"]:
            keys = [k for k, why in self._left(stage).items() if why == "qualified" and k not in stage.withdrawn]
            cuts = []
            for after, count in stage.options["qualify"]:
                if after == len(stage.rounds):
                    more, cut = cut_rows(None, ranking, count, order)
                    keys += more
                    cuts += [cut] if cut else []
            return Qualification(tuple(_next_stage(stage, keys)), tuple(cuts))
        keys, cut = cut_rows(None, ranking, stage.options["advance"], order)
        return Qualification(tuple(_next_stage(stage, keys)), (cut,) if cut else ())


def _from_bottom(rows: Sequence[tuple[str, int]]) -> list[tuple[str, int]]:
    """Rows from the lowest up, with places renumbered so that a shared place stays shared."""
    total = len(rows)
    return [(key, total - place) for key, place in reversed(rows)]


def _next_stage(stage: StageView, keys: Sequence[str]) -> list[StageEntrant]:
    known = {e.key: e for e in stage.entrants}
    return [
        StageEntrant(key=key, seed=index + 1, unit=known[key].unit, rating=known[key].rating, place=index + 1)
        for index, key in enumerate(keys)
    ]
