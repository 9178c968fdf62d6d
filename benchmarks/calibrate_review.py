"""Refit the review's calibration of a game (courtly/analysis/review/data/GAME.json) and print
its measurement for docs/bots.md ("Review: calibration").

Bots of several levels play ``--games`` games at each player count; ``--positions`` decisions
of each are searched with the review's search at ``--iterations``; every third game is held out
and measured, a curve fitted per player count (courtly/analysis/review/fit.py).

    .venv/bin/python benchmarks/calibrate_review.py kingdoms --players 2 --games 24

Runs made one player count at a time (``--samples`` each) are merged by giving every file:

    .venv/bin/python benchmarks/calibrate_review.py tudor --samples t2.json --samples t3.json

Where an even draw seldom reaches a decile (a seat rarely given more than 50% among five), a
screened run draws positions by a cheap search's value instead (``screening.py``), on games of
its own, each position weighted so that both runs are fitted and measured together:

    .venv/bin/python benchmarks/calibrate_review.py courtisans --players 5 --games 13000 \
        --positions 6 --first-game 1000000 --screen-above 0.88 --screen-keep 4 \
        --samples c5-screened.json.gz

A run given ``--samples FILE`` keeps each game's positions in ``FILE.part`` as the game finishes
(``SampleLog``); stopped (Ctrl-C, a crash), the same command goes on where it stopped and
gives the positions of a run never stopped. ``FILE`` is written, and ``FILE.part`` removed,
when every game is played (gzip-compressed if ``FILE`` ends in ``.gz``). Progress (games,
elapsed, time left) goes to stderr.

The curve is written to this repository's ``src/courtly/analysis/review/data/GAME.json``, not
the imported package's, so a run may import a compiled build (``PYTHONPATH``, read-only).
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import sys
import time
from dataclasses import asdict
from pathlib import Path
from typing import Any

import courtly
from courtly.analysis.review import ReviewSettings
from courtly.analysis.review.calibration import CALIBRATION_FORMAT
from courtly.analysis.review.fit import SEAT_AGENTS, Sample, collect, fit_counts, play_and_sample
from courtly.analysis.review.measure import TOLERANCE, Bin
from courtly.analysis.review.pooling import pooled
from courtly.analysis.review.screening import Screen
from courtly.core.state import Game

#: Where a game's calibration ships in this repository (``calibration.data_path`` of the
#: source tree, whichever build of courtly is imported).
DATA = Path(__file__).resolve().parents[1] / "src" / "courtly" / "analysis" / "review" / "data"


class SampleLog:
    """The games of a calibration run kept as they finish, one JSON line per game after a
    first line of the run's settings, so that a run stopped (Ctrl-C, a crash, a reboot) goes
    on where it stopped. A last line cut short by the stop is dropped (its game is played
    again); a log of other settings is refused, not mixed in. (Here, not in the package, so
    that a run may import a compiled build of an older courtly.)"""

    def __init__(self, path: Path, settings: dict[str, Any]) -> None:
        self.path = path
        self.kept: dict[int, list[Sample]] = {}
        if not path.exists():
            path.write_text(json.dumps(settings) + "\n", encoding="utf-8")
            return
        text = path.read_text(encoding="utf-8")
        whole = text[: text.rfind("\n") + 1]  # up to the last line written in full
        lines = whole.splitlines()
        if not lines or json.loads(lines[0]) != settings:
            raise ValueError(
                f"{path} holds a run of other settings ({lines[0] if lines else 'none'}); "
                "give another file or remove it"
            )
        for line in lines[1:]:
            game = json.loads(line)
            self.kept[game["game"]] = [Sample(**s) for s in game["samples"]]
        if len(whole) < len(text):
            with path.open("r+", encoding="utf-8") as log:
                log.truncate(len(whole.encode("utf-8")))

    def keep(self, index: int, samples: list[Sample]) -> None:
        line = json.dumps({"game": index, "samples": [s.to_json() for s in samples]})
        with self.path.open("a", encoding="utf-8") as log:
            log.write(line + "\n")


def read_samples(path: Path) -> list[dict[str, Any]]:
    """A run's positions (``FILE.json``, or gzip-compressed ``FILE.json.gz``)."""
    data = path.read_bytes()
    found: list[dict[str, Any]] = json.loads(
        gzip.decompress(data) if path.suffix == ".gz" else data
    )
    return found


