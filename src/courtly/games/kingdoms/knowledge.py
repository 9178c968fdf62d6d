"""What each seat may know (observations) and worlds drawn from that knowledge (resample).

Hidden: both hands (except cards the opponent has seen: ``known``), Army cards (to the
opponent), the Draw pile's order and contents, a duel card before it is turned, and the Divine
peek (its owner only).
"""

from __future__ import annotations

from typing import Any

from courtly.core.rng import Rng
from courtly.games.kingdoms.codes import (
    ARMY_FLAG,
    CARD_ARG_TASKS,
    CARD_B_TASKS,
    PHASE_NAMES,
    TASK_NAMES,
)
from courtly.games.kingdoms.data import CARD_NAMES, IS_NUMBER, SLOT_KEYS, names
from courtly.games.kingdoms.scoring import end_of_game
from courtly.games.kingdoms.state import KingdomsState


def known_cards(s: KingdomsState, p: int) -> list[int]:
    mask = s.known[p]
    return sorted(c for c in s.hand[p] if (mask >> c) & 1)


def peek_valid(s: KingdomsState, p: int) -> bool:
    top = s.peek[p]
    return top >= 0 and bool(s.deck) and s.deck[-1] == top


def decision(s: KingdomsState) -> dict[str, Any]:
    if not s.stack:
        return {"name": PHASE_NAMES[s.phase]}
    kind, player, a, b = s.stack[-1]
    out: dict[str, Any] = {"name": TASK_NAMES[kind], "player": player}
    out["a"] = CARD_NAMES[a] if kind in CARD_ARG_TASKS else a
    out["b"] = CARD_NAMES[b] if kind in CARD_B_TASKS else b
    return out


def _seat(s: KingdomsState, q: int, viewer: int | None) -> dict[str, Any]:
    mine = viewer == q
    court = s.court[q]
    limbo = s.limbo[q]
    seat: dict[str, Any] = {
        "hand": names(sorted(s.hand[q])) if mine else len(s.hand[q]),
        "hand_size": len(s.hand[q]),
        "court": {SLOT_KEYS[i]: (CARD_NAMES[c] if c >= 0 else None) for i, c in enumerate(court)},
        "jester": CARD_NAMES[s.jester[q]] if s.jester[q] >= 0 else None,
        "treaty": CARD_NAMES[s.treaty[q]] if s.treaty[q] >= 0 else None,
        "rows": {SLOT_KEYS[i]: names(s.rows[q][i]) for i in range(3)},
        "army": names(s.army[q]) if mine else len(s.army[q]),
        "army_count": len(s.army[q]),
        "limbo": [
            ("~" + CARD_NAMES[e - ARMY_FLAG]) if e >= ARMY_FLAG else CARD_NAMES[e] for e in limbo
        ]
        if mine
        else [("~" if e >= ARMY_FLAG else CARD_NAMES[e]) for e in limbo],
        "glory": names(s.glory[q]),
        "glory_total": s.glory_value_total(q),
        "peasant": names(s.peasant[q]),
    }
    if viewer is not None:
        # What the opponent has seen of this hand (both players know what was shown).
        seat["hand_seen_by_opponent"] = names(known_cards(s, q))
    if mine:
        seat["duel"] = CARD_NAMES[s.duel[q]] if s.duel[q] >= 0 else None
    else:
        seat["duel"] = s.duel[q] >= 0
    return seat


def observe(s: KingdomsState, viewer: int | None) -> dict[str, Any]:
    """The game's own sections of what ``viewer`` may know (the kernel adds the envelope:
    viewer, seat to act, phase, the Glory totals as scores)."""
    obs: dict[str, Any] = {
        "turn": s.turn,
        "turns_played": s.turns,
        "turn_limit": s.params.turn_limit,
        "decision": decision(s),
        "used": s.used,
        "draws_left": s.draws_left,
        "sabotage": s.sabotage,
        "deck": len(s.deck),
        "discard": names(s.discard),
        "aside": names(s.aside),
        "players": [_seat(s, q, viewer) for q in (0, 1)],
        "end": end_of_game(s),
    }
    if viewer is not None and peek_valid(s, viewer):
        obs["deck_top"] = CARD_NAMES[s.deck[-1]]
    return obs


