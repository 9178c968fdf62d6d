"""The state's JSON body (documented in docs/games/for_the_king.md), both ways.

Cards are written by their codes ("diplomacy-A", "king-up2-1", "gold3-07"); seats by
number; offices by name. Lists whose order is hidden (hands, the box) are sorted.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from courtly.core.errors import InvalidStateError
from courtly.core.rng import Rng
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
from courtly.games.for_the_king.data import CARD_CODE, CODE_TO_CARD, GOLD_OF, NUM_CARDS, OFFICES

if TYPE_CHECKING:
    from courtly.core.state import Game
    from courtly.games.for_the_king.state import FtkState


def _codes(cards: list[int]) -> list[str]:
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
        "primary": {OFFICES[o]: s.primary[o] for o in s.offices},
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


def _card(code: Any) -> int:
    if not isinstance(code, str) or code not in CODE_TO_CARD:
        raise InvalidStateError(f"unknown card code {code!r}")
    return CODE_TO_CARD[code]


def _cards(codes: Any) -> list[int]:
    if not isinstance(codes, list):
        raise InvalidStateError(f"a card list must be a JSON list, not {codes!r}")
    return [_card(c) for c in codes]


def _seat(value: Any, n: int, allow_none: bool = False) -> int:
    if value is None and allow_none:
        return -1
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < n:
        raise InvalidStateError(f"{value!r} is not a seat of this {n}-player game")
    return value


def _bits(seats: Any, n: int) -> int:
    if not isinstance(seats, list):
        raise InvalidStateError(f"a list of seats was expected, not {seats!r}")
    mask = 0
    for p in seats:
        mask |= 1 << _seat(p, n)
    return mask


def _int(value: Any, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidStateError(f"{name} must be an integer, not {value!r}")
    return value


def body_from_json(
    game: Game, data: Mapping[str, Any], n: int, options: Mapping[str, Any], rng: Rng
) -> FtkState:
    from courtly.games.for_the_king.state import FtkState

    s = FtkState.blank(game, n, options, rng)
    phase = data["phase"]
    if phase not in PHASE_NAMES:
        raise InvalidStateError(f"unknown phase {phase!r}; phases: {', '.join(PHASE_NAMES)}")
    s.phase = PHASE_NAMES.index(phase)
    s.cur = -1 if s.phase == OVER else _seat(data["current_player"], n)
    s.advisor = _seat(data["advisor"], n)
    placed = data["placed"]
    s.n_own, s.n_mid, s.n_fav = (_int(placed[k], k) for k in ("own", "middle", "favor"))
    s.picker = _seat(data.get("picker"), n, allow_none=True)
    s.first = _seat(data["first_player"], n)
    primary = data["primary"]
    if set(primary) != {OFFICES[o] for o in s.offices}:
        raise InvalidStateError(
            f"primary must give exactly the offices in play: "
            f"{', '.join(OFFICES[o] for o in s.offices)}"
        )
    for name, value in primary.items():
        s.primary[OFFICES.index(name)] = _int(value, f"primary {name}")

    cards = data["cards"]
    s.loc = [-1] * NUM_CARDS

    def put(card_list: list[int], where: int) -> None:
        for c in card_list:
            if s.loc[c] != -1:
                raise InvalidStateError(f"card {CARD_CODE[c]} appears twice")
            s.loc[c] = where

    put(_cards(cards["unused"]), UNUSED)
    put(_cards(cards["box"]), BOX)
    s.deck = _cards(cards["deck"])
    put(s.deck, DECK)
    s.middle = _cards(cards["middle"])
    put(s.middle, MIDDLE)
    s.favor = _cards(cards["favor"])
    put(s.favor, FAVOR)
    s.up = _cards(cards["discard_up"])
    put(s.up, UP)
    s.held = -1 if cards["held"] is None else _card(cards["held"])
    if s.held >= 0:
        put([s.held], HELD)
    s.revealed = -1 if cards["revealed"] is None else _card(cards["revealed"])
    if s.revealed >= 0:
        put([s.revealed], REVEALED)
    hands = cards["hands"]
    if not isinstance(hands, list) or len(hands) != n:
        raise InvalidStateError(f"cards.hands must list {n} hands")
    for p, hand in enumerate(hands):
        s.hands[p] = sorted(_cards(hand))
        put(s.hands[p], HAND_BASE + p)
        s.gold[p] = sum(GOLD_OF[c] for c in s.hands[p])
    for b, batch in enumerate(data["batches"]):
        s.batches.append((_seat(batch["owner"], n), _bits(batch["seen_by"], n)))
        put(_cards(batch["cards"]), BATCH_BASE + b)
    missing = [CARD_CODE[c] for c in range(NUM_CARDS) if s.loc[c] == -1]
    if missing:
        raise InvalidStateError(f"cards missing from the state: {', '.join(missing)}")
    for code, value in data["public_arrival"].items():
        s.arrive[_card(code)] = _int(value, f"public_arrival of {code}")
    for code, seat in data["favor_placer"].items():
        s.placer[_card(code)] = _seat(seat, n)
    named = (("favor_placed", s.favor_placed), ("gold_spent", s.spent), ("gold_won", s.won))
    for name, target in named:
        values = data[name]
        if not isinstance(values, list) or len(values) != n:
            raise InvalidStateError(f"{name} must list {n} integers")
        target[:] = [_int(v, name) for v in values]

    for item in data["gold_limits"]:
        s.limits.append(
            (
                _seat(item["seat"], n),
                _int(item["min"], "min"),
                _int(item["max"], "max"),
                _int(item["batch_from"], "batch_from"),
                _int(item["spent"], "spent"),
                _int(item["won"], "won"),
            )
        )
    auction = data["auction"]
    s.high = _int(auction["high_bid"], "high_bid")
    s.high_bidder = _seat(auction["high_bidder"], n, allow_none=True)
    s.out = _bits(auction["out"], n)
    s.excluded = _bits(auction["excluded"], n)
    s.due = _int(auction["due"], "due")
    s.paid = _int(auction["paid"], "paid")
    s.batch = -1 if auction["batch"] is None else _int(auction["batch"], "batch")
    s.king_left = _int(auction["king_changes_left"], "king_changes_left")
    first_office = auction["king_first_office"]
    s.king_first = -1 if first_office is None else OFFICES.index(first_office)
    return s
