"""Seeded randomness held inside a state.

SplitMix64 is used instead of :mod:`random` because its whole state is one 64-bit
integer: cloning a game state copies an int, a state file stores it as a number,
and the sequence is the same on every machine and Python version.

The generator runs one of two ways, with the same sequence. Interpreted, Python's ints with a
64-bit mask are the fastest spelling. Compiled by mypyc, ints past 2**62 leave the native fast
path (every step would allocate), so there the state is a native ``i64`` holding the same 64
bits as a two's-complement number, and the arithmetic wraps around as unsigned arithmetic does.
"""

from __future__ import annotations

import secrets
from collections.abc import MutableSequence, Sequence
from typing import Final, TypeVar

from mypy_extensions import i64

T = TypeVar("T")

MASK64: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15
_MIX1: Final = 0xBF58476D1CE4E5B9
_MIX2: Final = 0x94D049BB133111EB
# The same constants as two's-complement 64-bit numbers, for the compiled path, each as two
# halves that the generator adds up in a local. Compiled, a constant beyond 62 bits is a boxed
# Python int that every use converts to i64 again, with its error checks (three conversions a
# draw, a quarter of a compiled Kingdoms resample); a half fits in 62 bits, so mypyc writes it
# as a C literal and the C compiler folds the sum back into the constant.
_GOLDEN_LOW: Final[i64] = (_GOLDEN - (1 << 64)) // 2
_GOLDEN_HIGH: Final[i64] = (_GOLDEN - (1 << 64)) - (_GOLDEN - (1 << 64)) // 2
_MIX1_LOW: Final[i64] = (_MIX1 - (1 << 64)) // 2
_MIX1_HIGH: Final[i64] = (_MIX1 - (1 << 64)) - (_MIX1 - (1 << 64)) // 2
_MIX2_LOW: Final[i64] = (_MIX2 - (1 << 64)) // 2
_MIX2_HIGH: Final[i64] = (_MIX2 - (1 << 64)) - (_MIX2 - (1 << 64)) // 2
_I64_MAX: Final = (1 << 63) - 1
# Below this bound, ``below`` multiplies 32-bit halves without leaving 63 bits.
_NATIVE_BOUND: Final[i64] = 1 << 31
_TO_UNIT: Final = 1.0 / 9007199254740992.0  # 2**-53

#: Whether this module runs compiled (mypyc builds it into a shared library, not a .py file).
NATIVE: Final = not __file__.endswith((".py", ".pyc"))


def fresh_seed() -> int:
    """A new random seed, for games started without one (it is recorded, so still replayable)."""
    return secrets.randbits(63)


