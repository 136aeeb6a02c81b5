"""Brackets: the bracket view model from a knockout stage, and its layout as trees on pages.

A :class:`~podium.reports.models.Bracket` is sections (main draw, winners and losers
brackets, grand final, third place, play-offs) of rounds of match boxes. A section is
drawn as a tree by following each side's ``("winner", key)`` source; a side fed from
elsewhere (an entrant, a bye, the loser of a match in another section) is a leaf with a
line of its own. A tree too tall for one page is cut into subtrees that fit, and the
rounds above them go on a last page where the subtrees' winners enter as leaves — so a
128-entrant single elimination takes five A4 pages (four quarters of 32 lines and the
semi-finals and final) or three A3 pages (two halves of 64).
"""

from __future__ import annotations

import attrs

from podium.entrants import BYE
from podium.i18n import _
from podium.reports.models import Bracket, BracketMatch, BracketRound, BracketSection, BracketSide
from podium.state import EventState, StageState
from podium.views import side_name

PAPER = {
    # paper: (lines per page, page size for CSS, usable width mm, usable height mm)
    "a4": (32, "A4", 186.0, 250.0),
    "a3": (64, "A3", 273.0, 370.0),
}
LANDSCAPE_LINES = 24
"""A4 pages of at most this many lines (a 16-line draw and its third-place match) print in landscape,
with wider columns; taller ones print portrait."""


def is_bracket(stage: StageState) -> bool:
    """True when the stage's matches are fed by other matches' winners or losers (a knockout)."""
    return any(slot.source and slot.source[0] in ("winner", "loser") for m in stage.matches for slot in m.sides)


def bracket_from_stage(event: EventState, stage: StageState) -> Bracket:
    """The bracket of a knockout stage: one section per match ``group`` (``None`` = the main draw),
    rounds by ``Match.round`` titled by ``round_name``, results filled in as they arrive."""
    numbers = {(m.stage, m.key): m.number for m in event.matches()}
    seeds = {e.key: e.seed for e in stage.view.entrants}
    units = {}
    sections: dict[str | None, dict[int, list[BracketMatch]]] = {}
    titles: dict[tuple[str | None, int], str] = {}
    for match in stage.matches:
        record = stage.results.get(match.key)
        sides = []
        for slot in match.sides:
            source = (str(slot.source[0]), str(slot.source[1])) if slot.source and slot.source[0] in ("winner", "loser") else None
            if slot.entrant == BYE:
                sides.append(BracketSide(bye=True, source=source))
            elif slot.entrant is not None:
                entrant = event.entrants.get(slot.entrant)
                unit = entrant.unit if entrant and entrant.unit else ""
                units[slot.entrant] = unit
                sides.append(
                    BracketSide(name=entrant.name if entrant else slot.entrant, unit=unit, seed=seeds.get(slot.entrant), source=source)
                )
            else:
                sides.append(BracketSide(source=source, note=side_name(event, slot, numbers, stage.name)))
        winner = record.outcome.winner if record is not None else None
        if match.is_bye and record is None:
            winner = 1 if match.sides[0].is_bye else 0
        box = BracketMatch(
            key=match.key, sides=(sides[0], sides[1]), number=match.number or None,
            result=record.text if record is not None else None, winner=winner,
        )
        sections.setdefault(match.group, {}).setdefault(match.round, []).append(box)
        titles.setdefault((match.group, match.round), match.round_name or _("Round {number}").format(number=match.round))
    return Bracket(
        title=stage.config.title.get(),
        sections=tuple(
            BracketSection(
                title=str(group) if group else "",
                rounds=tuple(BracketRound(titles[(group, r)], tuple(rounds[r])) for r in sorted(rounds)),
            )
            for group, rounds in sections.items()
        ),
    )


# Layout -----------------------------------------------------------------------------------------


@attrs.frozen
class Line:
    """A name on a horizontal line from column ``start`` to the end of column ``end``, at height ``y`` (in lines)."""

    start: int
    end: int
    y: float
    side: BracketSide
    leaf: bool
    won: bool = False
    champion: bool = False


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
                    lines.append(Line(start, column, y, side, leaf=False, won=match.winner == s))
                else:
                    y = counter[0]
                    counter[0] += 1
                    lines.append(Line(column, column, y, side, leaf=True, won=match.winner == s))
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

