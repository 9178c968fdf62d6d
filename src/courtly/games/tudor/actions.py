"""The action table: every small decision a Tudor player can face, enumerated once, each read in
the reader's language (``action.<kind>`` in the catalogue).

Fixed-size kinds come first (their ids are module constants); the three kinds that name a
Throne Room space come last, at ``SPACE_BASE`` + k * board size.
"""

from __future__ import annotations

from typing import Final

from courtly.core.actions import Action, ActionSpace, ActionTexts, JSONScalar
from courtly.games.tudor.board import BOARDS
from courtly.games.tudor.data import (
    CHAMBER_NAMES,
    FACTIONS,
    FINGERS,
    LETTERS,
    NUM_FACTIONS,
    NUM_FINGERS,
)
from courtly.games.tudor.words import FIELD_WORDS, TEXTS, player_number

Spec = tuple[str, list[tuple[str, JSONScalar]]]

ACTION_TEXTS: Final = ActionTexts(TEXTS, {**FIELD_WORDS, "seat": player_number})

MAX_CHAIRS: Final = 5
MAX_SEATS: Final = 4

_specs: list[Spec] = []


def _kind(kind: str, count: int, make: object) -> int:
    """Reserve ``count`` consecutive ids for ``kind``; returns the first id."""
    base = len(_specs)
    for i in range(count):
        _specs.append((kind, make(i)))  # type: ignore[operator]
    return base


DRAFT: Final = _kind("draft", NUM_FACTIONS, lambda f: [("ring", FACTIONS[f])])
FINGER: Final = _kind("finger", NUM_FINGERS, lambda k: [("finger", FINGERS[k])])
REARRANGE: Final = _kind("rearrange", 1, lambda _: [])
KEEP_RINGS: Final = _kind("keep_rings", 1, lambda _: [])
BENCH: Final = _kind("bench", 3, lambda c: [("chamber", CHAMBER_NAMES[c])])
FORGO: Final = _kind("forgo", 1, lambda _: [])
LORD: Final = _kind("lord", 3, lambda c: [("chamber", CHAMBER_NAMES[c])])
NO_LORD: Final = _kind("no_lord", 1, lambda _: [])
COURTIER: Final = _kind("activate_courtier", 3, lambda c: [("chamber", CHAMBER_NAMES[c])])
ACTIVATE_LORD: Final = _kind("activate_lord", 1, lambda _: [])
ACT: Final = _kind("action", 8, lambda x: [("letter", LETTERS[x])])
DONE_FIGURE: Final = _kind("done_figure", 1, lambda _: [])
END_TURN: Final = _kind("end_turn", 1, lambda _: [])
TAKE: Final = _kind("take", NUM_FACTIONS, lambda f: [("card", FACTIONS[f])])
GIVE: Final = _kind("give", NUM_FACTIONS, lambda f: [("card", FACTIONS[f])])
PAY: Final = _kind("pay", NUM_FACTIONS, lambda f: [("card", FACTIONS[f])])
JUMP: Final = _kind("skip", NUM_FACTIONS, lambda f: [("card", FACTIONS[f])])
ADVANCE: Final = _kind("advance", 1, lambda _: [])
STOP: Final = _kind("stop", 1, lambda _: [])
SEL_SUPPLY: Final = _kind("new_courtier", 1, lambda _: [])
STAND_RING: Final = _kind("stand_ring", NUM_FACTIONS, lambda f: [("ring", FACTIONS[f])])
HAND_RING: Final = _kind(
    "hand_ring",
    NUM_FINGERS * NUM_FACTIONS,
    lambda i: [("finger", FINGERS[i // NUM_FACTIONS]), ("ring", FACTIONS[i % NUM_FACTIONS])],
)
BONUS_MOVE: Final = _kind("bonus_move", 1, lambda _: [])
SPEND: Final = _kind("spend", NUM_FACTIONS, lambda f: [("token", FACTIONS[f])])
SCENARIO: Final = _kind("scenario", 2, lambda i: [("side", ("left", "right")[i])])
KEEP_TOKEN: Final = _kind("keep_token", 1, lambda _: [])
CHAIR: Final = _kind(
    "chair",
    3 * MAX_CHAIRS,
    lambda i: [("chamber", CHAMBER_NAMES[i // MAX_CHAIRS]), ("chair", i % MAX_CHAIRS + 1)],
)
SEAT: Final = _kind("seat", MAX_SEATS, lambda p: [("seat", p)])
DECLINE: Final = _kind("decline", 1, lambda _: [])
AMBASSADOR: Final = _kind("ambassador", 1, lambda _: [])
SPACE_BASE: Final = len(_specs)
FIXED_SPECS: Final[tuple[Spec, ...]] = tuple(_specs)

SPACE_KINDS: Final[tuple[str, ...]] = ("select", "to", "recall")


def build_action_space(num_players: int) -> ActionSpace:
    board = BOARDS[num_players]
    specs: list[Spec] = list(FIXED_SPECS)
    for kind in SPACE_KINDS:
        for s in range(board.size):
            specs.append((kind, [("space", board.label(s))]))
    return ActionSpace(specs, ACTION_TEXTS)


def action_event_data(action: Action, seat: int) -> tuple[str, dict[str, JSONScalar]]:
    """The event kind (the action's kind in kebab-case) and data of ``seat`` playing ``action``:
    the seat and the action's arguments (a Rise And Fall / Connections target seat is
    ``other_seat``)."""
    data: dict[str, JSONScalar] = {"seat": seat}
    for name, value in action.args:
        data["other_seat" if name == "seat" else name] = value
    return action.kind.replace("_", "-"), data
