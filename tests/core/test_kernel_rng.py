from __future__ import annotations

import ast
from collections import UserList
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from courtly.core import rng as rng_module
from courtly.core.rng import Rng


def test_splitmix_reference_values() -> None:
    # SplitMix64 from seed 0: the published reference sequence starts with these.
    rng = Rng(0)
    assert [rng.next_u64() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=1, max_value=10_000))
def test_below_is_in_range(seed: int, n: int) -> None:
    rng = Rng(seed)
    assert all(0 <= rng.below(n) < n for _ in range(20))


@given(st.integers(min_value=0, max_value=2**64 - 1), st.lists(st.integers(), max_size=30))
def test_shuffle_is_a_permutation_and_repeatable(seed: int, items: list[int]) -> None:
    a, b = items[:], items[:]
    Rng(seed).shuffle(a)
    Rng(seed).shuffle(b)
    assert a == b
    assert sorted(a) == sorted(items)


def test_copy_continues_identically() -> None:
    rng = Rng(99)
    rng.next_u64()
    twin = rng.copy()
    assert [rng.below(100) for _ in range(10)] == [twin.below(100) for _ in range(10)]


# The sequence every record and seed depends on, pinned for several seeds (the extremes of the
# unsigned and signed 64-bit ranges among them): the pure and compiled generators differ in
# their arithmetic, never in these numbers.
PINNED = {
    1: (
        [0x910A2DEC89025CC1, 0xBEEB8DA1658EEC67, 0xF893A2EEFB32555E],
        [0, 1, 6, 444, 954051179, 1638303231, 964655082711],
        0.5230671798509814,
        17418742259747381417,
    ),
    2**63 - 1: (
        [0x2A67D7552E039EA7, 0xF20C01408082F947, 0xEC159351AF424190],
        [0, 1, 6, 125, 697349246, 241779686, 194015140007],
        0.5471064896366022,
        8195370222892605607,
    ),
    2**63: (
        [0x481EC0A212A9F3DB, 0xC46FA638A6309012, 0x61A685FFC80A8140],
        [0, 1, 2, 348, 105136375, 650065171, 573874986609],
        0.3840375159023742,
        8195370222892605608,
    ),
    2**64 - 1: (
        [0xE4D971771B652C20, 0xE99FF867DBF682C9, 0x382FF84CB27281E9],
        [0, 1, 1, 426, 1515201430, 1770968798, 1036415465474],
        0.25142885573188245,
        17418742259747381415,
    ),
    0x0123456789ABCDEF: (
        [0x157A3807A48FAA9D, 0xD573529B34A1D093, 0x2F90B72E996DCCBE],
        [0, 1, 1, 636, 10495604, 173943718, 794507808864],
        0.5359089596455484,
        17500727788963868311,
    ),
}
BOUNDS = (1, 2, 7, 1000, 2**31 - 1, 2**31, 2**40)


@pytest.mark.parametrize("seed", sorted(PINNED))
def test_sequence_is_pinned(seed: int) -> None:
    outputs, drawn, fraction, state_after = PINNED[seed]
    rng = Rng(seed)
    assert [rng.next_u64() for _ in outputs] == outputs
    rng = Rng(seed)
    assert [rng.below(n) for n in BOUNDS] == drawn
    assert rng.random() == fraction
    assert rng.state == state_after
    restored = Rng()
    restored.state = state_after
    assert restored.next_u64() == Rng(state_after).next_u64() == rng.next_u64()


def test_shuffle_is_fisher_yates_on_below() -> None:
    """The shuffle, with its generator steps written out, draws what ``below`` draws."""
    for seed in range(20):
        for size in (0, 1, 2, 7, 60):
            ours, theirs = list(range(size)), list(range(size))
            a, b = Rng(seed), Rng(seed)
            a.shuffle(ours)
            for i in range(size - 1, 0, -1):
                j = b.below(i + 1)
                theirs[i], theirs[j] = theirs[j], theirs[i]
            assert ours == theirs and a.state == b.state


def test_a_list_and_any_other_sequence_shuffle_alike() -> None:
    """Compiled, a list is shuffled by native indexing and other sequences through Python's
    protocol: both are the same Fisher-Yates on ``below``."""
    for seed in range(10):
        items, other = list(range(40)), UserList(range(40))
        a, b = Rng(seed), Rng(seed)
        a.shuffle(items)
        b.shuffle(other)
        assert items == list(other) and a.state == b.state


def test_shuffle_fork_and_seed_masking_are_pinned() -> None:
    items = list(range(10))
    Rng(42).shuffle(items)
    assert items == [8, 3, 6, 5, 4, 0, 9, 2, 1, 7]
    assert Rng(42).fork().state == 13679457532755275413
    assert Rng(-5).state == 2**64 - 5
    assert Rng(2**64 + 3).state == 3


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=1, max_value=2**40))
def test_below_is_the_multiply_shift_of_the_next_output(seed: int, n: int) -> None:
    assert Rng(seed).below(n) == (Rng(seed).next_u64() * n) >> 64


def test_the_compiled_path_s_constants_are_native_literals() -> None:
    """Compiled, an int constant beyond 62 bits is a boxed Python int that each use converts
    to i64 again (three conversions a draw were a quarter of a compiled Kingdoms resample):
    every ``Final[i64]`` of the generator's module fits in 62 bits, and the halves the compiled
    generator adds up are the SplitMix64 constants as two's-complement numbers."""
    source = Path(__file__).resolve().parents[2] / "src" / "courtly" / "core" / "rng.py"
    natives = [
        node.target.id
        for node in ast.parse(source.read_text(encoding="utf-8")).body
        if isinstance(node, ast.AnnAssign)
        and isinstance(node.target, ast.Name)
        and ast.unparse(node.annotation) == "Final[i64]"
    ]
    assert natives
    for name in natives:
        assert abs(getattr(rng_module, name)) < 2**62, name
    for name in ("GOLDEN", "MIX1", "MIX2"):
        low, high = getattr(rng_module, f"_{name}_LOW"), getattr(rng_module, f"_{name}_HIGH")
        assert (low + high) & rng_module.MASK64 == getattr(rng_module, f"_{name}")
