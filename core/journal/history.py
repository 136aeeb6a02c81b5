"""Human-readable lines for journal entries (``podium log``)."""

from __future__ import annotations

from podium.errors import PodiumError
from podium.i18n import _, ngettext
from podium.journal.entries import Entry, Kind
from podium.journal.state import MeetState


def actor(entry: Entry) -> str:
    """Who entered ``entry``, as ``podium log`` says it: the command line, the organiser's web desk, or the referee
    holding an entry link (by the link's name); nothing for entries recorded before Podium kept it."""
    if entry.actor is None:
        return ""
    if entry.actor == "cli":
        return _("command line")
    if entry.actor == "web:organiser":
        return _("organiser (web)")
    if entry.actor.startswith("web:link:"):
        return _("entry link {name}").format(name=entry.actor.removeprefix("web:link:"))
    return entry.actor


def describe(entry: Entry, state: MeetState) -> str:
    """One sentence saying what ``entry`` recorded."""
    payload = entry.payload
    if entry.kind is Kind.ENTRANTS:
        return ngettext("{count} entrant imported from {file}", "{count} entrants imported from {file}", len(payload["entrants"])).format(count=len(payload["entrants"]), file=payload.get("file", "?"))
    if entry.kind is Kind.DRAW:
        if payload.get("seed") is None:
            return _("stage '{stage}' drawn on paper ({file})").format(stage=_stage(state, entry.event, payload["stage"]), file=payload.get("file", "?"))
        return _("stage '{stage}' drawn with seed {seed}").format(stage=_stage(state, entry.event, payload["stage"]), seed=payload["seed"])
    if entry.kind is Kind.ROUND:
        text = ngettext("round {round} of '{stage}' paired: {count} match", "round {round} of '{stage}' paired: {count} matches", len(payload["pairs"])).format(
            round=payload["round"], stage=_stage(state, entry.event, payload["stage"]), count=len(payload["pairs"])
        )
        if payload.get("bye"):
            text += _(", bye: {name}").format(name=_name(state, entry.event, payload["bye"]))
        return text
    if entry.kind is Kind.ADVANCE:
        return ngettext("stage '{stage}' closed: {count} goes through to '{next}'", "stage '{stage}' closed: {count} go through to '{next}'", len(payload["entrants"])).format(
            stage=_stage(state, entry.event, payload["stage"]), count=len(payload["entrants"]), next=_stage(state, entry.event, payload["to"])
        )
    if entry.kind in (Kind.RESULT, Kind.CORRECTION):
        names = [_name(state, entry.event, side) for side in payload["sides"]]
        return f"{_match(state, entry.event, payload['stage'], payload['match'])}  {names[0]} – {names[1]}  {payload['result']}"
    if entry.kind is Kind.PERFORMANCE:
        what = _("void") if payload.get("void") else payload.get("value") or ",".join(payload.get("judges", ())) or payload.get("status", "")
        extras = [f"{k}×{v}" for k, v in payload.get("penalties", {}).items()]
        if payload.get("false_starts"):
            extras.append(ngettext("{count} false start", "{count} false starts", payload["false_starts"]).format(count=payload["false_starts"]))
        attempt = _(" attempt {number}").format(number=payload["attempt"]) if payload.get("attempt", 1) > 1 else ""
        text = f"{_match(state, entry.event, payload['stage'], payload['heat'])}  {_name(state, entry.event, payload['entrant'])}{attempt}  {what}"
        return text + (f" ({', '.join(extras)})" if extras else "")
    if entry.kind is Kind.WITHDRAWAL:
        return _("{name} withdrawn").format(name=_name(state, entry.event, payload["entrant"]))
    if entry.kind is Kind.LOTS:
        if payload.get("teams"):  # the team ranking's tie: units
            units = state.config.units
            order = ", ".join(units[key].name if key in units else key for key in payload["order"])
            order = _("team ranking {order}").format(order=order)
        else:
            order = ", ".join(_name(state, entry.event, key) for key in payload["order"])
        if payload["method"] == "playoff":
            return _("play-off for place {place}: {order}").format(place=payload["place"], order=order)
        return _("lots for place {place} drawn with seed {seed}: {order}").format(
            place=payload["place"], seed=payload["seed"], order=order
        )
    if entry.kind is Kind.PENALTY:
        name = _name(state, entry.event, payload["entrant"])
        if payload.get("cancel"):
            return _("{penalty} of {name} cancelled").format(penalty=_(payload["penalty"]), name=name)
        return _("{penalty} for {name}").format(penalty=_(payload["penalty"]), name=name)
    if entry.kind is Kind.SCHEDULE:
        if payload.get("unpin"):
            return _("{match} unpinned").format(match=_match(state, entry.event, payload["stage"], payload["match"]))
        return _("{match} pinned at {at} {resources}").format(
            match=_match(state, entry.event, payload["stage"], payload["match"]), at=payload["at"].replace("T", " ")[:16],
            resources=", ".join(r.split("/", 1)[-1] for r in payload.get("resources", ())),
        ).rstrip()
    if entry.kind is Kind.DISQUALIFICATION:
        name = _name(state, entry.event, payload["entrant"])
        return (_("{name} reinstated") if payload.get("cancel") else _("{name} disqualified")).format(name=name)
    return ", ".join(f"{k}={v}" for k, v in sorted(payload.items()) if not isinstance(v, (list, dict)))


def _stage(state: MeetState, event: str | None, name: str) -> str:
    """A stage as a reader knows it: its title (meet.toml's ``title``, or its format's), not its key."""
    try:
        return state.config.event(event or "").stage(name).title.get()
    except PodiumError:
        return name


def _match(state: MeetState, event: str | None, stage: str, key: str) -> str:
    """A match or heat as a reader knows it, by its number ("match 7", "heat 2"), not by its key in the journal."""
    try:
        found = state.event(event or "")
    except PodiumError:
        return f"{stage}:{key}"
    drawn = next((s for s in found.stages if s.name == stage), None)
    for heat in getattr(drawn, "heats", ()):
        if heat.key == key:
            return _("heat {number}").format(number=heat.number)
    try:
        return _("match {number}").format(number=found.match(f"{stage}:{key}").number)
    except PodiumError:
        return f"{stage}:{key}"


def _name(state: MeetState, event: str | None, key: str | None) -> str:
    if event is None or key is None:
        return "?"
    try:
        entrant = state.event(event).entrants.get(key)
    except PodiumError:
        return key
    return entrant.name if entrant else key
