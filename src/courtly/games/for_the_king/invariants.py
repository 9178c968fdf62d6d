"""Impossible positions: every card accounted for once, and each phase's own bookkeeping."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Final

from courtly.core.errors import InvalidStateError
from courtly.games.for_the_king.codes import (
    BATCH_BASE,
    BID,
    DECK,
    FAVOR,
    GAINED_KING,
    HAND_BASE,
    HELD,
    KING,
    MIDDLE,
    OVER,
    PAY_CARDS,
    PAY_GOLD,
    PHASE_NAMES,
    PICK,
    PLACE,
    REVEALED,
    SHARE_PHASES,
    UNUSED,
    UP,
)
from courtly.games.for_the_king.data import (
    CARD_CATEGORY,
    CARD_CODE,
    CARD_KIND,
    CARD_MARK,
    DUTY_MAX,
    DUTY_MIN,
    GOLD,
    GOLD_OF,
    NUM_CARDS,
    NUM_OFFICES,
    king_effect,
)
from courtly.games.for_the_king.data import (
    KING as KING_CARD,
)
from courtly.games.for_the_king.rules.dispatch import legal_ids
from courtly.games.for_the_king.scoring import office_standings
from courtly.games.for_the_king.state import STANDING_STRIDE, FtkState


def _fail(message: str) -> None:
    raise InvalidStateError(message)


def _check_container(
    s: FtkState, counts: Counter[int], cards: Sequence[int], where: int, name: str
) -> None:
    if len(set(cards)) != len(cards):
        _fail(f"{name} lists a card twice")
    loc = s.loc
    # Counted in one pass; the card-by-card search only runs to name a misplaced card.
    if [loc[c] for c in cards].count(where) != len(cards):
        for c in cards:
            if loc[c] != where:
                _fail(f"{CARD_CODE[c]} is listed in {name} but located elsewhere")
    if counts[where] != len(cards):
        _fail(f"{name} does not list every card located there")


#: Per player count: the cards numbered above it, left in the box (S3).
_UNUSED_CARDS: Final = {
    n: tuple(c for c in range(NUM_CARDS) if CARD_MARK[c] > n) for n in range(2, 6)
}


def _check_locations(s: FtkState, counts: Counter[int]) -> None:
    n = s.num_players
    unused = _UNUSED_CARDS.get(n, ())
    # Every location is checked through the distinct ones (a dozen, not 108 cards); the
    # card-by-card search below only runs to name the card that breaks a rule.
    if (
        all(
            0 <= where < HAND_BASE + n or BATCH_BASE <= where < BATCH_BASE + len(s.batches)
            for where in counts
        )
        and counts[UNUSED] == len(unused)
        and all(s.loc[c] == UNUSED for c in unused)
    ):
        return
    for c, where in enumerate(s.loc):
        if where >= BATCH_BASE and where - BATCH_BASE >= len(s.batches):
            _fail(f"{CARD_CODE[c]} is in a face-down batch that does not exist")
        if HAND_BASE + n <= where < BATCH_BASE or where < 0:
            _fail(f"{CARD_CODE[c]} has an impossible location {where}")
        if (where == UNUSED) != (CARD_MARK[c] > n):
            _fail(f"{CARD_CODE[c]}: exactly the cards numbered above {n} are left unused (S3)")


def check_invariants(s: FtkState) -> None:
    n = s.num_players
    if len(s.loc) != NUM_CARDS:
        _fail("every one of the 108 cards needs a location")
    counts = Counter(s.loc)
    _check_locations(s, counts)
    _check_container(s, counts, s.deck, DECK, "the deck")
    _check_container(s, counts, s.favor, FAVOR, "the Favor deck")
    _check_container(s, counts, s.middle, MIDDLE, "the middle")
    _check_container(s, counts, s.up, UP, "the face-up discards")
    _check_container(s, counts, [s.held] if s.held >= 0 else [], HELD, "the Advisor's drawn card")
    _check_container(
        s, counts, [s.revealed] if s.revealed >= 0 else [], REVEALED, "the auctioned card"
    )
    for p in range(n):
        hand = s.hands[p]
        if hand != sorted(hand):
            _fail(f"seat {p}'s hand must be kept sorted")
        _check_container(s, counts, hand, HAND_BASE + p, f"seat {p}'s hand")
        if s.gold[p] != sum([GOLD_OF[c] for c in hand]):
            _fail(f"seat {p}'s Gold count is wrong")
        sums, _counts, best = office_standings(hand)
        if s.standing[p * STANDING_STRIDE : (p + 1) * STANDING_STRIDE] != sums + best:
            _fail(f"seat {p}'s office standings are wrong")
    for b in range(len(s.batches)):
        owner, seen = s.batches[b]
        if not 0 <= owner < n or not seen >> owner & 1 or seen >> n:
            _fail(f"face-down batch {b} has an impossible owner or audience")
        if not counts[BATCH_BASE + b]:
            _fail(f"face-down batch {b} is empty")
    for o in range(NUM_OFFICES):
        if o in s.params.offices:
            if not DUTY_MIN <= s.primary[o] <= DUTY_MAX:
                _fail(f"Primary Duty values stay within {DUTY_MIN}..{DUTY_MAX}")
        elif s.primary[o]:
            _fail("an office out of play has a Primary Duty value")
    _check_knowledge(s)
    _check_phase(s)
    if s.phase != OVER and not legal_ids(s):
        _fail(f"seat {s.cur} has no legal action in phase {PHASE_NAMES[s.phase]}")
    # Gold paid is never returned: it sits in the face-up pile for good.
    if any(v < 0 for v in s.spent) or sum(s.spent) > sum(GOLD_OF[c] for c in s.up):
        _fail("more Gold was paid than lies in the face-up discards")
    if any(v < 0 for v in s.won):
        _fail("Gold won cannot be negative")
    for limit in s.limits:
        seat, low, high, since, spent, won = limit
        if (
            not 0 <= seat < n
            or since > len(s.batches)
            or spent > s.spent[seat]
            or won > s.won[seat]
        ):
            _fail("a Gold limit refers to an impossible moment")
        if low > high:
            _fail("a Gold limit must allow some amount")


def _check_knowledge(s: FtkState) -> None:
    n = s.num_players
    per_seat = [0] * n
    for c in range(NUM_CARDS):
        where = s.loc[c]
        if s.placer[c] >= 0:
            if where != FAVOR or s.placer[c] >= n:
                _fail(f"{CARD_CODE[c]} has a Favor placer but is not in the Favor deck")
            per_seat[s.placer[c]] += 1
        elif where == FAVOR:
            _fail(f"{CARD_CODE[c]} is in the Favor deck with no Advisor who put it there")
        a = s.arrive[c]
        if a >= 0:
            if where < HAND_BASE:
                _fail(f"{CARD_CODE[c]} has a hand arrival but is in no hand")
            if a > len(s.batches) or (where >= BATCH_BASE and a > where - BATCH_BASE):
                _fail(f"{CARD_CODE[c]} arrived after its own discard")
        elif a != -1:
            _fail(f"{CARD_CODE[c]} has an impossible arrival {a}")
    for p in range(n):
        if per_seat[p] > s.favor_placed[p]:
            _fail(f"seat {p} knows more Favor cards than it placed")


def _check_phase(s: FtkState) -> None:
    n = s.num_players
    phase = s.phase
    if not 0 <= s.advisor < n or not 0 <= s.first < n:
        _fail("advisor and first player must be seats")
    if phase in SHARE_PHASES:
        if s.batches or (s.revealed >= 0) != (phase == GAINED_KING):
            _fail("nothing is auctioned or discarded face down during the Share Influence phase")
        if any(CARD_CATEGORY[c] != KING_CARD for c in s.up) or (s.up and not s.params.king_apply):
            _fail("only King cards applied when gained (king_cards=apply) are discarded in P1")
        if s.favor != sorted(s.favor):
            _fail("the Favor deck is kept sorted until it is shuffled (P2.1)")
        if not (0 <= s.n_own <= 1 and 0 <= s.n_fav <= 1 and 0 <= s.n_mid <= n - 1):
            _fail("an area is over its limit for this Advisor turn (P1.2)")
    else:
        if s.deck or s.middle or s.held >= 0:
            _fail("the deck and the middle are empty during the Gain Esteem phase")
    if s.picker >= 0 and phase not in (PICK, GAINED_KING):
        _fail("a picker is set only while opponents pick from the middle")
    if s.params.king_apply and any(
        CARD_CATEGORY[c] == KING_CARD for c in range(NUM_CARDS) if s.loc[c] >= HAND_BASE
    ):
        _fail("with king_cards=apply a King card is never kept in a hand (RULINGS FK-06)")
    if phase == PLACE:
        if s.held < 0 or s.cur != s.advisor:
            _fail("the Advisor decides where the drawn card goes")
        if (not s.n_own) + (s.n_mid < n - 1) + (not s.n_fav) < 2:
            _fail("a card with only one open area is placed at once")
    elif phase == PICK:
        if s.held >= 0 or s.picker == s.advisor or s.cur != s.picker or s.picker < 0:
            _fail("an opponent of the Advisor picks from the middle")
        if len({CARD_KIND[c] for c in s.middle}) < 2:
            _fail("a pick with one kind of card left is made at once")
    elif phase == GAINED_KING:
        _check_gained_king(s)
    elif phase == OVER:
        if s.favor or s.revealed >= 0:
            _fail("the game ends when the Favor deck is empty")
    else:
        _check_auction(s)


def _check_gained_king(s: FtkState) -> None:
    n = s.num_players
    if not s.params.king_apply or CARD_CATEGORY[s.revealed] != KING_CARD:
        _fail("only king_cards=apply applies a King card during the Share Influence phase")
    if not 1 <= s.king_left <= king_effect(s.revealed)[3] or s.held >= 0:
        _fail("a King card being applied has changes left")
    if s.picker >= 0:
        if s.cur != s.picker or s.picker == s.advisor:
            _fail("the opponent who took the King card applies it")
    elif s.cur != s.advisor or not s.n_own:
        _fail("the Advisor who kept the King card applies it")
    if not 0 <= s.cur < n:
        _fail("a seat applies the King card")


def _check_auction(s: FtkState) -> None:
    n = s.num_players
    phase = s.phase
    if s.revealed < 0 or not 0 <= s.cur < n:
        _fail("a Favor card is being auctioned by a seat")
    cat = CARD_CATEGORY[s.revealed]
    if phase == BID:
        if s.out >> s.cur & 1 or s.excluded & ~s.out or s.out >> n:
            _fail("the bidder to act has not passed")
        if (s.high > 0) != (s.high_bidder >= 0) or s.high < 0:
            _fail("a high bid needs a bidder")
        if s.high_bidder >= 0 and s.out >> s.high_bidder & 1:
            _fail("the high bidder has not passed")
        if s.high_bidder == s.cur:
            # The auction ends when all the others have passed, so the turn never comes back.
            _fail("the high bidder does not bid again on its own bid")
        return
    if s.batch >= 0 and (
        phase != PAY_CARDS or s.batch >= len(s.batches) or s.batches[s.batch][0] != s.cur
    ):
        _fail("only a Gold-card payment in progress fills a face-down batch of its payer")
    remaining = s.due - s.paid
    if remaining <= 0 and phase != KING:
        _fail("a payment in progress is not complete")
    if phase == PAY_GOLD and (cat == GOLD or s.gold[s.cur] < remaining):
        _fail("Gold payments are for Government and King cards, by a winner who can pay")
    if phase == PAY_CARDS and (cat != GOLD or len(s.hands[s.cur]) < remaining):
        _fail("card discards pay for Gold cards, by a winner who can pay")
    if phase == KING and (cat != KING_CARD or not 1 <= s.king_left <= king_effect(s.revealed)[3]):
        _fail("a King card being applied has changes left")
