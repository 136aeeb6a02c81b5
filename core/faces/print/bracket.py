"""Brackets: the bracket view model from a knockout stage, and its layout as trees on pages.

A :class:`~podium.faces.print.models.Bracket` is sections (main draw, winners and losers
brackets, grand final, third place, play-offs) of rounds of match boxes. A section is
drawn as a tree by following each side's ``("winner", key)`` source; a side fed from
elsewhere (an entrant, a bye, the loser of a match in another section) is a leaf with a
line of its own. A tree too tall for one page is cut into subtrees that fit, and the
rounds above them go on a last page where the subtrees' winners enter as leaves — so a
128-entrant single elimination takes five A4 pages (four quarters of 32 lines and the
semi-finals and final) or three A3 pages (two halves of 64).
"""

from __future__ import annotations

import re
import unicodedata

import attrs

from podium.config.meet import MeetConfig
from podium.faces import wording
from podium.faces.print.models import (
    Bracket,
    BracketMatch,
    BracketRound,
    BracketSection,
    BracketSide,
    unit_name,
)
from podium.formats.base import round_title
from podium.i18n import _
from podium.journal.stages import StageState, reading, side_source
from podium.journal.state import EventState
from podium.model.entrants import BYE
from podium.model.matches import Match
from podium.model.outcomes import Outcome

PAPER = {
    # paper: (lines per page, page size for CSS, usable width mm, usable height mm)
    "a4": (32, "A4", 186.0, 250.0),
    "a3": (64, "A3", 273.0, 370.0),
}
LANDSCAPE_LINES = 24
"""A4 pages of at most this many lines (a 16-line draw and its third-place match) print in landscape,
with wider columns; taller ones print portrait."""


def is_bracket(stage: StageState) -> bool:
    """True for a knockout stage: a format of the ``knockout`` family, or matches fed by other matches."""
    if stage.format.family == "knockout":
        return True
    return any(slot.source and slot.source[0] in ("winner", "loser") for m in stage.matches for slot in m.sides)


_SECTION = re.compile(r"^(P\d+\.|[A-Za-z]+)")
_SECTION_ORDER = {"R": 0, "W": 0, "L": 1, "GF": 2}
_NUMBERED_ROUNDS = ("winners", "losers", "playoff")
"""Round names shared by several columns of a section: those columns are numbered instead."""


def _section(match: Match) -> str:
    """The bracket a match belongs to: its group, else its key's prefix (``R`` main draw, ``W``/``L`` winners and
    losers brackets, ``GF`` grand final, ``P5.`` the play-off for places from 5)."""
    if match.group:
        return str(match.group)
    found = _SECTION.match(match.key)
    return found.group(1) if found else ""


def _section_title(prefix: str, first_round: int) -> str:
    if prefix in ("R", ""):
        return ""
    names = {"W": "winners", "L": "losers", "GF": "final"}
    if prefix in names:
        title = round_title(names[prefix])
        return title[:1].upper() + title[1:]
    if prefix.startswith("P") and prefix[1:-1].isdigit():
        high = int(prefix[1:-1])
        return _("Places {high}–{low}").format(high=high, low=high + 2 * first_round - 1)
    return prefix


def _feeds(event: EventState, stage: StageState) -> dict[tuple[str, int], tuple[str, str]]:
    """Where each side of each match comes from: the format's ``source`` while the side is unknown, else the
    entrant's previous match in the stage, won (``winner``) or lost (``loser``); nothing for a first appearance."""
    outcomes = {m.key: o for m, o in event.outcomes(stage)}
    played: dict[str, list[tuple[int, int, Match]]] = {}
    for order, match in enumerate(stage.matches):
        for slot in match.sides:
            if slot.entrant not in (None, BYE):
                played.setdefault(str(slot.entrant), []).append((match.round, order, match))
    feeds = {}
    for match in stage.matches:
        for side, slot in enumerate(match.sides):
            if slot.source and slot.source[0] in ("winner", "loser"):
                feeds[(match.key, side)] = (str(slot.source[0]), str(slot.source[1]))
                continue
            earlier = [item for item in played.get(str(slot.entrant), ()) if item[0] < match.round]
            if slot.entrant in (None, BYE) or not earlier:
                continue
            previous = max(earlier, key=lambda item: item[:2])[2]
            won = _winner(previous, outcomes.get(previous.key)) == slot.entrant
            feeds[(match.key, side)] = ("winner" if won else "loser", previous.key)
    return feeds


