"""Withdrawing an entrant (``podium withdraw``): one journal entry; the consequences are derived.

CXA 2011 §19 (CXA 1999 §20; Weiqi 2002 Art. 28; ITTF 3.7.5.1):

- before the draw: the entrant is simply not drawn (redraw a drawn stage before
  any result to take them out; §14.4);
- round robin, by the stage's ``withdrawal``: fewer than half of the scheduled matches
  played annuls all of the entrant's results; half or more keeps them and the rest are
  forfeits (``half``, §19.2); or every result stands and the rest are lost (``stand``,
  ITTF 3.7.5.1, table tennis's default);
- Swiss: results stand, a paired but unplayed match is a forfeit and the entrant
  is not paired again (§19.3);
- knockout: the opponent advances by walkover; when both sides are gone it is a
  double forfeit (§20.2).

Nothing else is written: walkovers and annulments are rulings of the state, so a
later correction of an earlier result re-derives them.
"""

from __future__ import annotations

from podium.errors import PodiumError, StateError, Target
from podium.formats.round_robin import withdrawal_rule
from podium.i18n import N_
from podium.journal.entries import Kind
from podium.journal.kinds import SPECS, WithdrawalFacts
from podium.journal.stages import StageState
from podium.journal.state import EventState, MeetState
from podium.services.meet import Meet, NewEntry
from podium.views.answers import Withdrawn


def withdraw(meet: Meet, event_key: str, reference: str, reason: str) -> Withdrawn:
    """Journal the withdrawal of the entrant ``reference`` (key, bib or name) from ``event_key``."""
    if not reason.strip():
        raise PodiumError(N_("Say why the entrant withdraws with --reason; it is kept in the history."), code="withdrawal.reason_missing", target=Target(argument="reason"))
    event_key = meet.config.event(event_key).key
    found: list[str] = []

    def build(state: MeetState) -> list[NewEntry]:
        event = state.event(event_key)
        entrant = event.entrant(reference, state.config.units)
        if entrant.key in event.withdrawn:
            raise StateError(
                N_("{name} has already withdrawn from {event} ({reason})."), code="withdrawal.already_withdrawn", target=Target(event=event_key, entrant=entrant.name), name=entrant.name, event=event.config.name, reason=event.withdrawn[entrant.key] or "-"
            )
        found[:] = [entrant.key]
        return [SPECS[Kind.WITHDRAWAL].entry(event_key, WithdrawalFacts(entrant.key), reason.strip())]

    before = meet.state().event(event_key)
    meet.append(build)
    return _report(before, meet.state().event(event_key), found[0])


def _report(before: EventState, after: EventState, key: str) -> Withdrawn:
    name = after.entrants[key].name
    stage = next((s for s in reversed(after.stages) if any(e.key == key for e in s.view.entrants)), None)
    if stage is None:
        return Withdrawn(after.key, after.config.name, key, name, None, None, 0, 0, False, (), ())
    own = [m for m in stage.matches if key in m.entrants and m.ready]
    played = sum(1 for m in own if m.key in stage.results and stage.results[m.key].outcome.played)
    old = _old_rulings(before, stage.name)
    new = {k: r for k, r in stage.rulings.items() if k not in old and r.reason == "withdrawal"}
    annulled = any(r.annulled for k, r in new.items() if any(m.key == k for m in own))
    walkovers = [m for m in stage.matches if m.key in new and not new[m.key].annulled and key in m.entrants]
    opponents = tuple(_other(after, m.entrants, key) for m in walkovers)
    return Withdrawn(
        after.key,
        after.config.name,
        key,
        name,
        stage.name,
        stage.format.family,
        played,
        len(own),
        annulled,
        tuple(m.number for m in walkovers),
        opponents,
        ruled_by(after, stage),
    )


def ruled_by(event: EventState, stage: StageState) -> str | None:
    """The rule a withdrawal from ``stage`` is settled by (:attr:`Withdrawn.rule`)."""
    if stage.format.family == "round_robin":
        return withdrawal_rule(stage.view.options, event.sport.withdrawal_rule)
    if stage.format.family == "swiss":
        return "CXA 2011 §19.3"
    return None


def _old_rulings(event: EventState, stage: str) -> set[str]:
    found: StageState | None = next((s for s in event.stages if s.name == stage), None)
    return set(found.rulings) if found is not None else set()


def _other(event: EventState, sides: tuple[str | None, str | None], key: str) -> str:
    other = sides[1] if sides[0] == key else sides[0]
    entrant = event.entrants.get(other or "")
    return entrant.name if entrant else (other or "?")
