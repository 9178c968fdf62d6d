"""Who knows what: observations, and worlds re-drawn from one seat's knowledge.

A seat knows: its own hand and Secret Missions, every face-up card, the face-down spies it
played itself (RULINGS R1; not with ``spy_memory=forget``), and, once the game is over, the
spies still in play (revealed, C6.1) and every player's missions (C6.4). It never learns the
deck order, the other hands, the cards set aside at setup, the unused missions, or a spy that
an assassin eliminated (C5.3: it is not looked at).
"""

from __future__ import annotations

from typing import Any

from courtly.core.rng import Rng
from courtly.games.courtisans.codes import NO_SEAT, areas_used_json, zone_json
from courtly.games.courtisans.data import (
    BLUE_MISSIONS,
    CARD_FAMILY,
    CARD_ROLE,
    FAMILIES,
    IS_SPY,
    MISSIONS,
    ROLE_NAMES,
    SPY_INDEX,
    STATUS_NAMES,
    WHITE_MISSIONS,
)
from courtly.games.courtisans.scoring import family_statuses, mission_met, public_statuses
from courtly.games.courtisans.state import CourtisansState

_MASK64 = (1 << 64) - 1
# Random indices drawn from one 64-bit number (see _pick): the product of their bounds stays
# below 90**6 < 2**40, so each index is uniform to within 2**-24.
_INDICES_PER_DRAW = 6
_ALL_MISSIONS = tuple(range(len(MISSIONS)))


def _pick(items: list[int], count: int, rng: Rng) -> None:
    """Move ``count`` uniformly chosen items (in random order) to the front of ``items``: a
    partial Fisher-Yates taking several indices per 64-bit draw (batched multiply-shift, as in
    Lemire's bounded integers). Resampling runs in search loops, so it draws as little as it can."""
    size = len(items)
    count = min(count, size - 1)
    i = 0
    while i < count:
        r = rng.next_u64()
        for _ in range(_INDICES_PER_DRAW):
            m = r * (size - i)
            j = i + (m >> 64)
            r = m & _MASK64
            items[i], items[j] = items[j], items[i]
            i += 1
            if i >= count:
                break


def card_json(card: int) -> dict[str, Any]:
    return {
        "card": card,
        "family": FAMILIES[CARD_FAMILY[card]],
        "role": ROLE_NAMES[CARD_ROLE[card]],
    }


def mission_json(mission: int) -> dict[str, Any]:
    spec = MISSIONS[mission]
    return {"code": spec.code, "colour": spec.colour, "text": spec.text}


def _spy_player(state: CourtisansState, card: int) -> int:
    return state.spy_player[SPY_INDEX[card]]


def _card_view(
    state: CourtisansState, card: int, seat: int | None, revealed: bool
) -> dict[str, Any]:
    """A card in play as ``seat`` (None: a spectator) sees it."""
    if not IS_SPY[card]:
        return card_json(card)
    played_by = _spy_player(state, card)
    if revealed or (seat is not None and state.knows_spy(seat, card)):
        return {**card_json(card), "face_down": not revealed, "played_by": played_by}
    return {"face_down": True, "played_by": played_by}


def observe(state: CourtisansState, seat: int | None) -> dict[str, Any]:
    """Exactly what ``seat`` (None: a spectator) may know now."""
    over = state.current == NO_SEAT

    def show(cards: list[int], revealed: bool) -> list[dict[str, Any]]:
        return [_card_view(state, c, seat, revealed) for c in cards]

    statuses = public_statuses(state)
    # The envelope (viewer, to_act, phase, scores...) comes from the kernel; these are the
    # game's own sections.
    obs: dict[str, Any] = {
        "first_player": state.first_player,
        "turn": {
            "areas_used": areas_used_json(state.used),
            "pending_kill": None if state.pending < 0 else zone_json(state.pending),
        },
        "deck_size": len(state.deck),
        "removed_count": len(state.removed),
        "hand_sizes": [len(h) for h in state.hands],
        "queen_table": {"above": show(state.above, over), "below": show(state.below, over)},
        "domains": [show(d, over) for d in state.domains],
        # C5.3: an eliminated spy is never revealed, not even at the end.
        "eliminated": show(state.eliminated, False),
        "family_status": {FAMILIES[f]: STATUS_NAMES[s] for f, s in enumerate(statuses)},
    }
    if seat is not None:
        obs["hand"] = [card_json(c) for c in state.hands[seat]]
        obs["missions"] = [mission_json(state.white[seat]), mission_json(state.blue[seat])]
    if over:
        final = family_statuses(state.above, state.below)
        obs["revealed_missions"] = [
            [
                {
                    **mission_json(m),
                    "met": mission_met(m, p, state.domains, state.above, state.below, final),
                }
                for m in (state.white[p], state.blue[p])
            ]
            for p in range(state.num_players)
        ]
        obs["winners"] = state.winners()
    return obs


