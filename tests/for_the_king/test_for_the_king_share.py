"""P1: the Share Influence phase."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from courtly.core.errors import IllegalActionError
from courtly.games.for_the_king import GAME
from courtly.games.for_the_king.state import FtkState

Make = Callable[..., FtkState]
Play = Callable[..., list[Any]]

# Cards are written by code; the action names cards by kind name.
D2A, A1A, E1A = "diplomacy-A", "architecture-A", "entertainment-A"
G1, G3 = "gold1-01", "gold3-01"


def new_game(n: int, seed: int) -> FtkState:
    state = GAME.new_game(n, seed=seed)
    assert isinstance(state, FtkState)
    return state


def place_position(make: Make, **kw: Any) -> FtkState:
    args: dict[str, Any] = {
        "phase": "place",
        "current": 0,
        "advisor": 0,
        "held": D2A,
        "deck": [G1, E1A, A1A],
        "placed": {"own": 0, "middle": 0, "favor": 0},
    }
    args.update(kw)
    return make(3, **args)


def test_p1_2_three_areas_with_limits(make: Make, play: Play) -> None:
    """P1.2: own deck (1), middle (1 per opponent), Favor deck (1); a full area is closed."""
    state = place_position(make)
    assert [a.arg("area") for a in state.legal_actions()] == ["own", "middle", "favor"]
    play(state, "place", area="own")
    assert state.hands[0] == [0]  # diplomacy-A is card 0, face down in seat 0's deck
    assert [a.arg("area") for a in state.legal_actions()] == ["middle", "favor"]
    with pytest.raises(IllegalActionError):
        state.apply({"kind": "place", "area": "own"}, player=0)


def test_p1_1_p1_3_one_card_at_a_time_forced_cards_placed_at_once(make: Make, play: Play) -> None:
    """P1.1: the next card is drawn only once the last is placed; P1.3: when one area is
    left open the card goes there at once (n + 1 cards per turn in all)."""
    state = place_position(make, placed={"own": 1, "middle": 0, "favor": 0})
    assert state.held == 0 and state.deck == [69, 36, 18]  # architecture-A on top
    play(state, "place", area="favor")
    # The two next cards (architecture-A then entertainment-A) can only go to the middle.
    assert [c for c in state.middle] == [18, 36]
    assert state.phase == 1 and state.current_player == 1  # the picks begin
    assert len(state.deck) == 1


def test_p1_4_picks_clockwise_from_the_advisors_left(make: Make, play: Play) -> None:
    """P1.4: each opponent, from the Advisor's left, takes one middle card, face down but
    seen by all; the last one's card is forced."""
    state = place_position(make, placed={"own": 1, "middle": 0, "favor": 0})
    play(state, "place", area="favor")
    assert state.current_player == 1
    events = play(state, "take", card="Entertainment 1 (A)")
    assert any(e.kind == "take" and e.audience is None for e in events)
    assert 36 in state.hands[1] and 18 in state.hands[2]
    for seat in range(3):
        obs = state.observation(seat)
        assert obs["players"][1]["known_cards"] == ["entertainment-A"]
        assert obs["players"][2]["known_cards"] == ["architecture-A"]


def test_p1_5_the_deck_passes_left(make: Make, play: Play) -> None:
    """P1.5: after the picks the player to the left becomes the Advisor and draws."""
    state = place_position(make, placed={"own": 1, "middle": 0, "favor": 0})
    play(state, "place", area="favor")
    play(state, "take", card="Architecture 1 (A)")
    assert state.advisor == 1 and state.current_player == 1
    assert state.held == 69  # gold1-01
    assert state.phase == 0


def test_p2_1_gain_esteem_starts_left_of_the_last_advisor(make: Make, play: Play) -> None:
    """P2.1: when the deck is empty, the Favor deck is shuffled and the player left of the
    last Advisor is the first player; the first Favor card is revealed."""
    state = place_position(
        make,
        deck=[E1A, A1A],
        placed={"own": 0, "middle": 0, "favor": 1},
        favor=[G3],
        favor_placer={G3: 0},
    )
    play(state, "place", area="own")
    play(state, "take", card="Architecture 1 (A)")
    assert state.phase == 2
    assert state.first == 1 and state.current_player == 1
    assert state.revealed == 95  # gold3-01, the only Favor card
    assert state.hands[0] == [0] and state.hands[1] == [18] and state.hands[2] == [36]


def test_p1_information_drawn_and_kept_cards_are_private(make: Make, play: Play) -> None:
    """P1.1/P1.2 and I: the drawn card and the kept card are the Advisor's alone; the Favor
    card is known to its Advisor; middle cards are public."""
    state = place_position(make)
    assert state.observation(0)["held"] == D2A
    assert state.observation(1)["held"] is None and state.observation(1)["advisor_holds_card"]
    play(state, "place", area="own")
    assert state.observation(1)["players"][0]["known_cards"] == []
    assert state.observation(0)["hand"] == [D2A]
    play(state, "place", area="favor")
    assert state.observation(0)["my_favor_cards"] == ["architecture-A"]
    assert state.observation(1)["my_favor_cards"] == []


def test_p1_events_show_the_drawn_card_to_the_advisor_only() -> None:
    state = new_game(3, seed=5)
    adv = state.advisor
    events = state.apply(state.legal_actions()[0], player=adv)
    draws = [e for e in events if e.kind == "draw"]
    assert draws and all(e.audience == frozenset({adv}) for e in draws)


def test_p1_5_deck_running_out_mid_turn_ends_the_distribution(make: Make, play: Play) -> None:
    """RULINGS P1.5: (hand-written positions only) if the deck runs out during a turn, the
    opponents pick from what reached the middle and the Gain Esteem phase begins."""
    state = place_position(make, deck=[], favor=[G3], favor_placer={G3: 1})
    play(state, "place", area="middle")
    assert state.hands[1] == [0] and state.hands[2] == []
    assert state.phase == 2 and state.revealed == 95 and state.first == 1
