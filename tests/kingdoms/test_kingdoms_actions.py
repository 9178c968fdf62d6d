"""Action Phase actions: C5 Scandal/Revolt/Treason, C6 Sedition/Conspiracy, C7 Ascendancy,
C8 Chamberlain powers and Declarations, C9 Aces, Treaty, Polity, Battle, Regnant and Consort."""

from __future__ import annotations

from typing import Any

from kingdoms_helpers import act, build, has, kinds

from courtly.core.i18n import using
from courtly.games.kingdoms import GAME
from courtly.games.kingdoms.codes import PH_INAUG
from courtly.games.kingdoms.data import parse_card


def cards(*names: str) -> list[int]:
    return [parse_card(n) for n in names]


def two(seat0: dict[str, Any], seat1: dict[str, Any], **kw: Any) -> Any:
    return build(phase="action", seats=(seat0, seat1), **kw)


# --- C5 ---------------------------------------------------------------------------------------


def test_c5_2_scandal_needs_one_unbacked_royal() -> None:
    backed = two(
        {"court": {"king": "KS"}}, {"court": {"king": "KH"}, "rows": {"king": ["5H", "6S"]}}
    )
    assert "scandal" not in kinds(backed)
    s = two({"court": {"king": "KS"}}, {"court": {"king": "KH"}, "rows": {"king": ["5S", "6S"]}})
    assert has(s, "scandal") and not has(s, "revolt")
    act(s, "scandal")
    act(s, "select", card="6S")
    assert s.glory[1] == cards("6S")
    assert not has(s, "scandal")  # once per Action Phase


def test_c5_3_revolt_needs_two_unbacked_royals() -> None:
    s = two(
        {"court": {"king": "KS"}},
        {"court": {"king": "KH", "queen": "QD"}, "rows": {"king": ["5S", "6S"]}},
    )
    assert has(s, "revolt") and has(s, "scandal") and not has(s, "treason")
    act(s, "revolt")
    act(s, "select", card="5S")
    assert s.peasant[1] == cards("5S")
    assert "revolt" not in kinds(s) and "scandal" not in kinds(s)


def test_c5_4_treason_needs_three_unbacked_and_a_vacancy() -> None:
    s = two(
        {"court": {"king": "KS"}},
        {"court": {"king": "KH", "queen": "QD", "jack": "JC"}, "rows": {"king": ["5S", "6S"]}},
    )
    assert has(s, "treason")
    act(s, "treason")
    act(s, "select", card="6S")
    assert s.rows[0][2] == cards("6S")  # the King's row was the only vacancy
    full = two(
        {"court": {"king": "KS"}, "rows": {"king": ["2C", "3C", "4C"]}},
        {"court": {"king": "KH", "queen": "QD", "jack": "JC"}, "rows": {"king": ["5S"]}},
    )
    assert not has(full, "treason") and has(full, "revolt")


# --- C6 ---------------------------------------------------------------------------------------


def test_c6_1_sedition_opponent_discards_from_hand() -> None:
    # Seat 0 (Spade Regnant) Harvests 7H into Glory; seat 1's Regnant is Hearts: Sedition.
    s = two(
        {"court": {"king": "KS"}, "rows": {"king": ["8S", "7H"]}},
        {"court": {"king": "KH"}, "hand": ["2C", "3C"]},
    )
    act(s, "regnant", card="8S")
    assert s.glory[0] == cards("7H")  # only choice, played at once
    assert s.current_player == 1
    assert kinds(s) == {"select"}
    act(s, "select", card="3C")
    assert s.discard[-1] == parse_card("3C") and s.hand[1] == cards("2C")


def test_c6_1_sedition_without_hand_outcasts_or_discards_army() -> None:
    s = two(
        {"court": {"king": "KS"}, "rows": {"king": ["8S", "7H"]}},
        {"court": {"king": "KH"}, "rows": {"king": ["4D"]}, "army": ["9C"]},
    )
    act(s, "regnant", card="8S")
    assert s.current_player == 1
    assert has(s, "select", card="4D") and has(s, "select", card="9C")
    act(s, "select", card="9C")
    assert s.army[1] == [] and s.discard[-1] == parse_card("9C")