class Rng:
    """A SplitMix64 generator. ``state`` is public so states can store and restore it."""

    __slots__ = ("_s",)

    # The 64 state bits: the unsigned number when interpreted, two's complement when compiled.
    _s: i64

    def __init__(self, seed: int = 0) -> None:
        seed &= MASK64
        self._s = seed - (1 << 64) if NATIVE and seed > _I64_MAX else seed

    def reseed(self, seed: int) -> None:
        """Start again from ``seed``, as ``Rng(seed)`` would, in this object (a table gives its
        bots a generator per decision: making a new one each time was a tenth of a random
        game's cost)."""
        seed &= MASK64
        self._s = seed - (1 << 64) if NATIVE and seed > _I64_MAX else seed

    @property
    def state(self) -> int:
        """The state as an unsigned 64-bit number (what state files store)."""
        s: int = self._s
        return s & MASK64

    @state.setter
    def state(self, value: int) -> None:
        self._s = Rng(value)._s

    def _next_native(self) -> i64:
        """The next output's bits (compiled path only: relies on i64 wrapping around)."""
        # Each constant from its halves, through a local (see _GOLDEN_LOW): the C compiler
        # folds the sums, where a sum of the two names would be folded by mypyc, boxed again.
        golden: i64 = _GOLDEN_LOW
        mix1: i64 = _MIX1_LOW
        mix2: i64 = _MIX2_LOW
        s = self._s + (golden + _GOLDEN_HIGH)
        self._s = s
        # Logical right shifts: the arithmetic shift, with the copied sign bits masked off.
        z = (s ^ ((s >> 30) & 0x3FFFFFFFF)) * (mix1 + _MIX1_HIGH)
        z = (z ^ ((z >> 27) & 0x1FFFFFFFFF)) * (mix2 + _MIX2_HIGH)
        return z ^ ((z >> 31) & 0x1FFFFFFFF)

    def next_u64(self) -> int:
        if NATIVE:
            native: int = self._next_native()
            return native & MASK64
        s: int = self._s
        s = (s + _GOLDEN) & MASK64
        self._s = s
        z = ((s ^ (s >> 30)) * _MIX1) & MASK64
        z = ((z ^ (z >> 27)) * _MIX2) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (multiply-shift; bias below 2**-50 for n < 2**14)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        if NATIVE:
            if n < _NATIVE_BOUND:
                # (z * n) >> 64 for the unsigned z, from its 32-bit halves: no product passes
                # 2**63.
                z = self._next_native()
                m: i64 = n
                return (((z >> 32) & 0xFFFFFFFF) * m + (((z & 0xFFFFFFFF) * m) >> 32)) >> 32
            return (self.next_u64() * n) >> 64
        # Interpreted: next_u64 written out (a call is a sixth of a random playout's time).
        # Names of their own: compiled, ``z`` above is an i64, which cannot shift by 64.
        s: int = self._s
        s = (s + _GOLDEN) & MASK64
        self._s = s
        x = ((s ^ (s >> 30)) * _MIX1) & MASK64
        x = ((x ^ (x >> 27)) * _MIX2) & MASK64
        return ((x ^ (x >> 31)) * n) >> 64

    def random(self) -> float:
        """A float in [0, 1)."""
        if NATIVE:
            return float((self._next_native() >> 11) & 0x1FFFFFFFFFFFFF) * _TO_UNIT
        # Interpreted: next_u64 written out, as in ``below``.
        s: int = self._s
        s = (s + _GOLDEN) & MASK64
        self._s = s
        z = ((s ^ (s >> 30)) * _MIX1) & MASK64
        z = ((z ^ (z >> 27)) * _MIX2) & MASK64
        return ((z ^ (z >> 31)) >> 11) * _TO_UNIT

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher-Yates, in place."""
        if NATIVE:
            if isinstance(seq, list):
                # Compiled, a list indexed as a list is a native operation; as a
                # MutableSequence every access goes through Python's generic protocol. The
                # draws are ``below(i + 1)``'s written out on native ints (a list is shorter
                # than 2**31), the state kept in a local and stored once: the call and its
                # checks were a third of a compiled shuffle, and the search's worlds are
                # dealt by shuffles.
                items: list[T] = seq
                golden: i64 = _GOLDEN_LOW
                mix1: i64 = _MIX1_LOW
                mix2: i64 = _MIX2_LOW
                state = self._s
                # Names of their own: the interpreted path below keeps its ``i``, ``z``, ``j``
                # Python ints (compiled, an i64 there could not shift by 64).
                top: i64 = len(items) - 1
                while top > 0:
                    state += golden + _GOLDEN_HIGH
                    mixed = (state ^ ((state >> 30) & 0x3FFFFFFFF)) * (mix1 + _MIX1_HIGH)
                    mixed = (mixed ^ ((mixed >> 27) & 0x1FFFFFFFFF)) * (mix2 + _MIX2_HIGH)
                    mixed ^= (mixed >> 31) & 0x1FFFFFFFF
                    bound = top + 1
                    pick = (
                        ((mixed >> 32) & 0xFFFFFFFF) * bound
                        + (((mixed & 0xFFFFFFFF) * bound) >> 32)
                    ) >> 32
                    items[top], items[pick] = items[pick], items[top]
                    top -= 1
                self._s = state
                return
            for i in range(len(seq) - 1, 0, -1):
                j = self.below(i + 1)
                seq[i], seq[j] = seq[j], seq[i]
            return
        # Interpreted: below(i + 1) and next_u64 written out, without their checks (a call
        # costs there, and the search's worlds are dealt by shuffles), the state kept in a
        # local and stored once.
        s: int = self._s
        for i in range(len(seq) - 1, 0, -1):
            s = (s + _GOLDEN) & MASK64
            z = ((s ^ (s >> 30)) * _MIX1) & MASK64
            z = ((z ^ (z >> 27)) * _MIX2) & MASK64
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            seq[i], seq[j] = seq[j], seq[i]
        self._s = s

    def fork(self) -> Rng:
        """An independent generator seeded from this one (advances this one by one step)."""
        return Rng(self.next_u64())

    def copy(self) -> Rng:
        twin = Rng()
        twin._s = self._s
        return twin

    def __repr__(self) -> str:
        return f"Rng(state={self.state})"
