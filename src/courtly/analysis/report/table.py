"""``games.csv``: the raw per-game results of a report, one row per game, for pandas or polars.

Written from the games file in two passes (the statistics' column names, then the rows), so
it takes no more memory for a million games than for ten. Rows come in the order the games
finished; ``game_index`` is the game's number in the run (sort by it for the run's order; not
``game``, which the JSON formats use for the game's name). Seats are numbered from 1. Columns:
``game_index, seed``, the varied option's name (when there is one), ``decisions, winners``
(seat numbers separated by spaces), ``score_seatK`` and ``win_seatK`` (the seat's share of the
victory) for every seat (empty for seats a game did not have, with ``--vary players``),
``error`` (empty for a finished game), then one column per statistic of the game
(``stat:NAME``, in the report's natural order: B1, B2 ... B10), empty where a game did not
give it.
"""

from __future__ import annotations

import csv
from pathlib import Path

from courtly.analysis.report.store import ReportStore
from courtly.analysis.report.tally import natural_order

FILE_NAME = "games.csv"


def write_table(
    store: ReportStore, games: int, players: int, vary_name: str | None, path: Path
) -> int:
    """Write the first ``games`` games of ``store`` to ``path``; returns the rows written."""
    names: set[str] = set()
    for outcome in store.games():
        if outcome.index < games:
            names.update(outcome.statistics)
    # The report's order (B1, B2 ... B10), not the text order (B1, B10, B2).
    statistics = natural_order(names)
    header = ["game_index", "seed"]
    if vary_name is not None:
        header.append(vary_name)
    header += ["decisions", "winners"]
    header += [f"score_seat{seat + 1}" for seat in range(players)]
    header += [f"win_seat{seat + 1}" for seat in range(players)]
    header += ["error"] + [f"stat:{name}" for name in statistics]
    rows = 0
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(header)
        for outcome in store.games():
            if outcome.index >= games:
                continue
            row: list[object] = [outcome.index, outcome.seed]
            if vary_name is not None:
                row.append(outcome.varied)
            finished = outcome.error is None
            row += [
                outcome.decisions if finished else "",
                " ".join(str(w + 1) for w in outcome.winners),
            ]
            # A game of fewer players than the report's largest count (``--vary players``)
            # leaves the seats it did not have empty.
            seated = len(outcome.scores) if finished else 0
            row += outcome.scores + [""] * (players - seated)
            share = 1 / len(outcome.winners) if outcome.winners else 0.0
            row += [share if seat in outcome.winners else 0.0 for seat in range(seated)]
            row += [""] * (players - seated)
            row.append((outcome.error or "").split("\n", 1)[0])
            row += [outcome.statistics.get(name, "") for name in statistics]
            writer.writerow(row)
            rows += 1
    return rows
