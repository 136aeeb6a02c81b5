"""Views kept between commands: a query's answer saved with what it was made from, so that the next command asking
the same question of an unchanged event reads it instead of folding and ranking the event's journal again (a read
model). ``podium standings`` of a 200-entrant round robin is made once after each new result, then read back: the
cost of a command follows what changed, not the history of the meet.

A kept view is derived, never the truth, and is used only when everything it was made from is the same:

- the event's stream: its last entry (:meth:`podium.store.contract.JournalStore.stream_end`), with its number,
  time, actor, reason and facts: a new journal of as many entries tells itself from the old one;
- the text of ``meet.toml`` (as a digest: the file may name a database with its password);
- the code that made it: every file of Podium and of each plugin (name, size, time of change), the Python version;
- the question: the view's name and variant, the event, the store's location.

Anything else misses: the view is made from the journal and kept in place of the old one. The stream's end is read
before the journal, so a view is never kept under an end later than the entries it was made from.

The views are kept in the user's cache folder (``PODIUM_VIEWS``, else ``views`` in ``$PODIUM_CACHE``, else in
``$XDG_CACHE_HOME/podium``, else in ``~/.cache/podium``), never in the meet folder: a meet folder someone sends
cannot bring views of its own. ``PODIUM_VIEWS=off`` keeps none. Each file is a pickle read by an unpickler that
makes nothing but Podium's view classes and labels: a damaged or foreign file is a miss, never code run. Writing
one that fails (a full disk, a read-only home) is a miss next time, never an error.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from podium.services.kept_files import (
    ValuesUnpickler,
    code_mark,
    digest,
    entry_mark,
    keep,
    read_kept,
    views_folder,
)

if TYPE_CHECKING:
    from podium.journal.state import MeetState
    from podium.services.meet import Meet

V = TypeVar("V")

LAYOUT = 1
"""The layout of a kept file: a change to it makes every kept view a miss."""

SUFFIX = ".view"


def kept(meet: Meet, name: str, event: str, make: Callable[[MeetState], V]) -> V:
    """``make(state)`` of event ``event`` (a key of ``meet.toml``) folded from its stream, or the view kept from
    the last time it was made from the same stream, ``meet.toml`` and code. ``name`` names the question (a view
    and its variant)."""
    from podium.services.kept_results import event_state

    folder = views_folder()
    if folder is None:
        return make(meet.state(event))
    key = (
        LAYOUT, name, event, entry_mark(meet.store.stream_end(event)), digest(meet.config.text), code_mark(meet.registry)
    )
    place = folder / f"{digest(meet.store.location, name, event)}{SUFFIX}"
    found = read_kept(place, key, _ViewUnpickler)
    if found is not None:
        return found  # type: ignore[no-any-return]
    view = make(event_state(meet, event))  # the results kept by the last command that folded them, and those since
    keep(folder, place, key, view)
    return view


class _ViewUnpickler(ValuesUnpickler):
    """Makes Podium's view classes (attrs classes and enumerations of ``podium.views``) and labels, nothing else."""

    modules = ("podium.views.", "podium.i18n")
