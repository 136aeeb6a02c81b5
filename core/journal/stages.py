"""A drawn stage as the journal makes it, and the protocol every stage offers.

:class:`StageState` is a stage of matches and the protocol of every stage: what it lays out (matches, or
heats), whether it is complete, how it ranks its entrants in the event's final ranking, who it sends on to
the next stage, and its views (:mod:`podium.views`). A measured stage (heats, rounds with cuts) answers
the same questions its own way in :mod:`podium.journal.measured_stage`; whoever asks need not know which
kind of stage it asks. The fold that builds them is :mod:`podium.journal.state`.
"""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Callable, Iterator, Mapping, Sequence
from itertools import groupby
from typing import TYPE_CHECKING, Protocol

import attrs

from podium.config.meet import StageConfig
from podium.formats.base import Format, Qualification, Ruling, StageView, Table
from podium.formats.measured import Heat
from podium.journal.entries import Entry
from podium.model.entrants import BYE, Entrant, Unit
from podium.model.matches import Match, Slot
from podium.model.outcomes import Outcome, OutcomeKind
from podium.views.matches import Ending, HeatView, MatchStatus, MatchView, Reading, SideSource, SourceKind

if TYPE_CHECKING:
    from podium.config.meet import EventConfig
    from podium.measure.records import Try
    from podium.measure.rules import Measurement
    from podium.registry import Registry
    from podium.standings.table import Standings
    from podium.views.standings import MatchStageStandings, MeasuredStageStandings, RoundGame, TableView, Tie


class EventFacts(Protocol):
    """What a stage needs to know about its event (an :class:`~podium.journal.state.EventState`)."""

    @property
    def entrants(self) -> Mapping[str, Entrant]: ...

    @property
    def withdrawn(self) -> Mapping[str, str]: ...

    @property
    def registry(self) -> Registry: ...

    @property
    def config(self) -> EventConfig: ...

    @property
    def stages(self) -> tuple[StageState, ...]: ...

    def standings(self, stage: StageState, table_name: str | None = None) -> list[tuple[str | None, Standings]]: ...


Tiers = tuple[list[tuple[str, ...]], set[str], set[str]]
"""Entrants a stage ranks, best first, in tiers of those sharing a place; those it disqualified; and those who
ended it without a valid mark (DNF, DNS, NM), whom no stage places (not even the round they came through)."""


@attrs.frozen
class ResultRecord:
    """The current result of a match: the text and outcome of its last entry (the result, or the latest correction),
    the sides it was played with, when its first entry was recorded and whether it was corrected since.

    It holds no journal entries, only what its readers ask (the matches, the standings, the order of play, a later
    correction): so the results of a stage can be kept between commands in a few numbers each
    (:mod:`podium.services.kept_results`)."""

    match: str
    text: str
    outcome: Outcome
    sides: tuple[str | None, str | None]
    first_at: dt.datetime
    corrected: bool = False


