"""Information-set Monte Carlo tree search (single observer, Cowling, Powley & Whitehouse 2012).

Every iteration draws one world from the seat's view (``view.sample_world``: hidden cards and
future chance re-drawn from what the seat knows) and walks the one shared tree with it; the
true state is never seen. With ``reuse=N`` a world serves N iterations in a row, and the
states its walks reached at the tree's nodes are kept meanwhile, so a walk starts where the
last one in that world left the tree instead of replaying the path. Because different
worlds allow different actions, each child keeps an *availability* count (how often it could
have been chosen) and UCB uses that count in place of the parent's visits.

A decision in these games is a sequence of small decisions, often by the same seat several
times in a row, and which seat decides next can depend on the world. So a child is keyed by
the pair (seat deciding, action id), and each child's statistics are the returns of the seat
that chose it (max^n over the seats' own returns, so it works for any number of players).

Rollouts are uniformly random (or epsilon-greedy on the game's heuristic) and may stop at a
depth cutoff, where the game's ``search_evaluation`` (its heuristic unless the game estimates
the final outcome its own way; relative score for each seat) is turned into a return per seat
by a logistic curve.
"""

from __future__ import annotations

import gc
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final

from mypy_extensions import mypyc_attr

from courtly.agents.levels import level_spec
from courtly.agents.spec import parse_agent_spec
from courtly.core.actions import Action
from courtly.core.errors import AgentSpecError
from courtly.core.rng import Rng
from courtly.core.seat import PublicView, SeatView
from courtly.core.state import Game, State

# A child is keyed ``action_id * _SEAT_SLOTS + seat``: one int key, cheaper than a tuple.
_SEAT_SLOTS: Final = 16
# The share of a time budget kept back for pauses no iteration so far has shown (a garbage
# collection, the OS running another process): measured overruns were up to 10 ms a second.
_TIME_RESERVE: Final = 0.02

ROLLOUT_POLICIES: Final = ("random", "greedy")
OPPONENT_MODELS: Final = ("tree", "policy")


