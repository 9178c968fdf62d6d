"""Terminal views of an observation (``courtly play tudor``): ``render`` draws the table in 80
columns and about 24 lines, ``explain`` is the ``?`` help (the decision's rules, what its
actions do, and a legend of the symbols)."""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from courtly.games.tudor.data import (
    CHAMBER_ACTIONS,
    CHAMBER_NAMES,
    LETTERS,
    OFFICE_NAMES,
    SCENARIO_CARDS,
    SCORING_CARDS,
    WIVES,
)

STYLE = {
    "blue": "bold blue",
    "green": "bold green",
    "red": "bold red",
    "yellow": "bold yellow",
    "brown": "bold dark_orange3",
    "grey": "bold grey62",
    "purple": "bold magenta",
}
SEAT_STYLE = (
    "bold white on red",
    "bold black on yellow",
    "bold white on blue",
    "bold black on green",
)
ABBREV = {
    "blue": "BL",
    "green": "GN",
    "red": "RD",
    "yellow": "YE",
    "brown": "BN",
    "grey": "GY",
    "purple": "PU",
}
FINGER_ABBREV = {"thumb": "T", "index": "I", "middle": "M", "ring": "R", "little": "L"}
MARKER_GLYPH = {"influence": "◆", "intrigue": "✦", "opportunity": "✱", None: " "}
MOVE_KINDS = ("A", "C", "E", "G", "Move Courtier", "Only The Strong", "Climbing jump")

LEGEND = (
    "Symbols: P1-P4 seats (a Courtier standing there, an Office holder); BL GN RD YE BN GY PU"
    " the factions (blue green red yellow brown grey purple) of Court Tokens, Cards and Rings;"
    " -- a space without a Court Token; ◆ Influence, ✦ Intrigue, ✱ Opportunity Token on a"
    " space; * a figure behind its chair (activated); Rings are finger:colour (T I M R L ="
    " thumb index middle ring little); a screen shows cards/Court Tokens/round tokens held."
    " Throne Room columns (Offices): "
    + ", ".join(f"{i + 1} {name}" for i, name in enumerate(OFFICE_NAMES))
    + "."
)

# The rules of each decision (phase id) and what its actions do, for ``explain``.
HELP: dict[str, tuple[str, ...]] = {
    "draft": (
        "Setup: draft two starting Privilege Rings in snake order (start player last).",
        "draft: take a Ring of that colour from the Ring Stand.",
    ),
    "place_ring": (
        "Put the Ring you gained on a free finger (all five full: any finger).",
        "finger: that finger. rearrange: take all your Rings off and place them again.",
    ),
    "victim_rings": (
        "You lost or may rearrange Rings.",
        "keep_rings: leave them as they are. rearrange: take them all off and place them again.",
    ),
    "assign": (
        "Phase 1, Chamber Assignment: place your Courtiers one at a time on the benches.",
        "bench: a Courtier to that chamber's bench. forgo: place none. recall: with none in",
        "supply, take one back from the Throne Room first (Special Cases).",
    ),
    "lord": (
        "Phase 3, Lord Placement: your Lord may join an Audience Chamber (two Lords at most).",
        "lord: into that chamber. no_lord: keep it out this Round.",
    ),
    "turn": (
        "Phase 4: activate one figure. A Courtier does one of its chamber's two Actions, a Lord",
        "both; either may take G or H instead. With no figure left: one G or H, or end the turn.",
        "activate_courtier / activate_lord: choose the figure. action: do that Action.",
        "done_figure: stop this figure. end_turn: pass to the next player.",
        "Bonus (any time): bonus_move spends 2 Court Tokens to move a Courtier once a Round;",
        "give returns 2 cards for 1 of your choice; scenario: the Scenario Card's action.",
    ),
    "select": (
        "A movement: choose which Courtier moves (or place a new one from your supply).",
        "select: that Courtier. new_courtier: a new one onto an open bottom space. recall:",
        "with none in supply, remove one from the Throne Room to place it again.",
    ),
    "destination": (
        "Choose where the Courtier goes; every Court Token on a space entered is taken, the",
        "Influence/Intrigue Token of the end space only. to: that space. stop: end here.",
    ),
    "step": (
        "C/E: move straight up, discarding the card of each space's token (an empty space: any).",
        "advance: one space up. skip: discard any card to pass the Courtier above. stop: end.",
    ),
    "pay": ("Pay the card owed for a space: pay: discard a Court Card of that colour.",),
    "take": ("take: a Court Card of that colour from the supply.",),
    "stand_ring": (
        "A new Office (or Action B): take a Ring from the Ring Stand.",
        "stand_ring: that colour.",
    ),
    "hand_ring": (
        "Choose a Ring from a hand (the disgraced Office holder's, your own to exchange, or",
        "the other player's in a Ring swap). hand_ring: the Ring on that finger.",
    ),
    "give": ("Exchange 2 for 1: give: return a second card of that colour.",),
    "spend": ("Move Courtier bonus: spend: pay one Court Token of that colour (two in all).",),
    "immediate": (
        "You just received an Influence/Intrigue Token: use it now or keep it.",
        "keep_token: behind your screen. scenario: the card's Immediate action.",
        "ambassador: Diplomatic Service, discard it to send a Courtier abroad.",
    ),
    "swap_first": ("Persistent Courtiers: select the first Court Token to swap.",),
    "swap_second": ("Persistent Courtiers: to: the Court Token (another type) to swap it with.",),
    "chair": ("chair: your Courtier on that chair of that chamber.",),
    "bench_move": ("Persistent Courtiers: bench: the bench your Courtier goes back to.",),
    "return_card": ("Enhanced F: give: return one card of that colour to the supply.",),
    "switch": ("Rise And Fall: chair: the adjacent Courtier to trade chairs with.",),
    "seat": ("Exploiting Connections: seat: the player to exchange a Ring with.",),
    "office_action": (
        "Exploiting Connections: one free Chamber Action A-F for your new Office.",
        "action: that Action. decline: none.",
    ),
    "banish": ("Only The Strong: select: the other player's Courtier to banish.",),
    "second_exchange": (
        "Enhanced B: you may exchange a second Ring. hand_ring: return that Ring; decline: no.",
    ),
    "over": ("The game is over: the screens are lifted and the Prestige is final.",),
}


