"""P2.9 as the log tells it (terminal sweep B, item 7): a winner who cannot pay is told first,
then the card their left neighbour drew from their hand (to those two only), and the sentence
says whose hand the card is drawn from."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from courtly.core.render import event_text
from courtly.games.for_the_king import GAME
from courtly.games.for_the_king.events import EVENTS
from courtly.games.for_the_king.state import FtkState

Make = Callable[..., FtkState]
Play = Callable[..., list[Any]]


def _failed_payment(make: Make, play: Play) -> list[Any]:
    """Seat 2 (index 1) holds 2 Gold, wins Military A for 4 and cannot pay."""
    state = make(
        3,
        hands=[["gold1-01", "gold2-01", "gold3-01"], ["gold2-02"], ["architecture-A"]],
        favor=["entertainment-B", "entertainment-C"],
        revealed="military-A",
        first=0,
        current=0,
    )
    play(state, "bid", amount=3)
    play(state, "bid", amount=4)
    play(state, "pass")
    return play(state, "pass")


def test_the_failed_payment_is_told_before_the_card_drawn(make: Make, play: Play) -> None:
    events = _failed_payment(make, play)
    told = [(e.kind, e.audience) for e in events]
    # The rule's order: the win, the failure to pay, then the card drawn from the hand.
    assert told == [
        ("pass", None),
        ("win", None),
        ("penalty", None),
        ("penalty-card", frozenset({1, 2})),
    ]


def test_the_penalty_names_whose_hand_the_card_is_drawn_from(make: Make, play: Play) -> None:
    events = _failed_payment(make, play)
    penalty = next(e for e in events if e.kind == "penalty")
    assert penalty.data == {"seat": 1, "drawn_by_seat": 2, "card_drawn": True}
    assert event_text(GAME, penalty) == (
        "seat 2 cannot pay: seat 3 draws a random card from seat 2's hand and discards it"
        " face down, and the others bid again"
    )
    assert event_text(GAME, penalty, "ko") == (
        "2번 자리는 지불할 수 없습니다: 3번 자리가 2번 자리의 손패에서 카드 한 장을 무작위로"
        " 뽑아 뒷면으로 버리고, 나머지 플레이어가 다시 입찰합니다"
    )
    drawn = next(e for e in events if e.kind == "penalty-card")
    assert event_text(GAME, drawn) == "the card drawn from seat 2's hand was Gold 2"


def test_named_seats_read_in_the_penalty() -> None:
    penalty = EVENTS.event("penalty", {"seat": 0, "drawn_by_seat": 1, "card_drawn": True})
    text = event_text(GAME, penalty, names=["Ann", "Bob"])
    assert text.startswith("Ann cannot pay: Bob draws a random card from Ann's hand")


def test_a_penalty_from_an_empty_hand_says_nothing_is_drawn(make: Make, play: Play) -> None:
    """P2.9 with an empty hand (FK-16): nothing is drawn, and the sentence must not say a card
    is (the sweep found "draws a random card from seat 2's hand" for an empty hand)."""
    state = make(
        3,
        hands=[["gold1-01"], [], ["architecture-A"]],
        favor=["entertainment-B", "entertainment-C"],
        revealed="military-A",
        first=0,
        current=0,
    )
    play(state, "pass")
    play(state, "bid", amount=1)
    events = play(state, "pass")
    assert [e.kind for e in events] == ["pass", "win", "penalty-empty-hand"]
    penalty = events[-1]
    assert penalty.audience is None
    assert penalty.data == {"seat": 1, "drawn_by_seat": 2, "card_drawn": False}
    assert event_text(GAME, penalty) == (
        "seat 2 cannot pay and has no card in hand: seat 3 has nothing to draw, and the others"
        " bid again"
    )
    assert event_text(GAME, penalty, "ko") == (
        "2번 자리는 지불할 수 없고 손패도 없습니다: 3번 자리가 뽑을 카드가 없으며, 나머지"
        " 플레이어가 다시 입찰합니다"
    )
    assert "draws" not in event_text(GAME, penalty, names=["Ann", "Bob", "Cy"])
