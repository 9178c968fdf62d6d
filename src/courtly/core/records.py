"""Game records: everything needed to replay a game exactly, as JSON.

A record holds the full action list, so it is the omniscient log; :func:`replay_events`
filters what it shows to one seat, and shows everything only once the game is over.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from courtly.core.errors import CourtlyError, RecordError
from courtly.core.events import Event
from courtly.core.state import Game, State

RECORD_FORMAT = "courtly-record"
RECORD_VERSION = 1


@dataclass
class GameRecord:
    game: str
    num_players: int
    options: dict[str, Any]
    seats: list[str]
    seed: int
    actions: list[dict[str, Any]] = field(default_factory=list)
    fingerprints: list[str] = field(default_factory=list)
    result: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": self.game,
            "num_players": self.num_players,
            "options": self.options,
            "seats": self.seats,
            "seed": self.seed,
            "actions": self.actions,
            "fingerprints": self.fingerprints,
            "result": self.result,
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.dumps() + "\n", encoding="utf-8")

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        if isinstance(data, str | bytes):
            try:
                data = json.loads(data)
            except json.JSONDecodeError as exc:
                raise RecordError(f"record is not valid JSON: {exc}") from None
        if not isinstance(data, Mapping) or data.get("format") != RECORD_FORMAT:
            raise RecordError(f"not a courtly game record (format must be {RECORD_FORMAT!r})")
        if data.get("version") != RECORD_VERSION:
            raise RecordError(f"record version {data.get('version')!r} is not supported")
        try:
            return cls(
                game=str(data["game"]),
                num_players=int(data["num_players"]),
                options=dict(data.get("options") or {}),
                seats=[str(s) for s in data.get("seats") or []],
                seed=int(data["seed"]),
                actions=list(data.get("actions") or []),
                fingerprints=[str(f) for f in data.get("fingerprints") or []],
                result=data.get("result"),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"malformed record: {type(exc).__name__}: {exc}") from None

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise RecordError(f"cannot read {path}: {exc}") from None
        return cls.from_json(text)


def result_of(state: State) -> dict[str, Any]:
    return {"scores": state.scores(), "winners": state.winners()}


def new_record(state: State, seats: Sequence[str], seed: int) -> GameRecord:
    return GameRecord(
        game=state.game.name,
        num_players=state.num_players,
        options=dict(state.options),
        seats=list(seats),
        seed=seed,
        fingerprints=[state.fingerprint()],
    )


def replay(game: Game, record: GameRecord) -> Iterator[tuple[State, list[Event]]]:
    """Yield the state after each action (the first with no events: the start), checking every
    fingerprint the record holds. Raises RecordError at the first divergence."""
    if record.game != game.name:
        raise RecordError(f"record is for {record.game!r}, not {game.name!r}")
    try:
        state = game.new_game(record.num_players, seed=record.seed, options=record.options)
    except CourtlyError as exc:
        raise RecordError(f"record cannot start its game: {exc}") from None
    prints = record.fingerprints

    def check(index: int) -> None:
        if index < len(prints) and prints[index] != state.fingerprint():
            raise RecordError(f"replay diverges from the record at step {index}")

    check(0)
    yield state, []
    for index, action in enumerate(record.actions, start=1):
        try:
            events = state.apply(action)
        except CourtlyError as exc:
            raise RecordError(f"record action {index} cannot be played: {exc}") from None
        check(index)
        yield state, events
    if record.result is not None and state.is_terminal and record.result != result_of(state):
        raise RecordError("replay ends with a different result than the record")


def replay_events(game: Game, record: GameRecord, seat: int | None = None) -> Iterator[Event]:
    """The log as ``seat`` saw it (None: everything, the omniscient log). Once the game is over
    every event is shown, hidden ones included."""
    steps = list(replay(game, record))
    final = steps[-1][0]
    reveal_all = seat is None or final.is_terminal
    for _state, events in steps:
        for event in events:
            if reveal_all or event.visible_to(seat):
                yield event
