"""A game in progress: the state, its record, what each viewer has been told, and undo.

The one path of a game in progress, with no I/O. Every game that is played and recorded
(terminal play, the table server, ``play_match`` for simulations and tournaments) moves through
:meth:`Table.play`, and every record is replayed through :meth:`Table.follow` (resume,
``from_record``, undo, ``courtly.core.replay``, the server's bot workers). A bot decides only
through :meth:`Table.choose`, with the generator of that decision (``seeds.decision_rng``), so a
game resumed from its record plays on exactly as if it had never stopped.

A front asks a :class:`Table` what a viewer may see (:meth:`Table.snapshot`) and tells it what a
seat did (:meth:`Table.act`); every answer is built for one viewer from ``observation`` and
``events_for``, never built once and filtered.

Undo follows each game's own answer: an action may be taken back while it showed no seat
anything new, that is while the rules did not call ``State.reveal`` as it was played. Only the
game knows when a card leaves a hidden pile (one shuffled at setup moves no generator, and
its events may all be public). See docs/kernel.md, "Undo".
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from courtly.core.actions import Action
from courtly.core.errors import (
    CourtlyError,
    RecordError,
    StaleSequenceError,
    UndoError,
    Words,
    WrongPlayerError,
)
from courtly.core.events import Event, events_for
from courtly.core.records import GameRecord, check_complete, new_record, result_text
from courtly.core.seat import Agent, SeatView
from courtly.core.seeds import DecisionSeeds
from courtly.core.state import Game, State


@dataclass(frozen=True)
class Delivery:
    """What one viewer (a seat, or None for a spectator) is told after a change."""

    viewer: int | None
    seq: int
    events: list[Event]
    observation: dict[str, Any]
    legal_actions: list[Action] = field(default_factory=list)
    reset: bool = False  # True: replace the whole log with ``events`` (a snapshot, an undo)
    can_undo: bool = False  # the viewer's seat may take back the last decision (Table.can_undo)

    def to_json(self) -> dict[str, Any]:
        """Kinds and data only: a front adds each event's and action's ``text`` for its
        reader (``courtly.core.render``), as the server's messages do."""
        return {
            "viewer": self.viewer,
            "seq": self.seq,
            "reset": self.reset,
            "can_undo": self.can_undo,
            "events": [e.to_json() for e in self.events],
            "observation": self.observation,
            "legal_actions": [{"id": a.id, "action": a.to_json()} for a in self.legal_actions],
        }


@dataclass(frozen=True)
class Step:
    """One played action as the table remembers it."""

    seat: int
    events: list[Event]
    undoable: bool  # showed no seat anything new: the rules called no ``State.reveal``


class Deliveries:
    """What every viewer is told after one change, each viewer's part built when first read.

    A server tells only the viewers connected (often no spectator, never a bot's seat), and an
    observation with its legal actions is most of a change's cost. A part is built from the
    table as it stands, so reading one after the table moved on is refused."""

    def __init__(self, table: Table, build: Callable[[int | None], Delivery]) -> None:
        self._table = table
        self._seq = table.seq
        self._build = build
        self._viewers = table.viewers()
        self._made: dict[int | None, Delivery] = {}

    def __getitem__(self, viewer: int | None) -> Delivery:
        if viewer in self._made:
            return self._made[viewer]
        if viewer not in self._viewers:
            raise KeyError(viewer)
        if self._table.seq != self._seq:
            raise RuntimeError(
                f"a delivery of position {self._seq} read at position {self._table.seq}"
            )
        made = self._made[viewer] = self._build(viewer)
        return made

    def get(self, viewer: int | None) -> Delivery | None:
        return self[viewer] if viewer in self._viewers else None

    def __iter__(self) -> Iterator[int | None]:
        return iter(self._viewers)

    def __len__(self) -> int:
        return len(self._viewers)

    def values(self) -> list[Delivery]:
        return [self[v] for v in self._viewers]


