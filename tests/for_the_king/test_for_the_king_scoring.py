"""E1-E4: Duty tiles, victory points and the winner's tie-break chain."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from courtly.games.for_the_king.data import OFFICES
from courtly.games.for_the_king.scoring import NOBODY, duties, victory_points
from courtly.games.for_the_king.state import FtkState

Make = Callable[..., FtkState]
DIP, MIL, ARC, ENT, PRO = (
    OFFICES.index(o)
    for o in ("diplomacy", "military", "architecture", "entertainment", "provisions")
)


def over(make: Make, n: int, hands: list[list[str]], **kw: Any) -> FtkState:
    return make(n, phase="over", current=None, hands=hands, **kw)


def test_e1_highest_sum_takes_the_primary(make: Make) -> None:
    # diplomacy: seat 0 A+B = 4, seat 1 I = 4... seat 2 E+F = 6
    state = over(
        make, 3, [["diplomacy-A", "diplomacy-B"], ["diplomacy-I"], ["diplomacy-E", "diplomacy-F"]]
    )
    assert duties(state)[DIP] == (2, 0)  # 6 first; 4-4 tie: A beats I for the Secondary
    assert victory_points(state) == [1, 0, 3]


def test_e1_tie_for_primary_goes_to_the_letter_closest_to_a(make: Make) -> None:
    """E1/E2: a tie goes to the card closest to A; the tie's loser takes the Secondary."""
    state = over(make, 3, [["military-H"], ["military-G", "military-D"], ["military-B"]])
    # sums: seat 0 4 (H), seat 1 3+2 = 5, seat 2 2: no tie here; now a real tie:
    assert duties(state)[MIL] == (1, 0)
    state = over(make, 3, [["military-I"], ["military-A", "military-B"], ["military-C"]])
    # seat 0: 4 (I); seat 1: 2+2 = 4 with A; seat 2: 2
    assert duties(state)[MIL] == (1, 0)
    assert victory_points(state) == [1, 3, 0]


def test_e2_three_way_tie(make: Make) -> None:
    state = over(
        make,
        4,
        [
            ["architecture-H"],
            ["architecture-I"],
            ["architecture-A", "architecture-B"],
            ["architecture-C"],
        ],
    )
    # sums 2, 2, 2, 1: A (seat 2) first, then H (seat 0) beats I for the Secondary
    assert duties(state)[ARC] == (2, 0)


def test_e2_no_secondary_with_two_players(make: Make) -> None:
    state = over(make, 2, [["provisions-A"], ["provisions-B"]])
    assert duties(state)[PRO] == (0, NOBODY)
    assert victory_points(state) == [3, 0]


def test_e1_a_tile_needs_a_card_of_its_colour(make: Make) -> None:
    """RULINGS E1: a player with no card of a colour takes no tile of it."""
    state = over(make, 3, [["entertainment-A"], ["gold1-01"], []])
    assert duties(state)[ENT] == (0, NOBODY)
    assert duties(state)[DIP] == (NOBODY, NOBODY)


def test_e3_points_use_the_king_adjusted_primary_values(make: Make) -> None:
    primary = {
        "diplomacy": 6,
        "military": 1,
        "architecture": 3,
        "entertainment": 3,
        "provisions": 3,
    }
    state = over(make, 3, [["diplomacy-A", "military-A"], ["diplomacy-B"], []], primary=primary)
    assert victory_points(state) == [6 + 1, 1, 0]
    assert state.scores() == [7.0, 1.0, 0.0]


def test_e4_most_points_wins(make: Make) -> None:
    state = over(
        make, 3, [["diplomacy-A"], ["military-A"], ["military-B", "military-C", "architecture-A"]]
    )
    assert victory_points(state) == [3, 1, 6]
    assert state.winners() == [2]


def test_e4_tie_broken_by_gold_value(make: Make) -> None:
    """E4: tied players: the highest Gold value in hand wins."""
    state = over(make, 2, [["diplomacy-A", "gold1-01", "gold1-02"], ["military-A", "gold2-01"]])
    assert victory_points(state) == [3, 3]
    assert state.winners() == [0]


def test_e4_then_most_diplomacy_cards(make: Make) -> None:
    state = over(
        make,
        3,
        [
            ["military-A", "diplomacy-B", "gold1-01"],
            ["architecture-A", "diplomacy-C", "diplomacy-D", "gold1-02"],
            [],
        ],
    )
    # points: seat 0 military 3 + diplomacy Secondary 1... compute: diplomacy seat 1 (4) first.
    pts = victory_points(state)
    assert pts[0] == 3 + 1 and pts[1] == 3 + 3
    state = over(
        make,
        2,
        [["military-A", "diplomacy-B", "gold1-01"], ["architecture-A", "gold1-02"]],
        primary={
            "diplomacy": 1,
            "military": 3,
            "architecture": 4,
            "entertainment": 3,
            "provisions": 3,
        },
    )
    # seat 0: military 3 + diplomacy 1 = 4; seat 1: architecture 4; equal Gold: seat 0 has
    # a Diplomacy card.
    assert victory_points(state) == [4, 4]
    assert state.winners() == [0]


def test_e4_then_the_blue_letter_closest_to_a(make: Make) -> None:
    primary = {
        "diplomacy": 1,
        "military": 2,
        "architecture": 2,
        "entertainment": 3,
        "provisions": 3,
    }
    # seat 0: diplomacy-B (2) vs seat 1: diplomacy-A (2): tie on diplomacy, seat 1 has A and
    # takes its Primary (1); seat 0 then gets military 2 and the Secondary... keep it equal:
    state = over(
        make,
        3,
        [["diplomacy-H", "military-A"], ["diplomacy-A", "architecture-A"], []],
        primary=primary,
    )
    # diplomacy: seat 0 4 > seat 1 2: seat 0 Primary 1, seat 1 Secondary 1
    # seat 0: 1 + 2 = 3; seat 1: 1 + 2 = 3; Gold 0-0; one Diplomacy card each: A wins
    assert victory_points(state) == [3, 3, 0]
    assert state.winners() == [1]


def test_e4_colours_in_the_rulebooks_order_when_no_diplomacy(make: Make) -> None:
    """E4: with no Diplomacy card among the tied, the next colours are tried in the rulebook's
    order (Entertainment, Livestock, Architecture, Military, Provisions): Architecture comes
    before Military."""
    state = over(make, 2, [["military-A"], ["architecture-A"]])
    assert victory_points(state) == [3, 3]
    assert state.winners() == [1]
    state = over(
        make,
        2,
        [["military-A", "entertainment-A"], ["architecture-A", "diplomacy-A"]],
        primary={
            "diplomacy": 3,
            "military": 3,
            "architecture": 3,
            "entertainment": 3,
            "provisions": 3,
        },
    )
    assert victory_points(state) == [6, 6]
    assert state.winners() == [1]  # Diplomacy comes before everything else


def test_e4_shared_victory_when_nothing_separates(make: Make) -> None:
    state = over(make, 2, [["gold1-01"], ["gold1-02"]])
    assert victory_points(state) == [0, 0]
    assert state.winners() == [0, 1]
