"""End-of-game scoring: family status at the Queen's table, domain points, Secret Missions.

Every count here is a weight (a Noble counts as two cards, DATA.md "chosen" reading), except
the role missions W7-W10 which count cards of a role. The functions take plain card lists, so
they score the true final position and, with face-down cards left out, the public estimate.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from courtly.games.courtisans.codes import NO_SEAT
from courtly.games.courtisans.data import (
    CARD_FAMILY,
    CARD_ROLE,
    CARD_WEIGHT,
    ESTEEMED,
    FALLEN,
    IS_SPY,
    MISSION_POINTS,
    MISSIONS,
    NEUTRAL,
    NUM_FAMILIES,
)
from courtly.games.courtisans.state import CourtisansState


def family_weights(cards: Iterable[int]) -> list[int]:
    """Per family, the number of cards with Nobles counted twice."""
    weights = [0] * NUM_FAMILIES
    for card in cards:
        weights[CARD_FAMILY[card]] += CARD_WEIGHT[card]
    return weights


def family_statuses(above: Iterable[int], below: Iterable[int]) -> list[int]:
    """C6.2: esteemed with more weight above, fallen with more below, neutral otherwise."""
    up = family_weights(above)
    down = family_weights(below)
    return [
        ESTEEMED if u > d else FALLEN if d > u else NEUTRAL for u, d in zip(up, down, strict=True)
    ]


def domain_points(domain: Iterable[int], statuses: Sequence[int]) -> int:
    """C6.3: each card (Noble: two) of an esteemed family +1, of a fallen family -1."""
    return sum(CARD_WEIGHT[card] * statuses[CARD_FAMILY[card]] for card in domain)


def mission_met(
    mission: int,
    seat: int,
    domains: Sequence[Sequence[int]],
    above: Sequence[int],
    below: Sequence[int],
    statuses: Sequence[int],
) -> bool:
    """C6.4: whether ``seat`` fulfils Secret Mission ``mission`` in the final position."""
    spec = MISSIONS[mission]
    kind = spec.kind
    if kind == "fewer-than-left":
        # The left-hand neighbour is the next seat in the (clockwise) play order; "fewer" is strict.
        left = domains[(seat + 1) % len(domains)]
        mine = sum(CARD_WEIGHT[c] for c in domains[seat] if CARD_FAMILY[c] == spec.param)
        theirs = sum(CARD_WEIGHT[c] for c in left if CARD_FAMILY[c] == spec.param)
        return mine < theirs
    if kind == "role-in-domain":
        return sum(1 for c in domains[seat] if CARD_ROLE[c] == spec.param) >= spec.amount
    if kind == "family-fallen":
        return statuses[spec.param] == FALLEN
    if kind == "every-family-below":
        return min(family_weights(below)) >= spec.amount
    if kind == "some-family-below":
        return max(family_weights(below)) >= spec.amount
    if kind == "at-most-esteemed":
        return sum(1 for s in statuses if s == ESTEEMED) <= spec.amount
    if kind == "at-least-fallen":
        return sum(1 for s in statuses if s == FALLEN) >= spec.amount
    raise ValueError(f"unknown mission kind {kind!r}")


def final_scores(
    domains: Sequence[Sequence[int]],
    above: Sequence[int],
    below: Sequence[int],
    missions: Sequence[Sequence[int]],
) -> list[int]:
    """Every seat's final score: its domain plus 3 per fulfilled Secret Mission (all spies,
    being revealed by then, count for their family)."""
    statuses = family_statuses(above, below)
    scores = []
    for seat, domain in enumerate(domains):
        points = domain_points(domain, statuses)
        for mission in missions[seat]:
            if mission_met(mission, seat, domains, above, below, statuses):
                points += MISSION_POINTS
        scores.append(points)
    return scores


def scores(state: CourtisansState) -> list[float]:
    """Final scores once over (C6). Before that, a public running estimate: face-up cards
    only, the current family status, and no Secret Missions (they are secret; R11)."""
    if state.current == NO_SEAT:
        missions = [(state.white[p], state.blue[p]) for p in range(state.num_players)]
        return [float(s) for s in final_scores(state.domains, state.above, state.below, missions)]
    statuses = public_statuses(state)
    return [float(domain_points((c for c in d if not IS_SPY[c]), statuses)) for d in state.domains]


def public_statuses(state: CourtisansState) -> list[int]:
    """Family status from the face-up cards at the Queen's table (all cards once over)."""
    if state.current == NO_SEAT:
        return family_statuses(state.above, state.below)
    return family_statuses(
        (c for c in state.above if not IS_SPY[c]), (c for c in state.below if not IS_SPY[c])
    )


# score_breakdown's categories: the domain's cards (C6.3), then each Secret Mission (C6.4).
BREAKDOWN_CATEGORIES = ("domain", "white_mission", "blue_mission")
# Why a Courtisans game ends (C3.4): the deck is empty and nobody holds a card.
END_ALL_CARDS_PLAYED = "all-cards-played"


def score_breakdown(state: CourtisansState) -> dict[str, Any]:
    """Per seat: its domain's points and each mission's 3 or 0. During play, the public running
    estimate (R11): face-up cards only and no missions, which stay secret. No tie-break: tied
    players share the victory (C6.5, R9)."""
    over = state.current == NO_SEAT
    seats = []
    statuses = family_statuses(state.above, state.below) if over else public_statuses(state)
    for seat, domain in enumerate(state.domains):
        shown = domain if over else [c for c in domain if not IS_SPY[c]]
        entry: dict[str, float] = {"domain": float(domain_points(shown, statuses))}
        for name, mission in (
            ("white_mission", state.white[seat]),
            ("blue_mission", state.blue[seat]),
        ):
            met = over and mission_met(
                mission, seat, state.domains, state.above, state.below, statuses
            )
            entry[name] = float(MISSION_POINTS if met else 0)
        entry["total"] = sum(entry[c] for c in BREAKDOWN_CATEGORIES)
        seats.append(entry)
    return {
        "categories": list(BREAKDOWN_CATEGORIES),
        "seats": seats,
        "decided_by": None,
        "end": END_ALL_CARDS_PLAYED if over else None,
    }
