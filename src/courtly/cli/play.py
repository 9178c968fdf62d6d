"""Playing in the terminal: hot-seat humans and bots.

Each human sees only their own seat's observation and the events their seat may see; when
several humans share the terminal, a privacy screen stands between their turns.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import typer
from rich.panel import Panel
from rich.rule import Rule

from courtly.agents import make_agent
from courtly.cli.common import console
from courtly.core.actions import Action
from courtly.core.events import Event, events_for
from courtly.core.match import seat_rng
from courtly.core.records import new_record, result_of
from courtly.core.rng import fresh_seed
from courtly.core.seat import Agent, SeatView
from courtly.core.state import Game, State

DEFAULT_BOT = "greedy"
HUMAN = "human"
HELP = "Type the number of a choice. Other commands: r = show the table again, q = quit."


class QuitGame(Exception):
    pass


def _ask(legal: Sequence[Action], redraw: Any) -> Action:
    """Ask until the answer is one of the numbered choices; bad input just asks again."""
    while True:
        try:
            answer = console.input("[bold]your choice> [/]").strip().lower()
        except EOFError:
            raise QuitGame("input ended") from None
        if answer in ("q", "quit", "exit"):
            raise QuitGame("quit")
        if answer in ("r", "redraw"):
            redraw()
            continue
        if answer.isdigit() and 1 <= int(answer) <= len(legal):
            return legal[int(answer) - 1]
        console.print(f"[yellow]{answer!r} is not a choice here.[/] {HELP}")


def _show_turn(
    game: Game, state: State, seat: int, seats: Sequence[str], news: list[Event]
) -> None:
    console.print(Rule(f"Seat {seat} ({seats[seat]}) to decide"))
    for event in news:
        console.print(f"  {event.text}", markup=False, highlight=False)
    console.print(game.render(state.observation(seat)))
    for number, action in enumerate(state.legal_actions(), start=1):
        console.print(f"  [bold cyan]{number:>3}[/]  {action.describe()}", highlight=False)


def _privacy_screen(seat: int) -> None:
    console.clear()
    console.print(Panel(f"Pass the terminal to seat {seat}.\nOthers, look away.", title="privacy"))
    try:
        console.input(f"Seat {seat}: press Enter when you are alone. ")
    except EOFError:
        raise QuitGame("input ended") from None
    console.clear()


def run(
    game: Game,
    seats: Sequence[str],
    seed: int | None,
    options: Mapping[str, Any],
    save: str | None,
) -> None:
    seed = fresh_seed() if seed is None else seed
    agents: dict[int, Agent] = {
        i: make_agent(spec, game) for i, spec in enumerate(seats) if spec != HUMAN
    }
    state = game.new_game(len(seats), seed=seed, options=options)
    record = new_record(state, list(seats), seed)
    humans = [i for i, spec in enumerate(seats) if spec == HUMAN]
    news: dict[int, list[Event]] = {h: [] for h in humans}
    rngs = {i: seat_rng(seed, i) for i in agents}
    console.print(f"[bold]{game.title}[/], {len(seats)} players, seed {seed}. {HELP}")
    last_human: int | None = None
    try:
        while (player := state.current_player) is not None:
            if player in agents:
                action = agents[player].act(SeatView(state, player), rngs[player])
            else:
                if len(humans) > 1 and last_human != player:
                    _privacy_screen(player)
                last_human = player
                _show_turn(game, state, player, seats, news[player])
                news[player] = []
                action = _ask(
                    state.legal_actions(),
                    lambda p=player: _show_turn(game, state, p, seats, []),
                )
            events = state.apply(action, player=player)
            record.actions.append(action.to_json())
            record.fingerprints.append(state.fingerprint())
            for h in humans:
                news[h].extend(events_for(events, h))
    except QuitGame as stop:
        console.print(f"[yellow]Game stopped ({stop}).[/]")
        if save:
            record.save(save)
            console.print(f"Record so far saved to {save}.")
        raise typer.Exit(code=1) from None
    record.result = result_of(state)
    console.print(Rule("Game over"))
    viewer = humans[0] if len(humans) == 1 else None
    for event in news[viewer] if viewer is not None else []:
        console.print(f"  {event.text}", markup=False, highlight=False)
    console.print(game.render(state.public_observation()))
    scores = state.scores()
    for p, spec in enumerate(seats):
        console.print(f"  seat {p} ({spec}): {scores[p]:g}")
    console.print(f"[bold]Winner(s): {', '.join(f'seat {w}' for w in state.winners())}[/]")
    if save:
        record.save(save)
        console.print(f"Record saved to {save}.")
