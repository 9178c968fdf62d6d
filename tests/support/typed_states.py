"""A state's worlds typed as its own state class (``State.resample`` is typed with the
kernel's ``State``), for the games' tests."""

from __future__ import annotations

from typing import TypeVar

from courtly.core.rng import Rng
from courtly.core.state import State

S = TypeVar("S", bound=State)


def resample(state: S, seat: int, rng: Rng) -> S:
    """``state.resample``, typed: a state's worlds are states of its own class."""
    world = state.resample(seat, rng)
    assert isinstance(world, type(state))
    return world
