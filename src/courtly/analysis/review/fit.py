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
held-out ones. Positions drawn by their value rather than evenly (``screening.py``) carry
weights, which every fit, score and table here counts.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import asdict, dataclass, replace
from typing import Any

from courtly.agents.registry import make_agent
from courtly.analysis.review.calibration import MIN_BLOCKS, Calibration, isotonic, logistic
from courtly.analysis.review.engine import ReviewSettings, search_value
from courtly.analysis.review.measure import Bin, brier, missed, reliability
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
    # How many positions of the games' natural draw this one stands for: 1 where positions are
    # drawn evenly (``play_and_sample``), the inverse of its chance of being drawn where they
    # are drawn by a screening search's value (``screening.py``).
    weight: float = 1.0
    # The deciding seat, where several positions of one seat in one game may be drawn (they
    # share one outcome, so they count as one in a decile's margin: ``reliability``).
    seat: int | None = None

    def to_json(self) -> dict[str, Any]:
        """The sample as kept in a run's file, without the fields left at their defaults (the
        files of evenly drawn runs keep their form)."""
        kept = asdict(self)
        for name, default in (("weight", 1.0), ("seat", None)):
            if kept[name] == default:
                del kept[name]
        return kept


@dataclass(frozen=True)
class PlayedGame:
    """A calibration game played to its end: the positions with a real choice (the deciding
    seat and a copy of the state), each seat's result, and the game's random stream, which
    then draws the positions and seeds their searches."""

    rng: Rng
    choices: list[tuple[int, State]]
    rewards: list[float]


def play_game(game: Game, players: int, index: int, seed: int) -> PlayedGame:
    """Game ``index`` of a calibration run: bots drawn per seat play it to its end."""
    rng = Rng(game_seed(seed, index))
    agents = [make_agent(SEAT_AGENTS[rng.below(len(SEAT_AGENTS))], game) for _ in range(players)]
    table = Table(game, players, seed=game_seed(seed, index), record=False)
    state = table.state
    choices: list[tuple[int, State]] = []
    while (seat := state.current_player) is not None:
        if len(state.legal_action_ids()) > 1:
            choices.append((seat, state.clone()))
        table.play(seat, table.choose(seat, agents[seat]), events=False)
    return PlayedGame(rng, choices, list(state.rewards()))


def play_and_sample(
    game: Game,
    players: int,
    index: int,
    seed: int,
    positions: int,
    settings: ReviewSettings,
) -> list[Sample]:
    """One game between drawn bots; ``positions`` of its decisions searched and scored."""
    played = play_game(game, players, index, seed)
    rng, choices, rewards = played.rng, played.choices, played.rewards
    picked = sorted(rng.below(len(choices)) for _ in range(min(positions, len(choices))))
    samples = []
    for at in picked:
        seat, position = choices[at]
        value, _ = search_value(game, SeatView(position, seat), settings, rng.fork())
        samples.append(Sample(index, players, value, rewards[seat]))
    return samples


def outcome_unit(sample: Sample, at: int) -> Hashable:
    """The positions sharing ``sample``'s outcome: its seat's in its game where the seat is
    known (a screened run's), else itself alone (an even run's, at its place ``at``)."""
    return at if sample.seat is None else (sample.game_index, sample.seat)


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

    def __call__(
        self,
        values: Sequence[float],
        outcomes: Sequence[float],
        weights: Sequence[float] | None = None,
    ) -> Calibration:
        if self.min_block is None:
            return logistic(values, outcomes, weights)
        return isotonic(values, outcomes, self.min_block, weights)

    def on(self, samples: Sequence[Sample]) -> Calibration:
        """This fit of ``samples``, each counted by its weight."""
        return self(
            [s.value for s in samples], [s.outcome for s in samples], [s.weight for s in samples]
        )


#: The fits compared on the training folds, the first kept where two score the same.
METHODS = (Method("logistic"), *(Method("isotonic", block) for block in MIN_BLOCKS))
#: Folds of the training games on which the fits are compared.
FOLDS = 3


def _cross_chances(method: Method, samples: Sequence[Sample]) -> tuple[list[float], list[Sample]]:
    """Each sample's chance by ``method`` fitted on the folds of ``samples`` it is not in."""
    chances: list[float] = []
    tested: list[Sample] = []
    for fold in range(FOLDS):
        train = [s for s in samples if s.game_index % FOLDS != fold]
        test = [s for s in samples if s.game_index % FOLDS == fold]
        if not train or not test:
            continue
        curve = method.on(train)
        chances += [curve.chance(s.value) for s in test]
        tested += test
    return chances, tested


