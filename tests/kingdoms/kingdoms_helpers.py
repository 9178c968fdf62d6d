"""Position builders for the Kingdoms scenario tests: write a position by hand, act, assert."""

from __future__ import annotations

import io
from typing import Any

from rich.cells import cell_len
from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from courtly.games.kingdoms import GAME
from courtly.games.kingdoms.data import CARD_NAMES
from courtly.games.kingdoms.state import KingdomsState

SEAT_KEYS = (
    "hand",
    "court",
    "rows",
    "army",
    "glory",
    "peasant",
    "jester",
    "treaty",
    "hand_seen_by_opponent",
    "limbo",
    "duel",
    "peek",
)


def new_game(players: int, seed: int, options: dict[str, Any] | None = None) -> KingdomsState:
    """``GAME.new_game``, typed: a Kingdoms game's states are Kingdoms states."""
    state = GAME.new_game(players, seed=seed, options=options)
    assert isinstance(state, KingdomsState)
    return state


def build(
    phase: str = "action",
    turn: int = 0,
    seats: tuple[dict[str, Any], dict[str, Any]] = ({}, {}),
    deck_top: list[str] | None = None,
    discard: list[str] | None = None,
    aside: list[str] | None = None,
    stack: list[list[Any]] | None = None,
    options: dict[str, Any] | None = None,
    **extra: Any,
) -> KingdomsState:
    """A position: every card not placed explicitly goes into the Draw pile (sorted), with
    ``deck_top`` on top (its last card is the top card)."""
    used: set[str] = set()

    def take(cards: list[str]) -> list[str]:
        for c in cards:
            assert c not in used, f"{c} placed twice"
            used.add(c)
        return cards

    players = []
    for seat in seats:
        out: dict[str, Any] = {}
        for key, value in seat.items():
            assert key in SEAT_KEYS, key
            if key in ("court", "rows"):
                if key == "court":
                    take([v for v in value.values() if v])
                else:
                    for cards in value.values():
                        take(cards)
                out[key] = value
            elif key in ("jester", "treaty", "duel", "peek"):
                if key != "peek" and value:
                    take([value])
                out[key] = value
            elif key == "hand_seen_by_opponent":
                out[key] = value
            elif key == "limbo":
                take([v.lstrip("~") for v in value])
                out[key] = value
            else:
                out[key] = take(list(value))
        players.append(out)
    discard = take(list(discard or []))
    aside = take(list(aside or []))
    top = take(list(deck_top or []))
    rest = [n for n in CARD_NAMES if n not in used]
    data: dict[str, Any] = {
        "format": "courtly-state",
        "version": 1,
        "game": "kingdoms",
        "num_players": 2,
        # Every option named: a saved position without one reads its legacy value instead.
        "options": GAME.resolve_options(options),
        "rng": 12345,
        "phase": phase,
        "phase_started": True,
        "turn": turn,
        "deck": rest + top,
        "discard": discard,
        "aside": aside,
        "players": players,
        "stack": stack or [],
    }
    data.update(extra)
    state = GAME.from_json(data)
    assert isinstance(state, KingdomsState)
    return state


def act(state: KingdomsState, kind: str, **args: Any) -> None:
    state.apply({"kind": kind, **args}, player=state.current_player)


def legal(state: KingdomsState) -> list[dict[str, Any]]:
    return [a.to_json() for a in state.legal_actions()]


def kinds(state: KingdomsState) -> set[str]:
    return {a.kind for a in state.legal_actions()}


def has(state: KingdomsState, kind: str, **args: Any) -> bool:
    return {"kind": kind, **args} in legal(state)


def fits_the_terminal(help_text: str) -> bool:
    """The ``?`` help as the terminal prints it (``courtly.cli.play``: a panel of plain text)
    fits 80 columns, Korean letters counted as two cells."""
    console = Console(width=80, record=True, file=io.StringIO(), legacy_windows=False)
    console.print(Panel(Text(help_text), expand=False))
    lines = console.export_text().splitlines()
    return len(lines) > 2 and all(cell_len(line) <= 80 for line in lines)
