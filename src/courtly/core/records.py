"""Game records: everything needed to replay a game exactly, as JSON.

A record holds the full action list, so it is the omniscient log; :func:`replay_for` filters
what it shows to one seat, and shows everything only once the game is over.

A record is trusted only once it replays completely (:func:`replay`): one fingerprint per
position, each equal to the replayed one, and the stored result equal to the replayed result.
A record cut short, with a fingerprint missing or a result written by hand is refused with
the step where it stops agreeing.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from courtly.core.errors import CourtlyError, RecordError, Words, os_reason
from courtly.core.events import Event
from courtly.core.i18n import seat_text, text
from courtly.core.state import Game, State

RECORD_FORMAT = "courtly-record"
RECORD_VERSION = 1


def write_atomically(path: Path, content: str) -> None:
    """``content`` into ``path`` through a temporary file in the same folder, flushed to the
    disk and then renamed over ``path`` (a rename within one file system is atomic)."""
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        # mkstemp makes the file private (0600); a record gets the mode a new file would have.
        if hasattr(os, "fchmod"):
            os.fchmod(handle, 0o666 & ~_umask())
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(content)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    # The rename itself reaches the disk once the folder is flushed (where folders can be).
    try:
        folder = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(folder)
    except OSError:
        pass
    finally:
        os.close(folder)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


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
        """Write the record to ``path`` atomically: a reader (or a crash halfway) sees the old
        file whole or the new one whole, never a record cut short."""
        try:
            write_atomically(Path(path), self.dumps() + "\n")
        except OSError as exc:
            raise RecordError.keyed(
                "error.record.write", path=path, reason=os_reason(exc)
            ) from None

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        if isinstance(data, str | bytes):
            try:
                data = json.loads(data)
            except json.JSONDecodeError as exc:
                raise RecordError.keyed(
                    "error.record.json", reason=exc.msg, line=exc.lineno, column=exc.colno
                ) from None
        if not isinstance(data, Mapping) or data.get("format") != RECORD_FORMAT:
            raise RecordError.keyed("error.record.format", format=RECORD_FORMAT)
        if data.get("version") != RECORD_VERSION:
            raise RecordError.keyed("error.record.version", version=data.get("version"))
        return cls(
            game=_field(data, "game", str),
            num_players=_field(data, "num_players", int),
            options=_field(data, "options", dict, {}),
            seats=[str(s) for s in _field(data, "seats", list, [])],
            seed=_field(data, "seed", int),
            actions=_field(data, "actions", list, []),
            # A missing fingerprint (null) stays visible as "" so the replay can name its step.
            fingerprints=[
                f if isinstance(f, str) else "" for f in _field(data, "fingerprints", list, [])
            ],
            result=_field(data, "result", dict, None),
        )

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        try:
            raw = Path(path).read_bytes()
        except OSError as exc:
            raise RecordError.keyed("error.file.read", path=path, reason=os_reason(exc)) from None
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RecordError.keyed("error.record.utf8", path=path, byte=exc.start) from None
        return cls.from_json(text)


# The catalogue's word (``error.type.<word>``) for each type a record's field may have.
_TYPE_WORDS = {str: "text", int: "integer", list: "list", dict: "object"}


def _field(data: Mapping[str, Any], key: str, kind: type, default: Any = ...) -> Any:
    """``data[key]`` if it has type ``kind`` (the default when absent or null, if there is one)."""
    value = data.get(key)
    if value is None:
        if default is ...:
            raise RecordError.keyed("error.record.missing", key=key)
        return default
    if not isinstance(value, kind) or isinstance(value, bool):
        raise RecordError.keyed(
            "error.record.type",
            key=key,
            kind=Words.of(lambda lang: text(f"error.type.{_TYPE_WORDS[kind]}", lang)),
            value=value,
        )
    return value


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


def check_complete(record: GameRecord) -> None:
    """Refuse a record that does not hold one fingerprint per position (the opening, then one
    after each action): such a record was cut short or edited, and cannot be verified."""
    actions, prints = len(record.actions), record.fingerprints
    if len(prints) > actions + 1:
        raise RecordError.keyed("error.record.short", prints=len(prints), actions=actions)
    for step in range(actions + 1):
        if step >= len(prints) or not prints[step]:
            raise RecordError.keyed("error.record.no_fingerprint", step=step)


def _result_text(result: Mapping[str, Any] | None, lang: str) -> str:
    if result is None:
        return text("error.record.no_result", lang)
    winners = result.get("winners")
    named = (
        text("term.separator", lang).join(seat_text(w, lang) for w in winners if isinstance(w, int))
        if isinstance(winners, list)
        else repr(winners)
    )
    return text(
        "error.record.scores",
        lang,
        scores=result.get("scores"),
        winners=named or text("error.record.nobody", lang),
    )


def replay(game: Game, record: GameRecord) -> Iterator[tuple[State, list[Event]]]:
    """Yield the state after each action (the first with no events: the start), verifying the
    whole record: every fingerprint present and equal, and the stored result equal to the
    replayed one. Raises RecordError naming the first step that differs. The same state object
    is yielded each time, changed in place."""
    if record.game != game.name:
        raise RecordError.keyed("error.record.game", record=record.game, game=game.name)
    check_complete(record)
    try:
        options = game.resolve_options(record.options, saved=True)
        state = game.new_game(record.num_players, seed=record.seed, options=options)
    except CourtlyError as exc:
        raise RecordError.keyed("error.record.start", reason=exc) from None
    prints = record.fingerprints

    def check(step: int) -> None:
        if prints[step] != state.fingerprint():
            raise RecordError.keyed(
                "error.record.diverges",
                step=step,
                stored=prints[step],
                replayed=state.fingerprint(),
            )

    check(0)
    yield state, []
    for step, action in enumerate(record.actions, start=1):
        seat = state.current_player
        if seat is None:
            raise RecordError.keyed("error.record.after_end", step=step, end=step - 1)
        try:
            played = state.action_space.resolve(action)
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
        events = state.apply(played)
        check(step)
        yield state, events
    last = len(record.actions)
    if state.is_terminal:
        replayed = result_of(state)
        if record.result != replayed:
            raise RecordError.keyed(
                "error.record.result",
                stored=Words.of(lambda lang: _result_text(record.result, lang)),
                step=last,
                replayed=Words.of(lambda lang: _result_text(replayed, lang)),
            )
    elif record.result is not None:
        raise RecordError.keyed("error.record.unfinished", step=last)


@dataclass
class Replayed:
    """A verified record as one viewer saw it."""

    opening: dict[str, Any]  # the viewer's observation at step 0: its starting hand, secrets...
    events: list[Event]  # what the viewer saw (every event, once the game is over)
    final: State

    @property
    def public_now(self) -> bool:
        """Whether the game is over, so that nothing in it is hidden any more."""
        return self.final.is_terminal


def replay_for(game: Game, record: GameRecord, seat: int | None = None) -> Replayed:
    """Verify ``record`` (:func:`replay`) and keep what ``seat`` saw (None: everything, the
    omniscient log). Once the game is over every event is shown, hidden ones included."""
    if seat is not None and not 0 <= seat < record.num_players:
        raise RecordError.keyed("error.record.seat", players=record.num_players, seat=seat + 1)
    opening: dict[str, Any] = {}
    steps: list[list[Event]] = []
    final: State | None = None
    for state, events in replay(game, record):
        if final is None:
            opening = state.observation(seat)
        final = state
        steps.append(events)
    assert final is not None  # replay always yields the start
    reveal_all = seat is None or final.is_terminal
    shown = [e for events in steps for e in events if reveal_all or e.visible_to(seat)]
    return Replayed(opening, shown, final)


def replay_events(game: Game, record: GameRecord, seat: int | None = None) -> Iterator[Event]:
    """The log as ``seat`` saw it (None: everything, the omniscient log). Once the game is over
    every event is shown, hidden ones included."""
    yield from replay_for(game, record, seat).events
