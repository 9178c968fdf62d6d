"""Who knows what (clause I of the rules summary): observations and resampling.

A seat's knowledge of every card is *derived* from the position, never stored separately:

* public places (middle, the revealed card, the face-up discards, unused cards) are known to all;
* the Advisor knows the card they hold; the Advisor who put a card on the Favor deck knows it
  is there (``placer``); a seat knows its own hand; the seats that saw a face-down batch
  (its discarder; for a penalty, also the left neighbour) know its cards;
* a card that entered a hand publicly (taken from the middle, won at auction) stays known
  to be in that hand until its holder discards face down where a seat cannot see: from then
  on that seat only knows it is "in the hand, or in one of the holder's face-down batches
  from number ``since`` on" (``arrive`` keeps when it arrived);
* at the end everyone shows their hand for scoring;
* everything else (the deck, the random removals, the cards Advisors kept or put on the
  Favor deck) is unknown.

``resample`` keeps what the seat knows exactly, re-places its "hand or later discards" cards
among the slots they could be in, and deals every unknown card at random into the slots the
seat cannot see, from a pool sorted by card id, so that it depends on nothing else.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Any, Final

from courtly.core.rng import Rng
from courtly.games.for_the_king.codes import (
    BATCH_BASE,
    BOX,
    DECK,
    EXACT,
    FAVOR,
    GAINED_KING,
    HAND_BASE,
    HELD,
    OVER,
    PAY_CARDS,
    PAY_GOLD,
    PLACE,
    PUBLIC_LOCATIONS,
    SHARE_PHASES,
    UNKNOWN,
    UNUSED,
)
from courtly.games.for_the_king.data import (
    CARD_CATEGORY,
    CARD_CODE,
    COLOURS,
    GOLD_OF,
    KING,
    MAX_BID,
    OFFICES,
    SECONDARY_VALUE,
    uses_secondary,
)
from courtly.games.for_the_king.scoring import duties
from courtly.games.for_the_king.state import FtkState


def _unseen_batches(state: FtkState, seat: int) -> list[list[int]]:
    """Per owner: indexes of that owner's face-down batches ``seat`` did not see."""
    out: list[list[int]] = [[] for _ in range(state.num_players)]
    bit = 1 << seat if seat >= 0 else 0
    for b, (owner, seen) in enumerate(state.batches):
        if not seen & bit:
            out[owner].append(b)
    return out


def holder(state: FtkState, card: int) -> int:
    """The seat whose hand (or face-down batch) holds ``card``; -1 elsewhere."""
    where = state.loc[card]
    if where >= BATCH_BASE:
        return state.batches[where - BATCH_BASE][0]
    if where >= HAND_BASE:
        return where - HAND_BASE
    return -1


def knowledge(state: FtkState, seat: int) -> list[int]:
    """Per card: EXACT, UNKNOWN, or the first batch number of a "hand or later discards"
    region (see the module docstring). ``seat`` -1 is a spectator."""
    unseen = _unseen_batches(state, seat)
    over = state.phase == OVER
    out = [UNKNOWN] * len(state.loc)
    for c, where in enumerate(state.loc):
        if where in PUBLIC_LOCATIONS:
            out[c] = EXACT
        elif where >= HAND_BASE:
            in_batch = where >= BATCH_BASE
            if in_batch:
                owner, seen = state.batches[where - BATCH_BASE]
                if seat >= 0 and seen >> seat & 1:
                    out[c] = EXACT
                    continue
            else:
                owner = where - HAND_BASE
                if owner == seat or over:
                    out[c] = EXACT
                    continue
            arrived = state.arrive[c]
            if arrived < 0:
                continue
            missed = unseen[owner]
            i = bisect_left(missed, arrived)
            out[c] = missed[i] if i < len(missed) else EXACT
        elif where == HELD:
            if seat == state.advisor and seat >= 0:
                out[c] = EXACT
        elif where == FAVOR and seat >= 0 and state.placer[c] == seat:
            out[c] = EXACT
    return out


# --- observations -------------------------------------------------------------------------------


def _codes(cards: list[int]) -> list[str]:
    return [CARD_CODE[c] for c in sorted(cards)]


