"""The Gain Esteem rounds (P2.1, P2.2, P2.10) and the end of the game (E): each round turns up
the next Favor card for auction; when the Favor deck is empty the Duties are scored."""

from __future__ import annotations

from courtly.core.events import Event
from courtly.games.for_the_king.codes import BID, OVER, REVEALED
from courtly.games.for_the_king.data import CARD_CODE, OFFICES
from courtly.games.for_the_king.events import EVENTS
from courtly.games.for_the_king.rules.kings import king_done
from courtly.games.for_the_king.scoring import duties, victory_points, winners
from courtly.games.for_the_king.state import FtkState


def start_esteem(s: FtkState, events: list[Event] | None) -> None:
    """P2.1: the Favor deck is shuffled; the player left of the last Advisor is first."""
    s.rng.shuffle(s.favor)
    s.first = (s.advisor + 1) % s.num_players
    if events is not None:
        events.append(EVENTS.event("gain-esteem", {"first_seat": s.first}))
    start_round(s, events)


def start_round(s: FtkState, events: list[Event] | None) -> None:
    """P2.2: the top Favor card is revealed to all (E: with none left, the game ends)."""
    if not s.favor:
        s.phase = OVER
        s.cur = -1
        s.revealed = -1
        if events is not None:
            _end_events(s, events)
        return
    card = s.favor.pop()
    s.reveal()  # the next auction card is turned up
    s.placer[card] = -1
    s.loc[card] = REVEALED
    s.revealed = card
    s.phase = BID
    s.high = 0
    s.high_bidder = -1
    s.excluded = 0
    s.out = 0
    s.cur = s.first
    if events is not None:
        events.append(EVENTS.event("reveal", {"seat": s.first, "card": CARD_CODE[card]}))


def end_round(s: FtkState, events: list[Event] | None) -> None:
    """P2.10: the player left of the first player becomes the first player."""
    s.first = (s.first + 1) % s.num_players
    start_round(s, events)


def after_king(s: FtkState, events: list[Event] | None) -> None:
    """After a change made by a King card won at auction: the round ends with its last."""
    if king_done(s):
        end_round(s, events)


def _end_events(s: FtkState, events: list[Event]) -> None:
    """E: who takes each Duty tile, the points and the winners."""
    for o, (first, second) in enumerate(duties(s)):
        if o in s.params.offices:
            data = {
                "office": OFFICES[o],
                "value": s.primary[o],
                "primary_seat": None if first < 0 else first,
                "secondary_seat": None if second < 0 else second,
            }
            events.append(EVENTS.event("duty", data))
    data = {"points": victory_points(s), "winners": winners(s)}
    events.append(EVENTS.event("end", data))