class _Node:
    """Statistics of one edge of the tree (the action that led here) and its children."""

    __slots__ = ("avail", "children", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.reward = 0.0


class _Stop:
    """Where one world stands at one tree node: the state after the node's action, and once the
    walk has gone on from it (forced moves and modelled opponents played), the legal ids of the
    next real choice (None: the game is over)."""

    __slots__ = ("legal", "settled", "state")

    def __init__(self, state: State) -> None:
        self.state = state
        self.settled = False
        self.legal: list[int] | None = None


class _World:
    """One sampled world and, while it serves several iterations, the states its walks reached
    at the tree's nodes (keyed by node), so the next walk in it starts from them."""

    __slots__ = ("keep", "root", "stops")

    def __init__(self, state: State, keep: bool) -> None:
        self.root = _Stop(state)
        self.keep = keep
        self.stops: dict[_Node, _Stop] = {}


@dataclass(frozen=True)
class SearchSettings:
    """What bounds and shapes one search. Exactly one of ``iterations``/``seconds`` is the
    budget; when both are given, the search stops at whichever comes first."""

    iterations: int | None = 1000
    seconds: float | None = None
    c: float = 0.7
    rollout: str = "random"
    # Probability that a greedy rollout step uses the heuristic instead of a random action.
    greedy_prob: float = 0.5
    # Rollout steps before the heuristic evaluates the position (0: evaluate the new leaf at
    # once); None plays every rollout to the end of the game.
    depth: int | None = None
    # Heuristic difference worth a 73% win chance (logistic 1/(1+e^-1)) at the cutoff.
    scale: float = 3.0
    # "tree": other seats' decisions are nodes of the tree like ours; "policy": they are played
    # by the rollout policy and only our own decisions branch the tree (their hidden hands
    # differ from world to world, so their nodes rarely recur; a policy shares what it learns).
    opponents: str = "tree"
    # Iterations each sampled world serves. With more than one, the state reached at each tree
    # node in that world is kept while the world lasts, so an iteration starts where the tree
    # path leaves off instead of replaying the path (and the modelled opponents' replies along
    # it) from the root. Every world still comes from the view's sampler.
    reuse: int = 1

    def validated(self) -> SearchSettings:
        if self.iterations is None and self.seconds is None:
            raise AgentSpecError("ismcts needs a budget: iterations=N or seconds=S")
        if self.iterations is not None and self.iterations < 1:
            raise AgentSpecError("ismcts iterations must be at least 1")
        if self.seconds is not None and not self.seconds > 0:
            raise AgentSpecError("ismcts seconds must be positive")
        if self.c < 0:
            raise AgentSpecError("ismcts exploration constant c must be >= 0")
        if self.rollout not in ROLLOUT_POLICIES:
            raise AgentSpecError(
                f"ismcts rollout must be one of {', '.join(ROLLOUT_POLICIES)}, not {self.rollout!r}"
            )
        if not 0.0 <= self.greedy_prob <= 1.0:
            raise AgentSpecError("ismcts greedy_prob must be between 0 and 1")
        if self.depth is not None and self.depth < 0:
            raise AgentSpecError("ismcts depth must be >= 0, or 'end' to play rollouts out")
        if not self.scale > 0:
            raise AgentSpecError("ismcts scale must be positive")
        if self.opponents not in OPPONENT_MODELS:
            raise AgentSpecError(
                f"ismcts opponents must be one of {', '.join(OPPONENT_MODELS)}, "
                f"not {self.opponents!r}"
            )
        if self.reuse < 1:
            raise AgentSpecError("ismcts reuse must be at least 1")
        return self


@dataclass
class SearchResult:
    action_id: int
    iterations: int
    seconds: float
    visits: dict[int, int]
    #: The searching seat's mean return per root action tried (its estimated win chance).
    values: dict[int, float] = field(default_factory=dict)
    #: The most visited path of the searching seat's own decisions from the root (the
    #: chosen action first): what it would go on to play while it keeps the move.
    line: list[int] = field(default_factory=list)


@dataclass
class PublicSearchResult:
    iterations: int
    #: Per seat: its mean return through the root choice searched most (empty: no iteration).
    returns: list[float]


# Tests subclass it (a fake clock, a spy on each iteration), also in the compiled build.
@mypyc_attr(allow_interpreted_subclasses=True)
class Searcher:
    """One ISMCTS search over the worlds of a seat's view."""

    def __init__(
        self, game: Game, settings: SearchSettings, clock: Callable[[], float] = time.perf_counter
    ) -> None:
        self.game = game
        self.settings = settings.validated()
        # Wall time by default; benchmarks pass time.process_time to count one core's work.
        self.clock = clock
        # Game.candidate_actions narrows what the search weighs; a game that keeps the default
        # (every legal action) costs the search no call at all.
        narrows = type(game).candidate_actions is not Game.candidate_actions
        self.candidates: Callable[[State, list[int]], list[int]] | None = (
            game.candidate_actions if narrows else None
        )
        # The root choices a search is confined to (``search(only=...)``), None: every one.
        self._only: list[int] | None = None
        # Every seat's summed returns per root choice, during a spectator's search only.
        self._tally: dict[_Node, list[float]] | None = None

    def search(self, view: SeatView, rng: Rng, only: Sequence[int] | None = None) -> SearchResult:
        """The search's choice from ``view``. ``only`` confines the root to those actions (a
        review's estimate of the move played, searched even when it is the only one left)."""
        # The cyclic garbage collector is paused while a search runs: a search makes no
        # reference cycles (what it drops, reference counting frees: none of the four games
        # left any for a collection after a search), but it allocates states and nodes by the
        # thousand, so collections kept running over its growing tree for nothing (10-30% of
        # Tudor's and For the King's search time). The results cannot depend on it. It runs
        # again afterwards if it ran before (a search in another thread may have paused it).
        paused = gc.isenabled()
        if paused:
            gc.disable()
        try:
            if only is None:
                return self._search(view, rng)
            legal = {a.id for a in view.legal_actions}
            self._only = [a for a in only if a in legal]
            if not self._only:
                raise ValueError("a search confined to no legal action")
            return self._search(view, rng)
        finally:
            self._only = None
            if paused:
                gc.enable()

    def search_public(self, view: PublicView, rng: Rng) -> PublicSearchResult:
        """Every seat's estimated return from a spectator's ``view``: the search runs over the
        worlds of the public view, its root being the seat to act's choice, and each seat's
        figure is its mean return through the root choice searched most (the move the seat to
        act is expected to make, in the worlds a spectator cannot tell apart)."""
        to_act = view.to_act
        if to_act is None:
            raise ValueError("a finished game has no choice to search")
        paused = gc.isenabled()
        if paused:
            gc.disable()
        tally: dict[_Node, list[float]] = {}
        self._tally = tally
        try:
            root = _Node()
            iterations = self._run(root, view.sample_world, rng, to_act, self.clock())
        finally:
            self._tally = None
            if paused:
                gc.enable()
        keyed = sorted(root.children.items())
        if not keyed:
            return PublicSearchResult(iterations, [])
        _key, best = max(keyed, key=lambda item: item[1].visits)  # the lowest key of the most
        returns = [total / best.visits for total in tally[best]] if best.visits else []
        return PublicSearchResult(iterations, returns)

    def _search(self, view: SeatView, rng: Rng) -> SearchResult:
        only = self._only
        legal_ids = [a.id for a in view.legal_actions] if only is None else only
        clock = self.clock
        start = clock()
        if len(legal_ids) == 1 and only is None:
            return SearchResult(legal_ids[0], 0, 0.0, {legal_ids[0]: 0})
        root = _Node()
        iterations = self._run(root, view.sample_world, rng, view.player, start)
        visits = {}
        values = {}
        for action_id in legal_ids:
            child = root.children.get(action_id * _SEAT_SLOTS + view.player)
            visits[action_id] = 0 if child is None else child.visits
            if child is not None and child.visits:
                values[action_id] = child.reward / child.visits
        best = _most_visited(root, legal_ids, view.player)
        chosen = root.children.get(best * _SEAT_SLOTS + view.player)
        line = [best] + ([] if chosen is None else _own_line(chosen, view.player))
        return SearchResult(best, iterations, clock() - start, visits, values, line)

    def _run(
        self, root: _Node, sample: Callable[[Rng], State], rng: Rng, me: int, start: float
    ) -> int:
        """Iterate from ``root`` over worlds drawn by ``sample`` within the budget; the count."""
        settings = self.settings
        clock = self.clock
        limit = settings.iterations
        deadline = (
            None if settings.seconds is None else start + settings.seconds * (1 - _TIME_RESERVE)
        )
        iterations = 0
        previous = start
        longest = 0.0
        reuse = settings.reuse
        world = _World(sample(rng), reuse > 1)
        while limit is None or iterations < limit:
            if deadline is not None and iterations > 0:
                # Stop when one more iteration as long as the longest so far would overrun: the
                # budget is a promise ("at most one second"), not a point to pass, and
                # iteration lengths vary (some reach the end of the game, some do not).
                # Reading the clock costs far less than one iteration.
                now = clock()
                longest = max(longest, now - previous)
                previous = now
                if now + longest >= deadline:
                    break
            if iterations and iterations % reuse == 0:
                world = _World(sample(rng), reuse > 1)
            self._iterate(root, world, rng, me)
            iterations += 1
        return iterations

    def _iterate(self, root: _Node, world: _World, rng: Rng, me: int) -> None:
        c = self.settings.c
        keep = world.keep
        stops = world.stops
        node = root
        stop = world.root
        path: list[_Node] = []
        movers: list[int] = []
        # Selection and expansion.
        while True:
            if stop.settled:
                legal = stop.legal
            elif stop is world.root and self._only is not None:
                # A confined root: only those choices, even one (no forced move played).
                legal = self._only
                stop.legal = legal
                stop.settled = True
            else:
                legal = self._settle(stop, rng, me)
                stop.legal = legal
                stop.settled = True
            state = stop.state
            if legal is None:
                break
            player = state.current_player
            assert player is not None
            children = node.children
            untried: list[int] = []
            best_child: _Node | None = None
            best_action = -1
            best_value = -1.0
            for action_id in legal:
                child = children.get(action_id * _SEAT_SLOTS + player)
                if child is None:
                    untried.append(action_id)
                    continue
                child.avail += 1
                if untried:
                    continue
                visits = child.visits
                value = child.reward / visits + c * math.sqrt(math.log(child.avail) / visits)
                if value > best_value:
                    best_value = value
                    best_child = child
                    best_action = action_id
            expanded = bool(untried)
            if expanded:
                best_action = untried[rng.below(len(untried))] if len(untried) > 1 else untried[0]
                best_child = _Node()
                children[best_action * _SEAT_SLOTS + player] = best_child
            assert best_child is not None
            path.append(best_child)
            movers.append(player)
            if keep:
                # The world serves more iterations: the state at this node stays as it is.
                reached = stops.get(best_child)
                if reached is None:
                    after = state.clone()
                    after.step(best_action)
                    reached = stops[best_child] = _Stop(after)
                stop = reached
            else:
                state.step(best_action)
                stop = _Stop(state)
            if expanded:
                break
            node = best_child
        leaf = stop.state
        if keep and self.settings.depth != 0 and leaf.current_player is not None:
            leaf = leaf.clone()  # the rollout plays on; the kept state must not move
        rewards = self._rollout(leaf, rng)
        tally = self._tally
        if tally is not None and path:
            # A spectator's search: every seat's returns through each root choice.
            sums = tally.get(path[0])
            if sums is None:
                tally[path[0]] = list(rewards)
            else:
                for seat, reward in enumerate(rewards):
                    sums[seat] += reward
        for child, mover in zip(path, movers, strict=True):
            child.visits += 1
            child.reward += rewards[mover]

    def _settle(self, stop: _Stop, rng: Rng, me: int) -> list[int] | None:
        """Play forced moves (and, with modelled opponents, the other seats' moves) on
        ``stop``'s state up to a real choice in the tree; its legal ids, or None at the end.
        A modelled move may leave ``stop`` holding another state object (see ``_policy_play``)."""
        modelled = self.settings.opponents == "policy"
        candidates = self.candidates
        state = stop.state
        while True:
            player = state.current_player
            if player is None:
                stop.state = state
                return None
            legal = state.legal_action_ids()
            if candidates is not None:
                legal = candidates(state, legal)
            if len(legal) == 1:
                # A forced move is no choice: it gets no node and costs no expansion.
                state.step(legal[0])
                continue
            if modelled and player != me:
                state = self._policy_play(state, legal, rng)
                continue
            stop.state = state
            return legal

    def _rollout(self, state: State, rng: Rng) -> list[float]:
        settings = self.settings
        depth = settings.depth
        steps = 0
        while True:
            if state.current_player is None:
                return state.rewards()
            if depth is not None and steps >= depth:
                return self._evaluate(state)
            legal = state.legal_action_ids()
            if self.candidates is not None:
                legal = self.candidates(state, legal)
            state = self._policy_play(state, legal, rng)
            steps += 1

    def _policy_play(self, state: State, legal: list[int], rng: Rng) -> State:
        """The position after the rollout policy's action (random, or with ``greedy_prob`` the
        heuristic's best): ``state`` moved on, or the copy of it that the greedy policy already
        played that action on while weighing it (the same position: stepping ``state`` again
        cost a tenth of a search's time). Either way ``state`` is not to be used again."""
        if len(legal) == 1:
            state.step(legal[0])
            return state
        if self.settings.rollout == "greedy" and rng.random() < self.settings.greedy_prob:
            player = state.current_player
            assert player is not None
            afters: list[State] = []
            best = self.game.greedy_afters(state, legal, player, afters)
            index = rng.below(len(best)) if len(best) > 1 else 0
            if afters:
                return afters[index]
            state.step(best[index])
            return state
        state.step(legal[rng.below(len(legal))])
        return state

    def _evaluate(self, state: State) -> list[float]:
        scale = self.settings.scale
        out = []
        for value in self.game.search_evaluations(state):
            z = value / scale
            # Clamp so exp cannot overflow on absurd heuristic values.
            z = -30.0 if z < -30.0 else (30.0 if z > 30.0 else z)
            out.append(1.0 / (1.0 + math.exp(-z)))
        return out


def _own_line(root: _Node, player: int) -> list[int]:
    """The most visited child at each node from ``root`` down, while the seat choosing is
    ``player`` (ties to the lower key, so the line is deterministic)."""
    line: list[int] = []
    node = root
    while True:
        best_key = -1
        best_visits = 0
        for key, child in node.children.items():
            if child.visits > best_visits or (child.visits == best_visits and key < best_key):
                best_key, best_visits = key, child.visits
        if best_visits == 0 or best_key % _SEAT_SLOTS != player:
            return line
        line.append(best_key // _SEAT_SLOTS)
        node = node.children[best_key]


def _most_visited(root: _Node, legal_ids: list[int], player: int) -> int:
    """The root action visited most; ties to the better mean return, then the lower id."""
    best_id = legal_ids[0]
    best_key = (-1, -math.inf)
    for action_id in legal_ids:
        child = root.children.get(action_id * _SEAT_SLOTS + player)
        if child is None:
            continue
        key = (child.visits, child.reward / child.visits if child.visits else 0.0)
        if key > best_key:
            best_key = key
            best_id = action_id
    return best_id


class ISMCTSAgent:
    """An agent that runs one :class:`Searcher` per decision."""

    name = "ismcts"

    def __init__(self, game: Game, settings: SearchSettings) -> None:
        self.searcher = Searcher(game, settings)
        self.last: SearchResult | None = None

    def act(self, view: SeatView, rng: Rng) -> Action:
        result = self.searcher.search(view, rng)
        self.last = result
        for action in view.legal_actions:
            if action.id == result.action_id:
                return action
        raise AssertionError("search chose an action outside the view's legal actions")


# The defaults read from an instance: compiled code cannot read instance fields off the class.
_DEFAULTS: Final = SearchSettings()


def settings_from_params(
    iterations: int | None = None,
    seconds: float | None = None,
    c: float = _DEFAULTS.c,
    rollout: str = _DEFAULTS.rollout,
    greedy_prob: float = _DEFAULTS.greedy_prob,
    depth: int | str | None = _DEFAULTS.depth,
    scale: float = _DEFAULTS.scale,
    opponents: str = _DEFAULTS.opponents,
    reuse: int = _DEFAULTS.reuse,
) -> SearchSettings:
    """Search settings from agent-spec parameters; with no budget given, 1000 iterations."""
    if iterations is None and seconds is None:
        iterations = 1000
    try:
        settings = SearchSettings(
            iterations=None if iterations is None else int(iterations),
            seconds=None if seconds is None else float(seconds),
            c=float(c),
            rollout=str(rollout),
            greedy_prob=float(greedy_prob),
            depth=None if depth is None or depth == "end" else int(depth),
            scale=float(scale),
            opponents=str(opponents),
            reuse=int(reuse),
        )
    except ValueError as exc:
        raise AgentSpecError(f"ismcts parameter: {exc}") from None
    return settings.validated()


def make_ismcts(game: Game, **params: Any) -> ISMCTSAgent:
    """The ``ismcts`` agent factory: ``ismcts:iterations=2000`` or ``ismcts:seconds=1.0``."""
    return ISMCTSAgent(game, settings_from_params(**params))


def level_settings(game_name: str, level: str) -> SearchSettings:
    """The search settings of a level that is an ISMCTS search (for benchmarks and budgets)."""
    kind, params = parse_agent_spec(level_spec(game_name, level))
    if kind != "ismcts":
        raise AgentSpecError(f"level {level!r} of {game_name} is {kind!r}, not an ismcts search")
    return settings_from_params(**params)


def ismcts_iterations_per_second(
    game: Game,
    num_players: int,
    seconds: float = 1.0,
    settings: SearchSettings | None = None,
    seed: int = 1,
) -> float:
    """ISMCTS iterations per CPU second (process time, so one core's work even on a busy
    machine) from the opening position of ``game`` (for ``courtly bench``).

    ``settings`` defaults to the ``hard`` level's search settings for the game, with the budget
    replaced by ``seconds`` of thinking."""
    if settings is None:
        settings = level_settings(game.name, "hard")
    timed = replace(settings, iterations=None, seconds=seconds)
    state = game.new_game(num_players, seed=seed)
    rng = Rng(seed)
    # The opening decision may be forced (one legal action); search the first real choice.
    while state.current_player is not None and len(state.legal_action_ids()) == 1:
        state.step(state.legal_action_ids()[0])
    player = state.current_player
    if player is None:
        return 0.0
    result = Searcher(game, timed, clock=time.process_time).search(SeatView(state, player), rng)
    return result.iterations / result.seconds if result.seconds > 0 else 0.0
