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
        if payload.get("seed") is None:
            return _("stage '{stage}' drawn on paper ({file})").format(stage=payload["stage"], file=payload.get("file", "?"))
        return _("stage '{stage}' drawn with seed {seed}").format(stage=payload["stage"], seed=payload["seed"])
    if entry.kind is Kind.ROUND:
        text = _("round {round} of '{stage}' paired: {count} matches").format(
            round=payload["round"], stage=payload["stage"], count=len(payload["pairs"])
        )
        if payload.get("bye"):
            text += _(", bye: {name}").format(name=_name(state, entry.event, payload["bye"]))
        return text
    if entry.kind is Kind.ADVANCE:
        return _("stage '{stage}' closed: {count} go through to '{next}'").format(
            stage=payload["stage"], count=len(payload["entrants"]), next=payload["to"]
        )
    if entry.kind is Kind.LOTS:
        ordered = sorted(payload["order"], key=payload["order"].get)
        return _("lots drawn in '{stage}': {names}").format(
            stage=payload["stage"], names=" > ".join(_name(state, entry.event, key) for key in ordered)
        )
    if entry.kind in (Kind.RESULT, Kind.CORRECTION):
        names = [_name(state, entry.event, side) for side in payload["sides"]]
        return f"{payload['stage']}:{payload['match']}  {names[0]} – {names[1]}  {payload['result']}"
    if entry.kind is Kind.WITHDRAWAL:
        return _("{name} withdrawn").format(name=_name(state, entry.event, payload["entrant"]))
    return ", ".join(f"{k}={v}" for k, v in sorted(payload.items()) if not isinstance(v, (list, dict)))


def _name(state: MeetState, event: str | None, key: str | None) -> str:
    if event is None or key is None:
        return "?"
    try:
        entrant = state.event(event).entrants.get(key)
    except PodiumError:
        return key
    return entrant.name if entrant else key
