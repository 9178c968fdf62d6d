"""An Assassin's kill (C5.3, C5.4): once placed with a target in its area, its player
eliminates one card of that area that is not a Guard, or spares them all."""

from __future__ import annotations

from courtly.core.events import Event
from courtly.games.courtisans.codes import (
    ABOVE,
    BELOW,
    FIRST_DOMAIN,
    NO_ZONE,
    ROW_DOMAIN,
    ROW_NAMES,
    kill_base,
    spare_id,
)
from courtly.games.courtisans.data import IS_GUARD, IS_SPY, MAX_ROW_CARDS
from courtly.games.courtisans.events import EVENTS
from courtly.games.courtisans.state import CourtisansState


def kill_targets(state: CourtisansState) -> list[tuple[int, int]]:
    """(row, index) of every card the pending Assassin may eliminate: any other card of
    its area that is not a Guard (C5.3, C5.4). Both rows of the Queen's table count."""
    zone = state.pending
    rows: tuple[tuple[int, list[int]], ...]
    if zone < FIRST_DOMAIN:
        rows = ((ABOVE, state.above), (BELOW, state.below))
    else:
        rows = ((ROW_DOMAIN, state.domains[zone - FIRST_DOMAIN]),)
    targets = []
    for row, cards in rows:
        # The Assassin is the card just placed: the last one of its zone.
        last = len(cards) - 1 if row in (zone, ROW_DOMAIN) else -1
        for index, card in enumerate(cards):
            if index != last and not IS_GUARD[card]:
                targets.append((row, index))
    return targets


def kill_legal(state: CourtisansState) -> list[int]:
    """Each target's "eliminate" (row, position), then "spare"."""
    base = kill_base(state.num_players)
    ids = [base + row * MAX_ROW_CARDS + index for row, index in kill_targets(state)]
    ids.append(spare_id(state.num_players))
    return ids


def eliminate_apply(state: CourtisansState, action_id: int, events: list[Event] | None) -> None:
    row, index = divmod(action_id - kill_base(state.num_players), MAX_ROW_CARDS)
    if row == ROW_DOMAIN:
        cards = state.domains[state.pending - FIRST_DOMAIN]
    else:
        cards = state.above if row == ABOVE else state.below
    card = cards.pop(index)
    state.eliminated.append(card)
    if events is not None:
        data = {"seat": state.current, "row": ROW_NAMES[row], "position": index + 1}
        # The sentence says where the card lay as the board shows it (a row of the Queen's
        # table, or whose domain), not its position number, which no board writes.
        place = ""
        if row == ROW_DOMAIN:
            data["owner_seat"] = state.pending - FIRST_DOMAIN
            place = "-domain"
        if IS_SPY[card]:
            # C5.3: an eliminated spy is neither looked at nor revealed.
            events.append(EVENTS.event(f"eliminate-spy{place}", data))
        else:
            events.append(EVENTS.event(f"eliminate{place}", {**data, "card": card}))
    state.pending = NO_ZONE


def spare_apply(state: CourtisansState, action_id: int, events: list[Event] | None) -> None:
    """The Assassin's ability is not used (it is optional, C5.3)."""
    if events is not None:
        events.append(EVENTS.event("spare", {"seat": state.current}))
    state.pending = NO_ZONE
