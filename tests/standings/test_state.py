"""Byes reach the standings even when no result was entered for them (CXA 2011 §14.4: a bye scores as a win)."""

from __future__ import annotations

from podium.formats.base import StageView
from podium.journal.stages import StageState
from podium.journal.state import EventState
from podium.model.entrants import BYE
from podium.model.matches import Match, Slot
from podium.model.outcomes import Outcome, OutcomeKind
from podium.model.scoring import PRESETS
from podium.standings.ledger import build_ledger


def test_a_bye_match_without_a_result_counts_as_a_bye():
    """A Swiss round of three: A–B waiting for its result, C has the bye (listed second here).

    The bye is scored as a win for C (2 under 2/1/0); the match without a result counts for nobody yet.
    """
    waiting = Match("R1.1", "main", 1, (Slot("A"), Slot("B")))
    bye = Match("R1.2", "main", 1, (Slot(BYE), Slot("C")))
    view = StageView("main", {}, (), {})  # nothing recorded
    stage = StageState(config=None, format=None, view=view, matches=(waiting, bye), results={}, draw_entry=None)  # type: ignore[arg-type]
    event = EventState(config=None, sport=None, entrants={}, withdrawn={}, stages=(stage,), registry=None)  # type: ignore[arg-type]
    outcomes = event.outcomes(stage)
    assert outcomes == [(bye, Outcome.win(0, kind=OutcomeKind.BYE))]
    ledger = build_ledger(["A", "B", "C"], outcomes, PRESETS["2-1-0"])
    assert {key: record.points for key, record in ledger.records.items()} == {"A": 0, "B": 0, "C": 2}
    assert ledger.records["C"].entries[0].opponent == BYE


def test_a_record_lists_its_matches_by_round_then_match_key_whatever_order_they_come_in():
    """A's results come in as round 2's boards R2.2 and R2.1, then round 1's R1.1: A's record lists R1.1, R2.1,
    R2.2 (by round, then match key); B's and C's one match each stand alone."""
    r22 = Match("R2.2", "main", 2, (Slot("A"), Slot("C")))
    r21 = Match("R2.1", "main", 2, (Slot("D"), Slot("A")))
    r11 = Match("R1.1", "main", 1, (Slot("A"), Slot("B")))
    win = Outcome.win(0)
    ledger = build_ledger(["A", "B", "C", "D"], [(r22, win), (r21, win), (r11, win)], PRESETS["2-1-0"])
    assert [e.match for e in ledger.records["A"].entries] == ["R1.1", "R2.1", "R2.2"]
    assert [e.round for e in ledger.records["A"].entries] == [1, 2, 2]
    assert [e.match for e in ledger.records["B"].entries] == ["R1.1"]
