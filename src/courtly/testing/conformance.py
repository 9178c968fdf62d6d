"""Random-game conformance checks for any game on the kernel.

Each random game is checked at every step: the turn structure, that every legal action
applies, that bad input is refused without a trace, clone independence, the exact JSON round
trip, the game's own invariants, and the leak check (a seat's observation and legal actions are
the same in the true state and in every world ``resample`` draws for it; resampling depends only
on what the seat knows, really re-draws hidden things, and deals worlds that play on; the same
for a spectator's worlds, in a game that draws them), and the
undo check (a move the game lets be taken back, one that called no ``State.reveal``, shows no
seat anything new: see :func:`check_undoable`). At the end the game is replayed from its record
and must reproduce every fingerprint.
"""

from __future__ import annotations

import marshal
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Protocol

from courtly.core.canonical import canonical_json
from courtly.core.errors import CourtlyError, IllegalActionError, WrongPlayerError
from courtly.core.match import MAX_DECISIONS
from courtly.core.records import GameRecord, new_record
from courtly.core.registry import load_game
from courtly.core.render import action_text
from courtly.core.replay import replay
from courtly.core.rng import Rng
from courtly.core.seeds import game_seed
from courtly.core.state import Game, State, text_fingerprint

RESAMPLES_PER_CHECK = 1
VARIATION_SAMPLES = 8
#: Worlds per seat in which the undo check plays each undoable move again.
UNDO_WORLDS = 2
#: Mixed into a game's seed for the undo check's own generator, so that adding the check left
#: every random game's moves as they were.
UNDO_SEED = 0x5EED_0DD0
#: Mixed into a seat's resample seed for the spectator's worlds (``_check_public_resample``).
PUBLIC_SEED = 0x9AB1_1C00


class ConformanceFailure(AssertionError):
    pass


@dataclass
class ConformanceReport:
    game: str
    num_players: int
    games: int = 0
    decisions: int = 0
    failures: list[str] = field(default_factory=list)
    resample_varied: dict[int, bool] = field(default_factory=dict)
    #: Per seat: whether a spectator's world ever showed that seat something else than the true
    #: state did (its own hidden cards re-drawn). Empty for a game that draws no such worlds.
    public_varied: dict[int, bool] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.failures


def _body(state: State) -> dict[str, Any]:
    """The state without its generator. Compared as Python values: as strict as comparing JSON
    text (a tuple never equals a list) and several times faster."""
    data = state.to_json()
    data.pop("rng", None)
    return data


def _expect_refused(
    state: State,
    bad: Any,
    player: int | None,
    what: str,
    expected: type[CourtlyError] = IllegalActionError,
) -> None:
    # The caller compares the fingerprint once after all refusals: any trace shows up there.
    try:
        state.apply(bad, player=player)
    except expected:
        pass
    except CourtlyError as exc:
        raise ConformanceFailure(f"{what} was refused with the wrong error: {exc!r}") from None
    else:
        raise ConformanceFailure(f"{what} was accepted")


def _check_world_plays_on(world: State, seat: int | None, rng: Rng) -> None:
    """A search plays on in the worlds it samples: after a move the game must go on or end,
    never stop with someone to act and nothing legal (a hidden hand dealt against what the
    rules guarantee about it, say). Consumes ``world``."""
    for moves in (0, 1):
        if world.current_player is None:
            return
        legal = world.legal_action_ids()
        if not legal:
            raise ConformanceFailure(
                f"a world resampled for {'a spectator' if seat is None else f'seat {seat}'} "
                f"leaves seat {world.current_player} "
                f"with no legal action after {moves} move(s)"
            )
        if moves == 0:
            world.step(legal[rng.below(len(legal))])


def seeks_public_worlds(state: State) -> bool:
    """Whether the game re-draws worlds for a spectator (``State.resample`` with None)."""
    return type(state)._resample_public is not State._resample_public


