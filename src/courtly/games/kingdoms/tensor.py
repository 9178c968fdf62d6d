"""Kingdoms' observation tensor: a seat's observation as fixed-length numbers.

Reads only the observation dict (docs/schemas/kingdoms.observation.json); the layout is in
docs/games/kingdoms.md, "Observation tensor". Every place a card can be seen gets 54 slots
(one per card, Jokers last); what the viewer cannot see (the other hand, the other Army, a
face-down duel card) is there only as a count, exactly as in the observation.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from courtly.core.tensor import TensorWriter
from courtly.games.kingdoms.codes import PHASE_NAMES, TASK_NAMES
from courtly.games.kingdoms.data import CARD_BY_NAME, GLORY_TO_END, HAND_SIZE, NUM_CARDS, SLOT_KEYS

PLAYERS: Final = 2
DECISIONS: Final = PHASE_NAMES + TASK_NAMES
END_REASONS: Final = ("ten_glory_cards", "turn_limit")
USED_BITS: Final = 10  # codes.USED_*: the once-per-phase marks
TURN_SCALE: Final = 100.0
ARGUMENT_SCALE: Final = 10.0

# The card places of one kingdom, in the order they are written (54 slots each).
SEAT_PLACES: Final = (
    ("hand", "its hand (the viewer's own; another's is a count below)"),
    ("hand_seen", "hand cards the other seat has seen"),
    ("court_jack", "its Jack slot"),
    ("court_queen", "its Queen slot"),
    ("court_king", "its King slot"),
    ("jester", "its Jester"),
    ("treaty", "its Treaty"),
    ("row_jack", "its Jack row (Population)"),
    ("row_queen", "its Queen row"),
    ("row_king", "its King row"),
    ("army", "its Army (the viewer's own; another's is a count)"),
    ("limbo", "lifted Population being placed again, where the card is shown"),
    ("glory", "its Glory cards"),
    ("peasant", "its Peasant cards"),
    ("duel", "its duel card, when the viewer may see it"),
)


def _cards(values: object) -> list[int]:
    """The card ids of a list of card names ('~CARD' is an own lifted Army card; a bare '~'
    is another's, hidden); anything that is not a list (a hidden count, None) holds none."""
    if isinstance(values, str):
        values = [values]
    if not isinstance(values, list):
        return []
    return [CARD_BY_NAME[v.lstrip("~")] for v in values if v.lstrip("~")]


def write_observation(obs: Mapping[str, Any], w: TensorWriter) -> None:
    w.envelope(obs, PLAYERS)
    w.choice("phase", obs["phase"], PHASE_NAMES, "the phase of the turn (C2)")
    w.numbers("glory", obs["scores"], PLAYERS, GLORY_TO_END, "Glory total per seat")
    w.one_hot("turn", obs["turn"], PLAYERS, "whose turn it is")
    w.number("turns_played", obs["turns_played"], TURN_SCALE, "turns played")
    w.number(
        "turns_left",
        obs["turn_limit"] - obs["turns_played"],
        TURN_SCALE,
        "turns left before the turn limit (ruling R20)",
    )
    decision = obs["decision"]
    w.choice(
        "decision", decision["name"], DECISIONS, "the pending decision: a phase's menu or a task"
    )
    w.one_hot("decision_player", decision.get("player"), PLAYERS, "the seat the task is for")
    for key in ("a", "b"):
        value = decision.get(key)
        card = CARD_BY_NAME[value] if isinstance(value, str) else None
        w.one_hot(f"decision_{key}_card", card, NUM_CARDS, f"the task's argument {key} when a card")
        w.number(
            f"decision_{key}_number",
            value if isinstance(value, int) else 0,
            ARGUMENT_SCALE,
            f"the task's argument {key} when a number (slot, row, count)",
        )
    w.counts(
        "used",
        [b for b in range(USED_BITS) if obs["used"] >> b & 1],
        USED_BITS,
        1,
        "once-per-phase marks (codes.USED_*, bit by bit)",
    )
    w.number("draws_left", obs["draws_left"], 3, "draws left this Draw Phase")
    w.flag("sabotage", obs["sabotage"], "a Sabotage is in force")
    w.number("deck", obs["deck"], NUM_CARDS, "cards in the Draw pile")
    w.one_hot(
        "deck_top",
        CARD_BY_NAME[obs["deck_top"]] if "deck_top" in obs else None,
        NUM_CARDS,
        "the top of the Draw pile, when the viewer peeked at it",
    )
    w.counts("discard", _cards(obs["discard"]), NUM_CARDS, 1, "the Discard pile")
    w.counts("aside", _cards(obs["aside"]), NUM_CARDS, 1, "cards set aside")

    places = [name for name, _ in SEAT_PLACES]
    cards: list[int] = []
    for seat, kingdom in enumerate(obs["players"]):
        court = kingdom["court"]
        held = {
            "hand": kingdom["hand"],
            "hand_seen": kingdom.get("hand_seen_by_opponent"),
            "jester": kingdom["jester"],
            "treaty": kingdom["treaty"],
            "army": kingdom["army"],
            "limbo": kingdom["limbo"],
            "glory": kingdom["glory"],
            "peasant": kingdom["peasant"],
            "duel": kingdom["duel"],
        }
        for slot in SLOT_KEYS:
            held[f"court_{slot}"] = court[slot]
            held[f"row_{slot}"] = kingdom["rows"][slot]
        for index, name in enumerate(places):
            base = (seat * len(places) + index) * NUM_CARDS
            cards.extend(base + c for c in _cards(held[name]))
    w.counts(
        "cards",
        cards,
        PLAYERS * len(places) * NUM_CARDS,
        1,
        "per seat, per place (" + ", ".join(places) + "), per card: the card is there",
    )
    for seat, kingdom in enumerate(obs["players"]):
        w.number(
            f"seat{seat}_hand_size", kingdom["hand_size"], HAND_SIZE, f"seat {seat}: cards in hand"
        )
        w.number(
            f"seat{seat}_army_count", kingdom["army_count"], NUM_CARDS, f"seat {seat}: Army cards"
        )
        w.number(
            f"seat{seat}_hidden_limbo",
            sum(1 for v in kingdom["limbo"] if v == "~"),
            NUM_CARDS,
            f"seat {seat}: lifted Army cards the viewer may not see",
        )
        duel = kingdom["duel"]
        w.flag(
            f"seat{seat}_duel_played",
            duel is True or isinstance(duel, str),
            f"seat {seat}: has a duel card down",
        )
    end = obs["end"]
    w.choice(
        "end_reason",
        None if end is None else end["reason"],
        END_REASONS,
        "once over: why the game ended",
    )
    w.one_hot(
        "end_seat",
        None if end is None else end.get("seat"),
        PLAYERS,
        "once over: the seat that ended it, if one did",
    )
