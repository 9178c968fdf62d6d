"""I1-I6: what each seat knows, and resampling worlds consistent with it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from typed_states import resample

from courtly.core.canonical import canonical_json
from courtly.core.rng import Rng
from courtly.games.for_the_king import GAME
from courtly.games.for_the_king.codes import BATCH_BASE, EXACT, FAVOR, HAND_BASE, PAY_GOLD
from courtly.games.for_the_king.data import CARD_CODE, CODE_TO_CARD, GOLD_OF
from courtly.games.for_the_king.knowledge import knowledge
from courtly.games.for_the_king.state import FtkState

Make = Callable[..., FtkState]
Play = Callable[..., list[Any]]
C = CODE_TO_CARD


def new_game(n: int, seed: int) -> FtkState:
    state = GAME.new_game(n, seed=seed)
    assert isinstance(state, FtkState)
    return state


def body(state: FtkState) -> str:
    data = state.to_json()
    data.pop("rng")
    return canonical_json(data)


def mid_game(n: int, seed: int, steps: int) -> FtkState:
    state = new_game(n, seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        ids = state.legal_action_ids()
        state.step(ids[rng.below(len(ids))])
    return state


def test_i1_opponents_kept_cards_are_hidden_and_resampled() -> None:
    """I1: cards an Advisor kept are theirs alone; resample re-draws them."""
    state = mid_game(3, seed=4, steps=40)
    assert state.phase <= 1
    hidden = [c for c in state.hands[1] if state.arrive[c] < 0]
    assert hidden
    obs = state.observation(0)
    assert not set(obs["players"][1]["known_cards"]) & {CARD_CODE[c] for c in hidden}
    worlds = {tuple(resample(state, 0, Rng(s)).hands[1]) for s in range(6)}
    assert len(worlds) > 1


def test_i2_resample_keeps_everything_the_seat_knows() -> None:
    """I2: own hand, public cards, own Favor cards and the opponents' public cards stay."""
    for steps in (25, 120, 200):
        state = mid_game(4, seed=steps, steps=steps)
        for seat in range(4):
            known = knowledge(state, seat)
            for s in range(3):
                world = resample(state, seat, Rng(s))
                for c, k in enumerate(known):
                    if k == EXACT:
                        assert world.loc[c] == state.loc[c]
                assert world.hands[seat] == state.hands[seat]
                assert world.observation(seat) == state.observation(seat)
                assert [len(h) for h in world.hands] == [len(h) for h in state.hands]


def test_i3_resample_depends_only_on_what_the_seat_knows() -> None:
    state = mid_game(5, seed=9, steps=300)
    for seat in range(5):
        world = resample(state, seat, Rng(1))
        assert body(resample(state, seat, Rng(2))) == body(resample(world, seat, Rng(2)))


def test_i4_face_down_discards_blur_public_cards(make: Make, play: Play) -> None:
    """I4: once a player discards face down, the others only know a card they saw go into
    that hand is "in the hand or in those discards"."""
    state = make(
        3,
        hands=[["diplomacy-A", "diplomacy-B", "military-A", "gold1-01"], [], []],
        public_arrival={"diplomacy-A": 0, "diplomacy-B": 0},
        revealed="gold3-01",
        favor=["gold3-02"],
    )
    play(state, "bid", amount=2)
    play(state, "pass")
    play(state, "pass")
    play(state, "discard", card="Diplomacy 2 (A)")
    play(state, "discard", card="Military 2 (A)")
    obs = state.observation(1)["players"][0]
    assert obs["known_cards"] == ["gold3-01"]
    assert [m["card"] for m in obs["hand_or_discarded"]] == ["diplomacy-A", "diplomacy-B"]
    places = set()
    for s in range(30):
        world = resample(state, 1, Rng(s))
        for code in ("diplomacy-A", "diplomacy-B"):
            where = world.loc[C[code]]
            assert where in (HAND_BASE + 0, BATCH_BASE + 0)
            places.add(where)
        assert C["gold3-01"] in world.hands[0]
    assert places == {HAND_BASE, BATCH_BASE}
    # The payer knows exactly.
    assert state.observation(0)["players"][0]["hand_or_discarded"] == []


def test_i5_a_gold_payment_in_progress_shows_the_payer_can_pay(make: Make, play: Play) -> None:
    """I5: the table knows a winner who is paying had enough Gold: every world agrees."""
    hands = [["gold1-01", "gold3-01", "gold3-02"], ["diplomacy-A"], []]
    state = make(3, hands=hands, revealed="military-A", favor=["military-B"])
    play(state, "bid", amount=5)
    play(state, "pass")
    play(state, "pass")
    play(state, "pay", gold=1)
    assert state.phase == PAY_GOLD and state.due - state.paid == 4
    for seat in (1, 2):
        for s in range(25):
            world = resample(state, seat, Rng(s))
            assert world.gold[0] >= 4
            world.check_invariants()


