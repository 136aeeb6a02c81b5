"""Athletics (田径) for Podium: races in lanes and heats with Q and q, relays, jumps, throws and the high jump.

Its recording sheets (start lists with lanes, the trials grid of a jump or throw, the heights grid of a high
jump) are Podium's ``score_sheets/athletics.html``, like the other built-in sports' score sheets.
"""

from __future__ import annotations

from podium.api import Sport, hookimpl


@hookimpl
def podium_sports() -> list[Sport]:
    from podium.plugins.athletics.sport import Athletics

    return [Athletics()]
