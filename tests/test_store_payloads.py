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
    st.none() | st.booleans() | st.integers() | st.integers(-(10**21), 10**21) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text() | st.from_regex(r"[0-9]{15,25}", fullmatch=True),
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
    # NaN and infinities are not JSON proper: the standard library writes them, orjson refuses them
    read = payload_from_text(payload_text({"x": float("nan"), "z": float("inf"), "w": -float("inf")}))
    assert math.isnan(read["x"]) and read["z"] == math.inf and read["w"] == -math.inf


@pytest.mark.parametrize("number", [2**64, 2**70 + 1, 10**25 + 7, -(2**63) - 1, -(10**30) - 3, 2**64 - 1, -(2**63), 2**63])
def test_an_integer_of_any_size_reads_back_as_that_integer(number):
    # orjson alone reads an integer past 64 bits as a float (2**70 + 1 would come back as 2**70)
    read = payload_from_text(payload_text({"seed": number, "seeds": [1, number]}))
    assert read == {"seed": number, "seeds": [1, number]}
    assert type(read["seed"]) is int


def test_a_long_run_of_digits_in_a_text_or_a_float_reads_back_as_it_was():
    payload = {"reason": "身份证 110101199003071234567", "seed": 12, "score": 0.1234567890123456, "tiny": 0.00012345678901234567}
    assert payload_from_text(payload_text(payload)) == payload


@pytest.mark.parametrize("text", ['{"a": ', "not json", ""])
def test_text_that_is_not_json_is_a_value_error(text):
    with pytest.raises(ValueError):
        payload_from_text(text)