def _winner(match: Match, outcome: Outcome | None) -> str | None:
    """The entrant who won ``match``: the side that is not a bye, else the outcome's winner."""
    if match.is_bye:
        return next((s.entrant for s in match.sides if s.known and not s.is_bye), None)
    if outcome is None or outcome.winner is None:
        return None
    return match.entrants[outcome.winner]


def bracket_from_stage(config: MeetConfig, event: EventState, stage: StageState) -> Bracket:
    """The bracket of a knockout stage, results filled in as they arrive.

    Sections by :func:`_section`, rounds by ``Match.round`` titled by ``round_name``; each side's
    ``source`` says which match it comes from (:func:`_feeds`), so the bracket is drawn as trees.
    """
    numbers = {m.key: m.number for m in stage.matches}
    seeds = {e.key: e.seed for e in stage.view.entrants}
    outcomes = {m.key: o for m, o in event.outcomes(stage)}
    feeds = _feeds(event, stage)
    sections: dict[str, dict[int, list[tuple[Match, BracketMatch]]]] = {}
    for match in stage.matches:
        sides = []
        for index, slot in enumerate(match.sides):
            source = feeds.get((match.key, index))
            if slot.entrant == BYE:
                sides.append(BracketSide(bye=True, source=source))
            elif slot.entrant is not None:
                entrant = event.entrants.get(slot.entrant)
                sides.append(
                    BracketSide(
                        name=entrant.name if entrant else slot.entrant,
                        unit=unit_name(config, entrant.unit if entrant else None),
                        seed=seeds.get(slot.entrant),
                        source=source,
                    )
                )
            else:
                sides.append(BracketSide(source=source, note=wording.source(side_source(slot, numbers))))
        outcome = outcomes.get(match.key)
        won = _winner(match, outcome)
        winner = None if won is None else match.entrants.index(won)
        box = BracketMatch(
            key=match.key, sides=(sides[0], sides[1]), number=None if match.is_bye else match.number or None,
            result=None if outcome is None or match.is_bye else winners_side(outcome, winner),
            winner=winner,
        )
        sections.setdefault(_section(match), {}).setdefault(match.round, []).append((match, box))
    ordered = sorted(sections.items(), key=lambda item: (_SECTION_ORDER.get(item[0], 3), _place_of(item[0])))
    return Bracket(
        title=stage.config.title.get(),
        sections=tuple(
            BracketSection(
                title=_section_title(prefix, len(rounds[min(rounds)])),
                rounds=tuple(
                    BracketRound(_column_title(rounds[r][0][0], index), tuple(box for _m, box in rounds[r]))
                    for index, r in enumerate(sorted(rounds))
                ),
            )
            for prefix, rounds in ordered
        ),
    )


def winners_side(outcome: Outcome, winner: int | None) -> str:
    """The result as a reader reads it (:func:`podium.faces.wording.read`) from the winner's side, as a bracket
    prints it under the winner's line: a second side's win 2 games to 1 reads ``2:1``, not the first side's
    ``1:2``, which looks like a loss under the winner's name."""
    return wording.read(reading(outcome), winner)


def _place_of(prefix: str) -> int:
    return int(prefix[1:-1]) if prefix.startswith("P") and prefix[1:-1].isdigit() else 0


def _column_title(match: Match, index: int) -> str:
    if match.round_name and match.round_name not in _NUMBERED_ROUNDS:
        return round_title(match.round_name)
    return _("Round {number}").format(number=index + 1 if match.round_name else match.round)


# Layout -----------------------------------------------------------------------------------------


