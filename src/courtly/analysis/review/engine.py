"""Judging one seat's decisions in a finished game, each from that seat's view alone.

For each turn of the seat (``turns.py``) with a real choice in it, the strong search (the
``hard`` level's search, with the review's own budget) runs from the seat's ``SeatView`` at the
turn's first choice: the best root action's mean return is the win chance before the turn, and
the search's line of the seat's own next choices is the move it prefers. When the move played
differs, a second search, confined to the move played, runs from the seat's view at the turn's
last choice (the earlier choices of the turn already made), for the played move's chance. The
loss is the difference, and marks follow the game's thresholds (``marks.py``). Both estimates
pass through the game's calibration (``calibration.py``) to be win chances.

Honest by construction: a search sees a position only through ``SeatView`` (``sample_world``
re-draws everything the seat could not see), and each search's generator comes from the
review's seed and the step alone, so the review is the same for every world the seat could
not tell from the real one (tests/analysis/test_review.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from courtly.agents.ismcts import Searcher, SearchResult, SearchSettings, level_settings
from courtly.analysis.review.calibration import Calibration, fitted_iterations, load_calibration
from courtly.analysis.review.marks import thresholds
from courtly.analysis.review.turns import Turn, replay_positions, turns_of
from courtly.core.records import GameRecord
from courtly.core.rng import Rng
from courtly.core.seat import SeatView
from courtly.core.seeds import decision_rng
from courtly.core.state import Game, State

#: The confined search for the move played gets this share of the first search's budget: it
#: weighs one root action, where the first shares its budget among all of them.
PLAYED_SHARE = 0.5
#: A review's iterations per search in a game that ships no calibration and whose ``hard``
#: level has no iteration budget.
UNCALIBRATED_ITERATIONS = 1000


@dataclass(frozen=True)
class ReviewSettings:
    """A review's budget per turn (``iterations`` or ``seconds``: whichever comes first when
    both are given) and the seed of its searches. Neither given: the iterations the game's
    win-chance curves were fitted at (:meth:`for_game`). Iterations make a review reproducible
    on any machine; seconds make it cost the same on any machine."""

    iterations: int | None = None
    seconds: float | None = None
    seed: int = 0

    def for_game(self, game_name: str) -> ReviewSettings:
        """These settings with a budget for ``game_name``: the one given, else the iterations
        its shipped calibration was fitted at, so the search's values are read through curves
        fitted at the very budget that made them, and the review is the same on every machine
        and build (a second's iterations differ between them; a curve read at another budget
        misses deciles: docs/bots.md, "At the review's own budget"). A game with no curve
        searches as its ``hard`` level does."""
        if self.iterations is not None or self.seconds is not None:
            return self
        fitted = fitted_iterations(game_name)
        if fitted is None:
            fitted = level_settings(game_name, "hard").iterations or UNCALIBRATED_ITERATIONS
        return replace(self, iterations=fitted)

    def search(self, game: Game) -> SearchSettings:
        """The ``hard`` level's search for ``game`` with this budget."""
        budget = self.for_game(game.name)
        return replace(
            level_settings(game.name, "hard"), iterations=budget.iterations, seconds=budget.seconds
        )

    def played_search(self, game: Game) -> SearchSettings:
        full = self.search(game)
        return replace(
            full,
            iterations=None
            if full.iterations is None
            else max(1, int(full.iterations * PLAYED_SHARE)),
            seconds=None if full.seconds is None else full.seconds * PLAYED_SHARE,
        )

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class Decision:
    """One judged turn of the reviewed seat. Chances are shares of 1 (calibrated)."""

    step: int  # the turn's first action in the record (the position before it)
    last_step: int  # the turn's last action
    parts: int  # small decisions with a real choice in the turn (the others were forced)
    played: list[int]  # the action ids played at those choices
    preferred: list[int]  # the search's line for them (its first choice first)
    before: float  # the win chance before the turn: that of the preferred move
    after: float  # the win chance of the move played
    loss: float  # before - after, never below 0
    mark: str | None  # "inaccuracy", "mistake", "blunder" or None
    iterations: int  # the searches' iterations in all

    @property
    def best_played(self) -> bool:
        return self.played == self.preferred

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Decision:
        return cls(**{name: data[name] for name in cls.__dataclass_fields__})


