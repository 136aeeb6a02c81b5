"""The stored form of payloads (:mod:`podium.store.payloads`): what is written reads back as it was, whichever
parser reads it, including what only the standard library's writer produces."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from podium.store.payloads import payload_from_text, payload_text

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**63 - 1) | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)


@given(st.dictionaries(st.text(), JSON, max_size=6))
def test_a_payload_reads_back_as_written_and_as_the_standard_library_reads_it(payload):
    text = payload_text(payload)
    assert payload_from_text(text) == payload
    assert payload_from_text(text) == json.loads(text)


def test_the_text_kept_is_the_standard_librarys_with_sorted_keys_and_chinese_as_is():
    # the form every entry has had since the first journal: a later reader parses the same text
    assert payload_text({"name": "林辰", "b": 1.5, "a": [1, None]}) == '{"a": [1, null], "b": 1.5, "name": "林辰"}'


def test_what_only_the_standard_library_writes_is_still_read():
    # NaN and integers beyond 64 bits are not JSON proper: the standard library writes them, orjson refuses them
    big = 2**70
    read = payload_from_text(payload_text({"x": float("nan"), "y": big, "z": float("inf")}))
    assert math.isnan(read["x"]) and read["y"] == big and read["z"] == math.inf


@pytest.mark.parametrize("text", ['{"a": ', "not json", ""])
def test_text_that_is_not_json_is_a_value_error(text):
    with pytest.raises(ValueError):
        payload_from_text(text)
