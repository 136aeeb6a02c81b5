"""The organiser's next step for an event, taken when it is due: pair the next round, or advance.

Used by ``podium demo`` and by tests that play whole events; a face that offers "next step"
(the organiser's desk on the web) calls the same function.
"""

from __future__ import annotations

from podium.services.advance import advance
from podium.services.meet import Meet
from podium.services.pairing import pair_next_round


def proceed(meet: Meet, event_key: str, *, seed: int) -> str | None:
    """Take the organiser's next step for ``event_key`` when it is due, as ``podium pair`` / ``podium advance`` would.

    Pairs the next round of a stage that still has rounds to pair, or closes a
    complete stage and draws the next one; ties at a cut are decided by lots with
    ``seed`` (recorded). Returns ``"paired"``, ``"advanced"`` or ``None`` (matches
    still to play, or the event is finished). Used by the demo and documentation tests.
    """
    event = meet.state().event(meet.config.event(event_key).key)
    if not event.drawn:
        return None
    stage = event.stages[-1]
    if stage.pending():
        return None
    if not stage.format.finished(stage.view, stage.matches):
        pair_next_round(meet, event.key, seed=seed, lots=True)
        return "paired"
    if stage.complete and stage.name != event.config.stages[-1].name:
        advance(meet, event.key, seed=seed, lots=True)
        return "advanced"
    return None