def resample(state: CourtisansState, seat: int | None, rng: Rng) -> CourtisansState:
    """A world ``seat`` (None: a spectator) cannot tell from the real one, every hidden card
    and mission re-drawn.

    The unknown cards are pooled in sorted order (never the true hidden order). Face-down spies
    unknown to ``seat`` are re-drawn among the unknown spies (everyone knows they are spies),
    then the other hands (every hand, for a spectator), the cards set aside and the deck share
    the rest of the pool.
    """
    world = state.clone()
    over = state.current == NO_SEAT
    slots: list[tuple[list[int], int]] = []
    remember = state.params.remember_spies
    if any(p >= 0 and not (remember and p == seat) for p in state.spy_player):
        rows = [world.eliminated]
        if not over:
            rows += [world.above, world.below, *world.domains]
        slots = [
            (row, index)
            for row in rows
            for index, card in enumerate(row)
            if IS_SPY[card] and (seat is None or not state.knows_spy(seat, card))
        ]
    hands = [h for p, h in enumerate(world.hands) if p != seat]
    pool = sorted(
        [row[i] for row, i in slots]
        + [c for box in (*hands, world.deck, world.removed) for c in box]
    )

    if slots:
        spy_player = world.spy_player
        spies = [c for c in pool if IS_SPY[c]]
        slot_players = [spy_player[SPY_INDEX[row[i]]] for row, i in slots]
        for card in spies:
            spy_player[SPY_INDEX[card]] = NO_SEAT
        _pick(spies, len(slots), rng)
        for (row, index), card, player in zip(slots, spies, slot_players, strict=False):
            row[index] = card
            spy_player[SPY_INDEX[card]] = player
        rest = sorted(spies[len(slots) :] + [c for c in pool if not IS_SPY[c]])
    else:
        rest = pool

    dealt = sum(len(h) for h in hands)
    removed = len(world.removed)
    decked = len(rest) - dealt - removed
    # Choose the hands, then the smaller of the set-aside cards and the deck (both unordered).
    _pick(rest, dealt + min(removed, decked), rng)
    start = 0
    for hand in hands:
        end = start + len(hand)
        hand[:] = sorted(rest[start:end])
        start = end
    chosen = sorted(rest[start : start + min(removed, decked)])
    others = sorted(rest[start + min(removed, decked) :])
    world.removed, world.deck = (chosen, others) if removed <= decked else (others, chosen)

    _resample_missions(world, seat, over, rng)
    world.rng = Rng(rng.next_u64())
    return world


def _resample_missions(world: CourtisansState, seat: int | None, over: bool, rng: Rng) -> None:
    """Others' missions (every seat's, for a spectator) are secret until the end (C2.4, C6.4);
    unused ones stay unseen. Once every dealt mission is revealed, the unused ones follow and
    nothing is left to draw."""
    if over:
        return
    n = world.num_players
    # The seats whose missions are drawn, in a fixed order: those after ``seat`` round the
    # table, or every seat from the first.
    drawn = list(range(n)) if seat is None else [(seat + 1 + i) % n for i in range(n - 1)]
    # At most 2 x 5 indices below 10 from one draw: their bounds multiply to under 2**34.
    r = rng.next_u64()
    for colour, deal in ((WHITE_MISSIONS, world.white), (BLUE_MISSIONS, world.blue)):
        unknown = [m for m in colour if seat is None or m != deal[seat]]
        size = len(unknown)
        for i, p in enumerate(drawn):
            m = r * (size - i)
            j = i + (m >> 64)
            r = m & _MASK64
            unknown[i], unknown[j] = unknown[j], unknown[i]
            deal[p] = unknown[i]
    dealt = {*world.white, *world.blue}
    world.unused_missions = [m for m in _ALL_MISSIONS if m not in dealt]
