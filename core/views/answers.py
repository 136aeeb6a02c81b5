"""What a command did: the typed answers of the commands of :mod:`podium.services`.

A face says it in its own words ("Match 7: 11-9 11-7 11-5 recorded."); the answer carries the keys,
numbers and names it needs for that, so no face reads the meet again to phrase it.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from podium.i18n import Label
from podium.model.outcomes import Outcome


@attrs.frozen
class ImportedEntrants:
    """Entrants imported from a file (``podium entrants import``)."""

    file: str
    counts: Mapping[str, int]
    """How many entrants each event received, by event key."""
    notes: tuple[Label, ...] = ()
    """What was skipped or ignored: title rows above the header, unknown columns, rows that tick no event, a
    stray cell far below an XLSX list."""
    late: tuple[LateEntry, ...] = ()
    """Late entrants (补报) placed in heats of a drawn event."""


@attrs.frozen
class LateEntry:
    """A late entrant (补报) placed in a heat of an event already drawn, the emptiest heat not yet run."""

    event: str
    entrant: str
    name: str
    heat: int
    """The number of the heat (as ``podium matches`` shows it)."""


@attrs.frozen
class Drawn:
    """A stage drawn (``podium draw``, and the next stage of ``podium advance``)."""

    event: str
    name: Label
    """The event's name."""
    stage: str
    title: Label
    """The stage's title (its format's name unless meet.toml gives one)."""
    seed: int | None
    """The recorded seed; ``null`` for a draw made on paper."""
    entrants: int
    matches: int
    """Matches laid out that will be played (byes not counted)."""
    heats: int = 0
    """Heats laid out by a measured format."""
    file: str | None = None
    """The file a paper draw was read from."""
    unused_seeds: int = 0
    """Entrants with a seed number that this draw of an event's first stage did not use (a round robin numbered
    by lot, ``numbers = "lots"``)."""


@attrs.frozen
class DrawnEvents:
    """Every event not drawn yet, drawn (``podium draw --all``)."""

    drawn: tuple[Drawn, ...]
    """In the order of ``meet.toml``."""
    already_drawn: tuple[str, ...]
    """Events left as they were: drawn before."""
    too_few: tuple[str, ...]
    """Events left undrawn: fewer than two entrants."""
    already_drawn_names: tuple[Label, ...]
    """The events of ``already_drawn`` as people know them, in the same order."""
    too_few_names: tuple[Label, ...]
    """The events of ``too_few`` as people know them, in the same order."""


@attrs.frozen
class RecordedResult:
    """A result (or a correction) journaled (``podium result``, ``podium correct``)."""

    event: str
    stage: str
    match: str
    """The match's key."""
    number: int
    sides: tuple[str | None, str | None]
    names: tuple[str, str]
    text: str
    """The result in the sport's canonical form, as journaled."""
    outcome: Outcome
    """The outcome from the match's first side."""
    corrected: bool
    typed: str = ""
    """The result as the user gave it: read from the side they named first (the canonical text when that is the
    match's first side, or when the match was named by its number)."""
    reversed: bool = False
    """The user named the match's second side first; ``typed`` and :attr:`typed_outcome` are from that side."""
    worded: Label | None = None
    """``typed`` as a reader reads it in each language, worded by the sport (``1:0（困毙）`` for ``1-0 stalemate``,
    :meth:`~podium.model.sports.Sport.describe_result`); the confirmation shows it."""

    @property
    def typed_names(self) -> tuple[str, str]:
        """The sides' names in the order the user typed them."""
        return (self.names[1], self.names[0]) if self.reversed else self.names

    @property
    def typed_outcome(self) -> Outcome:
        """The outcome seen from the side named first: its ``winner`` is an index into :attr:`typed_names`."""
        return self.outcome.mirrored() if self.reversed else self.outcome


@attrs.frozen
class RecordedPerformance:
    """A performance journaled, corrected or voided (``podium perf``), with the mark it now gives."""

    event: str
    stage: str
    heat: str
    """The heat's key."""
    heat_number: int
    lane: int | None
    entrant: str
    name: str
    attempt: int
    extra: int
    """The sudden-death extra attempt (0 for a regular attempt)."""
    mark: str
    """The mark of the attempt: a value or a status; empty for a relay's running order declared before its race
    (attempt 0)."""
    note: Label | None
    """Why the mark is what it is (penalties added, the time cap)."""
    corrected: bool
    void: bool
    """The run was voided: the re-run recorded next replaces it."""
    rule: str | None = None
    """The rule a disqualification breaks (``TR 16.8``)."""
    legs: tuple[str, ...] = ()
    """A relay's runners, leg by leg."""
    in_lanes: bool = True
    """:attr:`lane` is a lane (a place side by side); false: a place in the order of performance (a jump, a throw, a
    judged performance)."""
    added: str | None = None
    """What a high jump's or pole vault's series recorded height by height gained (``1.35:XO``); ``null`` when the
    performance was recorded whole (World Athletics TR 26)."""
    series: str | None = None
    """The whole series after :attr:`added` (``1.30:O 1.35:XO``); ``null`` without :attr:`added`."""
    round_name: str = ""
    """The heat's round (``heats``, ``final``…): with :attr:`heat_index`, the heat as printed sheets name it."""
    heat_index: int = 1
    """The heat's place in its round (2: the round's second heat)."""