def write_samples(path: Path, samples: list[Sample]) -> None:
    """Write a run's positions, compressed if ``path`` ends in ``.gz`` (a run of tens of
    thousands of games is kept in a tenth of the space; mtime 0: the same bytes every time)."""
    data = json.dumps([s.to_json() for s in samples]).encode("utf-8")
    path.write_bytes(gzip.compress(data, mtime=0) if path.suffix == ".gz" else data)


def shared_games(files: list[Path], runs: list[list[Sample]]) -> str | None:
    """Why runs that hold some of the same games cannot be fitted together, or None. A game's
    positions in two runs would count twice (and as two games in every margin): a file given
    twice, or a shorter run beside the longer one that continues it, which replaces it."""
    earlier: list[set[tuple[int, int]]] = []
    for index, run in enumerate(runs):
        games = {(s.players, s.game_index) for s in run}
        for first, theirs in enumerate(earlier):
            if shared := len(games & theirs):
                return (
                    f"{files[first]} and {files[index]} hold {shared} of the same games: each "
                    "game's positions may come from one file only (a longer run of the same "
                    "games replaces the shorter; give that one)"
                )
        earlier.append(games)
    return None


def _clock(seconds: float) -> str:
    minutes, seconds = divmod(round(seconds), 60)
    return f"{minutes // 60}:{minutes % 60:02d}:{seconds:02d}"


def reliability_table(bins: list[Bin]) -> list[str]:
    """A reliability table in Markdown (docs/bots.md's form), with the certified column."""
    rows = [
        "| predicted | positions | mean predicted | observed | off by | 95% margin | within 5 "
        "| certified |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for b in bins:
        off = abs(b.predicted - b.observed) * 100
        # The observed rate's own uncertainty: a binomial 95% margin at the predicted rate. A
        # decile whose margin exceeds 5 points cannot show the target, whatever it observed;
        # one within 5 points with a margin under 5 (as shown) is certified.
        # Weighted or clustered positions (a screened run's) are worth fewer independent ones:
        # the margin rests on their effective number, shown beside the count.
        margin = round(196 * math.sqrt(max(b.predicted * (1 - b.predicted), 1e-4) / b.effective), 1)
        count = f"{b.count}" if round(b.effective) == b.count else f"{b.count} ({b.effective:.0f})"
        within = off <= TOLERANCE * 100
        rows.append(
            f"| {b.low * 100:.0f}-{b.high * 100:.0f}% | {count} | {b.predicted * 100:.1f}% "
            f"| {b.observed * 100:.1f}% | {off:.1f} | {margin:.1f} "
            f"| {'yes' if within else 'no'} | {'yes' if within and margin < 5 else 'no'} |"
        )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", default="2", help="player counts, comma-separated")
    parser.add_argument("--games", type=int, default=24, help="games at each player count")
    parser.add_argument("--positions", type=int, default=8, help="positions searched per game")
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--first-game",
        type=int,
        default=0,
        help="the first game's index (a screened run plays games of its own, from 1000000)",
    )
    parser.add_argument(
        "--screen-above",
        type=float,
        help="draw positions by a cheap search's value (screening.py): those valued at least "
        "this are searched in full, at most --screen-keep per seat of a game, the others one "
        "in --screen-others; each weighted by the inverse of its chance of being drawn",
    )
    parser.add_argument("--screen-iterations", type=int, default=20)
    parser.add_argument("--screen-keep", type=int, default=2)
    parser.add_argument("--screen-others", type=int, default=20)
    parser.add_argument(
        "--samples",
        type=Path,
        action="append",
        help="keep the searched positions in this JSON file; when every one given exists, "
        "refit from them without playing again (give one per earlier run to merge runs)",
    )
    args = parser.parse_args()
    game = courtly.load(args.game)
    counts = [int(p) for p in args.players.split(",")]
    settings = ReviewSettings(iterations=args.iterations, seconds=None, seed=args.seed)
    started = time.process_time()
    files: list[Path] = args.samples or []
    refit = bool(files) and all(f.exists() for f in files)
    if refit:
        # Each file a run: several of one count are pooled by what each knows (pooling.py).
        runs = [[Sample(**s) for s in read_samples(f)] for f in files]
        clash = shared_games(files, runs)
        if clash is not None:
            sys.exit(clash)
        samples = pooled(runs)
    else:
        samples = _play(args, game, counts, settings, files[0] if files else None)
    fits = fit_counts(samples)
    cpu = time.process_time() - started
    about: dict[str, object] = {
        "game": game.name,
        "seat_agents": list(SEAT_AGENTS),
        "search_iterations": args.iterations,
    }
    if not refit:  # a refit from kept positions does not know what playing them cost
        about["cpu_seconds"] = round(cpu)
    curves = {}
    for players, measured in fits.items():
        curves[str(players)] = {
            **measured.calibration.to_json(),
            "method": measured.method,
            **({} if measured.min_block is None else {"min_block": measured.min_block}),
            "games": len({s.game_index for s in samples if s.players == players}),
            "positions": measured.train + measured.held_out,
            "fitted_on": measured.train,
            "held_out": measured.held_out,
            "brier_uncalibrated": round(measured.raw_brier, 4),
            "brier_calibrated": round(measured.brier, 4),
        }
        del curves[str(players)]["format"]
    path = DATA / f"{game.name}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    shipped = {"format": CALIBRATION_FORMAT, **about, "counts": curves}
    path.write_text(json.dumps(shipped, indent=1) + "\n")
    print(f"### {game.name}\n")
    print(json.dumps(about))
    for players, measured in fits.items():
        summary = {k: v for k, v in curves[str(players)].items() if k not in ("values", "chances")}
        print(f"\n#### {players} players\n\n{json.dumps(summary)}")
        print("\nUncalibrated (the search's value), held-out positions:\n")
        print("\n".join(reliability_table(measured.raw_bins)))
        method = measured.method
        if measured.min_block is not None:
            method += f", steps of at least {measured.min_block} positions"
        print(f"\nCalibrated ({method}), held-out positions:\n")
        print("\n".join(reliability_table(measured.bins)))


