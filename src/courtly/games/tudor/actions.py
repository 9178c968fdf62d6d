"""The action table: every small decision a Tudor player can face, enumerated once, each read in
the reader's language (``action.<kind>`` in the catalogue).

Fixed-size kinds come first (their ids are module constants); the three kinds that name a
Throne Room space come last, at ``SPACE_BASE`` + k * board size.

A few kinds serve more than one decision, and read as the decision the reader's observation
shows (``action.<kind>.seen``): a ``select`` and a ``to`` of Persistent Courtiers' swap name
the Court Tokens swapped, not a Courtier; a ``give`` in the turn's menu is the first card of
Exchange 2 Cards for 1, in the ``give`` decision its second; a ``scenario`` says what the
Scenario Card in play does on that side.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

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


def _token_on(observation: Mapping[str, Any], label: JSONScalar) -> JSONScalar:
    """The Court Token (a faction, None if none) the observation shows on the space
    ``label`` ("4-6": column 4, row 6 from the bottom)."""
    column, row = (int(x) for x in str(label).split("-"))
    token: JSONScalar = observation["throne_room"][column - 1]["tokens"][row - 1]
    return token


def _swap_seen(
    args: Mapping[str, JSONScalar], observation: Mapping[str, Any]
) -> dict[str, JSONScalar]:
    """Persistent Courtiers' swap (T10.3): a ``select`` picks its first Court Token, a ``to``
    the one it is swapped with (the first is the decision's ``aux``)."""
    phase = observation.get("phase")
    if phase == "swap_first":
        added: dict[str, JSONScalar] = {"token": _token_on(observation, args["space"])}
    elif phase == "swap_second":
        first = BOARDS[int(observation["num_players"])].label(int(observation["decision"]["aux"]))
        added = {
            "token": _token_on(observation, args["space"]),
            "first": first,
            "first_token": _token_on(observation, first),
        }
    else:
        return {}
    # Both spaces of a swap hold a Court Token (T10.3); a view that shows none reads plainly.
    return added if None not in added.values() else {}


def _exchange_seen(
    args: Mapping[str, JSONScalar], observation: Mapping[str, Any]
) -> dict[str, JSONScalar]:
    """Exchange 2 Cards for 1 (T9.2): a ``give`` offered in the turn (or, v15, the Phase 1
    placement turn) begins it, one in the ``give`` decision is its second card; Enhanced F's
    card returned (``return_card``) reads as it is."""
    phase = observation.get("phase")
    if phase in ("turn", "assign"):
        return {"exchange": "first"}
    if phase == "give":
        return {"exchange": "second"}
    return {}


def _scenario_seen(
    args: Mapping[str, JSONScalar], observation: Mapping[str, Any]
) -> dict[str, JSONScalar]:
    """What the Scenario Card in play does on the action's side (T10)."""
    card = (observation.get("cards_in_play") or {}).get("scenario")
    return {} if card is None else {"does": f"{card}.{args['side']}"}


ACTION_TEXTS: Final = ActionTexts(
    TEXTS,
    {**FIELD_WORDS, "seat": player_number},
    seen={
        "select": _swap_seen,
        "to": _swap_seen,
        "give": _exchange_seen,
        "scenario": _scenario_seen,
    },
)

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
