"""Matches and heats of an event as ``podium matches``, the draw sheet and the order of play show them."""

from __future__ import annotations

from enum import StrEnum

import attrs

from podium.i18n import Label


class MatchStatus(StrEnum):
    """Where a match stands."""

    DONE = "done"
    """Its result is entered."""
    CORRECTED = "corrected"
    """Its result is entered and was corrected since."""
    READY = "ready"
    """Both sides are known and it waits for its result."""
    WAITING = "waiting"
    """A side is not known yet (it comes from another match or a group)."""
    BYE = "bye"
    """One side is a bye: nothing is played."""
    WALKOVER = "walkover"
    """Settled without play after a withdrawal (CXA 2011 §19.2, §19.3), or a Swiss bye (§14.4)."""
    ANNULLED = "annulled"
    """Its result no longer counts: a side withdrew having played fewer than half of its matches (CXA 2011 §19.2)."""


class SourceKind(StrEnum):
    """Where a side not known yet will come from."""

    WINNER = "winner"
    """The winner of an earlier match."""
    LOSER = "loser"
    """The loser of an earlier match (third-place match, losers bracket)."""
    PLACE = "place"
    """A place in a group or an earlier stage."""


@attrs.frozen
class SideSource:
    """Where one side of a match comes from while it is not known: ``winner of #12``, ``A1`` (group A, first)."""

    kind: SourceKind
    match: str | None = None
    """The key of the earlier match (winner, loser)."""
    number: int | None = None
    """The number of the earlier match, as users type it (winner, loser)."""
    group: str | None = None
    """The group (place; empty for the whole stage)."""
    place: int | None = None
    """The place in that group (place)."""


class Ending(StrEnum):
    """How a match ended when it was not simply won at play; faces word it (:func:`podium.faces.wording.read`)."""

    WALKOVER = "walkover"
    """One side did not play: a walkover, ``+`` / ``−`` (CXA 2011 §20.3)."""
    RETIRED = "retired"
    """Started, and the loser did not finish it."""
    DRAW = "draw"
    """Drawn, each side with half a win."""
    DOUBLE_FORFEIT = "double_forfeit"
    """Neither side played (CXA 2011 §20.2)."""
    BOTH_LOSE = "both_lose"
    """Both sides lose (Weiqi 2002 Art. 17.5)."""
    NO_RESULT = "no_result"
    """Played with no winner and no points (无胜负)."""
    BYE = "bye"
    """No opponent: scored as a win (CXA 2011 §14.4)."""


@attrs.frozen
class Reading:
    """A match's result as a reader reads it, as the printed draw sheet and bracket print it: the score from each
    side and how the match ended, not the notation the referee typed (``11-5 9-11 11-7 11-4`` reads ``3:1``)."""

    scores: tuple[str, str] | None
    """The score from each side, the first side's then the second's: games won or a team tie's rubbers (``3:1``
    and ``1:3``), a game's shares (``1:0``, ``½:½``), a walkover's marks (``+:−``, CXA 2011 §20.3); ``null`` when
    the ending alone says it (a bye, neither side played, both lose, no result, a single game drawn)."""
    ending: Ending | None
    """How the match ended when it was not simply won at play; ``null`` for a win at play."""


@attrs.frozen
class MatchView:
    """One match of an event: its number, round, sides, result and status."""

    number: int
    """The number users type (``podium result ms 7``), counted across the event's stages."""
    stage: str
    stage_title: Label
    """The stage's title (``小组赛``, ``Group stage``), as the matches list shows it."""
    key: str
    """The key the journal records its result against (``R2.3``, ``QF1``, ``A.R1.2``)."""
    round: int
    round_name: str | None
    """The format's name of the round (``final``, ``semi``, ``r16``…); faces spell it out."""
    group: str | None
    sides: tuple[str | None, str | None]
    """The entrant keys of the two sides; ``BYE`` for a bye, ``null`` while a side is not known."""
    names: tuple[str | None, str | None]
    """The entrants' names; ``null`` for a bye or a side not known yet."""
    sources: tuple[SideSource | None, SideSource | None]
    """For a side not known yet, where it comes from."""
    result: str | None
    """The result as entered, in the sport's canonical form; ``null`` without one."""
    reading: Reading | None
    """The result as a reader reads it: the entered result's, else the walkover or Swiss bye settled without one
    (CXA 2011 §19.2, §14.4); ``null`` while there is neither."""
    winner: int | None
    """0 or 1: the side that won (by the result or a walkover); ``null`` for a draw or no result."""
    status: MatchStatus
    kind: str = "match"
    """Always ``match`` (a heat says ``heat``)."""