class KeptRecords(Mapping[str, ResultRecord]):
    """The records of one stage's results as a command kept them (:mod:`podium.services.kept_results`), by match
    key: each match's outcome at once, and its record made from the kept row only when one is asked for.

    The standings read every outcome and no record; a 200-entrant round robin has 19,900 of them, and making
    each record took a tenth of what ``podium standings`` costs after a new result. ``rows`` are the kept rows by
    match key, ``make`` makes the record of a match from its key and row, and ``given`` are records made since (new results, corrections),
    which stand in place of a row of the same match.
    """

    __slots__ = ("outcomes", "_rows", "_make", "_given", "_made")

    def __init__(
        self,
        rows: Mapping[str, object],
        outcomes: Mapping[str, Outcome],
        make: Callable[[str, object], ResultRecord],
        given: Mapping[str, ResultRecord] | None = None,
    ) -> None:
        self._rows = rows
        self._make = make
        self._given = dict(given or {})
        self._made: dict[str, ResultRecord] = {}
        self.outcomes: Mapping[str, Outcome] = {**outcomes, **{key: record.outcome for key, record in self._given.items()}}
        """Every match's outcome by its key, as its record has it."""

    def with_records(self, given: Mapping[str, ResultRecord]) -> KeptRecords:
        """These records with ``given`` in place of (or beside) those of the same matches."""
        return KeptRecords(self._rows, self.outcomes, self._make, {**self._given, **given})

    def kept_rows(self) -> Iterator[tuple[str, object]]:
        """The rows read back that still stand (no record was given for their match), by match key."""
        given = self._given
        return ((key, row) for key, row in self._rows.items() if key not in given)

    def given(self) -> Mapping[str, ResultRecord]:
        """The records given since the rows were read (:meth:`with_records`)."""
        return self._given

    def __getitem__(self, key: str) -> ResultRecord:
        found = self._given.get(key) or self._made.get(key)
        if found is None:
            found = self._made[key] = self._make(key, self._rows[key])
        return found

    def __contains__(self, key: object) -> bool:
        return key in self._given or key in self._rows

    def __iter__(self) -> Iterator[str]:
        yield from self._rows
        yield from (key for key in self._given if key not in self._rows)

    def __len__(self) -> int:
        return len(self._rows) + sum(1 for key in self._given if key not in self._rows)


@attrs.frozen
class SharedPlaces:
    """The places of one table of a stage that entrants share after everything that ranks them (the tie-break chain,
    or the marks), which a play-off or lots may settle (``podium playoff``, ``podium lots``)."""

    table: str | None
    """The group's name; ``None`` for the whole stage."""
    entrants: frozenset[str]
    """Everyone the table ranks."""
    ties: tuple[tuple[int, tuple[str, ...]], ...]
    """Each shared place with the entrants sharing it, best place first."""
    must_decide: tuple[tuple[int, tuple[str, ...]], ...] = ()
    """Those of ``ties`` across a place the event does not let entrants share (option ``decide``)."""


