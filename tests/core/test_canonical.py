"""The fingerprint's fast canonical spelling (orjson) writes the standard library's bytes for
every value without a float, and hands what it would write differently to the standard
library."""

from __future__ import annotations

import enum
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from courtly.core.canonical import canonical_json, canonical_json_without_floats


class Suit(enum.IntEnum):
    HEARTS = 3


class Colour(enum.StrEnum):
    RED = "red"


# JSON values without floats: every character (DEL and beyond ASCII too), integers past 64 bits.
_LEAVES = st.none() | st.booleans() | st.integers() | st.text()
_VALUES = st.recursive(
    _LEAVES,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=30,
)


@given(_VALUES)
def test_the_fast_spelling_is_the_standard_librarys(value: Any) -> None:
    assert canonical_json_without_floats(value) == canonical_json(value)


def test_what_orjson_spells_otherwise_is_spelled_by_the_standard_library() -> None:
    for value in (
        {"card": "\x7f"},  # DEL: escaped only by the standard library
        {"name": "Élisabeth", "자": 1},  # beyond ASCII
        {"big": 2**64, "small": -(2**63) - 1},  # past 64 bits
        {2: "b", 10: "a"},  # keys that are not strings: sorted as numbers, then written
        {"suit": Suit.HEARTS, "colour": Colour.RED},  # enums
        ("a", ["b", ("c",)]),  # tuples
    ):
        assert canonical_json_without_floats(value) == canonical_json(value), value
