"""Pairing the next round of a stage that is paired round by round (``podium pair``; Swiss).

The organiser asks for the next round when the previous one is complete — not
automatically on the last result — so that withdrawals and corrections made
between rounds are in the journal before the pairing (CXA 2011 §19.3: a withdrawn
entrant is not paired again). Round r is paired from the state after round r−1
and journaled as a ``round`` entry; ties at an elimination or qualification cut
are decided by lots or a play-off, as for ``podium advance``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from podium.errors import Hint, StateError, Target
from podium.i18n import N_, Localized
from podium.journal.entries import Kind
from podium.journal.kinds import SPECS, RoundFacts
from podium.journal.stages import name_of
from podium.journal.state import MeetState
from podium.services.advance import (
    check_decision,
    current_stage,
    describe_cuts,
    lots_for,
    open_matches,
    playoff_for,
)
from podium.services.draws import new_seed
from podium.services.meet import Meet, NewEntry
from podium.views.answers import Leaving, PairedRound


def pair_next_round(
    meet: Meet,
    event_key: str,
    *,
    seed: int | None = None,
    lots: bool = False,
    order: Sequence[str] = (),
    reason: str | None = None,
) -> PairedRound:
    """Pair and journal the next round of the current stage of ``event_key``."""
    check_decision(lots, order, reason)
    seed = seed if seed is not None else new_seed()
    event_key = meet.config.event(event_key).key
    report: list[PairedRound] = []

    def build(state: MeetState) -> list[NewEntry]:
        event, stage = current_stage(state, event_key)
        fmt = stage.format
        if fmt.finished(stage.view, stage.matches):
            if not stage.view.rounds:
                raise StateError(
                    N_("Stage '{stage}' of {event} is laid out by its draw; there are no rounds to pair."), code="pair.not_paired_by_rounds", target=Target(event=event_key, stage=stage.name), stage=stage.config.title, event=event.config.name
                )
            raise StateError(
                N_("Every round of stage '{stage}' has been paired."), code="pair.all_rounds_paired", target=Target(event=event_key, stage=stage.name), hint=Hint("advance_or_standings", event=event_key), stage=stage.config.title
            )
        if stage.pending() or any(not m.is_bye and not m.ready for m in stage.matches):
            raise StateError(
                N_("Round {round} of stage '{stage}' is not complete; still open: {matches}."), code="pair.round_unfinished", target=Target(event=event_key, stage=stage.name), round=len(stage.view.rounds), stage=stage.config.title, matches=open_matches(event, stage)
            )
        given = [event.entrant(reference).key for reference in order]
        standings = dict(event.standings(stage)).get(None)
        plan = fmt.next_round(stage.view, stage.matches, standings)
        tied = plan is not None and bool(plan.cuts)
        entries: list[NewEntry] = []
        decided: list[dict[str, Any]] = []
        if plan is not None and plan.cuts and lots:
            drawn, decided, entries = lots_for(event, stage, plan.cuts, seed)
            plan = fmt.next_round(stage.view, stage.matches, standings, drawn)
        elif plan is not None and plan.cuts and given:
            entries = playoff_for(event, stage, plan.cuts, given, reason)
            plan = fmt.next_round(stage.view, stage.matches, standings, given)
        if plan is not None and plan.cuts:
            raise StateError(
                N_("Round {round} cannot be paired: the cut is tied: {ties}."), code="pair.cut_tied", target=Target(event=event_key, stage=stage.name), hint=Hint("decide_cut_then_pair", event=event_key), round=len(stage.view.rounds) + 1, ties=Localized.of(describe_cuts, event, plan.cuts)
            )
        assert plan is not None and plan.payload is not None
        if tied and given:
            decided.append({"order": given, "by": "order"})
        paired: RoundFacts = attrs.evolve(SPECS[Kind.ROUND].decode(plan.payload), decided=tuple(decided))
        entries.append(SPECS[Kind.ROUND].entry(event_key, paired, reason.strip() if reason else None))
        bye = paired.bye
        report.append(
            PairedRound(
                event_key,
                event.config.name,
                stage.name,
                stage.config.title,
                paired.round,
                paired.pairs,
                bye,
                name_of(event.entrants, bye) if bye else None,
                tuple(Leaving(key, name_of(event.entrants, key), why) for key, why in paired.leaving.items()),
                tuple(tuple(d["order"]) for d in decided),
                plan.explanation,
            )
        )
        return entries

    meet.append(build)
    return report[-1]