def _seat(p: int | None) -> Text:
    if p is None:
        return Text("·", style="dim")
    return Text(f"P{p + 1}", style=SEAT_STYLE[p % 4])


def _faction(name: str | None, text: str | None = None) -> Text:
    if name is None:
        return Text(text or "--", style="dim")
    return Text(text or ABBREV[name], style=STYLE[name])


def _counts(counts: Mapping[str, int], zeros: bool = False) -> Text:
    text = Text()
    for name, k in counts.items():
        if k or zeros:
            text.append_text(_faction(name, f"{ABBREV[name]}{k}"))
            text.append(" ")
    return text or Text("-")


def _header(obs: Mapping[str, Any]) -> Text:
    cards = obs["cards_in_play"]
    rnd = obs["round"]
    first = len(WIVES) - obs["rounds"]
    wife = WIVES[first + rnd - 1] if rnd >= 1 else "setting up"
    who = obs["to_act"]
    text = Text(f"Tudor  Round {rnd}/{obs['rounds']} ({wife})  ", style="bold")
    text.append("game over" if who is None else f"P{who + 1} decides: {obs['phase']}")
    text.append(f"  bag {obs['bag_count']}\n")
    named = [
        f"{SCORING_CARDS[c].colour.title()} {c} {SCORING_CARDS[c].name}" for c in cards["scoring"]
    ]
    scenario = SCENARIO_CARDS[cards["scenario"]]
    named.append(f"Blue {scenario.number} {scenario.name}")
    text.append(", ".join(named), style="dim")
    return text


def _throne_room(obs: Mapping[str, Any]) -> Text:
    columns = obs["throne_room"]
    tallest = max(len(c["tokens"]) for c in columns)
    text = Text("row ")
    text.append("".join(f"  {i + 1}   " for i in range(len(columns))).rstrip(), style="bold")
    text.append("\nOff ")
    for c in columns:
        text.append("  ")
        text.append_text(_seat(c["office"]) if c["office"] is not None else Text("· ", "dim"))
        text.append("  ")
    for row in range(tallest, 0, -1):
        text.append(f"\n{row:>3} ")
        for c in columns:
            if row > len(c["tokens"]):
                text.append("      ")
                continue
            text.append_text(_faction(c["tokens"][row - 1]))
            text.append(MARKER_GLYPH[c["markers"][row - 1]])
            courtier = c["courtiers"][row - 1]
            text.append_text(_seat(courtier) if courtier is not None else Text("  "))
            text.append(" ")
    return text


