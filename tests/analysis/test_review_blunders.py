"""Planted blunders: positions written from the rulebooks where one move throws the game and
another wins it; the review marks the first a blunder and does not fault the second. And in
every game, turns with nothing to choose are left unjudged."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

import courtly
from courtly.agents.registry import make_agent
from courtly.analysis.review import ReviewSettings, Turn, judge_turn, review_record
from courtly.analysis.review.calibration import load_calibration
from courtly.analysis.review.engine import seat_turns
from courtly.analysis.review.turns import Position
from courtly.core.match import play_match
from courtly.core.state import Game, State
from courtly.core.table import Table
from courtly.games.kingdoms.data import CARD_NAMES
from courtly.games.tudor.state import TudorState

SEARCH = ReviewSettings(iterations=300, seconds=None, seed=1)
FEW = ReviewSettings(iterations=40, seconds=None, seed=3)


def _turn(game: Game, state: State, line: list[dict[str, Any]]) -> Turn:
    """The turn of the seat to move in ``state`` that plays ``line`` (actions' JSON forms)."""
    seat = state.current_player
    assert seat is not None
    positions = []
    state = state.clone()
    for step, action in enumerate(line):
        assert state.current_player == seat, "the line stays with one seat"
        before = state.clone()
        played = state.action_space.resolve(action).id
        choices = len(state.legal_action_ids())
        reveals = state.reveals
        state.step(played)
        positions.append(Position(step, seat, before, choices, played, state.reveals != reveals))
    assert not any(p.revealed for p in positions[:-1]), "nothing is shown inside one turn"
    return Turn(seat, tuple(positions))


def _outcome(state: State, line: list[dict[str, Any]]) -> list[float]:
    """The rewards of playing ``line`` from ``state`` and the forced moves after it (the game
    must end there)."""
    state = state.clone()
    for action in line:
        state.step(state.action_space.resolve(action).id)
    while state.current_player is not None and len(state.legal_action_ids()) == 1:
        state.step(state.legal_action_ids()[0])
    assert state.is_terminal
    return state.rewards()


def _kingdoms_last_scandal() -> State:
    """Kingdoms, seat 1's Action Phase. Seat 0 has nine cards in its Glory (Spades 2 to 10: 54
    points), seat 1 six (57 points). Seat 0's King of Hearts has no Heart among its Subjects
    (the 2 of Clubs and the 8 of Diamonds), so seat 1 may invoke Scandal (C5.2): one of seat
    0's Subjects goes into seat 0's Glory, its tenth card, which ends the game at once, the
    highest total winning (C1.2). The 2 of Clubs makes 56 against 57: seat 1 wins. The 8 of
    Diamonds makes 62: seat 1 throws the game it was winning."""
    game = courtly.load("kingdoms")
    seats: list[dict[str, Any]] = [
        {
            "hand": [],
            "court": {"king": "KH"},
            "rows": {"king": ["2C", "8D"]},
            "glory": ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S"],
        },
        {
            "court": {"king": "KD"},
            "rows": {"king": ["3D"]},
            "glory": ["10H", "10C", "10D", "9H", "9C", "9D"],
        },
    ]
    placed = {c for s in seats for key in ("hand", "glory") for c in s.get(key, [])}
    placed |= {c for s in seats for c in s["court"].values()}
    placed |= {c for s in seats for row in s["rows"].values() for c in row}
    state = game.from_json(
        {
            "format": "courtly-state",
            "version": 1,
            "game": "kingdoms",
            "num_players": 2,
            "options": game.resolve_options(None),
            "rng": 12345,
            "phase": "action",
            "phase_started": True,
            "turn": 1,
            "deck": [n for n in CARD_NAMES if n not in placed],
            "discard": [],
            "aside": [],
            "players": seats,
            "stack": [],
        }
    )
    assert state.current_player == 1
    return state


def _position(name: str, seed: int, step: int) -> State:
    """The position before ``step`` of a two-seat game between ``greedy`` bots."""
    game = courtly.load(name)
    agents = [make_agent("greedy", game) for _ in range(2)]
    record = play_match(game, agents, seed=seed, keep_record=True).record
    assert record is not None
    return Table.from_record(game, record.first(step)).state


def _tudor_last_turn() -> State:
    """Tudor, two seats, the last turn of the last Round (seat 1's, from a game between bots,
    seat 0's Court Cards put back in the supply). Seat 0's Order of the Garter total (T11.3:
    Influence, Intrigue, Court Cards) is 3, seat 1's too (two red Court Cards and an Intrigue
    Token): tied, both take the first rank's Prestige, and the tie goes to the most Court
    Cards (T11.4), seat 1's two. Ending the turn now ends the game won. The Bonus action
    "give" (two Court Cards returned for one) leaves seat 1 one card, a Garter total of 2,
    second: the game is lost whichever card it takes."""
    state = _position("tudor", 2, 113)
    assert isinstance(state, TudorState)
    for faction, count in enumerate(state.hand[0]):
        state.supply[faction] += count
        state.hand[0][faction] = 0
    state.check_invariants()
    assert state.current_player == 1 and state.round == state.rounds
    return state


def _for_the_king_last_discard() -> State:
    """For the King, two seats: the last card won, a Gold card, is paid for by discarding
    cards from the hand (the winner of a Gold card discards as many cards as it bid). The
    Duties' points are tied whatever seat 0 discards, and a tie in points goes to the most
    Gold (the rulebook's end of the game): discarding its Gold 3 hands the game to seat 1,
    discarding a Diplomacy card keeps it."""
    state = _position("for-the-king", 1, 125)
    assert state.current_player == 0
    return state


# Each planted position: the game, the position, the losing line, the winning line.
PLANTED = {
    "tudor": (
        _tudor_last_turn,
        # The second card returned is forced (seat 1 holds no other): a part not judged.
        [
            {"kind": "give", "card": "red"},
            {"kind": "give", "card": "red"},
            {"kind": "take", "card": "blue"},
        ],
        [{"kind": "end_turn"}],
    ),
    "for-the-king": (
        _for_the_king_last_discard,
        [{"kind": "discard", "card": "Gold 3"}],
        [{"kind": "discard", "card": "Diplomacy 4 (H)"}],
    ),
    "kingdoms": (
        _kingdoms_last_scandal,
        [{"kind": "scandal"}, {"kind": "select", "card": "8D"}],
        [{"kind": "scandal"}, {"kind": "select", "card": "2C"}],
    ),
}


@pytest.mark.parametrize("name", sorted(PLANTED))
def test_a_move_that_throws_the_game_is_a_blunder(name: str) -> None:
    game = courtly.load(name)
    build, losing, winning = PLANTED[name]
    state = build()
    seat = state.current_player
    assert seat is not None
    # By the rules: the losing line ends the game lost, the winning one won.
    assert _outcome(state, losing)[seat] == 0.0
    assert _outcome(state, winning)[seat] == 1.0
    calibration = load_calibration(name, state.num_players)
    thrown = judge_turn(game, _turn(game, state, losing), SEARCH, calibration)
    kept = judge_turn(game, _turn(game, state, winning), SEARCH, calibration)
    assert thrown.parts == sum(p.choices > 1 for p in _turn(game, state, losing).positions)
    assert thrown.mark == "blunder"
    assert kept.mark is None


@pytest.mark.parametrize("name", ["courtisans", "for-the-king", "kingdoms", "tudor"])
def test_forced_turns_are_not_judged_in_any_game(name: str) -> None:
    """Every turn of the seat whose every action had one legal choice is left out of the
    review and counted as forced; a judged turn planted as forced (one choice at each of its
    actions) is left out too."""
    game = courtly.load(name)
    players = 2 if name in ("kingdoms", "tudor") else 3
    agents = [make_agent("greedy", game) for _ in range(players)]
    record = play_match(game, agents, seed=5, keep_record=True).record
    assert record is not None
    turns = seat_turns(game, record, 0)
    review = review_record(game, record, 0, FEW, turns=turns)
    judged = {d.step for d in review.decisions}
    assert judged == {t.step for t in turns if t.judged}
    assert review.forced == sum(not t.judged for t in turns)
    first = next(t for t in turns if t.judged)
    planted = Turn(first.seat, tuple(replace(p, choices=1) for p in first.positions))
    rest = [t for t in turns if t is not first]
    again = review_record(game, record, 0, FEW, turns=[planted, *rest])
    assert first.step not in {d.step for d in again.decisions}
    assert again.forced == review.forced + 1
