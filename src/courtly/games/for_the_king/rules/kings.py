"""King cards: Primary Duty values move by 1, within 1..6, then the card is discarded face up
(P2.7; option ``king_cards=apply``: also when gained in Share Influence, RULINGS FK-06)."""

from __future__ import annotations

from courtly.core.events import Event
from courtly.games.for_the_king.codes import GAINED_KING, LOWER_BASE, RAISE_BASE, REVEALED
from courtly.games.for_the_king.data import CARD_CODE, DUTY_MAX, DUTY_MIN, OFFICES, king_effect
from courtly.games.for_the_king.events import EVENTS
from courtly.games.for_the_king.state import FtkState, added


def king_legal(s: FtkState) -> list[int]:
    """P2.7: each change names an office (two different ones for a two-office card)."""
    delta = king_effect(s.revealed)[2]
    ids: list[int] = []
    if delta >= 0:
        ids.extend(RAISE_BASE + o for o in s.params.offices if o != s.king_first)
    if delta <= 0:
        ids.extend(LOWER_BASE + o for o in s.params.offices if o != s.king_first)
    return ids


def gain_king(s: FtkState, seat: int, card: int, events: list[Event] | None) -> None:
    """Option king_cards=apply (RULINGS FK-06): a King card the Advisor keeps or an opponent
    takes is shown and applied at once by its new owner, then discarded face up."""
    s.loc[card] = REVEALED
    s.revealed = card
    s.phase = GAINED_KING
    s.cur = seat
    s.king_left = king_effect(card)[3]
    s.king_first = -1
    if events is not None:
        events.append(EVENTS.event("king-gained", {"seat": seat, "card": CARD_CODE[card]}))


def change_duty(s: FtkState, action_id: int, events: list[Event] | None) -> None:
    """P2.7: one change of a Primary value by 1, within 1..6."""
    if action_id >= LOWER_BASE:
        office = action_id - LOWER_BASE
        delta = -1
    else:
        office = action_id - RAISE_BASE
        delta = 1
    value = min(DUTY_MAX, max(DUTY_MIN, s.primary[office] + delta))
    s.primary = added(s.primary, office, value - s.primary[office])
    s.king_left -= 1
    s.king_first = office
    if events is not None:
        data = {"seat": s.cur, "office": OFFICES[office], "change": delta}
        data["value"] = s.primary[office]
        events.append(EVENTS.event("king", data))


def king_done(s: FtkState) -> bool:
    """Whether every change of the King card is made; if so it is discarded face up."""
    if s.king_left:
        return False
    card = s.revealed
    s.revealed = -1
    s.king_first = -1
    s.discard_up(card)
    return True