def text_ems(text: str) -> float:
    """About how wide ``text`` prints, in em: a CJK character (East Asian wide or fullwidth, ``初二（1）班``) one em, any
    other 0.62 em (Noto Sans's letters and digits are 0.5–0.65 em)."""
    return sum(1.0 if unicodedata.east_asian_width(char) in "WF" else 0.62 for char in text)


SEED_EMS = 1.6
"""Room of a seed's box beside a name, in em of the line's font: the number at 0.72 em, its padding and margin
(bracket.css and print.css ``.seed``)."""

NUMBER_EMS = 1.6
"""Room of a match number (``#16`` at 0.75 em) over the right end of the line of its match's second side."""


@attrs.frozen
class Line:
    """A name on a horizontal line from column ``start`` to the end of column ``end``, at height ``y`` (in lines);
    ``second`` when it is the second side's line of its match, whose number stands over the line's right end."""

    start: int
    end: int
    y: float
    side: BracketSide
    leaf: bool
    won: bool = False
    champion: bool = False
    second: bool = False

    @property
    def ems(self) -> float:
        """How wide the line's text prints, in em of the tree's font: the name, on a leaf also the seed's box and the
        unit (at 0.82 em, after a space; bracket.css ``.unit``), and the room of the match number beside it. The
        template shrinks the line's font so that this fits the line (no class cut off in a bracket of 64)."""
        shown = _("bye") if self.side.bye else self.side.name or (self.side.note if self.leaf else "")
        found = text_ems(shown)
        if self.leaf and self.side.seed:
            found += SEED_EMS
        if self.leaf and self.side.unit:
            found += 0.82 * text_ems(f" {self.side.unit}")
        return found + (NUMBER_EMS if self.second else 0.0)


@attrs.frozen
class Joint:
    """The vertical stroke joining a match's two lines at the right edge of ``column``, with number and result."""

    column: int
    top: float
    bottom: float
    number: int | None
    result: str | None


@attrs.frozen
class Block:
    """One drawn tree: its round titles by column, its lines and joints; ``height`` in lines."""

    title: str
    rounds: tuple[str, ...]
    lines: tuple[Line, ...]
    joints: tuple[Joint, ...]
    height: float

    @property
    def columns(self) -> int:
        return len(self.rounds) + 1


@attrs.frozen
class Page:
    """A printed page of a bracket: blocks stacked from the top."""

    blocks: tuple[Block, ...]

    @property
    def height(self) -> float:
        return sum(b.height + 1.5 for b in self.blocks)

    @property
    def columns(self) -> int:
        return max(b.columns for b in self.blocks)


@attrs.frozen
class BracketLayout:
    """Pages of a bracket and the paper they need."""

    title: str
    pages: tuple[Page, ...]
    paper: str
    landscape: bool

    @property
    def size(self) -> str:
        return f"{PAPER[self.paper][1]} {'landscape' if self.landscape else 'portrait'}"

    @property
    def width(self) -> float:
        return 273.0 if self.paper == "a4" and self.landscape else PAPER[self.paper][2]

    @property
    def usable_height(self) -> float:
        """Millimetres of the page the bracket may fill (the template sizes the tree with it)."""
        return 160.0 if self.paper == "a4" and self.landscape else PAPER[self.paper][3]


