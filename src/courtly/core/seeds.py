"""Where every seed of a run comes from: one derivation, so that a game and its bots are the
same whichever command (simulate, tournament, selftest, play, the server) started them."""

from __future__ import annotations

from courtly.core.rng import MASK64, Rng


def game_seed(run_seed: int, index: int) -> int:
    """The seed of game number ``index`` of a run started with ``run_seed``."""
    return (run_seed * 1_000_003 + index * 0x9E3779B1 + 1) & MASK64


def seat_rng(seed: int, seat: int) -> Rng:
    """The generator an agent in ``seat`` uses for a game started with ``seed``."""
    return Rng((seed * 0x2545F4914F6CDD1D + (seat + 1) * 0x9E3779B97F4A7C15) & MASK64)
