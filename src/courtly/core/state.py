"""The contract every game implements: a :class:`Game` and its :class:`State`.

A game subclass provides the rules through a handful of small hooks (``legal_action_ids``,
``_apply``, ``observation``, ``resample``, the JSON body...). Everything users call on every
game (validated ``apply``, ``fingerprint``, the JSON envelope, wrong-player checks) lives here,
once.
"""

from __future__ import annotations

import hashlib
import json
import math
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, SupportsIndex, cast

from mypy_extensions import mypyc_attr

from courtly.core.actions import Action, ActionSpace, ActionTexts, ChoiceGrid, plain_int
from courtly.core.budgets import LevelBudgets
from courtly.core.canonical import canonical_json, canonical_json_without_floats
from courtly.core.errors import (
    CourtlyError,
    IllegalActionError,
    InvalidSeatError,
    InvalidStateError,
    PlayerCountError,
    Words,
    WrongPlayerError,
)
from courtly.core.events import Event, EventKinds
from courtly.core.i18n import COURTLY, ENGLISH, Domain
from courtly.core.options import Option, resolve_options, stored_options
from courtly.core.render import action_text
from courtly.core.rng import Rng, fresh_seed
from courtly.core.tensor import TensorField, TensorWriter

if TYPE_CHECKING:
    import numpy

STATE_FORMAT = "courtly-state"
# Options mappings whose action space a Game remembers by identity: the states' mappings are
# shared (one per distinct value, ``Game._shared_options``), so a few; other mappings asked
# about are kept too, and all forgotten at once past this.
_KEPT_OPTIONS = 4096

#: The keys every game's observation starts with, in this order (docs/formats.md); a game's own
#: sections follow and never reuse these names.
OBSERVATION_ENVELOPE = ("game", "viewer", "num_players", "to_act", "phase", "scores")


def text_fingerprint(text: str) -> str:
    """The fingerprint of a state whose canonical JSON (:func:`canonical_json`) is ``text``."""
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def check_seed(seed: object) -> int:
    """``seed`` as a plain int if it is an integer (Python's or numpy's, any size: the
    generator keeps its low 64 bits), else a :class:`CourtlyError` saying what a seed may be.
    A string, a float or a bool is refused rather than read as some other seed."""
    value = plain_int(seed)
    if value is None:
        raise CourtlyError.keyed("error.api.seed", value=seed)
    return value


def information_state_text(observation: Mapping[str, Any], own_actions: Sequence[int]) -> str:
    """A seat's information state as text: its observation and its own decisions so far."""
    return canonical_json({"observation": observation, "own_actions": list(own_actions)})


