"""Finer points: Aces as Subjects (C1.1, C9.2), the duel mulligan (C3.3), trigger scope
(C6.1, R8, R10), private events, and the Polity valuation (C9.6)."""

from __future__ import annotations

from kingdoms_helpers import act, build, has, kinds

from courtly.core.events import events_for
from courtly.core.render import event_text
from courtly.games.kingdoms import GAME as KINGDOMS
from courtly.games.kingdoms.codes import PH_DUEL
from courtly.games.kingdoms.data import IS_NUMBER, parse_card
from courtly.games.kingdoms.rules.contests import battle_strength, polity_value
from courtly.games.kingdoms.rules.dispatch import advance


def test_c1_1_ace_counts_one_in_glory_and_royals_never_score() -> None:
    s = build(phase="over", seats=({"glory": ["AS", "10H"]}, {"glory": ["2C"]}))
    assert s.scores() == [11.0, 2.0]


def test_c9_2_ace_placed_into_population_as_subject() -> None:
    s = build(
        phase="population",
        seats=({"hand": ["AH", "KD"], "court": {"king": "KS"}}, {"court": {"king": "KC"}}),
    )
    act(s, "row", slot="King")  # the Ace is the only Subject: placed at once
    assert s.rows[0][2] == [parse_card("AH")]


def test_c3_3_duel_player_without_subject_mulligans() -> None:
    s = build(
        phase="duel",
        seats=({"hand": ["KS", "QS", "JS", "KH", "QH", "JH", "X1"]}, {"hand": ["5D", "6D"]}),
        phase_started=False,
    )
    advance(s, None)
    assert s.phase == PH_DUEL
    assert any(IS_NUMBER[c] for c in s.hand[0])
    assert len(s.hand[0]) == 7
    s.check_invariants()


def test_r8_scandal_triggers_no_sedition() -> None:
    # Seat 0 puts seat 1's 5S into seat 1's Glory: seat 0's Regnant is a Spade, but seat 1 did
    # not place it, so no Sedition against seat 0.
    s = build(
        seats=(
            {"court": {"king": "KS"}, "hand": ["2C", "3C"]},
            {"court": {"king": "KH"}, "rows": {"king": ["5S", "6S"]}},
        )
    )
    act(s, "scandal")
    act(s, "select", card="5S")
    assert s.hand[0] == [parse_card("2C"), parse_card("3C")]
    assert not s.stack


def test_r10_sedition_when_opponent_wins_polity_on_your_turn() -> None:
    # Seat 0 declares Polity, abstains twice; seat 1 takes the 5S Glory card; seat 0's Regnant is
    # a Spade: seat 0 must discard a hand card.
    s = build(
        seats=(
            {"court": {"king": "KS"}, "hand": ["2C", "3C"]},
            {"court": {"king": "KH"}, "glory": ["2H"]},
        ),
        deck_top=["5S"],
    )
    act(s, "polity")
    act(s, "abstain")
    act(s, "abstain")
    assert s.glory[1] == [parse_card("2H"), parse_card("5S")]
    assert s.current_player == 0 and kinds(s) == {"select"}
    act(s, "select", card="3C")
    assert s.hand[0] == [parse_card("2C")]


def test_c6_2_no_conspiracy_or_consort_outside_own_action_phase() -> None:
    s = build(
        seats=(
            {"court": {"king": "KS"}, "hand": ["2C", "3C"]},
            {"court": {"king": "KH", "queen": "QS"}, "glory": ["2H"], "rows": {"king": ["4S"]}},
        ),
        deck_top=["5D"],
    )
    act(s, "polity")
    act(s, "abstain")
    act(s, "abstain")
    # 5D shares no suit with seat 1's court, but it is not seat 1's Action Phase.
    assert s.glory[1] == [parse_card("2H"), parse_card("5D")]
    assert s.current_player == 0 and not s.stack