@attrs.frozen
class Withdrawn:
    """A withdrawal journaled and what the rules made of it (``podium withdraw``)."""

    event: str
    event_name: Label
    """The event as people know it (meet.toml's ``name``)."""
    entrant: str
    name: str
    stage: str | None
    """The stage the entrant was in; ``null`` before the draw."""
    family: str | None
    """That stage's format family (``round_robin``, ``swiss``, ``knockout``, ``measured``…)."""
    played: int
    scheduled: int
    annulled: bool
    """Fewer than half played: every result of the entrant is annulled (CXA 2011 §19.2)."""
    walkovers: tuple[int, ...]
    """Numbers of the matches now settled as walkovers."""
    opponents: tuple[str, ...]
    """Who advances by those walkovers (names)."""
    rule: str | None = None
    """The rule the withdrawal was settled by, as a reader looks it up: ``CXA 2011 §19.2``, ``Weiqi 2002 Art. 28`` or
    ``ITTF 3.7.5.1`` in a round robin (the stage's ``withdrawal`` and the sport's rules), ``CXA 2011 §19.3`` in a
    Swiss; ``null`` where no rule is cited (before the draw, a knockout, a measured stage)."""


@attrs.frozen
class SettledTie:
    """A tie settled by lots or a play-off (``podium lots``, ``podium playoff``)."""

    event: str
    stage: str
    """Empty for the team ranking."""
    table: str | None
    place: int
    order: tuple[str, ...]
    """Keys (entrants, or units for a team ranking), best first."""
    names: tuple[str, ...]
    """Their names, in the same order."""
    method: str
    """``lots`` or ``playoff``."""
    seed: int | None
    event_name: Label
    """The event as people know it (its name in meet.toml)."""
    teams: bool = False
    """The tie was in the event's team ranking."""
    title: Label | None = None
    """The stage as people know it (its title, or its format's); ``None`` for the team ranking."""


@attrs.frozen
class Penalised:
    """A penalty recorded or cancelled and the entrant's totals after it (``podium penalty``)."""

    event: str
    event_name: Label
    """The event as people know it (meet.toml's ``name``)."""
    entrant: str
    name: str
    penalty: str
    """``warning`` (CXA 2011 §18.1) or ``removal`` (§18.2)."""
    cancel: bool
    removals: int
    warnings: int


@attrs.frozen
class Leaving:
    """An entrant who leaves a Swiss before the round paired."""

    entrant: str
    name: str
    why: str
    """``qualified`` or ``eliminated``."""


@attrs.frozen
class PairedRound:
    """The next round of a Swiss paired (``podium pair``)."""

    event: str
    name: Label
    """The event as people know it (meet.toml's ``name``)."""
    stage: str
    title: Label
    """The stage as people know it: its title (meet.toml's, or its format's)."""
    round: int
    pairs: tuple[tuple[str, str], ...]
    bye: str | None
    bye_name: str | None
    leaving: tuple[Leaving, ...]
    decided: tuple[tuple[str, ...], ...]
    """Orders of ties at a cut decided for this round (keys, best first)."""
    explanation: Callable[[], Any] | None = attrs.field(default=None, eq=False)
    """Computes, when asked, how the format reached the pairing (the brackets of a Swiss round by FIDE C.04.3:
    :class:`podium.formats.dutch.Pairing`; ``podium pair --explain``); not part of the JSON."""


@attrs.frozen
class Advanced:
    """A stage closed and the next drawn from its standings (``podium advance``)."""

    event: str
    stage: str
    title: Label
    """The stage closed as people know it: its title (meet.toml's, or its format's); the next stage's is the draw's."""
    next_stage: str
    entrants: tuple[str, ...]
    """Who went through, in seeding order (keys)."""
    names: tuple[str, ...]
    decided: tuple[tuple[str, ...], ...]
    """Orders of ties at the cut decided now (names, best first)."""
    draw: Drawn


@attrs.frozen
class Pinned:
    """A match or heat pinned in the order of play, and where the plan now puts it (``podium schedule pin``)."""

    event: str
    event_name: Label
    """The event as people know it (meet.toml's ``name``)."""
    kind: str
    """``match`` or ``heat``."""
    number: int
    key: str
    start: dt.datetime
    resources: tuple[str, ...]
    """The resources' names as pins know them (``T3``)."""
    places: tuple[Label, ...]
    """The same as people read them (``3号台`` / ``Table 3``)."""


@attrs.frozen
class Unpinned:
    """A pin released (``podium schedule unpin``)."""

    event: str
    event_name: Label
    """The event as people know it (meet.toml's ``name``)."""
    kind: str
    number: int
    key: str


@attrs.frozen
class Disqualified:
    """An entrant barred from awards and unit points, or reinstated (``podium disqualify``)."""

    event: str
    event_name: Label
    """The event as people know it (meet.toml's ``name``)."""
    entrant: str
    name: str
    cancel: bool