def public_cards(s: KingdomsState, p: int) -> list[int]:
    """The cards of ``p``'s hand a spectator knows are there: those a task waiting on the stack
    names (a Subject shown to all and still to be placed, C4.2), in the order of the stack.
    The other cards the opponent saw (``known``) are no spectator's to keep: some were shown
    to the two players alone (the Treasurer's and the Polity's cards)."""
    hand = s.hand[p]
    out: list[int] = []
    for kind, _player, a, b in s.stack:
        named = [a] if kind in CARD_ARG_TASKS else []
        if kind in CARD_B_TASKS:
            named.append(b)
        out += [c for c in named if c in hand and c not in out]
    return sorted(out)


def resample(s: KingdomsState, player: int | None, rng: Rng) -> KingdomsState:
    """Re-deal everything ``player`` cannot see: the opponent's unseen hand cards, Army cards
    (placed or lifted), duel card, and the Draw pile (its top stays if ``player`` peeked). For
    a spectator (``player`` None) the same for both seats, each hand keeping only the cards a
    spectator knows are in it (``public_cards``)."""
    hidden = [0, 1] if player is None else [1 - player]
    world = s.clone()
    world._legal = None
    kept_top = s.deck[-1] if player is not None and peek_valid(s, player) else -1
    seen = [public_cards(s, q) if player is None else known_cards(s, q) for q in hidden]
    hidden_hands = [
        [c for c in s.hand[q] if c not in kept] for q, kept in zip(hidden, seen, strict=True)
    ]
    limbo_armies = [[e - ARMY_FLAG for e in s.limbo[q] if e >= ARMY_FLAG] for q in hidden]
    deck = s.deck[:-1] if kept_top >= 0 else s.deck
    pool = [c for i, q in enumerate(hidden) for c in hidden_hands[i] + s.army[q] + limbo_armies[i]]
    pool += deck
    pool += [s.duel[q] for q in hidden if s.duel[q] >= 0]
    pool.sort()
    shuffler = Rng(rng.next_u64())
    # Army and duel cards are known to be Number cards: they take the first Number cards of
    # the shuffled pool (a uniform choice among them); everything else is dealt in order.
    n_army = [len(s.army[q]) for q in hidden]
    n_lifted = [len(cards) for cards in limbo_armies]
    n_duel = [1 if s.duel[q] >= 0 else 0 for q in hidden]
    n_numbers = sum(n_army) + sum(n_lifted) + sum(n_duel)
    sizes = [len(cards) for cards in hidden_hands]
    kept_limbo = [[e for e in s.limbo[q] if e < ARMY_FLAG] for q in hidden]
    # What the rules let ``player`` infer about an unseen hand (ruling R32): a seat still to
    # choose a duel card holds a Subject (C3.3), and a seat the game waits for has a real
    # choice, at least two legal actions (a single one is played at once, R22; the minimum
    # with the true count only matters for hand-written positions). Dealing again until the
    # world agrees draws uniformly from exactly the worlds that do.
    needs_subject = [
        s.duel_pending(q) and not any(IS_NUMBER[c] for c in kept)
        for q, kept in zip(hidden, seen, strict=True)
    ]
    acting = s.current_player
    choices = min(2, len(s.legal_action_ids())) if acting is not None and acting != player else 0
    while True:
        shuffler.shuffle(pool)
        numbers: list[int] = []
        rest: list[int] = []
        for c in pool:
            if len(numbers) < n_numbers and IS_NUMBER[c]:
                numbers.append(c)
            else:
                rest.append(c)
        hands: list[list[int]] = []
        start = 0
        for size in sizes:
            hands.append(rest[start : start + size])
            start += size
        if any(
            need and not any(IS_NUMBER[c] for c in hand)
            for need, hand in zip(needs_subject, hands, strict=True)
        ):
            continue
        taken = 0
        for i, q in enumerate(hidden):
            army_end = taken + n_army[i]
            lifted_end = army_end + n_lifted[i]
            world.army[q] = numbers[taken:army_end]
            world.limbo[q] = kept_limbo[i] + [c + ARMY_FLAG for c in numbers[army_end:lifted_end]]
            if n_duel[i]:
                world.duel[q] = numbers[lifted_end]
            taken = lifted_end + n_duel[i]
            world.hand[q] = sorted(seen[i] + hands[i])
            if player is None:
                # What the opponent saw of the hand is no spectator's to know: the world keeps
                # the public cards as seen (a Subject to place is one shown to all).
                world.known[q] = sum(1 << c for c in seen[i])
        world.deck = rest[start:]
        if kept_top >= 0:
            world.deck.append(kept_top)
        for q in hidden:
            if world.peek[q] >= 0:
                world.peek[q] = world.deck[-1] if world.deck else -1
        if choices == 0 or len(world.legal_action_ids()) >= choices:
            break
    world.rng = Rng(rng.next_u64())
    return world