@attrs.frozen
class StageState:
    """One drawn stage: its configuration, format, recorded facts and what it lays out.

    A stage of matches has ``matches`` and no heats; a measured stage has ``heats`` and no matches.
    """

    config: StageConfig
    format: Format
    view: StageView
    matches: tuple[Match, ...]
    results: Mapping[str, ResultRecord]
    draw_entry: Entry
    rulings: Mapping[str, Ruling] = attrs.field(factory=dict)
    """Matches settled without a result (walkovers after withdrawals, Swiss byes) or annulled (CXA 2011 §19.2)."""
    heats: tuple[Heat, ...] = ()
    """Heats laid out, numbered like matches."""
    expected_heats: tuple[Heat, ...] = ()
    """Heats still to come whose entrants are not known yet (a final while the heats run), numbered as they
    will be; only the order of play uses them."""

    @property
    def name(self) -> str:
        return self.config.name

    def pending(self) -> list[Match]:
        """Matches whose sides are known and that wait for their result."""
        return [m for m in self.matches if m.ready and m.key not in self.results and m.key not in self.rulings]

    def pending_heats(self) -> list[Heat]:
        """Heats still waiting for marks (a stage of matches has none)."""
        return []

    def final_order(self, heat: Heat) -> tuple[str, ...]:
        """Who takes the trials after the cut in ``heat``, in order (World Athletics TR 25.5): a stage of matches
        has no trials."""
        return ()

    def measurement(self, heat: Heat) -> Measurement | None:
        """How ``heat`` is measured (its round's rules): a stage of matches measures nothing."""
        return None

    @property
    def complete(self) -> bool:
        """Every match settled and every round laid out (a Swiss may still have rounds to pair): no match is
        :meth:`pending`, none but a bye waits for its sides, and the format has no round to add."""
        recorded, rulings = self.view.outcomes, self.rulings  # the results' outcomes: no record is made (KeptRecords)
        for match in self.matches:
            if match.ready:
                if match.key not in recorded and match.key not in rulings:
                    return False
            elif not match.is_bye:
                return False
        return self.format.finished(self.view, self.matches)

    @property
    def has_results(self) -> bool:
        """Something was recorded against what the stage laid out (then it cannot be drawn again)."""
        return bool(self.results)

    def done(self, key: str) -> bool:
        """Whether the match ``key`` has its result (a heat: every mark)."""
        return key in self.results

    def played_at(self) -> Iterator[tuple[str, dt.datetime]]:
        """Every entrant with the time each result of theirs was first recorded."""
        for record in self.results.values():
            for side in record.sides:
                yield side, record.first_at

    def tables(self) -> list[Table]:
        """The tables standings are computed for (one per group, or one for the stage)."""
        return self.format.tables(self.view, self.matches)

    def outcomes(self) -> list[tuple[Match, Outcome]]:
        """Matches with the outcomes that count: results, walkovers ruled after withdrawals, byes
        (CXA 2011 §14.4); annulled results are left out (§19.2). Worked out once per stage state (standings,
        the wall chart and its colours all ask); a new list each time."""
        return list(self._outcomes)

    @functools.cached_property
    def _outcomes(self) -> tuple[tuple[Match, Outcome], ...]:
        result = []
        recorded = self.view.outcomes  # each result's outcome, without making its record (KeptRecords)
        rulings = self.rulings
        for match in self.matches:
            outcome = recorded.get(match.key)
            ruling = rulings.get(match.key) if rulings else None  # most stages have none: no lookup a match
            if ruling is not None:
                if ruling.outcome is not None and outcome is None:
                    result.append((match, ruling.outcome))
            elif outcome is not None:
                result.append((match, outcome))
            elif match.is_bye and any(s.known and not s.is_bye for s in match.sides):
                result.append((match, Outcome.win(0, kind=OutcomeKind.BYE)))
        return tuple(result)

    def placings(self) -> list[tuple[str, int]] | None:
        """Places the stage's format decides itself (knockouts), or ``None`` when its standings rank."""
        return self.format.placings(self.view, self.matches)

    def tiers(self, event: EventFacts, later: set[str]) -> Tiers:
        """The entrants of the stage who did not reach a later stage (``later``), in tiers by their place here:
        by the places its bracket decided, else by its standings (group by group, :mod:`podium.standings.tiers`)."""
        from podium.standings.tiers import group_tiers

        places = self.placings()
        if places is not None:
            out = self._out_unplaced(places)
            return bracket_tiers(places, len(out), later), set(), out
        tables = [standings for _name, standings in event.standings(self)]
        if len(tables) == 1:
            return by_place([(row.key, row.place) for row in tables[0].rows if row.key not in later]), set(), set()
        return group_tiers(tables, later), set(), set()

    def _out_unplaced(self, places: Sequence[tuple[str, int]]) -> set[str]:
        """The entrants a bracket put out without a place: both sides of a match both lost (both absent, CXA 2011
        §20.2; both lose, Weiqi 2002 Art. 17.5), whom no later round could place."""
        placed = {key for key, _place in places}
        both_out = (OutcomeKind.DOUBLE_FORFEIT, OutcomeKind.BOTH_LOSE)
        return {
            key
            for match, outcome in self.outcomes()
            if outcome.kind in both_out
            for key in match.entrants
            if key is not None and key != BYE and key not in placed
        }

    def advancing(self, event: EventFacts, order: Sequence[str] = ()) -> Qualification:
        """Who goes through to the next stage by the format, given an ``order`` for ties at the cut."""
        standings = dict(event.standings(self))
        pairs = [(table, standings[table.name]) for table in self.tables() if table.name in standings]
        return self.format.advancing(self.view, self.matches, pairs, order)

    def shared_places(self, event: EventFacts, table_name: str | None = None) -> list[SharedPlaces]:
        """The ties the chain leaves in every table of the stage (or in the group ``table_name`` alone)."""
        return [
            SharedPlaces(
                name, frozenset(standings.order()), tuple((standings.place(group[0]), group) for group in standings.unresolved),
                standings.must_decide,
            )
            for name, standings in event.standings(self, table_name)
        ]

    def record_tries(self) -> list[Try]:
        """The marks of the stage that may set a record (:mod:`podium.measure.records`): a stage of matches has none."""
        return []

    def item_views(self, event: EventFacts, units: Mapping[str, Unit], *, pending: bool = False) -> list[MatchView | HeatView]:
        """Every match of the stage (or only those waiting for a result: not a walkover or annulled after a withdrawal,
        as :meth:`pending` says) as :class:`~podium.views.matches.MatchView`."""
        numbers = {m.key: m.number for m in self.matches}
        views: list[MatchView | HeatView] = []
        for match in self.matches:
            record = self.results.get(match.key)
            if pending and (record is not None or not match.ready or match.key in self.rulings):
                continue
            views.append(self._match_view(event, match, record, numbers))
        return views

    def reading_of(self, key: str) -> Reading | None:
        """The result of match ``key`` as a reader reads it (:func:`reading`): the entered result's (an annulled one
        too: what was played), else the walkover or Swiss bye a ruling settled it by (CXA 2011 §19.2, §14.4);
        ``None`` while it has neither."""
        record = self.results.get(key)
        if record is not None:
            return reading(record.outcome)
        ruling = self.rulings.get(key)
        return reading(ruling.outcome) if ruling is not None and ruling.outcome is not None else None

    def _match_view(self, event: EventFacts, match: Match, record: ResultRecord | None, numbers: Mapping[str, int]) -> MatchView:
        ruling = self.rulings.get(match.key)
        if ruling is not None and ruling.annulled:
            status = MatchStatus.ANNULLED  # CXA 2011 §19.2: a withdrawn entrant's results no longer count
        elif record is not None:
            status = MatchStatus.CORRECTED if record.corrected else MatchStatus.DONE
        elif match.is_bye:
            status = MatchStatus.BYE
        elif ruling is not None:
            status = MatchStatus.WALKOVER
        elif match.ready:
            status = MatchStatus.READY
        else:
            status = MatchStatus.WAITING
        if ruling is not None:
            winner = ruling.outcome.winner if ruling.outcome is not None and record is None else None
        else:
            winner = record.outcome.winner if record is not None else None
        first, second = match.sides
        return MatchView(
            number=match.number,
            stage=match.stage,
            stage_title=self.config.title,
            key=match.key,
            round=match.round,
            round_name=match.round_name,
            group=match.group,
            sides=match.entrants,
            names=(slot_name(event.entrants, first), slot_name(event.entrants, second)),
            sources=(side_source(first, numbers), side_source(second, numbers)),
            result=record.text if record is not None else None,
            reading=self.reading_of(match.key),
            winner=winner,
            status=status,
        )

    def standings_view(
        self, event: EventFacts, units: Mapping[str, Unit], *, crosstable: bool = True
    ) -> MatchStageStandings | MeasuredStageStandings:
        """The standings of every table of the stage, with tie-break values and explanations, the wall chart of a
        Swiss or round robin (unless ``crosstable`` is false), and the places a knockout decided."""
        from podium.views.standings import MatchStageStandings, PlacingRow
        charted: dict[str | None, Table] = {}
        coloured = False
        if crosstable and self.format.family in WALL_CHART_FAMILIES:
            coloured = any(outcome.first_mover is not None for _match, outcome in self.outcomes())
            charted = {table.name: table for table in self.tables()}
        tables = tuple(
            table_view(event, units, name, standings, wall_chart(self, charted[name], coloured) if name in charted else None)
            for name, standings in event.standings(self)
        )
        placings = self.placings()
        placed = None
        if placings is not None:
            places = [place for _key, place in placings]
            placed = tuple(
                PlacingRow(place, places.count(place) > 1, key, name_of(event.entrants, key), *unit_of(event.entrants, units, key))
                for key, place in placings
            )
        return MatchStageStandings(self.name, self.config.title, self.complete, tables, placed)