class _Tree:
    """The matches of one section, indexed for walking the tree."""

    def __init__(self, section: BracketSection) -> None:
        self.section = section
        self.column: dict[str, int] = {}
        self.matches: dict[str, BracketMatch] = {}
        for index, rnd in enumerate(section.rounds):
            for match in rnd.matches:
                self.column[match.key] = index
                self.matches[match.key] = match
        self.feeders: dict[tuple[str, int], str] = {}
        for key, match in self.matches.items():
            for s, side in enumerate(match.sides):
                if side.source and side.source[0] == "winner" and side.source[1] in self.matches:
                    self.feeders[(key, s)] = side.source[1]
        if not self.feeders:
            self._infer_positions()
        fed = set(self.feeders.values())
        self.roots = [k for k in self.matches if k not in fed]

    def _infer_positions(self) -> None:
        """Without sources, a full bracket feeds match ``m`` of a round from matches ``2m`` and ``2m+1`` of the previous one."""
        rounds = self.section.rounds
        for index in range(1, len(rounds)):
            previous, current = rounds[index - 1].matches, rounds[index].matches
            if len(previous) != 2 * len(current):
                return
            for m, match in enumerate(current):
                for s in (0, 1):
                    self.feeders[(match.key, s)] = previous[2 * m + s].key

    def leaves(self, key: str) -> int:
        return sum(self.leaves(self.feeders[(key, s)]) if (key, s) in self.feeders else 1 for s in (0, 1))

    def chunks(self, key: str, capacity: int) -> list[str]:
        """Roots of the largest subtrees under ``key`` with at most ``capacity`` leaves."""
        if self.leaves(key) <= capacity:
            return [key]
        found = []
        for s in (0, 1):
            if (key, s) in self.feeders:
                found += self.chunks(self.feeders[(key, s)], capacity)
        return found

    def block(self, root: str, title: str, stop: frozenset[str] = frozenset()) -> Block:
        keys = self._subtree(root, stop)
        first = min(self.column[k] for k in keys)
        lines: list[Line] = []
        joints: list[Joint] = []
        counter = [0.0]

        def place(key: str) -> float:
            match = self.matches[key]
            column = self.column[key] - first
            ys = []
            for s, side in enumerate(match.sides):
                child = self.feeders.get((key, s))
                if child is not None and child not in stop:
                    y = place(child)
                    start = self.column[child] - first + 1
                    lines.append(Line(start, column, y, side, leaf=False, won=match.winner == s, second=s == 1))
                else:
                    y = counter[0]
                    counter[0] += 1
                    lines.append(Line(column, column, y, side, leaf=True, won=match.winner == s, second=s == 1))
                ys.append(y)
            joints.append(Joint(column, ys[0], ys[1], match.number, match.result))
            return (ys[0] + ys[1]) / 2

        center = place(root)
        top = self.matches[root]
        champion = top.sides[top.winner] if top.winner is not None else BracketSide()
        column = self.column[root] - first + 1
        lines.append(Line(column, column, center, champion, leaf=False, champion=True))
        rounds = tuple(self.section.rounds[i].title for i in range(first, self.column[root] + 1))
        return Block(title, rounds, tuple(lines), tuple(joints), max(counter[0], 1.0))

    def _subtree(self, key: str, stop: frozenset[str]) -> list[str]:
        keys = [key]
        for s in (0, 1):
            child = self.feeders.get((key, s))
            if child is not None and child not in stop:
                keys += self._subtree(child, stop)
        return keys


def layout(bracket: Bracket, paper: str = "a4") -> BracketLayout:
    """Cut ``bracket`` into pages of ``paper`` (``a4`` or ``a3``): as few pages as keep every line readable."""
    capacity = PAPER[paper][0]
    blocks: list[Block] = []
    for section in bracket.sections:
        tree = _Tree(section)
        for root in tree.roots:
            title = section.title
            chunks = tree.chunks(root, capacity)
            if chunks == [root]:
                blocks.append(tree.block(root, title))
                continue
            for number, chunk in enumerate(chunks, start=1):
                part = _("part {number} of {count}").format(number=number, count=len(chunks))
                blocks.append(tree.block(chunk, f"{title} · {part}" if title else part))
            blocks.append(tree.block(root, title, stop=frozenset(chunks)))
    pages: list[list[Block]] = []
    used = float(capacity + 1)
    for block in blocks:
        if used + block.height + 1.5 > capacity + 1.5 and used > 0:
            pages.append([])
            used = 0.0
        pages[-1].append(block)
        used += block.height + 1.5
    landscape = paper == "a4" and all(Page(tuple(page)).height <= LANDSCAPE_LINES for page in pages)
    return BracketLayout(bracket.title, tuple(Page(tuple(p)) for p in pages), paper, landscape)

