"""simulate() gives valid results for every structure: individual and team, any komi, knockouts.

A law, so a property test: whatever the seed, the text parses under the same rules, is
already canonical, and in a knockout (decisive) has a winner.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

RULES = st.fixed_dictionaries(
    {
        "komi": st.sampled_from([0, 3.25, 3.5, 3.75]),
        "board_size": st.sampled_from([9, 13, 19]),
        "cycles": st.sampled_from(["no_result", "draw", "replay", "forbidden"]),
        "boards": st.integers(1, 6),
    }
)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**6), rules=RULES, team=st.booleans(), decisive=st.booleans())
def test_simulated_results_are_valid(weiqi, context, seed, rules, team, decisive):
    ctx = context(team=team, decisive=decisive, **rules)
    text = weiqi.simulate(random.Random(seed), ctx)
    result = weiqi.parse_result(text, ctx)
    assert weiqi.format_result(result, ctx) == text
    outcome = weiqi.outcome(result, ctx)
    if decisive:
        assert outcome.winner is not None, text
    assert weiqi.simulate(random.Random(seed), ctx) == text
