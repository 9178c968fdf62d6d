"""The post-game review (courtly.analysis.review): turns as a player thinks of them, forced
moves left alone, the same review for the same settings, and every estimate from the reviewed
seat's view alone."""

from __future__ import annotations

import itertools
import json
from dataclasses import replace

import pytest

import courtly
from courtly.agents.ismcts import level_settings
from courtly.agents.registry import make_agent
from courtly.analysis.review import (
    ReviewSettings,
    Turn,
    judge_turn,
    line_views,
    replay_positions,
    review_record,
    turns_of,
)
from courtly.analysis.review.calibration import (
    MIN_BLOCK,
    MIN_BLOCKS,
    Calibration,
    data_path,
    fitted_iterations,
    isotonic,
    load_calibration,
    logistic,
)
from courtly.analysis.review.engine import seat_turns
from courtly.analysis.review.fit import (
    METHODS,
    Method,
    Sample,
    _cross_score,
    choose,
    fit,
    fit_counts,
)
from courtly.analysis.review.marks import thresholds
from courtly.analysis.review.measure import Bin, brier, missed, reliability
from courtly.core.match import play_match
from courtly.core.records import GameRecord
from courtly.core.render import action_text
from courtly.core.rng import Rng
from courtly.core.state import State
from courtly.core.table import Table

FEW = ReviewSettings(iterations=40, seconds=None, seed=3)
SEATS = {"kingdoms": 2, "tudor": 2, "courtisans": 3, "for-the-king": 3}


def _record(name: str, seed: int = 7, players: int | None = None) -> GameRecord:
    game = courtly.load(name)
    agents = [make_agent("greedy", game) for _ in range(players or SEATS[name])]
    record = play_match(game, agents, seed=seed, keep_record=True).record
    assert record is not None
    return record


@pytest.mark.parametrize("name", sorted(SEATS))
def test_turns_split_where_the_seat_changes_or_something_is_shown(name: str) -> None:
    game = courtly.load(name)
    positions = replay_positions(game, _record(name))
    turns = turns_of(positions)
    assert [p for t in turns for p in t.positions] == positions
    for turn in turns:
        assert {p.seat for p in turn.positions} == {turn.seat}
        # Nothing was shown inside a turn: only its last action may reveal.
        assert not any(p.revealed for p in turn.positions[:-1])
    for before, after in itertools.pairwise(turns):
        assert before.seat != after.seat or before.positions[-1].revealed


@pytest.mark.parametrize("name", ["tudor", "courtisans"])
def test_a_turn_of_several_choices_is_judged_once(name: str) -> None:
    game = courtly.load(name)
    record = _record(name)
    review = review_record(game, record, 0, FEW)
    several = [d for d in review.decisions if d.parts > 1]
    assert several, "these games have turns of several choices"
    for decision in several:
        assert len(decision.played) == decision.parts
        assert decision.last_step > decision.step
        assert 1 <= len(decision.preferred) <= decision.parts
    steps = [d.step for d in review.decisions]
    assert steps == sorted(set(steps))


def test_forced_moves_are_not_judged() -> None:
    game = courtly.load("tudor")
    record = _record("tudor")
    turns = seat_turns(game, record, 0)
    review = review_record(game, record, 0, FEW, turns=turns)
    judged = {d.step for d in review.decisions}
    forced = [t for t in turns if not t.judged]
    assert review.forced == len(forced)
    assert all(t.step not in judged for t in forced)
    # A turn made only of forced moves is left out: a one-choice turn planted from a real one.
    first = next(t for t in turns if t.judged)
    planted = Turn(first.seat, tuple(replace(p, choices=1) for p in first.positions))
    again = review_record(game, record, 0, FEW, turns=[planted, *turns[1:]])
    assert first.step not in {d.step for d in again.decisions}
    assert again.forced == review.forced + 1


def test_marks_follow_the_game_thresholds() -> None:
    review = review_record(courtly.load("kingdoms"), _record("kingdoms"), 1, FEW)
    marks = thresholds("kingdoms")
    for decision in review.decisions:
        assert decision.loss == pytest.approx(decision.before - decision.after)
        assert decision.mark == marks.mark(decision.loss)
    assert marks.mark(0.3) == "blunder" and marks.mark(0.0) is None
    summary = review.to_json()
    assert 0 <= summary["accuracy"] <= 100
    costliest = review.costliest()
    assert [d.loss for d in costliest] == sorted((d.loss for d in costliest), reverse=True)
    assert len(summary["costliest"]) <= 3