def test_c6_2_conspiracy_discard_from_glory_when_suit_not_in_court() -> None:
    s = two(
        {"court": {"king": "KS"}, "rows": {"king": ["8S", "7D"]}, "glory": ["2H"]},
        {"court": {"king": "KC"}},
    )
    act(s, "regnant", card="8S")
    # 7D shares no suit with the court (K of Spades): Conspiracy may discard one Glory card.
    assert has(s, "skip") and has(s, "select", card="2H") and has(s, "select", card="7D")
    act(s, "select", card="2H")
    assert s.glory[0] == cards("7D")


def test_c6_2_no_conspiracy_when_suit_in_court() -> None:
    s = two(
        {"court": {"king": "KS"}, "rows": {"king": ["8S", "7S"]}, "glory": ["2H"]},
        {"court": {"king": "KC"}},
    )
    act(s, "regnant", card="8S")
    assert s.glory[0] == cards("2H", "7S")
    assert not s.stack


# --- C7 ---------------------------------------------------------------------------------------


def test_c7_1_ascendancy_only_without_consort_and_once() -> None:
    s = two({"court": {"king": "KS", "queen": "QH"}, "hand": ["5S"]}, {"court": {"king": "KC"}})
    assert "ascend" not in kinds(s)
    s = two(
        {"court": {"king": "KS"}, "hand": ["5S", "6S"]}, {"court": {"king": "KC"}}, deck_top=["9D"]
    )
    act(s, "ascend", card="5S")  # Spade: Master of the Hunt draws a card
    assert sorted(s.hand[0]) == cards("6S", "9D")
    assert "ascend" not in kinds(s)


def test_c7_2_herald_glory_card_into_population() -> None:
    s = two(
        {"court": {"king": "KS"}, "hand": ["5H", "2C"], "glory": ["9C"]}, {"court": {"king": "KC"}}
    )
    act(s, "ascend", card="5H")
    assert s.rows[0][2] == cards("9C") and s.glory[0] == []


def test_c7_2_herald_with_nothing_to_place_is_still_a_discard_r13() -> None:
    """R13: the Ascendancy is the discard, whatever its effect can do. A Heart with no Glory
    card to bring back is offered, goes to the Discard pile and does nothing else; the help
    of the phase says so."""
    s = two(
        {"court": {"king": "KS"}, "hand": ["5H", "2C"], "rows": {"king": ["3S"]}},
        {"court": {"king": "KC"}},
    )
    assert has(s, "ascend", card="5H")
    act(s, "ascend", card="5H")
    assert s.discard == cards("5H") and s.rows[0][2] == cards("3S") and s.glory[0] == []
    assert kinds(s) - {"ascend"} and "ascend" not in kinds(s)  # once, and the phase goes on
    for lang, words in (("en", "Herald: no Glory card or space"), ("ko", "전령: 영광 카드나")):
        with using(lang):
            assert words in GAME.explain(s.observation(0))


def test_c7_3_champion_removes_lower_opponent_card() -> None:
    s = two(
        {"court": {"king": "KS"}, "rows": {"king": ["6C"]}},
        {"court": {"king": "KC"}, "rows": {"king": ["4D", "5D", "6D"]}},
    )
    act(s, "ascend", card="6C")  # from the Population
    assert kinds(s) == {"select"} and not has(s, "select", card="6D")
    act(s, "select", card="5D")
    assert parse_card("5D") in s.discard and s.rows[1][2] == cards("4D", "6D")