# Games and tests subclass both classes in interpreted code, also in the compiled build.
@mypyc_attr(allow_interpreted_subclasses=True)
class State(ABC):
    """A complete game position, including the random generator that drives its chance."""

    game: Game
    num_players: int
    options: Mapping[str, Any]
    rng: Rng
    #: How many times this object's moves called :meth:`reveal`. Only its change over one
    #: move means anything (a clone or a loaded state starts again from 0), so it is in neither
    #: the JSON form nor the fingerprint, and records stay as they were.
    reveals: int = 0

    # --- the rules: hooks a game implements -------------------------------------------

    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat to decide now, or None once the game is over."""

    @property
    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def legal_action_ids(self) -> list[int]:
        """Ids of the legal actions, in a stable order; empty once terminal."""

    @abstractmethod
    def _apply(self, action_id: int, events: list[Event] | None) -> None:
        """Play a legal action. Append events to ``events`` unless it is None (fast path).

        Only called with an id from ``legal_action_ids()``; must not raise for those. Calls
        :meth:`reveal` whenever the move shows some seat something new; a judgement that costs
        may be left out when ``events`` is None (the search's path), as only moves played with
        events (:meth:`apply`, which a ``Table`` uses) are ever taken back.
        """

    @abstractmethod
    def scores(self) -> list[float]:
        """Points per seat (final once terminal; a running count before)."""

    @abstractmethod
    def clone(self) -> State:
        """An independent copy: nothing mutable is shared."""

    def _observe(self, viewer: int | None) -> dict[str, Any]:
        """JSON-able: the game's own sections of what ``viewer`` may know now (None: a
        spectator). The kernel adds the envelope (:data:`OBSERVATION_ENVELOPE`) in front."""
        raise NotImplementedError(f"{type(self).__name__} does not implement _observe")

    def phase_name(self) -> str:
        """A stable id of the decision or phase now (``"over"`` once the game has ended)."""
        raise NotImplementedError(f"{type(self).__name__} does not implement phase_name")

    def public_scores(self) -> list[float] | None:
        """The running score per seat as far as everyone may know it. None by default: a
        running score often counts hidden cards, so a game that shows it must say so."""
        return None

    def _resample(self, player: int, rng: Rng) -> State:
        """The game's resampling; ``player`` is already checked (see :meth:`resample`)."""
        raise NotImplementedError(f"{type(self).__name__} does not implement _resample")

    def _resample_public(self, rng: Rng) -> State:
        """The game's resampling for a spectator (see :meth:`resample` with ``player`` None)."""
        raise NotImplementedError(f"{type(self).__name__} does not implement _resample_public")

    @abstractmethod
    def _body_to_json(self) -> dict[str, Any]:
        """The game-specific part of the state's JSON form."""

    def check_invariants(self) -> None:  # noqa: B027 (optional hook, no check by default)
        """Raise :class:`InvalidStateError` if the position is impossible (selftest, from_json)."""

    def reveal(self) -> None:
        """Called by the rules when the move being played lets into some seat's observation
        something that seat could not work out from what it observed before and the move
        itself: a card drawn from a hidden pile (shuffled during the game or once at setup,
        which moves no generator), dealt, turned up or shown to one seat, a hidden choice
        uncovered, any chance whose outcome a seat sees. Such a move is never taken back
        (``Table.can_undo``): played again it would show the same thing, so undoing it would
        let the seat look ahead. A move that calls this nowhere must show every seat only what
        follows from its own view and the move, which ``courtly selftest`` checks by resampling
        each seat's world."""
        self.reveals += 1

    # --- derived behaviour, the same for every game ------------------------------------

    @property
    def action_space(self) -> ActionSpace:
        return self.game.action_space(self.num_players, self.options)

    @property
    def action_space_size(self) -> int:
        return self.action_space.size

    def check_seat(self, player: object) -> int:
        """``player`` as a plain int if it is a seat of this game (an integer, numpy's too, from
        0 to ``num_players - 1``), else :class:`InvalidSeatError`."""
        if type(player) is int and 0 <= player < self.num_players:
            return player
        seat = plain_int(player)
        if seat is None or not 0 <= seat < self.num_players:
            raise InvalidSeatError.keyed(
                "error.seat.invalid",
                player=player if seat is None else seat,
                players=self.num_players,
                last=self.num_players - 1,
            )
        return seat

    def action_words(self, action: Action) -> Words:
        """``action``'s description in every language, for an error that names it."""
        return Words.of(lambda lang: action_text(self.game, action, lang))

    def observation(self, player: SupportsIndex | None) -> dict[str, Any]:
        """JSON-able: exactly what seat ``player`` may know now (None: a spectator).

        The one place a view of the game is made: every front (terminal, server, replay,
        tensors) builds on it, and the leak checks test it."""
        viewer = None if player is None else self.check_seat(player)
        view: dict[str, Any] = {
            "game": self.game.name,
            "viewer": viewer,
            "num_players": self.num_players,
            "to_act": self.current_player,
            "phase": self.phase_name(),
            "scores": self.public_scores(),
        }
        view.update(self._observe(viewer))
        return view

    def observation_tensor(self, player: SupportsIndex | None) -> numpy.ndarray[Any, Any]:
        """``observation(player)`` as a fixed-length float32 vector (the game's ``tensor.py``
        layout, docs/games/GAME.md). Made from the observation and nothing else, so it tells
        the seat exactly what the observation does. Needs numpy (the ``research`` extra)."""
        return self.game.observation_tensor(self.observation(player))

    def information_state_string(self, player: SupportsIndex, own_actions: Sequence[int]) -> str:
        """What seat ``player`` knows now and how it got here: its observation and the ids of
        its own decisions so far (``own_actions``, oldest first), as one canonical JSON text.
        The state keeps no history, so the caller (a table, an interop wrapper) passes the
        seat's own decisions; two positions a seat cannot tell apart give the same text."""
        return information_state_text(self.observation(player), own_actions)

    def public_observation(self) -> dict[str, Any]:
        """What a spectator may know now: ``observation(None)``."""
        return self.observation(None)

    def resample(self, player: SupportsIndex | None, rng: Rng) -> State:
        """A complete state consistent with all that ``player`` has seen (None: a spectator,
        who has seen ``observation(None)`` and nothing else).

        Every hidden thing is re-drawn from what is still possible, and the state's own
        generator is re-seeded from ``rng``, so the future chance is re-drawn too. The
        result must depend only on what ``player`` knows (build pools of unknown items in
        a canonical order before shuffling), so two states that look the same to
        ``player`` resample to the same worlds for the same ``rng``. For a spectator every
        card no spectator saw is re-drawn, each seat's own hand too: what a seat's view keeps
        (its hand) would be a leak in a view of the table from outside.

        ``rng`` is a generator (``Rng(seed)`` for a seed), which the worlds are drawn from and
        which moves on, so that successive calls draw different worlds; anything else is
        refused with a :class:`~courtly.core.errors.CourtlyError`.
        """
        if not isinstance(cast(object, rng), Rng):  # as the caller passed it
            raise CourtlyError.keyed("error.api.rng", value=rng)
        if player is None:
            return self._resample_public(rng)
        return self._resample(self.check_seat(player), rng)

    def score_breakdown(self) -> dict[str, Any]:
        """Why each seat has its score, in the game's own scoring categories (JSON-able):
        ``{"categories": [id, ...], "seats": [{id: points, ..., "total": points}, ...],
        "decided_by": tie-break id, ``"shared"`` when the tie-breaks left the winners level, or
        None, "end": why the game ended or None}``.
        Games override it; the default has one category, the score."""
        scores = self.scores()
        return {
            "categories": ["score"],
            "seats": [{"score": s, "total": s} for s in scores],
            "decided_by": None,
            "end": "over" if self.is_terminal else None,
        }

    def encode(self, action: Action) -> int:
        return self.action_space.encode(action)

    def decode(self, action_id: SupportsIndex) -> Action:
        return self.action_space.decode(action_id)

    def legal_actions(self) -> list[Action]:
        table = self.action_space.actions
        return [table[i] for i in self.legal_action_ids()]

    def legal_action_mask(self) -> list[bool]:
        mask = [False] * self.action_space.size
        for i in self.legal_action_ids():
            mask[i] = True
        return mask

    def apply(
        self,
        action: Action | SupportsIndex | Mapping[str, Any] | str,
        player: SupportsIndex | None = None,
    ) -> list[Event]:
        """Play ``action`` (an Action, an id, numpy's integers too, or the JSON form) and return
        the events it caused.

        Raises a :class:`~courtly.core.errors.CourtlyError` and leaves the state unchanged if
        the action is malformed, illegal now, or (when ``player`` is given) not that seat's, or
        if ``player`` is no seat of this game (:class:`InvalidSeatError`).
        """
        events: list[Event] = []
        self._apply(self._checked(action, player), events)
        return events

    def play(
        self,
        action: Action | SupportsIndex | Mapping[str, Any] | str,
        player: SupportsIndex | None = None,
    ) -> None:
        """``apply`` for a caller that reads no events (a simulated game, a record kept for its
        fingerprints): the same checks and the same position, with no events made, whose texts
        cost more than the move itself."""
        self._apply(self._checked(action, player), None)

    def _checked(
        self,
        action: Action | SupportsIndex | Mapping[str, Any] | str,
        player: SupportsIndex | None,
    ) -> int:
        """The id of ``action`` once it is known to be legal now (and ``player``'s, if given)."""
        resolved = self.action_space.resolve(action)
        current = self.current_player
        if current is None:
            raise IllegalActionError.keyed("error.action.over", action=self.action_words(resolved))
        if player is not None:
            seat = self.check_seat(player)
            if seat != current:
                raise WrongPlayerError.keyed(
                    "error.action.wrong_seat",
                    current=current + 1,
                    player=seat + 1,
                    action=self.action_words(resolved),
                )
        legal = self.legal_action_ids()
        if resolved.id not in legal:
            space = self.action_space
            shown = Words.of(
                lambda lang: "; ".join(
                    action_text(self.game, space.actions[i], lang) for i in legal[:12]
                )
            )
            raise IllegalActionError.keyed(
                "error.action.illegal" if len(legal) <= 12 else "error.action.illegal_more",
                action=self.action_words(resolved),
                seat=current + 1,
                legal=shown,
                more=len(legal) - 12,
            )
        return resolved.id

    def step(self, action_id: int) -> None:
        """Play a legal action id with no checks and no events: the search and simulation path."""
        self._apply(action_id, None)

    def step_to_score(self, action_id: int) -> None:
        """``step`` for a position that will only be scored (a candidate the greedy policy
        weighs, ``best_after``): the same position, which can be played on, but a game may skip
        work that only later moves need, such as listing the next legal ids ahead."""
        self._apply(action_id, None)

    def winners(self) -> list[int]:
        """Seats that won (several when they share the victory); empty before the end."""
        if not self.is_terminal:
            return []
        scores = self.scores()
        best = max(scores)
        return [p for p, s in enumerate(scores) if s == best]

    def rewards(self) -> list[float]:
        """Per seat: a share of 1 for the winners, 0 for the others (search returns)."""
        winners = self.winners()
        share = 1.0 / len(winners) if winners else 0.0
        won = set(winners)
        return [share if p in won else 0.0 for p in range(self.num_players)]

    def to_json(self) -> dict[str, Any]:
        envelope: dict[str, Any] = {
            "format": STATE_FORMAT,
            "version": self.game.state_version,
            "game": self.game.name,
            "num_players": self.num_players,
            # Options at their legacy value are left out: a game played by the rules from
            # before an option existed keeps the JSON and fingerprint it had then.
            "options": stored_options(self.game.options, self.options),
            "rng": self.rng.state,
        }
        envelope.update(self._body_to_json())
        return envelope

    def fingerprint(self) -> str:
        """A stable hash of the complete state: equal on every machine for equal states. A
        state's JSON form holds no float (the conformance checks it), so the fast spelling of
        its canonical JSON serves (the same bytes: every record's fingerprints stay valid)."""
        return text_fingerprint(canonical_json_without_floats(self.to_json()))

    def __repr__(self) -> str:
        return f"<{self.game.name} state, {self.num_players} players, {self.fingerprint()}>"


