"""Playing in the terminal: hot-seat humans and bots around one kernel :class:`Table`.

Each human sees only their own seat's observation and the events the table delivers to their
seat; when several humans share the terminal, a privacy screen stands between their turns.
The record is the table's. A game stopped before its end (``q``, the input ending, Ctrl-C) is
saved, and ``courtly play --resume FILE`` goes on with it.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn

import typer
from rich.panel import Panel
from rich.rule import Rule
from rich.text import Text

from courtly.agents import make_agent
from courtly.cli import INTERRUPTED
from courtly.cli.choices import choices, layout
from courtly.cli.common import console, err_console
from courtly.cli.files import check_writable, save_places
from courtly.cli.prompt import QuitGame, ask, discard_typed_ahead, generic_help
from courtly.cli.replay import record_game
from courtly.cli.scoreboard import HUMAN, scoreboard, seat_label, winners_line
from courtly.cli.screen import Within, clear_screen_and_scrollback, lines_of
from courtly.core.actions import Action
from courtly.core.errors import CourtlyError, RecordError, UndoError, UnusableFileError, error_text
from courtly.core.events import Event, events_for
from courtly.core.i18n import current_language, seat_text, text
from courtly.core.records import GameRecord, check_complete
from courtly.core.render import action_text, event_text, listed_actions
from courtly.core.seat import Agent
from courtly.core.state import Game
from courtly.core.table import Table

DEFAULT_BOT = "greedy"


@contextmanager
def interrupts_deferred() -> Iterator[None]:
    """Hold Ctrl-C until the block ends, so an interrupt never falls between a move and its
    record (a record saved then would not replay)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, _frame: caught.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if caught:
        raise KeyboardInterrupt


def seat_agents(game: Game, seats: Sequence[str], record: str = "") -> dict[int, Agent]:
    """One agent per seat that is not ``human``; a seat naming neither is refused by number
    (and by the ``record`` it was read from, when it was)."""
    agents: dict[int, Agent] = {}
    for seat, spec in enumerate(seats):
        if spec == HUMAN:
            continue
        try:
            agents[seat] = make_agent(spec, game)
        except CourtlyError as exc:
            # The whole sentence is the catalogue's: no English word is put into it here.
            key = "error.cli.seat_agent_in" if record else "error.cli.seat_agent"
            raise CourtlyError.keyed(
                key, seat=seat + 1, record=record, spec=spec, reason=exc
            ) from None
    return agents


