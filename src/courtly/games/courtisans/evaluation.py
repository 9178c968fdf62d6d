"""Evaluations from one seat's knowledge: face-up cards, the face-down spies it knows, its own
Secret Missions.

``heuristic`` (the greedy agent's and the rollout policy's) scores the position as if the game
ended here: the seat's estimated score minus the best opponent's. ``search_evaluation`` (the
search's leaf evaluation) replaces each family's status by a soft one that leans further the
larger the family's lead at the Queen's table is compared with what the cards still to come
could change.
"""

from __future__ import annotations

import math

from courtly.games.courtisans.codes import (
    ABOVE,
    ALL_AREAS,
    AREA_OPPONENT,
    AREA_OWN,
    AREA_QUEEN,
    FIRST_DOMAIN,
    kill_base,
    zone_count,
)
from courtly.games.courtisans.data import (
    CARD_FAMILY,
    CARD_WEIGHT,
    ESTEEMED,
    FALLEN,
    IS_SPY,
    MISSION_POINTS,
    NEUTRAL,
)
from courtly.games.courtisans.scoring import (
    domain_points,
    family_statuses,
    family_weights,
    mission_met,
)
from courtly.games.courtisans.state import CourtisansState

# Spread of a family's lead still to come, per card that will reach the Queen's table for it
# (its square root is taken): the weights are 1 or 2, so about one weight unit per card.
_SPREAD_PER_CARD = 1.2
# A lead of one weight unit at the very end is a settled status (tanh(1 / 0.5) = 0.96).
_SETTLED = 0.5


def _visible(state: CourtisansState, seat: int) -> tuple[list[int], list[int], list[list[int]]]:
    def known(cards: list[int]) -> list[int]:
        return [c for c in cards if not IS_SPY[c] or state.knows_spy(seat, c)]

    return known(state.above), known(state.below), [known(d) for d in state.domains]


def _relative(state: CourtisansState, seat: int, domain_values: list[float], mine: float) -> float:
    best_other = max(v for p, v in enumerate(domain_values) if p != seat)
    return mine - best_other


def heuristic(state: CourtisansState, seat: int) -> float:
    if state.is_terminal:
        scores = state.scores()
        return scores[seat] - max(s for p, s in enumerate(scores) if p != seat)
    above, below, domains = _visible(state, seat)
    statuses = family_statuses(above, below)
    values = [float(domain_points(d, statuses)) for d in domains]
    mine = values[seat] + _missions(state, seat, domains, above, below, statuses)
    return _relative(state, seat, values, mine)


def search_evaluation(state: CourtisansState, seat: int) -> float:
    if state.is_terminal:
        return heuristic(state, seat)
    above, below, domains = _visible(state, seat)
    up = family_weights(above)
    down = family_weights(below)
    # One card in three that is still to be played goes to the Queen's table.
    to_come = (len(state.deck) + sum(len(h) for h in state.hands)) / 3 / len(up)
    spread = _SETTLED + _SPREAD_PER_CARD * math.sqrt(to_come)
    soft = [math.tanh((u - d) / spread) for u, d in zip(up, down, strict=True)]
    values = [sum(CARD_WEIGHT[c] * soft[CARD_FAMILY[c]] for c in d) for d in domains]
    statuses = family_statuses(above, below)
    mine = values[seat] + _missions(state, seat, domains, above, below, statuses)
    return _relative(state, seat, values, mine)


def _missions(
    state: CourtisansState,
    seat: int,
    domains: list[list[int]],
    above: list[int],
    below: list[int],
    statuses: list[int],
) -> float:
    white, blue = state.white[seat], state.blue[seat]
    return float(_missions_points(seat, white, blue, domains, above, below, statuses))