@dataclass
class Review:
    """A seat's review: its judged turns in order, and what a summary shows."""

    game: str
    seat: int
    settings: ReviewSettings
    decisions: list[Decision] = field(default_factory=list)
    #: Turns of the seat with nothing to choose (every action forced): not judged.
    forced: int = 0

    def accuracy(self) -> float | None:
        """The mean share of the win chance a judged turn kept, in percent (100: every turn
        played as well as the search's choice); None with no judged turn."""
        if not self.decisions:
            return None
        kept = [1.0 if d.before <= 0 else min(1.0, d.after / d.before) for d in self.decisions]
        return 100.0 * sum(kept) / len(kept)

    def costliest(self, count: int = 3) -> list[Decision]:
        """The ``count`` turns that lost the most (a loss above nothing), costliest first."""
        losing = [d for d in self.decisions if d.loss > 0]
        return sorted(losing, key=lambda d: (-d.loss, d.step))[:count]

    def series(self) -> list[tuple[int, float]]:
        """The seat's win chance before each judged turn, by step (from its own knowledge)."""
        return [(d.step, d.before) for d in self.decisions]

    def marks(self) -> dict[str, int]:
        counts = {"inaccuracy": 0, "mistake": 0, "blunder": 0}
        for d in self.decisions:
            if d.mark is not None:
                counts[d.mark] += 1
        return counts

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "seat": self.seat,
            "settings": self.settings.to_json(),
            "forced": self.forced,
            "decisions": [d.to_json() for d in self.decisions],
            "accuracy": self.accuracy(),
            "costliest": [d.step for d in self.costliest()],
        }


def search_value(
    game: Game, view: SeatView, settings: ReviewSettings, rng: Rng
) -> tuple[float, SearchResult]:
    """The search's value (uncalibrated) of ``view``'s position for its seat: the mean return
    of the action the search chooses; and the search itself."""
    result = Searcher(game, settings.search(game)).search(view, rng)
    return result.values.get(result.action_id, 0.0), result


@dataclass(frozen=True)
class Hint:
    """What the strongest bot would play at a seat's decision, and how sure it is."""

    line: list[int]  # its choice, then its own next ones in the same turn (``planned_turn``)
    chance: float  # the seat's win chance with that move (calibrated)
    sure: float  # the share of the search's visits its choice got (1: no other was close)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def hint(game: Game, view: SeatView, settings: ReviewSettings, rng: Rng) -> Hint:
    """A hint for ``view``'s seat, from that view alone (a person's own seat, mid-game)."""
    value, result = search_value(game, view, settings, rng)
    total = sum(result.visits.values())
    sure = 1.0 if total == 0 else result.visits.get(result.action_id, 0) / total
    return Hint(
        planned_turn(view, result.line or [result.action_id], rng),
        load_calibration(game.name, view.num_players).chance(value),
        sure,
    )


def planned_turn(view: SeatView, line: list[int], rng: Rng) -> list[int]:
    """The first moves of the search's ``line`` that make one turn as ``turns.py`` cuts a
    record (``turn_line``), followed in a world drawn from the seat's view alone, as the
    search's were."""
    return turn_line(view.sample_world(rng), view.player, line) or line[:1]


