"""ISMCTS on the toy Duel game (tests/agents/agents_toy_duel.py), independent of the real games."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import pytest
from agents_toy_duel import DUEL, HOLD, RAISE, DuelGame, DuelState

from courtly.agents import make_agent
from courtly.agents.ismcts import (
    ISMCTSAgent,
    Searcher,
    SearchResult,
    SearchSettings,
    settings_from_params,
)
from courtly.core.errors import AgentSpecError
from courtly.core.match import play_match
from courtly.core.rng import Rng
from courtly.core.seat import SeatView
from courtly.core.state import State

if TYPE_CHECKING:
    from courtly.agents.ismcts import _Node


def position(hands: list[list[int]], played: list[int], table: int, phase: str) -> DuelState:
    state = DUEL.new_game(2, seed=1)
    assert isinstance(state, DuelState)
    state.hands = [sorted(h) for h in hands]
    state.played = list(played)
    state.table = table
    state.phase = phase
    used = set(played) | set(hands[0]) | set(hands[1])
    state.undealt = [c for c in range(1, 10) if c not in used]
    return state


def ismcts(spec: str) -> ISMCTSAgent:
    agent = make_agent(spec, DUEL)
    assert isinstance(agent, ISMCTSAgent)
    return agent


def test_raises_the_stake_behind_an_unbeatable_card() -> None:
    # Seat 0 led the 9: it wins the trick whatever seat 1 holds, so doubling the stake is free.
    state = position([[2, 3], [4, 5, 6]], [9], table=9, phase="stake")
    agent = ismcts("ismcts:iterations=300")
    assert agent.act(SeatView(state, 0), Rng(3)).id == RAISE


def test_holds_the_stake_behind_a_card_that_cannot_win() -> None:
    state = position([[8, 9], [4, 5, 6]], [1], table=1, phase="stake")
    agent = ismcts("ismcts:iterations=300")
    assert agent.act(SeatView(state, 0), Rng(3)).id == HOLD


def test_follower_takes_a_raised_trick_cheaply() -> None:
    # Seat 0 led a 5 at stake 2; seat 1 holds 1, 6 and 9. The 6 takes the trick and keeps the 9.
    state = position([[2, 3], [1, 6, 9]], [5], table=5, phase="follow")
    state.stake = 2
    agent = ismcts("ismcts:iterations=400")
    assert agent.act(SeatView(state, 1), Rng(5)).id == 6 - 1


def test_iteration_budget_is_exact_and_every_iteration_samples_a_fresh_world() -> None:
    state = DUEL.new_game(2, seed=4)
    view = SeatView(state, 0)
    calls = []
    sampler = view._sampler

    def counting(rng: Rng) -> object:
        calls.append(1)
        return sampler(rng)

    view._sampler = counting  # type: ignore[assignment]
    before = state.fingerprint()
    agent = ismcts("ismcts:iterations=77")
    agent.act(view, Rng(1))
    assert agent.last is not None and agent.last.iterations == 77
    assert len(calls) == 77
    assert state.fingerprint() == before  # the true state is never played on


def test_a_reused_world_serves_its_iterations_and_is_never_played_on() -> None:
    # 77 iterations, 8 a world: 10 worlds. Rollouts to the end start from copies of the
    # states kept at the tree's nodes, so each sampled world stays as it was drawn.
    state = DUEL.new_game(2, seed=4)
    view = SeatView(state, 0)
    worlds: list[tuple[State, str]] = []
    sampler = view._sampler

    def recording(rng: Rng) -> State:
        world = sampler(rng)
        worlds.append((world, world.fingerprint()))
        return world

    view._sampler = recording
    agent = ismcts("ismcts:iterations=77,reuse=8")
    agent.act(view, Rng(1))
    assert agent.last is not None and agent.last.iterations == 77
    assert len(worlds) == 10
    assert all(world.fingerprint() == drawn for world, drawn in worlds)


def test_reused_worlds_give_the_same_choice_for_the_same_seed() -> None:
    state = DUEL.new_game(2, seed=8)
    spec = "ismcts:iterations=120,reuse=6,depth=0,opponents=policy,rollout=greedy,greedy_prob=1"
    first, second = ismcts(spec), ismcts(spec)
    assert first.act(SeatView(state, 0), Rng(11)) == second.act(SeatView(state, 0), Rng(11))
    assert first.last is not None and second.last is not None
    assert first.last.visits == second.last.visits


def test_same_view_and_seed_give_the_same_choice_and_tree() -> None:
    state = DUEL.new_game(2, seed=8)
    first = ismcts("ismcts:iterations=120")
    second = ismcts("ismcts:iterations=120")
    a = first.act(SeatView(state, 0), Rng(11))
    b = second.act(SeatView(state, 0), Rng(11))
    assert a == b
    assert first.last is not None and second.last is not None
    assert first.last.visits == second.last.visits


def test_a_forced_decision_is_answered_without_search() -> None:
    state = position([[2], [4]], [1, 3, 5, 6, 7, 8], table=0, phase="lead")
    agent = ismcts("ismcts:iterations=500")
    assert agent.act(SeatView(state, 0), Rng(1)).id == 2 - 1
    assert agent.last is not None and agent.last.iterations == 0


def test_time_budget_stops_on_time() -> None:
    state = DUEL.new_game(2, seed=2)
    agent = ismcts("ismcts:seconds=0.05")
    start = time.perf_counter()
    agent.act(SeatView(state, 0), Rng(1))
    assert time.perf_counter() - start < 0.5
    assert agent.last is not None and agent.last.iterations > 8


def test_depth_cutoff_scores_with_the_heuristic_through_a_logistic() -> None:
    searcher = Searcher(DUEL, SearchSettings(iterations=1, depth=1, scale=2.0))
    state = position([[2, 3], [4, 5]], [1, 6], table=0, phase="lead")
    state.points = [2, 0]
    # Seat 0 leads by 2 points and by 0.1 * (5 - 9) in hand: heuristic 1.6, so 1/(1+e^-0.8).
    rewards = searcher._evaluate(state)
    assert rewards[0] == pytest.approx(1 / (1 + 2.718281828459045**-0.8))
    assert rewards[1] == pytest.approx(1 - rewards[0])
    agent = ismcts("ismcts:iterations=50,depth=2,rollout=greedy")
    assert agent.act(SeatView(DUEL.new_game(2, seed=3), 0), Rng(1)) is not None


def test_cutoff_uses_the_games_search_evaluation_when_it_has_one() -> None:
    """A game may score search leaves its own way; the rollout policy keeps the heuristic."""

    class Pessimist(DuelGame):
        def search_evaluation(self, state: State, player: int) -> float:
            return -4.0

    searcher = Searcher(Pessimist(), SearchSettings(iterations=1, depth=0, scale=2.0))
    state = position([[2, 3], [4, 5]], [1, 6], table=0, phase="lead")
    assert DUEL.search_evaluation(state, 0) == DUEL.heuristic(state, 0)
    assert searcher._evaluate(state)[0] == pytest.approx(1 / (1 + 2.718281828459045**2))


@pytest.mark.parametrize(
    "spec",
    [
        "ismcts:iterations=0",
        "ismcts:seconds=-1",
        "ismcts:rollout=clever",
        "ismcts:depth=-2",
        "ismcts:c=-1",
        "ismcts:greedy_prob=2",
        "ismcts:opponents=psychic",
        "ismcts:reuse=0",
        "ismcts:depth=deep",
        "ismcts:bogus=1",
    ],
)
def test_bad_parameters_are_refused(spec: str) -> None:
    with pytest.raises(AgentSpecError):
        make_agent(spec, DUEL)


@pytest.mark.parametrize(
    "spec",
    [
        "ismcts:iterations=150",
        "ismcts:iterations=150,depth=3",
        "ismcts:iterations=150,depth=0,opponents=policy,rollout=greedy,greedy_prob=1",
        "ismcts:iterations=150,depth=0,opponents=policy,rollout=greedy,greedy_prob=1,reuse=8",
        "ismcts:iterations=150,depth=3,reuse=8",
    ],
)
def test_beats_random_in_the_toy_game(spec: str) -> None:
    won = 0.0
    games = 60
    for index in range(games):
        agents = [make_agent(spec, DUEL), make_agent("random", DUEL)]
        seat = index % 2
        if seat:
            agents.reverse()
        won += play_match(DUEL, agents, seed=index // 2).state.rewards()[seat]
    assert won / games >= 0.58


def test_modelled_opponents_leave_only_our_own_decisions_in_the_tree() -> None:
    # Seat 1 follows, then (if it wins) leads again: with opponents=policy, seat 0's tree holds
    # only seat 0's choices, so every key below the root belongs to seat 0.
    state = DUEL.new_game(2, seed=6)
    root_keys: list[int] = []

    def collect(node: _Node) -> list[int]:
        keys: list[int] = []
        for key, child in node.children.items():
            keys.append(key)
            keys.extend(collect(child))
        return keys

    # A subclass, not a patched method: the compiled build's methods cannot be replaced.
    class Spy(Searcher):
        def _iterate(self, root: Any, world: Any, rng: Rng, me: int) -> None:
            super()._iterate(root, world, rng, me)
            root_keys[:] = collect(root)

    Spy(DUEL, settings_from_params(iterations=200, opponents="policy")).search(
        SeatView(state, 0), Rng(2)
    )
    assert root_keys and all(key % 16 == 0 for key in root_keys)
    Spy(DUEL, settings_from_params(iterations=200)).search(SeatView(state, 0), Rng(2))
    assert any(key % 16 == 1 for key in root_keys)


def _search_on_a_fake_clock(lengths: list[float]) -> SearchResult:
    """A one-second search whose iterations take ``lengths`` (fake) seconds in turn."""
    now = [0.0]
    remaining = iter(lengths)

    class TimedIterations(Searcher):
        def _iterate(self, root: Any, state: Any, rng: Rng, me: int) -> None:
            super()._iterate(root, state, rng, me)
            now[0] += next(remaining)

    searcher = TimedIterations(DUEL, SearchSettings(seconds=1.0, depth=0), clock=lambda: now[0])
    return searcher.search(SeatView(DUEL.new_game(2, seed=2), 0), Rng(1))


def test_time_budget_stops_before_an_iteration_would_cross_it() -> None:
    # Each iteration costs a quarter of a (fake) second: with a one-second budget the search
    # stops after three, since a fourth would end exactly on the deadline's edge or beyond.
    result = _search_on_a_fake_clock([0.25] * 5)
    assert result.iterations == 3
    assert result.seconds <= 1.0


def test_time_budget_allows_for_the_longest_iteration_so_far() -> None:
    # Iterations of 0.1, 0.1, 0.45 s: after them 0.65 s are spent; one more of the mean length
    # (0.22 s) would fit, but one as long as the third (0.45 s) would not, so the search stops.
    result = _search_on_a_fake_clock([0.1, 0.1, 0.45, 0.45, 0.45])
    assert result.iterations == 3
    assert result.seconds <= 1.0


def test_time_budget_keeps_a_reserve_for_an_unforeseen_pause() -> None:
    # Four even iterations of 127/512 s would end at 0.992 s, inside the second, but the fourth
    # is slowed by a 1/64 s pause (a garbage collection, say) that no earlier iteration showed:
    # without the reserve it would end at 1.008 s. The reserve (2%) stops the search after three.
    result = _search_on_a_fake_clock([127 / 512] * 3 + [127 / 512 + 1 / 64])
    assert result.iterations == 3
    assert result.seconds <= 1.0