def test_c7_4_treasurer_opponent_gives_card_of_their_choice() -> None:
    s = two(
        {"court": {"king": "KS"}, "hand": ["6D"]}, {"court": {"king": "KC"}, "hand": ["2S", "QH"]}
    )
    act(s, "ascend", card="6D")
    assert s.current_player == 1
    act(s, "select", card="QH")
    assert s.hand[0] == cards("QH") and s.known[0] >> parse_card("QH") & 1


def test_c7_4_treasurer_without_hand_gives_subject_else_may_draw() -> None:
    s = two(
        {"court": {"king": "KS"}, "hand": ["6D"]},
        {"court": {"king": "KC"}, "rows": {"king": ["4C", "5C"]}},
    )
    act(s, "ascend", card="6D")
    act(s, "select", card="4C")
    assert s.hand[0] == cards("4C")
    s = two({"court": {"king": "KS"}, "hand": ["6D"]}, {"court": {"king": "KC"}}, deck_top=["9S"])
    act(s, "ascend", card="6D")
    assert has(s, "draw", **{"from": "deck"}) and has(s, "skip")
    act(s, "draw", **{"from": "deck"})
    assert s.hand[0] == cards("9S")


# --- C8 ---------------------------------------------------------------------------------------

CHAMBERLAIN = {"king": "KS", "queen": "QH", "jack": "JD"}


def test_c8_2_glory_power_needs_non_eunuch_chamberlain() -> None:
    s = two(
        {"court": {"king": "KS", "queen": "QH", "jack": "JH"}, "glory": ["5S"]},
        {"court": {"king": "KC"}},
    )
    assert "power" not in kinds(s)
    s = two({"court": CHAMBERLAIN, "glory": ["5S"]}, {"court": {"king": "KC"}})
    assert has(s, "power", card="5S")


def test_c8_3_cultivate_discard_then_draw_to_seven() -> None:
    s = two(
        {"court": CHAMBERLAIN, "glory": ["5S", "6S"], "hand": ["2C", "3C"]},
        {"court": {"king": "KC"}},
    )
    act(s, "power", card="5S")
    act(s, "select", card="2C")
    act(s, "done")
    assert len(s.hand[0]) == 7 and parse_card("2C") in s.discard
    assert has(s, "power", card="6S")  # no limit on Glory Power


def test_c8_3_oracle_pillage_pledge() -> None:
    s = two(
        {"court": CHAMBERLAIN, "glory": ["5H"], "rows": {"king": ["9S"]}}, {"court": {"king": "KC"}}
    )
    act(s, "power", card="5H")
    assert s.glory[0] == cards("9S")
    s = two(
        {"court": CHAMBERLAIN, "glory": ["5C"]}, {"court": {"king": "KC"}, "glory": ["8D", "9D"]}
    )
    act(s, "power", card="5C")
    act(s, "select", card="9D")
    assert s.glory[1] == cards("8D")
    s = two(
        {"court": CHAMBERLAIN, "glory": ["6D"]},
        {"court": {"king": "KC"}, "glory": ["5C", "6C", "9C"]},
    )
    act(s, "power", card="6D")
    assert s.glory[0] == cards("5C")  # only 5C is lower than 6
    assert s.glory[1] == cards("6C", "9C")


def _declaration(seat0: dict[str, Any], seat1: dict[str, Any]) -> Any:
    return two(seat0, seat1)


def test_c8_4_estate_steals_chamberlain_with_subjects() -> None:
    s = _declaration(
        {"court": {"king": "KD"}, "glory": ["4S"]},
        {"court": {"king": "KC", "queen": "QC", "jack": "JD"}, "rows": {"jack": ["2H", "3H"]}},
    )
    assert has(s, "declare", name="estate")
    assert has(s, "declare", name="depose") is False  # needs a Club in Glory
    act(s, "declare", name="estate")
    assert s.court[0][0] == parse_card("JD") and s.court[1][0] == -1
    assert s.rows[0][0] == cards("2H", "3H") and s.rows[1][0] == []
    assert s.glory[0] == [] and parse_card("4S") in s.discard


