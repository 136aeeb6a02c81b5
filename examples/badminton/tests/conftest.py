"""Tests read Podium's messages in English unless they switch language themselves."""

from __future__ import annotations

import pytest
from podium.i18n import set_language


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PODIUM_LANG", "en")
    set_language("en")
