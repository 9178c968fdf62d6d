"""The conformance checker passes a correct game and catches broken ones."""

from __future__ import annotations

from collections.abc import Mapping
from enum import IntEnum
from typing import Any, SupportsIndex

import pytest
from highcards import HighCards, HighCardsState

from courtly.core.errors import IllegalActionError, InvalidStateError
from courtly.core.events import Event
from courtly.core.rng import Rng
from courtly.core.state import State
from courtly.testing import play_out, refused_or_plays_out, run_conformance
from courtly.testing.conformance import ConformanceFailure, check_undoable, undo_leak


def test_correct_game_passes() -> None:
    for players in (2, 3):
        report = run_conformance(HighCards(), players, games=10, seed=1)
        assert report.ok, report.failures
        assert report.games == 10 and report.decisions > 0


class LeakyObservation(HighCardsState):
    def _observe(self, viewer: int | None) -> dict[str, Any]:
        obs = super()._observe(viewer)
        obs["all_hands"] = [sorted(h) for h in self.hands]
        return obs


class PeekingResample(HighCardsState):
    def _resample(self, player: int, rng: Rng) -> HighCardsState:
        world = super()._resample(player, rng)
        # Orders the re-drawn deck like the true deck: a leak of the hidden order.
        where = {card: i for i, card in enumerate(self.deck)}
        world.deck.sort(key=lambda card: where.get(card, -1))
        return world


class FrozenResample(HighCardsState):
    def _resample(self, player: int, rng: Rng) -> HighCardsState:
        # Consistent and knowledge-only, but deals the unknown cards in sorted order every time.
        return super()._resample(player, Rng(0))


class DeadEndWorld(HighCardsState):
    # Worlds where every other seat's hand is dealt unplayable: observations agree, but a
    # search would be stuck at the next turn.
    stuck_for: int | None = None

    def _resample(self, player: int, rng: Rng) -> HighCardsState:
        world = super()._resample(player, rng)
        assert isinstance(world, DeadEndWorld)
        world.stuck_for = player
        return world

    def legal_action_ids(self) -> list[int]:
        if self.stuck_for is not None and self.turn != self.stuck_for:
            return []
        return super().legal_action_ids()


class SeatsPublicWorld(HighCardsState):
    # A spectator's world made as seat 0's: it keeps seat 0's true hand, which no spectator saw.
    def _resample_public(self, rng: Rng) -> HighCardsState:
        return self._resample(0, rng)


class PublicWorldShowingMore(HighCardsState):
    # A spectator's world that re-draws a card every spectator saw on a pile.
    def _resample_public(self, rng: Rng) -> HighCardsState:
        world = self._resample(0, rng)
        for pile in world.piles:
            if pile:
                pile[-1] = (pile[-1] + 1) % 100
        return world


class SilentDraw(HighCardsState):
    # Draws as the rules say but never calls State.reveal: its answer to "may this move be
    # taken back?" is too generous, for the drawer sees a card of the hidden deck.
    def reveal(self) -> None:
        pass


class PeekingUndoAnswer(HighCardsState):
    # Shows nobody anything more, but calls State.reveal whenever the next seat holds a 9: the
    # mover, told whether it may undo, would learn something of that hand.
    def _apply(self, action_id: int, events: list[Event] | None) -> None:
        if 9 in self.hands[(self.turn + 1) % self.num_players]:
            self.reveal()
        super()._apply(action_id, events)


class BrokenClone(HighCardsState):
    def clone(self) -> HighCardsState:
        other = super().clone()
        other.hands = self.hands  # shares the hands: not independent
        return other


class FloatInState(HighCardsState):
    def _body_to_json(self) -> dict[str, Any]:
        body = super()._body_to_json()
        body["pace"] = [{"share": 1e-05}]  # the fast canonical spelling writes 0.00001
        return body


def _variant(cls: type[HighCardsState]) -> HighCards:
    class Variant(HighCards):
        def _new_state(
            self, num_players: int, seed: int, options: dict[str, Any]
        ) -> HighCardsState:
            base = super()._new_state(num_players, seed, options)
            assert isinstance(base, HighCardsState)
            state = cls(self, num_players, options, base.rng)
            state.deck, state.hands = base.deck, base.hands
            return state

    return Variant()


