"""E: Duty tiles, victory points and the winner's tie-break chain."""

from __future__ import annotations

from typing import TYPE_CHECKING

from courtly.games.for_the_king.data import (
    CARD_LETTER,
    CARD_OFFICE,
    CARD_VALUE,
    GOLD_OF,
    NUM_OFFICES,
    OFFICES,
    SECONDARY_VALUE,
    TIEBREAK_OFFICES,
    uses_secondary,
)

if TYPE_CHECKING:
    from courtly.games.for_the_king.state import FtkState

NOBODY = -1


def office_standings(hand: list[int]) -> tuple[list[int], list[int], list[int]]:
    """Per office: the sum of a hand's Government values, its card count and its best letter
    (0 = A; 99 when it has none of that colour)."""
    sums = [0] * NUM_OFFICES
    counts = [0] * NUM_OFFICES
    best = [99] * NUM_OFFICES
    for c in hand:
        o = CARD_OFFICE[c]
        if o >= 0:
            sums[o] += CARD_VALUE[c]
            counts[o] += 1
            if CARD_LETTER[c] < best[o]:
                best[o] = CARD_LETTER[c]
    return sums, counts, best


Standings = list[tuple[list[int], list[int], list[int]]]


def duties(state: FtkState, table: Standings | None = None) -> list[tuple[int, int]]:
    """Per office (NOBODY for offices out of play): (Primary holder, Secondary holder).
    ``table`` is every hand's ``office_standings``, when the caller has them already.

    E1-E2: highest sum takes the Primary, ties to the letter closest to A; the next in the same
    order (so the loser of a Primary tie) takes the Secondary. A player needs at least one card
    of the colour to take either tile (RULINGS, E1)."""
    if table is None:
        table = [office_standings(h) for h in state.hands]
    secondary = uses_secondary(state.num_players)
    out = [(NOBODY, NOBODY)] * NUM_OFFICES
    for o in state.offices:
        ranked = sorted(
            (p for p in range(state.num_players) if table[p][0][o] > 0),
            key=lambda p: (-table[p][0][o], table[p][2][o]),
        )
        first = ranked[0] if ranked else NOBODY
        second = ranked[1] if secondary and len(ranked) > 1 else NOBODY
        out[o] = (first, second)
    return out


def victory_points(state: FtkState) -> list[int]:
    """E3: the esteem of the Primary and Secondary tiles each player took."""
    points = [0] * state.num_players
    for o, (first, second) in enumerate(duties(state)):
        if first != NOBODY:
            points[first] += state.primary[o]
        if second != NOBODY:
            points[second] += SECONDARY_VALUE
    return points


def winners(state: FtkState) -> list[int]:
    """E4: most points; then most Gold value; then per colour in the rulebook's order (blue,
    red, pink, green, purple, orange) most cards of it, then its letter closest to A."""
    points = victory_points(state)
    best = max(points)
    tied = [p for p in range(state.num_players) if points[p] == best]
    if len(tied) > 1:
        gold = {p: sum(GOLD_OF[c] for c in state.hands[p]) for p in tied}
        top = max(gold.values())
        tied = [p for p in tied if gold[p] == top]
    if len(tied) > 1:
        table = {p: office_standings(state.hands[p]) for p in tied}
        for o in TIEBREAK_OFFICES:
            most = max(table[p][1][o] for p in tied)
            if most == 0:
                continue
            tied = [p for p in tied if table[p][1][o] == most]
            if len(tied) > 1:
                letter = min(table[p][2][o] for p in tied)
                tied = [p for p in tied if table[p][2][o] == letter]
            break
    return tied


def final_text(state: FtkState) -> str:
    points = victory_points(state)
    parts = []
    for o, (first, second) in enumerate(duties(state)):
        if o not in state.offices:
            continue
        holder = "nobody" if first == NOBODY else f"seat {first}"
        text = f"{OFFICES[o]} {state.primary[o]}: {holder}"
        if second != NOBODY:
            text += f" (Secondary: seat {second})"
        parts.append(text)
    won = ", ".join(f"seat {p}" for p in winners(state))
    return "; ".join(parts) + f". Points: {points}. Winner: {won}"
