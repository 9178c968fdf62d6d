"""What the Store holds, as the rest of the server reads it: a table and its seats, an action
to append, what a status change found, and the states and kinds they take."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from courtly.core.i18n import COURTLY, ENGLISH, seat_text
from courtly.core.records import GameRecord

# Table states. A table waits until its owner starts it, is played, then is finished (the game
# ended) or ended (its owner closed it before the end).
WAITING, PLAYING, FINISHED, ENDED = "waiting", "playing", "finished", "ended"
ACTIVE = (WAITING, PLAYING)

# Seat kinds: ``open`` waits for a person to take it by its invite link, ``person`` is taken,
# ``bot`` is played by an agent spec, ``hotseat`` is held by the table's creator.
OPEN, PERSON, BOT, HOTSEAT = "open", "person", "bot", "hotseat"


class ConflictError(Exception):
    """The table changed in the database since this process last saw it (another process)."""


@dataclass(frozen=True)
class Transition:
    """What a status change found: whether it was made, and the table's stored status and
    sequence number afterwards (both as stored, whatever this process believed)."""

    changed: bool
    status: str | None
    seq: int


@dataclass(frozen=True)
class Append:
    """One action to store, with what it changes in its table's row."""

    table_id: str
    ply: int
    seat: int
    action: dict[str, Any]
    fingerprint: str
    seq: int
    status: str
    result: dict[str, Any] | None
    # Who may act for the seat, checked in the same transaction: the token hash of the
    # person's connection, or None for a bot seat. A seat freed or given to a bot by another
    # process meanwhile is no longer theirs, and its act is refused.
    holder: str | None = None


@dataclass
class StoredSeat:
    seat: int
    kind: str
    bot_spec: str | None = None
    name: str | None = None
    token_hash: str | None = None
    # The account it is played under (its name is the account's), None for a guest; a seat
    # with an account and no name is a deleted player's.
    account_id: str | None = None

    def label(self, lang: str = ENGLISH) -> str:
        """How the record names this seat, in ``lang``: the person's name or the bot's spec;
        a deleted account's seat as the table and profile pages name it ("deleted player"),
        a seat nobody named by its number ("seat 3", counted from 1 as the kernel's Table)."""
        if self.kind == BOT and self.bot_spec:
            return self.bot_spec
        if self.name:
            return self.name
        if self.account_id is not None:
            return COURTLY.text("player.deleted", lang)
        return seat_text(self.seat, lang)


@dataclass
class StoredTable:
    id: str
    game: str
    num_players: int
    options: dict[str, Any]
    seed: int
    start_fingerprint: str
    status: str
    seq: int
    owner_hash: str
    spectator_hash: str
    seats: list[StoredSeat]
    created_at: datetime
    updated_at: datetime
    result: dict[str, Any] | None = None
    finished_at: datetime | None = None
    actions: list[dict[str, Any]] = field(default_factory=list)
    fingerprints: list[str] = field(default_factory=list)
    acted_by: list[int] = field(default_factory=list)  # the seat of each action
    hints: bool = False  # its players may ask for a hint for their own seat (docs/server.md)
    spectator_chat: bool = False  # its spectators may write in its chat (docs/server.md)
    muted: list[int] = field(default_factory=list)  # the seats its owner muted in the chat
    rated: bool = False  # its finished game changes its accounts' ratings (docs/server.md)
    quick: bool = False  # seated by quick play: "Play now" (docs/server.md)
    fill_after: int | None = None  # seconds of waiting before bots take its open seats
    clock: dict[str, Any] | None = None  # its pace and clocks (courtly.server.clocks)

    def record(self) -> GameRecord:
        """The game record: seed, every action and fingerprint, as ``courtly replay`` reads it."""
        return GameRecord(
            game=self.game,
            num_players=self.num_players,
            options=dict(self.options),
            seats=[s.label() for s in self.seats],
            seed=self.seed,
            actions=list(self.actions),
            fingerprints=[self.start_fingerprint, *self.fingerprints],
            result=self.result,
        )
