"""``courtly replay``: a record verified step by step, then its log as one seat (or everyone)
saw it. A record that does not verify is refused before anything of it is shown."""

from __future__ import annotations

from rich.rule import Rule

from courtly.cli.common import console
from courtly.cli.scoreboard import scoreboard, seat_label, winners_line
from courtly.core.errors import RecordError, UnknownGameError
from courtly.core.i18n import current_language
from courtly.core.records import GameRecord, replay_for
from courtly.core.registry import load_game
from courtly.core.state import Game


def record_game(record: GameRecord) -> Game:
    """The game a record is of; a record of a game not installed here is a file that cannot be
    used (exit code 1), not a mistake on the command line."""
    try:
        return load_game(record.game)
    except UnknownGameError as exc:
        raise RecordError(f"the record is of a game that is not installed here: {exc}") from None


def replay_record(path: str, as_seat: int | None) -> None:
    """Print the verified record at ``path`` as seat ``as_seat`` (numbered from 1) saw it, or
    the whole log when ``as_seat`` is None."""
    record = GameRecord.load(path)
    game = record_game(record)
    seat = None if as_seat is None else as_seat - 1
    replayed = replay_for(game, record, seat)
    names = record.seats or [f"seat {p + 1}" for p in range(record.num_players)]
    steps = len(record.actions)
    if seat is not None:
        label = seat_label(seat, names[seat])
        console.print(Rule(f"What {label} saw at the start"))
        console.print(game.render(replayed.opening))
        if replayed.public_now:
            console.print(
                "The game is over, so everything in it is public now: the log below shows "
                "every event, hidden ones included.",
                highlight=False,
            )
        else:
            console.print(f"The log below shows only what {label} saw.", highlight=False)
    console.print(Rule("Log"))
    lang = current_language()
    for event in replayed.events:
        console.print(game.event_text(event, lang), markup=False, highlight=False)
    final = replayed.final
    if final.is_terminal:
        console.print(Rule("Game over"))
        console.print(scoreboard(final, names))
        console.print(f"[bold]{winners_line(final, names)}[/]", highlight=False)
    else:
        decisions = "1 decision" if steps == 1 else f"{steps} decisions"
        console.print(f"The record stops before the end of the game, after {decisions}.")
    result = " and the result" if record.result is not None else ""
    console.print(
        f"[green]Verified:[/] all {steps + 1} positions match their fingerprints{result}.",
        highlight=False,
    )
