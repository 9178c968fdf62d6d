"""Terminal rendering of a Courtisans observation (a seat's or a spectator's).

Every card in play carries its public handle (row letter + position, the numbers the
"eliminate" actions use): ``a3`` is the 3rd card above the Queen's table, ``b1`` the 1st below,
``d2`` the 2nd card of a domain. Roles are abbreviated to fit 80 columns (see LEGEND).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from courtly.games.courtisans.data import FAMILIES, QUEEN_COLUMN_AFTER

ROLE_MARK = {"noble": "Nob", "spy": "Spy", "assassin": "Asn", "guard": "Grd", "courtier": "Crt"}
LEGEND = (
    "Nob noble (counts 2), Asn assassin, Grd guard, Crt courtier; ?spy/N a face-down spy played "
    "by seat N, * a face-down card you know; a3 = 3rd card above, b1 = 1st below, d2 = 2nd of a "
    "domain (the eliminate positions)."
)
STATUS_STYLE = {"esteemed": "green", "neutral": "white", "fallen from grace": "red"}
STATUS_SHORT = {"esteemed": "esteemed", "neutral": "neutral", "fallen from grace": "FALLEN"}
QUEEN = "Queen"


def _columns() -> list[str]:
    names = list(FAMILIES)
    names.insert(QUEEN_COLUMN_AFTER + 1, QUEEN)
    return names


def _cell(lines: list[str]) -> Text:
    # Text, not a markup string: card labels must never be read as rich markup.
    return Text("\n".join(lines) or "-")


def _label(card: Mapping[str, Any], handle: str) -> str:
    if "family" not in card:
        return f"{handle} ?spy/{card['played_by']}"
    hidden = "*" if card.get("face_down") else ""
    return f"{handle} {ROLE_MARK[card['role']]}{hidden}"


def _by_column(
    cards: Sequence[Mapping[str, Any]], letter: str, queen_column: bool
) -> dict[str, list[str]]:
    """Cards of one row grouped by the column where they lie (face-down spies in the Queen's)."""
    cells: dict[str, list[str]] = {name: [] for name in _columns()}
    for position, card in enumerate(cards, start=1):
        handle = f"{letter}{position}"
        if card.get("face_down") and queen_column:
            family = card.get("family")
            text = _label(card, handle)
            cells[QUEEN].append(f"{text} {family}" if family else text)
        else:
            cells[str(card["family"])].append(_label(card, handle))
    return cells


def _queen_table(obs: Mapping[str, Any]) -> Table:
    status: Mapping[str, str] = obs["family_status"]
    table = Table(title="The Queen's table", show_lines=True, box=box.SIMPLE_HEAD, padding=(0, 1))
    table.add_column("")
    for name in _columns():
        table.add_column(name, style="magenta" if name == QUEEN else None)
    rows = {}
    for row, letter in (("above", "a"), ("below", "b")):
        rows[row] = _by_column(obs["queen_table"][row], letter, queen_column=True)
    hidden = len(rows["above"][QUEEN]) + len(rows["below"][QUEEN])
    status_cells = [
        Text(STATUS_SHORT[status[name]], style=STATUS_STYLE[status[name]])
        if name in status
        else Text(f"{hidden} hidden", style="magenta")
        for name in _columns()
    ]
    table.add_row("above", *(_cell(rows["above"][name]) for name in _columns()))
    table.add_row("status", *status_cells)
    table.add_row("below", *(_cell(rows["below"][name]) for name in _columns()))
    return table


def _domains(obs: Mapping[str, Any]) -> Table:
    table = Table(title="Domains", show_lines=True, box=box.SIMPLE_HEAD, padding=(0, 1))
    table.add_column("seat")
    for name in FAMILIES:
        table.add_column(name)
    table.add_column("hidden")
    table.add_column("score")
    scores = obs["scores"]
    for seat, domain in enumerate(obs["domains"]):
        cells: dict[str, list[str]] = {name: [] for name in FAMILIES}
        hidden: list[str] = []
        for position, card in enumerate(domain, start=1):
            handle = f"d{position}"
            if "family" in card and not card.get("face_down"):
                cells[card["family"]].append(_label(card, handle))
            elif "family" in card:
                hidden.append(f"{_label(card, handle)} {card['family']}")
            else:
                hidden.append(_label(card, handle))
        who = f"{seat}" + (" you" if seat == obs.get("seat") else "")
        table.add_row(
            who, *(_cell(cells[name]) for name in FAMILIES), _cell(hidden), f"{scores[seat]:g}"
        )
    return table


def _header(obs: Mapping[str, Any]) -> Text:
    if obs["phase"] == "over":
        state = f"game over: winner(s) seat {', '.join(str(w) for w in obs['winners'])}"
    else:
        state = f"seat {obs['current_player']} to {obs['phase']}"
        if obs["areas_used"]:
            state += f" (areas used this turn: {', '.join(obs['areas_used'])})"
    return Text(
        f"Courtisans, {obs['num_players']} players — {state}. Deck {obs['deck_size']} cards, "
        f"{obs['removed_count']} set aside, hands {obs['hand_sizes']}.",
        style="bold",
    )


def _private(obs: Mapping[str, Any]) -> list[Text]:
    lines: list[Text] = []
    if obs.get("hand") is not None:
        hand = ", ".join(f"{c['family']} {c['role']} #{c['card']}" for c in obs["hand"]) or "empty"
        lines.append(Text(f"Your hand: {hand}"))
        missions = "; ".join(f"{m['code']}: {m['text']}" for m in obs["missions"])
        lines.append(Text(f"Your Secret Missions: {missions}"))
    for seat, pair in enumerate(obs.get("revealed_missions") or []):
        shown = "; ".join(f"{m['code']} {'met' if m['met'] else 'not met'}" for m in pair)
        lines.append(Text(f"Seat {seat} missions: {shown}"))
    gone = obs["eliminated"]
    if gone:
        names = ", ".join(
            f"{c['family']} {c['role']}{' (face down)' if c.get('face_down') else ''}"
            if "family" in c
            else f"a face-down spy (seat {c['played_by']})"
            for c in gone
        )
        lines.append(Text(f"Eliminated: {names}", style="dim"))
    lines.append(Text(LEGEND, style="dim"))
    return lines


def render(observation: Mapping[str, Any]) -> Group:
    """The Queen's table, the domains, and what this seat privately knows."""
    return Group(
        _header(observation),
        _queen_table(observation),
        _domains(observation),
        *_private(observation),
    )
