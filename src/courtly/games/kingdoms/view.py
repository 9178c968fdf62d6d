"""The terminal: a Kingdoms observation drawn with rich (``courtly play kingdoms``), and the
``?`` help for the decision at hand. Seats read from 1, as people count them.

The two kingdoms stand side by side so a whole position fits an 80 x 24 terminal.
"""

from __future__ import annotations

import textwrap
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
        return Text("Jk" + name[1:], style="bold magenta")
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
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    for key in ("king", "queen", "jack"):
        member = seat["court"][key]
        table.add_row(
            key.capitalize(), card_text(member) + Text(" ") + cards_text(seat["rows"][key])
        )
    army = seat["army"]
    table.add_row("Army", cards_text(army) if isinstance(army, list) else Text(f"{army} face down"))
    table.add_row(
        "Jester", card_text(seat["jester"]) + Text("  Treaty ") + card_text(seat["treaty"])
    )
    if seat["limbo"]:
        table.add_row("Placing", cards_text(seat["limbo"]))
    hand = seat["hand"]
    table.add_row("Hand", cards_text(hand) if isinstance(hand, list) else Text(f"{hand} cards"))
    if seat.get("hand_seen_by_opponent"):
        table.add_row("Seen", cards_text(seat["hand_seen_by_opponent"]))
    table.add_row("Peasant", cards_text(seat["peasant"][-5:]))
    table.add_row(
        "Glory", cards_text(seat["glory"]) + Text(f" = {seat['glory_total']}", style="bold")
    )
    you = " (you)" if obs.get("viewer") == q else ""
    turn = " ◀ turn" if obs["turn"] == q and obs.get("end") is None else ""
    return Panel(table, title=f"Seat {q + 1}{you}{turn}", padding=(0, 1))


def end_text(end: Mapping[str, Any]) -> str:
    if end["reason"] == "ten_glory_cards":
        return f"Game over: seat {end['seat'] + 1} reached ten Glory cards"
    return "Game over: the turn limit was reached"


def _header(obs: Mapping[str, Any]) -> Text:
    if obs.get("end") is not None:
        scores = obs["scores"]
        return Text(
            f"Kingdoms — {end_text(obs['end'])} after {obs['turns_played']} turns. "
            f"Glory: seat 1 {scores[0]:g}, seat 2 {scores[1]:g}",
            style="bold",
        )
    decision = obs["decision"]["name"]
    return Text(
        f"Kingdoms — turn {obs['turns_played'] + 1}/{obs['turn_limit']}, "
        f"{obs['phase']} phase; seat {obs['to_act'] + 1} decides: {decision}"
    )


def render(obs: Mapping[str, Any]) -> Any:
    viewer = obs.get("viewer")
    order = [1 - viewer, viewer] if viewer in (0, 1) else [0, 1]
    kingdoms = Table.grid(expand=True)
    kingdoms.add_column(ratio=1)
    kingdoms.add_column(ratio=1)
    kingdoms.add_row(_seat_panel(obs, order[0]), _seat_panel(obs, order[1]))
    table = Table.grid(padding=(0, 1))
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    pending = obs["decision"]
    if "a" in pending:
        detail = ", ".join(str(pending[k]) for k in ("a", "b") if pending[k] not in (0, None))
        table.add_row("Pending", Text(f"{pending['name']} {detail}".strip()))
    deck = Text(f"{obs['deck']} cards")
    if "deck_top" in obs:
        deck += Text("; top (Divine): ") + card_text(obs["deck_top"])
    table.add_row("Draw pile", deck)
    table.add_row("Discard", cards_text(obs["discard"][-8:]))
    if obs["aside"]:
        table.add_row("Face up", cards_text(obs["aside"]))
    return Group(_header(obs), kingdoms, table)


