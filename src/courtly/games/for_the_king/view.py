"""The terminal view of an observation (``courtly play for-the-king``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from courtly.core.events import seat_text
from courtly.games.for_the_king.data import (
    CARD_CATEGORY,
    CARD_OFFICE,
    CODE_TO_CARD,
    COLOURS,
    GOLD,
    KING,
    card_name,
)

_STYLE = {
    "blue": "blue",
    "purple": "magenta",
    "green": "green",
    "pink": "bright_magenta",
    "red": "red",
    "orange": "dark_orange",
}


def _card(code: str) -> Text:
    card = CODE_TO_CARD[code]
    category = CARD_CATEGORY[card]
    if category == GOLD:
        style = "bold yellow"
    elif category == KING:
        style = "bold white"
    else:
        style = _STYLE[COLOURS[CARD_OFFICE[card]]]
    return Text(card_name(card), style=style)


def _cards(codes: Sequence[str]) -> Text:
    if not codes:
        return Text("-", style="dim")
    return Text(", ").join(_card(c) for c in codes)


def _seat(obs: Mapping[str, Any], p: int | None) -> str:
    if p is None:
        return "-"
    return "you" if p == obs.get("viewer") else seat_text(p)


def render(observation: Mapping[str, Any]) -> Any:
    obs = observation
    parts: list[Any] = []
    head = Text(
        f"For the King (and me) - {obs['num_players']} players - phase {obs['phase']}", style="bold"
    )
    current = obs.get("to_act")
    if current is not None:
        head.append(f"   to act: {_seat(obs, current)}", style="bold cyan")
    parts.append(head)

    offices = Table(title="Offices (Duty tiles)", show_edge=False)
    for column in ("office", "Primary", "Secondary"):
        offices.add_column(column)
    for row in obs["offices"]:
        second = "-" if row["secondary"] is None else str(row["secondary"])
        offices.add_row(
            Text(row["office"], style=_STYLE[row["colour"]]), str(row["primary"]), second
        )
    parts.append(offices)

    if obs["phase"] in ("place", "pick", "king-gained"):
        placed = obs.get("placed")
        line = Text(
            f"Advisor: {_seat(obs, obs['advisor'])}; deck {obs['deck_size']} cards; "
            f"Favor deck {obs['favor_size']}"
        )
        if placed:
            line.append(
                f"; placed this turn: own {placed['own']}, middle {placed['middle']}, "
                f"favor {placed['favor']}"
            )
        parts.append(line)
        if obs.get("held"):
            parts.append(Text("You drew: ").append_text(_card(obs["held"])))
        parts.append(Text("Middle: ").append_text(_cards(obs["middle"])))
    gained = obs.get("king_gained")
    if gained:
        text = Text(f"{_seat(obs, gained['seat'])} applies ").append_text(_card(gained["card"]))
        text.append(f" ({gained['king_changes_left']} change(s) left)")
        parts.append(Panel(text))
    auction = obs.get("auction")
    if auction:
        text = Text("Auction for ").append_text(_card(auction["card"]))
        text.append(
            f" - first player {_seat(obs, auction['first_player'])}, high bid "
            f"{auction['high_bid']} by {_seat(obs, auction['high_bidder'])}"
        )
        if auction["out"]:
            text.append(f"; out: {', '.join(_seat(obs, p) for p in auction['out'])}")
        if obs["phase"] in ("pay-gold", "pay-cards"):
            text.append(f"; paying {auction['paid']} of {auction['due']}")
        parts.append(Panel(text))
        parts.append(Text(f"Favor deck: {obs['favor_size']} cards left"))

    players = Table(title="Players", show_edge=False)
    for column in ("seat", "cards", "known cards", "maybe discarded", "Favor placed", "Gold paid"):
        players.add_column(column)
    for row in obs["players"]:
        maybe = [m["card"] for m in row["hand_or_discarded"]]
        players.add_row(
            _seat(obs, row["seat"]),
            str(row["hand_size"]),
            _cards(row["known_cards"]),
            _cards(maybe),
            str(row["favor_cards_placed"]),
            str(row["gold_spent"]),
        )
    parts.append(players)
    if obs.get("hand") is not None:
        parts.append(Text("Your hand: ").append_text(_cards(obs["hand"])))
        if obs["my_favor_cards"]:
            parts.append(
                Text("Your cards still in the Favor deck: ").append_text(
                    _cards(obs["my_favor_cards"])
                )
            )
    if obs["discard_up"]:
        parts.append(Text("Face-up discards: ").append_text(_cards(obs["discard_up"][-8:])))
    if obs["facedown"]:
        sizes = ", ".join(f"{_seat(obs, b['owner'])} {b['size']}" for b in obs["facedown"])
        parts.append(Text(f"Face-down discards: {sizes}", style="dim"))
    result = obs.get("result")
    if result:
        table = Table(title="Result", show_edge=False)
        table.add_column("office")
        table.add_column("Primary")
        table.add_column("Secondary")
        for office, d in result["duties"].items():
            table.add_row(
                office,
                _seat(obs, d["primary"] if d["primary"] >= 0 else None),
                _seat(obs, d["secondary"] if d["secondary"] >= 0 else None),
            )
        parts.append(table)
        points = ", ".join(f"{_seat(obs, p)} {v:g}" for p, v in enumerate(obs["scores"]))
        won = ", ".join(_seat(obs, p) for p in result["winners"])
        parts.append(Text(f"Points: {points}. Winner: {won}", style="bold green"))
    return Group(*parts)


_PHASE_HELP = {
    "place": (
        "Share Influence (P1): you are the Advisor. Each card you draw goes to your personal "
        "deck (one card, face down), the middle (face up, one fewer than the players) or "
        "the Favor deck (one card, face down)."
    ),
    "pick": (
        "Share Influence (P1.4): clockwise from the Advisor's left, each opponent takes one "
        "card from the middle into their hand."
    ),
    "bid": (
        "Gain Esteem (P2.3): bid a higher number than the last bid, or pass (out for this "
        "card). The last one in wins and pays: Gold for a Government or King card, any "
        "cards face down for a Gold card. A winner who cannot pay loses a random card "
        "face down and the others bid again."
    ),
    "pay-gold": (
        "Gain Esteem (P2.6): pay the bid with Gold cards, one at a time, face up; no change "
        "is given."
    ),
    "pay-cards": (
        "Gain Esteem (P2.8): pay for the Gold card with as many cards from your hand as "
        "you bid, one at a time, face down."
    ),
    "king": (
        "Gain Esteem (P2.7): apply the King card you won: each change moves one office's "
        "Primary Duty value by 1 (it stays within 1..6); a two-office card changes two "
        "different offices."
    ),
    "king-gained": (
        "Share Influence, king_cards=apply: the King card just gained is applied at once: "
        "each change moves one office's Primary Duty value by 1 (within 1..6)."
    ),
    "over": (
        "The game is over: each office's Primary Duty goes to the highest sum of its colour "
        "(ties to the letter closest to A), the Secondary to the next."
    ),
}

_ACTION_HELP = (
    ("place", "place: where the drawn card goes (own deck, middle or Favor deck)"),
    ("take", "take: a card of that kind from the middle into your hand"),
    ("bid", "bid N: raise to N (more than you can pay is allowed, at the P2.9 risk)"),
    ("pass", "pass: leave the bidding for this card"),
    ("pay", "pay: one Gold card of that value, face up"),
    ("discard", "discard: one card of that kind, face down"),
    ("king", "king: move that office's Primary Duty value up or down by 1"),
)


def explain(observation: Mapping[str, Any]) -> str:
    """The terminal's ``?``: the current phase's rules and what each kind of action does."""
    phase = str(observation.get("phase"))
    lines = [_PHASE_HELP.get(phase, "")]
    shown = {
        "place": ("place",),
        "pick": ("take",),
        "bid": ("bid", "pass"),
        "pay-gold": ("pay",),
        "pay-cards": ("discard",),
        "king": ("king",),
        "king-gained": ("king",),
    }.get(phase, ())
    lines += [text for kind, text in _ACTION_HELP if kind in shown]
    return "\n".join(line for line in lines if line)
