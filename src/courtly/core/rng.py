"""Seeded randomness held inside a state.

SplitMix64 is used instead of :mod:`random` because its whole state is one 64-bit
integer: cloning a game state copies an int, a state file stores it as a number,
and the sequence is the same on every machine and Python version.
"""

from __future__ import annotations

import secrets
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def fresh_seed() -> int:
    """A new random seed, for games started without one (it is recorded, so still replayable)."""
    return secrets.randbits(63)


class Rng:
    """A SplitMix64 generator. ``state`` is public so states can store and restore it."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & MASK64

    def next_u64(self) -> int:
        s = (self.state + _GOLDEN) & MASK64
        self.state = s
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (multiply-shift; bias below 2**-50 for n < 2**14)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        return (self.next_u64() * n) >> 64

    def random(self) -> float:
        """A float in [0, 1)."""
        return (self.next_u64() >> 11) * (1.0 / 9007199254740992.0)

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(seq) - 1, 0, -1):
            j = (self.next_u64() * (i + 1)) >> 64
            seq[i], seq[j] = seq[j], seq[i]

    def fork(self) -> Rng:
        """An independent generator seeded from this one (advances this one by one step)."""
        return Rng(self.next_u64())

    def copy(self) -> Rng:
        return Rng(self.state)

    def __repr__(self) -> str:
        return f"Rng(state={self.state})"