def test_c8_4_paramour_depose_greed_conditions() -> None:
    opp = {"court": {"king": "KC", "queen": "QS", "jack": "JH"}}
    s = _declaration({"court": {"queen": "QH"}, "glory": ["4H", "5C", "6D"]}, opp)
    assert has(s, "declare", name="paramour")
    assert has(s, "declare", name="depose")  # JH not the suit of KC
    assert has(s, "declare", name="greed")  # JH not the suit of QS
    assert not has(s, "declare", name="estate")
    same = {"court": {"king": "KH", "queen": "QH", "jack": "JH"}}
    s = _declaration({"court": {"queen": "QS"}, "glory": ["5C", "6D"]}, same)
    assert "declare" not in kinds(s)


def test_c8_4_jester_and_own_jack_block_declarations() -> None:
    opp = {"court": {"king": "KC", "queen": "QS", "jack": "JH"}, "jester": "X1"}
    s = _declaration({"court": {"queen": "QH"}, "glory": ["4H", "5C"]}, opp)
    assert "declare" not in kinds(s)
    opp = {"court": {"king": "KC", "queen": "QS", "jack": "JH"}}
    s = _declaration({"court": {"queen": "QH", "jack": "JS"}, "glory": ["4H", "5C"]}, opp)
    assert "declare" not in kinds(s)


# --- C9 ---------------------------------------------------------------------------------------


def test_c9_1_ace_kills_royal_of_its_suit_once() -> None:
    s = two(
        {"court": {"king": "KS"}, "hand": ["AH", "AC"]}, {"court": {"king": "KH", "queen": "QC"}}
    )
    assert has(s, "ace", card="AH") and has(s, "ace", card="AC")
    act(s, "ace", card="AH")
    assert s.court[1][2] == -1 and s.discard[-2:] == cards("AH", "KH")
    assert "ace" not in kinds(s)


def test_c9_1_jester_immunity_and_any_ace_kills_jester() -> None:
    s = two({"court": {"king": "KS"}, "hand": ["AD"]}, {"court": {"king": "KH"}, "jester": "X1"})
    act(s, "ace", card="AD")
    assert s.jester[1] == -1 and s.court[1][2] == parse_card("KH")
    assert s.discard[-2:] == cards("AD", "X1")


def test_c9_1_ace_without_target_cannot_be_played() -> None:
    s = two({"court": {"king": "KS"}, "hand": ["AD"]}, {"court": {"king": "KH"}})
    assert "ace" not in kinds(s)


def test_c9_4_treaty_blocks_regnant_ability_of_its_suit_until_broken() -> None:
    s = two({"court": {"king": "KS"}, "hand": ["7H"]}, {"court": {"king": "KC"}})
    act(s, "treaty", card="7H")
    assert s.treaty[1] == parse_card("7H") and "treaty" not in kinds(s)
    s = two(
        {
            "court": {"king": "KH"},
            "rows": {"king": ["5H", "9S"]},
            "treaty": "7H",
            "hand": ["6H", "8D"],
        },
        {"court": {"king": "KC"}},
    )
    assert "regnant" not in kinds(s)
    assert has(s, "break", card="8D") and not has(s, "break", card="6H")
    act(s, "break", card="8D")
    assert s.treaty[0] == -1 and s.discard[-2:] == cards("7H", "8D")
    assert has(s, "regnant", card="5H")


def test_c9_4_treaty_of_other_suit_does_not_block() -> None:
    s = two(
        {"court": {"king": "KH"}, "rows": {"king": ["5H"]}, "treaty": "7S"},
        {"court": {"king": "KC"}},
    )
    assert has(s, "regnant", card="5H")


