"""Table tennis (乒乓球) for Podium: singles, doubles and team ties."""

from __future__ import annotations

from podium.api import Sport, hookimpl


@hookimpl
def podium_sports() -> list[Sport]:
    from podium.plugins.table_tennis.sport import TableTennis

    return [TableTennis()]
