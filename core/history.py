"""Human-readable lines for journal entries (``podium log``)."""

from __future__ import annotations

from podium.errors import PodiumError
from podium.i18n import _
from podium.journal import Entry, Kind
from podium.state import MeetState


def describe(entry: Entry, state: MeetState) -> str:
    """One sentence saying what ``entry`` recorded."""
    payload = entry.payload
    if entry.kind is Kind.ENTRANTS:
        return _("{count} entrants imported from {file}").format(count=len(payload["entrants"]), file=payload.get("file", "?"))
    if entry.kind is Kind.DRAW:
        return _("stage '{stage}' drawn with seed {seed}").format(stage=payload["stage"], seed=payload["seed"])
    if entry.kind in (Kind.RESULT, Kind.CORRECTION):
        names = [_name(state, entry.event, side) for side in payload["sides"]]
        return f"{payload['stage']}:{payload['match']}  {names[0]} – {names[1]}  {payload['result']}"
    if entry.kind is Kind.WITHDRAWAL:
        return _("{name} withdrawn").format(name=_name(state, entry.event, payload["entrant"]))
    if entry.kind is Kind.SCHEDULE:
        if payload.get("unpin"):
            return _("{stage}:{match} unpinned").format(stage=payload["stage"], match=payload["match"])
        return _("{stage}:{match} pinned at {at} {resources}").format(
            stage=payload["stage"], match=payload["match"], at=payload["at"].replace("T", " ")[:16],
            resources=", ".join(r.split("/", 1)[-1] for r in payload.get("resources", ())),
        ).rstrip()
    if entry.kind is Kind.DISQUALIFICATION:
        name = _name(state, entry.event, payload["entrant"])
        return (_("{name} reinstated") if payload.get("cancel") else _("{name} disqualified")).format(name=name)
    return ", ".join(f"{k}={v}" for k, v in sorted(payload.items()) if not isinstance(v, (list, dict)))


def _name(state: MeetState, event: str | None, key: str | None) -> str:
    if event is None or key is None:
        return "?"
    try:
        entrant = state.event(event).entrants.get(key)
    except PodiumError:
        return key
    return entrant.name if entrant else key
