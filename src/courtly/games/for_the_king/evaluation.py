"""The bots' evaluation: the greedy heuristic, the search's estimate of the final Duties, and
the actions a search weighs.

The greedy evaluation scores the Duties as if the game ended now, so a one-point lead in an
office with half its cards still in the deck counts as much as a settled one. In a search
leaf (a sampled world, so every hand is known) :func:`expected_points` gives each player a
chance of each Duty instead: a Plackett-Luce draw whose weights are ``exp(sum / spread)``,
where the spread grows with the square root of the summed squared values of that office's
cards not yet in a hand (their variance, if they went to the players at random). An office
with nothing left to come scores exactly as it will at the end.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Final

from courtly.core.state import State, best_after
from courtly.games.for_the_king.codes import BID, BID_BASE, OVER, PAY_CARDS, PAY_GOLD
from courtly.games.for_the_king.data import (
    CARD_CATEGORY,
    CARD_LETTER,
    CARD_OFFICE,
    CARD_VALUE,
    GOLD,
    GOLD_OF,
    GOV,
    NUM_OFFICES,
    SECONDARY_VALUE,
    uses_secondary,
)
from courtly.games.for_the_king.rules.auction import affordable_top
from courtly.games.for_the_king.scoring import NOBODY, duties, victory_points
from courtly.games.for_the_king.state import STANDING_STRIDE, FtkState

# Rough exchange rates for the greedy evaluation, in victory points.
GOLD_WORTH: Final = 0.3  # one Gold of buying power
CARD_WORTH: Final = 0.25  # one card to discard when paying for a Gold card
KING_WORTH: Final = 0.8  # the best single Duty change a King card brings


def candidate_actions(state: FtkState, legal: list[int]) -> list[int]:
    """The actions a search weighs (RULINGS FK-08): every legal action, except that a bid
    above what the bidder could pay is left out, bar the smallest raise. A bluff stays a
    rule; the bots need not weigh 78 bids per auction to find the few worth making."""
    if state.phase != BID or state.params.affordable:
        return legal
    top = BID_BASE + affordable_top(state)
    return [a for a in legal if a < top]


def _margin(state: FtkState, player: int) -> float:
    """The Duties' points as if the game ended now, over the best among the other players."""
    points = victory_points(state)
    best_other = -1
    for p, v in enumerate(points):
        if p != player and v > best_other:
            best_other = v
    return float(points[player] - best_other)


Margin = Callable[[FtkState, int], float]


def greedy_choices(
    state: FtkState, legal: list[int], player: int, afters: list[State] | None = None
) -> list[int]:
    """The candidates after which :func:`evaluate` for ``player`` is best, in ``legal``'s
    order, each played on a copy, as the kernel does. A candidate's points come from the
    hands' ``standing`` the copy keeps up to date, not from its hands."""

    def score(after: State) -> float:
        assert isinstance(after, FtkState)
        return heuristic(after, player)

    return best_after(state, legal, score, afters)


def heuristic(state: FtkState, player: int, margin: Margin = _margin) -> float:
    """Projected point margin (by ``margin``), plus buying power, plus the card being won
    minus what is still to be paid for it (a standing high bid counts as a payment to come)."""
    if state.phase == OVER:
        winners = state.winners()
        bonus = 100.0 / len(winners) if player in winners else -100.0
        return bonus + _margin(state, player)
    value = margin(state, player) + GOLD_WORTH * state.gold[player]
    value += CARD_WORTH * len(state.hands[player])
    if state.phase == BID and state.high_bidder == player:
        value += _deal_value(state, player, state.high, margin)
    elif state.phase in (PAY_GOLD, PAY_CARDS) and state.cur == player:
        value += _deal_value(state, player, state.due - state.paid, margin)
    return value


