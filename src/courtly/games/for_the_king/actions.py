"""The action table: one fixed layout for every player count (ids are stable; codes.py
names them), with each action's text in the reader's language (``action.<kind>`` in the
catalogue; ``place`` by area and ``king`` by direction have one sentence each)."""

from __future__ import annotations

from typing import Any, Final

from courtly.core.actions import ActionSpace, ActionTexts, JSONScalar
from courtly.games.for_the_king.codes import SPACE_SIZE
from courtly.games.for_the_king.data import (
    GOLD_VALUES,
    KIND_NAMES,
    MAX_BID,
    NUM_KINDS,
    NUM_OFFICES,
    OFFICES,
)
from courtly.games.for_the_king.words import KIND_BY_NAME, TEXTS, kind_words

Spec = tuple[str, list[tuple[str, JSONScalar]]]


def _kind(name: Any, lang: str) -> str:
    """A "card" argument (a kind's English name, its JSON form) in the reader's words."""
    return kind_words(KIND_BY_NAME[str(name)], lang)


ACTION_TEXTS: Final = ActionTexts(
    TEXTS,
    {"card": _kind, "office": TEXTS.terms("office")},
    variants={"place": "area", "king": "change"},
)


def build_action_space(num_players: int) -> ActionSpace:
    """The same actions at every player count."""
    specs: list[Spec] = [
        ("place", [("area", "own")]),
        ("place", [("area", "middle")]),
        ("place", [("area", "favor")]),
    ]
    specs += [("take", [("card", KIND_NAMES[k])]) for k in range(NUM_KINDS)]
    specs.append(("pass", []))
    specs += [("bid", [("amount", n)]) for n in range(1, MAX_BID + 1)]
    specs += [("pay", [("gold", v)]) for v in GOLD_VALUES]
    specs += [("discard", [("card", KIND_NAMES[k])]) for k in range(NUM_KINDS)]
    specs += [("king", [("office", OFFICES[o]), ("change", 1)]) for o in range(NUM_OFFICES)]
    specs += [("king", [("office", OFFICES[o]), ("change", -1)]) for o in range(NUM_OFFICES)]
    space = ActionSpace(specs, ACTION_TEXTS)
    assert space.size == SPACE_SIZE
    return space