def cell(outcome: Outcome, side: int = 0) -> str:
    """A crosstable cell from the row entrant's side (``side`` of ``outcome``, without turning it; :func:`cells`)."""
    return cells(outcome)[side]


def cells(outcome: Outcome) -> tuple[str, str]:
    """The crosstable cells of a match from each side's point of view (side 0's, then side 1's).

    The rubbers a team tie's sides won (its score, ``3:1``); games won when the sport counts games (``3:1``);
    otherwise the share of a win (``1``, ``½``, ``0``); ``+`` / ``−`` for a forfeit won or lost (CXA 2011 §20.3
    marks).
    """
    if outcome.kind is OutcomeKind.DOUBLE_FORFEIT:
        return "−", "−"
    if outcome.kind is OutcomeKind.FORFEIT:
        return ("+", "−") if outcome.winner == 0 else ("−", "+") if outcome.winner == 1 else ("−", "−")
    games = outcome.stats.get("rubbers") or outcome.stats.get("games")
    if games:
        return _games_won(games)
    first, second = outcome.shares
    return _SHARES.get(first) or f"{first:g}", _SHARES.get(second) or f"{second:g}"


_ENDINGS = {
    OutcomeKind.FORFEIT: Ending.WALKOVER,
    OutcomeKind.RETIRED: Ending.RETIRED,
    OutcomeKind.DOUBLE_FORFEIT: Ending.DOUBLE_FORFEIT,
    OutcomeKind.BOTH_LOSE: Ending.BOTH_LOSE,
    OutcomeKind.NO_RESULT: Ending.NO_RESULT,
    OutcomeKind.BYE: Ending.BYE,
}