def greedy_choices(state: CourtisansState, legal: list[int], seat: int) -> list[int] | None:
    """The plays among ``legal`` after which :func:`heuristic` for ``seat`` is highest, in
    ``legal``'s order, each scored from the one card it adds to what ``seat`` sees instead of
    on a played copy; None where that shortcut does not hold (an elimination to choose, or a
    play that may end the game), and the caller plays the candidates out.

    Played on a copy, a card goes to its zone and nothing else the heuristic reads changes: a
    turn that ends draws cards (unread) unless the deck is empty (the game may end), and an
    Assassin's eliminations are later choices. The sums are integers, so the scores are the
    heuristic's exactly."""
    if state.is_terminal or state.pending >= 0 or seat != state.current:
        return None
    n = state.num_players
    width = zone_count(n)
    if kill_base(n) <= max(legal):
        return None
    used = state.used
    if not state.deck:
        # A play that completes the turn may be the game's last (rare: the last rounds).
        for action_id in legal:
            zone = action_id % width
            area = (
                AREA_QUEEN
                if zone < FIRST_DOMAIN
                else AREA_OWN
                if zone - FIRST_DOMAIN == seat
                else AREA_OPPONENT
            )
            if used | area == ALL_AREAS:
                return None
    above, below, domains = _visible(state, seat)
    up = family_weights(above)
    down = family_weights(below)
    statuses = family_statuses(above, below)
    values = [domain_points(d, statuses) for d in domains]
    held = [family_weights(d) for d in domains]
    # The seat plays its own cards, so it sees a Spy it plays if spies are remembered.
    sees_spies = state.params.remember_spies
    white, blue = state.white[seat], state.blue[seat]
    # Secret Missions read the family statuses, the row below the Queen and two domains (the
    # seat's and its left-hand neighbour's), never the row above: a play elsewhere that moves
    # no status leaves them as they are.
    left = (seat + 1) % n
    kept = _missions_points(seat, white, blue, domains, above, below, statuses)
    best_value: int | None = None
    best: list[int] = []
    for action_id in legal:
        card, zone = divmod(action_id, width)
        if IS_SPY[card] and not sees_spies:
            value = _relative_points(seat, values, kept)
        else:
            family = CARD_FAMILY[card]
            weight = CARD_WEIGHT[card]
            if zone < FIRST_DOMAIN:
                u, d = up[family], down[family]
                if zone == ABOVE:
                    u += weight
                else:
                    d += weight
                status = ESTEEMED if u > d else FALLEN if d > u else NEUTRAL
                change = status - statuses[family]
                if change:
                    after = statuses[:]
                    after[family] = status
                    scored = [v + change * h[family] for v, h in zip(values, held, strict=True)]
                else:
                    after = statuses
                    scored = values
                if change or zone != ABOVE:
                    table = ([*above, card], below) if zone == ABOVE else (above, [*below, card])
                    points = _missions_points(seat, white, blue, domains, *table, after)
                else:
                    points = kept
                value = _relative_points(seat, scored, points)
            else:
                owner = zone - FIRST_DOMAIN
                scored = values[:]
                scored[owner] += weight * statuses[family]
                if owner in (seat, left):
                    placed = domains[:]
                    placed[owner] = [*domains[owner], card]
                    points = _missions_points(seat, white, blue, placed, above, below, statuses)
                else:
                    points = kept
                value = _relative_points(seat, scored, points)
        if best_value is None or value > best_value:
            best_value = value
            best = [action_id]
        elif value == best_value:
            best.append(action_id)
    return best


def _missions_points(
    seat: int,
    white: int,
    blue: int,
    domains: list[list[int]],
    above: list[int],
    below: list[int],
    statuses: list[int],
) -> int:
    return sum(
        MISSION_POINTS
        for mission in (white, blue)
        if mission_met(mission, seat, domains, above, below, statuses)
    )


def _relative_points(seat: int, values: list[int], missions: int) -> int:
    """The heuristic of a position that is not over, in whole points."""
    return values[seat] + missions - max(values[seat + 1 :] + values[:seat])
