"""The strict field readers refuse what ``int()`` would quietly accept, naming the field."""

from __future__ import annotations

import pytest

from courtly.core import fields
from courtly.core.errors import InvalidStateError


@pytest.mark.parametrize("bad", [True, "3", 3.0, None, [3]])
def test_integer_refuses_what_is_not_an_integer(bad: object) -> None:
    with pytest.raises(InvalidStateError, match="turn must be an integer"):
        fields.integer(bad, "turn")


def test_integer_bounds_and_seats() -> None:
    assert fields.integer(3, "x", 0, 3) == 3
    with pytest.raises(InvalidStateError, match=r"x must be in 0\.\.2, not 3"):
        fields.integer(3, "x", 0, 2)
    assert fields.seat(None, "leader", 3, none=-1) == -1
    with pytest.raises(InvalidStateError, match="leader"):
        fields.seat(3, "leader", 3)


def test_lists_and_fields_name_what_is_wrong() -> None:
    assert fields.integers([1, 2], "deck") == [1, 2]
    with pytest.raises(InvalidStateError, match=r"deck\[1\] must be an integer"):
        fields.integers([1, "2"], "deck")
    with pytest.raises(InvalidStateError, match="hands must have 3 entries, not 2"):
        fields.per_seat([[], []], "hands", 3)
    with pytest.raises(InvalidStateError, match=r"players\.gold is missing"):
        fields.field({}, "gold", "players")
    assert fields.each([[1], [2]], "hands", fields.integers) == [[1], [2]]
    assert fields.choice("bid", "phase", {"bid": 2}) == 2
    with pytest.raises(InvalidStateError, match="phase must be one of 'a', 'b', not 'c'"):
        fields.choice("c", "phase", ("a", "b"))
    with pytest.raises(InvalidStateError, match="must be true or false"):
        fields.boolean(1, "sabotage")
