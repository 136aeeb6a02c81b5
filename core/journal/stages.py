"""A drawn stage as the journal makes it: its matches and the results recorded for them.

:class:`StageState` is what every stage offers; a measured stage (heats, rounds with cuts) extends it
in :mod:`podium.journal.measured_stage`. The fold that builds them is :mod:`podium.journal.state`.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from podium.config.meet import StageConfig
from podium.formats.base import Format, Ruling, StageView
from podium.journal.entries import Entry
from podium.model.matches import Match
from podium.model.outcomes import Outcome


@attrs.frozen
class ResultRecord:
    """The current result of a match and the entries that led to it (first entry, then corrections)."""

    match: str
    text: str
    outcome: Outcome
    history: tuple[Entry, ...]

    @property
    def corrected(self) -> bool:
        return len(self.history) > 1


@attrs.frozen
class StageState:
    """One drawn stage: its configuration, format, recorded facts and derived matches."""

    config: StageConfig
    format: Format
    view: StageView
    matches: tuple[Match, ...]
    results: Mapping[str, ResultRecord]
    draw_entry: Entry
    rulings: Mapping[str, Ruling] = attrs.field(factory=dict)
    """Matches settled without a result (walkovers after withdrawals, Swiss byes) or annulled (CXA 2011 §19.2)."""

    @property
    def name(self) -> str:
        return self.config.name

    def pending(self) -> list[Match]:
        return [m for m in self.matches if m.ready and m.key not in self.results and m.key not in self.rulings]

    @property
    def complete(self) -> bool:
        """Every match settled and every round laid out (a Swiss may still have rounds to pair)."""
        return (
            not self.pending()
            and not any(not m.is_bye and not m.ready for m in self.matches)
            and self.format.finished(self.view, self.matches)
        )
