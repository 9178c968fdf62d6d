"""E: Duty tiles, victory points, the winner's tie-break chain and the score breakdown."""

from __future__ import annotations

from typing import Any, Final

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
from courtly.games.for_the_king.state import STANDING_STRIDE, FtkState

NOBODY: Final = -1

# A hand's ``office_standings``: per office its sum, count and best letter.
Standing = tuple[list[int], list[int], list[int]]


def office_standings(hand: list[int]) -> Standing:
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


def duties(state: FtkState) -> list[tuple[int, int]]:
    """Per office (NOBODY for offices out of play): (Primary holder, Secondary holder), from
    the hands' ``standing`` (state.py).

    E1-E2: highest sum takes the Primary, ties to the letter closest to A; the next in the same
    order (so the loser of a Primary tie) takes the Secondary. A player needs at least one card
    of the colour to take either tile (RULINGS FK-18)."""
    out = [(NOBODY, NOBODY)] * NUM_OFFICES
    for o in state.params.offices:
        first, second = _two_best(state.standing, state.num_players, o)
        out[o] = (first, second if uses_secondary(state.num_players) else NOBODY)
    return out


def _two_best(standing: list[int], num_players: int, office: int) -> tuple[int, int]:
    """The two best seats of ``office`` by (higher sum, then lower letter), an earlier seat
    first on equal keys: the first two of a stable sort, found in one pass (the greedy policy
    scores every candidate by these, so this is the search's hottest loop). A sum of 0 never
    ranks."""
    first = second = NOBODY
    first_sum = second_sum = 0
    first_letter = second_letter = 0
    i = office
    for p in range(num_players):
        s = standing[i]
        letter = standing[i + NUM_OFFICES]
        if s > first_sum or (s == first_sum and s and letter < first_letter):
            second, second_sum, second_letter = first, first_sum, first_letter
            first, first_sum, first_letter = p, s, letter
        elif s > second_sum or (s == second_sum and s and letter < second_letter):
            second, second_sum, second_letter = p, s, letter
        i += STANDING_STRIDE
    return first, second


def victory_points(state: FtkState) -> list[int]:
    """E3: the esteem of the Primary and Secondary tiles each player took."""
    n = state.num_players
    points = [0] * n
    secondary = uses_secondary(n)
    standing = state.standing
    primary = state.primary
    for o in state.params.offices:
        first, second = _two_best(standing, n, o)
        if first != NOBODY:
            points[first] += primary[o]
        if secondary and second != NOBODY:
            points[second] += SECONDARY_VALUE
    return points


def winners(state: FtkState) -> list[int]:
    """E4: most points; then most Gold value; then per colour in the rulebook's order (blue,
    red, pink, green, purple, orange) most cards of it, then its letter closest to A."""
    return _ranking(state)[0]


def _ranking(state: FtkState) -> tuple[list[int], str | None]:
    """The winners and the id of the tie-break that decided (None: no tie to break;
    ``"shared"``: nothing broke it)."""
    points = victory_points(state)
    best = max(points)
    tied = [p for p in range(state.num_players) if points[p] == best]
    if len(tied) == 1:
        return tied, None
    gold = {p: sum(GOLD_OF[c] for c in state.hands[p]) for p in tied}
    top = max(gold.values())
    tied = [p for p in tied if gold[p] == top]
    if len(tied) == 1:
        return tied, "most-gold"
    table = {p: office_standings(state.hands[p]) for p in tied}
    for o in TIEBREAK_OFFICES:
        most = max(table[p][1][o] for p in tied)
        if most == 0:
            continue
        tied = [p for p in tied if table[p][1][o] == most]
        if len(tied) == 1:
            return tied, f"most-{OFFICES[o]}-cards"
        letter = min(table[p][2][o] for p in tied)
        tied = [p for p in tied if table[p][2][o] == letter]
        return tied, f"best-{OFFICES[o]}-letter" if len(tied) == 1 else "shared"
    return tied, "shared"


def score_breakdown(state: FtkState) -> dict[str, Any]:
    """Per seat the esteem each office's Duty tiles give it (E3), the tie-break that decided
    (E4) and why the game ended (the Favor deck ran out: E)."""
    categories = [OFFICES[o] for o in state.params.offices]
    seats: list[dict[str, Any]] = [dict.fromkeys(categories, 0) for _ in range(state.num_players)]
    for o, (first, second) in enumerate(duties(state)):
        if first != NOBODY:
            seats[first][OFFICES[o]] += state.primary[o]
        if second != NOBODY:
            seats[second][OFFICES[o]] += SECONDARY_VALUE
    for row in seats:
        row["total"] = sum(row[c] for c in categories)
    over = state.is_terminal
    return {
        "categories": categories,
        "seats": seats,
        "decided_by": _ranking(state)[1] if over else None,
        "end": "favor-deck-empty" if over else None,
    }
