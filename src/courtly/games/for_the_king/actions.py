"""The action table: one fixed layout for every player count (ids are stable; codes.py
names them)."""

from __future__ import annotations

from courtly.core.actions import ActionSpace, JSONScalar
from courtly.games.for_the_king.codes import SPACE_SIZE
from courtly.games.for_the_king.data import (
    GOLD_VALUES,
    KIND_NAMES,
    MAX_BID,
    NUM_KINDS,
    NUM_OFFICES,
    OFFICES,
)

Spec = tuple[str, list[tuple[str, JSONScalar]], str]


def build_action_space() -> ActionSpace:
    specs: list[Spec] = [
        ("place", [("area", "own")], "place the drawn card face down in your personal deck"),
        ("place", [("area", "middle")], "place the drawn card face up in the middle"),
        ("place", [("area", "favor")], "place the drawn card face down on the Favor deck"),
    ]
    specs += [
        ("take", [("card", KIND_NAMES[k])], f"take {KIND_NAMES[k]} from the middle")
        for k in range(NUM_KINDS)
    ]
    specs.append(("pass", [], "pass (leave the bidding for this card)"))
    specs += [("bid", [("amount", n)], f"bid {n}") for n in range(1, MAX_BID + 1)]
    specs += [
        ("pay", [("gold", v)], f"pay with a Gold {v} card (face up, no change)")
        for v in GOLD_VALUES
    ]
    specs += [
        ("discard", [("card", KIND_NAMES[k])], f"discard {KIND_NAMES[k]} face down")
        for k in range(NUM_KINDS)
    ]
    specs += [
        (
            "king",
            [("office", OFFICES[o]), ("change", 1)],
            f"raise the {OFFICES[o]} Primary Duty by 1",
        )
        for o in range(NUM_OFFICES)
    ]
    specs += [
        (
            "king",
            [("office", OFFICES[o]), ("change", -1)],
            f"lower the {OFFICES[o]} Primary Duty by 1",
        )
        for o in range(NUM_OFFICES)
    ]
    space = ActionSpace(specs)
    assert space.size == SPACE_SIZE
    return space