class Table:
    """One game in progress with its record; ``seq`` grows with every act and undo, ``ply``
    with every action played.

    ``record=False`` is a game played for its outcome only (a simulation): no fingerprints, no
    record of its actions, no log and no undo, none of whose costs it pays."""

    def __init__(
        self,
        game: Game,
        num_players: int,
        *,
        seed: int,
        options: Mapping[str, Any] | None = None,
        seats: Sequence[str] | None = None,
        record: bool = True,
    ) -> None:
        self.game = game
        self.state: State = game.new_game(num_players, seed=seed, options=options)
        names = list(seats) if seats is not None else [f"seat {p + 1}" for p in range(num_players)]
        if len(names) != num_players:
            raise CourtlyError.keyed("error.table.names", names=len(names), players=num_players)
        self.recording = record
        self.record: GameRecord = new_record(self.state, names, seed, fingerprinted=record)
        self.steps: list[Step] = []
        self.seq = 0
        self.ply = 0
        self._seeds = DecisionSeeds(seed, num_players)
        # The action ``choose`` returned, when it is one of the very objects the seat's view
        # offered: legal in this position, so ``play`` need not check it again.
        self._chosen: Action | None = None
        self._chosen_seat = -1

    @classmethod
    def opening(cls, game: Game, record: GameRecord) -> Table:
        """The table at the start of ``record``, whose every position must be fingerprinted
        (``check_complete``); the opening's fingerprint checked. :meth:`follow` plays the rest."""
        if record.game != game.name:
            raise RecordError.keyed("error.record.game", record=record.game, game=game.name)
        check_complete(record)
        try:
            options = game.resolve_options(record.options, saved=True)
            table = cls(game, record.num_players, seed=record.seed, options=options)
        except CourtlyError as exc:
            raise RecordError.keyed("error.record.start", reason=exc) from None
        table.record.seats = list(record.seats)
        table._check_fingerprint(record, 0)
        return table

    @classmethod
    def from_record(cls, game: Game, record: GameRecord, *, seq: int | None = None) -> Table:
        """The table a record describes, every fingerprint checked (RecordError if one differs,
        or if the record's result is not what its actions give)."""
        table = cls.opening(game, record)
        for _ in table.follow(record):
            pass
        table.seq = len(record.actions) if seq is None else seq
        return table

    def follow(self, record: GameRecord) -> Iterator[list[Event]]:
        """Play the actions of ``record`` after the ones this table has played (whose record it
        continues), yielding each one's events: the one way a record is replayed. Every
        position's fingerprint must be the recorded one, and the recorded result what the
        actions give; a RecordError names the first step that differs."""
        check_complete(record)
        for step in range(len(self.record.actions) + 1, len(record.actions) + 1):
            state = self.state
            seat = state.current_player
            if seat is None:
                raise RecordError.keyed("error.record.after_end", step=step, end=step - 1)
            try:
                played = state.action_space.resolve(record.actions[step - 1])
            except CourtlyError as exc:
                raise RecordError.keyed("error.record.action", step=step, reason=exc) from None
            if played.id not in state.legal_action_ids():
                raise RecordError.keyed(
                    "error.record.not_a_choice",
                    step=step,
                    action=state.action_words(played),
                    seat=seat + 1,
                    before=step - 1,
                )
            events = self.play(seat, played)
            self._check_fingerprint(record, step)
            yield events
        last = len(record.actions)
        if self.state.is_terminal:
            replayed = self.record.result
            if record.result != replayed:
                raise RecordError.keyed(
                    "error.record.result",
                    stored=Words.of(lambda lang: result_text(record.result, lang)),
                    step=last,
                    replayed=Words.of(lambda lang: result_text(replayed, lang)),
                )
        elif record.result is not None:
            raise RecordError.keyed("error.record.unfinished", step=last)

    # --- what viewers may know --------------------------------------------------------

    def viewers(self) -> list[int | None]:
        """Every seat, then None for the spectators."""
        return [*range(self.state.num_players), None]

    def log(self) -> list[Event]:
        """Every event so far, hidden ones included (the omniscient log)."""
        return [e for step in self.steps for e in step.events]

    def events_seen(self, viewer: int | None) -> list[Event]:
        """The log as ``viewer`` may see it: everything once the game is over."""
        if viewer is not None:
            self.state.check_seat(viewer)
        return events_for(self.log(), viewer, over=self.state.is_terminal)

    def snapshot(self, viewer: int | None) -> Delivery:
        """Everything ``viewer`` needs to draw the table from nothing (a (re)connect)."""
        return self._delivery(viewer, self.events_seen(viewer), reset=True)

    def seat_view(self, seat: int) -> SeatView:
        """What a seat is given to decide from: never the state itself. Its observation is made
        now, as the table does not know when the view's reader is done with it."""
        return SeatView(self.state, self.state.check_seat(seat), observe_now=True)

    # --- changes ---------------------------------------------------------------------------

    def choose(self, seat: int, agent: Agent) -> Action:
        """The action ``agent`` chooses for ``seat``, which is to act: from the seat's view
        alone, with the generator of this very decision (``seeds.decision_rng`` of the game's
        seed, the seat and the ply), so a table rebuilt from its record chooses the same. The
        one way a bot decides, in every front."""
        state = self.state
        if seat != state.current_player:
            raise WrongPlayerError.keyed("error.table.not_to_act", seat=seat + 1)
        # The view observes lazily and is expired once the agent is done (most agents never
        # read the observation, which costs more than the rest of a random move).
        view = SeatView(state, seat)
        action = agent.act(view, self._seeds.rng(seat, self.ply))
        view.expire()
        if view.offered(action):
            self._chosen, self._chosen_seat = action, seat
        return action

    def play(
        self, seat: int, action: Action | int | Mapping[str, Any] | str, events: bool = True
    ) -> list[Event]:
        """Play ``action`` for ``seat`` and keep it in the record; its events (none made when
        ``events`` is False: a game nobody watches, whose move then is never taken back).
        Raises (and changes nothing) for a seat that is not to act, or an action that is
        malformed or illegal. The one way a table moves."""
        state = self.state
        chosen = self._chosen
        self._chosen = None
        if chosen is not None and action is chosen and seat == self._chosen_seat:
            played, checked = chosen, True  # what the seat's view offered here (``choose``)
        else:
            played, checked = state.action_space.resolve(action), False
        reveals = state.reveals
        made: list[Event] = []
        if events:
            made = state.apply(played, player=seat)
        elif checked:
            state.step(played.id)
        else:
            state.play(played, player=seat)
        self.ply += 1
        if self.recording:
            self.record.add(played, state)
            self.steps.append(Step(seat, made, events and state.reveals == reveals))
        return made

    def act(
        self, seat: int, seq: int, action: Action | int | Mapping[str, Any] | str
    ) -> Deliveries:
        """Play ``action`` for ``seat``, who saw the table at ``seq``; what each viewer is told.

        Raises (and changes nothing) for a stale ``seq``, a seat that is not to act, or an
        action that is malformed or illegal."""
        self.state.check_seat(seat)
        if seq != self.seq:
            raise StaleSequenceError.keyed("error.table.stale", seen=seq, now=self.seq)
        events = self.play(seat, action)
        self.seq += 1
        return Deliveries(self, lambda v: self._delivery(v, self._visible(events, v)))

    def can_undo(self, seat: int) -> bool:
        """Whether ``seat`` may take back the last decision: its own, and one that showed no
        seat anything new (``State.reveal``). Never once the game is over: the end shows
        everyone everything."""
        self.state.check_seat(seat)
        return (
            bool(self.steps)
            and self.steps[-1].seat == seat
            and self.steps[-1].undoable
            and not self.state.is_terminal
        )

    def undo(self, seat: int) -> Deliveries:
        """Take back ``seat``'s last decision by replaying the record without it; every viewer
        gets a fresh snapshot (nothing in it is new to them: the undone step revealed nothing)."""
        if not self.can_undo(seat):
            raise UndoError.keyed(self._why_no_undo(seat))
        rebuilt = Table.from_record(self.game, self.record.first(len(self.record.actions) - 1))
        self.state, self.record, self.steps = rebuilt.state, rebuilt.record, rebuilt.steps
        self.ply = rebuilt.ply
        self._chosen = None
        self.seq += 1
        return Deliveries(self, self.snapshot)

    # --- inside -----------------------------------------------------------------------------

    def _check_fingerprint(self, record: GameRecord, step: int) -> None:
        stored, replayed = record.fingerprints[step], self.record.fingerprints[step]
        if stored != replayed:
            raise RecordError.keyed(
                "error.record.diverges", step=step, stored=stored, replayed=replayed
            )

    def _visible(self, events: list[Event], viewer: int | None) -> list[Event]:
        if self.state.is_terminal:
            # The end reveals everything, so a viewer gets the whole log again at once.
            return self.events_seen(viewer)
        return events_for(events, viewer)

    def _delivery(self, viewer: int | None, events: list[Event], reset: bool = False) -> Delivery:
        state = self.state
        to_act = viewer is not None and viewer == state.current_player
        legal = state.legal_actions() if to_act else []
        reset = reset or state.is_terminal
        undo = viewer is not None and self.can_undo(viewer)
        return Delivery(viewer, self.seq, events, state.observation(viewer), legal, reset, undo)

    def _why_no_undo(self, seat: int) -> str:
        """The catalogue key of the reason ``seat`` may not undo now."""
        if not self.steps:
            return "error.undo.nothing"
        last = self.steps[-1]
        if self.state.is_terminal:
            return "error.undo.over"
        if last.seat != seat:
            return "error.undo.not_yours"
        return "error.undo.hidden"
