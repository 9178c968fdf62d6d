"""``courtly replay``: a record verified step by step, then its log as one seat (or everyone)
saw it. A record that does not verify is refused before anything of it is shown."""

from __future__ import annotations

from rich.rule import Rule

from courtly.cli.common import console
from courtly.cli.scoreboard import scoreboard, seat_label, winners_line
from courtly.core.errors import RecordError, UnknownGameError
from courtly.core.i18n import current_language, seat_text, text
from courtly.core.records import GameRecord
from courtly.core.registry import load_game
from courtly.core.render import event_text
from courtly.core.replay import replay_for
from courtly.core.state import Game


def record_game(record: GameRecord) -> Game:
    """The game a record is of; a record of a game not installed here is a file that cannot be
    used (exit code 1), not a mistake on the command line."""
    try:
        return load_game(record.game)
    except UnknownGameError as exc:
        raise RecordError.keyed("error.record.not_installed", reason=exc) from None


def replay_record(path: str, as_seat: int | None) -> None:
    """Print the verified record at ``path`` as seat ``as_seat`` (numbered from 1) saw it, or
    the whole log when ``as_seat`` is None."""
    record = GameRecord.load(path)
    game = record_game(record)
    seat = None if as_seat is None else as_seat - 1
    replayed = replay_for(game, record, seat)
    lang = current_language()
    names = record.seats or [seat_text(p, lang) for p in range(record.num_players)]
    steps = len(record.actions)
    if seat is not None:
        label = seat_label(seat, names[seat])
        console.print(Rule(text("cli.replay.opening", seat=label)))
        console.print(game.render(replayed.opening))
        if replayed.public_now:
            console.print(text("cli.replay.public_now"), highlight=False)
        else:
            console.print(text("cli.replay.only_seen", seat=label), highlight=False)
    console.print(Rule(text("cli.replay.log")))
    for event in replayed.events:
        console.print(event_text(game, event, lang), markup=False, highlight=False)
    final = replayed.final
    if final.is_terminal:
        console.print(Rule(text("cli.game_over")))
        console.print(scoreboard(final, names))
        console.print(f"[bold]{winners_line(final, names)}[/]", highlight=False)
    else:
        key = "cli.replay.unfinished_one" if steps == 1 else "cli.replay.unfinished"
        console.print(text(key, n=steps))
    verified = "cli.replay.verified_result" if record.result is not None else "cli.replay.verified"
    console.print(
        f"[green]{text('cli.replay.verified_mark')}[/] {text(verified, n=steps + 1)}",
        highlight=False,
    )
