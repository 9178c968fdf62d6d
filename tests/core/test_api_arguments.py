"""The Python API's arguments, checked as the kernel contract says: an id, a seat or a player
count may be any integer (numpy's too, as a researcher's come from arrays) and reads as a plain
int in every message; a seat outside the game, a seed that is no integer and a generator that
is no ``Rng`` are refused with courtly's own errors, and nothing changes."""

from __future__ import annotations

from typing import Any

import pytest
from highcards import HighCards

from courtly.core.build import build_name
from courtly.core.errors import (
    CourtlyError,
    IllegalActionError,
    InvalidSeatError,
    PlayerCountError,
    WrongPlayerError,
)
from courtly.core.rng import Rng


class Integral:
    """An integer type that is not ``int`` (numpy's are such): it has only ``__index__``."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value

    def __repr__(self) -> str:
        return f"Integral({self.value})"


def _any(value: object) -> Any:
    """``value`` past the type checker: these tests pass what the signatures do not allow."""
    return value


def test_apply_refuses_a_seat_that_is_not_one_before_the_turn_check(toy: HighCards) -> None:
    state = toy.new_game(3, seed=1)
    before = state.fingerprint()
    legal = state.legal_action_ids()[0]
    for seat in (7, 3, -1, True, "0", 0.0):
        with pytest.raises(InvalidSeatError, match="is not a seat of this 3-player game"):
            state.apply(legal, player=_any(seat))
        with pytest.raises(InvalidSeatError):
            state.play(legal, player=_any(seat))
    assert state.fingerprint() == before
    # A seat of the game whose turn it is not is still the turn's error.
    with pytest.raises(WrongPlayerError, match="seat 1's decision, not seat 2's"):
        state.apply(legal, player=1)
    state.apply(legal, player=_any(Integral(0)))  # its seat, as a non-int integer
    assert state.fingerprint() != before


def test_an_id_may_be_any_integer_and_its_messages_show_plain_numbers(toy: HighCards) -> None:
    state = toy.new_game(2, seed=3)
    legal = state.legal_action_ids()[0]
    assert state.decode(Integral(legal)) == state.decode(legal)
    assert state.action_space.from_json(Integral(legal)).id == legal
    with pytest.raises(IllegalActionError, match=r"^action id 99 is outside"):
        state.apply(_any(Integral(99)))
    twin = state.clone()
    state.apply(_any(Integral(legal)))
    twin.apply(legal)
    assert state.fingerprint() == twin.fingerprint()


def test_what_is_no_action_is_told_what_an_action_may_be(toy: HighCards) -> None:
    state = toy.new_game(2, seed=3)
    before = state.fingerprint()
    for value in (True, 1.0, None, [1]):
        with pytest.raises(IllegalActionError, match=r"an action id \(an integer\), its JSON"):
            state.apply(_any(value))
    with pytest.raises(IllegalActionError, match="an action id must be an integer, not True"):
        state.decode(_any(True))
    with pytest.raises(IllegalActionError, match="object with a 'kind'"):
        state.apply({"card": 1})
    assert state.fingerprint() == before


def test_a_player_count_may_be_any_integer(toy: HighCards) -> None:
    state = toy.new_game(_any(Integral(3)), seed=1)
    assert type(state.num_players) is int and state.num_players == 3
    assert state.fingerprint() == toy.new_game(3, seed=1).fingerprint()
    assert toy.check_players(Integral(2)) == 2
    with pytest.raises(PlayerCountError, match=r"2 to 3 players, not 9$"):
        toy.new_game(_any(Integral(9)))
    with pytest.raises(PlayerCountError, match="not True"):
        toy.new_game(_any(True))
    with pytest.raises(PlayerCountError, match="not '3'"):
        toy.new_game(_any("3"))


def test_a_seed_is_an_integer_and_nothing_else(toy: HighCards) -> None:
    assert toy.new_game(2, seed=_any(Integral(5))).fingerprint() == (
        toy.new_game(2, seed=5).fingerprint()
    )
    for seed in (-5, 2**80):  # any integer: the generator keeps its low 64 bits
        assert toy.new_game(2, seed=seed).fingerprint() == (
            toy.new_game(2, seed=seed % 2**64).fingerprint()
        )
    for wrong in ("abc", "7", 1.7, 2.0, True, [1]):
        with pytest.raises(CourtlyError, match="a seed must be an integer") as caught:
            toy.new_game(2, seed=_any(wrong))
        assert caught.value.key == "error.api.seed"


def test_resample_takes_a_generator_and_says_so_otherwise(toy: HighCards) -> None:
    state = toy.new_game(2, seed=4)
    # Compiled, mypyc checks the argument's type before the method runs: its TypeError names
    # the generator's class (docs/kernel.md); pure, the method says what to pass.
    refusal: tuple[type[Exception], str] = (
        (TypeError, r"courtly\.core\.rng\.Rng object expected")
        if build_name() == "compiled"
        else (CourtlyError, r"pass a courtly\.core\.rng\.Rng \(Rng\(seed\)")
    )
    for rng in (5, None, "5"):
        with pytest.raises(refusal[0], match=refusal[1]):
            state.resample(0, _any(rng))
    again = state.resample(0, Rng(5))
    assert again.fingerprint() == state.resample(0, Rng(5)).fingerprint()


def test_numpy_integers_are_integers(toy: HighCards) -> None:
    numpy = pytest.importorskip("numpy")
    state = toy.new_game(numpy.int64(2), seed=numpy.uint32(8))
    assert type(state.num_players) is int
    assert state.fingerprint() == toy.new_game(2, seed=8).fingerprint()
    mask = numpy.array(state.legal_action_mask())
    chosen = mask.nonzero()[0][0]
    with pytest.raises(IllegalActionError, match=r"^action id 40 is outside"):
        state.apply(numpy.int64(40))
    with pytest.raises(InvalidSeatError, match=r"^5 is not a seat"):
        state.apply(chosen, player=numpy.int64(5))
    state.apply(chosen, player=numpy.int64(state.current_player))
    assert state.observation(numpy.int64(1))["viewer"] == 1
    with pytest.raises(IllegalActionError, match="an action id"):
        state.apply(numpy.True_)
