"""OpenSpiel's Python ISMCTS, playing through our OpenSpiel registration, against our ``hard``
at equal CPU time per decision (a measurement, not a test). Needs the ``research`` extra.

    nice -n 15 .venv/bin/python benchmarks/openspiel_ismcts.py --game courtisans --games 200
    # on two cores, two processes: --part 1/2 and --part 2/2
    .venv/bin/python benchmarks/openspiel_ismcts.py --game courtisans --summary

Two players; game ``i`` is dealt from seed ``i`` and OpenSpiel's bot takes seat ``i % 2``, so
each bot plays each seat equally often. Both searches stop at the same CPU-time budget per
decision (``--seconds``, ``time.process_time``, so other work on the machine does not change
the contest); a decision with one legal action is played at once by both.

- Theirs: ``open_spiel.python.algorithms.ismcts.ISMCTSBot`` with its random-rollout evaluator
  (one rollout to the end), UCT constant 1.0 (OpenSpiel's usual 2 for returns in [-1, 1];
  ours are in [0, 1]), the most visited action, worlds from our ``resample_from_infostate``.
  Its search loop is run against a deadline instead of a simulation count (``TimedISMCTSBot``:
  the loop of ``ISMCTSBot.run_search``, nothing else changed).
- Ours: the ``hard`` level's search (``courtly.agents.levels``) with the same time budget in
  place of its iteration count.

Every finished game is appended as one JSON line to ``benchmarks/results/`` (the run resumes
where it stopped); ``--summary`` prints OpenSpiel's share of the wins with a 95% interval.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path
from typing import Any

import numpy
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts
from rich.progress import Progress

from courtly.agents.ismcts import Searcher, settings_from_params
from courtly.agents.levels import level_spec
from courtly.agents.registry import parse_agent_spec
from courtly.core.rng import Rng
from courtly.core.seat import SeatView
from courtly.interop.openspiel import CourtlyState, short_name

RESULTS = Path(__file__).resolve().parent / "results"
UCT_C = 1.0


class TimedISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's ISMCTS with a CPU-time budget per decision in place of a simulation count."""

    def __init__(self, game: pyspiel.Game, seconds: float, seed: int) -> None:
        evaluator = mcts.RandomRolloutEvaluator(1, numpy.random.RandomState(seed))
        random_state = numpy.random.RandomState(seed + 1)
        super().__init__(game, evaluator, UCT_C, 1, random_state=random_state)
        self.seconds = seconds
        self.simulations: list[int] = []
        sampler = random_state.uniform
        self.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))

    def run_search(self, state: pyspiel.State) -> list[tuple[int, float]]:
        # ISMCTSBot.run_search, its loop bounded by time (and its key check kept).
        self.reset()
        legal = state.legal_actions()
        if len(legal) == 1:
            return [(legal[0], 1.0)]
        self._root_node = self.create_new_node(state)
        key = self.get_state_key(state)
        deadline = time.process_time() + self.seconds
        count = 0
        # Two simulations at least: the first only expands the root (its visits stay 0 and
        # get_final_policy needs one), which is also why a decision may overrun the budget.
        while count < 2 or time.process_time() < deadline:
            world = self.sample_root_state(state)
            assert self.get_state_key(world) == key
            self.run_simulation(world)
            count += 1
        self.simulations.append(count)
        return self.get_final_policy(state, self._root_node)  # type: ignore[no-any-return]


def play(game_name: str, index: int, seconds: float) -> dict[str, Any]:
    game = pyspiel.load_game(short_name(game_name), {"players": 2, "seed": index})
    state: CourtlyState = game.new_initial_state()
    theirs_seat = index % 2
    theirs = TimedISMCTSBot(game, seconds, seed=index)
    _kind, params = parse_agent_spec(level_spec(game_name, "hard"))
    params.update(iterations=None, seconds=seconds)
    ours = Searcher(state.core.game, settings_from_params(**params), clock=time.process_time)
    our_rng = Rng(index)
    our_iterations: list[int] = []
    decisions = 0
    while not state.is_terminal():
        seat = state.current_player()
        if seat == theirs_seat:
            action = theirs.step(state)
        else:
            result = ours.search(SeatView(state.core, seat), our_rng)
            action = result.action_id
            if result.iterations:
                our_iterations.append(result.iterations)
        state.apply_action(int(action))
        decisions += 1
    rewards = state.returns()
    return {
        "game": game_name,
        "index": index,
        "seconds": seconds,
        "openspiel_seat": theirs_seat,
        "openspiel_reward": rewards[theirs_seat],
        "ours_reward": rewards[1 - theirs_seat],
        "decisions": decisions,
        "openspiel_simulations": _mean(theirs.simulations),
        "ours_iterations": _mean(our_iterations),
    }


def _mean(values: list[int]) -> float:
    return sum(values) / len(values) if values else 0.0


def results_path(game_name: str, seconds: float) -> Path:
    return RESULTS / f"openspiel_ismcts_{game_name}_{seconds:g}s.jsonl"


def load(path: Path) -> list[dict[str, Any]]:
    """The games played so far, each index once (parts running side by side never share one)."""
    if not path.exists():
        return []
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return list({row["index"]: row for row in rows}.values())


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    n = len(rows)
    share = sum(r["openspiel_reward"] for r in rows) / n if n else 0.0
    # Wilson's 95% interval on the share of wins (a shared win counts its share).
    z = 1.96
    centre = (share + z * z / (2 * n)) / (1 + z * z / n) if n else 0.0
    half = (
        z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / (1 + z * z / n) if n else 0
    )
    return {
        "games": n,
        "openspiel_share": round(share, 3),
        "interval95": [round(centre - half, 3), round(centre + half, 3)],
        "openspiel_simulations_per_decision": round(
            _mean([r["openspiel_simulations"] for r in rows]), 1
        ),
        "ours_iterations_per_decision": round(_mean([r["ours_iterations"] for r in rows]), 1),
        "decisions_per_game": round(_mean([r["decisions"] for r in rows]), 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=["courtisans", "kingdoms"], default="courtisans")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=0.05, help="CPU seconds per decision")
    parser.add_argument("--summary", action="store_true", help="print the results so far")
    parser.add_argument(
        "--part",
        default="1/1",
        help="K/N: play only the games whose index is K-1 modulo N, so N processes share a run",
    )
    args = parser.parse_args()
    part, parts = (int(x) for x in args.part.split("/"))
    if not 1 <= part <= parts:
        parser.error(f"--part {args.part}: K must be from 1 to N")
    path = results_path(args.game, args.seconds)
    done = load(path)
    if not args.summary:
        RESULTS.mkdir(exist_ok=True)
        finished = {r["index"] for r in done}
        todo = [i for i in range(args.games) if i not in finished and i % parts == part - 1]
        with Progress() as progress, path.open("a") as out:
            mine = [i for i in range(args.games) if i % parts == part - 1]
            task = progress.add_task(
                f"{args.game} games", total=len(mine), completed=len(mine) - len(todo)
            )
            for index in todo:
                row = play(args.game, index, args.seconds)
                out.write(json.dumps(row) + "\n")
                out.flush()
                done.append(row)
                progress.advance(task)
    print(json.dumps({"game": args.game, "seconds": args.seconds, **summary(done)}))


if __name__ == "__main__":
    main()
