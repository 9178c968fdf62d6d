"""A game in progress: the state, its record, what each viewer has been told, and undo.

Terminal play, resumed games and the table server all hold the same thing, so it lives here
once, with no I/O: a front asks a :class:`Table` what a viewer may see (:meth:`Table.snapshot`)
and tells it what a seat did (:meth:`Table.act`); every answer is built for one viewer from
``observation`` and ``events_for``, never built once and filtered.

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
)
from courtly.core.events import Event
from courtly.core.records import GameRecord, new_record, result_of
from courtly.core.seat import SeatView
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
        return {
            "viewer": self.viewer,
            "seq": self.seq,
            "reset": self.reset,
            "can_undo": self.can_undo,
            "events": [e.to_json() for e in self.events],
            "observation": self.observation,
            "legal_actions": [
                {"id": a.id, "action": a.to_json(), "text": a.describe()}
                for a in self.legal_actions
            ],
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
    """One game in progress with its record; ``seq`` grows with every act and undo."""

    def __init__(
        self,
        game: Game,
        num_players: int,
        *,
        seed: int,
        options: Mapping[str, Any] | None = None,
        seats: Sequence[str] | None = None,
    ) -> None:
        self.game = game
        self.state: State = game.new_game(num_players, seed=seed, options=options)
        names = list(seats) if seats is not None else [f"seat {p + 1}" for p in range(num_players)]
        if len(names) != num_players:
            raise CourtlyError.keyed("error.table.names", names=len(names), players=num_players)
        self.record: GameRecord = new_record(self.state, names, seed)
        self.steps: list[Step] = []
        self.seq = 0

    @classmethod
    def from_record(cls, game: Game, record: GameRecord, *, seq: int | None = None) -> Table:
        """The table a record describes, every fingerprint checked (RecordError if one differs,
        or if the record's result is not what its actions give)."""
        if record.game != game.name:
            raise RecordError.keyed("error.record.game", record=record.game, game=game.name)
        try:
            table = cls(
                game,
                record.num_players,
                seed=record.seed,
                options=game.resolve_options(record.options, saved=True),
                seats=record.seats or None,
            )
        except CourtlyError as exc:
            raise RecordError.keyed("error.record.start", reason=exc) from None
        if record.fingerprints and record.fingerprints[0] != table.state.fingerprint():
            raise RecordError.keyed("error.table.diverges", step=0)
        for index, action in enumerate(record.actions, start=1):
            seat = table.state.current_player
            if seat is None:
                raise RecordError.keyed("error.table.after_end", step=index)
            try:
                table._play(seat, action)
            except CourtlyError as exc:
                raise RecordError.keyed("error.record.action", step=index, reason=exc) from None
            stored = record.fingerprints[index] if index < len(record.fingerprints) else None
            if stored is not None and stored != table.record.fingerprints[index]:
                raise RecordError.keyed("error.table.diverges", step=index)
        if record.result is not None and record.result != table.record.result:
            raise RecordError.keyed("error.table.result")
        table.record.seats = list(record.seats)
        table.seq = len(record.actions) if seq is None else seq
        return table

    # --- what viewers may know --------------------------------------------------------

    def viewers(self) -> list[int | None]:
        """Every seat, then None for the spectators."""
        return [*range(self.state.num_players), None]

    def events_seen(self, viewer: int | None) -> list[Event]:
        """The log as ``viewer`` may see it: everything once the game is over."""
        if viewer is not None:
            self.state.check_seat(viewer)
        over = self.state.is_terminal
        return [e for step in self.steps for e in step.events if over or e.visible_to(viewer)]

    def snapshot(self, viewer: int | None) -> Delivery:
        """Everything ``viewer`` needs to draw the table from nothing (a (re)connect)."""
        return self._delivery(viewer, self.events_seen(viewer), reset=True)

    def seat_view(self, seat: int) -> SeatView:
        """What a bot in ``seat`` is given: never the state itself. Its observation is made now,
        as the table does not know when the view's reader is done with it."""
        return SeatView(self.state, self.state.check_seat(seat), observe_now=True)

    # --- changes ---------------------------------------------------------------------------

    def act(
        self, seat: int, seq: int, action: Action | int | Mapping[str, Any] | str
    ) -> Deliveries:
        """Play ``action`` for ``seat``, who saw the table at ``seq``; what each viewer is told.

        Raises (and changes nothing) for a stale ``seq``, a seat that is not to act, or an
        action that is malformed or illegal."""
        self.state.check_seat(seat)
        if seq != self.seq:
            raise StaleSequenceError.keyed("error.table.stale", seen=seq, now=self.seq)
        events = self._play(seat, action)
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
        actions = self.record.actions[:-1]
        seats = list(self.record.seats)
        rebuilt = Table(
            self.game,
            self.state.num_players,
            seed=self.record.seed,
            options=self.record.options,
            seats=seats,
        )
        for action in actions:
            current = rebuilt.state.current_player
            assert current is not None  # these actions were played before
            rebuilt._play(current, action)
        self.state, self.record, self.steps = rebuilt.state, rebuilt.record, rebuilt.steps
        self.seq += 1
        return Deliveries(self, self.snapshot)

    # --- inside -----------------------------------------------------------------------------

    def _play(self, seat: int, action: Action | int | Mapping[str, Any] | str) -> list[Event]:
        played = self.state.action_space.resolve(action)
        reveals = self.state.reveals
        events = self.state.apply(played, player=seat)
        self.record.actions.append(played.to_json())
        self.record.fingerprints.append(self.state.fingerprint())
        if self.state.is_terminal:
            self.record.result = result_of(self.state)
        self.steps.append(Step(seat, events, self.state.reveals == reveals))
        return events

    def _visible(self, events: list[Event], viewer: int | None) -> list[Event]:
        if self.state.is_terminal:
            # The end reveals everything, so a viewer gets the whole log again at once.
            return self.events_seen(viewer)
        return [e for e in events if e.visible_to(viewer)]

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
