"""Game records: everything needed to replay a game exactly, as JSON.

A record holds the full action list, so it is the omniscient log. It grows one way while a
game is played (:meth:`GameRecord.add`) and is replayed one way, by a ``Table``
(``courtly.core.table``; ``courtly.core.replay`` for a seat's view of it): trusted only once it
replays completely, one fingerprint per position, each equal to the replayed one, and the
stored result equal to the replayed result.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from courtly.core.actions import Action
from courtly.core.errors import RecordError, Words, os_reason
from courtly.core.i18n import seat_text, text
from courtly.core.state import State

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

    def add(self, action: Action, after: State, fingerprint: str | None = None) -> None:
        """Note that ``action`` was played, giving ``after`` (whose fingerprint a caller that
        already has it passes): the one way a record grows while a game is played."""
        self.actions.append(action.to_json())
        self.fingerprints.append(after.fingerprint() if fingerprint is None else fingerprint)
        if after.is_terminal:
            self.result = result_of(after)

    def first(self, actions: int) -> GameRecord:
        """The record of this game's first ``actions`` actions (undo, a game stopped there)."""
        whole = actions >= len(self.actions)
        return GameRecord(
            game=self.game,
            num_players=self.num_players,
            options=dict(self.options),
            seats=list(self.seats),
            seed=self.seed,
            actions=self.actions[:actions],
            fingerprints=self.fingerprints[: actions + 1],
            result=self.result if whole else None,
        )

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


def new_record(
    state: State, seats: Sequence[str], seed: int, fingerprinted: bool = True
) -> GameRecord:
    """The record of a game starting at ``state``, with its opening fingerprint unless it is
    not ``fingerprinted`` (a game played for its outcome only, whose record nobody keeps)."""
    return GameRecord(
        game=state.game.name,
        num_players=state.num_players,
        options=dict(state.options),
        seats=list(seats),
        seed=seed,
        fingerprints=[state.fingerprint()] if fingerprinted else [],
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


def result_text(result: Mapping[str, Any] | None, lang: str) -> str:
    """A record's result in words, for the error that says it is not what the actions give."""
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
