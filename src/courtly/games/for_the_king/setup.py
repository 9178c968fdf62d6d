"""S: the opening position (numbered cards out, random removal, the deck, a first Advisor)."""

from __future__ import annotations

from courtly.games.for_the_king.codes import BOX, DECK, UNUSED
from courtly.games.for_the_king.data import CARD_MARK, NUM_CARDS, RANDOM_REMOVAL
from courtly.games.for_the_king.rules.share import start_turn
from courtly.games.for_the_king.state import FtkState


def deal(s: FtkState) -> None:
    """S1-S5 into a blank ``s`` with its own generator: numbered cards out, random removal,
    shuffle, a random first Advisor."""
    rng = s.rng
    num_players = s.num_players
    kept = []
    for c in range(NUM_CARDS):
        if CARD_MARK[c] > num_players:
            s.loc[c] = UNUSED
        else:
            kept.append(c)
    rng.shuffle(kept)
    removed = RANDOM_REMOVAL[num_players]
    for c in kept[:removed]:
        s.loc[c] = BOX
    deck = kept[removed:]
    rng.shuffle(deck)
    for c in deck:
        s.loc[c] = DECK
    s.deck = deck
    s.advisor = rng.below(num_players)
    start_turn(s, None)