class TerminalGame:
    """One game at the terminal: asks the humans, lets the bots act, keeps each human's news."""

    def __init__(self, table: Table, save_to: Path | None) -> None:
        self.table = table
        self.game = table.game
        self.names = list(table.record.seats)
        self.save_to = save_to
        self.agents = seat_agents(self.game, self.names)
        self.humans = [s for s in range(len(self.names)) if s not in self.agents]
        # Per human, the events not shown yet, each with the step that caused it (so that an
        # undo can take them back). A resumed game starts with what each was last shown.
        self.news: dict[int, list[tuple[int, Event]]] = {h: self._recent(h) for h in self.humans}
        self.last_human: int | None = None
        # Whether a bot acted since a person was last asked (keys typed meanwhile are dropped).
        self.bots_moved = False

    def _recent(self, seat: int) -> list[tuple[int, Event]]:
        """The news ``seat`` had when the game stopped, as the running game gathers it: the
        events from its last decision on (all of them if it has made none), those it may see
        only (``events_for``: never another seat's hidden cards)."""
        steps = self.table.steps
        mine = [i for i, step in enumerate(steps) if step.seat == seat]
        since = mine[-1] if mine else 0
        return [
            (i, event)
            for i in range(since, len(steps))
            for event in events_for(steps[i].events, seat)
        ]

    # --- the game ---------------------------------------------------------------------------

    def run(self) -> None:
        record = self.table.record
        help_text = f" {text('cli.commands')}" if self.humans else ""
        title = self.game.text("game.title", current_language(), self.game.title)
        console.print(
            text(
                "cli.play.start", title=f"[bold]{title}[/]", n=record.num_players, seed=record.seed
            )
            + help_text,
            highlight=False,
        )
        if record.actions:
            console.print(text("cli.play.going_on", n=len(record.actions) + 1))
        try:
            while (seat := self.table.state.current_player) is not None:
                if seat in self.agents:
                    self._act(seat, self.table.choose(seat, self.agents[seat]))
                    self.bots_moved = True
                else:
                    self._human_turn(seat)
        except KeyboardInterrupt:
            self._stop("interrupted", INTERRUPTED)
        except QuitGame as stop:
            self._stop(str(stop), 1)
        except CourtlyError:
            # An error in courtly's words: where the game went, then its own line
            # (``friendly_errors``), with no heading above it.
            if (path := self._save_after_error()) is not None:
                console.print(
                    text("cli.stop.saved", path=str(path)), highlight=False, soft_wrap=True
                )
            raise
        except Exception as fault:
            # A fault of courtly's own (a bot's, a game's, the prompt's) ends the program, but
            # never takes the moves made so far with it; the reader gets one line, not a
            # traceback (no switch of the command shows one).
            path = self._save_after_error()
            self._stop_on_fault(fault, path)
        self._game_over()

    def _act(self, seat: int, action: Action) -> None:
        with interrupts_deferred():
            deliveries = self.table.act(seat, self.table.seq, action)
        step = len(self.table.steps) - 1
        over = self.table.state.is_terminal
        for human in self.humans:
            # The end delivers the whole log again (all of it public now); a human needs only
            # the last step's part of it.
            events = self.table.steps[-1].events if over else deliveries[human].events
            self.news[human].extend((step, e) for e in events)

    def _human_turn(self, seat: int) -> None:
        # Keys pressed while the bots thought were meant for no question asked yet: dropped,
        # so that none of them becomes this turn's decision unseen.
        if self.bots_moved:
            discard_typed_ahead()
            self.bots_moved = False
        if len(self.humans) > 1 and self.last_human != seat:
            self._privacy_screen(seat)
        self.last_human = seat
        self._show_turn(seat, news=True)
        while True:
            legal = self._listed(seat)
            answer = ask(choices(legal))
            if answer.action is not None:
                self._act(seat, answer.action)
                return
            if answer.command == "redraw":
                self._show_turn(seat, news=False)
            elif answer.command == "explain":
                self._explain(seat, legal)
            elif answer.command == "undo":
                refusal = self.undo(seat)
                if refusal is None:
                    console.print(f"[green]{text('cli.undo.done')}[/]")
                    self._show_turn(seat, news=False)
                    if self.table.state.current_player != seat:
                        return
                else:
                    console.print(
                        f"[yellow]{text('cli.undo.refused')}[/] {refusal}", highlight=False
                    )

    def _show_turn(self, seat: int, news: bool) -> None:
        label = seat_label(seat, self.names[seat])
        console.print(Rule(text("cli.play.to_decide", seat=f"{label[0].upper()}{label[1:]}")))
        lang = current_language()
        if news:
            for _step, event in self.news[seat]:
                console.print(
                    f"  {event_text(self.game, event, lang)}", markup=False, highlight=False
                )
            self.news[seat] = []
        snapshot = self.table.snapshot(seat)
        view = snapshot.observation  # a kill's choice names the card this seat sees there
        legal = self._listed(seat)
        grid = self.game.choice_grid(snapshot.observation, legal, lang)
        listed = layout(
            choices(legal),
            lambda action: action_text(self.game, action, lang, view=view),
            grid,
            console.width,
        )
        # The table keeps to the lines the choices and the prompt leave on the screen (a view
        # that can draw itself shorter does), so the two are seen together.
        room = console.height - lines_of(console, listed) - 1
        console.print(Within(self.game.render(snapshot.observation), room))
        console.print(listed)

    def _listed(self, seat: int) -> list[Action]:
        """``seat``'s legal actions as its numbered choices: two identical cards are two
        actions with one sentence, numbered once (the renderer's rule, as the browser's list
        of choices), and the grid holds the same actions as the numbers."""
        snapshot = self.table.snapshot(seat)
        lang = current_language()
        return listed_actions(self.game, snapshot.legal_actions, lang, view=snapshot.observation)

    def _explain(self, seat: int, legal: Sequence[Action]) -> None:
        observation = self.table.snapshot(seat).observation
        lang = current_language()
        help_text = self.game.explain(observation) or generic_help(
            observation,
            legal,
            lambda action: action_text(self.game, action, lang, view=observation),
            lambda phase: self.game.text(f"phase.{phase}", lang, ""),
        )
        # The whole table first, at no height: what a short screen's compact view leaves out
        # (a list, a table, a legend) is one key away, and scrolls up.
        console.print(self.game.render(observation))
        # The game's text is plain: square brackets in it are not rich markup.
        console.print(Panel(Text(help_text), title=text("cli.explain.title"), expand=False))
        console.print(text("cli.commands"), highlight=False)

    # --- undo ---------------------------------------------------------------------------------

    def undo(self, seat: int) -> str | None:
        """Take back ``seat``'s last decision and the bots' moves since; why not, if refused.

        Each step goes back through the kernel's one rule (``Table.can_undo``/``undo``): none
        of them showed any seat something new (the game's own answer, ``State.reveal``). The
        bots at this terminal agree to take back their moves after it; another person's
        decision is theirs to take back."""
        steps = self.table.steps
        mine = [i for i, step in enumerate(steps) if step.seat == seat]
        if not mine:
            return text("cli.undo.nothing")
        first = mine[-1]
        for step in steps[first:]:
            other = seat_label(step.seat, self.names[step.seat])
            who = (
                text("cli.undo.yours") if step.seat == seat else text("cli.undo.theirs", seat=other)
            )
            if step.seat != seat and step.seat not in self.agents:
                return text("cli.undo.decided_since", seat=other)
            if not step.undoable:
                return text("cli.undo.revealed", who=who)
        try:
            with interrupts_deferred():
                while len(self.table.steps) > first:
                    self.table.undo(self.table.steps[-1].seat)
        except UndoError as exc:
            return str(exc)
        for human in self.humans:
            self.news[human] = [(s, e) for s, e in self.news[human] if s < first]
        return None

    # --- stopping and the end -------------------------------------------------------------

    def _privacy_screen(self, seat: int) -> None:
        # The scrollback too: scrolling up must not show the previous seat's hand.
        clear_screen_and_scrollback(console)
        lang = current_language()
        console.print(
            Panel(text("cli.privacy.pass", seat=seat_text(seat, lang)), title=text("cli.privacy"))
        )
        # Its Enter must be the next person's, not a key the last one pressed ahead.
        discard_typed_ahead()
        try:
            console.input(text("cli.privacy.enter", seat=seat_text(seat, lang).capitalize()) + " ")
        except EOFError:
            raise QuitGame("input ended") from None
        clear_screen_and_scrollback(console)

    def _stop(self, reason: str, code: int) -> None:
        reason_text = text(f"cli.stop.{reason.replace(' ', '_')}")
        console.print(f"\n[yellow]{text('cli.stop', reason=reason_text)}[/]")
        if self.save_to is None and not self.table.record.actions:
            console.print(text("cli.stop.nothing_saved"))
            raise typer.Exit(code=code)
        path = self._save()
        if path is not None:
            console.print(text("cli.stop.saved", path=str(path)), highlight=False, soft_wrap=True)
        raise typer.Exit(code=code if path is not None else 1)

    def _save_after_error(self) -> Path | None:
        """Save the game that an error stopped, before the error is shown; where it went (None
        if nowhere: nothing was played, or no place took it). A save that fails too is only
        said, so that the error itself is what the person reads last."""
        if self.save_to is None and not self.table.record.actions:
            return None
        try:
            path = self._save()
        except Exception:  # the error that stopped the game is the one to show
            console.print(f"[bold red]{text('cli.save.nowhere')}[/]", highlight=False)
            return None
        return path

    def _stop_on_fault(self, fault: Exception, path: Path | None) -> NoReturn:
        """One line for an unexpected error: what happened, and where the game went with the
        command that goes on (exit code 1)."""
        # The fault's own words are Python's or a library's, on one line.
        what = " ".join(f"{type(fault).__name__}: {fault}".split())
        if path is not None:
            said = text("cli.play.fault_saved", error=what, path=str(path))
        elif self.table.record.actions:
            said = text("cli.play.fault_unsaved", error=what)
        else:
            said = text("cli.play.fault_nothing", error=what)
        err_console.print(Text.assemble((text("cli.error"), "bold red"), " ", said), soft_wrap=True)
        raise typer.Exit(code=1)

    def _save(self) -> Path | None:
        """Save the record to the first place that takes it (``--save``, the data folder, the
        temporary folder), saying why each refused; None when none did."""
        # Moves and undos hold Ctrl-C until their record is complete, so it always replays.
        for place in save_places(self.save_to, self.game.name, self.table.record.seed):
            try:
                path = place()
                self.table.record.save(path)
            except (UnusableFileError, RecordError) as exc:
                console.print(
                    f"[yellow]{text('cli.save.elsewhere', reason=error_text(exc))}[/]",
                    highlight=False,
                    soft_wrap=True,
                )
                continue
            return path
        console.print(f"[bold red]{text('cli.save.nowhere')}[/]", highlight=False)
        return None

    def _game_over(self) -> None:
        state = self.table.state
        console.print(Rule(text("cli.game_over")))
        if len(self.humans) == 1:
            lang = current_language()
            for _step, event in self.news[self.humans[0]]:
                console.print(
                    f"  {event_text(self.game, event, lang)}", markup=False, highlight=False
                )
        console.print(self.game.render(self.table.snapshot(None).observation))
        console.print(scoreboard(state, self.names))
        console.print(f"[bold]{winners_line(state, self.names)}[/]", highlight=False)
        if self.save_to is not None and (path := self._save()) is not None:
            console.print(text("cli.record_saved", path=str(path)), highlight=False, soft_wrap=True)


def new_table(
    game: Game,
    seats: Sequence[str],
    seed: int,
    options: Mapping[str, Any],
) -> Table:
    return Table(game, len(seats), seed=seed, options=options, seats=list(seats))


def resumed_table(path: str, seats: Sequence[str] | None) -> Table:
    """The table a saved game describes, checked step by step; ``seats`` (when given) replace
    the record's players in order."""
    record = GameRecord.load(path)
    game = record_game(record)
    check_complete(record)
    table = Table.from_record(game, record)
    players = record.num_players
    # A record that names fewer players than seats (written by hand) leaves the rest to people.
    names = [*record.seats[:players], *[HUMAN] * (players - len(record.seats))]
    if seats:
        if len(seats) > players:
            raise CourtlyError.keyed("error.cli.seats_game", seats=len(seats), players=players)
        names[: len(seats)] = list(seats)
    table.record.seats = names
    seat_agents(game, table.record.seats, path)
    return table


def run(table: Table, save: str | None) -> None:
    """Play ``table`` to its end at the terminal; a stop saves the game to ``save`` (checked
    before the first move) or to a new file in the user's data folder."""
    target = check_writable(save) if save else None
    TerminalGame(table, target).run()
