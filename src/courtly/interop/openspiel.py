"""The courtly games as OpenSpiel games: ``import courtly.interop.openspiel`` registers
``python_courtly_courtisans``, ``python_courtly_tudor``, ``python_courtly_for_the_king`` and
``python_courtly_kingdoms``, so ``pyspiel.load_game("python_courtly_courtisans(players=3)")``
works and OpenSpiel's algorithms run on them (docs/interop.md).

How our engines meet OpenSpiel's model:

- Chance is *sampled stochastic*: our rules draw chance inside a move from the state's own
  generator, so there are no chance outcomes to list. Each game object draws the seeds of its
  initial states from its ``seed`` parameter, so a game loaded twice plays the same deals.
- Observations are the seat's ``observation`` (the string: its canonical JSON) and its
  ``observation_tensor``; a public observer (no private information) is the spectator's view.
- The information state of a seat is its observation plus its own decisions so far. The
  state keeps those per seat (our states keep no history); a world drawn by
  ``resample_from_infostate`` for seat p keeps p's own decisions, and for every other seat a
  marker (``UNKNOWN_PAST``) in place of decisions p cannot know, so a world holds nothing
  p may not know. A world's ``history()`` is that same past (one ``UNKNOWN_PAST`` per other
  seat, then p's decisions), so in every state each seat's decisions in the history are the
  ones its information state recalls.
- There is no information-state tensor (our tensor does not recall the past), as the game
  type declares: asking for one is refused with OpenSpiel's ``SpielError``, as its own games
  that provide none refuse it.
- Returns are our ``rewards``: 1 shared among the winners, so the game is constant-sum (1).
- An illegal action is refused with our ``IllegalActionError`` (what ``State.apply`` raises),
  and nothing changes: neither the position nor the seat's own decisions.
- A game string splits its parameters at commas, so a text option's list (Tudor's
  ``scoring=1,4``) is written there with ``;`` (``scoring=1;4``), and a lone number with a
  ``;`` after it (``novice=2;``), since OpenSpiel reads a bare number as an integer.
"""

from __future__ import annotations

import base64
import json
import pickle
from collections.abc import Callable, Mapping
from typing import Any

import numpy
import pyspiel

from courtly.core.canonical import canonical_json
from courtly.core.registry import game_names, load_game
from courtly.core.render import action_text
from courtly.core.rng import Rng
from courtly.core.state import Game, State, check_seed, information_state_text
from courtly.core.tensor import layout_size

PREFIX = "python_courtly_"
# In a resampled world, stands for the decisions of a seat the resampling seat cannot know.
UNKNOWN_PAST = -1
# In a game string, stands for the comma of a text option's list: OpenSpiel's parser ends a
# parameter at every comma (python_courtly_tudor(scoring=1;4) is scoring "1,4").
LIST_SEPARATOR = ";"
# A state's Python attributes as OpenSpiel's serialization writes them, for none: a world is
# made by deserializing its history (the one way to give a Python state a history), and its
# attributes are set afterwards, without a JSON round trip of the resampled position.
_NO_ATTRIBUTES = base64.b64encode(pickle.dumps({})).decode("ascii")
# OpenSpiel's words for a game that does not provide the information-state tensor.
NO_INFORMATION_STATE_TENSOR = (
    "InformationStateTensor unimplemented: courtly games declare no information-state tensor "
    "(the observation tensor does not recall the past); use information_state_string"
)


def _max_game_length(game: Game, options: Mapping[str, Any]) -> int:
    """The bound the game declares (``Game.max_game_length``): OpenSpiel needs one."""
    bound = game.max_game_length(options)
    if bound is None:
        raise ValueError(f"{game.name} declares no max_game_length, which OpenSpiel needs")
    return bound


def short_name(game_name: str) -> str:
    """The OpenSpiel name of a courtly game: ``for-the-king`` is ``python_courtly_for_the_king``."""
    return PREFIX + game_name.replace("-", "_")


def _parameters(game: Game) -> dict[str, Any]:
    params: dict[str, Any] = {"players": game.min_players, "seed": 0}
    for option in game.options:
        params[option.name] = option.default
    return params


def _text_options(game: Game) -> frozenset[str]:
    """The options OpenSpiel takes as text (their default is one): the ones whose value may be
    a list, or a number OpenSpiel would read as an integer (Tudor's ``scoring``, ``novice``)."""
    return frozenset(option.name for option in game.options if isinstance(option.default, str))


def from_game_string(value: str) -> str:
    """A text option's value as a game string writes it: ``1;4`` is our ``1,4``, and a ``;``
    at either end (``2;``, which keeps a lone number text) is dropped."""
    if LIST_SEPARATOR not in value:
        return value
    return ",".join(part for part in value.split(LIST_SEPARATOR) if part)


def to_game_string(value: str) -> str:
    """Our value of a text option as a game string writes it (:func:`from_game_string` reads it
    back), so that ``pyspiel.load_game(str(game))`` loads the same game: commas as ``;``, and a
    lone number, or a word OpenSpiel reads as a truth value, given a ``;`` after it."""
    text = value.replace(",", LIST_SEPARATOR)
    if text and (text.lower() in ("true", "false") or all(c in "+-0123456789." for c in text)):
        text += LIST_SEPARATOR
    return text


