"""The terminal view of a Courtisans observation (a seat's or a spectator's), and its help.

Both tables have one row per family, so they fit 80 columns with every name whole at 2 to 5
players. Every card in play carries its public handle (row letter + position, the numbers the
"eliminate" actions use): ``a3`` is the 3rd card above the Queen's table, ``b1`` the 1st below,
``d2`` the 2nd card of a domain. Seats are shown numbered from 1.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from courtly.games.courtisans.data import FAMILIES, QUEEN_COLUMN_AFTER

ROLE_MARK = {"noble": "Nob", "spy": "Spy", "assassin": "Asn", "guard": "Grd", "courtier": "Crt"}
LEGEND = (
    "Nob noble (counts 2), Spy, Asn assassin, Grd guard, Crt courtier; a3, b1, d2: 3rd card "
    "above, 1st below, 2nd of a domain; ?spy/N: face down, played by seat N; *: face down, "
    "known to you."
)
STATUS_STYLE = {"esteemed": "green", "neutral": "white", "fallen from grace": "red"}
STATUS_SHORT = {"esteemed": "esteemed", "neutral": "neutral", "fallen from grace": "FALLEN"}
# The short form under the board; ``explain`` (the ``?`` help) gives LEGEND in full.
LEGEND_SHORT = "Nob noble (x2), Asn assassin, Grd guard, Crt courtier; * face down, you know it"
QUEEN = "Queen's column"
FACE_DOWN = "face down"
AREA_TEXT = {"queen": "the Queen's table", "own": "own domain", "opponent": "an opponent's domain"}


def _seat(seat: int) -> str:
    return f"seat {seat + 1}"


def _token(card: Mapping[str, Any], handle: str, with_family: bool = False) -> str:
    """``a3:Nob``; a face-down spy is ``a3:?spy/N`` unless the viewer knows it (``Spy*``)."""
    if "family" not in card:
        return f"{handle}:?spy/{card['played_by'] + 1}"
    mark = ROLE_MARK[card["role"]] + ("*" if card.get("face_down") else "")
    return f"{handle}:{mark}({card['family']})" if with_family else f"{handle}:{mark}"


def _cell(tokens: list[str]) -> Text:
    # Text, not a markup string: card labels must never be read as rich markup.
    return Text(" ".join(tokens) or "-")


def _rows() -> list[str]:
    names = list(FAMILIES)
    names.insert(QUEEN_COLUMN_AFTER + 1, QUEEN)
    return names


def _table_row(cards: Sequence[Mapping[str, Any]], letter: str) -> dict[str, list[str]]:
    """One row of the Queen's table by family; face-down spies lie in the Queen's column."""
    cells: dict[str, list[str]] = {name: [] for name in _rows()}
    for position, card in enumerate(cards, start=1):
        handle = f"{letter}{position}"
        if card.get("face_down"):
            cells[QUEEN].append(_token(card, handle, with_family=True))
        else:
            cells[str(card["family"])].append(_token(card, handle))
    return cells


def _queen_table(obs: Mapping[str, Any]) -> Table:
    status: Mapping[str, str] = obs["family_status"]
    above = _table_row(obs["queen_table"]["above"], "a")
    below = _table_row(obs["queen_table"]["below"], "b")
    table = Table(box=None, padding=(0, 1), header_style="bold")
    for header in ("The Queen's table", "status", "above", "below"):
        table.add_column(header)
    for name in _rows():
        if name == QUEEN:
            hidden = len(above[QUEEN]) + len(below[QUEEN])
            mark = Text(f"{hidden} hidden" if hidden else "-", style="magenta")
            table.add_row(Text(name, style="magenta"), mark, _cell(above[name]), _cell(below[name]))
        else:
            shown = Text(STATUS_SHORT[status[name]], style=STATUS_STYLE[status[name]])
            table.add_row(name, shown, _cell(above[name]), _cell(below[name]))
    return table


def _domains(obs: Mapping[str, Any]) -> Table:
    table = Table(box=None, padding=(0, 1), header_style="bold")
    table.add_column("Domains")
    columns: list[dict[str, list[str]]] = []
    for seat, domain in enumerate(obs["domains"]):
        table.add_column(_seat(seat) + (" (you)" if seat == obs["viewer"] else ""))
        cells: dict[str, list[str]] = {name: [] for name in (*FAMILIES, FACE_DOWN)}
        for position, card in enumerate(domain, start=1):
            known = "family" in card
            cells[str(card["family"]) if known else FACE_DOWN].append(_token(card, f"d{position}"))
        columns.append(cells)
    for name in (*FAMILIES, FACE_DOWN):
        table.add_row(name, *(_cell(cells[name]) for cells in columns))
    scores = obs["scores"]
    table.add_row(Text("score", style="bold"), *(Text(f"{s:g}", style="bold") for s in scores))
    return table


def _header(obs: Mapping[str, Any]) -> Text:
    if obs["phase"] == "over":
        winners = [_seat(w) for w in obs["winners"]]
        state = f"game over, {' and '.join(winners)} {'wins' if len(winners) == 1 else 'share it'}"
    elif obs["phase"] == "eliminate":
        state = f"{_seat(obs['to_act'])} decides the assassin's kill"
    else:
        state = f"{_seat(obs['to_act'])} to play"
        done = obs["turn"]["areas_used"]
        if done:
            state += f" (played to {', '.join(AREA_TEXT[a] for a in done)})"
    hands = "/".join(str(h) for h in obs["hand_sizes"])
    return Text(
        f"Courtisans, {obs['num_players']} players: {state}. Deck {obs['deck_size']}, "
        f"{obs['removed_count']} set aside, hands {hands}.",
        style="bold",
    )


def _card_name(card: Mapping[str, Any]) -> str:
    return f"{card['family']} {card['role']} #{card['card']}"


def _private(obs: Mapping[str, Any]) -> list[Text]:
    lines: list[Text] = []
    if obs.get("hand") is not None:
        hand = ", ".join(_card_name(c) for c in obs["hand"]) or "empty"
        lines.append(Text(f"Your hand: {hand}"))
        missions = "; ".join(f"{m['code']} {m['text']}" for m in obs["missions"])
        lines.append(Text(f"Your missions: {missions}"))
    for seat, pair in enumerate(obs.get("revealed_missions") or []):
        shown = ", ".join(f"{m['code']} {'met' if m['met'] else 'not met'}" for m in pair)
        lines.append(Text(f"{_seat(seat).capitalize()} missions: {shown}"))
    gone = obs["eliminated"]
    if gone:
        names = ", ".join(
            (f"{c['family']} {c['role']}" + (" (face down)" if c.get("face_down") else ""))
            if "family" in c
            else f"a face-down spy ({_seat(c['played_by'])}'s)"
            for c in gone
        )
        lines.append(Text(f"Eliminated: {names}", style="dim"))
    lines.append(Text(LEGEND_SHORT, style="dim"))
    return lines


def render(observation: Mapping[str, Any]) -> Group:
    """The Queen's table, the domains, and what this seat privately knows."""
    return Group(
        _header(observation),
        _queen_table(observation),
        _domains(observation),
        *_private(observation),
    )