_WORDS_ALONE = frozenset({Ending.BYE, Ending.DOUBLE_FORFEIT, Ending.BOTH_LOSE, Ending.NO_RESULT})
"""Endings whose word says all: no score beside it."""


def reading(outcome: Outcome) -> Reading:
    """``outcome`` as a reader reads it: the score from each side, ``3:1`` (games, or a tie's rubbers), ``1:0``,
    ``½:½``, ``+:−`` (its :func:`cells`, a count of games already being the score), and how it ended when it was
    not simply won at play. A draw shared evenly ends in a draw; a single game's ``½:½`` says no more than that, so
    it has no score, while games or a team tie's rubbers (``2:2``) do."""
    ending = _ENDINGS.get(outcome.kind)
    counted = "rubbers" in outcome.stats or "games" in outcome.stats
    if outcome.is_draw and outcome.shares[0] == outcome.shares[1]:
        ending = Ending.DRAW
        if not counted:
            return Reading(None, ending)
    if ending in _WORDS_ALONE:
        return Reading(None, ending)
    first, second = cells(outcome)
    return Reading((first, second) if ":" in first else (f"{first}:{second}", f"{second}:{first}"), ending)


@functools.lru_cache(maxsize=256)
def _games_won(games: tuple[float, float]) -> tuple[str, str]:
    """The games cells of a match from each side (``2:0``, ``0:2``); a sport has few scores, each formatted once."""
    return f"{games[0]:g}:{games[1]:g}", f"{games[1]:g}:{games[0]:g}"


_SHARES = {1.0: "1", 0.5: "½", 0.0: "0"}


WALL_CHART_FAMILIES = ("swiss", "round_robin")
"""Formats whose results show each round's opponent, colour and result (a Swiss-Manager wall chart)."""


@attrs.frozen
class WallChart:
    """The wall chart of one table (:func:`wall_chart`)."""

    rounds: tuple[int, ...]
    numbers: Mapping[str, int]
    """Each entrant's starting number."""
    games: Mapping[str, tuple[RoundGame, ...]]
    """Each entrant's game in each of ``rounds``."""
    colours: bool
    """The games mark who moved first."""


