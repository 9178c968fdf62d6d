"""A tournament's results file: one JSON line per finished game, written as each game ends.

A 200-game tournament between searching bots takes hours of CPU. With a results file it
survives an interruption (Ctrl-C, a closed terminal, a machine that is stopped): run the same
command again and only the games missing from the file are played. The file also lets a
tournament grow (the first 100 games are reused when 200 are asked for) and be spread over
several sittings.

The first line names the tournament (game, players, agent list, seed, options): a file is
only ever resumed by the tournament that wrote it. Every other line is one game's outcome,
with its index, seed and seating, which must match the game the tournament would play at that
index. A last line cut short by a kill is dropped; any other damage is an error, so a
measurement is never silently mixed with something else.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import asdict, fields
from pathlib import Path
from typing import Any

from courtly.agents.levels import expand_agent_spec
from courtly.analysis.simulate import VARY_PLAYERS
from courtly.analysis.tournament import GameOutcome, GameTask
from courtly.core.errors import CourtlyError, UnusableFileError, Words, os_reason
from courtly.core.i18n import COURTLY
from courtly.core.options import typed
from courtly.core.registry import load_game
from courtly.core.state import Game

FORMAT = "courtly-tournament-games/1"
_TUPLE_FIELDS = {f.name for f in fields(GameOutcome)} - {"index", "seed"}


def tournament_key(
    game: str, players: int, agents: Sequence[str], seed: int, options: Mapping[str, Any]
) -> dict[str, Any]:
    """What identifies a tournament: everything that decides its games except their number.
    Difficulty levels are written out as the searches they stand for, so a file is not resumed
    by a level that has been re-tuned since."""
    key = {
        "game": game,
        "players": players,
        "agents": list(agents),
        "searches": [expand_agent_spec(game, spec) for spec in agents],
        "seed": seed,
        "options": dict(sorted(options.items())),
    }
    # Through JSON once, so that the key compares equal to the one read back from a file.
    loaded: dict[str, Any] = json.loads(json.dumps(key))
    return loaded


def saved_tournament_key(key: Any) -> Any:
    """A key read from a file as it reads today: an option added to its game after the file was
    written takes its legacy value (docs/formats.md, "Options added later"), the value the
    file's games were played by, so a later option does not make the file another tournament."""
    if not isinstance(key, dict) or not isinstance(key.get("options"), dict):
        return key
    try:
        options = load_game(str(key["game"])).resolve_options(key["options"], saved=True)
    except (CourtlyError, KeyError):
        return key  # not a game or options of today: it matches no tournament, as written
    return {**key, "options": dict(sorted(options.items()))}


def outcome_to_json(outcome: GameOutcome) -> dict[str, Any]:
    return {name: list(v) if isinstance(v, tuple) else v for name, v in asdict(outcome).items()}


def outcome_from_json(data: Mapping[str, Any]) -> GameOutcome:
    try:
        values: dict[str, Any] = {
            name: tuple(value) if name in _TUPLE_FIELDS else int(value)
            for name, value in data.items()
        }
        return GameOutcome(**values)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"not a game outcome: {exc}") from None


class ResultsFile:
    """The results file at ``path`` for the tournament identified by ``key``."""

    def __init__(self, path: Path, key: Mapping[str, Any]) -> None:
        self.path = path
        self.key = dict(key)

    def load(self, tasks: Sequence[GameTask]) -> dict[int, GameOutcome]:
        """The outcomes already in the file for ``tasks`` (by index); creates the file with its
        header line if it does not exist. Raises CourtlyError if the file belongs to another
        tournament or is damaged."""
        if not self.path.exists() or self.path.stat().st_size == 0:
            self._write_header()
            return {}
        try:
            raw = self.path.read_bytes()
        except OSError as exc:
            raise UnusableFileError.keyed(
                "error.results.read", path=self.path, reason=os_reason(exc)
            ) from None
        lines = raw.split(b"\n")
        if raw.endswith(b"\n"):
            lines.pop()
        elif len(lines) > 1 and not is_json(lines[-1]):
            # A kill in the middle of a write leaves a partial last line: that game is replayed.
            lines.pop()
            with self.path.open("r+b") as handle:
                handle.truncate(sum(len(line) + 1 for line in lines))
        header = self._parse(lines[0], 1)
        if header.get("format") != FORMAT:
            raise UnusableFileError.keyed("error.results.format", path=self.path)
        if saved_tournament_key(header.get("tournament")) != self.key:
            raise UnusableFileError.keyed(
                "error.results.other",
                path=self.path,
                theirs=_describe(header.get("tournament")),
                ours=_describe(self.key),
            )
        by_index = {task.index: task for task in tasks}
        done: dict[int, GameOutcome] = {}
        for number, line in enumerate(lines[1:], start=2):
            try:
                outcome = outcome_from_json(self._parse(line, number))
            except ValueError as exc:
                raise UnusableFileError.keyed(
                    "error.lines.line", path=self.path, line=number, reason=exc
                ) from None
            task = by_index.get(outcome.index)
            if task is None:
                continue  # a longer run of the same tournament: not needed for this many games
            if (outcome.seed, outcome.seat_specs) != (task.seed, task.seat_specs):
                raise UnusableFileError.keyed(
                    "error.results.dealt", path=self.path, line=number, index=outcome.index
                )
            done[outcome.index] = outcome
        return done

    def append(self, outcome: GameOutcome) -> None:
        with self.path.open("a", encoding="utf-8") as handle:
            handle.write(json.dumps(outcome_to_json(outcome)) + "\n")

    def _write_header(self) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.path.write_text(
                json.dumps({"format": FORMAT, "tournament": self.key}) + "\n", encoding="utf-8"
            )
        except OSError as exc:
            raise UnusableFileError.keyed(
                "error.results.write", path=self.path, reason=os_reason(exc)
            ) from None

    def _parse(self, line: bytes, number: int) -> dict[str, Any]:
        return json_object_line(self.path, line, number)