_PLAY_HELP = (
    "Your turn: play your 3 cards one at a time, one to each area: the Queen's table, your own "
    "domain, and one opponent's domain (C3.2).\n"
    "- play CARD above/below the Queen's table: the card joins its family's column; at the end "
    "a family with more cards above than below is esteemed, more below fallen from grace "
    "(nobles count 2). A spy goes face down into the Queen's column.\n"
    "- play CARD in seat N's domain: your own domain scores for you, an opponent's for them: "
    "+1 per card of an esteemed family, -1 of a fallen one (a noble counts 2).\n"
    "An assassin, when placed, may eliminate another card of its area (not a guard). Each "
    "fulfilled Secret Mission scores 3 at the end; most points wins, ties share the victory."
)
_KILL_HELP = (
    "The assassin just placed may eliminate one other card of its area (C5.3): at the Queen's "
    "table any card above or below, of any family; in a domain any card of that domain. "
    "Guards cannot be eliminated.\n"
    "- eliminate card #P above/below the Queen's table, or in that domain: that card leaves "
    "the game (a face-down spy is not revealed).\n"
    "- eliminate nothing: the kill is optional."
)
_OVER_HELP = (
    "The game is over: the spies in play were revealed and joined their families (C6.1). Each "
    "card in a domain scored +1 if its family is esteemed, -1 if fallen (nobles 2), and each "
    "fulfilled Secret Mission 3; the most points wins, tied players share the victory."
)


def explain(observation: Mapping[str, Any]) -> str:
    """The rules of the current decision and what each listed action does (the ``?`` help)."""
    phase = observation["phase"]
    if phase == "over":
        text = _OVER_HELP
    elif phase == "eliminate":
        zone = observation["turn"]["pending_kill"]
        where = (
            "at the Queen's table"
            if zone["place"] != "domain"
            else (f"in {_seat(zone['seat'])}'s domain")
        )
        text = f"The assassin was placed {where}. {_KILL_HELP}"
    else:
        text = _PLAY_HELP
        done = observation["turn"]["areas_used"]
        if done:
            text += f"\nAlready played this turn: {', '.join(AREA_TEXT[a] for a in done)}."
    return f"{text}\nLegend: {LEGEND}"
