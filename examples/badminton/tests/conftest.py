"""Tests read Podium's messages in English unless they switch language themselves."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from podium.api import use_language


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    with use_language("en"):
        yield
