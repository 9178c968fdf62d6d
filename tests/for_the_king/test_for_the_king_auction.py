"""P2: the Gain Esteem phase (auctions, payments, King cards, failed payments)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from courtly.core.errors import IllegalActionError
from courtly.core.events import events_for
from courtly.core.render import event_text
from courtly.games.for_the_king import GAME as FTK
from courtly.games.for_the_king.codes import BATCH_BASE, BID, KING, OVER, PAY_CARDS, PAY_GOLD, UP
from courtly.games.for_the_king.data import CODE_TO_CARD, MAX_BID, OFFICES
from courtly.games.for_the_king.state import FtkState

Make = Callable[..., FtkState]
Play = Callable[..., list[Any]]

C = CODE_TO_CARD
HANDS = [
    ["gold1-01", "gold2-01", "gold3-01", "diplomacy-A"],
    ["gold2-02"],
    ["architecture-A", "provisions-A"],
]


def auction(make: Make, revealed: str = "military-A", **kw: Any) -> FtkState:
    args: dict[str, Any] = {
        "hands": [list(h) for h in HANDS],
        "favor": ["entertainment-B", "entertainment-C"],
        "revealed": revealed,
        "first": 0,
        "current": 0,
    }
    args.update(kw)
    if any("diplomacy-A" in hand for hand in args["hands"]):
        args.setdefault("public_arrival", {"diplomacy-A": 0})
    return make(3, **args)


def bids(state: FtkState) -> list[int]:
    return [int(a.arg("amount")) for a in state.legal_actions() if a.kind == "bid"]  # type: ignore[arg-type]


def test_p2_3_first_bid_at_least_one_and_pass_offered(make: Make) -> None:
    """P2.3: the first bid is 1 or more; passing is allowed from the first turn."""
    state = auction(make, options={"bids": "affordable"})
    assert bids(state) == [1, 2, 3, 4, 5, 6]  # seat 0 can pay up to 6 Gold
    assert "pass" in [a.kind for a in state.legal_actions()]


def test_p2_3_raises_are_strictly_higher_and_overbidding_stays_possible(
    make: Make, play: Play
) -> None:
    """P2.3: each bid is strictly higher; the smallest raise is always offered, even to a
    player who could not pay it (RULINGS, P2.3)."""
    state = auction(make, options={"bids": "affordable"})
    play(state, "bid", amount=3)
    assert state.current_player == 1
    assert bids(state) == [4]  # seat 1 holds 2 Gold
    with pytest.raises(IllegalActionError):
        state.apply({"kind": "bid", "amount": 3}, player=1)


def test_p2_3_option_any_offers_every_amount(make: Make, play: Play) -> None:
    state = auction(make, options={"bids": "any"})
    assert bids(state) == list(range(1, MAX_BID + 1))
    play(state, "bid", amount=MAX_BID)
    assert bids(state) == []


def test_p2_3_by_default_any_higher_bid_even_one_the_bidder_cannot_pay(
    make: Make, play: Play
) -> None:
    """P2.3 (RULINGS): the rulebook lets a player bid any higher number; a bid they cannot
    pay is a real bluff with the real penalty of P2.9."""
    state = auction(make)
    assert state.options["bids"] == "any"
    assert bids(state) == list(range(1, MAX_BID + 1))
    play(state, "bid", amount=3)
    assert bids(state) == list(range(4, MAX_BID + 1))
    play(state, "bid", amount=9)  # seat 1 holds 2 Gold: a bluff
    play(state, "pass")
    play(state, "pass")  # seat 1 wins at 9 and cannot pay
    assert state.excluded == 0b010 and len(state.batches) == 1 and state.phase == BID


def test_p2_3_searches_weigh_only_bids_the_bidder_could_pay() -> None:
    """The bots' pruning (not a rule): a search considers the bids the bidder could pay and
    the smallest raise; the other bids stay legal."""
    from courtly.games.for_the_king import GAME
    from courtly.games.for_the_king.codes import BID_BASE, PASS
    from courtly.games.for_the_king.rules.auction import affordable_top

    state = GAME.new_game(2, seed=3)
    assert isinstance(state, FtkState)
    while state.phase != BID:
        state.step(state.legal_action_ids()[0])
    legal = state.legal_action_ids()
    kept = GAME.candidate_actions(state, legal)
    assert len(legal) == MAX_BID + 1
    top = affordable_top(state)
    assert kept == [PASS, *range(BID_BASE, BID_BASE + top)]
    affordable = GAME.new_game(2, seed=3, options={"bids": "affordable"})
    assert isinstance(affordable, FtkState)
    while affordable.phase != BID:
        affordable.step(affordable.legal_action_ids()[0])
    assert affordable.legal_action_ids() == kept


def test_p2_3_p2_4_bidding_goes_around_until_one_is_left(make: Make, play: Play) -> None:
    """P2.3/P2.4: raises go round the table; a pass is final; the last bidder wins."""
    state = auction(make)
    play(state, "bid", amount=1)
    play(state, "bid", amount=2)
    play(state, "pass")  # seat 2
    assert state.current_player == 0
    play(state, "bid", amount=3)
    assert state.current_player == 1  # seat 2 has passed and is skipped
    play(state, "pass")
    assert state.phase == PAY_GOLD and state.current_player == 0
    assert (state.high, state.high_bidder) == (3, 0)


def test_p2_6_gold_payment_without_change(make: Make, play: Play) -> None:
    """P2.6: Gold cards are paid face up until the bid is reached; no change is given."""
    state = auction(make)
    play(state, "bid", amount=3)
    play(state, "pass")
    play(state, "pass")
    assert sorted(a.arg("gold") for a in state.legal_actions()) == [1, 2, 3]  # type: ignore[type-var]
    play(state, "pay", gold=2)
    assert state.phase == PAY_GOLD  # 2 < 3: pay on
    assert sorted(a.arg("gold") for a in state.legal_actions()) == [1, 3]  # type: ignore[type-var]
    play(state, "pay", gold=3)
    assert state.spent[0] == 5  # 5 paid for a bid of 3
    assert state.up == (C["gold2-01"], C["gold3-01"])
    assert state.hands[0] == sorted([C["gold1-01"], C["diplomacy-A"], C["military-A"]])
    assert state.gold[0] == 1


def test_p2_6_exact_payment_stops(make: Make, play: Play) -> None:
    state = auction(make)
    play(state, "bid", amount=3)
    play(state, "pass")
    play(state, "pass")
    play(state, "pay", gold=3)
    assert state.spent[0] == 3 and C["gold1-01"] in state.hands[0]
    assert state.phase == BID  # the next card is up


def test_p2_10_first_player_moves_left_and_next_card(make: Make, play: Play) -> None:
    """P2.10: after each card the player left of the first player starts the next."""
    state = auction(make)
    play(state, "pass")
    play(state, "pass")
    play(state, "pass")
    assert state.first == 1 and state.current_player == 1
    assert state.revealed == C["entertainment-C"]  # the top (last) Favor card
    for _ in range(3):
        play(state, "pass")
    assert state.first == 2 and state.revealed == C["entertainment-B"]
    for _ in range(3):
        play(state, "pass")
    assert state.phase == OVER and state.current_player is None


def test_p2_5_nobody_bids_card_discarded_face_up(make: Make, play: Play) -> None:
    """P2.5: if everyone passes without a bid the card is discarded (face up)."""
    state = auction(make)
    for _ in range(3):
        play(state, "pass")
    assert state.loc[C["military-A"]] == UP
    assert state.observation(1)["discard_up"] == ["military-A"]


def test_p2_4_last_player_with_no_bid_still_decides(make: Make, play: Play) -> None:
    """P2.4 (RULINGS): when all the others passed before any bid, the last one may still bid."""
    state = auction(make, options={"bids": "affordable"})
    play(state, "pass")
    play(state, "pass")
    assert state.current_player == 2 and state.phase == BID
    assert bids(state) == [1]
    play(state, "pass")
    assert state.loc[C["military-A"]] == UP


def test_p2_9_winner_who_cannot_pay_loses_a_random_card(make: Make, play: Play) -> None:
    """P2.9: a winner who cannot pay pays nothing; the left neighbour discards a random card
    of theirs face down (seen by the two of them); the others bid again without them."""
    state = auction(make)
    play(state, "bid", amount=3)
    play(state, "bid", amount=4)  # seat 1 has only 2 Gold
    play(state, "pass")
    events = play(state, "pass")  # seat 0 passes: seat 1 wins and cannot pay
    assert state.hands[1] == [] and state.spent[1] == 0
    assert state.batches == ((1, 0b110),)
    assert state.loc[C["gold2-02"]] == BATCH_BASE
    private = [e for e in events if e.kind == "penalty-card"]
    assert private and private[0].audience == frozenset({1, 2})
    assert state.phase == BID and state.excluded == 0b010 and state.high == 0
    assert state.current_player == 0  # the first player starts again
    assert state.observation(2)["facedown"][0]["cards"] == ["gold2-02"]
    assert state.observation(1)["facedown"][0]["cards"] == ["gold2-02"]
    assert state.observation(0)["facedown"][0]["cards"] is None
    play(state, "pass")
    assert state.current_player == 2  # seat 1 is out of this card
    play(state, "bid", amount=1)  # seat 2 has no Gold: another failed payment
    assert state.excluded == 0b110 and state.current_player == 0
    # Read afresh: mypy still holds the one batch the assertion above compared with.
    batches: tuple[tuple[int, int], ...] = state.batches
    assert len(batches) == 2 and batches[1] == (2, 0b101)


def test_p2_9_everyone_failing_discards_the_card(make: Make, play: Play) -> None:
    state = auction(make, hands=[["gold1-01"], [], ["architecture-A"]], options={"bids": "any"})
    play(state, "bid", amount=2)  # seat 0 holds 1 Gold
    play(state, "pass")
    play(state, "pass")
    play(state, "bid", amount=1)  # seat 1 starts the new bidding: seat 0 is out
    play(state, "pass")  # seat 2: seat 1 wins and fails too, with no card to lose
    assert state.batches == ((0, 0b011),) and state.current_player == 2
    play(state, "bid", amount=1)  # seat 2, the only one left, fails: everyone is out
    # Read afresh: mypy still holds the one batch the assertion above compared with.
    batches: tuple[tuple[int, int], ...] = state.batches
    assert batches[1] == (2, 0b101)
    assert state.loc[C["military-A"]] == UP and state.first == 1


def test_p2_8_gold_card_paid_with_face_down_cards(make: Make, play: Play) -> None:
    """P2.8: a Gold card costs as many cards of any type, discarded face down."""
    state = auction(make, revealed="gold3-05", options={"bids": "affordable"})
    assert bids(state) == [1, 2, 3, 4]  # seat 0 holds 4 cards
    play(state, "bid", amount=2)
    play(state, "pass")
    play(state, "pass")
    assert state.phase == PAY_CARDS
    names = {a.arg("card") for a in state.legal_actions()}
    assert names == {"Gold 1", "Gold 2", "Gold 3", "Diplomacy 2 (A)"}
    events = play(state, "discard", card="Diplomacy 2 (A)")
    assert all(e.audience == frozenset({0}) for e in events if "Diplomacy" in event_text(FTK, e))
    # The payer reads its discard once, with the card; the others, that a card went face down.
    assert [event_text(FTK, e) for e in events_for(events, 0)] == [
        "The card seat 1 discarded face down is Diplomacy 2 (A)"
    ]
    assert [event_text(FTK, e) for e in events_for(events, 1)] == [
        "seat 1 discards a card face down"
    ]
    play(state, "discard", card="Gold 1")
    assert state.hands[0] == sorted([C["gold2-01"], C["gold3-01"], C["gold3-05"]])
    assert state.batches == ((0, 0b001),)
    assert state.spent[0] == 0  # Gold discarded this way is not a Gold payment
    obs = state.observation(1)
    assert obs["players"][0]["known_cards"] == ["gold3-05"]
    assert obs["players"][0]["hand_or_discarded"] == [{"card": "diplomacy-A", "since_batch": 0}]


def test_p2_8_paying_the_whole_hand_is_automatic(make: Make, play: Play) -> None:
    state = auction(make, revealed="gold3-05", hands=[["gold1-01", "diplomacy-A"], [], []])
    play(state, "bid", amount=2)
    play(state, "pass")
    play(state, "pass")
    assert state.hands[0] == [C["gold3-05"]] and state.phase == BID


def test_p2_7_king_card_two_offices(make: Make, play: Play) -> None:
    """P2.7: a King card is paid in Gold, applied at once to Primary values (two different
    offices for the "two offices" cards) and then discarded face up."""
    state = auction(make, revealed="king-up2-1")
    play(state, "bid", amount=1)
    play(state, "pass")
    play(state, "pass")
    play(state, "pay", gold=1)
    assert state.phase == KING
    changes = {(a.arg("office"), a.arg("change")) for a in state.legal_actions()}
    assert changes == {
        (o, 1) for o in ("diplomacy", "military", "architecture", "entertainment", "provisions")
    }
    play(state, "king", office="diplomacy", change=1)
    assert "diplomacy" not in {a.arg("office") for a in state.legal_actions()}
    play(state, "king", office="military", change=1)
    assert state.primary[OFFICES.index("diplomacy")] == 4
    assert state.primary[OFFICES.index("military")] == 4
    assert state.loc[C["king-up2-1"]] == UP and state.phase == BID


def test_p2_7_king_values_stay_within_1_to_6(make: Make, play: Play) -> None:
    primary = {
        "diplomacy": 1,
        "military": 6,
        "architecture": 3,
        "entertainment": 3,
        "provisions": 3,
    }
    state = auction(make, revealed="king-either1-1", primary=primary)
    play(state, "bid", amount=1)
    play(state, "pass")
    play(state, "pass")
    play(state, "pay", gold=1)
    changes = {(a.arg("office"), a.arg("change")) for a in state.legal_actions()}
    assert ("diplomacy", -1) in changes and ("diplomacy", 1) in changes
    play(state, "king", office="diplomacy", change=-1)
    assert state.primary[OFFICES.index("diplomacy")] == 1
    assert state.phase == BID


def test_p2_7_lowering_king_card(make: Make, play: Play) -> None:
    state = auction(make, revealed="king-down1-1")
    play(state, "bid", amount=1)
    play(state, "pass")
    play(state, "pass")
    play(state, "pay", gold=1)
    assert {a.arg("change") for a in state.legal_actions()} == {-1}
    play(state, "king", office="provisions", change=-1)
    assert state.primary[OFFICES.index("provisions")] == 2


def test_p2_6_government_card_needs_enough_gold_to_pay(make: Make, play: Play) -> None:
    """P2.6/P2.9: Gold is counted for Government cards (cards don't count)."""
    state = auction(
        make,
        hands=[["gold1-01", "diplomacy-A", "diplomacy-B"], [], []],
        options={"bids": "affordable"},
    )
    assert bids(state) == [1]
    play(state, "bid", amount=1)
    play(state, "pass")
    play(state, "pass")
    assert state.phase == PAY_GOLD


def test_p2_2_the_revealed_card_is_public(make: Make) -> None:
    state = auction(make)
    for seat in (-1, 0, 1, 2):
        obs = state.observation(seat) if seat >= 0 else state.public_observation()
        assert obs["auction"]["card"] == "military-A"


def test_heuristic_prefers_the_cheapest_winning_bid(make: Make, play: Play) -> None:
    """The greedy evaluation: when a bid wins at once, the smallest one is best."""
    from courtly.games.for_the_king import GAME

    state = auction(make, revealed="gold3-05", options={"bids": "any"})
    play(state, "pass")  # seat 0
    play(state, "pass")  # seat 1: seat 2 is the last one in
    values = {}
    for amount in (1, 2, 5):
        world = state.clone()
        world.apply({"kind": "bid", "amount": amount}, player=2)
        values[amount] = GAME.heuristic(world, 2)
    assert values[1] > values[2] and values[1] > values[5]


def test_p2_6_a_copy_the_table_knows_is_paid_first(make: Make, play: Play) -> None:
    """RULINGS I: paying "a Gold 2" uses the copy everyone saw arrive, so the hidden copy
    stays hidden."""
    hands = [["gold2-01", "gold2-05", "gold1-01"], [], []]
    state = auction(make, hands=hands, public_arrival={"gold2-05": 0})
    play(state, "bid", amount=2)
    play(state, "pass")
    play(state, "pass")
    play(state, "pay", gold=2)
    assert state.up == (C["gold2-05"],)
    assert C["gold2-01"] in state.hands[0]
