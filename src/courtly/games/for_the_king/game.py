"""The For the King (and me) game object: setup, options and the greedy evaluation."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from courtly.core.actions import ActionSpace
from courtly.core.options import Option
from courtly.core.rng import Rng
from courtly.core.state import Game, State
from courtly.games.for_the_king.actions import BID_BASE, build_action_space
from courtly.games.for_the_king.codes import BID, BOX, DECK, OVER, PAY_CARDS, PAY_GOLD, UNUSED
from courtly.games.for_the_king.data import (
    CARD_CATEGORY,
    CARD_MARK,
    GOLD,
    GOLD_OF,
    GOV,
    NUM_CARDS,
    RANDOM_REMOVAL,
)
from courtly.games.for_the_king.state import FtkState

# Rough exchange rates for the greedy evaluation, in victory points.
GOLD_WORTH = 0.3  # one Gold of buying power
CARD_WORTH = 0.25  # one card to discard when paying for a Gold card
KING_WORTH = 0.8  # the best single Duty change a King card brings


class ForTheKing(Game):
    name = "for-the-king"
    title = "For the King (and me)"
    min_players = 2
    max_players = 5
    summary = (
        "Share out cards as the Advisor, then bid Gold for the Favor deck: take the most "
        "esteemed offices of government."
    )
    options = (
        Option(
            "bids",
            "any",
            "which bids are offered: 'any' = every higher amount up to the total Gold in the "
            "game, as the rulebook says (a bid you cannot pay is a bluff with a penalty, P2.9); "
            "'affordable' = only amounts you could pay, and always the smallest raise "
            "(RULINGS P2.3)",
            choices=("any", "affordable"),
        ),
    )

    def _build_action_space(self, num_players: int, options: Mapping[str, Any]) -> ActionSpace:
        return build_action_space()

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> State:
        """S1-S5: numbered cards out, random removal, shuffle, a random first Advisor."""
        rng = Rng(seed)
        s = FtkState.blank(self, num_players, options, rng)
        kept = []
        for c in range(NUM_CARDS):
            if CARD_MARK[c] > num_players:
                s.loc[c] = UNUSED
            else:
                kept.append(c)
        rng.shuffle(kept)
        removed = RANDOM_REMOVAL[num_players]
        for c in kept[:removed]:
            s.loc[c] = BOX
        deck = kept[removed:]
        rng.shuffle(deck)
        for c in deck:
            s.loc[c] = DECK
        s.deck = deck
        s.advisor = rng.below(num_players)
        s.start_turn(None)
        return s

    def _state_from_json(
        self, data: Mapping[str, Any], num_players: int, options: dict[str, Any], rng: Rng
    ) -> State:
        from courtly.games.for_the_king.serialize import body_from_json

        return body_from_json(self, data, num_players, options, rng)

    def render(self, observation: Mapping[str, Any]) -> Any:
        from courtly.games.for_the_king.view import render

        return render(observation)

    def candidate_actions(self, state: State, legal: list[int]) -> list[int]:
        """The actions a search considers (RULINGS P2.3): every legal action, except that a
        bid above what the bidder could pay is left out, bar the smallest raise. A bluff is a
        rule the bots need not weigh 78 times per auction; ``bids=affordable`` makes it the
        rule for everyone."""
        assert isinstance(state, FtkState)
        if state.phase != BID or state.affordable:
            return legal
        top = BID_BASE + state.affordable_top()
        return [a for a in legal if a < top]

    def heuristic(self, state: State, player: int) -> float:
        assert isinstance(state, FtkState)
        return evaluate(state, player)

    def search_evaluation(self, state: State, player: int) -> float:
        """The heuristic with the Duties softened by the cards still to come (estimate.py)."""
        from courtly.games.for_the_king.estimate import soft_margin

        assert isinstance(state, FtkState)
        return evaluate(state, player, soft_margin)


def _margin(state: FtkState, player: int) -> float:
    from courtly.games.for_the_king.scoring import victory_points

    points = victory_points(state)
    best_other = max(v for p, v in enumerate(points) if p != player)
    return float(points[player] - best_other)


Margin = Callable[[FtkState, int], float]


def evaluate(state: FtkState, player: int, margin: Margin = _margin) -> float:
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
            hand.append(card)
            gain = margin(state, player) - before + CARD_WORTH
            hand.pop()
    if can < to_pay:
        return -2.0 - to_pay
    return gain - cost