def _game_type(game: Game) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=short_name(game.name),
        long_name=f"courtly {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(game),
    )


class CourtlyGame(pyspiel.Game):  # type: ignore[misc]
    """One courtly game at a player count and options, as OpenSpiel sees it."""

    courtly_game: Game

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        game = self.courtly_game
        given = dict(_parameters(game))
        given.update(params or {})
        self.num_seats = game.check_players(given.pop("players"))
        self.seed = check_seed(given.pop("seed"))
        texts = _text_options(game)
        for name, value in given.items():
            if name in texts and isinstance(value, str):
                given[name] = from_game_string(value)
        self.options = game.resolve_options(given)
        self.seeds = Rng(self.seed)
        size = game.action_space_size(self.num_seats, self.options)
        self.tensor_size = layout_size(game.observation_tensor_layout(self.num_seats, self.options))
        info = pyspiel.GameInfo(
            num_distinct_actions=size,
            max_chance_outcomes=0,
            num_players=self.num_seats,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=_max_game_length(game, self.options),
        )
        # The parameters OpenSpiel reports (and writes in the game's string), in its own form.
        parameters = {
            name: to_game_string(value) if name in texts and isinstance(value, str) else value
            for name, value in self.options.items()
        }
        super().__init__(
            _game_type(game), info, {"players": self.num_seats, "seed": self.seed, **parameters}
        )

    def new_initial_state(self) -> CourtlyState:
        return CourtlyState(self)

    def deal(self) -> State:
        """A new opening position, its seed the next of this game's sequence."""
        return self.courtly_game.new_game(self.num_seats, self.seeds.next_u64(), self.options)

    def make_py_observer(
        self,
        iig_obs_type: pyspiel.IIGObservationType | None = None,
        params: Mapping[str, Any] | None = None,
    ) -> CourtlyObserver:
        if params:
            raise ValueError(f"observation parameters are not supported, got {dict(params)}")
        if iig_obs_type is None:
            return CourtlyObserver(self, perfect_recall=False, public_only=False)
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS or not iig_obs_type.public_info:
            # Our views come whole (public and private together); a seat never sees all hands.
            raise ValueError("courtly observers give a seat's view or the public view only")
        public_only = private == pyspiel.PrivateInfoType.NONE
        return CourtlyObserver(self, iig_obs_type.perfect_recall, public_only)


class _Held:
    """The courtly state inside an OpenSpiel state: copied with ``clone`` (fast, never a deep
    copy) and pickled (OpenSpiel's serialization of Python states) as our state JSON."""

    __slots__ = ("legal", "state", "views")

    def __init__(self, state: State, legal: list[int] | None = None) -> None:
        self.state = state
        # Views made since the last move, by viewer: OpenSpiel's checks and observers ask for
        # the same view several times a move (tensor, string, information state).
        self.views: dict[int | None, dict[str, Any]] = {}
        # The legal ids now, sorted (OpenSpiel's order), once made: an algorithm asks for them
        # and then plays one, which is checked against them. Never changed in place, so a
        # clone shares it until either moves.
        self.legal = legal

    def view(self, viewer: int | None) -> dict[str, Any]:
        view = self.views.get(viewer)
        if view is None:
            view = self.views[viewer] = self.state.observation(viewer)
        return view

    def legal_ids(self) -> list[int]:
        legal = self.legal
        if legal is None:
            legal = self.legal = sorted(self.state.legal_action_ids())
        return legal

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(self.state.clone(), self.legal)

    def __reduce__(self) -> tuple[Callable[[str, str], _Held], tuple[str, str]]:
        return _restore, (self.state.game.name, json.dumps(self.state.to_json()))


def _restore(game_name: str, text: str) -> _Held:
    return _Held(load_game(game_name).from_json(text))


