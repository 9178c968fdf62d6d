"""What issue 42 made cheaper stays what the rules say: the office standings a position keeps
up to date (``standing``, scored instead of the hands) are the hands' own through every move,
resample and JSON round trip; the fields a copy shares are never changed under another copy;
the legal bids are the rule's (pass, or any amount above the last bid)."""

from __future__ import annotations

import pytest

from courtly.core.errors import InvalidStateError
from courtly.core.rng import Rng
from courtly.games.for_the_king import GAME
from courtly.games.for_the_king.codes import BID, BID_BASE, PASS
from courtly.games.for_the_king.data import MAX_BID
from courtly.games.for_the_king.rules.auction import affordable_top
from courtly.games.for_the_king.scoring import office_standings
from courtly.games.for_the_king.state import STANDING_STRIDE, FtkState

OPTIONS = ({"king_cards": "hold", "bids": "any"}, {"king_cards": "apply", "bids": "affordable"})


def _games(n: int, options: dict[str, str], seed: int) -> list[FtkState]:
    """Every position of one random game, copies in order."""
    state = GAME.new_game(n, seed=seed, options=options)
    assert isinstance(state, FtkState)
    rng = Rng(seed)
    positions = [state.clone()]
    while not state.is_terminal:
        legal = state.legal_action_ids()
        state.step(legal[rng.below(len(legal))])
        positions.append(state.clone())
    return positions


def _assert_standing(state: FtkState) -> None:
    for p, hand in enumerate(state.hands):
        sums, _counts, best = office_standings(hand)
        assert state.standing[p * STANDING_STRIDE : (p + 1) * STANDING_STRIDE] == sums + best


@pytest.mark.parametrize("n", [2, 3, 5])
@pytest.mark.parametrize("options", OPTIONS)
def test_the_kept_standings_are_the_hands_own(n: int, options: dict[str, str]) -> None:
    rng = Rng(n)
    for k, state in enumerate(_games(n, options, seed=n)):
        _assert_standing(state)
        if k % 7 == 0 and not state.is_terminal:
            for seat in range(n):
                world = state.resample(seat, rng)
                assert isinstance(world, FtkState)
                _assert_standing(world)
            loaded = GAME.from_json(state.to_json())
            assert isinstance(loaded, FtkState)
            _assert_standing(loaded)


@pytest.mark.parametrize("options", OPTIONS)
def test_a_copy_played_on_leaves_the_shared_fields_of_the_original(options: dict[str, str]) -> None:
    for k, state in enumerate(_games(3, options, seed=7)):
        if k % 5 or state.is_terminal:
            continue
        before = state.fingerprint()
        copy = state.clone()
        rng = Rng(k)
        while not copy.is_terminal:
            legal = copy.legal_action_ids()
            copy.play(legal[rng.below(len(legal))])
        assert state.fingerprint() == before


@pytest.mark.parametrize("options", OPTIONS)
def test_the_legal_bids_are_a_pass_or_any_higher_amount(options: dict[str, str]) -> None:
    seen = 0
    for seed in range(4):
        for state in _games(2, options, seed=seed):
            if state.phase != BID:
                continue
            top = affordable_top(state) if options["bids"] == "affordable" else MAX_BID
            expected = [PASS, *range(BID_BASE + state.high, BID_BASE + top)]
            assert state.legal_action_ids() == expected
            seen += 1
    assert seen > 20


def test_the_invariants_refuse_standings_that_do_not_follow_the_hands() -> None:
    state = _games(3, OPTIONS[0], seed=2)[40]
    state.check_invariants()
    state.standing[STANDING_STRIDE] += 1  # seat 1's first office, one point too many
    with pytest.raises(InvalidStateError, match="seat 1's office standings are wrong"):
        state.check_invariants()
