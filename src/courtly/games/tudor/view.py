"""Terminal rendering of an observation (``courtly play tudor``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from courtly.games.tudor.data import (
    CHAMBER_ACTIONS,
    CHAMBER_NAMES,
    FACTIONS,
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


def _seat(p: int | None) -> Text:
    if p is None:
        return Text("·", style="dim")
    return Text(f"P{p + 1}", style=SEAT_STYLE[p % 4])


def _faction(name: str | None, text: str | None = None) -> Text:
    if name is None:
        return Text(text or "--", style="dim")
    return Text(text or ABBREV[name], style=STYLE[name])


def _throne_room(obs: Mapping[str, Any]) -> Table:
    columns = obs["throne_room"]
    tallest = max(len(c["tokens"]) for c in columns)
    table = Table(title="Throne Room", show_lines=True, padding=(0, 1))
    table.add_column("row", justify="right", style="dim")
    for i in range(len(columns)):
        table.add_column(f"{i + 1}\n{OFFICE_NAMES[i]}", justify="center")
    offices = [Text("Office ") + _seat(c["office"]) for c in columns]
    table.add_row("", *offices)
    for row in range(tallest, 0, -1):
        cells: list[Text] = []
        for c in columns:
            if row > len(c["tokens"]):
                cells.append(Text(""))
                continue
            courtier = c["courtiers"][row - 1]
            cell = _faction(c["tokens"][row - 1])
            cell.append(f" {MARKER_GLYPH[c['markers'][row - 1]]} ")
            cell.append_text(_seat(courtier) if courtier is not None else Text("  "))
            cells.append(cell)
        table.add_row(str(row), *cells)
    return table


def _chambers(obs: Mapping[str, Any]) -> Table:
    table = Table(title="Audience Chambers", padding=(0, 1))
    table.add_column("chamber")
    table.add_column("actions")
    table.add_column("bench (door first)")
    table.add_column("chairs (top first; * = behind chair)")
    table.add_column("Lords")
    for ch in range(3):
        letters = " / ".join(LETTERS[x] for x in CHAMBER_ACTIONS[ch])
        bench = Text(" ").join(_seat(p) for p in obs["benches"][ch]) or Text("-")
        chairs = Text(" ")
        for seat, behind in zip(obs["chairs"][ch], obs["behind_chairs"][ch], strict=True):
            chairs.append_text(_seat(seat))
            chairs.append("* " if behind and seat is not None else "  ")
        lords = Text(" ")
        for p, player in enumerate(obs["players"]):
            if player["lord"] == CHAMBER_NAMES[ch]:
                lords.append_text(_seat(p))
                lords.append("* " if player["lord_acted"] else "  ")
        table.add_row(CHAMBER_NAMES[ch], letters, bench, chairs, lords)
    return table


def _spent(spent: Mapping[str, int]) -> Text:
    text = Text()
    for name, k in spent.items():
        if k:
            text.append_text(_faction(name, f"{ABBREV[name]}×{k}"))
            text.append(" ")
    return text or Text("-")


def _decision(obs: Mapping[str, Any]) -> Text:
    d = obs["decision"]
    text = Text(f"Now: {d['mode']}", style="bold")
    if d["mode"] in ("select", "destination", "step", "pay"):
        move = d["movement"]
        kinds = ("A", "C", "E", "G", "Move Courtier", "Strong move", "jump")
        text.append(f"  ({kinds[move[0]]}: {move[2]} moves left, {move[3]} made)")
    if d["pending_rings"]:
        text.append(f"  Rings to place: {', '.join(d['pending_rings'])}")
    return text


def _players(obs: Mapping[str, Any]) -> Table:
    table = Table(
        title="Players (Rings by finger: Thumb Index Middle Ring Little; I/I = round tokens)",
        padding=(0, 1),
    )
    for head in ("seat", "Prestige", "Rings", "cards", "tokens", "I/I", "spent", "supply", "amb."):
        table.add_column(head)
    for p, player in enumerate(obs["players"]):
        rings = Text()
        for r in player["rings"]:
            rings.append(f"{FINGER_ABBREV[r['finger']]}:")
            rings.append_text(_faction(r["ring"]))
            rings.append(" ")
        screen = obs["screens"][p]
        label = _seat(p)
        if obs.get("start_player") == p:
            label.append(" (start)")
        table.add_row(
            label,
            str(player["prestige"]),
            rings,
            str(screen["cards"]),
            str(screen["court_tokens"]),
            str(screen["influence_intrigue"]),
            _spent(player["spent_tokens"]),
            str(player["courtiers_in_supply"]),
            str(player["ambassadors"]),
        )
    return table


def _you(obs: Mapping[str, Any]) -> Text:
    you = obs.get("you")
    if not you:
        return Text("(spectator)", style="dim")
    text = Text("Your hand: ")
    for name in FACTIONS:
        if you["cards"][name]:
            text.append_text(_faction(name, f"{name}×{you['cards'][name]}"))
            text.append(" ")
    text.append("\nBehind your screen: ")
    for name in FACTIONS:
        if you["court_tokens"][name]:
            text.append_text(_faction(name, f"{name}×{you['court_tokens'][name]}"))
            text.append(" ")
    text.append(f"  Influence {you['influence']}  Intrigue {you['intrigue']}")
    if "opportunity" in you:
        text.append(f"  Opportunity {you['opportunity']}")
    return text


def _header(obs: Mapping[str, Any]) -> Text:
    cards = obs["cards_in_play"]
    scoring = ", ".join(
        f"{SCORING_CARDS[c].colour.title()} {c} {SCORING_CARDS[c].name}" for c in cards["scoring"]
    )
    scenario = SCENARIO_CARDS[cards["scenario"]]
    rnd = obs["round"]
    first = len(WIVES) - obs["rounds"]
    wife = WIVES[first + rnd - 1] if rnd >= 1 else "setting up"
    decision = obs["decision"]
    who = decision["player"]
    text = Text(f"Round {rnd}/{obs['rounds']} ({wife})   {scoring}   ")
    text.append(f"Blue {scenario.number} {scenario.name}\n")
    text.append(
        f"Deciding: {'nobody (game over)' if who is None else f'P{who + 1}'}  ({decision['mode']})"
    )
    text.append(f"   bag: {obs['bag_count']} Court Tokens")
    stand = "  Ring Stand: " + " ".join(
        f"{ABBREV[k]}×{v}" for k, v in obs["ring_stand"].items() if v
    )
    supply = "\nCourt Card supply: " + " ".join(
        f"{k}:{v}" for k, v in obs["court_card_supply"].items()
    )
    text.append(stand + supply)
    return text


def render(observation: Mapping[str, Any]) -> Panel:
    obs = observation
    body = Group(
        _header(obs), _throne_room(obs), _chambers(obs), _players(obs), _you(obs), _decision(obs)
    )
    return Panel(body, title="Tudor")
