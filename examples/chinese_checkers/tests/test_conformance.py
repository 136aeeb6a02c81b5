"""Podium's conformance suite on the Chinese checkers plugin (every option value, ordinary and knockout games)."""

from __future__ import annotations

from podium.api import SportConformance

import podium_chinese_checkers


class TestChineseCheckersConformance(SportConformance):
    plugin = podium_chinese_checkers
    refused = {
        "1-1": "one side scores 1",  # general Chinese checkers rules, scoring: a win is 1 to 0
        "0.5-0.25": "not a Chinese checkers result",
        "1-0 resigned": "not a way to win",
    }
