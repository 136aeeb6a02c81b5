"""Human-readable lines for journal entries (``podium log``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import attrs

from podium.errors import PodiumError
from podium.i18n import _
from podium.journal import kinds
from podium.journal.entries import Entry
from podium.journal.state import MeetState

if TYPE_CHECKING:  # measuring is loaded only when a performance is described
    from podium.measure.performance import Status
    from podium.measure.rules import Measurement


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
    """One sentence saying what ``entry`` recorded (its kind's sentence, :data:`podium.journal.kinds.SPECS`)."""
    return kinds.describe(_Names(state, entry.event), entry)


def reason(entry: Entry) -> str:
    """The reason of ``entry`` as a reader reads it: one Podium gave (a redraw) in the current language, one a person
    typed as typed (:func:`podium.journal.kinds.reason`)."""
    return kinds.reason(entry)


@attrs.frozen
class _Names:
    """What an entry of ``event`` refers to, named as a reader of ``state`` knows it."""

    state: MeetState
    event: str | None

    def stage(self, name: str) -> str:
        return _stage(self.state, self.event, name)

    def match(self, stage: str, key: str) -> str:
        return _match(self.state, self.event, stage, key)

    def entrant(self, key: str | None) -> str:
        return _name(self.state, self.event, key)

    def unit(self, key: str) -> str:
        units = self.state.config.units
        return units[key].name if key in units else key

    def place(self, key: str) -> str:
        """A resource a pin names by its key (``gym/T3``) as people read it (3号台, Table 3), or its code when
        meet.toml no longer has it."""
        venue, _slash, name = key.rpartition("/")
        found = self.state.config.venues[venue].resource(name) if venue in self.state.config.venues else None
        return name if found is None else found.title.get()

    def status(self, stage: str, heat: str, status: Status) -> str:
        """The status of a performance in ``heat`` as its event's results write it (``X`` for a foul in a long jump,
        World Athletics TR 25: :meth:`~podium.measure.rules.Measurement.performance_status`), or its code when the
        event is no longer measured in meet.toml."""
        measurement = _measurement(self.state, self.event, stage, heat)
        return status.value if measurement is None else measurement.performance_status(status)


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


def _measurement(state: MeetState, event: str | None, stage: str, heat: str) -> Measurement | None:
    """How ``heat`` of ``stage`` is measured (by its round's rules), or the stage when the heat is no longer drawn;
    ``None`` when meet.toml no longer has the stage or its sport does not measure it."""
    from podium.measure.sport import MeasuredSport

    try:
        found = state.event(event or "")
        config = found.config.stage(stage)
    except PodiumError:
        return None
    drawn = next((s for s in found.stages if s.name == stage), None)
    laid = next((h for h in drawn.heats if h.key == heat), None) if drawn is not None else None
    if drawn is not None and laid is not None:
        return drawn.measurement(laid)
    rules = found.config.rules_for(config, None)
    if not found.sport.measured(rules):
        return None
    return cast(MeasuredSport, found.sport).measurement(rules)  # a sport that measures is a MeasuredSport


def _name(state: MeetState, event: str | None, key: str | None) -> str:
    if event is None or key is None:
        return "?"
    try:
        entrant = state.event(event).entrants.get(key)
    except PodiumError:
        return key
    return entrant.name if entrant else key
