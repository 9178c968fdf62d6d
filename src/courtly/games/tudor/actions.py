"""The action table: every small decision a Tudor player can face, enumerated once.

Fixed-size kinds come first (their ids are module constants); the three kinds that name a
Throne Room space come last, at ``SPACE_BASE`` + k * board size.
"""

from __future__ import annotations

from courtly.core.actions import Action, ActionSpace, JSONScalar
from courtly.games.tudor.board import Board
from courtly.games.tudor.data import (
    ACTION_NAMES,
    CHAMBER_NAMES,
    FACTIONS,
    FINGERS,
    LETTERS,
    NUM_FACTIONS,
    NUM_FINGERS,
)

Spec = tuple[str, list[tuple[str, JSONScalar]], str]

MAX_CHAIRS = 5
MAX_SEATS = 4

_specs: list[Spec] = []


def _kind(kind: str, count: int, make: object) -> int:
    """Reserve ``count`` consecutive ids for ``kind``; returns the first id."""
    base = len(_specs)
    for i in range(count):
        args, text = make(i)  # type: ignore[operator]
        _specs.append((kind, args, text))
    return base


DRAFT = _kind(
    "draft", NUM_FACTIONS, lambda f: ([("ring", FACTIONS[f])], f"Draft a {FACTIONS[f]} Ring")
)
FINGER = _kind(
    "finger",
    NUM_FINGERS,
    lambda k: ([("finger", FINGERS[k])], f"Put the Ring on your {FINGERS[k]}"),
)
REARRANGE = _kind("rearrange", 1, lambda _: ([], "Take all your Rings off to rearrange them"))
KEEP_RINGS = _kind("keep_rings", 1, lambda _: ([], "Keep your Rings where they are"))
BENCH = _kind(
    "bench",
    3,
    lambda c: (
        [("chamber", CHAMBER_NAMES[c])],
        f"Courtier to the bench of Chamber {CHAMBER_NAMES[c]}",
    ),
)
FORGO = _kind("forgo", 1, lambda _: ([], "Place no Courtier"))
LORD = _kind(
    "lord", 3, lambda c: ([("chamber", CHAMBER_NAMES[c])], f"Lord into Chamber {CHAMBER_NAMES[c]}")
)
NO_LORD = _kind("no_lord", 1, lambda _: ([], "Do not place your Lord"))
COURTIER = _kind(
    "activate_courtier",
    3,
    lambda c: (
        [("chamber", CHAMBER_NAMES[c])],
        f"Activate a Courtier in Chamber {CHAMBER_NAMES[c]}",
    ),
)
ACTIVATE_LORD = _kind("activate_lord", 1, lambda _: ([], "Activate your Lord"))
ACT = _kind(
    "action", 8, lambda x: ([("letter", LETTERS[x])], f"Action {LETTERS[x]}: {ACTION_NAMES[x]}")
)
DONE_FIGURE = _kind("done_figure", 1, lambda _: ([], "Finish this figure's activation"))
END_TURN = _kind("end_turn", 1, lambda _: ([], "End your turn"))
TAKE = _kind(
    "take", NUM_FACTIONS, lambda f: ([("card", FACTIONS[f])], f"Take a {FACTIONS[f]} Court Card")
)
GIVE = _kind(
    "give",
    NUM_FACTIONS,
    lambda f: ([("card", FACTIONS[f])], f"Return a {FACTIONS[f]} Court Card to the supply"),
)
PAY = _kind(
    "pay", NUM_FACTIONS, lambda f: ([("card", FACTIONS[f])], f"Discard a {FACTIONS[f]} Court Card")
)
JUMP = _kind(
    "skip",
    NUM_FACTIONS,
    lambda f: (
        [("card", FACTIONS[f])],
        f"Discard a {FACTIONS[f]} Court Card to pass the Courtier above",
    ),
)
ADVANCE = _kind("advance", 1, lambda _: ([], "Move up one space"))
STOP = _kind("stop", 1, lambda _: ([], "Stop moving here"))
SEL_SUPPLY = _kind("new_courtier", 1, lambda _: ([], "Bring a new Courtier from your supply"))
STAND_RING = _kind(
    "stand_ring",
    NUM_FACTIONS,
    lambda f: ([("ring", FACTIONS[f])], f"Take a {FACTIONS[f]} Ring from the Stand"),
)
HAND_RING = _kind(
    "hand_ring",
    NUM_FINGERS * NUM_FACTIONS,
    lambda i: (
        [("finger", FINGERS[i // NUM_FACTIONS]), ("ring", FACTIONS[i % NUM_FACTIONS])],
        f"The {FACTIONS[i % NUM_FACTIONS]} Ring on the {FINGERS[i // NUM_FACTIONS]}",
    ),
)
BONUS_MOVE = _kind(
    "bonus_move", 1, lambda _: ([], "Bonus: spend 2 Court Tokens to move a Courtier")
)
SPEND = _kind(
    "spend",
    NUM_FACTIONS,
    lambda f: ([("token", FACTIONS[f])], f"Spend a {FACTIONS[f]} Court Token"),
)
SCENARIO = _kind(
    "scenario",
    2,
    lambda i: ([("side", ("left", "right")[i])], f"Scenario Card {('left', 'right')[i]} action"),
)
KEEP_TOKEN = _kind("keep_token", 1, lambda _: ([], "Keep the token behind your screen"))
CHAIR = _kind(
    "chair",
    3 * MAX_CHAIRS,
    lambda i: (
        [("chamber", CHAMBER_NAMES[i // MAX_CHAIRS]), ("chair", i % MAX_CHAIRS + 1)],
        f"The Courtier on chair {i % MAX_CHAIRS + 1} of Chamber {CHAMBER_NAMES[i // MAX_CHAIRS]}",
    ),
)
SEAT = _kind("seat", MAX_SEATS, lambda p: ([("seat", p)], f"Player {p + 1}"))
DECLINE = _kind("decline", 1, lambda _: ([], "Decline this optional action"))
AMBASSADOR = _kind(
    "ambassador",
    1,
    lambda _: ([], "Discard the token: a Courtier from supply becomes an Ambassador"),
)
SPACE_BASE = len(_specs)
FIXED_SPECS: tuple[Spec, ...] = tuple(_specs)

SPACE_KINDS: tuple[tuple[str, str], ...] = (
    ("select", "Choose the Courtier on {}"),
    ("to", "Move to {}"),
    ("recall", "Remove your Courtier on {} from the Throne Room"),
)


def build_space(board: Board) -> ActionSpace:
    specs: list[Spec] = list(FIXED_SPECS)
    for kind, text in SPACE_KINDS:
        for s in range(board.size):
            specs.append((kind, [("space", board.label(s))], text.format(board.label(s))))
    return ActionSpace(specs)


def action_event_data(action: Action, seat: int) -> tuple[str, dict[str, JSONScalar]]:
    """The event kind (the action's kind in kebab-case) and data of ``seat`` playing ``action``:
    the seat and the action's arguments (a Rise And Fall / Connections target seat is
    ``other_seat``)."""
    data: dict[str, JSONScalar] = {"seat": seat}
    for name, value in action.args:
        data["other_seat" if name == "seat" else name] = value
    return action.kind.replace("_", "-"), data