def wall_chart(stage: StageState, table: Table, coloured: bool) -> WallChart:
    """The wall chart of one table of a Swiss or round-robin stage (Swiss-Manager's and the CXA crosstable's round
    columns): the rounds, each entrant's starting number (the table's order, as the crosstable numbers them), and
    by round the opponent's number, who moved first and the result from the entrant's side (:func:`cells`).

    Who moved first is the outcome's ``first_mover`` (red in xiangqi, CXA 2011 §12.1; black in weiqi and gomoku);
    a match with no result yet shows the listed order's colours (side 0 moves first) when ``coloured`` (the
    stage's results show the sport has colours). Sports and matches without a first mover (table tennis, a
    xiangqi match of several games whose colours swap) have no colour marks.

    Games that read the same are one shared (frozen) :class:`~podium.views.standings.RoundGame`: a round robin of
    200 has 40,000 cells but only a few hundred different ones."""
    from podium.views.standings import RoundGame
    outcomes = {match.key: outcome for match, outcome in stage.outcomes()}
    rounds = tuple(sorted({m.round for m in table.matches}))
    column = {number: index for index, number in enumerate(rounds)}
    none = RoundGame()
    seats = {key: (number, [none] * len(rounds)) for number, key in enumerate(table.entrants, start=1)}  # number, game by round
    made: dict[tuple[int | None, bool | None, str, bool], RoundGame] = {}
    for match in table.matches:
        outcome = outcomes.get(match.key)
        at = column[match.round]
        seated = (seats.get(match.sides[0].entrant), seats.get(match.sides[1].entrant))  # type: ignore[arg-type]
        if match.is_bye:
            shown = (None, None, cells(outcome)[0] if outcome else "", True)
            for seat in seated:
                if seat is not None:
                    seat[1][at] = made.get(shown) or made.setdefault(shown, RoundGame(*shown))
            continue
        results = cells(outcome) if outcome is not None else ("", "")
        mover = outcome.first_mover if outcome is not None and outcome.first_mover is not None else (
            0 if match.colours == "listed" else None
        )
        for side in (0, 1):
            seat, other = seated[side], seated[1 - side]
            if seat is not None:
                shown = (other[0] if other is not None else None, None if not coloured or mover is None else mover == side, results[side], False)
                seat[1][at] = made.get(shown) or made.setdefault(shown, RoundGame(*shown))
    return WallChart(
        rounds, {key: number for key, (number, _games) in seats.items()}, {key: tuple(games) for key, (_number, games) in seats.items()}, coloured
    )


def by_place(rows: Sequence[tuple[str, int]]) -> list[tuple[str, ...]]:
    """Keys with places as tiers, best first: those sharing a place together."""
    ordered = sorted(rows, key=lambda row: row[1])
    return [tuple(key for key, _ in group) for _, group in groupby(ordered, key=lambda row: row[1])]


def bracket_tiers(places: Sequence[tuple[str, int]], vacated: int, later: set[str]) -> list[tuple[str, ...]]:
    """A bracket's places as tiers, best first, keeping the places nobody holds as empty tiers
    (:func:`podium.standings.tiers.final_ranking`), and leaving out the entrants in ``later``.

    A bracket numbers places by the round reached (1, 2, 3, 5, 9…), so a number it skips is a place left
    empty: after both sides of a semi-final were absent, the final's winner is 1st, nobody is 2nd, and the
    other semi-final's loser is 3rd. ``vacated`` is how many places such matches emptied (one for each side
    put out); those the numbers do not show come after the last place, before any earlier stage's entrants.
    """
    tiers: list[tuple[str, ...]] = []
    following = None
    for place, group in groupby(sorted(places, key=lambda row: row[1]), key=lambda row: row[1]):
        tier = tuple(key for key, _ in group)
        if following is not None and place > following:
            tiers.extend([()] * (place - following))
        following = place + len(tier)
        tiers.append(tier)
    empty = sum(1 for tier in tiers if not tier)
    tiers.extend([()] * max(vacated - empty, 0))
    return [kept for tier in tiers if (kept := tuple(key for key in tier if key not in later)) or not tier]