def observe(state: FtkState, viewer: int | None) -> dict[str, Any]:
    """Exactly what ``viewer`` (None: a spectator) knows now, as JSON."""
    seat = -1 if viewer is None else viewer
    known = knowledge(state, seat)
    n = state.num_players
    loc = state.loc
    players = []
    maybes: list[list[int]] = [[] for _ in range(n)]
    for c, k in enumerate(known):
        if k >= 0:
            maybes[holder(state, c)].append(c)
    for p in range(n):
        hand = state.hands[p]
        sure = [c for c in hand if known[c] == EXACT]
        maybe = maybes[p]
        players.append(
            {
                "seat": p,
                "hand_size": len(hand),
                "known_cards": _codes(sure),
                "hand_or_discarded": [
                    {"card": CARD_CODE[c], "since_batch": known[c]} for c in maybe
                ],
                "favor_cards_placed": state.favor_placed[p],
                "gold_spent": state.spent[p],
                "gold_won": state.won[p],
            }
        )
    batches = []
    contents: list[list[int]] = [[] for _ in state.batches]
    boxed = 0
    for c, where in enumerate(loc):
        if where >= BATCH_BASE:
            contents[where - BATCH_BASE].append(c)
        elif where == BOX:
            boxed += 1
    for b, (owner, seen) in enumerate(state.batches):
        cards = contents[b]
        saw = seat >= 0 and bool(seen >> seat & 1)
        batches.append(
            {
                "owner": owner,
                "size": len(cards),
                "seen_by": [p for p in range(n) if seen >> p & 1],
                "cards": _codes(cards) if saw else None,
            }
        )
    secondary = uses_secondary(n)
    obs: dict[str, Any] = {
        "offices": [
            {
                "office": OFFICES[o],
                "colour": COLOURS[o],
                "primary": state.primary[o],
                "secondary": SECONDARY_VALUE if secondary else None,
            }
            for o in state.params.offices
        ],
        "advisor": state.advisor,
        "deck_size": len(state.deck),
        "favor_size": len(state.favor),
        "box_size": boxed,
        "unused": _codes([c for c, w in enumerate(loc) if w == UNUSED]),
        "middle": [CARD_CODE[c] for c in state.middle],
        "held": CARD_CODE[state.held] if state.held >= 0 and known[state.held] == EXACT else None,
        "advisor_holds_card": state.held >= 0,
        "hand": _codes(state.hands[seat]) if seat >= 0 else None,
        "my_favor_cards": _codes([c for c in state.favor if known[c] == EXACT]),
        "players": players,
        "discard_up": [CARD_CODE[c] for c in state.up],
        "facedown": batches,
        "gold_limits": [
            {"seat": q, "min": lo, "max": hi, "batch_from": b}
            for q, lo, hi, b, _s, _w in state.limits
        ],
    }
    if state.phase == PLACE:
        obs["placed"] = {"own": state.n_own, "middle": state.n_mid, "favor": state.n_fav}
    if state.picker >= 0:
        obs["picker"] = state.picker
    if state.phase == GAINED_KING:
        obs["king_gained"] = {
            "card": CARD_CODE[state.revealed],
            "seat": state.cur,
            "king_changes_left": state.king_left,
            "king_first_office": OFFICES[state.king_first] if state.king_first >= 0 else None,
        }
    if state.revealed >= 0 and state.phase not in SHARE_PHASES:
        obs["auction"] = {
            "card": CARD_CODE[state.revealed],
            "first_player": state.first,
            "high_bid": state.high,
            "high_bidder": None if state.high_bidder < 0 else state.high_bidder,
            "out": [p for p in range(n) if state.out >> p & 1],
            "excluded": [p for p in range(n) if state.excluded >> p & 1],
            "due": state.due,
            "paid": state.paid,
        }
        if state.king_left:
            obs["auction"]["king_changes_left"] = state.king_left
            obs["auction"]["king_first_office"] = (
                OFFICES[state.king_first] if state.king_first >= 0 else None
            )
    else:
        obs["first_player"] = state.first
    if state.phase == OVER:
        obs["result"] = {
            "winners": state.winners(),
            "duties": {
                OFFICES[o]: {"primary": d[0], "secondary": d[1]}
                for o, d in enumerate(duties(state))
                if o in state.params.offices
            },
        }
    return obs


# --- resampling ---------------------------------------------------------------------------------


# What the table learnt about Gold (a payment in progress shows the payer can pay, P2.6; a
# failed payment shows a hand had less than the bid, P2.9) is met by drawing worlds again,
# up to this many times; then the bounded hands are dealt their extreme cards.
PAYMENT_TRIES: Final = 4