def _supplies(obs: Mapping[str, Any]) -> Text:
    text = Text("Card supply\n", style="bold")
    text.append_text(_counts(obs["court_card_supply"], zeros=True))
    text.append("\nRing Stand\n", style="bold")
    text.append_text(_counts(obs["ring_stand"]))
    out = obs["removed_tokens"]
    if any(out.values()):
        text.append("\nTokens out of the game\n", style="bold")
        text.append_text(_counts(out))
    return text


def _chambers(obs: Mapping[str, Any]) -> Table:
    table = Table.grid(padding=(0, 1))
    for head in ("chamber", "chairs, top first (* acted)", "bench", "Lords"):
        table.add_column(head, overflow="fold")
    table.add_row(
        *(Text(h, style="bold") for h in ("Chamber", "Chairs (* acted)", "Bench", "Lords"))
    )
    for ch in range(3):
        letters = "/".join(LETTERS[x] for x in CHAMBER_ACTIONS[ch])
        chairs = Text()
        for seat, behind in zip(obs["chairs"][ch], obs["behind_chairs"][ch], strict=True):
            chairs.append_text(_seat(seat))
            chairs.append("* " if behind and seat is not None else "  ")
        bench = Text(" ").join(_seat(p) for p in obs["benches"][ch]) or Text("-")
        lords = Text()
        for p, player in enumerate(obs["players"]):
            if player["lord"] == CHAMBER_NAMES[ch]:
                lords.append_text(_seat(p))
                lords.append("* " if player["lord_acted"] else "  ")
        table.add_row(f"{CHAMBER_NAMES[ch]:<3} {letters}", chairs, bench, lords or Text("-"))
    return table


def _players(obs: Mapping[str, Any]) -> Table:
    table = Table.grid(padding=(0, 1))
    for _ in range(7):
        table.add_column(overflow="fold")
    heads = ("Seat", "Pts", "Rings", "Screen", "Spent", "Supply", "Abroad")
    table.add_row(*(Text(h, style="bold") for h in heads))
    for p, player in enumerate(obs["players"]):
        rings = Text()
        for r in player["rings"]:
            rings.append(f"{FINGER_ABBREV[r['finger']]}:")
            rings.append_text(_faction(r["ring"]))
            rings.append(" ")
        screen = obs["screens"][p]
        label = _seat(p)
        if obs["start_player"] == p:
            label.append(" start")
        spent = _counts(player["spent_tokens"])
        table.add_row(
            label,
            str(player["prestige"]),
            rings or Text("-"),
            f"{screen['cards']}/{screen['court_tokens']}/{screen['influence_intrigue']}",
            spent,
            str(player["courtiers_in_supply"]),
            str(player["ambassadors"]),
        )
    return table


def _own(obs: Mapping[str, Any]) -> Text:
    mine = obs.get("behind_screen")
    if not mine:
        return Text("(spectator)", style="dim")
    text = Text("Your screen: cards ")
    text.append_text(_counts(mine["cards"]))
    text.append("| tokens ")
    text.append_text(_counts(mine["court_tokens"]))
    text.append(f"| Influence {mine['influence']} Intrigue {mine['intrigue']}")
    if mine["opportunity"]:
        text.append(f" Opportunity {mine['opportunity']}")
    return text


def _decision(obs: Mapping[str, Any]) -> Text:
    d = obs["decision"]
    text = Text(f"Now: {obs['phase']}", style="bold")
    if obs["phase"] in ("select", "destination", "step", "pay"):
        move = d["movement"]
        text.append(f"  ({MOVE_KINDS[move[0]]}: {move[2]} moves left, {move[3]} made)")
    if d["pending_rings"]:
        text.append(f"  Rings to place: {', '.join(d['pending_rings'])}")
    text.append("   (? explains)", style="dim")
    return text


def render(observation: Mapping[str, Any]) -> Group:
    obs = observation
    top = Table.grid(padding=(0, 2))
    top.add_column(no_wrap=True)
    top.add_column(overflow="fold")
    top.add_row(_throne_room(obs), _supplies(obs))
    return Group(_header(obs), top, _chambers(obs), _players(obs), _own(obs), _decision(obs))


def explain(observation: Mapping[str, Any]) -> str:
    """The ``?`` help: what the current decision is, what its actions do, the symbols."""
    phase = str(observation["phase"])
    rules = " ".join(HELP.get(phase, (f"Decision: {phase}.",)))
    return textwrap.fill(rules, 78) + "\n\n" + textwrap.fill(LEGEND, 78)