def _failures(cls: type[HighCardsState]) -> str:
    report = run_conformance(_variant(cls), 2, games=3, seed=2)
    assert not report.ok
    return " ".join(report.failures)


def test_a_float_in_a_states_json_is_caught() -> None:
    # The fingerprint's fast spelling (orjson) writes some floats unlike the standard library.
    assert "a state's JSON form holds a float at /pace/0/share" in _failures(FloatInState)


def test_leaky_observation_is_caught() -> None:
    assert "changes what that seat observes" in _failures(LeakyObservation)


def test_a_move_that_shows_a_card_but_may_be_taken_back_is_caught() -> None:
    failures = _failures(SilentDraw)
    assert "seed" in failures and "decision 1:" in failures, failures
    assert '\'play {"card":' in failures and "may be taken back (no State.reveal)" in failures
    assert "seat 0 sees something new in hand" in failures


def test_an_undo_answer_that_depends_on_hidden_cards_is_caught() -> None:
    # Three seats: once the deck is empty, the other two hands are still hidden from each one.
    report = run_conformance(_variant(PeekingUndoAnswer), 3, games=3, seed=3)
    assert "may undo depends on what it cannot see" in " ".join(report.failures)


def test_the_undo_check_catches_a_real_game_that_calls_a_draw_undoable() -> None:
    """Kingdoms, seed 11: the No-Consort Ascendancy with 5 of Spades draws the Draw pile's top
    card (Jack of Hearts) into seat 0's hand, a pile shuffled once at setup. Judged as if the
    game had called the move undoable, the check names the seat that sees something new."""
    from courtly.games.kingdoms import GAME

    state = GAME.new_game(2, seed=11)
    for _ in range(2):
        state.apply(state.legal_action_ids()[0])
    action = state.encode(state.action_space.resolve({"kind": "ascend", "card": "5S"}))
    after = state.clone()
    after.apply(action)
    assert "JH" in after.observation(0)["players"][0]["hand"]
    leak = undo_leak(state, action, after, Rng(1))
    assert leak is not None and leak.startswith("seat 0 sees something new in")
    assert "players" in leak
    with pytest.raises(ConformanceFailure, match="seat 0 sees something new"):
        check_undoable(state, action, after, Rng(1))
    # The moves after it that show nothing pass, in the same game.
    passed = 0
    while passed < 3:
        state = after
        action = state.legal_action_ids()[-1]
        after = state.clone()
        after.apply(action)
        if after.reveals == 0 and not after.is_terminal:
            check_undoable(state, action, after, Rng(passed))
            passed += 1


def test_resample_using_hidden_truth_is_caught() -> None:
    assert "depends on more than what the seat knows" in _failures(PeekingResample)


def test_a_spectators_world_keeping_a_seats_hand_is_caught() -> None:
    assert "never re-drew what seat(s) [0] saw" in _failures(SeatsPublicWorld)


def test_a_spectators_world_changing_what_a_spectator_saw_is_caught() -> None:
    failures = _failures(PublicWorldShowingMore)
    assert "changes what a spectator observes" in failures or "exactly once" in failures


def test_resample_that_never_redraws_is_caught() -> None:
    assert "never re-drew" in _failures(FrozenResample)


def test_resampled_world_that_cannot_play_on_is_caught() -> None:
    assert "with no legal action after" in _failures(DeadEndWorld)


def test_shared_clone_is_caught() -> None:
    failures = _failures(BrokenClone)
    # Caught as the original changing, or as the next clone inheriting the damage.
    assert "changed the original" in failures or "exactly once" in failures