def test_c9_6_polity_value_bonuses() -> None:
    s = build(seats=({"court": {"king": "KH"}}, {"court": {"king": "KC"}}))
    glory_card = parse_card("5H")
    assert polity_value(s, 0, parse_card("4H"), glory_card) == 6  # +1 Glory suit, +1 Regnant
    assert polity_value(s, 0, parse_card("4S"), glory_card) == 4
    assert polity_value(s, 1, parse_card("4C"), glory_card) == 5


def test_c9_5_battle_strength_bonuses() -> None:
    s = build(seats=({"court": {"king": "KC"}}, {"court": {"king": "KH"}}))
    assert battle_strength(s, 0, parse_card("5C")) == 8  # the rulebook's +3 example
    assert battle_strength(s, 0, parse_card("5H")) == 6  # Club Regnant only
    assert battle_strength(s, 1, parse_card("5H")) == 6  # Regnant suit
    assert battle_strength(s, 1, parse_card("5C")) == 6  # Club card
    assert battle_strength(s, 1, parse_card("5S")) == 5


def test_army_placement_event_is_private() -> None:
    s = build(
        phase="population",
        seats=({"hand": ["9H", "3S"], "court": {"king": "KS"}}, {"court": {"king": "KC"}}),
    )
    s.apply({"kind": "army"})
    events = s.apply({"kind": "select", "card": "9H"})
    opponent_text = " ".join(event_text(KINGDOMS, e) for e in events_for(events, 1))
    spectator_text = " ".join(event_text(KINGDOMS, e) for e in events_for(events, None))
    # The log names a card as the board draws it (9♥); neither that nor its code leaks.
    for text in (opponent_text, spectator_text):
        assert "9♥" not in text and "9H" not in text
    assert "9♥" in " ".join(event_text(KINGDOMS, e) for e in events_for(events, 0))


def test_c10_4_endow_applies_to_joker_refugee() -> None:
    s = build(
        phase="refugee",
        seats=({"court": {"king": "KH"}}, {"court": {"king": "KD", "queen": "QD"}, "hand": ["2C"]}),
        deck_top=["X2"],
        phase_started=False,
    )
    advance(s, None)
    assert has(s, "endow")


def test_c3_2_duel_card_hidden_until_both_chose() -> None:
    s = build(phase="duel", seats=({"hand": ["9S", "2S", "KH"]}, {"hand": ["5D", "6D", "QC"]}))
    act(s, "duel", card="9S")
    assert s.current_player == 1
    assert "9S" not in str(s.observation(1)) and "9S" not in str(s.public_observation())
    assert s.observation(0)["players"][0]["duel"] == "9S"
    assert s.observation(1)["players"][0]["duel"] is True


def test_c9_5_battle_once_per_action_phase() -> None:
    s = build(
        seats=(
            {"court": {"king": "KC"}, "army": ["5C", "6C"], "hand": ["2D"]},
            {"court": {"king": "KH"}, "rows": {"king": ["9D", "8D"]}},
        )
    )
    act(s, "battle", card="5C")
    act(s, "select", card="9D")  # the defender has no Army card: nothing to choose
    assert s.glory[0] == [parse_card("9D")]
    assert "battle" not in kinds(s)


def test_c8_4_greed_pays_a_diamond() -> None:
    s = build(
        seats=(
            {"court": {"king": "KS"}, "glory": ["4D", "9S"], "hand": ["2C"]},
            {"court": {"king": "KC", "queen": "QS", "jack": "JH"}, "rows": {"jack": ["5C"]}},
        )
    )
    act(s, "declare", name="greed")  # the only Diamond (4D) is paid at once
    assert s.glory[0] == [parse_card("9S")]
    assert s.court[0][0] == parse_card("JH") and s.rows[0][0] == [parse_card("5C")]


def test_r8_scandal_glory_option_own() -> None:
    s = build(
        seats=(
            {"court": {"king": "KS"}, "hand": ["2C", "3C"]},
            {"court": {"king": "KH"}, "rows": {"king": ["5S", "6S"]}},
        ),
        options={"scandal_glory": "own"},
    )
    act(s, "scandal")
    act(s, "select", card="6S")
    assert s.glory[0] == [parse_card("6S")] and s.glory[1] == []
