"""Round robin (大循环): everyone meets everyone, once or twice.

Pairings follow the Berger tables (:mod:`podium.formats.berger`; FIDE C.05 Annex 1,
CXA 2011 Appendix 1), or the ITTF group order where the stage's ``order`` (by default its sport's) says
so; the side listed first plays first (CXA 2011 §12.1), and in a
team round robin the team listed first has red on the odd boards and black on the
even ones (§12.2; the sport applies it to its boards). A double
round robin repeats the table with sides reversed (CXA 2011 §10.1 allows two games
per pairing; the reversal is the common practice, the rules are silent). On an odd
field the entrant drawn against the extra number sits out that round; a
round-robin bye scores nothing (CXA 2011 §14.4 is silent; see docs/formats.md).

Withdrawal during the event, by the stage's ``withdrawal`` (the sport's by default): ``half``
(CXA 2011 §19.2, CXA 1999 §20.3, Weiqi 2002 Art. 28) annuls every result of an entrant who played
fewer than half of their scheduled matches — they vanish from every opponent's score and
tie-breaks — and with half or more played the results stand and every unplayed match is a forfeit
win for the opponent; ``stand`` (ITTF 3.7.5.1: an unplayed match is a loss worth no match point)
keeps every result played and makes every unplayed match a forfeit win for the opponent. Nothing
is written for those matches: the state derives it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from podium.errors import PodiumError, Target
from podium.formats.base import Format, Ruling, StageEntrant, StageView, Table, decided
from podium.formats.berger import ORDERS
from podium.i18n import N_, Label
from podium.model.matches import Match, Slot
from podium.model.numerals import whole_number
from podium.model.options import Option


def number_entrants(entrants: Sequence[StageEntrant], method: str, rng: random.Random) -> list[str]:
    """Order entrants for a table: by lot, by seed (unseeded drawn after them) or as listed."""
    keys = [e.key for e in entrants]
    if method == "list":
        return keys
    if method == "seeds":
        seeded = sorted((e for e in entrants if e.seed is not None), key=lambda e: e.seed)  # type: ignore[arg-type, return-value]
        rest = [e.key for e in entrants if e.seed is None]
        rng.shuffle(rest)
        return [e.key for e in seeded] + rest
    rng.shuffle(keys)
    return keys


ORDER_OPTION = Option(
    "order",
    str,
    "berger",
    "The round-robin table: berger (FIDE C.05 Annex 1) or ittf (the ITTF group order, the top two seeds last); "
    "the sport chooses the default, and the draw records the table it was made under",
    choices=tuple(ORDERS),
    source="FIDE C.05 Annex 1; CXA 2011 Appendix 1; ITTF Handbook for Tournament Referees",
)
"""The ``order`` of a round-robin stage or of its groups; :attr:`podium.model.sports.Sport.round_robin_order` is its default."""

WITHDRAWAL_OPTION = Option(
    "withdrawal",
    str,
    "half",
    "What a withdrawal during the stage does to the entrant's results: half (fewer than half of the matches "
    "played annuls them all, CXA 2011 §19.2) or stand (every result stands and the unplayed matches are lost, "
    "ITTF 3.7.5.1); the sport chooses the default",
    choices=("half", "stand"),
    source="CXA 2011 §19.2; Weiqi 2002 Art. 28; ITTF 3.7.5.1",
)
"""The ``withdrawal`` of a round-robin stage or of its groups; :attr:`podium.model.sports.Sport.round_robin_withdrawal` is
its default."""

STAND_RULE = "ITTF 3.7.5.1"
"""The rule ``withdrawal = "stand"`` follows: a match a side did not play is lost, for no match point."""


def withdrawal_rule(options: Mapping[str, Any], half_rule: str) -> str:
    """The rule a stage with ``options`` follows when an entrant withdraws during it: :data:`STAND_RULE`, or
    ``half_rule`` (the sport's citation of the half rule, :attr:`podium.model.sports.Sport.withdrawal_rule`)."""
    return STAND_RULE if options.get("withdrawal") == "stand" else half_rule


BEFORE_ORDERS = "berger"
"""The table of a draw journaled before stages had an ``order``: every round robin then followed Berger."""


def drawn_table(stage: StageView) -> str:
    """The round-robin table a stage was drawn under: the draw records it (``table``), so a meet drawn under one
    table keeps its matches when meet.toml's ``order`` or the sport's default changes later (a redraw takes
    the new one); a draw journaled before the option existed followed Berger."""
    return str(stage.draw.get("table", BEFORE_ORDERS))


def round_robin_matches(
    order: Sequence[str], stage: str, *, cycles: int = 1, prefix: str = "", group: str | None = None, table: str = "berger",
    number_from: int | None = None,
) -> list[Match]:
    """The matches of a round robin among ``order`` (numbers 1..n in that order) by the round-robin ``table``
    (:data:`podium.formats.berger.ORDERS`), numbered ``number_from`` on if given (:meth:`Format.numbered_matches`), else
    not numbered yet (0)."""
    count = len(order)
    rounds = ORDERS[table](count)
    slots = [Slot(key) for key in order]  # one per entrant, shared by its matches (a slot never changes)
    matches = []
    number, step = (0, 0) if number_from is None else (number_from, 1)
    for cycle in range(cycles):
        for index, pairings in enumerate(rounds):
            round_number = cycle * len(rounds) + index + 1
            board = 0
            for first, second in pairings:
                if first > count or second > count:
                    continue  # paired with the bye number: sits out this round
                board += 1
                sides = (slots[second - 1], slots[first - 1]) if cycle % 2 else (slots[first - 1], slots[second - 1])
                matches.append(Match(f"{prefix}R{round_number}.{board}", stage, round_number, sides, group, None, False, number))
                number += step
    return matches


def annulled_entrants(stage: StageView, entrants: Sequence[str], matches: Sequence[Match]) -> set[str]:
    """Withdrawn entrants of a table whose results are annulled: fewer than half of their matches played, unless
    the stage's ``withdrawal`` is ``stand`` (ITTF 3.7.5.1), which annuls nothing.

    CXA 2011 §19.2: "如已赛对局不足全部对局的一半，则取消其全部比赛成绩". With 9
    opponents, 4 played annuls and 5 keeps; with 8, 4 played keeps (half is enough).
    Forfeits are not played games. In a double round robin matches are counted.
    """
    gone: set[str] = set()
    if stage.options.get("withdrawal") == "stand":
        return gone
    for key in stage.withdrawn.intersection(entrants):
        own = [m for m in matches if key in m.entrants and m.ready]
        played = sum(1 for m in own if m.key in stage.outcomes and stage.outcomes[m.key].played)
        if 2 * played < len(own):
            gone.add(key)
    return gone


def table_rulings(stage: StageView, entrants: Sequence[str], matches: Sequence[Match]) -> dict[str, Ruling]:
    """Rulings of one round-robin table after withdrawals: annulled matches, or walkovers for the rest (CXA 2011
    §19.2; ITTF 3.7.5.1)."""
    if stage.withdrawn.isdisjoint(entrants):
        return {}  # nobody of the table withdrew: every match is played or still to play
    gone = annulled_entrants(stage, entrants, matches)
    rulings = {}
    for match in matches:
        if not match.ready:
            continue
        if gone.intersection(match.entrants):
            rulings[match.key] = Ruling(None, "withdrawal")
        elif match.key not in stage.outcomes:
            outcome = decided(stage, match)
            if outcome is not None:
                rulings[match.key] = Ruling(outcome, "withdrawal")
    return rulings


def numbers_from_paper(entrants: Sequence[StageEntrant], positions: Mapping[str, str], label: str = "") -> list[str]:
    """Entrant keys in table-number order from a paper draw (numbers 1..n, each used once)."""
    count = len(entrants)
    order: list[str | None] = [None] * count
    for entrant in entrants:
        text = positions[entrant.key].strip()
        number = whole_number(text)
        if number is None or not 1 <= number <= count:
            raise PodiumError(
                N_("Position '{position}' of {entrant} is not a table number; give a number from 1 to {count}."), code="draw.file_number_invalid", target=Target(entrant=entrant.key), position=label + text, entrant=entrant.key, count=count
            )
        index = number - 1
        if order[index] is not None:
            raise PodiumError(
                N_("Number {number} is given to both {a} and {b}."), code="draw.file_number_twice", target=Target(entrant=entrant.key), number=label + text, a=order[index], b=entrant.key
            )
        order[index] = entrant.key
    return [key for key in order if key is not None]


class RoundRobin(Format):
    """Single or double round robin on the Berger tables or the ITTF group order (the stage's ``order``)."""

    name = "round_robin"
    title = Label(zh="单循环/双循环", en="Round robin")
    family = "round_robin"
    results_change_layout = False  # the draw alone decides who meets whom, round by round
    options = (
        Option("cycles", int, 1, "1 = single, 2 = double round robin (second cycle with sides reversed)", choices=(1, 2)),
        Option(
            "numbers",
            str,
            "lots",
            "How table numbers are given: by lot, by seed (unseeded drawn after), or in list order",
            choices=("lots", "seeds", "list"),
        ),
        Option("advance", int, None, "How many go through to the next stage (default: everyone, in standings order)", nullable=True, minimum=1),
        ORDER_OPTION,
        WITHDRAWAL_OPTION,
    )

    def stage_title(self, options: Mapping[str, Any]) -> Label:
        """单循环 or 双循环 by ``cycles``: the listing's title names both."""
        if options.get("cycles", 1) == 2:
            return Label(zh="双循环", en="Double round robin")
        return Label(zh="单循环", en="Round robin")

    def uses_seeds(self, options: Mapping[str, Any]) -> bool:
        """Only ``numbers = "seeds"`` gives table numbers by seed (by lot or in list order they are not used)."""
        return bool(options["numbers"] == "seeds")

    def draw(self, entrants: Sequence[StageEntrant], options: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
        return {"order": number_entrants(entrants, options["numbers"], rng), "table": options["order"]}

    def place(self, entrants: Sequence[StageEntrant], positions: Mapping[str, str], options: Mapping[str, Any]) -> dict[str, Any]:
        return {"order": numbers_from_paper(entrants, positions), "table": options["order"]}

    def matches(self, stage: StageView) -> list[Match]:
        return self._laid_out(stage, None)

    def numbered_matches(self, stage: StageView, first: int) -> list[Match]:
        return self._laid_out(stage, first)

    def _laid_out(self, stage: StageView, number_from: int | None) -> list[Match]:
        return round_robin_matches(
            stage.draw["order"], stage.name, cycles=stage.options["cycles"], table=drawn_table(stage), number_from=number_from
        )

    def tables(self, stage: StageView, matches: Sequence[Match]) -> list[Table]:
        order = stage.draw["order"]
        gone = annulled_entrants(stage, order, matches)
        return [Table(None, tuple(k for k in order if k not in gone), tuple(matches))]

    def rulings(self, stage: StageView, matches: Sequence[Match]) -> dict[str, Ruling]:
        return table_rulings(stage, stage.draw["order"], matches)
