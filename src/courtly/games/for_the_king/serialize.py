"""The state's JSON body (documented in docs/games/for_the_king.md), both ways.

Cards are written by their codes ("diplomacy-A", "king-up2-1", "gold3-07"); seats by
number; offices by name. Lists whose order is hidden (hands, the box) are sorted. Reading
is strict (courtly.core.fields): every field has exactly its type and range, or the load is
refused naming it; invariants.py then refuses what no game could reach.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from courtly.core import fields as F
from courtly.core.errors import InvalidStateError
from courtly.games.for_the_king.codes import (
    BATCH_BASE,
    BOX,
    DECK,
    FAVOR,
    HAND_BASE,
    HELD,
    MIDDLE,
    OVER,
    PHASE_NAMES,
    REVEALED,
    UNUSED,
    UP,
)
from courtly.games.for_the_king.data import (
    CARD_CODE,
    CODE_TO_CARD,
    DUTY_MAX,
    DUTY_MIN,
    MAX_BID,
    NUM_CARDS,
    OFFICES,
)
from courtly.games.for_the_king.state import FtkState, GoldLimit


def _codes(cards: Sequence[int]) -> list[str]:
    code = CARD_CODE
    return [code[c] for c in cards]


def _one(card: int) -> str | None:
    return CARD_CODE[card] if card >= 0 else None


def _mask(mask: int, n: int) -> list[int]:
    return [p for p in range(n) if mask >> p & 1]


def body_to_json(s: FtkState) -> dict[str, Any]:
    n = s.num_players
    in_batch: list[list[int]] = [[] for _ in s.batches]
    unused: list[int] = []
    box: list[int] = []
    for c, where in enumerate(s.loc):
        if where >= BATCH_BASE:
            in_batch[where - BATCH_BASE].append(c)
        elif where == UNUSED:
            unused.append(c)
        elif where == BOX:
            box.append(c)
    return {
        "phase": PHASE_NAMES[s.phase],
        "current_player": s.cur if s.phase != OVER else None,
        "advisor": s.advisor,
        "placed": {"own": s.n_own, "middle": s.n_mid, "favor": s.n_fav},
        "picker": s.picker if s.picker >= 0 else None,
        "first_player": s.first,
        "primary": {OFFICES[o]: s.primary[o] for o in s.params.offices},
        "cards": {
            "unused": _codes(unused),
            "box": _codes(box),
            "deck": _codes(s.deck),
            "held": _one(s.held),
            "middle": _codes(s.middle),
            "favor": _codes(s.favor),
            "revealed": _one(s.revealed),
            "discard_up": _codes(s.up),
            "hands": [_codes(h) for h in s.hands],
        },
        "batches": [
            {"owner": owner, "seen_by": _mask(seen, n), "cards": _codes(in_batch[b])}
            for b, (owner, seen) in enumerate(s.batches)
        ],
        "public_arrival": {CARD_CODE[c]: a for c, a in enumerate(s.arrive) if a >= 0},
        "favor_placer": {CARD_CODE[c]: p for c, p in enumerate(s.placer) if p >= 0},
        "favor_placed": list(s.favor_placed),
        "gold_spent": list(s.spent),
        "gold_won": list(s.won),
        "gold_limits": [
            {"seat": q, "min": lo, "max": hi, "batch_from": b, "spent": sp, "won": w}
            for q, lo, hi, b, sp, w in s.limits
        ],
        "auction": {
            "high_bid": s.high,
            "high_bidder": s.high_bidder if s.high_bidder >= 0 else None,
            "out": _mask(s.out, n),
            "excluded": _mask(s.excluded, n),
            "due": s.due,
            "paid": s.paid,
            "batch": s.batch if s.batch >= 0 else None,
            "king_changes_left": s.king_left,
            "king_first_office": OFFICES[s.king_first] if s.king_first >= 0 else None,
        },
    }


def _card(code: Any, what: str) -> int:
    if not isinstance(code, str) or code not in CODE_TO_CARD:
        raise InvalidStateError(f"{what}: unknown card code {code!r}")
    return CODE_TO_CARD[code]


def _cards(codes: Any, what: str) -> list[int]:
    return F.each(codes, what, _card)


def _optional_card(code: Any, what: str) -> int:
    return -1 if code is None else _card(code, what)


def _bits(seats: Any, what: str, n: int) -> int:
    mask = 0
    for i, p in enumerate(F.listing(seats, what)):
        bit = 1 << F.seat(p, f"{what}[{i}]", n)
        if mask & bit:
            raise InvalidStateError(f"{what} lists seat {p} twice")
        mask |= bit
    return mask


def _mapping(value: Any, what: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise InvalidStateError(f"{what} must be a JSON object")
    return value


def load_body(s: FtkState, data: Mapping[str, Any]) -> None:
    """Fill the blank state ``s`` from the body of its JSON form."""
    n = s.num_players
    s.phase = PHASE_NAMES.index(F.choice(F.field(data, "phase"), "phase", PHASE_NAMES))
    current = F.field(data, "current_player")
    if s.phase == OVER:
        if current is not None:
            raise InvalidStateError("current_player must be null once the game is over")
        s.cur = -1
    else:
        s.cur = F.seat(current, "current_player", n)
    s.advisor = F.seat(F.field(data, "advisor"), "advisor", n)
    placed = _mapping(F.field(data, "placed"), "placed")
    s.n_own = F.integer(F.field(placed, "own", "placed"), "placed.own", 0, 1)
    s.n_mid = F.integer(F.field(placed, "middle", "placed"), "placed.middle", 0, n - 1)
    s.n_fav = F.integer(F.field(placed, "favor", "placed"), "placed.favor", 0, 1)
    s.picker = F.seat(F.field(data, "picker"), "picker", n, none=-1)
    s.first = F.seat(F.field(data, "first_player"), "first_player", n)
    primary = _mapping(F.field(data, "primary"), "primary")
    if set(primary) != {OFFICES[o] for o in s.params.offices}:
        raise InvalidStateError(
            f"primary must give exactly the offices in play: "
            f"{', '.join(OFFICES[o] for o in s.params.offices)}"
        )
    values = list(s.primary)
    for name, value in primary.items():
        values[OFFICES.index(name)] = F.integer(value, f"primary.{name}", DUTY_MIN, DUTY_MAX)
    s.primary = tuple(values)

    cards = _mapping(F.field(data, "cards"), "cards")
    s.loc = [-1] * NUM_CARDS

    def put(card_list: list[int], where: int) -> None:
        for c in card_list:
            if s.loc[c] != -1:
                raise InvalidStateError(f"cards: {CARD_CODE[c]} appears twice")
            s.loc[c] = where

    def listed(name: str) -> list[int]:
        return _cards(F.field(cards, name, "cards"), f"cards.{name}")

    put(listed("unused"), UNUSED)
    put(listed("box"), BOX)
    s.deck = listed("deck")
    put(s.deck, DECK)
    s.middle = listed("middle")
    put(s.middle, MIDDLE)
    s.favor = listed("favor")
    put(s.favor, FAVOR)
    up = listed("discard_up")
    put(up, UP)
    s.up = tuple(up)
    s.held = _optional_card(F.field(cards, "held", "cards"), "cards.held")
    if s.held >= 0:
        put([s.held], HELD)
    s.revealed = _optional_card(F.field(cards, "revealed", "cards"), "cards.revealed")
    if s.revealed >= 0:
        put([s.revealed], REVEALED)
    hands = F.per_seat(F.field(cards, "hands", "cards"), "cards.hands", n)
    for p, hand in enumerate(hands):
        s.set_hand(p, sorted(_cards(hand, f"cards.hands[{p}]")))
        put(s.hands[p], HAND_BASE + p)
    for b, batch in enumerate(F.listing(F.field(data, "batches"), "batches")):
        what = f"batches[{b}]"
        owner = F.seat(F.field(batch, "owner", what), f"{what}.owner", n)
        s.add_batch(owner, _bits(F.field(batch, "seen_by", what), f"{what}.seen_by", n))
        put(_cards(F.field(batch, "cards", what), f"{what}.cards"), BATCH_BASE + b)
    missing = [CARD_CODE[c] for c in range(NUM_CARDS) if s.loc[c] == -1]
    if missing:
        raise InvalidStateError(f"cards missing from the state: {', '.join(missing)}")
    arrival = _mapping(F.field(data, "public_arrival"), "public_arrival")
    for code, value in arrival.items():
        what = f"public_arrival.{code}"
        s.arrive[_card(code, what)] = F.integer(value, what, 0, len(s.batches))
    placer = _mapping(F.field(data, "favor_placer"), "favor_placer")
    for code, seat in placer.items():
        what = f"favor_placer.{code}"
        s.placer[_card(code, what)] = F.seat(seat, what, n)

    def per_seat(name: str) -> tuple[int, ...]:
        values = F.per_seat(F.field(data, name), name, n)
        return tuple(F.integer(v, f"{name}[{p}]", 0) for p, v in enumerate(values))

    s.favor_placed = per_seat("favor_placed")
    s.spent = per_seat("gold_spent")
    s.won = per_seat("gold_won")

    limits: list[GoldLimit] = []
    for i, item in enumerate(F.listing(F.field(data, "gold_limits"), "gold_limits")):
        what = f"gold_limits[{i}]"

        def number(key: str, what: str = what, item: Any = item) -> int:
            return F.integer(F.field(item, key, what), f"{what}.{key}", 0)

        seat = F.seat(F.field(item, "seat", what), f"{what}.seat", n)
        limits.append(
            (
                seat,
                number("min"),
                number("max"),
                number("batch_from"),
                number("spent"),
                number("won"),
            )
        )
    s.limits = tuple(limits)
    auction = _mapping(F.field(data, "auction"), "auction")

    def count(key: str, high: int | None = None) -> int:
        return F.integer(F.field(auction, key, "auction"), f"auction.{key}", 0, high)

    s.high = count("high_bid", MAX_BID)
    s.high_bidder = F.seat(F.field(auction, "high_bidder", "auction"), "auction.high_bidder", n, -1)
    s.out = _bits(F.field(auction, "out", "auction"), "auction.out", n)
    s.excluded = _bits(F.field(auction, "excluded", "auction"), "auction.excluded", n)
    s.due = count("due", MAX_BID)
    s.paid = count("paid")
    batch = F.field(auction, "batch", "auction")
    s.batch = -1 if batch is None else F.integer(batch, "auction.batch", 0, len(s.batches) - 1)
    s.king_left = count("king_changes_left", 2)
    first_office = F.field(auction, "king_first_office", "auction")
    s.king_first = (
        -1
        if first_office is None
        else OFFICES.index(F.choice(first_office, "auction.king_first_office", OFFICES))
    )