class HeatStatus(StrEnum):
    """Where a heat stands."""

    DONE = "done"
    """Every entrant has a mark."""
    CORRECTED = "corrected"
    """Every entrant has a mark and one was corrected or a run voided."""
    READY = "ready"
    """Marks are still to come."""


@attrs.frozen
class LaneView:
    """One entrant in a heat: the lane (or place in the order of performance), the mark and the place in the heat."""

    lane: int
    entrant: str
    name: str
    unit: str | None
    unit_name: str | None
    mark: str | None
    """The mark: a value as the event measures it (``12.34``, ``1:02.50``, ``17``) or a status (``DNF``, ``DQ``…);
    ``null`` without a mark or while the entrant is still standing in an elimination game."""
    status: str | None
    """The status of the mark: ``OK``, ``DNS``, ``DNF``, ``DQ`` or ``NR``; ``null`` without a mark."""
    still_in: bool
    """Still standing in an elimination game."""
    note: Label | None
    """Why the mark is what it is: penalties added, the time cap, false starts."""
    attempts: tuple[str, ...]
    """Each attempt: a value, a status as the event writes it (``X`` for a foul, ``-`` a pass), or ``winner`` (the
    last one standing in an elimination game)."""
    winds: tuple[str, ...]
    """The wind reading of each attempt in m/s (``+1.2``, ``-0.4``, ``0.0``); empty text where none was read."""
    legs: tuple[str, ...]
    """The runners of a relay, leg by leg."""
    place: int | None
    """The place in the heat."""
    qualified: str | None
    """How the entrant went on from this heat: ``Q`` by place, ``q`` by time (World Athletics TR 21); ``null``
    otherwise."""
    records: tuple[str, ...]
    """The records this mark broke or equalled: ``SR`` (school record), ``MR`` (meet record), ``=SR`` (equalled)."""
    next_attempt: int | None = None
    """The attempt the entrant takes next: ``1`` without a mark; in a jump or throw the first trial not recorded yet
    (2 after the first), trials after the cut only for those in :attr:`HeatView.final_order` once it is made (World
    Athletics TR 25.5); ``null`` when the entrant has no attempt left: every one taken, retired, disqualified, outside
    the cut, or waiting for everyone's first trials before the cut."""
    series: str | None = None
    """A high jump's or pole vault's series recorded so far (``1.30:O 1.35:XO``) while the athlete is still in — not out
    after three failures in a row, not retired, no jump-off begun — so that the next heights continue it (World
    Athletics TR 26); ``null`` otherwise."""


@attrs.frozen
class HeatView:
    """One heat (race, session, elimination game) of a measured event with its lanes and marks."""

    number: int
    """The number users type (``podium perf … --heat 3``), counted across the event's stages like match numbers."""
    stage: str
    key: str
    """The key the journal records performances against (``H2``, ``F``, ``R1.3``)."""
    round: int
    round_name: str
    """The format's name of the round (``heats``, ``final``, ``round2``…); faces spell it out."""
    session: int
    status: HeatStatus
    time_limit: str | None
    """Seconds a run may take to count, when the event has a limit."""
    time_cap: str | None
    """The time cap as the event writes times, when it has one."""
    wind: str | None
    """The race's wind reading in m/s (``+1.2``), for an event that reads one wind per race; ``null`` otherwise."""
    lanes: tuple[LaneView, ...]
    """Its entrants by :attr:`LaneView.lane`: a lane when :attr:`in_lanes`, else a place in the order of performance."""
    final_order: tuple[str, ...] = ()
    """A jump or throw with trials after a cut: the entrants who take them, in the order they take them (the reverse
    of their ranking after the first trials, the best last: World Athletics TR 25.5); empty until the cut is made."""
    attempts: int = 1
    """The attempts each entrant has: 1 in a race or a high jump's series (one series of heights), the trials of a
    jump or throw (3; 6 with trials after the cut, World Athletics TR 25.5)."""
    wind_readings: str | None = None
    """How the event's wind is read (World Athletics TR 17, TR 29): ``heat`` once a heat (a race, :attr:`wind`),
    ``attempt`` with each attempt (a long or triple jump); ``null`` for an event without wind readings."""
    kind: str = "heat"
    """Always ``heat``."""
    in_lanes: bool = True
    """Its entrants perform side by side (a race's lanes, a rope-skipping heat's spots); false for a jump, a throw
    or a judged performance, whose entrants have an order of performance instead."""


@attrs.frozen
class MatchListView:
    """The matches and heats of one event in order of play (``podium matches EVENT``)."""

    event: str
    name: Label
    drawn: bool
    items: tuple[MatchView | HeatView, ...]
    """Every match (or heat) of the event, or only those waiting for a result; ``--json`` prints this list."""