class CourtlyState(pyspiel.State):  # type: ignore[misc]
    """A position: our state, and each seat's own decisions (its part of the history)."""

    def __init__(self, game: CourtlyGame) -> None:
        super().__init__(game)
        # The position is dealt when first needed: OpenSpiel makes a fresh initial state for
        # every clone and deserialization and then overwrites it, which must not draw a seed.
        self._held: _Held | None = None
        self._own: list[list[int]] = [[] for _ in range(game.num_seats)]

    @property
    def held(self) -> _Held:
        """Our state and what was made of it this move (the position dealt when first asked)."""
        if self._held is None:
            self._held = _Held(self.get_game().deal())
        return self._held

    @property
    def core(self) -> State:
        """Our state (read it; play through ``apply_action``)."""
        return self.held.state

    def current_player(self) -> int:
        seat = self.core.current_player
        return pyspiel.PlayerId.TERMINAL if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        held = self._held or self.held
        if player != held.state.current_player:
            return []
        # The list kept (OpenSpiel copies it into its own vector): never changed in place.
        return held.legal or held.legal_ids()

    def _apply_action(self, action: int) -> None:
        # The hot path of every OpenSpiel algorithm: the attributes read directly.
        held = self._held or self.held
        core = held.state
        seat = core.current_player
        if action in (held.legal or held.legal_ids()):
            core.step(action)
        else:
            # Not legal now (or the game is over): ``play`` refuses it with the error
            # ``State.apply`` gives (IllegalActionError, naming the legal choices) and changes
            # nothing. OpenSpiel adds an action to its history only after this returns.
            core.play(action)
        assert seat is not None  # an action was played, so the game was not over
        self._own[seat].append(action)
        held.views.clear()
        held.legal = None

    def _action_to_string(self, player: int, action: int) -> str:
        held = self.held
        core = held.state
        text = action_text(core.game, core.decode(action))
        # OpenSpiel wants one string per legal action, but two identical cards in a hand read
        # the same (one sentence: render.repeats); such an action's string names its id.
        legal = held.legal_ids()
        if action not in legal:
            return text
        twins = [
            other
            for other in legal
            if other != action and action_text(core.game, core.decode(other)) == text
        ]
        return f"{text} #{action}" if twins else text

    def is_terminal(self) -> bool:
        return self.core.is_terminal

    def returns(self) -> list[float]:
        core = self.core
        return core.rewards() if core.is_terminal else [0.0] * core.num_players

    def view(self, viewer: int | None) -> dict[str, Any]:
        """Our ``observation(viewer)`` of this position (made once per move)."""
        return self.held.view(viewer)

    def information_state_string_for(self, player: int) -> str:
        """Seat ``player``'s view and its own decisions (``State.information_state_string``)."""
        return information_state_text(self.view(player), self._own[player])

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> CourtlyState:
        """A world seat ``player_id`` cannot tell from this one, drawn by our ``resample``
        with a generator seeded from ``probability_sampler`` (OpenSpiel's source of chance)."""
        seed = int(probability_sampler() * 2**32) << 32 | int(probability_sampler() * 2**32)
        own = [
            list(own) if seat == player_id else [UNKNOWN_PAST] for seat, own in enumerate(self._own)
        ]
        # The world's history is the past the seat knows, in the order it knows it: the other
        # seats' unknown decisions, then its own (never the true history: that is theirs).
        past = [(seat, UNKNOWN_PAST) for seat in range(len(own)) if seat != player_id]
        past += [(player_id, action) for action in own[player_id]]
        history = ",".join(f"{seat}:{action}" for seat, action in past)
        text = f"history={history}\nmove_number={len(past)}\n__dict__={_NO_ATTRIBUTES}"
        world: CourtlyState = self.get_game().deserialize_state(text)
        world._held = _Held(self.core.resample(player_id, Rng(seed)))
        world._own = own
        return world

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """Refused: there is none (``provides_information_state_tensor`` is False)."""
        raise pyspiel.SpielError(NO_INFORMATION_STATE_TENSOR)

    def __str__(self) -> str:
        return canonical_json(self.core.to_json())


class CourtlyObserver:
    """OpenSpiel's observer: a seat's (or the public) view as our tensor and JSON text; with
    perfect recall, the information state (view plus own decisions) as text."""

    def __init__(self, game: CourtlyGame, perfect_recall: bool, public_only: bool) -> None:
        self.perfect_recall = perfect_recall
        self.public_only = public_only
        # The information state has no tensor: the view's tensor does not recall the past.
        self.tensor: numpy.ndarray[Any, Any] | None = (
            None if perfect_recall else numpy.zeros(game.tensor_size, numpy.float32)
        )
        self.dict: dict[str, numpy.ndarray[Any, Any]] = (
            {} if self.tensor is None else {"observation": self.tensor}
        )

    def _viewer(self, player: int) -> int | None:
        return None if self.public_only else player

    def set_from(self, state: CourtlyState, player: int) -> None:
        if self.tensor is None:
            # OpenSpiel asks the perfect-recall observer for the information-state tensor
            # (and its shape) through here: refused, not answered with an empty vector.
            raise pyspiel.SpielError(NO_INFORMATION_STATE_TENSOR)
        game = state.core.game
        self.tensor[:] = game.observation_tensor(state.view(self._viewer(player)))

    def string_from(self, state: CourtlyState, player: int) -> str:
        if self.perfect_recall and not self.public_only:
            return state.information_state_string_for(player)
        return canonical_json(state.view(self._viewer(player)))


def _register(game: Game) -> None:
    cls = type(f"Courtly{game.title.replace(' ', '')}Game", (CourtlyGame,), {"courtly_game": game})
    pyspiel.register_game(_game_type(game), cls)


def register_all() -> list[str]:
    """Register every installed courtly game with OpenSpiel (once); their short names."""
    registered = set(pyspiel.registered_names())
    names = []
    for name in game_names():
        game = load_game(name)
        if short_name(name) not in registered:
            _register(game)
        names.append(short_name(name))
    return names


GAMES = register_all()

__all__ = ["GAMES", "UNKNOWN_PAST", "CourtlyGame", "CourtlyObserver", "CourtlyState", "short_name"]