def test_i6_favor_cards_known_to_their_advisor_only() -> None:
    """I6: the Advisor knows the cards they put on the Favor deck; the others do not; in a
    resampled world each other Advisor still knows as many as they could."""
    state = mid_game(3, seed=2, steps=60)
    for seat in range(3):
        mine = [c for c in state.favor if state.placer[c] == seat]
        obs = state.observation(seat)
        assert sorted(C[code] for code in obs["my_favor_cards"]) == sorted(mine)
        world = resample(state, seat, Rng(3))
        for other in range(3):
            count = sum(1 for c in world.favor if world.placer[c] == other)
            assert count == state.favor_placed[other]
            if other == seat:
                assert sorted(c for c in world.favor if world.placer[c] == seat) == sorted(mine)
        assert all(world.loc[c] == FAVOR for c in world.favor)


def test_i7_hands_are_shown_at_the_end() -> None:
    state = mid_game(2, seed=3, steps=10_000)
    assert state.is_terminal
    obs = state.observation(0)
    for p in range(2):
        assert len(obs["players"][p]["known_cards"]) == len(state.hands[p])


def test_i_gold_totals_follow_the_hand() -> None:
    state = mid_game(4, seed=5, steps=250)
    for p in range(4):
        assert state.gold[p] == sum(GOLD_OF[c] for c in state.hands[p])


def test_i5_a_failed_payment_bounds_the_hands_gold(make: Make, play: Play) -> None:
    """I5/P2.9: a winner who could not pay 4 Gold held at most 3: every world agrees."""
    hands = [
        ["gold1-01", "gold3-01", "gold3-02"],
        ["gold2-02", "architecture-B", "architecture-C", "provisions-B"],
        [],
    ]
    state = make(
        3, hands=hands, revealed="military-A", favor=["military-B"], public_arrival={"gold2-02": 0}
    )
    play(state, "bid", amount=3)
    play(state, "bid", amount=4)  # seat 1 holds 2 Gold: the smallest raise is offered
    play(state, "pass")
    play(state, "pass")
    assert state.limits == ((1, 0, 3, 0, 0, 0),)
    assert state.observation(2)["gold_limits"] == [{"seat": 1, "min": 0, "max": 3, "batch_from": 0}]
    for s in range(30):
        world = resample(state, 0, Rng(s))
        assert world.gold_then(world.limits[0]) <= 3
        assert C["gold2-02"] in world.hands[1] or world.loc[C["gold2-02"]] == BATCH_BASE


def test_i8_which_copy_moves_never_shows_what_went_face_down(make: Make, play: Play) -> None:
    """RULINGS I: seat 0 holds a Gold 2 the table saw arrive and one it did not. Whether it
    pays a Gold card with that Gold 2 or with another card face down, a later face-up Gold 2
    payment must look the same to the others (the face-down copy is the hidden one)."""
    seen = []
    for discarded in ("Gold 2", "Diplomacy 2 (A)"):
        state = make(
            3,
            hands=[["gold2-01", "gold2-05", "diplomacy-A", "gold1-01"], [], []],
            public_arrival={"gold2-01": 0},
            revealed="gold3-01",
            favor=["military-A", "military-B"],
        )
        play(state, "bid", amount=1)
        play(state, "pass")
        play(state, "pass")
        play(state, "discard", card=discarded)
        play(state, "pass")
        play(state, "pass")
        play(state, "bid", amount=2)
        play(state, "pay", gold=2)
        assert [CARD_CODE[c] for c in state.up] == ["gold2-01"]
        assert state.current_player is not None  # hands are still hidden
        seen.append([canonical_json(state.observation(seat)) for seat in (1, 2)])
    assert seen[0] == seen[1]


def test_i8_a_penalty_card_drawn_is_a_hidden_copy(make: Make, play: Play) -> None:
    """RULINGS I: the random card lost for a failed payment is drawn by kind; when the hand
    has a copy of that kind the table did not see arrive, that copy goes face down, so a later
    face-up payment of the copy the table saw shows nothing."""
    for seed in range(8):
        state = make(
            3,
            hands=[["gold2-01", "gold2-05"], [], []],
            public_arrival={"gold2-01": 0},
            revealed="military-A",
            favor=["military-B"],
            options={"bids": "any"},
        )
        state.rng = Rng(seed)
        play(state, "bid", amount=5)
        play(state, "pass")
        play(state, "pass")
        assert state.loc[C["gold2-05"]] == BATCH_BASE
        assert state.hands[0] == [C["gold2-01"]]