PHASE_HELP = {
    "duel": "Opening duel (C3.2): each plays a Subject face down; the higher goes first. "
    "The winner's card is discarded, the loser's returns to hand; a tie repeats.\n"
    "  duel CARD: play that Number card face down.",
    "draw": "Draw Phase (C2.2): draw two cards (three with Abundance), each from the Draw pile "
    "or the top of a Peasant pile whose suit your court holds (Divine: also the Discard).\n"
    "  draw: take the next card from that pile.",
    "action": "Action Phase (C5-C10): as many actions as their limits allow, then done.\n"
    "  scandal/revolt/treason: against an opponent with unbacked Royal cards (once).\n"
    "  ascend CARD: no Consort: discard a Number card for its suit's effect (once).\n"
    "  power CARD / declare: the Chamberlain's Glory Power or a Declaration.\n"
    "  ace CARD: assassinate a court member of the Ace's suit, or a Jester (once).\n"
    "  treaty/break CARD: a Treaty on the opponent's Jester space, or break yours.\n"
    "  polity: with fewer Glory cards, contest the Draw pile's top card (once).\n"
    "  battle CARD: reveal an Army card to attack a Subject (once).\n"
    "  regnant CARD: outcast a Subject of your Regnant's suit for its ability (once).\n"
    "  prestige: a Prestigious Court takes a Peasant pile's top card into Glory (once).\n"
    "  done: go on to the Inauguration Phase.",
    "inauguration": "Inauguration Phase (C4.4): you may crown one Royal card into an empty "
    "slot; with an empty court you must.\n"
    "  crown CARD: place it; skip: crown nobody.",
    "population": "Population Phase (C4.6): place Subjects beside court members with room, or "
    "face down as Army cards beside the Regnant; if there is space, place at least one.\n"
    "  row SLOT / army: choose where, then the card.  flip CARD: turn an Army card face up.\n"
    "  rearrange: lift the whole Population and place it again (once).\n"
    "  jester CARD: place a Joker as Court Jester.  done: end the phase.",
    "discard": "Discard Phase (C2.7): you may discard one hand card, then move one Subject into "
    "the opponent's Population or onto your Peasant pile.\n"
    "  discard CARD / move CARD: do it; skip: not this time.",
}
TASK_HELP = {
    "fit": "Re-place your lifted Population card by card (C4.5): beside a court member with "
    "room, as an Army card, or (surplus) onto your Peasant pile.",
    "pop_card": "Choose the Number card from your hand to place there.",
    "forced_row": "The Subject you had to draw must be placed (C4.7): choose its row.",
    "forced_pick": "Choose which Subject of your new hand must be placed (C4.7).",
    "sedition": "Sedition (C6.1): discard a hand card; with none, outcast a Subject or discard "
    "an Army card.",
    "conspiracy": "Conspiracy (C6.2): you may discard one of your Glory cards.",
    "consort_offer": "You may activate your Consort ability (C9.9): consort, or skip.",
    "scandal": "Scandal: choose the opponent's Subject that goes into Glory.",
    "revolt": "Revolt: choose the opponent's Subject to outcast onto their Peasant pile.",
    "treason": "Treason: choose the opponent's Subject to take into your Population.",
    "treason_row": "Treason: choose the row the taken Subject joins.",
    "herald": "Herald: choose the Glory card that comes into your Population.",
    "herald_row": "Herald: choose the row it joins.",
    "champion": "Champion: choose an opponent's Subject of lower value to remove.",
    "treasurer": "Treasurer: give the opponent a card from your hand.",
    "treasurer_subject": "Treasurer: give the opponent one of your Subjects.",
    "may_draw": "Treasurer found nothing to take: you may draw a card.",
    "cultivate": "Cultivate: discard hand cards one by one, then done to draw up to seven.",
    "oracle": "Oracle: choose your Subject that goes into Glory.",
    "pillage": "Pillage: choose the opponent's Glory card to discard.",
    "pledge": "Pledge: choose the opponent's Glory card of lower value to take.",
    "declare_pay": "Declaration: choose the Glory card you pay.",
    "ace_target": "Ace: choose the victim.",
    "polity_lead": "Polity: pass a Number card (value +1 same suit as the Glory card, +1 your "
    "Regnant's suit) or abstain and lose the round.",
    "polity_respond": "Polity: pass back a card of higher value to win the round, or abstain.",
    "battle_target": "Battle: choose the opponent's Subject you attack.",
    "battle_defend": "Battle: defend with one of your Army cards, or skip.",
    "harvest": "Harvest: choose a Subject of equal or lower value to put into Glory.",
    "invention_outcast": "Invention: outcast another Subject of equal or higher value.",
    "invention_take": "Invention: choose the opponent's Subject that goes into your Glory.",
    "invade": "Invade: choose the opponent's Subject of lower value for your Glory.",
    "investment_outcast": "Investment: outcast another Subject.",
    "investment_take": "Investment: choose the Subject that goes into Glory.",
    "reap_outcast": "Reap: outcast a Subject.",
    "reap_take": "Reap: choose a Subject of lower value for your Glory.",
    "honour_outcast": "Honour: outcast a Subject.",
    "honour_take": "Honour: choose the opponent's Subject of lower value for your Glory.",
    "epiphany": "Epiphany: you may place a Subject: choose the row, or skip.",
    "epiphany_card": "Epiphany: choose the Subject to place.",
    "negotiation_subject": "Negotiations: choose the Diamond Subject to swap.",
    "negotiation_glory": "Negotiations: choose the Glory card it swaps with.",
    "endow": "Endow (C10.4): take the Refugee card instead of the opponent, or skip.",
    "move_dest": "Choose where the Subject goes: the opponent's row, or your Peasant pile.",
}


def explain(obs: Mapping[str, Any]) -> str:
    """What the current decision means (the terminal's ``?``)."""
    end = obs.get("end")
    if end is not None:
        return _wrap(
            f"{end_text(end)}. The highest Glory total wins; equal totals share the victory."
        )
    name = obs["decision"]["name"]
    text = TASK_HELP.get(name) or PHASE_HELP.get(name, "")
    goal = "Goal: the game ends when a player holds ten Glory cards; the highest Glory total wins."
    return _wrap(f"{text}\n{goal}" if text else goal)


def _wrap(text: str) -> str:
    """Lines of at most 78 characters; a wrapped choice line keeps its indent."""
    out = []
    for line in text.splitlines():
        indent = " " * (len(line) - len(line.lstrip()) + (4 if line.startswith(" ") else 2))
        out.append(textwrap.fill(line, 78, subsequent_indent=indent))
    return "\n".join(out)