def test_c9_5_battle_attacker_wins_with_club_bonus() -> None:
    # Club Army card under a Club Regnant: 5 + 3 = 8 beats the defender's 7 (7 of Spades under a
    # Heart King: no bonus).
    s = two(
        {"court": {"king": "KC"}, "army": ["5C"]},
        {"court": {"king": "KH"}, "rows": {"king": ["9D"]}, "army": ["7S"]},
    )
    act(s, "battle", card="5C")
    assert s.current_player == 1
    act(s, "select", card="7S")
    assert s.glory[0] == cards("9D")
    assert s.discard[-2:] == cards("7S", "5C")


def test_c9_5_battle_tie_goes_to_defender_and_losing_army_to_peasants() -> None:
    s = two(
        {"court": {"king": "KH"}, "army": ["6S"]},
        {"court": {"king": "KS"}, "rows": {"king": ["9D"]}, "army": ["6D"]},
    )
    act(s, "battle", card="6S")
    act(s, "select", card="6D")
    assert s.glory[0] == [] and s.peasant[0] == cards("6S")
    assert s.rows[1][2] == cards("9D")


def test_c9_5_battle_ties_option_attacker() -> None:
    s = two(
        {"court": {"king": "KH"}, "army": ["6S"]},
        {"court": {"king": "KS"}, "rows": {"king": ["9D"]}, "army": ["6D"]},
        options={"battle_ties": "attacker"},
    )
    act(s, "battle", card="6S")
    act(s, "select", card="6D")
    assert s.glory[0] == cards("9D")


def test_c9_5_battle_option_off() -> None:
    s = two(
        {"court": {"king": "KH"}, "army": ["6S"]},
        {"court": {"king": "KS"}, "rows": {"king": ["9D"]}},
        options={"battle": False},
    )
    assert "battle" not in kinds(s)


def test_c9_6_polity_rounds() -> None:
    # Seat 0 has fewer Glory cards; the Glory card is 5H. Seat 0 passes 4H (4 + 1 suit) = 5;
    # seat 1 (Club King) answers 5C (5 + 1 Regnant) = 6 and wins round one; seat 0 abstains in
    # round two: seat 1 wins two rounds and takes 5H.
    s = two(
        {"court": {"king": "KS"}, "hand": ["4H", "2D"]},
        {"court": {"king": "KC"}, "hand": ["5C", "3D"], "glory": ["2S"]},
        deck_top=["5H"],
    )
    act(s, "polity")
    assert s.aside == cards("5H")
    act(s, "give", card="4H")
    assert s.current_player == 1
    assert has(s, "give", card="5C") and not has(s, "give", card="3D")
    act(s, "give", card="5C")
    assert parse_card("5C") in s.hand[0] and parse_card("4H") in s.hand[1]
    act(s, "abstain")
    assert s.glory[1] == cards("2S", "5H")
    assert "polity" not in kinds(s)


def test_c9_6_polity_non_number_card_ends_it() -> None:
    s = two({"court": {"king": "KS"}}, {"court": {"king": "KC"}, "glory": ["2S"]}, deck_top=["QD"])
    act(s, "polity")
    assert s.discard[-1] == parse_card("QD") and not s.stack
    assert "polity" not in kinds(s)


def test_c9_6_polity_needs_fewer_glory_cards() -> None:
    s = two({"court": {"king": "KS"}, "glory": ["3S"]}, {"court": {"king": "KC"}, "glory": ["2S"]})
    assert "polity" not in kinds(s)


def test_c9_8_regnant_harvest() -> None:
    s = two(
        {"court": {"king": "KS", "queen": "QC"}, "rows": {"king": ["6S", "5D", "4H", "8D"]}},
        {"court": {"king": "KC"}},
    )
    act(s, "regnant", card="6S")
    assert s.peasant[0] == cards("6S")
    assert not has(s, "select", card="8D") and has(s, "select", card="4H")
    act(s, "select", card="5D")
    assert parse_card("5D") in s.glory[0]


