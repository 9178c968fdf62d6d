"""Target lists shared by many follow-up choices: ids of `select` / `row` actions."""

from __future__ import annotations

from courtly.games.kingdoms import codes as A
from courtly.games.kingdoms.codes import Task
from courtly.games.kingdoms.state import KingdomsState


def opp_subject_choices(s: KingdomsState, t: Task) -> list[int]:
    return [A.K_SELECT + c for c in s.subjects(1 - t[1])]


def own_free_rows(s: KingdomsState, t: Task) -> list[int]:
    free = s.free_by_slot(t[1])
    return [A.ROW + slot for slot in range(3) if free[slot] > 0]


def own_glory_choices(s: KingdomsState, t: Task) -> list[int]:
    return [A.K_SELECT + c for c in s.glory[t[1]]]


def own_subject_choices(s: KingdomsState, t: Task) -> list[int]:
    return [A.K_SELECT + c for c in s.subjects(t[1])]


def opp_glory_choices(s: KingdomsState, t: Task) -> list[int]:
    return [A.K_SELECT + c for c in s.glory[1 - t[1]]]
