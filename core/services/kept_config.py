"""The meet's ``meet.toml``, validated once and kept between commands while its text and Podium's code stay the same.

Every command reads and validates the whole ``meet.toml`` before it does anything, so that a mistake anywhere in it
is reported whatever the command. On the sample sports day (19 events of six sports) that is about a tenth of a
quick command's start: parsing the TOML, checking every option of every event, and loading the code that checks
them (athletics' measuring, table tennis' tie orders) — docs/performance.md, "Cold start". A file that was valid
with the same code is valid again, and makes the same configuration, so the configuration it made is kept in the
folder of kept views (:mod:`podium.services.kept_files`) under:

- the text of ``meet.toml`` (as a digest: the file may name a database with its password);
- the code: every file of Podium and of each plugin (name, size, time of change), and the Python version.

Anything else is a miss: the text is validated and its configuration kept in place of the old one. Only a valid
file is kept; a file with problems is validated, and its problems reported, every time. The head of the kept file
(:func:`podium.services.kept_files.read_head`) holds the language the text's ``[meet]`` table writes: a command
words its help and usage errors in it before it opens the meet (:func:`written_language`), without parsing the text
or loading the TOML parser. The file is read by an
unpickler that makes nothing but Podium's own configuration values (attrs classes and enumerations of Podium,
dates, times, decimals): a damaged or foreign file is a miss, never code run. ``PODIUM_VIEWS=off`` keeps nothing.
"""

from __future__ import annotations

import datetime as dt
import decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any

from podium.services.kept_files import (
    ValuesUnpickler,
    code_mark,
    digest,
    keep,
    read_head,
    read_kept,
    views_folder,
)

if TYPE_CHECKING:
    from podium.config.meet import MeetConfig
    from podium.registry import Registry

LAYOUT = 2
"""The layout of a kept configuration: a change to it makes every kept one a miss."""

SUFFIX = ".config"

_PLAIN = {
    ("datetime", "date"): dt.date,
    ("datetime", "datetime"): dt.datetime,
    ("datetime", "time"): dt.time,
    ("datetime", "timedelta"): dt.timedelta,
    ("datetime", "timezone"): dt.timezone,
    ("decimal", "Decimal"): decimal.Decimal,
}
"""The classes of the standard library a configuration holds (``meet.toml`` dates and times, athletics' decimals)."""


def meet_config(folder: Path, registry: Registry) -> MeetConfig:
    """The configuration of the meet in ``folder`` (its ``meet.toml`` read and validated with ``registry``'s
    plugins), or the one kept from the last time the same text was validated by the same code."""
    from podium.config.meet import MeetConfig, parse_meet, read_meet_text

    text = read_meet_text(folder)
    kept_in = views_folder()
    if kept_in is None:
        return parse_meet(text, registry)
    key = (LAYOUT, digest(text), code_mark(registry))
    place = kept_in / f"{digest('meet.toml', text)}{SUFFIX}"
    found = read_kept(place, key, _ConfigUnpickler)
    if isinstance(found, MeetConfig):
        return found
    config = parse_meet(text, registry)
    keep(kept_in, place, key, config, head=(LAYOUT, digest(text), _written_language(_toml(text))))
    return config


def written_language(text: str) -> str | None:
    """The ``language`` the ``[meet]`` table of the ``meet.toml`` text ``text`` writes (``None`` when it writes none,
    or the text is no TOML), without checking the rest: what a command shows its help and usage errors in before it
    opens the meet. A valid file's is kept at the head of its kept configuration and read there without parsing the
    text again (nor loading the TOML parser)."""
    kept_in = views_folder()
    if kept_in is not None:
        head = read_head(kept_in / f"{digest('meet.toml', text)}{SUFFIX}")
        if isinstance(head, tuple) and len(head) == 3 and head[:2] == (LAYOUT, digest(text)):
            return head[2] if isinstance(head[2], str) else None
    return _written_language(_toml(text))


def _toml(text: str) -> dict[str, Any] | None:
    """``text`` parsed as TOML; ``None`` when it is not (the meet's own checks say why, when it is opened)."""
    import tomllib

    try:
        return tomllib.loads(text)
    except (ValueError, RecursionError):
        return None


def _written_language(data: dict[str, Any] | None) -> str | None:
    meet = data.get("meet") if data is not None else None
    language = meet.get("language") if isinstance(meet, dict) else None
    return language if isinstance(language, str) else None


class _ConfigUnpickler(ValuesUnpickler):
    """Makes Podium's configuration values (attrs classes and enumerations of Podium's modules) and the dates, times
    and decimals they hold, nothing else."""

    modules = ("podium.",)
    plain = _PLAIN