def _play(
    args: argparse.Namespace,
    game: Game,
    counts: list[int],
    settings: ReviewSettings,
    file: Path | None,
) -> list[Sample]:
    """The run's games played (those a stopped run kept are read back), written to ``file``."""
    log = None
    screen = None
    if args.screen_above is not None:
        screen = Screen(
            args.screen_iterations, args.screen_above, args.screen_keep, args.screen_others
        )
    if file is not None:
        run: dict[str, object] = {
            "game": game.name,
            "players": counts,
            "positions": args.positions,
            "iterations": args.iterations,
            "seed": args.seed,
        }
        if len(counts) > 1:  # game indices are numbered across the counts by --games
            run["games"] = args.games
        if args.first_game:
            run["first_game"] = args.first_game
        if screen is not None:
            run["screen"] = asdict(screen)
        try:
            log = SampleLog(Path(f"{file}.part"), run)
        except ValueError as error:
            sys.exit(str(error))
    kept = log.kept if log is not None else {}
    total = args.games * len(counts)
    first = sum(1 for index in kept if args.first_game <= index < args.first_game + total)
    wall = time.monotonic()
    if first:
        print(f"{args.game}: {first} games kept from a stopped run", file=sys.stderr)

    def progress(done: int, total: int) -> None:
        elapsed = time.monotonic() - wall
        played = max(1, done - first)
        left = elapsed / played * (total - done)
        print(
            f"\r{args.game}: {done}/{total} games, {_clock(elapsed)} elapsed, {_clock(left)} left",
            end="",
            file=sys.stderr,
            flush=True,
        )

    try:
        samples = collect(
            game,
            counts,
            args.games,
            args.positions,
            settings,
            args.seed,
            progress,
            kept=log.kept if log is not None else None,
            keep=log.keep if log is not None else None,
            sampler=play_and_sample if screen is None else screen,
            first=args.first_game,
        )
    except KeyboardInterrupt:
        again = "; the same command goes on from there" if log is not None else ""
        sys.exit(f"\nstopped{again}")
    print(file=sys.stderr)
    if file is not None and log is not None:
        write_samples(file, samples)
        log.path.unlink()
    return samples


if __name__ == "__main__":
    main()