#: How much worse than the best a fit's Brier score across the folds may be for its deciles to
#: decide: a curve flat at the mean is within the target in every decile and tells nothing.
BRIER_SLACK = 0.001


def _cross_score(method: Method, samples: Sequence[Sample]) -> tuple[float, float]:
    """``method`` across the folds of ``samples``: how surely its deciles miss the target
    (``missed``), and its Brier score."""
    chances, tested = _cross_chances(method, samples)
    if not chances:
        return math.inf, 1.0
    outcomes = [s.outcome for s in tested]
    weights = [s.weight for s in tested]
    units = [outcome_unit(s, at) for at, s in enumerate(tested)]
    return (
        missed(reliability(chances, outcomes, weights, units)),
        brier(chances, outcomes, weights),
    )


def choose(scores: Sequence[tuple[float, float]]) -> int:
    """Which fit to keep, by its score across the folds (``_cross_score``): among the fits
    whose Brier score is within ``BRIER_SLACK`` of the best, the one whose deciles miss the
    target least surely, then the one with the lower Brier score (the first where both tie).
    The target is per decile, and the Brier score, summed over every position, barely tells a
    curve right where few positions lie (the upper deciles of four and five seats) from one 13
    points off there (docs/bots.md); the slack keeps a curve that tells positions apart."""
    best = min(brier_score for _, brier_score in scores)
    near = [i for i, (_, brier_score) in enumerate(scores) if brier_score <= best + BRIER_SLACK]
    return min(near, key=lambda i: scores[i])


def fit(samples: Sequence[Sample], held_out_every: int = 3) -> Fit:
    """Fit on the games whose index is not a multiple of ``held_out_every``; measure on those.
    The fit kept is chosen across folds of the training games (``choose``)."""
    train = [s for s in samples if s.game_index % held_out_every]
    test = [s for s in samples if not s.game_index % held_out_every]
    # Fold by the training games' own order (their indices skip the held-out ones).
    order = {g: i for i, g in enumerate(sorted({s.game_index for s in train}))}
    folded = [replace(s, game_index=order[s.game_index]) for s in train]
    method = METHODS[choose([_cross_score(m, folded) for m in METHODS])]
    calibration = method.on(train)
    raw = [min(1.0, max(0.0, s.value)) for s in test]
    calibrated = [calibration.chance(s.value) for s in test]
    outcomes = [s.outcome for s in test]
    weights = [s.weight for s in test]
    units = [outcome_unit(s, at) for at, s in enumerate(test)]
    return Fit(
        calibration,
        method.name,
        method.min_block,
        len(train),
        len(test),
        brier(raw, outcomes, weights),
        brier(calibrated, outcomes, weights),
        reliability(raw, outcomes, weights, units),
        reliability(calibrated, outcomes, weights, units),
    )


def fit_counts(samples: Sequence[Sample], held_out_every: int = 3) -> dict[int, Fit]:
    """A fit per player count, each on that count's games alone."""
    counts = sorted({s.players for s in samples})
    return {n: fit([s for s in samples if s.players == n], held_out_every) for n in counts}


#: How a run draws a game's positions: ``play_and_sample``'s signature (game, players, index,
#: seed, positions, budget), or a ``screening.Screen``'s.
Sampler = Callable[[Game, int, int, int, int, ReviewSettings], list[Sample]]


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
    sampler: Sampler = play_and_sample,
    first: int = 0,
) -> list[Sample]:
    """``games`` games at each player count (indices numbered across the counts from
    ``first``). A game in ``kept`` (by index) is not played again; ``keep`` is given each game
    played as soon as it finishes. A game's samples depend on its index alone, so a long run
    resumed from what it kept gives the samples of one never stopped
    (``benchmarks/calibrate_review.py``). Runs of different ``first`` play different games, to
    be fitted together (a screened run's beside an even one's)."""
    samples: list[Sample] = []
    total = games * len(player_counts)
    for n, players in enumerate(player_counts):
        for g in range(games):
            index = first + n * games + g
            if kept is not None and index in kept:
                samples += kept[index]
                continue
            played = sampler(game, players, index, seed, positions, settings)
            if keep is not None:
                keep(index, played)
            samples += played
            if progress is not None:
                progress(n * games + g + 1, total)
    return samples