def best_after(
    state: State,
    legal: list[int],
    score: Callable[[State], float],
    afters: list[State] | None = None,
) -> list[int]:
    """The ids of ``legal`` whose position after them (played on a copy) ``score`` rates
    highest, in ``legal``'s order. With ``afters``, that list receives the copies of the
    returned ids, in the same order (each as ``step_to_score`` left it)."""
    best_value = -math.inf
    best: list[int] = []
    kept: list[State] = []
    for action_id in legal:
        after = state.clone()
        after.step_to_score(action_id)
        value = score(after)
        if value > best_value:
            best_value = value
            best = [action_id]
            kept = [after]
        elif value == best_value:
            best.append(action_id)
            kept.append(after)
    if afters is not None:
        afters.extend(kept)
    return best


@mypyc_attr(allow_interpreted_subclasses=True)
class Game(ABC):
    """A registered game: its identity, options, action space and state factory."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[Option, ...]] = ()
    state_version: ClassVar[int] = 1
    summary: ClassVar[str] = ""
    # Statistics that count events over a game (``courtly report``): event kind -> the
    # ``group/name`` it is counted under, several kinds may share one name. See
    # ``report_statistics``.
    report_event_counts: ClassVar[Mapping[str, str]] = {}
    # The groups of ``report_statistics`` whose numbers are each 0 or 1 a game, so that their
    # mean is a rate (how often a Secret Mission dealt is completed): a report gives them a
    # proportion's interval, within 0 and 1, and draws them as shares of the games.
    report_rates: ClassVar[frozenset[str]] = frozenset()
    #: The game's catalogue domain, its events and its actions' texts (docs/i18n.md). None in
    #: a game not converted yet: its texts are English in every language.
    domain: ClassVar[Domain | None] = None
    event_kinds: ClassVar[EventKinds | None] = None
    action_texts: ClassVar[ActionTexts | None] = None
    #: The bots' level budgets, measured on this game (docs/bots.md); None: the agents'
    #: defaults, for a game not measured yet.
    level_budgets: ClassVar[LevelBudgets | None] = None

    def __init__(self) -> None:
        self._spaces: dict[tuple[int, str], ActionSpace] = {}
        # The space of each options mapping asked about lately, by the mapping's identity (the
        # mapping kept, so its id is not reused while it is here).
        self._by_options: dict[tuple[int, int], tuple[Mapping[str, Any], ActionSpace]] = {}
        self._last_space: tuple[int, Mapping[str, Any], ActionSpace] | None = None
        # One options mapping per distinct value for every state made (by its canonical JSON):
        # states of equal options share it, so the identity lookup above finds every table of
        # a server and every game of a simulation without keeping a mapping per game.
        self._shared: dict[str, dict[str, Any]] = {}

    # --- hooks ---------------------------------------------------------------------------

    @abstractmethod
    def _build_action_space(self, num_players: int, options: Mapping[str, Any]) -> ActionSpace: ...

    @abstractmethod
    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> State: ...

    @abstractmethod
    def _state_from_json(
        self, data: Mapping[str, Any], num_players: int, options: dict[str, Any], rng: Rng
    ) -> State:
        """Build a state from the body of its JSON form; raise InvalidStateError (or KeyError,
        TypeError, ValueError, which are turned into InvalidStateError) on bad input."""

    def max_game_length(self, options: Mapping[str, Any]) -> int | None:
        """An upper bound on the decisions of a game played with ``options`` (resolved), as
        OpenSpiel's ``max_game_length`` wants it; None where the game declares none."""
        return None

    def render(self, observation: Mapping[str, Any]) -> Any:
        """A rich renderable of an observation, for the terminal. Games override it."""
        return json.dumps(observation, indent=1)

    def explain(self, observation: Mapping[str, Any]) -> str:
        """What the current choice means, in a few lines (the terminal's ``?``). Games
        override it with the phase's rules and what each kind of action does."""
        return ""

    def rules(self, observation: Mapping[str, Any]) -> str:
        """The rules of the current decision for a front that draws the table its own way
        (the browser's "Rules of this phase"): ``explain`` without what only the terminal's
        screen needs, the legend of its symbols and abbreviations. Games whose ``?`` help has
        such a legend override it."""
        return self.explain(observation)

    def choice_grid(
        self, observation: Mapping[str, Any], legal: Sequence[Action], lang: str = ENGLISH
    ) -> ChoiceGrid | None:
        """The bulk of ``legal`` as a table (a card by where it goes), for a front that lists
        choices in little room; None (the default) where a plain list reads better."""
        return None

    def write_observation_tensor(
        self, observation: Mapping[str, Any], writer: TensorWriter
    ) -> None:
        """Write ``observation`` (a seat's, from :meth:`State.observation`) as numbers: the
        game's ``tensor.py``. Which fields are written may depend on the player count only."""
        raise NotImplementedError(f"{self.name} has no observation tensor")

    def observation_tensor(self, observation: Mapping[str, Any]) -> numpy.ndarray[Any, Any]:
        """A seat's observation (from :meth:`State.observation`) as the game's float32 vector."""
        import numpy  # the research extra: the kernel runs without numpy

        writer = TensorWriter()
        self.write_observation_tensor(observation, writer)
        return numpy.frombuffer(writer.values, dtype=numpy.float32).copy()

    def observation_tensor_layout(
        self, num_players: int, options: Mapping[str, Any] | None = None
    ) -> tuple[TensorField, ...]:
        """The fields of the observation tensor at ``num_players`` (names, places, meanings)."""
        writer = TensorWriter(record=True)
        state = self.new_game(num_players, seed=0, options=options)
        self.write_observation_tensor(state.observation(0), writer)
        return tuple(writer.fields)

    # --- texts in a language ---------------------------------------------------------------

    def text(self, key: str, lang: str | None = None, default: str | None = None) -> str:
        """The text of a game key (``score.glory``, ``option.NAME.help``, ``end.ID``...) in
        ``lang``, from the game's catalogue, then the kernel's; ``default`` (or the key
        itself) where neither has it, as for a game not converted yet."""
        found = (self.domain or COURTLY).lookup(key, lang)
        if found is not None:
            return found
        return key if default is None else default

    def option_help(self, option: Option, lang: str | None = None) -> str:
        """What ``option`` does, in ``lang``."""
        return self.text(f"option.{option.name}.help", lang, option.description)

    def candidate_actions(self, state: State, legal: list[int]) -> list[int]:
        """The legal ids a search weighs in ``state`` (all of them unless a game narrows them):
        a rule that offers many choices no player would pick stays the rule, and the search
        spends its budget on the others. Never used to decide what is legal."""
        return legal

    def heuristic(self, state: State, player: int) -> float:
        """A quick evaluation of ``state`` for ``player`` (used by greedy agents and search).

        The default is the running score relative to the best opponent."""
        scores = state.scores()
        mine = scores[player]
        others = [s for p, s in enumerate(scores) if p != player]
        return mine - (max(others) if others else 0.0)

    def greedy_choices(self, state: State, legal: list[int], player: int) -> list[int]:
        """The ids of ``legal`` after which ``heuristic(state, player)`` is highest, in
        ``legal``'s order (the greedy policy's choice; the caller breaks ties).

        Every candidate is played on a clone and scored; a game that can score a candidate
        without playing it overrides this with the same answer, faster (the search's modelled
        opponents ask for it at every move)."""
        heuristic = self.heuristic
        return best_after(state, legal, lambda after: heuristic(after, player))

    def greedy_afters(
        self, state: State, legal: list[int], player: int, afters: list[State]
    ) -> list[int]:
        """``greedy_choices``, and when the game can, ``afters`` receives the position after
        each returned id (copies it weighed anyway, each the position ``step`` would make, as
        ``step_to_score`` promises); left empty, the caller plays the id itself. A search that
        plays the greedy choice goes on from that copy instead of stepping again."""
        return self.greedy_choices(state, legal, player)

    def search_evaluation(self, state: State, player: int) -> float:
        """How a search scores a position where it stops looking ahead, for ``player``.

        The heuristic, unless a game knows better: a search leaf is far from the end, so an
        estimate of the final outcome can beat the score as it stands (which greedy play and
        the rollout policy keep using)."""
        return self.heuristic(state, player)

    def search_evaluations(self, state: State) -> list[float]:
        """Every seat's ``search_evaluation`` of ``state``, in seat order (a search scores
        each leaf for all seats). A game whose seats' evaluations share work overrides this
        with the same figures, computed once."""
        return [self.search_evaluation(state, p) for p in range(state.num_players)]

    def report_statistics(self, state: State) -> dict[str, float | str]:
        """The game's own statistics of a finished game, for balance reports (``courtly
        report``): a flat mapping from ``group/name`` to a number (averaged over the games,
        with an interval) or a text (counted per value). Names in the same group are drawn in
        one figure, so a group holds comparable figures (points per scoring category, say).
        None by default."""
        return {}

    # --- derived ---------------------------------------------------------------------------

    def check_players(self, num_players: object) -> int:
        """``num_players`` as a plain int if the game is for that many (an integer, numpy's
        too), else :class:`PlayerCountError`."""
        count = plain_int(num_players)
        if count is None or not self.min_players <= count <= self.max_players:
            raise PlayerCountError.keyed(
                "error.players.exactly"
                if self.min_players == self.max_players
                else "error.players.range",
                title=Words.of(lambda lang: self.text("game.title", lang, self.title)),
                low=self.min_players,
                high=self.max_players,
                count=num_players if count is None else count,
            )
        return count

    def resolve_options(
        self, options: Mapping[str, Any] | None, *, saved: bool = False
    ) -> dict[str, Any]:
        """Every option's value; ``saved``: ``options`` come from a saved state or record, where
        a missing option reads its legacy value (``courtly.core.options.Option``)."""
        return resolve_options(self.options, options, saved=saved)

    def action_space(
        self, num_players: int, options: Mapping[str, Any] | None = None
    ) -> ActionSpace:
        # Every validated apply asks for the space: answer a repeated question by identity first
        # (states keep the options mapping they were made with and never change it). Not only
        # the last one asked: a server plays many tables in turn, each state with its own.
        last = self._last_space
        if last is not None and last[0] == num_players and last[1] is options:
            return last[2]  # a search asks again and again about one state's mapping
        known = self._by_options.get((num_players, id(options)))
        if known is not None and known[0] is options:
            self._last_space = (num_players, options, known[1])
            return known[1]
        opts = self.resolve_options(options)
        key = (num_players, canonical_json(opts))
        space = self._spaces.get(key)
        if space is None:
            count = self.check_players(num_players)
            space = self._spaces[key] = self._build_action_space(count, opts)
        if options is not None:
            if len(self._by_options) >= _KEPT_OPTIONS:
                self._by_options.clear()
            self._by_options[(num_players, id(options))] = (options, space)
            self._last_space = (num_players, options, space)
        return space

    def action_space_size(self, num_players: int, options: Mapping[str, Any] | None = None) -> int:
        return self.action_space(num_players, options).size

    def new_game(
        self,
        num_players: SupportsIndex,
        seed: SupportsIndex | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> State:
        """The opening position of a game for ``num_players`` (an integer, numpy's too), dealt
        from ``seed`` (an integer, :func:`check_seed`; None draws a fresh one); every argument
        is checked."""
        count = self.check_players(num_players)
        dealt = fresh_seed() if seed is None else check_seed(seed)
        opts = self._shared_options(self.resolve_options(options))
        return self._new_state(count, dealt, opts)

    def _shared_options(self, opts: dict[str, Any]) -> dict[str, Any]:
        """The one mapping of ``opts``' value that states share (states never change theirs)."""
        return self._shared.setdefault(canonical_json(opts), opts)

    def from_json(self, data: str | bytes | Mapping[str, Any]) -> State:
        """A state from its JSON form; InvalidStateError for anything malformed or impossible."""
        if isinstance(data, str | bytes):
            try:
                data = json.loads(data)
            except json.JSONDecodeError as exc:
                raise InvalidStateError(f"state is not valid JSON: {exc}") from None
        if not isinstance(data, Mapping):
            raise InvalidStateError("a state must be a JSON object")
        if data.get("format") != STATE_FORMAT:
            raise InvalidStateError(f"not a courtly state (format must be {STATE_FORMAT!r})")
        if data.get("game") != self.name:
            raise InvalidStateError(f"this state is for {data.get('game')!r}, not {self.name!r}")
        if data.get("version") != self.state_version:
            raise InvalidStateError(
                f"state version {data.get('version')!r} is not supported "
                f"(expected {self.state_version})"
            )
        num_players = data.get("num_players")
        if not isinstance(num_players, int):
            raise InvalidStateError("num_players must be an integer")
        try:
            self.check_players(num_players)
            opts = self._shared_options(self.resolve_options(data.get("options") or {}, saved=True))
            rng_state = data.get("rng")
            if not isinstance(rng_state, int) or isinstance(rng_state, bool) or rng_state < 0:
                raise InvalidStateError("rng must be a non-negative integer")
            state = self._state_from_json(data, num_players, opts, Rng(rng_state))
        except InvalidStateError:
            raise
        except Exception as exc:  # a malformed body: report it as bad input, whatever broke
            raise InvalidStateError(
                f"malformed {self.name} state: {type(exc).__name__}: {exc}"
            ) from None
        state.check_invariants()
        return state
