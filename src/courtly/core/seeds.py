"""Where every seed of a run comes from: one derivation, so that a game and its bots are the
same whichever command (simulate, tournament, selftest, play, the server) started them."""

from __future__ import annotations

from typing import Final

from courtly.core.rng import MASK64, Rng

_GOLDEN: Final = 0x9E3779B97F4A7C15
_SEAT_MIX: Final = 0x2545F4914F6CDD1D


def game_seed(run_seed: int, index: int) -> int:
    """The seed of game number ``index`` of a run started with ``run_seed``."""
    return (run_seed * 1_000_003 + index * 0x9E3779B1 + 1) & MASK64


def decision_rng(seed: int, seat: int, ply: int) -> Rng:
    """The generator an agent in ``seat`` uses for its decision at ``ply`` (the number of
    actions played before it) of a game started with ``seed``.

    A generator per decision, not a stream per seat: a game stopped and resumed (``courtly
    play --resume``, a server restarted) gives each bot exactly the generator it would have had
    had the game never stopped, knowing nothing but the record. Every front, ``play_match``
    and the server's bot workers alike, seeds bots by this rule, through ``Table.choose``."""
    return Rng(_seat_part(seed, seat) ^ _ply_part(ply))


class DecisionSeeds:
    """:func:`decision_rng` for one game, as cheaply as it can be had: a simulated game asks for
    a generator at every move, and making it cost a random move a fifth of its time. Each
    seat's part is worked out once, and one generator is re-seeded for every decision (the
    decision before is over by then: an agent keeps no generator past its ``act``)."""

    __slots__ = ("_rng", "_seats")

    def __init__(self, seed: int, num_players: int) -> None:
        self._seats = [_seat_part(seed, seat) for seat in range(num_players)]
        self._rng = Rng()

    def rng(self, seat: int, ply: int) -> Rng:
        """The generator ``decision_rng(seed, seat, ply)``, valid until the next call."""
        rng = self._rng
        rng.reseed(self._seats[seat] ^ _ply_part(ply))
        return rng


def _seat_part(seed: int, seat: int) -> int:
    return (seed * _SEAT_MIX + (seat + 1) * _GOLDEN) & MASK64


def _ply_part(ply: int) -> int:
    return (ply + 1) * _GOLDEN & MASK64