def test_the_same_settings_give_the_same_review() -> None:
    game = courtly.load("courtisans")
    record = _record("courtisans")
    first = review_record(game, record, 1, FEW).to_json()
    assert review_record(game, record, 1, FEW).to_json() == first
    other_seed = review_record(game, record, 1, replace(FEW, seed=4)).to_json()
    assert other_seed != first


@pytest.mark.parametrize("name", sorted(SEATS))
def test_with_no_budget_a_review_searches_the_iterations_its_curves_were_fitted_at(
    name: str,
) -> None:
    """The chances are read through curves fitted at the budget that made the values, and
    the review is the same on any machine: a time budget would make neither true."""
    shipped = json.loads(data_path(name).read_text(encoding="utf-8"))
    fitted = shipped["search_iterations"]
    assert fitted_iterations(name) == fitted
    budget = ReviewSettings(seed=5).for_game(name)
    assert budget == ReviewSettings(iterations=fitted, seconds=None, seed=5)
    game = courtly.load(name)
    search = ReviewSettings().search(game)
    assert (search.iterations, search.seconds) == (fitted, None)
    assert ReviewSettings().played_search(game).iterations == fitted // 2
    # A budget given is kept as given.
    assert ReviewSettings(seconds=0.5).for_game(name) == ReviewSettings(seconds=0.5)
    assert ReviewSettings(iterations=7).for_game(name) == ReviewSettings(iterations=7)


def test_a_game_with_no_calibration_reviews_at_its_hard_levels_iterations() -> None:
    assert fitted_iterations("no-such-game") is None
    hard = level_settings("no-such-game", "hard").iterations
    assert hard is not None
    assert ReviewSettings().for_game("no-such-game") == ReviewSettings(iterations=hard)


@pytest.mark.parametrize("name", sorted(SEATS))
def test_the_review_is_the_same_in_every_world_the_seat_cannot_tell_apart(name: str) -> None:
    """Honesty: each position of the reviewed seat is replaced by a world re-drawn for that
    seat (``resample``: every card it could not see drawn again); the review is identical."""
    game = courtly.load(name)
    record = _record(name, seed=11)
    seat = 1
    turns = seat_turns(game, record, seat)
    rng = Rng(99)
    changed = 0
    redrawn = []
    for turn in turns:
        positions = []
        for position in turn.positions:
            world = position.state.resample(seat, rng)
            changed += world.fingerprint() != position.state.fingerprint()
            positions.append(replace(position, state=world))
        redrawn.append(Turn(turn.seat, tuple(positions)))
    assert changed > 0, "the re-drawn worlds must differ from the real ones"
    real = review_record(game, record, seat, FEW, turns=turns).to_json()
    assert review_record(game, record, seat, FEW, turns=redrawn).to_json() == real


def test_the_logistic_calibration_corrects_an_overconfident_value() -> None:
    assert Calibration().chance(1.5) == 1.0  # none: the value itself, within [0, 1]
    # An overconfident value (a position valued v is won at the rate v / 2): the logistic fit
    # brings it down, and scores the outcomes better than the value itself.
    rng = Rng(5)
    values = [rng.random() for _ in range(2000)]
    outcomes = [1.0 if rng.random() < v / 2 else 0.0 for v in values]
    curve = logistic(values, outcomes)
    assert list(curve.chances) == sorted(curve.chances)
    assert curve.chance(0.0) == curve.chances[0] and curve.chance(1.0) == curve.chances[-1]
    assert curve.chance(0.9) == pytest.approx(0.45, abs=0.08)
    assert brier([curve.chance(v) for v in values], outcomes) < brier(values, outcomes)


def test_the_isotonic_calibration_follows_a_shape_the_logistic_cannot() -> None:
    # Positions valued below 0.5 are lost, above it won half the time: no logistic curve of
    # the value's log-odds fits that step; the isotonic one does, and scores better.
    rng = Rng(6)
    values = [rng.random() for _ in range(3000)]
    outcomes = [0.0 if v < 0.5 else float(rng.random() < 0.5) for v in values]
    curve = isotonic(values, outcomes)
    assert list(curve.chances) == sorted(curve.chances)
    assert curve.chance(0.2) == pytest.approx(0.0, abs=0.03)
    assert curve.chance(0.8) == pytest.approx(0.5, abs=0.06)
    fitted = logistic(values, outcomes)
    scored = brier([curve.chance(v) for v in values], outcomes)
    assert scored < brier([fitted.chance(v) for v in values], outcomes)
    # Every step rests on enough positions not to learn from noise.
    few = isotonic(values[:100], outcomes[:100])
    assert len(few.values) <= 100 // MIN_BLOCK