def test_c9_8_regnant_invention() -> None:
    s = two(
        {"court": {"king": "KH"}, "rows": {"king": ["6H", "5D", "8D"]}},
        {"court": {"king": "KC"}, "rows": {"king": ["2C"]}},
    )
    act(s, "regnant", card="6H")
    # The second outcast must be of equal or higher value: 8D only, done at once; then 2C taken.
    assert s.peasant[0] == cards("6H", "8D")
    assert s.glory[0] == cards("2C")


def test_c9_8_regnant_invade() -> None:
    s = two(
        {"court": {"king": "KC"}, "rows": {"king": ["6C"]}},
        {
            "court": {"king": "KD", "queen": "QD"},
            "rows": {"king": ["4S", "5S", "6S"], "queen": ["9S"]},
        },
    )
    act(s, "regnant", card="6C")
    assert kinds(s) == {"select"} and not has(s, "select", card="6S")
    act(s, "select", card="5S")
    assert s.glory[0] == cards("5S")


def test_c9_8_regnant_investment() -> None:
    s = two(
        {"court": {"king": "KD"}, "rows": {"king": ["2D", "3S", "9H"]}}, {"court": {"king": "KC"}}
    )
    act(s, "regnant", card="2D")
    act(s, "select", card="3S")
    assert s.peasant[0] == cards("2D", "3S")
    assert s.glory[0] == cards("9H")
    assert "regnant" not in kinds(s)  # once per Action Phase


def test_c9_9_consort_reap() -> None:
    s = two(
        {"court": {"king": "KD", "queen": "QS"}, "rows": {"king": ["2D", "3S", "9S", "4C"]}},
        {"court": {"king": "KC"}},
    )
    act(s, "regnant", card="2D")
    act(s, "select", card="3S")
    act(s, "select", card="9S")  # Investment puts 9S into Glory
    assert has(s, "consort") and has(s, "skip")
    act(s, "consort")  # Reap: outcast 4C (only Subject), nothing lower remains
    assert s.peasant[0][-1] == parse_card("4C")


def test_c9_9_consort_honour() -> None:
    s = two(
        {"court": {"king": "KS", "queen": "QC"}, "rows": {"king": ["6S", "5D", "8H"]}},
        {"court": {"king": "KC"}, "rows": {"king": ["4D", "9D"]}},
    )
    act(s, "regnant", card="6S")  # Harvest: 5D is the only choice, placed at once
    act(s, "skip")  # Conspiracy (Diamonds are not in the court): keep the Glory
    act(s, "consort")  # Honour: outcast 8H (the only Subject), take 4D (the only lower one)
    assert s.peasant[0] == cards("6S", "8H")
    assert s.glory[0] == cards("5D", "4D")


def test_c9_9_consort_epiphany() -> None:
    s = two(
        {"court": {"king": "KS", "queen": "QH"}, "rows": {"king": ["6S", "5S"]}},
        {"court": {"king": "KD"}},
        deck_top=["7C"],
    )
    act(s, "regnant", card="6S")
    assert s.glory[0] == cards("5S")
    act(s, "consort")
    assert s.hand[0] == cards("7C")
    act(s, "row", slot="Queen")
    assert s.rows[0][1] == cards("7C")


def test_c9_9_consort_negotiations_swap() -> None:
    s = two(
        {
            "court": {"king": "KS", "queen": "QD"},
            "rows": {"king": ["6S", "5S", "3D"]},
            "glory": ["10H"],
            "hand": ["2C"],
        },
        {"court": {"king": "KC"}},
    )
    act(s, "regnant", card="6S")
    act(s, "select", card="5S")
    act(s, "consort")
    act(s, "select", card="10H")  # 3D is the only Diamond, chosen at once
    assert s.rows[0][2] == cards("10H")
    assert sorted(s.glory[0]) == sorted(cards("5S", "3D"))
    assert not s.stack  # no further Consort offer after a swap


def test_c2_5_done_ends_action_phase() -> None:
    s = two({"court": {"king": "KS"}, "hand": ["QS", "2S"]}, {"court": {"king": "KC"}})
    act(s, "done")
    assert s.phase == PH_INAUG
