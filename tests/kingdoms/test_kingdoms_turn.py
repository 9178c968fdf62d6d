"""The turn sequence: opening, Draw, Discard and Refugee phases, the end (C1-C3, C2.7, C2.8)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from kingdoms_helpers import act, build, has, kinds, new_game

from courtly.core.errors import InvalidStateError
from courtly.core.events import Event, events_for
from courtly.core.render import event_text
from courtly.games.kingdoms import GAME
from courtly.games.kingdoms.codes import PH_ACTION, PH_DRAW, PH_DUEL, PH_OVER
from courtly.games.kingdoms.data import IS_NUMBER, IS_ROYAL, parse_card
from courtly.games.kingdoms.rules.dispatch import advance
from courtly.games.kingdoms.state import KingdomsState


def test_c3_1_opening_hands_have_royal_and_subject() -> None:
    for seed in range(40):
        s = new_game(2, seed=seed)
        for p in (0, 1):
            hand = s.hand[p] + ([s.duel[p]] if s.duel[p] >= 0 else [])
            assert len(hand) == 7
            assert any(IS_ROYAL[c] for c in hand)
            assert any(IS_NUMBER[c] for c in hand)
        assert s.phase == PH_DUEL


def test_c3_2_duel_highest_goes_first_winner_card_discarded() -> None:
    s = build(phase="duel", seats=({"hand": ["9S", "2S", "KH"]}, {"hand": ["5D", "QC"]}))
    act(s, "duel", card="9S")
    # Seat 1 only has one Subject: it is played at once, and the duel resolves.
    assert s.turn == 0
    assert s.discard == [parse_card("9S")]
    assert parse_card("5D") in s.hand[1]
    assert s.known[1] >> parse_card("5D") & 1  # the losing card was shown
    assert s.phase in (PH_DRAW, PH_ACTION)


def test_c3_2_duel_tie_discards_both_and_redraws() -> None:
    s = build(
        phase="duel",
        seats=({"hand": ["9S", "2S", "KH"]}, {"hand": ["9D", "3D", "QC"]}),
        deck_top=["4C", "5C"],
    )
    act(s, "duel", card="9S")
    act(s, "duel", card="9D")
    assert s.discard == [parse_card("9S"), parse_card("9D")]
    assert parse_card("5C") in s.hand[0] and parse_card("4C") in s.hand[1]
    assert s.phase == PH_DUEL


def test_c3_3_no_subject_means_a_mulligan_before_the_duel() -> None:
    seats: tuple[dict[str, Any], dict[str, Any]] = ({"hand": ["9S", "2S"]}, {"hand": ["QC", "KD"]})
    # A duel under way with a seat still to choose and no Subject in its hand cannot arise.
    with pytest.raises(InvalidStateError, match="holds no Subject"):
        build(phase="duel", seats=seats)
    s = build(phase="duel", seats=seats, phase_started=False)
    advance(s, None)
    assert len(s.hand[1]) == 7 and any(IS_NUMBER[c] for c in s.hand[1])
    assert s.current_player == 0 and s.phase == PH_DUEL


def test_c2_2_draw_from_peasant_needs_matching_court_suit() -> None:
    s = build(
        phase="draw",
        seats=(
            {"hand": ["2D"], "court": {"king": "KS"}, "peasant": ["3H", "4S"]},
            {"court": {"king": "KD"}, "peasant": ["5C"]},
        ),
        draws_left=2,
    )
    assert has(s, "draw", **{"from": "deck"})
    assert has(s, "draw", **{"from": "own_peasant"})
    assert not has(s, "draw", **{"from": "opponent_peasant"})
    act(s, "draw", **{"from": "own_peasant"})
    assert parse_card("4S") in s.hand[0]
    # The next top (3H) does not match: only the deck remains, drawn at once.
    assert s.phase == PH_ACTION
    assert len(s.hand[0]) == 3


def test_c2_3_draw_skipped_with_seven_cards() -> None:
    hand = ["2D", "3D", "4D", "5D", "6D", "7D", "8D"]
    s = build(
        phase="draw",
        seats=({"hand": hand, "court": {"king": "KS"}}, {"court": {"king": "KD"}}),
        phase_started=False,
    )
    advance(s, None)
    assert s.phase == PH_ACTION
    assert len(s.hand[0]) == 7


def test_c2_1_draw_two_cards() -> None:
    s = build(
        phase="draw",
        seats=({"hand": ["2D"], "court": {"king": "KS"}}, {"court": {"king": "KD"}}),
        phase_started=False,
        deck_top=["9H", "8H"],
    )
    advance(s, None)
    assert s.phase == PH_ACTION
    assert sorted(s.hand[0]) == sorted([parse_card(c) for c in ("2D", "9H", "8H")])


def test_c2_4_empty_draw_pile_is_rebuilt_at_once() -> None:
    s = build(
        phase="action", seats=({"hand": ["2D"], "court": {"king": "KS"}}, {"court": {"king": "KD"}})
    )
    everything_else = s.deck[:]
    s.deck = [everything_else[-1]]
    s.discard = everything_else[:-1]
    card = s.pop_deck()
    assert card == everything_else[-1]
    assert len(s.deck) == len(everything_else) - 1 and not s.discard
    s.peasant[0] = s.deck[:3]
    del s.deck[:3]
    s.discard = s.deck[:]
    s.deck = [s.discard.pop()]
    s.pop_deck()
    assert not s.peasant[0] and not s.discard and len(s.deck) == len(everything_else) - 2


def test_c2_7_discard_phase_discard_and_move() -> None:
    s = build(
        phase="discard",
        seats=(
            {"hand": ["2D", "9C"], "court": {"king": "KS"}, "rows": {"king": ["5S"]}},
            {"court": {"king": "KD"}, "rows": {"king": ["6D"]}},
        ),
    )
    act(s, "discard", card="9C")
    assert s.discard[-1] == parse_card("9C")
    act(s, "move", card="5S")
    assert kinds(s) == {"opp_row", "peasant"}
    act(s, "opp_row", slot="King")
    assert parse_card("5S") in s.rows[1][2]


def test_c9_7_treaty_discarded_in_owners_discard_phase() -> None:
    s = build(
        phase="discard",
        seats=({"hand": [], "court": {"king": "KS"}, "treaty": "7H"}, {"court": {"king": "KD"}}),
        phase_started=False,
    )
    advance(s, None)
    assert s.treaty[0] == -1
    assert parse_card("7H") in s.discard


def test_c2_8_refugee_alignment_court_first() -> None:
    # Refugee 5H: seat 1 has a Heart court card, seat 0 none: seat 1 takes it.
    s = build(
        phase="refugee",
        seats=(
            {"court": {"king": "KS"}, "rows": {"king": ["2H", "3H"]}},
            {"court": {"king": "KH"}},
        ),
        deck_top=["5H"],
        phase_started=False,
    )
    advance(s, None)
    assert parse_card("5H") in s.hand[1]


def test_c2_8_refugee_tie_uses_population_then_turner() -> None:
    s = build(
        phase="refugee",
        seats=({"court": {"king": "KS"}}, {"court": {"king": "KD"}, "rows": {"king": ["2H"]}}),
        deck_top=["5H"],
        phase_started=False,
    )
    advance(s, None)
    assert parse_card("5H") in s.hand[1]
    s = build(
        phase="refugee",
        turn=1,
        seats=({"court": {"king": "KS"}}, {"court": {"king": "KD"}}),
        deck_top=["5H"],
        phase_started=False,
    )
    advance(s, None)
    assert parse_card("5H") in s.hand[1]


def test_c2_8_joker_refugee_goes_to_turner() -> None:
    s = build(
        phase="refugee",
        seats=({"court": {"king": "KS"}}, {"court": {"king": "KD"}}),
        deck_top=["X1"],
        phase_started=False,
    )
    advance(s, None)
    assert parse_card("X1") in s.hand[0]
    assert s.turn == 1  # the next turn began


def test_c1_2_ten_glory_cards_end_the_game_highest_total_wins() -> None:
    glory0 = ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S"]
    s = build(
        seats=(
            {"hand": [], "court": {"king": "KH"}, "glory": glory0, "rows": {"king": ["2H"]}},
            {"court": {"king": "KD"}, "glory": ["10H", "10C", "10D", "9H", "9C", "9D"]},
        ),
        # Prestige needs J, Q, K of one suit; use Scandal on seat 0 itself? No: seat 1 acts.
    )
    s.turn = 1
    s.court[1] = [parse_card("JD"), parse_card("QD"), parse_card("KD")]
    s.deck.remove(parse_card("JD"))
    s.deck.remove(parse_card("QD"))
    s.check_invariants()
    # Scandal by seat 1: seat 0's King of Hearts is backed by 2H; seat 0 has no unbacked royal.
    assert not has(s, "scandal")
    s.rows[0][2] = [parse_card("2C")]
    s.deck.remove(parse_card("2C"))
    s.deck.append(parse_card("2H"))
    s.check_invariants()
    act(s, "scandal")  # one target: placed into seat 0's Glory at once: the 10th card
    assert s.phase == PH_OVER and s.is_terminal
    assert s.scores() == [56.0, 57.0]
    assert s.winners() == [1]


def test_c1_2_equal_totals_share_the_victory() -> None:
    s = build(seats=({"glory": ["10S"]}, {"glory": ["10H"]}), phase="over")
    assert s.winners() == [0, 1]


def test_c1_3_turn_limit_ends_and_scores_the_game() -> None:
    s = build(
        phase="end_turn",
        seats=(
            {"glory": ["10S"], "court": {"king": "KS"}},
            {"glory": ["2H"], "court": {"king": "KH"}},
        ),
        options={"turn_limit": 5},
        turns=4,
        phase_started=False,
    )
    advance(s, None)
    assert s.is_terminal
    assert s.winners() == [0]


def test_c1_3_every_random_game_ends() -> None:
    from courtly.core.rng import Rng

    rng = Rng(99)
    for seed in range(15):
        s = new_game(2, seed=seed, options={"turn_limit": 60})
        steps = 0
        while not s.is_terminal:
            ids = s.legal_action_ids()
            s.step(ids[rng.below(len(ids))])
            steps += 1
            assert steps < 20000
        assert s.turns <= 60


def _refugee_with_armies(options: dict[str, object]) -> tuple[KingdomsState, list[Event]]:
    # Refugee 5H, nobody has a Heart at court. Seat 1 (to move, in its Discard Phase) shows one
    # Heart Subject; seat 0 holds two Heart Army cards face down.
    s = build(
        phase="discard",
        turn=1,
        seats=(
            {"court": {"king": "KS"}, "army": ["7H", "8H"]},
            {"court": {"king": "KD"}, "rows": {"king": ["2H"]}, "hand": ["9C"]},
        ),
        deck_top=["5H"],
        options=options,
    )
    events = s.apply({"kind": "skip"}) + s.apply({"kind": "skip"})
    return s, events


def test_c2_8_refugee_tie_counts_army_cards_as_population() -> None:
    # R24: Army cards are Population ("take up available Subject spaces"): 2 Hearts against 1.
    s, events = _refugee_with_armies({})
    assert parse_card("5H") in s.hand[0]
    counts = [e for e in events if e.kind == "refugee-count"]
    assert len(counts) == 1 and counts[0].audience is None
    assert counts[0].data == {"suit": "hearts", "counts": [2, 1]}
    # Settled in the open without naming the Army cards.
    for viewer in (1, None):
        text = " ".join(event_text(GAME, e) for e in events_for(events, viewer))
        assert not any(card in text for card in ("7H", "8H", "7♥", "8♥")), text
        assert "7H" not in json.dumps([e.data for e in events_for(events, viewer)])


def test_c2_8_refugee_tie_face_up_only_option() -> None:
    s, events = _refugee_with_armies({"refugee_army": False})
    assert parse_card("5H") in s.hand[1]
    counts = [e for e in events if e.kind == "refugee-count"]
    assert counts[0].data == {"suit": "hearts", "counts": [0, 1]}
