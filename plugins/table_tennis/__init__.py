"""Table tennis (乒乓球) for Podium: singles, doubles and team ties."""

from __future__ import annotations

from podium.hookspecs import hookimpl
from podium.model.sports import Sport


@hookimpl
def podium_sports() -> list[Sport]:
    from podium.plugins.table_tennis.sport import TableTennis

    return [TableTennis()]
