"""How many rated games the ratings take to find the right order: a simulation through
courtly.analysis.ratings (docs/ratings.md, "Convergence").

The synthetic players are the bots of each game's levels, whose order of strength is known
(``random < easy < medium < hard``: each level beats the one below, docs/bots.md, "Ladders").
Their games are the saved two-seat ladders (``measurements/ladder-GAME-2p``, 100 games a step
between neighbouring levels, the way a lobby pairs players of about one strength), read, not
played again; ``--fresh N`` also plays N three-seat games of ``random, easy, medium``
(``--fresh-seed``) and rates them the same way. ``--seats 4 5`` rates, at each count, the games
the bots' calibration played at it (``benchmarks/calibrate_bot_ratings.py``, saved in
``measurements/bot-ratings/GAME-Np/``: all five levels of the lobby, greedy too, seated in
turn), read, not played.

Two questions, each over ``--orders`` seeded orders of the same games:
- *all new*: every player starts as a new player (1500), every seat's rating is learnt; after
  how many games is the order of the displayed ratings right, and right from then on?
- *one new among the bots*: one level plays as a new person against the others at their
  shipped, fixed ratings (data/bots.json); after how many of its games is its displayed rating
  within ``--within`` points of its shipped one, and stays within?

Each cell is the median / 90th percentile over the orders (all new: each player's share of
the games, then the games in all). At several seats, *one new* compares with the shipped
rating at that count, and *all new* asks for the order of the five levels' shipped ratings at
that count (no ladder established an order there: the calibration's fit of the same games,
all at once, is the order the ratings rated one game at a time should reach).

    .venv/bin/python benchmarks/ratings_convergence.py --orders 200
    .venv/bin/python benchmarks/ratings_convergence.py courtisans for-the-king tudor \
        --orders 200 --seats 4 5
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import sys
from collections.abc import Sequence
from pathlib import Path

from calibrate_bot_ratings import saved_multi_seat_outcomes

from courtly.analysis.ladder import step_results_path
from courtly.analysis.ratings import NEW, Rating, bot_rating, bot_ratings, placings, rate
from courtly.analysis.results_file import ResultsFile, tournament_key
from courtly.analysis.tournament import GameOutcome, run_tournament
from courtly.core.registry import game_names, load_game
from courtly.core.rng import Rng

ROOT = Path(__file__).resolve().parent.parent
ORDER = ("random", "easy", "medium", "hard")
Game = tuple[tuple[str, ...], list[int]]  # each seat's level, and each seat's place


def level_of(spec: str) -> str:
    return spec.split(":")[0]


def rated(outcome: GameOutcome) -> Game:
    """A game as the ratings see it: who sat where, and the places (scores and winners)."""
    winners = [seat for seat, reward in enumerate(outcome.rewards) if reward > 0]
    levels = tuple(level_of(spec) for spec in outcome.seat_specs)
    return levels, placings(list(outcome.scores), winners)


def ladder_games(game_name: str) -> list[Game]:
    game = load_game(game_name)
    budgets = game.level_budgets
    assert budgets is not None, game_name
    agents = ["random", "easy", "medium", f"hard:iterations={budgets.hard},seconds=60"]
    folder = ROOT / "measurements" / f"ladder-{game_name}-2p"
    out: list[Game] = []
    for index, (lower, upper) in enumerate(itertools.pairwise(agents)):
        entry = [upper, lower]
        key = tournament_key(game_name, 2, entry, 1, game.resolve_options(None))
        saved = ResultsFile(step_results_path(folder, index, upper, lower), key)
        result = run_tournament(game, 2, entry, 100, seed=1, results=saved)
        out += [rated(o) for o in result.outcomes]
    return out


def fresh_games(game_name: str, games: int, seed: int) -> list[Game]:
    def progress(done: int, total: int) -> None:
        if done == total or done % max(1, total // 10) == 0:
            print(f"  {game_name}: {done}/{total} three-seat games", file=sys.stderr, flush=True)

    result = run_tournament(
        load_game(game_name), 3, ["random", "easy", "medium"], games, seed=seed, progress=progress
    )
    return [rated(o) for o in result.outcomes]


def shuffled(games: Sequence[Game], rng: Rng) -> list[Game]:
    out = list(games)
    for i in range(len(out) - 1, 0, -1):
        j = rng.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def all_new(
    games: Sequence[Game], order: Sequence[str] = ORDER
) -> tuple[int | None, dict[str, Rating]]:
    """The games after which the displayed order of ``order``'s levels (weakest first) is
    right for good (None: not by the end); any other player (greedy) is rated too."""
    everyone = {level for levels, _ in games for level in levels}
    ratings = dict.fromkeys(sorted(everyone), NEW)
    players = [level for level in order if level in everyone]
    settled: int | None = None
    for played, (levels, places) in enumerate(games, start=1):
        for level, after in zip(levels, rate([ratings[lv] for lv in levels], places), strict=True):
            ratings[level] = after
        shown = [ratings[level].display for level in players]
        right = all(a < b for a, b in itertools.pairwise(shown))
        if right and settled is None:
            settled = played
        elif not right:
            settled = None
    return settled, ratings


def shipped_rating(game_name: str, level: str, players: int) -> Rating:
    rating = bot_rating(game_name, level, players)
    if rating is None:
        raise SystemExit(f"{level} has no shipped rating in {game_name} at {players} seats")
    return rating


def one_new(
    game_name: str, games: Sequence[Game], person: str, within: float, players: int = 2
) -> int | None:
    """The person's games after which its rating stays within ``within`` of its shipped one
    (at ``players`` seats, the count of every game given)."""
    target = shipped_rating(game_name, person, players)
    rating, played, settled = NEW, 0, None
    for levels, places in games:
        if person not in levels:
            continue
        ratings = [
            rating if lv == person else shipped_rating(game_name, lv, players) for lv in levels
        ]
        fixed = [lv != person for lv in levels]
        rating = rate(ratings, places, fixed)[levels.index(person)]
        played += 1
        close = abs(rating.display - target.display) <= within
        if close and settled is None:
            settled = played
        elif not close:
            settled = None
    return settled


def summary(values: Sequence[int | None], per: float = 1.0, count_never: bool = True) -> str:
    """Median and 90th percentile of the games it took over the orders (an order that never
    settled counts as more than any); ``per`` turns games into each player's games."""
    found = sorted(v for v in values if v is not None)
    missed = len(values) - len(found)
    if len(found) <= len(values) // 2:
        return f"not settled in {missed} of {len(values)} orders"
    median = statistics.median(found + [10**9] * missed)
    p90_index = int(0.9 * len(values))
    p90 = f"{found[p90_index] * per:.0f}" if p90_index < len(found) else "not settled"
    text = f"{median * per:.0f} / {p90}"
    return text + (f" ({missed} of {len(values)} never)" if missed and count_never else "")


