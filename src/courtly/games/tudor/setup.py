"""The opening position (rulebook "Setup", T1): bag, Throne Room, Rings, cards, round count."""

from __future__ import annotations

from courtly.games.tudor.codes import M_DRAFT
from courtly.games.tudor.data import (
    COURT_CARDS_PER_FACTION,
    COURT_TOKENS_PER_FACTION,
    COURTIERS_PER_PLAYER,
    ESSENTIALS,
    ESSENTIALS_SETUP_REMOVAL,
    INFLUENCE,
    INTRIGUE,
    OPPORTUNITY,
    SCENARIO_CARDS,
)
from courtly.games.tudor.state import TudorState


def deal(st: TudorState) -> None:
    """The opening position set out on a blank ``st`` with its own generator."""
    rng = st.rng
    num_players = st.num_players
    if st.params.random_cards:
        st.params = st.params.draw_random_cards(rng)
    layout = st.board.layout
    n = num_players
    # Court Tokens: the bag (2 players: 2 of each type out; Only The Essentials removes more).
    for f in range(7):
        out = layout.court_tokens_removed_per_faction
        if st.params.has(ESSENTIALS):
            out += ESSENTIALS_SETUP_REMOVAL[f]
        st.removed_tok[f] = out
        st.bag.extend([f] * (COURT_TOKENS_PER_FACTION - out))
    rng.shuffle(st.bag)
    totals = st.marker_totals()
    markers = [INFLUENCE] * totals[INFLUENCE] + [INTRIGUE] * totals[INTRIGUE]
    markers += [OPPORTUNITY] * totals[OPPORTUNITY]
    rng.shuffle(markers)
    st.mark = markers[: st.board.size]
    for s in range(st.board.size):
        st.tok[s] = st.draw_token()
    st.stand = [layout.rings_per_faction] * 7
    st.supply = [COURT_CARDS_PER_FACTION] * 7
    st.csup = [COURTIERS_PER_PLAYER] * n
    st.rounds = SCENARIO_CARDS[st.params.scenario].rounds[n]
    st.round = 0  # 0 while setting up
    st.start = 0
    st.mode = M_DRAFT
    st.draft_pos = 0
    st.cur = st.start  # the first pick of the snake draft (rules.phases.draft_seat)
