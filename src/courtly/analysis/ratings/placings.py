"""A finished game's places, from its result as the kernel states it (``{"scores", "winners"}``,
``courtly.core.records.result_of``, which the server keeps with every finished table)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def placings(scores: Sequence[float], winners: Sequence[int]) -> list[int]:
    """Each seat's place, 1 first. The winners are first, all of them when they share the
    victory: who won is the game's rules' to say, tie-breaks included (``State.winners``).
    The rules name no order below the winners, so the others follow by score, equal scores
    sharing a place (a seat that lost a tie-break to a winner is second). Places are
    competition ranks: 1, 2, 2, 4."""
    seats = len(scores)
    won = set(winners)
    if not won or any(not 0 <= w < seats for w in won):
        raise ValueError(f"winners {list(winners)} are not seats of a {seats}-seat game")
    keys = [(seat in won, scores[seat]) for seat in range(seats)]
    return [1 + sum(other > key for other in keys) for key in keys]


def placings_of(result: Mapping[str, Any]) -> list[int]:
    """``placings`` of a stored result (``{"scores": [...], "winners": [...]}``)."""
    scores, winners = result.get("scores"), result.get("winners")
    if not isinstance(scores, list) or not isinstance(winners, list):
        raise ValueError(f"a finished game's result has scores and winners, not {dict(result)}")
    return placings([float(s) for s in scores], [int(w) for w in winners])
