"""Paying for a card won at auction (P2.6, P2.8) and receiving it: Gold cards face up for a
Government or King card, any cards face down for a Gold card.

Even a forced choice of Gold is asked for: skipping it would tell the table which Gold values
the payer holds. Only a payment of the whole hand (public: everyone sees its size) is made at
once."""

from __future__ import annotations

from courtly.core.events import Event
from courtly.games.for_the_king.codes import (
    BATCH_BASE,
    DISCARD_BASE,
    KING,
    PAY_BASE,
    PAY_CARDS,
    PAY_GOLD,
)
from courtly.games.for_the_king.data import (
    CARD_CATEGORY,
    CARD_CODE,
    CARD_KIND,
    GOLD,
    GOLD_KIND_BASE,
    GOLD_OF,
    GOLD_VALUES,
    GOV,
    king_effect,
)
from courtly.games.for_the_king.events import EVENTS
from courtly.games.for_the_king.rules.rounds import end_round
from courtly.games.for_the_king.state import FtkState, added


def pay_gold_legal(s: FtkState) -> list[int]:
    return sorted({PAY_BASE + GOLD_OF[c] - 1 for c in s.hands[s.cur] if GOLD_OF[c]})


def pay_cards_legal(s: FtkState) -> list[int]:
    return sorted({DISCARD_BASE + CARD_KIND[c] for c in s.hands[s.cur]})


def start_payment(s: FtkState, winner: int, events: list[Event] | None) -> None:
    """P2.6 / P2.8: the winner, who can pay, owes the bid."""
    s.cur = winner
    s.due = s.high
    s.paid = 0
    if CARD_CATEGORY[s.revealed] == GOLD:
        s.phase = PAY_CARDS
        s.batch = -1
        continue_card_payment(s, events)
    else:
        s.phase = PAY_GOLD
        continue_gold_payment(s, events)


def continue_gold_payment(s: FtkState, events: list[Event] | None) -> None:
    if s.paid >= s.due:
        _receive(s, events)


def pay_gold(s: FtkState, action_id: int, events: list[Event] | None) -> None:
    """P2.6: one Gold card of the chosen value, face up."""
    value = action_id - PAY_BASE + 1
    seat = s.cur
    best = s.copy_in_hand(seat, GOLD_KIND_BASE + GOLD_VALUES.index(value), hidden=False)
    if _copy_unsure(s, seat, best):
        s.reveal()  # the copy paid face up shows which one the hand held
    s.from_hand(seat, best)
    s.discard_up(best)
    s.spent = added(s.spent, seat, value)
    s.paid += value
    if events is not None:
        events.append(EVENTS.event("pay", {"seat": seat, "card": CARD_CODE[best]}))


def _copy_unsure(s: FtkState, seat: int, card: int) -> bool:
    """Whether another seat may not know that the copy ``seat`` pays face up is ``card``: it
    arrived hidden, or ``seat`` has discarded face down, after which a seat knows only "in the
    hand or discarded" of the copies it saw arrive, so which copy is still held is uncertain."""
    return s.arrive[card] < 0 or any(batch[0] == seat for batch in s.batches)


def continue_card_payment(s: FtkState, events: list[Event] | None) -> None:
    hand = s.hands[s.cur]
    if len(hand) == s.due - s.paid:
        while hand:
            pay_card(s, DISCARD_BASE + CARD_KIND[hand[0]], events)
    if s.paid >= s.due:
        _receive(s, events)


def pay_card(s: FtkState, action_id: int, events: list[Event] | None) -> None:
    """P2.8: one card of the chosen kind, face down into this payment's batch."""
    seat = s.cur
    card = s.copy_in_hand(seat, action_id - DISCARD_BASE, hidden=True)
    s.from_hand(seat, card)
    if s.batch < 0:
        s.batch = s.add_batch(seat, 1 << seat)
    s.loc[card] = BATCH_BASE + s.batch
    s.paid += 1
    if events is not None:
        # The seat reads its own line with the card, the others this one (core.events.Event).
        events.append(EVENTS.event("discard", {"seat": seat}, private_to=frozenset({seat})))
        data = {"seat": seat, "card": CARD_CODE[card]}
        events.append(EVENTS.event("discard-card", data, frozenset({seat})))


def _receive(s: FtkState, events: list[Event] | None) -> None:
    """Paid: a Government or Gold card goes to the winner's hand, a King card is applied."""
    card = s.revealed
    seat = s.cur
    s.batch = -1
    if CARD_CATEGORY[card] == GOV or CARD_CATEGORY[card] == GOLD:
        s.won = added(s.won, seat, GOLD_OF[card])
        s.revealed = -1
        s.to_hand(seat, card, public=True)
        end_round(s, events)
        return
    s.phase = KING
    s.king_left = king_effect(card)[3]
    s.king_first = -1
