"""What each seat may know (observations) and worlds drawn from that knowledge (resample).

Hidden: both hands (except cards the opponent has seen: ``known``), Army cards (to the
opponent), the Draw pile's order and contents, a duel card before it is turned, and the Divine
peek (its owner only).
"""

from __future__ import annotations

from typing import Any, Final

from mypy_extensions import i64

from courtly.core.rng import Rng
from courtly.games.kingdoms.codes import (
    ARMY_FLAG,
    CARD_ARG_TASKS,
    CARD_B_TASKS,
    PHASE_NAMES,
    TASK_NAMES,
)
from courtly.games.kingdoms.data import CARD_NAMES, IS_NUMBER, NUM_CARDS, SLOT_KEYS, names
from courtly.games.kingdoms.scoring import end_of_game
from courtly.games.kingdoms.state import KingdomsState

#: Whether this module runs compiled (mypyc builds it into a shared library, not a .py file).
COMPILED: Final = not __file__.endswith((".py", ".pyc"))
#: The highest card's bit in ``_in_card_order``'s mask.
_LAST_CARD_BIT: Final[i64] = 1 << (NUM_CARDS - 1)


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
    deck = s.deck
    kept_top = deck[-1] if player is not None and peek_valid(s, player) else -1
    # The pool of unseen cards, gathered in one pass and put in card order before it is
    # shuffled (so the same for every position that looks the same to ``player``).
    seen: list[list[int]] = []
    pool: list[int] = []
    sizes: list[int] = []
    n_army: list[int] = []
    n_lifted: list[int] = []
    n_duel: list[int] = []
    kept_limbo: list[list[int]] = []
    # Army and duel cards are known to be Number cards: they take the first Number cards of
    # the shuffled pool (a uniform choice among them); everything else is dealt in order.
    # Counted here, not summed after: compiled, ``sum`` and ``zip`` are calls into Python.
    n_numbers = 0
    for q in hidden:
        if player is None:
            kept = public_cards(s, q)
        else:
            kept = []
            mask = s.known[q]
            for c in s.hand[q]:
                if (mask >> c) & 1:
                    kept.append(c)
            kept.sort()
        seen.append(kept)
        size = 0
        for c in s.hand[q]:
            if c not in kept:
                pool.append(c)
                size += 1
        sizes.append(size)
        pool.extend(s.army[q])
        n_army.append(len(s.army[q]))
        limbo: list[int] = []
        lifted = 0
        for e in s.limbo[q]:
            if e >= ARMY_FLAG:
                pool.append(e - ARMY_FLAG)
                lifted += 1
            else:
                limbo.append(e)
        kept_limbo.append(limbo)
        n_lifted.append(lifted)
        duel = 1 if s.duel[q] >= 0 else 0
        n_duel.append(duel)
        n_numbers += len(s.army[q]) + lifted + duel
    if kept_top >= 0:
        pool.extend(deck[:-1])
    else:
        pool.extend(deck)
    for q in hidden:
        if s.duel[q] >= 0:
            pool.append(s.duel[q])
    if COMPILED:
        pool = _in_card_order(pool)
    else:
        pool.sort()
    # The world's own generator deals (it is re-seeded after): one generator fewer to make.
    shuffler = world.rng
    shuffler.reseed(rng.next_u64())
    # What the rules let ``player`` infer about an unseen hand (ruling R32): a seat still to
    # choose a duel card holds a Subject (C3.3), and a seat the game waits for has a real
    # choice, at least two legal actions (a single one is played at once, R22; the minimum
    # with the true count only matters for hand-written positions). Dealing again until the
    # world agrees draws uniformly from exactly the worlds that do (the true deal is one of
    # them, so some deal agrees).
    needs_subject = [
        s.duel_pending(hidden[i]) and not _holds_number(seen[i], len(seen[i]))
        for i in range(len(hidden))
    ]
    acting = s.current_player
    choices = min(2, len(s.legal_action_ids())) if acting is not None and acting != player else 0
    while True:
        shuffler.shuffle(pool)
        numbers, rest = _first_numbers(pool, n_numbers)
        start = 0
        dealt = True
        for i in range(len(hidden)):
            if needs_subject[i] and not _holds_number(rest[start:], sizes[i]):
                dealt = False
            start += sizes[i]
        if not dealt:
            continue
        taken = 0
        start = 0
        for i, q in enumerate(hidden):
            army_end = taken + n_army[i]
            lifted_end = army_end + n_lifted[i]
            world.army[q] = numbers[taken:army_end]
            limbo = kept_limbo[i][:]
            for c in numbers[army_end:lifted_end]:
                limbo.append(c + ARMY_FLAG)
            world.limbo[q] = limbo
            if n_duel[i]:
                world.duel[q] = numbers[lifted_end]
            taken = lifted_end + n_duel[i]
            hand = rest[start : start + sizes[i]]
            start += sizes[i]
            hand.extend(seen[i])
            hand.sort()
            world.hand[q] = hand
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
    world.rng.reseed(rng.next_u64())
    return world


def _in_card_order(cards: list[int]) -> list[int]:
    """``sorted(cards)`` for distinct cards of ``range(NUM_CARDS)`` (a pool: each card lies in
    one place), through a bitmask of them: compiled, the mask is a native 64-bit integer (54
    cards) and this costs a fraction of sorting the list, which compares boxed ints;
    interpreted, ``sort`` is faster."""
    mask: i64 = 0
    for c in cards:
        # The last card's bit shifted down, not ``1 << c``: mypyc writes a small i64 constant
        # as a C int, so ``1 << c`` shifted 32 bits and, for the cards past 31, set another
        # card's bit (the pool lost cards, and resample's dealing loop could wait forever for
        # a world it could no longer deal). A constant past 2**31 is written as a 64-bit one.
        mask |= _LAST_CARD_BIT >> (NUM_CARDS - 1 - c)
    return [c for c in range(NUM_CARDS) if (mask >> c) & 1]


def _holds_number(cards: list[int], count: int) -> bool:
    """Whether one of the first ``count`` cards is a Number card."""
    return any(IS_NUMBER[cards[i]] for i in range(min(count, len(cards))))


def _first_numbers(pool: list[int], count: int) -> tuple[list[int], list[int]]:
    """The first ``count`` Number cards of ``pool`` (fewer if it holds fewer), and the other
    cards in their order. Most worlds have no Army and no duel card: then the pool itself is
    the rest, unsplit (the caller copies what it keeps)."""
    numbers: list[int] = []
    if count == 0:
        return numbers, pool
    rest: list[int] = []
    for i in range(len(pool)):
        c = pool[i]
        if IS_NUMBER[c]:
            numbers.append(c)
            if len(numbers) == count:
                rest.extend(pool[i + 1 :])
                return numbers, rest
        else:
            rest.append(c)
    return numbers, rest