def resample(state: FtkState, player: int | None, rng: Rng) -> FtkState:
    """A world ``player`` (None: a spectator) cannot tell from ``state``: what it knows kept,
    everything else dealt again (the module docstring). A spectator's knowledge is the same
    derivation with no seat of its own (``knowledge`` of seat -1): no hand, no batch seen, no
    card held or placed on the Favor deck."""
    seat = -1 if player is None else player
    known = knowledge(state, seat)
    payer = state.cur if state.phase in (PAY_GOLD, PAY_CARDS) and state.cur != seat else -1
    limits = [limit for limit in state.limits if limit[0] != seat]
    base = rng.next_u64()
    plan = _Plan(state, seat, known)
    world = _draw(state, seat, plan, Rng(base), {})
    if (payer >= 0 or limits) and not _consistent(world, payer, limits):
        for attempt in range(1, PAYMENT_TRIES):
            candidate = _draw(state, seat, plan, Rng(base + attempt), {})
            if _consistent(candidate, payer, limits):
                world = candidate
                break
        else:
            # Deal the bounded hands their extreme cards. A payer can always pay then; the
            # bounds learnt from bids and failed payments are met as well as that allows.
            bias = {q: -1 for q, _low, high, *_rest in limits if high < MAX_BID}
            if payer >= 0:
                bias[payer] = 1
            world = _draw(state, seat, plan, Rng(base), bias)
    world.rng = Rng(rng.next_u64())
    return world


def _consistent(
    world: FtkState, payer: int, limits: list[tuple[int, int, int, int, int, int]]
) -> bool:
    if payer >= 0 and not _payment_can_go_on(world):
        return False
    if not limits:
        return True
    in_batches = world.batch_gold()
    return all(lim[1] <= world.gold_then(lim, in_batches) <= lim[2] for lim in limits)


def _payment_can_go_on(world: FtkState) -> bool:
    if world.phase == PAY_GOLD:
        return world.gold[world.cur] >= world.due - world.paid
    return True


class _Plan:
    """What every world drawn for one seat shares (it depends only on the seat's knowledge)."""

    __slots__ = ("exact_hands", "free", "fuzzy", "known", "mine", "pool", "unseen")

    def __init__(self, state: FtkState, seat: int, known: list[int]) -> None:
        self.known = known
        self.unseen = _unseen_batches(state, seat)
        self.pool = [c for c, k in enumerate(known) if k == UNKNOWN]
        # Free slots per place (a place is a location code); everything known stays put.
        free: dict[int, int] = {}
        for c, where in enumerate(state.loc):
            if known[c] != EXACT:
                free[where] = free.get(where, 0) + 1
        self.free = free
        # Cards known to be "in q's hand or q's later face-down batches", most constrained
        # first (the allowed places are nested, so placing them this way never gets stuck).
        self.fuzzy = sorted(
            ((k, c, holder(state, c)) for c, k in enumerate(known) if k >= 0),
            key=lambda t: (-t[0], t[1]),
        )
        self.exact_hands = [[c for c in hand if known[c] == EXACT] for hand in state.hands]
        self.mine = [c for c in state.favor if known[c] == EXACT]


def _draw(state: FtkState, seat: int, plan: _Plan, rng: Rng, bias: dict[int, int]) -> FtkState:
    """One world for ``seat``. Seats in ``bias`` are dealt the unknown cards with the most
    (+1: at most one seat) or the least (-1) Gold first."""
    richest = next((q for q, sign in bias.items() if sign > 0), -1)
    n = state.num_players
    world = state.clone()
    loc = world.loc
    unseen = plan.unseen
    pool = plan.pool[:]
    free = dict(plan.free)
    placed: dict[int, list[int]] = {}

    fuzzy = plan.fuzzy
    if richest >= 0:
        theirs = [(since, c) for since, c, owner in fuzzy if owner == richest]
        fuzzy = [t for t in fuzzy if t[2] != richest]
        for c, where in _richest_places(theirs, richest, unseen[richest], free, pool).items():
            free[where] -= 1
            placed.setdefault(where, []).append(c)
    # Per owner: the batches this seat did not see, and their free slots (same order).
    counts = [[free.get(BATCH_BASE + b, 0) for b in unseen[p]] for p in range(n)]
    for since, c, owner in fuzzy:
        hand = HAND_BASE + owner
        room = free.get(hand, 0)
        batches, slots = unseen[owner], counts[owner]
        first = bisect_left(batches, since)
        pick = rng.below(room + sum(slots[first:]))
        if pick < room:
            where = hand
        else:
            pick -= room
            i = first
            while pick >= slots[i]:
                pick -= slots[i]
                i += 1
            slots[i] -= 1
            where = BATCH_BASE + batches[i]
        free[where] -= 1
        placed.setdefault(where, []).append(c)

    rng.shuffle(pool)
    kings: list[int] = []
    if state.params.king_apply:
        # With king_cards=apply a King card never stays in a hand (it is applied when
        # gained), so no world deals one to a hand or to what a hand discarded.
        kings = [c for c in pool if CARD_CATEGORY[c] == KING]
        if kings:
            pool = [c for c in pool if CARD_CATEGORY[c] != KING]
    order = sorted(free)
    deals: list[tuple[list[int], list[int]]] = []
    for q, sign in sorted(bias.items()):
        mine = [HAND_BASE + q] + [BATCH_BASE + b for b in unseen[q]]
        size = sum(free.get(w, 0) for w in mine)
        pool.sort(key=lambda c: -sign * GOLD_OF[c])  # stable: equal cards stay shuffled
        deals.append((mine, pool[:size]))
        pool = pool[size:]
        order = [w for w in order if w not in mine]
    if kings:
        pool = _with_kings_apart(order, free, pool, kings, rng)
    deals.append((order, pool))
    arrive, placer = world.arrive, world.placer
    for places, cards in deals:
        i = 0
        for where in places:
            count = free.get(where, 0)
            if count:
                chunk = cards[i : i + count]
                placed.setdefault(where, []).extend(chunk)
                for c in chunk:
                    arrive[c] = -1
                    placer[c] = -1
                i += count

    for where, cards in placed.items():
        for c in cards:
            loc[c] = where
    for p in range(n):
        extra = placed.get(HAND_BASE + p)
        if extra:
            cards_held = plan.exact_hands[p] + extra
            cards_held.sort()
            world.set_hand(p, cards_held)
    world.deck = placed.get(DECK, [])
    if world.held >= 0 and plan.known[world.held] != EXACT:
        world.held = placed[HELD][0]
    # Which unknown Favor cards each other Advisor knows of is re-drawn too. The dealt cards
    # are in random order already: a random choice of which placements are still hidden is
    # enough (all of them before any Favor card is revealed).
    others = placed.get(FAVOR, [])
    labels = [p for p in range(n) if p != seat for _ in range(state.favor_placed[p])]
    if state.phase not in SHARE_PHASES:
        for i in range(len(others)):
            j = i + rng.below(len(labels) - i)
            labels[i], labels[j] = labels[j], labels[i]
    for c, p in zip(others, labels, strict=False):
        placer[c] = p
    favor = sorted(plan.mine + others)
    if state.phase not in SHARE_PHASES:  # P2.1 shuffled it: nobody knows its order
        rng.shuffle(favor)
    world.favor = favor
    return world


