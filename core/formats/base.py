"""The format protocol: how a stage lays out its matches.

Formats know no sport: they receive entrants and outcomes and return matches.
``draw`` is a pure function of the entrants, the options and a seeded random
generator; its JSON payload is journaled, so the matches of a stage are always
re-derived from recorded facts. Formats whose later rounds depend on results
(Swiss) pair them with :meth:`Format.next_round`; the payload is journaled as a
``round`` entry and read back through :attr:`StageView.rounds`.

Withdrawals are facts too: :attr:`StageView.withdrawn` lists the entrants who
left, and :meth:`Format.rulings` says what that does to each match (a walkover,
or an annulled result) without any result being written for them.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from podium.errors import Problem, StateError, Target
from podium.i18n import N_, Label, _
from podium.model.entrants import BYE
from podium.model.matches import Match
from podium.model.options import Option
from podium.model.outcomes import Outcome, OutcomeKind, forfeit

if TYPE_CHECKING:
    from podium.standings.table import Standings


@attrs.frozen
class StageEntrant:
    """An entrant as a stage sees it: key plus what draws use (seed, unit, origin)."""

    key: str
    seed: int | None = None
    unit: str | None = None
    rating: float | None = None
    group: str | None = None  # group the entrant qualified from
    place: int | None = None  # place in that group or previous stage


@attrs.frozen
class StageView:
    """Everything recorded about one stage: its draw, later pairings, outcomes by match key and withdrawals."""

    name: str
    options: Mapping[str, Any]
    entrants: tuple[StageEntrant, ...]
    draw: Mapping[str, Any]
    rounds: tuple[Mapping[str, Any], ...] = ()
    outcomes: Mapping[str, Outcome] = attrs.field(factory=dict)
    withdrawn: frozenset[str] = frozenset()


@attrs.frozen
class Table:
    """A set of entrants ranked together by standings (a whole round robin, or one group)."""

    name: str | None
    entrants: tuple[str, ...]
    matches: tuple[Match, ...]


@attrs.frozen
class Ruling:
    """How the state settles a match nobody entered a result for, or whose result no longer counts.

    ``outcome`` is the walkover after a withdrawal (CXA 2011 §19.2, §19.3; both sides
    gone: double forfeit, §20.2) or the win of a Swiss bye (§14.4); ``None`` annuls
    the match (§19.2: an entrant who played fewer than half of the schedule).
    """

    outcome: Outcome | None
    reason: str  # "withdrawal" or "bye"

    @property
    def annulled(self) -> bool:
        return self.outcome is None


@attrs.frozen
class Cut:
    """Entrants tied across a qualifying cut that the tie-break chain cannot separate.

    ``places`` of the ``tied`` entrants go through; a play-off or lots must say which.
    """

    table: str | None
    tied: tuple[str, ...]
    places: int
    place: int | None = None  # the place the tied entrants share in the table


@attrs.frozen
class Qualification:
    """Who goes through to the next stage, in seeding order, and the ties still to be decided."""

    entrants: tuple[StageEntrant, ...]
    cuts: tuple[Cut, ...] = ()


@attrs.frozen
class RoundPlan:
    """The next round a format wants journaled (``payload``), or the ties blocking it (``cuts``).

    ``explanation``, when the format has one, computes how it reached the pairing (the
    Swiss brackets with the criterion behind each floater): ``podium pair --explain``
    calls it; it is never journaled.
    """

    payload: Mapping[str, Any] | None
    cuts: tuple[Cut, ...] = ()
    explanation: Any = attrs.field(default=None, eq=False)


ROUND_TITLES: dict[str, Label] = {
    "final": Label(zh="决赛", en="final"),
    "semi": Label(zh="半决赛", en="semi-final"),
    "quarter": Label(zh="四分之一决赛", en="quarter-final"),
    "third_place": Label(zh="三四名决赛", en="third-place match"),
    "playoff": Label(zh="附加赛", en="play-off"),
    "winners": Label(zh="胜者组", en="winners bracket"),
    "winners_final": Label(zh="胜者组决赛", en="winners final"),
    "losers": Label(zh="败者组", en="losers bracket"),
    "losers_final": Label(zh="败者组决赛", en="losers final"),
    "final_reset": Label(zh="决赛加赛", en="final (reset)"),
}
"""Display names of the ``round_name`` values formats give (``r16``, ``place_5``… are spelled out by :func:`round_title`)."""


def round_title(name: str | None) -> str:
    """The round name as users read it, e.g. ``quarter`` → ``quarter-final``, ``r16`` → ``round of 16``."""
    if not name:
        return ""
    if name in ROUND_TITLES:
        return ROUND_TITLES[name].get()
    if name.startswith("r") and name[1:].isdigit():
        return _("round of {count}").format(count=name[1:])
    if name.startswith("place_") and name[6:].isdigit():
        place = int(name[6:])
        return _("match for places {high}–{low}").format(high=place, low=place + 1)
    return name


def decided(stage: StageView, match: Match) -> Outcome | None:
    """The outcome that settles ``match``: its result, else a walkover when a side has withdrawn.

    A withdrawn entrant's unplayed match is a walkover for the opponent (CXA 2011
    §19.2, §19.3; knockout: the opponent advances); both withdrawn is a double
    forfeit (§20.2). A match still waiting for a side is not settled.
    """
    recorded = stage.outcomes.get(match.key)
    if recorded is not None:
        return recorded
    if not match.ready:
        return None
    gone = [side.entrant in stage.withdrawn for side in match.sides]
    if all(gone):
        return forfeit(None)
    if any(gone):
        return forfeit(1 if gone[0] else 0)
    return None


def winner_of(match: Match, outcome: Outcome | None) -> str | None:
    """Who goes on from ``match``: the winner, the side facing a bye, :data:`BYE` when nobody does, else unknown."""
    a, b = match.entrants
    if a == BYE or b == BYE:
        if a is None or b is None:
            return None
        return b if a == BYE else a
    if outcome is None:
        return None
    if outcome.winner is None:
        if outcome.kind in (OutcomeKind.DOUBLE_FORFEIT, OutcomeKind.BOTH_LOSE):
            return BYE  # both out (CXA 2011 §20.2): the next opponent goes through
        return None
    return match.entrants[outcome.winner]


def loser_of(match: Match, outcome: Outcome | None) -> str | None:
    """Who drops out of ``match``: the loser, :data:`BYE` for a bye match, else unknown."""
    a, b = match.entrants
    if a == BYE or b == BYE:
        return BYE if a is not None and b is not None else None
    if outcome is None:
        return None
    if outcome.winner is None:
        if outcome.kind in (OutcomeKind.DOUBLE_FORFEIT, OutcomeKind.BOTH_LOSE):
            return BYE
        return None
    return match.entrants[1 - outcome.winner]


def cut_rows(
    table: str | None,
    rows: Sequence[tuple[str, int]],
    count: int | None,
    order: Sequence[str] = (),
) -> tuple[list[str], Cut | None]:
    """The first ``count`` of ``rows`` (key, place; shared places have equal numbers).

    When entrants sharing a place straddle the cut, ``order`` (from a play-off or
    lots) ranks them; without it the tie is returned as a :class:`Cut` and only the
    places above it are filled: the cut is never decided silently.
    """
    keys = [key for key, _place in rows]
    if count is None or count >= len(rows):
        return keys, None
    if count <= 0:
        return [], None
    last, following = rows[count - 1][1], rows[count][1]
    if last != following:
        return keys[:count], None
    tied = [key for key, place in rows if place == last]
    above = [key for key, place in rows if place < last]
    if set(tied) <= set(order):
        ranked = sorted(tied, key=order.index)
        return (above + ranked)[:count], None
    return above, Cut(table, tuple(tied), count - len(above), last)


class Format(ABC):
    """Base class of format plugins."""

    name: ClassVar[str]
    title: ClassVar[Label]
    family: ClassVar[str]
    """Chooses the sport's default tie-break chain: ``round_robin``, ``swiss``, ``knockout``…"""
    options: ClassVar[tuple[Option, ...]] = ()
    lays_out: ClassVar[str] = "matches"
    """What a stage of this format is made of: ``matches`` of two sides, or ``heats`` of a measured event
    (:class:`~podium.formats.measured.MeasuredFormat`). The journal folds each kind into its stage state;
    everything else asks the stage (:class:`~podium.journal.stages.StageState`), whatever it is made of."""
    results_change_layout: ClassVar[bool] = True
    """Whether a result can change the matches :meth:`matches` lays out (a knockout's winners go on, a Swiss pairs
    from the results so far). A format whose matches its draw alone decides (a round robin) says ``False``; then a
    long-running process adds a new result to the stage it folded before instead of laying the stage out again."""

    def stage_title(self, options: Mapping[str, Any]) -> Label:
        """What a stage of this format with these options is called where meet.toml gives it no ``title``:
        the format's title by default (a stage's ``name`` is a key for meet.toml, not a name to read)."""
        return self.title

    @abstractmethod
    def draw(self, entrants: Sequence[StageEntrant], options: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
        """Make the draw: a JSON-serialisable payload from which :meth:`matches` lays out the stage."""

    def uses_seeds(self, options: Mapping[str, Any]) -> bool:
        """Whether a draw with these options places entrants by their seed numbers: ``True`` by default. A format
        whose options can leave the seeds unused says so (a round robin numbered by lot), and ``podium draw``
        then notes that the entrants' seeds were not used."""
        return True

    def same_draw(self, made: Mapping[str, Any], recorded: Any) -> bool:
        """Whether ``recorded`` (a draw payload from the journal or an export) is the draw ``made`` again from its
        seed: equal by default. A format whose draws record more than they once did accepts a draw recorded
        before, which it keeps reading as it was made."""
        return dict(made) == recorded

    @abstractmethod
    def matches(self, stage: StageView) -> list[Match]:
        """Every match currently defined, in order of play (later sides may still be unknown)."""

    def numbered_matches(self, stage: StageView, first: int) -> list[Match]:
        """:meth:`matches` with the numbers users type, ``first`` on in their order, as the core numbers them across
        an event's stages. A format that lays out many matches may make them numbered at once rather than lay them
        out and make each again with its number (19,900 in a 200-entrant round robin)."""
        return [match.numbered(at) for at, match in enumerate(self.matches(stage), start=first)]

    def problems(self, options: Mapping[str, Any]) -> list[Problem]:
        """Contradictions among this format's options (checked when ``meet.toml`` is read); none by default."""
        return []

    def tables(self, stage: StageView, matches: Sequence[Match]) -> list[Table]:
        """The tables standings are computed for; by default one table of all entrants."""
        return [Table(None, tuple(e.key for e in stage.entrants), tuple(matches))]

    def place(self, entrants: Sequence[StageEntrant], positions: Mapping[str, str], options: Mapping[str, Any]) -> dict[str, Any]:
        """The draw payload of a draw made on paper: ``positions`` maps each entrant key to its position text.

        Formats that take a paper draw override this and refuse impossible positions
        with a :class:`~podium.errors.PodiumError` naming the position. A format knows entrants by key only: such an
        error gives the entrant it is about as its target (``Target(entrant=key)``) and the entrants its sentence names
        as the values ``entrant``, ``a`` or ``b`` (keys); Podium names them by their names and places the error at the
        entrant's line of the file (:mod:`podium.services.draws`).
        """
        raise StateError(N_("The format '{format}' does not take a draw from a file."), code="draw.file_not_supported", target=Target(argument="from"), format=self.name)

    def rulings(self, stage: StageView, matches: Sequence[Match]) -> dict[str, Ruling]:
        """Matches settled without a result: by default the walkovers left by withdrawals (see :func:`decided`)."""
        rulings = {}
        for match in matches:
            if match.key in stage.outcomes or not match.ready:
                continue
            outcome = decided(stage, match)
            if outcome is not None:
                rulings[match.key] = Ruling(outcome, "withdrawal")
        return rulings

    def finished(self, stage: StageView, matches: Sequence[Match]) -> bool:
        """Whether every round the stage will have is laid out (a Swiss has rounds still to pair)."""
        return True

    def next_round(
        self, stage: StageView, matches: Sequence[Match], standings: Standings | None, order: Sequence[str] = ()
    ) -> RoundPlan | None:
        """Pair the next round from the standings after the previous one; ``None`` when the format has no such rounds.

        ``order`` ranks entrants tied at a cut (play-off or lots), as in :func:`cut_rows`.
        """
        return None

    def placings(self, stage: StageView, matches: Sequence[Match]) -> list[tuple[str, int]] | None:
        """Places the format itself decides (knockouts: the round reached, play-offs); ``None`` when standings rank."""
        return None

    def going_on(self, stage: StageView, matches: Sequence[Match]) -> int:
        """How many the stage will send to the next one, known before any result (the order of play keeps
        time for the next stage with it): ``advance`` of each table, or of the whole stage; everyone when unset."""
        count = stage.options.get("advance")
        if not isinstance(count, int):
            return len(stage.entrants)
        tables = self.tables(stage, matches)
        if tables:
            return sum(min(count, len(table.entrants)) for table in tables)
        return min(count, len(stage.entrants))

    def advancing(
        self,
        stage: StageView,
        matches: Sequence[Match],
        tables: Sequence[tuple[Table, Standings]],
        order: Sequence[str] = (),
    ) -> Qualification:
        """Who goes through to the next stage: the top ``advance`` of each table (everyone when unset).

        Seeds run by place, then table: A1, B1, C1…, A2, B2… (so group winners are the
        top seeds of a following knockout). Withdrawn entrants never go through.
        """
        count = stage.options.get("advance")
        per_table = []
        cuts = []
        for table, standings in tables:
            rows = [(row.key, row.place) for row in standings.rows if row.key not in stage.withdrawn]
            keys, cut = cut_rows(table.name, rows, count, order)
            per_table.append((table.name, keys))
            if cut is not None:
                cuts.append(cut)
        return Qualification(tuple(_seeded(stage, per_table)), tuple(cuts))


def _seeded(stage: StageView, per_table: Sequence[tuple[str | None, Sequence[str]]]) -> list[StageEntrant]:
    """Stage entrants for the next stage, seeded by place and then table order."""
    known = {e.key: e for e in stage.entrants}
    result = []
    depth = max((len(keys) for _name, keys in per_table), default=0)
    for index in range(depth):
        for name, keys in per_table:
            if index < len(keys):
                origin = known[keys[index]]
                result.append(
                    StageEntrant(
                        key=origin.key, seed=len(result) + 1, unit=origin.unit, rating=origin.rating, group=name, place=index + 1
                    )
                )
    return result