def _check_public_resample(
    state: State, player: int, seed: int, varied: dict[int, bool] | None
) -> None:
    """The leak check for a spectator: a world drawn from the public view shows a spectator
    what the true state does, with the same seat to act, depends on nothing but the public
    view, and plays on; ``varied`` collects the seats it showed something else (their own
    hidden cards re-drawn: a world made as a seat's would keep that seat's). Its generators
    come from ``seed`` (the seats' last), so the check draws nothing from the random game's
    own generator, whose games stay as they were."""
    seed ^= PUBLIC_SEED
    world = state.resample(None, Rng(seed))
    world.check_invariants()
    if world.observation(None) != state.observation(None):
        raise ConformanceFailure("resample for a spectator changes what a spectator observes")
    if varied is not None:
        for seat in range(state.num_players):
            if not varied.get(seat) and world.observation(seat) != state.observation(seat):
                varied[seat] = True
    if world.current_player != player:
        raise ConformanceFailure("resample for a spectator changes whose turn it is")
    probe = seed ^ 0x5DEECE66D
    if _body(state.resample(None, Rng(probe))) != _body(world.resample(None, Rng(probe))):
        raise ConformanceFailure("resample for a spectator depends on more than the public view")
    _check_world_plays_on(world, None, Rng(seed))


def check_step(state: State, rng: Rng, varied: dict[int, bool]) -> None:
    """Every conformance check on one position (legal actions, invariants, clones, honest
    resampling): for games' own tests of positions no random game reaches, such as loaded
    ones. ``varied`` collects, per seat, whether resampling ever changed a hidden thing."""
    _check_position(state, rng, varied, None)


def undo_leak(
    state: State, action_id: int, after: State, rng: Rng, worlds: int = UNDO_WORLDS
) -> str | None:
    """What playing ``action_id`` in ``state`` (giving ``after``) shows some seat that it could
    not work out from its own view and the move, or None if the resample oracle finds nothing.

    For every seat, ``worlds`` worlds are re-drawn from that seat's view before the move
    (``State.resample``) and the move is played in each; a world where it is not legal
    contradicts the move and is skipped. The seat's observation after it must be the one it
    really gets: else the move showed it something hidden (the top card of a pile, a chance
    outcome...), and taking the move back would let the seat look ahead. In the mover's
    worlds the move must call no ``State.reveal`` either: the mover is told whether it may
    undo, and that answer must not depend on what it cannot see."""
    mover = state.current_player
    for seat in range(state.num_players):
        seen = after.observation(seat)
        for _ in range(worlds):
            world = state.resample(seat, Rng(rng.next_u64()))
            if action_id not in world.legal_action_ids():
                continue
            reveals = world.reveals
            world.apply(action_id)  # with events, as a table plays it: a game may judge only then
            shown = world.observation(seat)
            if shown != seen:
                keys = seen.keys() | shown.keys()
                differ = sorted(k for k in keys if seen.get(k) != shown.get(k))
                return f"seat {seat} sees something new in {', '.join(differ)}"
            if seat == mover and world.reveals != reveals:
                return f"whether seat {seat} may undo depends on what it cannot see"
    return None


def check_undoable(
    state: State, action_id: int, after: State, rng: Rng, worlds: int = UNDO_WORLDS
) -> None:
    """Raise ConformanceFailure if the move ``action_id`` from ``state`` to ``after``, which the
    game lets be taken back (it called no ``State.reveal``), shows some seat something new
    (:func:`undo_leak`). A move that ends the game is not checked: no undo crosses the end."""
    if after.is_terminal:
        return
    leak = undo_leak(state, action_id, after, rng, worlds)
    if leak is not None:
        played = action_text(state.game, state.decode(action_id))
        raise ConformanceFailure(
            f"{played!r} by seat {state.current_player} may be "
            f"taken back (no State.reveal), but {leak}"
        )


