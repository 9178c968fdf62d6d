"""Every event Courtisans emits: its kind, its data (seats as 0-based indices, cards as ids
0..89, rows and places as the action words) and its English sentence, made from the data here
and nowhere else. docs/games/courtisans.md lists them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from courtly.core.events import EventKinds, seat_text
from courtly.games.courtisans.data import FAMILIES, STATUS_NAMES, card_name


def _card(card: Any) -> str:
    return f"{card_name(int(card))} #{card}"


def _cards(cards: Sequence[Any]) -> str:
    return ", ".join(_card(c) for c in cards)


def _row(row: Any) -> str:
    """Where an assassin's target lay: a row of the Queen's table or "domain" (the domain where
    the assassin was just placed)."""
    return "in that domain" if row == "domain" else f"{row} the Queen's table"


def _statuses(statuses: Sequence[Any]) -> str:
    return "; ".join(f"{FAMILIES[f]} {STATUS_NAMES[s]}" for f, s in enumerate(statuses))


def _seats(seats: Sequence[Any]) -> str:
    return ", ".join(seat_text(s) for s in seats)


def _scores(scores: Sequence[Any]) -> str:
    return ", ".join(f"{seat_text(p)}: {s:g}" for p, s in enumerate(scores))


EVENTS = EventKinds(
    {
        "play-table": "{seat} plays {card} {row}",
        "play-domain": "{seat} plays {card} in {owner_seat}'s domain",
        "play-spy-table": "{seat} plays a spy face down {row} (in the Queen's column)",
        "play-spy-domain": "{seat} plays a spy face down in {owner_seat}'s domain",
        "spy-identity": "your face-down spy is the {card}",
        "eliminate": "{seat} eliminates {card} (#{position} {row})",
        "eliminate-spy": "{seat} eliminates a face-down spy (#{position} {row})",
        "spare": "{seat} uses no kill",
        "draw": "{seat} draws {count} cards",
        "draw-secret": "you draw {cards}",
        "turn": "{seat} to play",
        "reveal": "the spies are revealed: {cards}",
        "status": "family status: {status}",
        "game-over": "final scores {scores}; winner(s): {winners}",
    },
    {
        "card": _card,
        "cards": _cards,
        "row": _row,
        "status": _statuses,
        "winners": _seats,
        "scores": _scores,
    },
)