def slot_name(entrants: Mapping[str, Entrant], slot: Slot) -> str | None:
    """The name of the entrant in ``slot``; ``None`` for a bye or a side not known yet."""
    if slot.entrant is None or slot.entrant == BYE:
        return None
    return name_of(entrants, slot.entrant)


def side_source(slot: Slot, numbers: Mapping[str, int]) -> SideSource | None:
    """Where the side in ``slot`` comes from while it is not known (``numbers``: match numbers of its stage, by key)."""
    source = slot.source or ()
    if slot.entrant is not None or not source:
        return None
    if source[0] in ("winner", "loser"):
        return SideSource(SourceKind(source[0]), match=source[1], number=numbers.get(source[1]))
    if source[0] == "place":
        return SideSource(SourceKind.PLACE, group=source[1] or None, place=source[2])
    return None


def table_view(
    event: EventFacts, units: Mapping[str, Unit], name: str | None, standings: Standings, chart: WallChart | None = None
) -> TableView:
    """One table's standings as a view: rows, tie-break columns, explanations, ties and the table's wall chart
    (``chart``: a Swiss or round robin)."""
    from podium.views.standings import Column, Explanation, StandingsRow, TableView, value_of
    numbers: Mapping[str, int] = chart.numbers if chart is not None else {}
    games: Mapping[str, tuple[RoundGame, ...]] = chart.games if chart is not None else {}
    rows = []
    for row in standings.rows:
        record = row.record
        rows.append(
            StandingsRow(
                row.place, row.shared, row.key, name_of(event.entrants, row.key), *unit_of(event.entrants, units, row.key),
                played=record.played, wins=record.wins, draws=record.draws, losses=record.losses,
                points=value_of(record.points),  # type: ignore[arg-type]
                values={k: value_of(v) for k, v in row.values.items()},
                number=numbers.get(row.key), games=games.get(row.key, ()),
            )
        )
    names = {r.key: r.name for r in rows}
    shown = [b for b in standings.chain if any(b in row.values for row in standings.rows)]
    return TableView(
        name=name,
        chain=tuple(standings.chain),
        columns=tuple(Column(b, event.registry.tiebreaker(b).title) for b in shown),
        rows=tuple(rows),
        explain=tuple(
            Explanation(names[s.upper], names[s.lower], s.upper, s.lower, s.criterion, s.label, value_of(s.upper_value), value_of(s.lower_value))
            for s in standings.separations
        ),
        ties=ties_of(standings, names),
        unresolved=tuple(tuple(names[k] for k in group) for group in standings.unresolved),
        rounds=chart.rounds if chart is not None else (),
        colours=chart.colours if chart is not None else False,
    )


def ties_of(standings: Standings, names: Mapping[str, str]) -> tuple[Tie, ...]:
    """The groups the chain leaves tied, with their place and whether it must be decided; not a group none of whose
    members has played yet, which nothing has ranked (before the first result everyone shares place 1)."""
    from podium.views.standings import Tie
    decide = {group for _place, group in standings.must_decide}
    played = {row.key for row in standings.rows if row.record.played}
    return tuple(
        Tie(standings.place(group[0]), tuple(group), tuple(names[k] for k in group), group in decide)
        for group in standings.unresolved
        if played.intersection(group)
    )


def name_of(entrants: Mapping[str, Entrant], key: str) -> str:
    """The entrant's name, or the key when the entrant is not known."""
    entrant = entrants.get(key)
    return entrant.name if entrant else key


def unit_of(entrants: Mapping[str, Entrant], units: Mapping[str, Unit], key: str) -> tuple[str | None, str | None]:
    """The unit key and the unit's name of the entrant ``key`` (``None`` without a unit)."""
    entrant = entrants.get(key)
    unit = entrant.unit if entrant else None
    return unit, (units[unit].name if unit in units else None)
