"""For the King (and me)'s observation tensor: a seat's observation as fixed-length numbers.

Reads only the observation dict (docs/schemas/for_the_king.observation.json); the layout is in
docs/games/for_the_king.md, "Observation tensor". Each of the 108 cards has one slot per
place the viewer can know it to be; a card the viewer cannot place (another's hand, an unseen
face-down batch, the deck) has none, and the places are there as counts instead.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from courtly.core.tensor import TensorWriter
from courtly.games.for_the_king.data import CODE_TO_CARD, DUTY_MAX, NUM_CARDS, OFFICES

MAX_SEATS: Final = 5
PHASES: Final = ("place", "pick", "bid", "pay-gold", "pay-cards", "king", "king-gained", "over")
GOLD_SCALE: Final = 20.0
COUNT_SCALE: Final = 10.0
# The places a card can be known to be, in the order of the card_place field.
SHARED_PLACES: Final = (
    "unused",
    "middle",
    "held",
    "hand",
    "my_favor",
    "discard_up",
    "auction",
    "king_gained",
)
SEAT_PLACES: Final = ("known", "hand_or_discarded", "facedown")


def _ids(codes: object) -> list[int]:
    if isinstance(codes, str):
        return [CODE_TO_CARD[codes]]
    if not isinstance(codes, list):
        return []
    return [CODE_TO_CARD[c] for c in codes]


def write_observation(obs: Mapping[str, Any], w: TensorWriter) -> None:
    n = obs["num_players"]
    w.envelope(obs, n)
    w.choice("phase", obs["phase"], PHASES, "the decision being made")
    w.numbers("scores", obs["scores"] or [], n, COUNT_SCALE, "once over: points per seat")

    offices = {o["office"]: o for o in obs["offices"]}
    w.counts(
        "office_in_play",
        [OFFICES.index(o) for o in offices],
        len(OFFICES),
        1,
        "per office (diplomacy, military, architecture, livestock, entertainment, "
        "provisions): in play",
    )
    w.numbers(
        "office_primary",
        [offices[o]["primary"] if o in offices else 0 for o in OFFICES],
        len(OFFICES),
        DUTY_MAX,
        "per office: the primary duty's value",
    )
    w.counts(
        "office_secondary",
        [i for i, o in enumerate(OFFICES) if o in offices and offices[o]["secondary"]],
        len(OFFICES),
        1,
        "per office: has a secondary duty",
    )
    w.one_hot("advisor", obs["advisor"], n, "the King's advisor")
    w.number("deck_size", obs["deck_size"], NUM_CARDS, "cards in the deck")
    w.number("favor_size", obs["favor_size"], COUNT_SCALE, "cards in the favor pile")
    w.number("box_size", obs["box_size"], NUM_CARDS, "cards in the box")
    w.flag("advisor_holds_card", obs["advisor_holds_card"], "the advisor holds a card")
    w.one_hot("picker", obs.get("picker"), n, "the seat picking, if any")
    w.one_hot("first_player", obs.get("first_player"), n, "the first player, outside auctions")

    places: list[int] = []
    shared = len(SHARED_PLACES)
    zones = shared + len(SEAT_PLACES) * n

    def put(cards: list[int], zone: int) -> None:
        places.extend(card * zones + zone for card in cards)

    auction = obs.get("auction") or {}
    gained = obs.get("king_gained") or {}
    for zone, cards in enumerate(
        (
            obs["unused"],
            obs["middle"],
            obs["held"],
            obs["hand"],
            obs["my_favor_cards"],
            obs["discard_up"],
            auction.get("card"),
            gained.get("card"),
        )
    ):
        put(_ids(cards), zone)
    players = obs["players"]
    for seat in players:
        p = seat["seat"]
        put(_ids(seat["known_cards"]), shared + p)
        put(_ids([e["card"] for e in seat["hand_or_discarded"]]), shared + n + p)
    facedown_size = [0] * n
    facedown_seen = [0] * (n * n)
    for batch in obs["facedown"]:
        owner = batch["owner"]
        put(_ids(batch["cards"]), shared + 2 * n + owner)
        facedown_size[owner] += batch["size"]
        for s in batch["seen_by"]:
            facedown_seen[owner * n + s] += batch["size"]
    w.counts(
        "card_place",
        places,
        NUM_CARDS * zones,
        1,
        "per card (data.CARD_CODE order) then per place: "
        + ", ".join(SHARED_PLACES)
        + ", then per seat "
        + ", per seat ".join(SEAT_PLACES)
        + "; 1 where the viewer knows the card is",
    )
    w.numbers(
        "hand_size", [s["hand_size"] for s in players], n, COUNT_SCALE, "per seat: cards in hand"
    )
    w.numbers(
        "favor_cards_placed",
        [s["favor_cards_placed"] for s in players],
        n,
        COUNT_SCALE,
        "per seat: favor cards placed",
    )
    w.numbers(
        "gold_spent", [s["gold_spent"] for s in players], n, GOLD_SCALE, "per seat: gold spent"
    )
    w.numbers("gold_won", [s["gold_won"] for s in players], n, GOLD_SCALE, "per seat: gold won")
    w.numbers("facedown_size", facedown_size, n, COUNT_SCALE, "per owner: face-down cards")
    w.numbers(
        "facedown_seen",
        facedown_seen,
        n * n,
        COUNT_SCALE,
        "per owner, per seat: face-down cards of that owner the seat has seen",
    )
    low = [0] * n
    high = [0] * n
    for limit in obs["gold_limits"]:
        s = limit["seat"]
        low[s] = max(low[s], limit["min"])
        high[s] = limit["max"] if high[s] == 0 else min(high[s], limit["max"])
    w.numbers("gold_min", low, n, GOLD_SCALE, "per seat: the least gold the table knows it holds")
    w.numbers(
        "gold_max",
        high,
        n,
        GOLD_SCALE,
        "per seat: the most gold the table knows it holds (0: no limit known)",
    )

    placed = obs.get("placed") or {}
    w.numbers(
        "placed",
        [placed.get("own", 0), placed.get("middle", 0), placed.get("favor", 0)],
        3,
        1,
        "in the place phase: cards placed to own hand, middle, favor",
    )
    w.one_hot("auction_first_player", auction.get("first_player"), n, "auction: who bid first")
    w.number("auction_high_bid", auction.get("high_bid", 0), GOLD_SCALE, "auction: the high bid")
    w.one_hot("auction_high_bidder", auction.get("high_bidder"), n, "auction: the high bidder")
    w.counts("auction_out", auction.get("out", []), n, 1, "auction: seats out")
    w.counts("auction_excluded", auction.get("excluded", []), n, 1, "auction: seats excluded")
    w.number("auction_due", auction.get("due", 0), GOLD_SCALE, "auction: gold due")
    w.number("auction_paid", auction.get("paid", 0), GOLD_SCALE, "auction: gold paid")
    king = auction if "king_changes_left" in auction else gained
    w.number(
        "king_changes_left", king.get("king_changes_left", 0), 2, "a King card: office changes left"
    )
    first = king.get("king_first_office")
    w.one_hot(
        "king_first_office",
        None if first is None else OFFICES.index(first),
        len(OFFICES),
        "a King card: the office changed first",
    )
    w.one_hot("king_gained_seat", gained.get("seat"), n, "the seat that gained a King card")
    result = obs.get("result") or {}
    w.counts("winners", result.get("winners", []), n, 1, "once over: the winning seats")
