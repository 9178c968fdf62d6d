"""A report's games on disk: ``games.jsonl`` in the report folder, one line per finished game.

The first line names the run (game, players, agents, seed, options, the varied option and its
values); every other line is one game, written as soon as it finishes. Running the same
report again with the same folder reads the file back and plays only the games it lacks, so an
interrupted report resumes, and a report can grow (the first 1,000 games are kept when 5,000
are asked for). The file is read line by line, never whole: memory does not grow with it.

A last line cut short by a kill is dropped; anything else that does not fit is an error, so a
report never mixes games of two different runs.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import IO, Any

from courtly.analysis.results_file import describe_run, is_json, json_object_line
from courtly.analysis.simulate import GameOutcome
from courtly.core.errors import UnusableFileError, Words, os_reason

FORMAT = "courtly-report-games/1"
FILE_NAME = "games.jsonl"


def outcome_to_json(outcome: GameOutcome) -> dict[str, Any]:
    # Timings are left out: the file holds what the games were, the same on every machine.
    return {
        "index": outcome.index,
        "seed": outcome.seed,
        "varied": outcome.varied,
        "scores": outcome.scores,
        "winners": outcome.winners,
        "decisions": outcome.decisions,
        "error": outcome.error,
        "statistics": outcome.statistics,
    }


def outcome_from_json(data: Mapping[str, Any]) -> GameOutcome:
    try:
        return GameOutcome(
            index=int(data["index"]),
            seed=int(data["seed"]),
            scores=[float(s) for s in data["scores"]],
            winners=[int(w) for w in data["winners"]],
            decisions=int(data["decisions"]),
            error=None if data["error"] is None else str(data["error"]),
            varied=data["varied"],
            statistics=dict(data["statistics"]),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"not a game of a report ({type(exc).__name__}: {exc})") from None


class ReportStore:
    """The games file of the report in ``folder``, for the run identified by ``key``."""

    def __init__(self, folder: Path, key: Mapping[str, Any]) -> None:
        self.path = folder / FILE_NAME
        # Through JSON once, so that the key compares equal to the one read back.
        self.key: dict[str, Any] = json.loads(json.dumps(dict(key)))
        self._handle: IO[str] | None = None
        # A complete last line that lost only its newline to a kill.
        self._needs_newline = False

    def existing(self) -> Iterator[GameOutcome]:
        """The games already in the file; creates it with its header line if there is none."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            if not self.path.exists() or self.path.stat().st_size == 0:
                self.path.write_text(
                    json.dumps({"format": FORMAT, "report": self.key}) + "\n", encoding="utf-8"
                )
                return
        except OSError as exc:
            raise UnusableFileError.keyed(
                "error.file.write", path=self.path, reason=os_reason(exc)
            ) from None
        yield from self._read()

    def open(self) -> None:
        """Open the file for :meth:`append` (after :meth:`existing` has been read)."""
        try:
            self._handle = self.path.open("a", encoding="utf-8")
        except OSError as exc:
            raise UnusableFileError.keyed(
                "error.file.write", path=self.path, reason=os_reason(exc)
            ) from None
        if self._needs_newline:
            self._handle.write("\n")
            self._needs_newline = False

    def append(self, outcome: GameOutcome) -> None:
        assert self._handle is not None, "open() the store first"
        self._handle.write(json.dumps(outcome_to_json(outcome)) + "\n")
        self._handle.flush()

    def close(self) -> None:
        if self._handle is not None:
            self._handle.close()
            self._handle = None

    def games(self) -> Iterator[GameOutcome]:
        """Every game in the file, in file order (for the table written at the end)."""
        yield from self._read()

    def _read(self) -> Iterator[GameOutcome]:
        with self.path.open("rb") as handle:
            header = json_object_line(self.path, handle.readline(), 1)
            if header.get("format") != FORMAT:
                raise UnusableFileError.keyed("error.report.store_format", path=self.path)
            if header.get("report") != self.key:
                raise UnusableFileError.keyed(
                    "error.report.store_other",
                    folder=self.path.parent,
                    theirs=_describe(header.get("report")),
                )
            number = 1
            while line := handle.readline():
                number += 1
                if not line.endswith(b"\n") and not is_json(line):
                    # A kill in the middle of a write leaves a partial last line: that game
                    # is played again.
                    handle.close()
                    with self.path.open("r+b") as rewrite:
                        rewrite.truncate(rewrite.seek(0, 2) - len(line))
                    return
                self._needs_newline = not line.endswith(b"\n")
                try:
                    yield outcome_from_json(json_object_line(self.path, line, number))
                except ValueError as exc:
                    raise UnusableFileError.keyed(
                        "error.lines.line", path=self.path, line=number, reason=exc
                    ) from None


def _describe(key: Any) -> Words:
    """The other report's key in each reader's language (the game's title, its options' and
    the varied option's words)."""
    return Words.of(lambda lang: describe_run(key, lang))
