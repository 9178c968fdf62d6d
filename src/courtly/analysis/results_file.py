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
from courtly.analysis.tournament import GameOutcome, GameTask
from courtly.core.errors import CourtlyError
from courtly.core.registry import load_game

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
            raise CourtlyError.keyed("error.results.read", path=self.path, reason=exc) from None
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
            raise CourtlyError.keyed("error.results.format", path=self.path)
        if saved_tournament_key(header.get("tournament")) != self.key:
            raise CourtlyError.keyed(
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
                raise CourtlyError.keyed(
                    "error.lines.line", path=self.path, line=number, reason=exc
                ) from None
            task = by_index.get(outcome.index)
            if task is None:
                continue  # a longer run of the same tournament: not needed for this many games
            if (outcome.seed, outcome.seat_specs) != (task.seed, task.seat_specs):
                raise CourtlyError.keyed(
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
            raise CourtlyError.keyed("error.results.write", path=self.path, reason=exc) from None

    def _parse(self, line: bytes, number: int) -> dict[str, Any]:
        return json_object_line(self.path, line, number)


def json_object_line(path: Path, line: bytes, number: int) -> dict[str, Any]:
    """Line ``number`` of the JSON lines file ``path``, which must hold a JSON object."""
    try:
        data = json.loads(line)
    except ValueError:
        data = None
    if not isinstance(data, dict):
        raise CourtlyError.keyed("error.lines.object", path=path, line=number)
    return data


def is_json(line: bytes) -> bool:
    try:
        json.loads(line)
    except ValueError:
        return False
    return True


def _describe(key: Any) -> str:
    if not isinstance(key, dict):
        return "unreadable"
    agents = ",".join(str(a) for a in key.get("agents", []))
    return (
        f"{key.get('game')}, {key.get('players')} players, agents {agents}, "
        f"seed {key.get('seed')}, options {key.get('options')}"
    )
