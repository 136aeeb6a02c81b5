"""simulate() gives valid results for every structure: rule sets A and B, any policy, knockouts.

A law, so a property test: whatever the seed, the text parses under the same rules, is
already canonical, and in a knockout (decisive) has a winner.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from podium.plugins.gomoku.renju import FORBIDDEN_POLICIES

RULES = st.fixed_dictionaries(
    {
        "rule_set": st.sampled_from(["A", "B"]),
        "wins": st.integers(1, 5),
        "games": st.integers(1, 4),
        "forbidden_policy": st.sampled_from(FORBIDDEN_POLICIES),
    }
)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**6), rules=RULES, decisive=st.booleans())
def test_simulated_results_are_valid(gomoku, context, seed, rules, decisive):
    ctx = context(decisive=decisive, **rules)
    text = gomoku.simulate(random.Random(seed), ctx)
    result = gomoku.parse_result(text, ctx)
    assert gomoku.format_result(result, ctx) == text
    outcome = gomoku.outcome(result, ctx)
    if decisive or rules["rule_set"] == "A":
        assert outcome.winner is not None, text
    assert gomoku.simulate(random.Random(seed), ctx) == text