def test_a_loaded_position_is_refused_or_played_out_under_the_checks() -> None:
    game = HighCards()
    data = game.new_game(3, seed=2).to_json()
    assert refused_or_plays_out(game, data, Rng(1)) is True
    assert refused_or_plays_out(game, {**data, "hands": "x"}, Rng(1)) is False
    assert play_out(game.from_json(data), Rng(1), checked=0) == 10  # a decision a card
    # A leak in a loaded position is found as in a played game.
    loaded = game.from_json(data)
    assert isinstance(loaded, HighCardsState)
    leaky = LeakyObservation(game, 3, loaded.options, loaded.rng)
    leaky.deck, leaky.hands, leaky.piles, leaky.turn = (
        loaded.deck,
        loaded.hands,
        loaded.piles,
        loaded.turn,
    )
    with pytest.raises(ConformanceFailure, match="changes what that seat observes"):
        play_out(leaky, Rng(1), checked=1)


# Checks the faster checker makes differently from before (issue 25): each must still fail.


class LateViolation(HighCardsState):
    # An impossible position reached in play (three cards played): the main line's positions
    # are checked as the clones that played them, so it must be found there.
    def check_invariants(self) -> None:
        super().check_invariants()
        if sum(map(len, self.piles)) == 3:
            raise InvalidStateError("three cards played")


class OpeningViolation(HighCardsState):
    def check_invariants(self) -> None:
        super().check_invariants()
        if not any(self.piles):
            raise InvalidStateError("nothing played yet")


class TracingRefusal(HighCardsState):
    def apply(self, action: Any, player: SupportsIndex | None = None) -> list[Event]:
        try:
            return super().apply(action, player)
        except IllegalActionError:
            self.deck.reverse()  # a refused action leaves a trace in a hidden thing
            raise


class InexactClone(HighCardsState):
    # A clone whose generator is fresh: it plays the same moves, but it is not the position
    # the game is in. The game goes on from clones, so the replay must tell them apart.
    def clone(self) -> HighCardsState:
        other = super().clone()
        other.rng = Rng(0)
        return other


class SortingLoad(HighCards):
    # Loading sorts the deck: the hidden draw order is lost in a save and a load.
    def _state_from_json(
        self, data: Mapping[str, Any], num_players: int, options: dict[str, Any], rng: Rng
    ) -> State:
        state = super()._state_from_json(data, num_players, options, rng)
        assert isinstance(state, HighCardsState)
        state.deck.sort()
        return state


@pytest.mark.parametrize(
    ("cls", "message"),
    [
        (LateViolation, "InvalidStateError: three cards played"),
        (OpeningViolation, "InvalidStateError: nothing played yet"),
        (TracingRefusal, "refusing bad input changed the state"),
        (InexactClone, "replay diverges"),
    ],
)
def test_a_bug_planted_where_the_checker_was_reorganised_is_caught(
    cls: type[HighCardsState], message: str
) -> None:
    assert message in _failures(cls)


def test_a_broken_json_round_trip_is_caught() -> None:
    report = run_conformance(SortingLoad(), 3, games=3, seed=2)
    assert "JSON round trip changed the state" in " ".join(report.failures)


class FloatingRefusal(HighCardsState):
    def apply(self, action: Any, player: SupportsIndex | None = None) -> list[Event]:
        try:
            return super().apply(action, player)
        except IllegalActionError:
            # 1 becomes 1.0: a trace (floats in the int deck, deliberately: hence the ignore)
            self.deck = [float(c) for c in self.deck]  # type: ignore[misc]
            raise


class ShapeShifting(HighCardsState):
    # Every other JSON form holds tuples for lists and an enum for the turn: the same JSON,
    # which the quick comparison of forms tells apart and the canonical text must not.
    calls = 0

    def _body_to_json(self) -> dict[str, Any]:
        body: dict[str, Any] = super()._body_to_json()
        self.calls += 1
        if self.calls % 2:
            body["piles"] = [tuple(p) for p in self.piles]
            body["turn"] = Seat(self.turn)
        return body


class Seat(IntEnum):
    FIRST = 0
    SECOND = 1


def test_a_change_of_type_alone_is_caught_and_a_change_json_cannot_see_is_not() -> None:
    assert "refusing bad input changed the state" in _failures(FloatingRefusal)
    report = run_conformance(_variant(ShapeShifting), 2, games=3, seed=2)
    assert report.ok, report.failures
