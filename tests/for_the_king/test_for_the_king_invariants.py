"""The invariants' quick paths (locations checked through the distinct ones, container
membership counted in one pass) still refuse every impossible placement, naming the card."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from courtly.core.errors import InvalidStateError
from courtly.games.for_the_king import GAME
from courtly.games.for_the_king.codes import BATCH_BASE, DECK, HAND_BASE, MIDDLE, UNUSED
from courtly.games.for_the_king.data import CARD_CODE, CARD_MARK
from courtly.games.for_the_king.state import FtkState


def _state() -> FtkState:
    state = GAME.new_game(4, seed=3)
    assert isinstance(state, FtkState)
    state.check_invariants()
    return state


def _swap_unused(s: FtkState) -> str:
    spare = next(c for c, where in enumerate(s.loc) if where == UNUSED)
    dealt = s.deck[0]
    assert CARD_MARK[spare] > 4 >= CARD_MARK[dealt]
    s.loc[spare], s.loc[dealt] = DECK, UNUSED
    s.deck[0] = spare
    return CARD_CODE[min(spare, dealt)]


def _move(where: int) -> Callable[[FtkState], str]:
    def move(s: FtkState) -> str:
        s.loc[s.deck[-1]] = where
        return CARD_CODE[s.deck[-1]]

    return move


@pytest.mark.parametrize(
    ("breakage", "message"),
    [
        (_move(BATCH_BASE), "is in a face-down batch that does not exist"),
        (_move(HAND_BASE + 4), "has an impossible location"),
        (_move(-1), "has an impossible location"),
        (_move(UNUSED), "numbered above 4 are left unused"),
        (_swap_unused, "numbered above 4 are left unused"),
        (_move(MIDDLE), "is listed in the deck but located elsewhere"),
    ],
)
def test_an_impossible_placement_is_refused_naming_the_card(
    breakage: Callable[[FtkState], str], message: str
) -> None:
    state = _state()
    card = breakage(state)
    with pytest.raises(InvalidStateError, match=message) as caught:
        state.check_invariants()
    assert card in str(caught.value)
