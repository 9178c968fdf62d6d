"""The worlds ``resample`` deals, pinned over many positions of random games: a faster
``resample`` must deal the very same worlds (docs/performance.md, issue 42).

tests/agents/test_search_pinned.py pins a few worlds of every game; Kingdoms' ``resample`` has
cases those seldom reach (placed and lifted Army cards, a face-down duel card, a peeked Draw
pile, an opponent to move whose world must leave it a choice), so here every seat's world is
dealt at every fifth decision of 30 games and while a duel card lies face down, and each case
is checked to have been met. The hash was taken before issue 42's changes to ``resample``
(commit 445de45)."""

from __future__ import annotations

import hashlib

from courtly.core.registry import load_game
from courtly.core.rng import Rng
from courtly.games.kingdoms.codes import ARMY_FLAG
from courtly.games.kingdoms.data import NUM_CARDS
from courtly.games.kingdoms.knowledge import _in_card_order
from courtly.games.kingdoms.state import KingdomsState

PINNED = "04f5266475bed17a"


def test_resampled_worlds_are_as_pinned() -> None:
    game = load_game("kingdoms")
    worlds = hashlib.sha256()
    met = {"army": 0, "lifted army": 0, "duel card": 0, "peeked": 0, "opponent to move": 0}
    deal = Rng(2024)
    for seed in range(30):
        state = game.new_game(2, seed=seed)
        assert isinstance(state, KingdomsState)
        rng = Rng(seed)
        step = 0
        legal = state.legal_action_ids()
        while legal:
            # The duel card lies face down only for one decision, at the start.
            if step % 5 == 0 or max(state.duel) >= 0:
                for seat in (0, 1):
                    o = 1 - seat
                    met["army"] += bool(state.army[o])
                    met["lifted army"] += any(e >= ARMY_FLAG for e in state.limbo[o])
                    met["duel card"] += state.duel[o] >= 0
                    met["peeked"] += state.peek[seat] >= 0
                    met["opponent to move"] += state.current_player == o
                    worlds.update(state.resample(seat, deal).fingerprint().encode())
            state.step(legal[rng.below(len(legal))])
            legal = state.legal_action_ids()
            step += 1
    assert all(met.values()), met
    assert worlds.hexdigest()[:16] == PINNED, worlds.hexdigest()[:16]


def test_the_pool_is_put_in_card_order_with_every_card_kept() -> None:
    """``resample`` orders its pool through a 64-bit mask when compiled: every card keeps its
    own bit, past the 32nd too (spelled ``1 << c``, mypyc shifted a 32-bit 1, and the cards
    past 31 landed on others' bits: the pool lost cards and the compiled pinned test above
    dealt forever)."""
    every = list(range(NUM_CARDS))
    assert _in_card_order(every[::-1]) == every
    rng = Rng(7)
    for size in range(NUM_CARDS + 1):
        cards = every[:]
        rng.shuffle(cards)
        assert _in_card_order(cards[:size]) == sorted(cards[:size])
