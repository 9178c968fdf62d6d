"""Option king_cards (RULINGS FK-06): a King card gained outside an auction is held as a
card (default) or, with ``apply``, shown and applied at once as Biblios plays its Church
cards."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from courtly.core.rng import Rng
from courtly.games.for_the_king import GAME
from courtly.games.for_the_king.codes import GAINED_KING, HAND_BASE, PICK, PLACE, UP
from courtly.games.for_the_king.data import CARD_CATEGORY, CODE_TO_CARD, KING, OFFICES
from courtly.games.for_the_king.state import FtkState
from courtly.testing import run_conformance

Make = Callable[..., FtkState]
Play = Callable[..., list[Any]]

C = CODE_TO_CARD
APPLY = {"king_cards": "apply"}
KING_UP = "king-up1-1"
DECK = ["gold1-01", "entertainment-A", "architecture-A"]


def kept_king(make: Make, options: dict[str, str] | None) -> FtkState:
    """Seat 0, the Advisor, holds a drawn King card (+1 to one office)."""
    return make(
        3,
        phase="place",
        current=0,
        advisor=0,
        held=KING_UP,
        deck=list(DECK),
        placed={"own": 0, "middle": 0, "favor": 0},
        options=options,
    )


def test_by_default_a_kept_king_card_stays_in_the_hand(make: Make, play: Play) -> None:
    state = kept_king(make, None)
    play(state, "place", area="own")
    assert state.hands[0] == [C[KING_UP]] and state.phase == PLACE
    assert state.primary == (3, 3, 3, 0, 3, 3)


def test_apply_a_kept_king_card_is_shown_applied_and_discarded(make: Make, play: Play) -> None:
    state = kept_king(make, APPLY)
    events = play(state, "place", area="own")
    gained = [e for e in events if e.kind == "king-gained"]
    assert len(gained) == 1 and gained[0].audience is None  # everyone sees the card
    assert gained[0].data == {"seat": 0, "card": KING_UP}
    assert state.phase == GAINED_KING and state.current_player == 0
    assert state.hands[0] == [] and state.n_own == 1
    for seat in (None, 1, 2):
        assert state.observation(seat)["king_gained"]["card"] == KING_UP
    assert {a.arg("change") for a in state.legal_actions()} == {1}
    play(state, "king", office="military", change=1)
    assert state.primary[OFFICES.index("military")] == 4
    assert state.loc[C[KING_UP]] == UP and state.revealed == -1
    # The turn goes on: the next card is drawn for the Advisor.
    assert state.phase == PLACE and state.held == C["architecture-A"]


def test_apply_a_king_card_taken_from_the_middle_is_applied_by_the_taker(
    make: Make, play: Play
) -> None:
    state = make(
        3,
        phase="pick",
        current=1,
        advisor=0,
        picker=1,
        middle=["king-down2-1", "diplomacy-B"],
        placed={"own": 1, "middle": 2, "favor": 1},
        deck=list(DECK),
        options=APPLY,
    )
    events = play(state, "take", card="King card (-1 to two offices)")
    assert [e.kind for e in events] == ["take", "king-gained"]
    assert state.phase == GAINED_KING and state.current_player == 1 and state.picker == 1
    play(state, "king", office="diplomacy", change=-1)
    assert state.phase == GAINED_KING  # a second, different office
    assert "diplomacy" not in {a.arg("office") for a in state.legal_actions()}
    play(state, "king", office="provisions", change=-1)
    assert state.primary[OFFICES.index("diplomacy")] == 2
    assert state.primary[OFFICES.index("provisions")] == 2
    assert state.loc[C["king-down2-1"]] == UP and state.hands[1] == []
    # The picks go on: seat 2 takes the last middle card at once, and seat 1 is the Advisor.
    assert state.hands[2] == [C["diplomacy-B"]]
    assert state.advisor == 1 and state.phase in (PLACE, PICK)


def test_apply_worlds_never_hold_a_king_card_in_a_hand() -> None:
    """A seat knows no hand keeps a King card under ``apply``: resampled worlds agree."""
    state = GAME.new_game(3, seed=5, options=APPLY)
    rng = Rng(2)
    for _ in range(60):
        if state.is_terminal:
            break
        legal = state.legal_action_ids()
        state.step(legal[rng.below(len(legal))])
    assert isinstance(state, FtkState)
    for seat in range(3):
        for _ in range(20):
            world = state.resample(seat, rng)
            assert isinstance(world, FtkState)
            held = [c for c in range(len(world.loc)) if world.loc[c] >= HAND_BASE]
            assert not any(CARD_CATEGORY[c] == KING for c in held)


def test_apply_plays_to_the_end_under_the_conformance_checks() -> None:
    for n in (2, 3, 5):
        report = run_conformance(GAME, n, games=2, seed=11, options=APPLY)
        assert report.games == 2