def multi_seat_row(name: str, players: int, orders: int, within: float) -> str | None:
    """The row of ``--seats``: the calibration's games at ``players`` seats, or None when the
    game has none saved at that count."""
    pool = [rated(o) for o in saved_multi_seat_outcomes(name, players)]
    if not pool:
        return None
    # The order to find is the one the calibration found in all of these games at once (at
    # several seats no ladder established one beforehand).
    shipped = bot_ratings(name, players)
    order = sorted(shipped, key=shipped.__getitem__)
    rng = Rng(7)
    shuffles = [shuffled(pool, rng) for _ in range(orders)]
    settled = [all_new(games, order)[0] for games in shuffles]
    everyone = {level for levels, _ in pool for level in levels}
    each = players / len(everyone)  # each game seats ``players`` of them
    cells = [f"{name}, {players} seats", str(len(pool))]
    cells.append(f"{summary(settled, each, False)} ({summary(settled)})")
    for person in ORDER[1:]:
        found = [one_new(name, games, person, within, players) for games in shuffles]
        cells.append(summary(found))
    return "| " + " | ".join(cells) + " |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="games to simulate (all when none named)")
    parser.add_argument("--orders", type=int, default=200, help="seeded orders of the games")
    parser.add_argument("--within", type=float, default=100.0, help="points, one new player")
    parser.add_argument("--fresh", type=int, default=0, help="three-seat games to play too")
    parser.add_argument("--fresh-seed", type=int, default=1)
    parser.add_argument(
        "--seats", type=int, nargs="*", default=[], help="the calibration's games at these counts"
    )
    args = parser.parse_args()
    if args.seats:
        print("| game | games | all new: each player's games (in all) | easy | medium | hard |")
        print("|---" * 6 + "|")
        for name in args.games or list(game_names()):
            for players in args.seats:
                row = multi_seat_row(name, players, args.orders, args.within)
                if row is not None:
                    print(row, flush=True)
        return
    print(
        "| game | games | all new: each player's games (in all) | easy | medium | hard |"
        + (" three seats, all new: games |" if args.fresh else "")
    )
    print("|---" * (7 if args.fresh else 6) + "|")
    for name in args.games or list(game_names()):
        pool = ladder_games(name)
        rng = Rng(7)
        orders = [shuffled(pool, rng) for _ in range(args.orders)]
        players = len(ORDER)
        settled = [all_new(games)[0] for games in orders]
        each = 2 / players  # two seats a game
        cells = [name, str(len(pool)), f"{summary(settled, each, False)} ({summary(settled)})"]
        for person in ORDER[1:]:
            cells.append(summary([one_new(name, games, person, args.within) for games in orders]))
        if args.fresh:
            three = fresh_games(name, args.fresh, args.fresh_seed)
            rng = Rng(11)
            found = [all_new(shuffled(three, rng))[0] for _ in range(args.orders)]
            cells.append(summary(found))  # every player sits at every three-seat game
        print("| " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