def _deal_value(state: FtkState, player: int, to_pay: int, margin: Margin) -> float:
    card = state.revealed
    hand = state.hands[player]
    if CARD_CATEGORY[card] == GOLD:
        can = len(hand)
        cost = CARD_WORTH * to_pay
        gain = GOLD_WORTH * GOLD_OF[card] + CARD_WORTH
    else:
        can = state.gold[player]
        cost = GOLD_WORTH * to_pay
        gain = KING_WORTH
        if CARD_CATEGORY[card] == GOV:
            before = margin(state, player)
            # The card in the hand for a moment (and in its ``standing``), then out again.
            i = player * STANDING_STRIDE + CARD_OFFICE[card]
            standing = state.standing
            old_sum = standing[i]
            old_letter = standing[i + NUM_OFFICES]
            standing[i] = old_sum + CARD_VALUE[card]
            if CARD_LETTER[card] < old_letter:
                standing[i + NUM_OFFICES] = CARD_LETTER[card]
            hand.append(card)
            gain = margin(state, player) - before + CARD_WORTH
            hand.pop()
            standing[i] = old_sum
            standing[i + NUM_OFFICES] = old_letter
    if can < to_pay:
        return -2.0 - to_pay
    return gain - cost


# --- the search's estimate of the final Duty points (E1-E3) ----------------------------------

# The least spread of an office with cards to come: a one-point lead is then worth about a
# 95% chance with two players.
_SETTLED: Final = 0.35
# How much a card's squared value still to come widens the spread.
_SPREAD_PER_VALUE: Final = 0.5
# Ties of equal sums go to the letter closest to A (E1); a sliver of a point per letter.
_LETTER: Final = 0.01


def _to_come(state: FtkState) -> list[int]:
    """Per office: the summed squared values of its cards that are in no hand yet."""
    pending = [0] * NUM_OFFICES
    # Each pile in turn, not one list of them all (a leaf's copy of the deck cost as much).
    for pile in (state.deck, state.middle, state.favor, [state.held, state.revealed]):
        for c in pile:
            if c >= 0:
                o = CARD_OFFICE[c]
                if o >= 0:
                    pending[o] += CARD_VALUE[c] * CARD_VALUE[c]
    return pending


def expected_points(state: FtkState) -> list[float]:
    """Each player's expected Duty points (E3) under the soft draw described above."""
    n = state.num_players
    standing = state.standing
    pending = _to_come(state)
    secondary = uses_secondary(n)
    points = [0.0] * n
    settled = None
    for o in state.params.offices:
        if not pending[o]:
            # Nothing left to come: the office scores as it will at the end (E1-E2).
            if settled is None:
                settled = duties(state)
            first_holder, second_holder = settled[o]
            if first_holder != NOBODY:
                points[first_holder] += state.primary[o]
            if second_holder != NOBODY:
                points[second_holder] += SECONDARY_VALUE
            continue
        # Plain loops, not max() and sum() (compiled, each was a generic call); the same
        # additions in the same order as sum() makes them.
        scores: list[float] = []
        top = -math.inf
        for i in range(o, n * STANDING_STRIDE, STANDING_STRIDE):
            score = standing[i] - _LETTER * standing[i + NUM_OFFICES]
            scores.append(score)
            if score > top:
                top = score
        spread = _SETTLED + _SPREAD_PER_VALUE * math.sqrt(pending[o])
        weights: list[float] = []
        total = 0.0
        for score in scores:
            weight = math.exp((score - top) / spread)
            weights.append(weight)
            total += weight
        primary = state.primary[o]
        # Per seat q: its chance to be first, and the weight of the others once q is first.
        others = [(wq / total, total - wq) for wq in weights] if secondary else []
        for p, w in enumerate(weights):
            points[p] += primary * w / total
            if secondary:
                # Second place: someone else first, then p first among the rest.
                second = sum([first * (w / rest) for first, rest in others[:p] + others[p + 1 :]])
                points[p] += SECONDARY_VALUE * second
    return points


def soft_margin(state: FtkState, player: int) -> float:
    """Expected points over the best expectation among the other players."""
    return _lead(expected_points(state), player)


def _lead(points: list[float], player: int) -> float:
    best_other = -math.inf
    for p, v in enumerate(points):
        if p != player and v > best_other:
            best_other = v
    return points[player] - best_other


def search_evaluations(state: FtkState) -> list[float]:
    """Every seat's ``evaluate`` with :func:`soft_margin`, the expected points (the same for
    every seat) computed once. ``evaluate`` changes a position only to weigh a card being won,
    by adding it to the winner's hand for a moment: a hand of another size is scored afresh."""
    points = expected_points(state)
    sizes = [len(hand) for hand in state.hands]

    def margin(position: FtkState, player: int) -> float:
        if len(position.hands[player]) != sizes[player]:
            return soft_margin(position, player)
        return _lead(points, player)

    return [heuristic(state, p, margin) for p in range(state.num_players)]