class _Form:
    """A state's JSON form as its canonical text (what its fingerprint hashes) and a cheap
    exact copy to compare first: ``marshal`` (version 2, which writes no shared references)
    tells apart all that the canonical text does (1, 1.0 and True; every value and key) and
    more (a tuple from a list, the order of keys), and writes in a quarter of the time. Equal
    copies mean equal texts; only where the copies differ are the texts compared."""

    __slots__ = ("copy", "text")

    def __init__(self, data: dict[str, Any]) -> None:
        where = _float_in(data)
        if where is not None:
            # The fingerprint's fast spelling is the standard library's only without floats.
            path = "/".join(str(key) for key in reversed(where))
            raise ConformanceFailure(f"a state's JSON form holds a float at /{path}")
        self.text = canonical_json(data)
        self.copy = _marshalled(data)

    def same(self, state: State) -> bool:
        """Whether ``state``'s JSON form is this one (the fingerprints would be equal)."""
        data = state.to_json()
        copy = _marshalled(data)
        return (copy is not None and copy == self.copy) or canonical_json(data) == self.text


def _float_in(value: Any) -> list[Any] | None:
    """The path (keys and indices, innermost first) of the first float in a JSON value, or
    None: ``State.fingerprint``'s fast canonical spelling must never meet one."""
    if isinstance(value, float):
        return []
    items: Iterable[tuple[Any, Any]] = ()
    if isinstance(value, dict):
        items = value.items()
    elif isinstance(value, list | tuple):
        items = enumerate(value)
    for key, item in items:
        found = _float_in(item)
        if found is not None:
            found.append(key)
            return found
    return None


def _marshalled(data: dict[str, Any]) -> bytes | None:
    try:
        return marshal.dumps(data, 2)
    except ValueError:  # a type marshal does not write (an enum, say): the text decides
        return None


def _check_position(
    state: State,
    rng: Rng,
    varied: dict[int, bool],
    known: _Form | None,
    revealing: set[int] | None = None,
    public_varied: dict[int, bool] | None = None,
) -> dict[int, State]:
    """``check_step``; returns, per legal action id, the clone that played it (its invariants
    checked), from which a random game goes on, and adds to ``revealing`` the ids whose move
    called ``State.reveal``. ``known`` is the JSON form of ``state`` when the caller has it:
    ``state`` is then such a clone, whose invariants were checked when it was made, and they
    are not checked again."""
    player = state.current_player
    legal = state.legal_action_ids()
    if state.is_terminal or player is None:
        if not (state.is_terminal and player is None):
            raise ConformanceFailure("is_terminal and current_player disagree")
        if legal:
            raise ConformanceFailure("a terminal state has legal actions")
        return {}
    if not legal:
        raise ConformanceFailure(f"seat {player} has no legal action in a live state")
    if len(set(legal)) != len(legal):
        raise ConformanceFailure("legal_action_ids repeats an id")
    if known is None:
        state.check_invariants()
    # The JSON form stands for the whole state: the round trip and every "unchanged" check
    # below compare it, as the fingerprint (its hash) would, without hashing.
    before = _Form(state.to_json()) if known is None else known

    def unchanged() -> bool:
        return before.same(state)

    # Every legal action applies, on independent clones.
    after: dict[int, State] = {}
    for aid in legal:
        clone = state.clone()
        reveals = clone.reveals
        try:
            clone.apply(aid, player=player)
        except CourtlyError as exc:
            raise ConformanceFailure(
                f"legal action {action_text(state.game, state.decode(aid))!r} refused: {exc}"
            ) from None
        clone.check_invariants()
        after[aid] = clone
        if revealing is not None and clone.reveals != reveals:
            revealing.add(aid)
    # Once for all the clones: a clone that shares anything with the original shows up here.
    if not unchanged():
        raise ConformanceFailure("applying to a clone changed the original")

    # Bad input is refused and leaves no trace.
    size = state.action_space_size
    legal_set = set(legal)
    illegal = [i for i in (rng.below(size) for _ in range(4)) if i not in legal_set]
    for aid in illegal[:2]:
        _expect_refused(state, aid, player, f"illegal action id {aid}")
    _expect_refused(state, size + rng.below(1000), player, "an out-of-range id")
    _expect_refused(state, -1, player, "a negative id")
    _expect_refused(state, '{"kind": ', player, "malformed JSON")
    _expect_refused(state, {"kind": "no-such-kind"}, player, "an unknown action kind")
    if state.num_players > 1:
        wrong = (player + 1 + rng.below(state.num_players - 1)) % state.num_players
        _expect_refused(state, legal[0], wrong, "an action from the wrong seat", WrongPlayerError)
    if not unchanged():
        raise ConformanceFailure("refusing bad input changed the state")

    # JSON round trip is exact.
    again = state.game.from_json(before.text)
    if not before.same(again):
        raise ConformanceFailure("JSON round trip changed the state")
    if again.legal_action_ids() != legal:
        raise ConformanceFailure("JSON round trip changed the legal actions")

    # Leak check, for every seat. The costlier probe (resampling the true state and a drawn
    # world with the same generator must agree) checks one seat per step, chosen at random,
    # so that over a game every seat is probed in every kind of position.
    probed = rng.below(state.num_players)
    for seat in range(state.num_players):
        obs = state.observation(seat)
        for _ in range(RESAMPLES_PER_CHECK):
            seed = rng.next_u64()
            world = state.resample(seat, Rng(seed))
            world.check_invariants()
            if world.observation(seat) != obs:
                raise ConformanceFailure(
                    f"resample for seat {seat} changes what that seat observes"
                )
            if seat == player and world.legal_action_ids() != legal:
                raise ConformanceFailure(f"resample for seat {seat} changes its legal actions")
            if world.current_player != player:
                raise ConformanceFailure("resample changes whose turn it is")
            if seat == probed:
                probe = seed ^ 0x5DEECE66D
                world_again = world.resample(seat, Rng(probe))
                if _body(state.resample(seat, Rng(probe))) != _body(world_again):
                    raise ConformanceFailure(
                        f"resample for seat {seat} depends on more than what the seat knows"
                    )
            _check_world_plays_on(world, seat, rng)
        if not varied.get(seat):
            bodies = {
                canonical_json(_body(state.resample(seat, Rng(rng.next_u64()))))
                for _ in range(VARIATION_SAMPLES)
            }
            if len(bodies) > 1:
                varied[seat] = True
    if seeks_public_worlds(state):
        _check_public_resample(state, player, seed, public_varied)
    if not unchanged():
        raise ConformanceFailure("the checks changed the state")

    # Clones are independent.
    clone = state.clone()
    clone.step(legal[-1])
    if not unchanged():
        raise ConformanceFailure("stepping a clone changed the original")
    return after


