"""Fitting and measuring a game's calibration (``calibration.py``) from bots' games.

Games are played between bots of several levels (each seat drawn from ``SEAT_AGENTS``), at the
player counts people play. From each finished game a few positions with a real choice are
drawn; at each, the review's search (with the budget given) runs from the deciding seat's view,
and its value is paired with that seat's result (its share of the win: 1, 0, or a share of a
tie). A share of the games (whole games, as a game's positions are not independent) is held
out: the calibration is fitted on the others and measured on those, a reliability table by
decile of predicted chance and the Brier score, uncalibrated and calibrated. Each player count
is fitted and measured on its own games; of the fits (logistic, isotonic of steps of three
sizes) the one kept is chosen on the training games alone (folds of them), never on the
held-out ones.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from courtly.agents.registry import make_agent
from courtly.analysis.review.calibration import MIN_BLOCKS, Calibration, isotonic, logistic
from courtly.analysis.review.engine import ReviewSettings, search_value
from courtly.core.rng import Rng
from courtly.core.seat import SeatView
from courtly.core.seeds import game_seed
from courtly.core.state import Game, State
from courtly.core.table import Table

#: The bots whose games a calibration is fitted on: one drawn per seat. (``medium`` and
#: ``hard`` were left out for the time a fit may take on a shared machine: docs/bots.md.)
SEAT_AGENTS = ("greedy", "easy")


@dataclass(frozen=True)
class Sample:
    game_index: int
    players: int  # the seats of the game it was drawn from
    value: float  # the search's value for the deciding seat
    outcome: float  # that seat's share of the win


def play_and_sample(
    game: Game,
    players: int,
    index: int,
    seed: int,
    positions: int,
    settings: ReviewSettings,
) -> list[Sample]:
    """One game between drawn bots; ``positions`` of its decisions searched and scored."""
    rng = Rng(game_seed(seed, index))
    agents = [make_agent(SEAT_AGENTS[rng.below(len(SEAT_AGENTS))], game) for _ in range(players)]
    table = Table(game, players, seed=game_seed(seed, index), record=False)
    state = table.state
    choices: list[tuple[int, State]] = []
    while (seat := state.current_player) is not None:
        if len(state.legal_action_ids()) > 1:
            choices.append((seat, state.clone()))
        table.play(seat, table.choose(seat, agents[seat]), events=False)
    rewards = state.rewards()
    picked = sorted(rng.below(len(choices)) for _ in range(min(positions, len(choices))))
    samples = []
    for at in picked:
        seat, position = choices[at]
        value, _ = search_value(game, SeatView(position, seat), settings, rng.fork())
        samples.append(Sample(index, players, value, rewards[seat]))
    return samples


@dataclass(frozen=True)
class Bin:
    low: float
    high: float
    count: int
    predicted: float
    observed: float


def reliability(chances: Sequence[float], outcomes: Sequence[float]) -> list[Bin]:
    """Decile bins of predicted chance: how many, the mean predicted, the rate observed."""
    bins = []
    for decile in range(10):
        low, high = decile / 10, (decile + 1) / 10
        inside = [
            (c, o)
            for c, o in zip(chances, outcomes, strict=True)
            if low <= c < high or (decile == 9 and c == 1.0)
        ]
        if inside:
            predicted = sum(c for c, _ in inside) / len(inside)
            observed = sum(o for _, o in inside) / len(inside)
            bins.append(Bin(low, high, len(inside), predicted, observed))
    return bins


def brier(chances: Sequence[float], outcomes: Sequence[float]) -> float:
    return sum((c - o) ** 2 for c, o in zip(chances, outcomes, strict=True)) / len(chances)


@dataclass(frozen=True)
class Fit:
    calibration: Calibration
    method: str  # "logistic" or "isotonic"
    min_block: int | None  # an isotonic fit's smallest step (positions)
    train: int  # positions fitted on
    held_out: int  # positions measured on
    raw_brier: float
    brier: float
    raw_bins: list[Bin]
    bins: list[Bin]


@dataclass(frozen=True)
class Method:
    """A way to fit a calibration: the logistic curve, or an isotonic one of steps of at least
    ``min_block`` positions."""

    name: str  # "logistic" or "isotonic"
    min_block: int | None = None

    def __call__(self, values: Sequence[float], outcomes: Sequence[float]) -> Calibration:
        if self.min_block is None:
            return logistic(values, outcomes)
        return isotonic(values, outcomes, self.min_block)


#: The fits compared on the training folds, the first kept where two score the same.
METHODS = (Method("logistic"), *(Method("isotonic", block) for block in MIN_BLOCKS))
#: Folds of the training games on which the fits are compared.
FOLDS = 3


def _cross_brier(method: Method, samples: Sequence[Sample]) -> float:
    """The Brier score of ``method`` on each fold of ``samples`` fitted on the others."""
    chances: list[float] = []
    outcomes: list[float] = []
    for fold in range(FOLDS):
        train = [s for s in samples if s.game_index % FOLDS != fold]
        test = [s for s in samples if s.game_index % FOLDS == fold]
        if not train or not test:
            continue
        curve = method([s.value for s in train], [s.outcome for s in train])
        chances += [curve.chance(s.value) for s in test]
        outcomes += [s.outcome for s in test]
    return brier(chances, outcomes) if chances else 1.0


def fit(samples: Sequence[Sample], held_out_every: int = 3) -> Fit:
    """Fit on the games whose index is not a multiple of ``held_out_every``; measure on those.
    The fit kept is the one whose Brier score across folds of the training games is lower."""
    train = [s for s in samples if s.game_index % held_out_every]
    test = [s for s in samples if not s.game_index % held_out_every]
    # Fold by the training games' own order (their indices skip the held-out ones).
    order = {g: i for i, g in enumerate(sorted({s.game_index for s in train}))}
    folded = [Sample(order[s.game_index], s.players, s.value, s.outcome) for s in train]
    method = min(METHODS, key=lambda m: _cross_brier(m, folded))
    calibration = method([s.value for s in train], [s.outcome for s in train])
    raw = [min(1.0, max(0.0, s.value)) for s in test]
    calibrated = [calibration.chance(s.value) for s in test]
    outcomes = [s.outcome for s in test]
    return Fit(
        calibration,
        method.name,
        method.min_block,
        len(train),
        len(test),
        brier(raw, outcomes),
        brier(calibrated, outcomes),
        reliability(raw, outcomes),
        reliability(calibrated, outcomes),
    )


def fit_counts(samples: Sequence[Sample], held_out_every: int = 3) -> dict[int, Fit]:
    """A fit per player count, each on that count's games alone."""
    counts = sorted({s.players for s in samples})
    return {n: fit([s for s in samples if s.players == n], held_out_every) for n in counts}


def collect(
    game: Game,
    player_counts: Sequence[int],
    games: int,
    positions: int,
    settings: ReviewSettings,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
    kept: Mapping[int, list[Sample]] | None = None,
    keep: Callable[[int, list[Sample]], None] | None = None,
) -> list[Sample]:
    """``games`` games at each player count (indices numbered across the counts). A game in
    ``kept`` (by index) is not played again; ``keep`` is given each game played as soon as it
    finishes. A game's samples depend on its index alone, so a long run resumed from what it
    kept gives the samples of one never stopped (``benchmarks/calibrate_review.py``)."""
    samples: list[Sample] = []
    total = games * len(player_counts)
    for n, players in enumerate(player_counts):
        for g in range(games):
            index = n * games + g
            if kept is not None and index in kept:
                samples += kept[index]
                continue
            played = play_and_sample(game, players, index, seed, positions, settings)
            if keep is not None:
                keep(index, played)
            samples += played
            if progress is not None:
                progress(index + 1, total)
    return samples
