"""Podium's conformance suite on the badminton plugin: every hook, in every case (singles and doubles,
best of 1, 3 and 5, open and mixed doubles, ordinary and knockout matches)."""

from __future__ import annotations

from podium.api import SportConformance

import podium_badminton


class TestBadmintonConformance(SportConformance):
    plugin = podium_badminton
    refused = {
        "21-20 21-5": "2-point lead",  # Law 7.4: 21-20 is not finished
        "31-29 21-5": "30",  # Law 7.5: capped at 30
        "30-27 21-5": "leads by 2",  # Law 7.4: the game ended at 29-27 (or 22-20…)
        "21-21 21-5": "level",
        "21-19 21-17 21-3": "already won",  # Law 7.1: no third game after 2-0
    }