def turn_line(world: State, seat: int, line: Sequence[int]) -> list[int]:
    """The moves of the search's ``line`` (``seat``'s choices: it gives a forced move no node)
    that make one turn from ``world`` (which this plays on): each forced move between them
    played as it comes, up to the first move that shows something new (``State.reveal``: a
    card drawn, a hidden choice uncovered) or another seat's decision. The search follows its
    line on through such a move, over the other seats' modelled moves, into the worlds it
    imagined, so past it the line names cards the seat does not hold (a Kingdoms hint went on
    to play a card it would draw; a review preferred a Courtisans card from the next hand), a
    plan the seat cannot make yet."""
    planned: list[int] = []
    for action_id in line:
        while world.current_player == seat and len(forced := world.legal_action_ids()) == 1:
            seen = world.reveals
            world.step(forced[0])
            if world.reveals != seen:
                return planned
        if world.current_player != seat or action_id not in world.legal_action_ids():
            break
        seen = world.reveals
        world.step(action_id)
        planned.append(action_id)
        if world.reveals != seen:
            break
    return planned


def judge_turn(
    game: Game, turn: Turn, settings: ReviewSettings, calibration: Calibration
) -> Decision:
    """Judge one turn with a real choice in it, from its seat's views alone."""
    chosen = turn.chosen
    first, last = chosen[0], chosen[-1]
    seat = turn.seat
    played = [p.played for p in chosen]
    rng = decision_rng(settings.seed, seat, first.step)
    played_rng = rng.fork()  # the second search's generator: from the seed and step too
    view = SeatView(first.state, seat)
    raw_before, result = search_value(game, view, settings, rng)
    # The search's line cut to one turn (a review once preferred a card of the next hand).
    line = turn_line(view.sample_world(rng), seat, result.line) or result.line[:1]
    preferred = line[: len(chosen)]
    view.expire()
    iterations = result.iterations
    if preferred == played:
        raw_after = raw_before
    else:
        last_view = SeatView(last.state, seat)
        confined = Searcher(game, settings.played_search(game)).search(
            last_view, played_rng, only=[last.played]
        )
        last_view.expire()
        raw_after = confined.values.get(last.played, 0.0)
        iterations += confined.iterations
    before = calibration.chance(raw_before)
    # A move played judged better than the search's own choice (two searches' noise) is shown
    # as good as it, with no loss.
    after = min(before, calibration.chance(raw_after))
    loss = before - after
    return Decision(
        step=turn.step,
        last_step=turn.positions[-1].step,
        parts=len(chosen),
        played=played,
        preferred=preferred,
        before=before,
        after=after,
        loss=loss,
        mark=thresholds(game.name).mark(loss),
        iterations=iterations,
    )


def seat_turns(game: Game, record: GameRecord, seat: int) -> list[Turn]:
    """The turns of ``seat`` in ``record`` (judged and forced), the record verified."""
    return [t for t in turns_of(replay_positions(game, record)) if t.seat == seat]


def review_record(
    game: Game,
    record: GameRecord,
    seat: int,
    settings: ReviewSettings,
    *,
    done: Mapping[int, Decision] | None = None,
    progress: Callable[[int, int, Decision | None], None] | None = None,
    turns: list[Turn] | None = None,
) -> Review:
    """Review ``seat``'s turns in ``record``. ``done`` holds turns judged earlier with the same
    settings (by first step), kept as they are (a review resumed); ``progress(done, total,
    decision)`` is called after each turn. ``turns`` (from :func:`seat_turns`) may be given to
    judge positions other than the record's own (the honesty test's re-drawn worlds)."""
    if turns is None:
        turns = seat_turns(game, record, seat)
    calibration = load_calibration(game.name, record.num_players)
    judged = [t for t in turns if t.judged]
    review = Review(game.name, seat, settings, forced=len(turns) - len(judged))
    earlier = dict(done or {})
    for index, turn in enumerate(judged):
        decision = earlier.get(turn.step)
        if decision is None:
            decision = judge_turn(game, turn, settings, calibration)
        review.decisions.append(decision)
        if progress is not None:
            progress(index + 1, len(judged), decision)
    return review
