"""Terminal rendering of a Kingdoms observation (``courtly play kingdoms``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

SUIT_STYLE = {"S": "bold white", "H": "bold red", "C": "bold green", "D": "bold yellow"}
SYMBOL = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}


def card_text(name: str | None) -> Text:
    if name is None:
        return Text("·", style="dim")
    if name.startswith("X"):
        return Text("🃏" + name[1:], style="bold magenta")
    if name == "~":
        return Text("▒▒", style="dim")
    army = name.startswith("~")
    core = name[1:] if army else name
    suit = core[-1]
    text = Text(core[:-1] + SYMBOL.get(suit, suit), style=SUIT_STYLE.get(suit, ""))
    if army:
        text = Text("[") + text + Text("]")
    return text


def cards_text(names: list[str]) -> Text:
    out = Text()
    for i, name in enumerate(names):
        if i:
            out.append(" ")
        out.append_text(card_text(name))
    return out or Text("—", style="dim")


def _seat_panel(obs: Mapping[str, Any], q: int) -> Panel:
    seat = obs["players"][q]
    table = Table.grid(padding=(0, 1))
    table.add_column(style="bold")
    table.add_column()
    for key in ("king", "queen", "jack"):
        member = seat["court"][key]
        row = cards_text(seat["rows"][key])
        table.add_row(key.capitalize(), card_text(member) + Text("  ") + row)
    army = seat["army"]
    table.add_row("Army", cards_text(army) if isinstance(army, list) else Text(f"{army} face down"))
    table.add_row("Jester", card_text(seat["jester"]))
    table.add_row("Treaty", card_text(seat["treaty"]))
    if seat["limbo"]:
        table.add_row("Re-placing", cards_text(seat["limbo"]))
    hand = seat["hand"]
    table.add_row("Hand", cards_text(hand) if isinstance(hand, list) else Text(f"{hand} cards"))
    if seat.get("hand_seen_by_opponent"):
        table.add_row("Hand seen", cards_text(seat["hand_seen_by_opponent"]))
    table.add_row("Peasants", cards_text(seat["peasant"][-5:]))
    table.add_row(
        "Glory", cards_text(seat["glory"]) + Text(f"  = {seat['glory_total']}", style="bold")
    )
    you = " (you)" if obs.get("you") == q else ""
    turn = " ◀ turn" if obs["turn"] == q else ""
    return Panel(table, title=f"Seat {q}{you}{turn}")


def render(obs: Mapping[str, Any]) -> Any:
    you = obs.get("you")
    order = [1 - you, you] if you in (0, 1) else [1, 0]
    header = Text(
        f"Kingdoms — turn {obs['turns_played'] + 1}/{obs['turn_limit']}, "
        f"phase {obs['phase']}, deciding: {obs['decision']['name']} (seat {obs['to_act']})"
    )
    table = Table.grid(padding=(0, 1))
    pending = obs["decision"]
    if "a" in pending:
        detail = ", ".join(str(pending[k]) for k in ("a", "b") if pending[k] not in (0, None))
        table.add_row(Text("Pending", style="bold"), Text(f"{pending['name']} {detail}".strip()))
    table.add_row(Text("Draw pile", style="bold"), Text(f"{obs['deck']} cards"))
    if "deck_top" in obs:
        table.add_row(Text("Top (Divine)", style="bold"), card_text(obs["deck_top"]))
    table.add_row(Text("Discard", style="bold"), cards_text(obs["discard"][-6:]))
    if obs["aside"]:
        table.add_row(Text("Face up", style="bold"), cards_text(obs["aside"]))
    return Group(header, _seat_panel(obs, order[0]), table, _seat_panel(obs, order[1]))
