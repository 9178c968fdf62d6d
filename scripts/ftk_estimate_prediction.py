"""How well do For the King's Duty points predict the winner, as they stand and as estimated?

Reproduces the comparison in docs/games/for_the_king.md (Bots): greedy self-play games, a
position every 9 decisions; at 30/50/70/85% of each game, the softmax log-loss of the final
winner given each player's points (victory_points) or expected points (estimate.py), each
with its best slope. Lower is better; log(players) is a coin toss.

    python scripts/ftk_estimate_prediction.py --players 4 --games 400
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable, Sequence

import courtly
from courtly.agents.registry import make_agent
from courtly.core.rng import Rng
from courtly.core.seat import SeatView
from courtly.games.for_the_king.evaluation import expected_points
from courtly.games.for_the_king.scoring import victory_points
from courtly.games.for_the_king.state import FtkState

STAGES = (0.3, 0.5, 0.7, 0.85)
SLOPES = [0.05 * i for i in range(1, 40)]

Game = tuple[list[FtkState], list[float]]


def self_play(players: int, games: int) -> list[Game]:
    game = courtly.load("for-the-king")
    greedy = make_agent("greedy", game)
    played = []
    for index in range(games):
        state = game.new_game(players, seed=1000 + index)
        rng = Rng(index)
        positions = []
        step = 0
        while not state.is_terminal:
            legal = state.legal_action_ids()
            if len(legal) > 1 and step % 9 == 0:
                assert isinstance(state, FtkState)
                positions.append(state.clone())
            seat = state.current_player
            if len(legal) == 1 or seat is None:
                state.step(legal[0])
            else:
                state.apply(greedy.act(SeatView(state, seat), rng))
            step += 1
        played.append((positions, state.rewards()))
    return played


def log_loss(rows: Sequence[tuple[Sequence[float], Sequence[float]]], slope: float) -> float:
    total = 0.0
    for points, rewards in rows:
        top = max(points)
        norm = math.log(sum(math.exp(slope * (x - top)) for x in points))
        total -= sum(
            r * (slope * (x - top) - norm) for x, r in zip(points, rewards, strict=True) if r > 0
        )
    return total / len(rows)


def report(label: str, played: list[Game], points: Callable[[FtkState], Sequence[float]]) -> None:
    cells = []
    for stage in STAGES:
        rows = [(points(ps[int(stage * len(ps))]), rewards) for ps, rewards in played]
        loss, slope = min((log_loss(rows, a), a) for a in SLOPES)
        cells.append(f"{loss:.3f} (slope {slope:.2f})")
    print(f"{label:16s}", "  ".join(cells))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=400)
    args = parser.parse_args()
    played = self_play(args.players, args.games)
    print(f"{args.players} players, {args.games} games; stages {STAGES}")
    report("as they stand", played, victory_points)
    report("estimated", played, expected_points)


if __name__ == "__main__":
    main()
