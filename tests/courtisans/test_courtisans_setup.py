"""Components and setup (docs/games/courtisans.md C1, C2) and the length of a game (C3.4)."""

from __future__ import annotations

from collections import Counter

import pytest

from courtly.core.rng import Rng
from courtly.games.courtisans import GAME
from courtly.games.courtisans.data import (
    BLUE_MISSIONS,
    CARD_FAMILY,
    CARD_ROLE,
    MISSIONS,
    NUM_CARDS,
    ROLE_NAMES,
    WHITE_MISSIONS,
)
from courtly.games.courtisans.state import CourtisansState


def new(num_players: int, seed: int = 7) -> CourtisansState:
    state = GAME.new_game(num_players, seed=seed)
    assert isinstance(state, CourtisansState)
    return state


def test_c1_1_ninety_cards_six_families_of_fifteen() -> None:
    """C1.1: 90 cards, 6 families of 15."""
    assert NUM_CARDS == 90
    assert Counter(CARD_FAMILY) == {f: 15 for f in range(6)}


def test_c1_2_roles_per_family() -> None:
    """C1.2: per family 4 nobles, 2 spies, 2 assassins, 3 guards, 4 without a role."""
    for family in range(6):
        roles = Counter(
            ROLE_NAMES[CARD_ROLE[c]] for c in range(NUM_CARDS) if CARD_FAMILY[c] == family
        )
        assert roles == {"noble": 4, "spy": 2, "assassin": 2, "guard": 3, "courtier": 4}


def test_c1_3_twenty_missions_ten_white_ten_blue() -> None:
    """C1.3: 20 Secret Missions, 10 white and 10 blue, with distinct codes."""
    assert len(MISSIONS) == 20
    assert len(WHITE_MISSIONS) == 10 and len(BLUE_MISSIONS) == 10
    assert len({m.code for m in MISSIONS}) == 20


@pytest.mark.parametrize(
    ("players", "removed", "left"), [(2, 30, 60), (3, 18, 72), (4, 6, 84), (5, 0, 90)]
)
def test_c2_1_setup_removal_and_deck_size(players: int, removed: int, left: int) -> None:
    """C2.1-C2.3: remove 30/18/6/0 cards unseen, deal 3 each; the rest is the deck."""
    state = new(players)
    assert len(state.removed) == removed
    assert len(state.deck) + 3 * players == left
    assert all(len(h) == 3 for h in state.hands)
    obs = state.observation(0)
    assert obs["removed_count"] == removed
    assert obs["deck_size"] == left - 3 * players
    state.check_invariants()


def test_c2_2_hands_are_secret() -> None:
    """C2.2: each player sees their own hand only."""
    state = new(4)
    obs = state.observation(1)
    assert [c["card"] for c in obs["hand"]] == state.hands[1]
    assert obs["hand_sizes"] == [3, 3, 3, 3]
    text = str(obs)
    for seat in (0, 2, 3):
        for card in state.hands[seat]:
            assert f"'card': {card}," not in text
    assert "hand" not in state.public_observation()


def test_c2_4_one_white_one_blue_mission_each_secret() -> None:
    """C2.4: one white and one blue Secret Mission per player; nobody sees others' or the unused."""
    state = new(3)
    assert all(w in WHITE_MISSIONS for w in state.white)
    assert all(b in BLUE_MISSIONS for b in state.blue)
    assert len(set(state.white)) == 3 and len(set(state.blue)) == 3
    assert len(state.unused_missions) == 14
    obs = state.observation(0)
    assert [m["code"] for m in obs["missions"]] == [
        MISSIONS[state.white[0]].code,
        MISSIONS[state.blue[0]].code,
    ]
    hidden = {MISSIONS[m].code for m in (*state.white[1:], *state.blue[1:], *state.unused_missions)}
    assert not any(f"'{code}'" in str(obs) for code in hidden)
    assert "missions" not in state.public_observation()


def test_c2_5_first_player_is_random() -> None:
    """C2.5: the first player is chosen at random (and plays first)."""
    firsts = {new(4, seed).first_player for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    state = new(4, 3)
    assert state.current_player == state.first_player


def test_c2_setup_is_deterministic_per_seed() -> None:
    """Same seed, same setup; another seed, another deal."""
    assert new(3, 11).fingerprint() == new(3, 11).fingerprint()
    assert new(3, 11).fingerprint() != new(3, 12).fingerprint()


@pytest.mark.parametrize(("players", "turns"), [(2, 10), (3, 8), (4, 7), (5, 6)])
def test_c3_4_every_player_gets_the_same_number_of_turns(players: int, turns: int) -> None:
    """C3.3/C3.4: the game ends when the deck and hands are empty: 10/8/7/6 turns each."""
    state = new(players, seed=players)
    rng = Rng(5)
    plays = [0] * players
    order: list[int] = []
    kill_base = 90 * (2 + players)
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        ids = state.legal_action_ids()
        choice = ids[rng.below(len(ids))]
        if choice < kill_base:
            plays[seat] += 1
            if not order or order[-1] != seat:
                order.append(seat)
        state.step(choice)
    assert plays == [3 * turns] * players
    first = order[0]
    assert order == [(first + i) % players for i in range(players * turns)], "clockwise turns"
    assert state.current_player is None
    assert not state.deck and not any(state.hands)