def test_positions_of_one_value_get_one_chance_their_rate() -> None:
    # A search sure of the win (value 1.0) in 400 positions, 80% of them won, above 2,000
    # positions spread below it: the isotonic curve gives 1.0 the rate of all 400 (once, ties
    # sorted by their outcome, it gave the won ones' 100%).
    rng = Rng(8)
    values = [rng.random() / 2 for _ in range(2000)] + [1.0] * 400
    outcomes = [float(rng.random() < v) for v in values[:2000]] + [
        float(at % 5 != 0) for at in range(400)
    ]
    for block in (1, 100, 300):
        assert isotonic(values, outcomes, block).chance(1.0) == pytest.approx(0.8, abs=0.01)


def test_the_training_folds_choose_the_isotonic_steps_size_too() -> None:
    """Each isotonic step rests on at least its fit's ``min_block`` positions, and the fit
    kept is the best on the training folds among the logistic curve and the isotonic ones of
    every step size (reported with it), never chosen on the held-out games."""
    rng = Rng(9)
    values = [rng.random() for _ in range(3000)]
    outcomes = [0.0 if v < 0.5 else float(rng.random() < 0.5) for v in values]
    for block in MIN_BLOCKS:
        assert len(isotonic(values, outcomes, block).values) <= len(values) // block
    pairs = enumerate(zip(values, outcomes, strict=True))
    samples = [Sample(i // 6, 2, v, o) for i, (v, o) in pairs]
    kept = fit(samples)
    train = [s for s in samples if s.game_index % 3]
    order = {g: i for i, g in enumerate(sorted({s.game_index for s in train}))}
    folded = [Sample(order[s.game_index], 2, s.value, s.outcome) for s in train]
    best = METHODS[choose([_cross_score(m, folded) for m in METHODS])]
    assert (kept.method, kept.min_block) == (best.name, best.min_block)
    assert best.name == "isotonic"  # a step no logistic curve follows
    assert {m.min_block for m in METHODS} == {None, *MIN_BLOCKS}


def test_the_folds_keep_the_curve_right_in_every_decile_over_the_better_brier_score() -> None:
    """Positions valued v are won at rate v (a logistic curve fits them exactly), but the 1%
    valued above 0.9 are won 12 points less often: the logistic curve has the better Brier
    score across the folds, the isotonic one the upper deciles right. The target is per decile,
    so the fit kept is the one whose deciles miss it least surely, of those whose Brier score
    is near the best (a curve flat at the mean misses no decile and tells nothing)."""
    rng = Rng(12)
    samples = []
    for i in range(30_000):
        top = rng.random() < 0.01
        value = 0.9 + 0.1 * rng.random() if top else 0.8 * rng.random()
        samples.append(Sample(i // 6, 4, value, float(rng.random() < value - 0.12 * top)))
    train = [s for s in samples if s.game_index % 3]
    order = {g: i for i, g in enumerate(sorted({s.game_index for s in train}))}
    folded = [Sample(order[s.game_index], 4, s.value, s.outcome) for s in train]
    by_brier = min(METHODS, key=lambda m: _cross_score(m, folded)[1])
    assert by_brier.name == "logistic"
    assert _cross_score(by_brier, folded)[0] > 5, "its upper deciles miss, surely"
    kept = fit(samples)
    assert kept.method == "isotonic"
    assert missed(kept.bins) == 0
    # On the held-out games: the kept curve's top decile within 5 points, the logistic's not.
    assert abs(kept.bins[-1].predicted - kept.bins[-1].observed) <= 0.05
    wrong = held_out_bins(by_brier, samples)[-1]
    assert abs(wrong.predicted - wrong.observed) > 0.05


def held_out_bins(method: Method, samples: list[Sample]) -> list[Bin]:
    """The held-out deciles of ``samples`` fitted by ``method`` on the training games."""
    curve = method.on([s for s in samples if s.game_index % 3])
    test = [s for s in samples if not s.game_index % 3]
    return reliability([curve.chance(s.value) for s in test], [s.outcome for s in test])


def test_each_player_count_is_fitted_on_its_own_games() -> None:
    # The same values, won twice as often at two seats as at four: one curve each.
    rng = Rng(8)
    samples = []
    for index in range(300):
        for players, share in ((2, 1.0), (4, 0.5)):
            value = rng.random()
            won = float(rng.random() < value * share)
            samples.append(Sample(index, players, value, won))
    fits = fit_counts(samples)
    assert sorted(fits) == [2, 4]
    assert fits[2].calibration.chance(0.8) == pytest.approx(0.8, abs=0.1)
    assert fits[4].calibration.chance(0.8) == pytest.approx(0.4, abs=0.1)
    assert fits[2].held_out == fits[4].held_out == 100


@pytest.mark.parametrize("name", sorted(SEATS))
def test_each_game_ships_a_measured_calibration_per_player_count(name: str) -> None:
    shipped = json.loads(data_path(name).read_text(encoding="utf-8"))
    assert "2" in shipped["counts"], "every game is played by two"
    for count, curve in shipped["counts"].items():
        assert curve["held_out"] > 0 and curve["positions"] > 0
        assert curve["method"] in ("logistic", "isotonic")
        if curve["method"] == "isotonic":
            assert curve["min_block"] in MIN_BLOCKS
        calibration = load_calibration(name, int(count))
        assert calibration.chances == tuple(curve["chances"])
        assert list(calibration.chances) == sorted(calibration.chances)
    assert load_calibration(name, 9) == Calibration()  # a count never fitted: the value itself
    game = courtly.load(name)
    calibration = load_calibration(name, 2)
    turns = seat_turns(game, _record(name, players=2), 0)
    judged = next(t for t in turns if t.judged)
    decision = judge_turn(game, judged, FEW, calibration)
    raw = judge_turn(game, judged, FEW, Calibration())
    assert decision.before == pytest.approx(calibration.chance(raw.before))


def _settled(state: State) -> State:
    """``state`` with its forced moves played."""
    while state.current_player is not None and len(state.legal_action_ids()) == 1:
        state.step(state.legal_action_ids()[0])
    return state


@pytest.mark.parametrize(("name", "seed", "step"), [("courtisans", 2, 67)])
def test_a_planted_blunder_is_marked_and_the_winning_move_is_not(
    name: str, seed: int, step: int
) -> None:
    """Two seats: at the last real decision of a game, where by the rules one move ends the
    game lost for the seat and another won (each played to the end), the record is rewritten
    with each; the losing one is a blunder, and the winning one costs far less (a turn may
    begin with an earlier choice, which may have cost something itself)."""
    game = courtly.load(name)
    record = _record(name, players=2, seed=seed)
    table = Table.from_record(game, record.first(step))
    seat = table.state.current_player
    assert seat is not None
    outcome = {
        a: _settled(_step(table.state.clone(), a)).rewards()[seat]
        for a in table.state.legal_action_ids()
    }
    losing = min(a for a, won in outcome.items() if won == 0.0)
    winning = min(a for a, won in outcome.items() if won == 1.0)
    marks, losses = {}, {}
    for move in (losing, winning):
        played = Table.from_record(game, record.first(step))
        played.play(seat, move)
        while (mover := played.state.current_player) is not None:
            played.play(mover, played.state.legal_action_ids()[0])
        review = review_record(
            game, played.record, seat, ReviewSettings(iterations=300, seconds=None)
        )
        judged = next(d for d in review.decisions if d.step <= step <= d.last_step)
        marks[move], losses[move] = judged.mark, judged.loss
    assert marks[losing] == "blunder"
    assert losses[winning] < losses[losing] - thresholds(name).blunder


def _step(state: State, action: int) -> State:
    state.step(action)
    return state


def test_a_turns_moves_are_worded_from_the_views_the_seat_had() -> None:
    """A review words each move as its seat saw the position (a kill names the card there, not
    a position): the views of the moves played are the positions' own observations, a line
    that no longer fits the turn has none from there, and no kill reads as a position."""
    game = courtly.load("courtisans")
    space = game.action_space(SEATS["courtisans"])
    kills = 0
    for seed in range(4):
        record = _record("courtisans", seed)
        for seat in range(SEATS["courtisans"]):
            for turn in (t for t in seat_turns(game, record, seat) if t.judged):
                played = [p.played for p in turn.chosen]
                views = line_views(turn, played)
                assert views == [p.state.observation(seat) for p in turn.chosen]
                # The first move again, where it is no longer legal: no view from there.
                assert line_views(turn, [played[0], played[0]])[1] is None
                for action_id, view in zip(played, views, strict=True):
                    action = space.decode(action_id)
                    if action.kind == "eliminate":
                        kills += 1
                        words = action_text(game, action, "en", (), view)
                        assert words.startswith("eliminate the ") and "card #" not in words
    assert kills > 0
