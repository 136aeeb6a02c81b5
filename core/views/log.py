"""The history of a meet: every journal entry, as ``podium log`` lists it."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

import attrs

from podium.i18n import Label


@attrs.frozen
class LogEntryView:
    """One journal entry: a fact recorded, with its time and reason."""

    seq: int
    """Its place in the journal, from 1."""
    at: dt.datetime
    """When it was recorded (UTC)."""
    kind: str
    """``entrants``, ``draw``, ``round``, ``result``, ``correction``, ``withdrawal``, ``advance``, ``lots``,
    ``penalty``, ``performance``, ``schedule`` or ``disqualification``."""
    event: str | None
    payload: Mapping[str, Any]
    """The facts as recorded (docs/architecture.md, "Data flow")."""
    reason: str | None
    """The reason as stored: as a person typed it, or the code of a reason Podium gave (``podium:redraw``, a draw
    made again; earlier versions stored its text, ``redraw`` or ``重新抽签``)."""
    shown_reason: Label
    """The reason as a reader reads it: as typed, or the one Podium gave in the reader's language; empty without one."""
    description: Label
    """What the entry recorded, in a sentence: "stage 'Round robin' drawn with seed 7"."""
    actor: str | None = None
    """Who entered it: ``cli`` (the command line), ``web:…`` (a web page: the organiser, or a referee's entry
    link); ``null`` for entries recorded before Podium kept it."""
    entered_by: Label = Label(zh="", en="")
    """``actor`` as a reader says it: "command line", "organiser (web)", "entry link T1"; empty when unknown."""


@attrs.frozen
class LogView:
    """The history of the meet, or of one event (``podium log``)."""

    event: str | None
    """The event asked for; ``null`` for the whole meet."""
    entries: tuple[LogEntryView, ...]
    """Oldest first; ``--json`` prints this list."""
