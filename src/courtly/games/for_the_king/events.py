"""Every event For the King (and me) emits: its kind, its data and its English text.

Data holds seats as 0-based indices, cards as their codes (``"gold2-05"``), offices by id;
the text is formed here from kind and data, never in the rules (docs/games/for_the_king.md
lists the kinds with their audiences).
"""

from __future__ import annotations

from typing import Any

from courtly.core.events import EventKinds, seat_text
from courtly.games.for_the_king.data import CODE_TO_CARD, card_name


def _card(code: Any) -> str:
    return card_name(CODE_TO_CARD[code])


def _seats(seats: Any) -> str:
    return ", ".join(seat_text(p) for p in seats) if seats else "nobody"


def _holder(seat: Any) -> str:
    return "nobody" if seat is None else seat_text(seat)


def _area(area: Any) -> str:
    return "their personal deck" if area == "own" else "the Favor deck"


def _change(change: Any) -> str:
    return "raises" if change > 0 else "lowers"


def _points(points: Any) -> str:
    return ", ".join(f"{seat_text(p)} {v}" for p, v in enumerate(points))


def _secondary(seat: Any) -> str:
    return "" if seat is None else f" (Secondary: {seat_text(seat)})"


EVENTS = EventKinds(
    {
        "draw": "{seat} drew {card}",
        "place-middle": "{seat} placed {card} face up in the middle",
        "place-face-down": "{seat} placed a card face down on {area}",
        "take": "{seat} took {card} from the middle",
        "king-gained": "{seat} gained {card} and applies it at once",
        "gain-esteem": "the Favor deck is shuffled: the Gain Esteem phase begins with {first_seat}",
        "reveal": "{seat} revealed {card}",
        "bid": "{seat} bids {amount}",
        "pass": "{seat} passes",
        "unwanted": "nobody bid: {card} is discarded",
        "win": "{seat} wins {card} for {amount}",
        "penalty": (
            "{seat} cannot pay: {drawn_by_seat} discards a random card of theirs face down, "
            "and the others bid again"
        ),
        "penalty-card": "the card drawn from {seat}'s hand was {card}",
        "pay": "{seat} pays with a {card}",
        "discard": "{seat} discards a card face down",
        "discard-card": "{seat} discarded {card}",
        "king": "{seat} {change} {office} to {value}",
        "duty": "{office} {value}: {primary_seat}{secondary_seat}",
        "end": "Points: {points}. Winner: {winners}",
    },
    {
        "card": _card,
        "area": _area,
        "change": _change,
        "winners": _seats,
        "points": _points,
        "primary_seat": _holder,
        "secondary_seat": _secondary,
    },
)
