"""S1-S5: the setup, and the card data it rests on."""

from __future__ import annotations

from collections import Counter

import pytest

from courtly.games.for_the_king import GAME
from courtly.games.for_the_king.codes import BOX, DECK, HAND_BASE, HELD, MIDDLE, UNUSED
from courtly.games.for_the_king.data import (
    CARD_CATEGORY,
    CARD_MARK,
    CARD_VALUE,
    DECK_SIZE,
    GOLD,
    GOV,
    KING,
    LIVESTOCK,
    OFFICES,
    RANDOM_REMOVAL,
)
from courtly.games.for_the_king.state import FtkState


def new_game(n: int, seed: int) -> FtkState:
    state = GAME.new_game(n, seed=seed)
    assert isinstance(state, FtkState)
    return state


def test_data_card_composition() -> None:
    """DATA: 54 Government, 15 King and 39 Gold cards; Gold 13 per value."""
    count = Counter(CARD_CATEGORY)
    assert (count[GOV], count[KING], count[GOLD]) == (54, 15, 39)
    gold = Counter(CARD_VALUE[c] for c in range(108) if CARD_CATEGORY[c] == GOLD)
    assert gold == {1: 13, 2: 13, 3: 13}
    diplomacy = [CARD_VALUE[c] for c in range(9)]
    assert diplomacy == [2, 2, 2, 2, 3, 3, 3, 4, 4]
    architecture = [CARD_VALUE[c] for c in range(18, 27)]
    assert architecture == [1, 1, 1, 1, 1, 1, 1, 2, 2]
    assert all(CARD_MARK[c] == 5 for c in range(LIVESTOCK * 9, LIVESTOCK * 9 + 9))
    assert sum(1 for c in range(54, 69) if CARD_MARK[c] == 5) == 5


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_s3_s4_deck_sizes(n: int) -> None:
    """S3/S4: numbered cards above n leave, then the random removal: 60/72/80/108 cards."""
    state = new_game(n, seed=n)
    loc = state.loc
    assert sum(1 for w in loc if w == UNUSED) == sum(1 for m in CARD_MARK if m > n)
    assert all((loc[c] == UNUSED) == (CARD_MARK[c] > n) for c in range(108))
    assert sum(1 for w in loc if w == BOX) == RANDOM_REMOVAL[n]
    dealt = sum(1 for w in loc if w in (DECK, HELD, MIDDLE) or HAND_BASE <= w < HAND_BASE + n)
    dealt += len(state.favor)
    assert dealt == DECK_SIZE[n] == {2: 60, 3: 72, 4: 80, 5: 108}[n]
    assert DECK_SIZE[n] % (n + 1) == 0


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_s1_s2_offices_and_duty_tiles(n: int) -> None:
    """S1/S2: five offices (six with 5 players), Primary 3, Secondary 1 (none with 2)."""
    obs = new_game(n, seed=1).public_observation()
    names = [o["office"] for o in obs["offices"]]
    assert len(names) == (6 if n == 5 else 5)
    assert ("livestock" in names) == (n == 5)
    assert all(o["primary"] == 3 for o in obs["offices"])
    assert all(o["secondary"] == (None if n == 2 else 1) for o in obs["offices"])
    assert set(names) <= set(OFFICES)


def test_s5_random_first_advisor() -> None:
    """S5: the first Advisor is drawn at random, and is the first to act."""
    advisors = {new_game(4, seed=s).advisor for s in range(40)}
    assert advisors == {0, 1, 2, 3}
    state = new_game(4, seed=3)
    assert state.current_player == state.advisor


def test_s4_setup_is_reproducible() -> None:
    a, b = new_game(3, seed=99), new_game(3, seed=99)
    assert a.fingerprint() == b.fingerprint()
    assert a.fingerprint() != new_game(3, seed=98).fingerprint()


def test_s3_unused_cards_are_public() -> None:
    """RULINGS S3: every seat (and a spectator) sees which numbered cards are unused; the
    random removals stay hidden."""
    state = new_game(3, seed=2)
    unused = sorted(c for c in range(108) if CARD_MARK[c] > 3)
    from courtly.games.for_the_king.data import CARD_CODE

    for obs in (state.observation(0), state.public_observation()):
        assert obs["unused"] == [CARD_CODE[c] for c in unused]
        assert obs["box_size"] == RANDOM_REMOVAL[3]
        assert "box" not in obs