def json_object_line(path: Path, line: bytes, number: int) -> dict[str, Any]:
    """Line ``number`` of the JSON lines file ``path``, which must hold a JSON object."""
    try:
        data = json.loads(line)
    except ValueError:
        data = None
    if not isinstance(data, dict):
        raise UnusableFileError.keyed("error.lines.object", path=path, line=number)
    return data


def is_json(line: bytes) -> bool:
    try:
        json.loads(line)
    except ValueError:
        return False
    return True


def _describe(key: Any) -> Words:
    """A tournament's key as its reader reads it (the game's title, its options' words)."""
    return Words.of(lambda lang: describe_run(key, lang))


def describe_run(key: Any, lang: str) -> str:
    """A run's key (a tournament's, or a report's with its ``vary``) in ``lang``: what a
    message naming another run shows of it."""
    if not isinstance(key, dict):
        return COURTLY.text("report.run.unreadable", lang)
    game = _game(key.get("game"))
    title = str(key.get("game")) if game is None else game.text("game.title", lang, game.title)
    agents = key.get("agents")
    words = COURTLY.text(
        "report.run",
        lang,
        game=title,
        players=key.get("players"),
        agents=",".join(str(a) for a in agents) if isinstance(agents, list) else "?",
        seed=key.get("seed"),
    )
    vary = key.get("vary")
    varied = vary[0] if isinstance(vary, list) and vary else None
    options = key.get("options")
    if isinstance(options, dict):
        # Only what differs from the game's defaults: what tells one run from another.
        shown = options_text(key.get("game"), options, lang, leave_out=varied, changed=True)
        if shown:
            words += COURTLY.text("report.run.options", lang, options=shown)
    if varied is not None:
        words += COURTLY.text("report.run.varying", lang, name=vary_label(game, str(varied), lang))
    return words


def _game(name: Any) -> Game | None:
    try:
        return load_game(str(name))
    except CourtlyError:
        return None  # a game of another installation: its options are shown as typed


def option_label(game: Game | None, name: str, lang: str) -> str:
    """An option's name as the lobby labels it (``option.NAME`` of the game's catalogue)."""
    return name if game is None else game.text(f"option.{name}", lang, name)


def option_value(game: Game | None, name: str, value: Any, lang: str) -> str:
    """An option's value as a player reads it: yes or no for true and false, the default
    word for an empty value (no scoring pair, no new player: what the option's default
    means), a word of the game's vocabulary (``term.NAME.VALUE``, as the lobby looks it up)
    where it has one, else as it is typed (``remember``, ``1,4``)."""
    if isinstance(value, bool):
        return COURTLY.text("report.option.yes" if value else "report.option.no", lang)
    if value == "":
        return COURTLY.text("report.option.default", lang)
    shown = typed(value)
    return shown if game is None else game.text(f"term.{name}.{shown}", lang, shown)


def vary_label(game: Game | None, name: str, lang: str) -> str:
    """What a report varies, as its reader reads it: the player count in words, an option by
    its label (:func:`option_label`), never as typed (``spy_memory``)."""
    if name == VARY_PLAYERS:
        return COURTLY.text("report.vary.players", lang)
    return option_label(game, name, lang)


def vary_value(game: Game | None, name: str, value: Any, lang: str) -> str:
    """A value of what a report varies: a player count as its number, an option's value as a
    player reads it (:func:`option_value`)."""
    return str(value) if name == VARY_PLAYERS else option_value(game, name, value, lang)


def vary_text(game: Game | None, name: str, value: Any, lang: str) -> str:
    """What a report varies and one of its values, as the facts name an option (``Spy memory:
    remember``, ``players: 3``)."""
    return COURTLY.text(
        "report.option",
        lang,
        name=vary_label(game, name, lang),
        value=vary_value(game, name, value, lang),
    )


def options_text(
    game_name: Any,
    options: Mapping[str, Any],
    lang: str,
    leave_out: str | None = None,
    changed: bool = False,
) -> str:
    """Options as a player reads them, in the order the game declares them (as the lobby and
    ``courtly games`` list them): ``Turn limit: 200; Battle: yes``. ``changed``: only those
    not at their default."""
    game = _game(game_name)
    defaults = {} if game is None else {spec.name: spec.default for spec in game.options}
    names = [name for name in defaults if name in options]
    names += sorted(name for name in options if name not in defaults)
    return "; ".join(
        COURTLY.text(
            "report.option",
            lang,
            name=option_label(game, name, lang),
            value=option_value(game, name, options[name], lang),
        )
        for name in names
        if name != leave_out and not (changed and defaults.get(name, object()) == options[name])
    )