def _with_kings_apart(
    order: list[int], free: dict[int, int], pool: list[int], kings: list[int], rng: Rng
) -> list[int]:
    """``pool`` with ``kings`` inserted at random among the slots of ``order`` (places, each
    with ``free`` slots, dealt in that order) that are not in a hand or a face-down batch."""
    slots = [where for where in order for _ in range(free.get(where, 0))]
    open_slots = [i for i, where in enumerate(slots) if where < HAND_BASE]
    for i in range(len(kings)):
        j = i + rng.below(len(open_slots) - i)
        open_slots[i], open_slots[j] = open_slots[j], open_slots[i]
    chosen = set(open_slots[: len(kings)])
    rest = iter(pool)
    king = iter(kings)
    return [next(king) if i in chosen else next(rest) for i in range(len(slots))]


def _richest_places(
    cards: list[tuple[int, int]],
    owner: int,
    batches: list[int],
    free: dict[int, int],
    pool: list[int],
) -> dict[int, int]:
    """Places for ``owner``'s "hand or later discards" cards putting the most Gold in the hand.

    The sets of cards that fit in the discards (whose allowed batches are nested) form a
    matroid, so filling the discards with the least Gold first, while they still fit, is best;
    the unknown cards (``pool``) are then dealt richest first, to the hand first."""
    slots = [(b, free.get(BATCH_BASE + b, 0)) for b in batches]

    def fits(chosen: list[tuple[int, int]]) -> bool:
        return all(
            sum(1 for since, _c in chosen if since >= b) <= sum(k for b2, k in slots if b2 >= b)
            for b, _k in slots
        )

    # At least this many must go to the discards; beyond that a card goes there when it fits
    # and the unknown card that takes its place in the hand holds more Gold.
    room = free.get(HAND_BASE + owner, 0)
    need = len(cards) - room
    richest_unknown = sorted((GOLD_OF[c] for c in pool), reverse=True)
    rest: list[tuple[int, int]] = []
    for item in sorted(cards, key=lambda t: (GOLD_OF[t[1]], t[1])):
        if len(rest) >= need:
            k = room - len(cards) + len(rest)  # unknown cards the hand already takes
            if k >= len(richest_unknown) or richest_unknown[k] <= GOLD_OF[item[1]]:
                break
        if fits([*rest, item]):
            rest.append(item)
    out = {c: HAND_BASE + owner for _since, c in cards}
    left = dict(slots)
    for since, c in sorted(rest, key=lambda t: (-t[0], t[1])):
        b = next(b for b in sorted(left) if b >= since and left[b])
        left[b] -= 1
        out[c] = BATCH_BASE + b
    return out