def check_game(
    game: Game,
    num_players: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    report: ConformanceReport | None = None,
) -> int:
    """Play one random game from ``seed`` with every check; return its decision count.
    Raises ConformanceFailure (or any error the engine raised) at the first problem.

    The game goes on from the clone that played the chosen action in the checks (so the
    position after it is not checked twice), its record kept as a table keeps one
    (``GameRecord.add``); the replay from the record at the end, through the table's one
    replay from a new game, must then reproduce every recorded fingerprint."""
    rng = Rng(seed ^ 0xC0FFEE)
    undo_rng = Rng(seed ^ UNDO_SEED)
    state = game.new_game(num_players, seed=seed, options=options)
    record: GameRecord = new_record(state, ["random"] * num_players, seed)
    varied = report.resample_varied if report is not None else {}
    public_varied = report.public_varied if report is not None else None
    decisions = 0
    known: _Form | None = None
    while True:
        revealing: set[int] = set()
        after = _check_position(state, rng, varied, known, revealing, public_varied)
        if state.is_terminal:
            break
        if decisions >= MAX_DECISIONS:
            raise ConformanceFailure(f"game did not end within {MAX_DECISIONS} decisions")
        legal = list(after)
        chosen = legal[rng.below(len(legal))]
        if chosen not in revealing:
            try:
                check_undoable(state, chosen, after[chosen], undo_rng)
            except ConformanceFailure as exc:
                raise ConformanceFailure(f"decision {decisions + 1}: {exc}") from None
        action = state.decode(chosen)
        state = after[chosen]
        known = _Form(state.to_json())
        record.add(action, state, text_fingerprint(known.text))
        decisions += 1
    winners = state.winners()
    if not winners or any(not 0 <= w < num_players for w in winners):
        raise ConformanceFailure(f"a finished game must have winners, got {winners}")
    if len(state.scores()) != num_players:
        raise ConformanceFailure("scores() must give one score per seat")
    # Replays are deterministic, through the record's JSON form.
    again = GameRecord.from_json(record.dumps())
    for _ in replay(game, again):
        pass
    return decisions


def _check_games(
    game: Game, num_players: int, seeds: list[int], options: Mapping[str, Any] | None
) -> ConformanceReport:
    report = ConformanceReport(game.name, num_players)
    for seed in seeds:
        try:
            report.decisions += check_game(game, num_players, seed, options, report)
        except Exception as exc:
            report.failures.append(
                f"{game.name}, {num_players} players, seed {seed}: {type(exc).__name__}: {exc}"
            )
        report.games += 1
    return report


CheckedBatch = tuple[int, "ConformanceReport"]


def _check_indices(
    game: Game | None,
    name: str,
    num_players: int,
    seed: int,
    options: Mapping[str, Any] | None,
    indices: list[int],
) -> CheckedBatch:
    """Check the games of numbers ``indices`` (in a worker, ``game`` is loaded by ``name``);
    the first number comes back so that failures can be listed in game order."""
    checked = game or load_game(name)
    seeds = [game_seed(seed, index) for index in indices]
    return indices[0], _check_games(checked, num_players, seeds, options)


def _merge(total: ConformanceReport, part: ConformanceReport) -> None:
    total.games += part.games
    total.decisions += part.decisions
    total.failures.extend(part.failures)
    for seat, varied in part.resample_varied.items():
        total.resample_varied[seat] = total.resample_varied.get(seat, False) or varied
    for seat, varied in part.public_varied.items():
        total.public_varied[seat] = total.public_varied.get(seat, False) or varied


class BatchRunner(Protocol):
    """What runs batches of games elsewhere (``courtly.analysis.runner.Runner`` is one; the
    testing layer sits below analysis and only names what it needs)."""

    @property
    def parallel(self) -> bool: ...

    def map(
        self, func: Callable[[list[int]], CheckedBatch], items: Iterable[int], batch_size: int
    ) -> Iterator[CheckedBatch]: ...


def run_conformance(
    game: Game,
    num_players: int,
    games: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
    stop_after_failures: int = 5,
    runner: BatchRunner | None = None,
) -> ConformanceReport:
    """Check ``games`` random games; failures are listed with the seed that reproduces them.

    With a parallel ``runner`` the games run in other processes or on Ray (where the game is
    loaded by its registered name); the games and their seeds are the same either way, and
    failures are listed in game order. Checking in this process stops after
    ``stop_after_failures`` failures."""
    parallel = runner is not None and runner.parallel
    report = ConformanceReport(game.name, num_players)
    failures: dict[int, list[str]] = {}
    check = partial(
        _check_indices, None if parallel else game, game.name, num_players, seed, options
    )
    parts: Iterator[CheckedBatch]
    if runner is not None and parallel:
        # A conformance game costs about a second: small batches keep the progress moving.
        parts = runner.map(check, range(games), 4)
    else:
        parts = (check([index]) for index in range(games))
    for first, part in parts:
        failures[first] = part.failures
        part.failures = []
        _merge(report, part)
        if progress is not None:
            progress(report.games)
        if not parallel and sum(map(len, failures.values())) >= stop_after_failures:
            break
    for first in sorted(failures):
        report.failures.extend(failures[first])
    if report.games and not report.failures:
        missing = [p for p in range(num_players) if not report.resample_varied.get(p)]
        if missing:
            report.failures.append(
                f"resample never re-drew anything for seat(s) {missing}: "
                "hidden information is not resampled"
            )
        probe = game.new_game(num_players, seed=seed, options=options)
        kept = [p for p in range(num_players) if not report.public_varied.get(p)]
        if seeks_public_worlds(probe) and kept:
            report.failures.append(
                f"resample for a spectator never re-drew what seat(s) {kept} saw: "
                "a seat's own hidden cards are no spectator's"
            )
    return report
