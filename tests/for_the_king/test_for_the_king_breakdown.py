"""E3-E4: the score breakdown per office, the tie-break that decided and why the game ended."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from courtly.games.for_the_king.data import OFFICES
from courtly.games.for_the_king.state import FtkState
from courtly.games.for_the_king.words import TEXTS

Make = Callable[..., FtkState]


def over(make: Make, hands: list[list[str]], **kw: Any) -> FtkState:
    return make(2, phase="over", current=None, hands=hands, **kw)


def test_breakdown_gives_each_office_its_points_and_the_end(make: Make) -> None:
    state = over(make, [["diplomacy-A", "military-B"], ["architecture-A"]])
    breakdown = state.score_breakdown()
    assert breakdown["categories"] == [
        "diplomacy",
        "military",
        "architecture",
        "entertainment",
        "provisions",
    ]
    assert breakdown["seats"][0] == {
        "diplomacy": 3,
        "military": 3,
        "architecture": 0,
        "entertainment": 0,
        "provisions": 0,
        "total": 6,
    }
    assert breakdown["seats"][1]["architecture"] == 3 and breakdown["seats"][1]["total"] == 3
    assert [row["total"] for row in breakdown["seats"]] == state.scores()
    assert breakdown["decided_by"] is None and breakdown["end"] == "favor-deck-empty"


def test_breakdown_names_the_gold_tie_break(make: Make) -> None:
    state = over(make, [["diplomacy-A", "gold2-01"], ["military-A", "gold1-01"]])
    assert state.scores() == [3.0, 3.0]
    assert state.winners() == [0]
    assert state.score_breakdown()["decided_by"] == "most-gold"


def test_breakdown_names_the_colour_count_and_letter_tie_breaks(make: Make) -> None:
    # Same points, same Gold: diplomacy (blue) is looked at first, by count of cards.
    counts = over(make, [["diplomacy-A", "diplomacy-B"], ["military-A"]])
    assert counts.scores() == [3.0, 3.0] and counts.winners() == [0]
    assert counts.score_breakdown()["decided_by"] == "most-diplomacy-cards"
    letters = over(make, [["diplomacy-H", "military-A"], ["diplomacy-A", "military-H"]])
    assert letters.scores() == [3.0, 3.0] and letters.winners() == [1]
    assert letters.score_breakdown()["decided_by"] == "best-diplomacy-letter"


def test_breakdown_before_the_end_has_no_tie_break_or_end(make: Make) -> None:
    state = make(2, hands=[["diplomacy-A"], []], revealed="military-A", favor=["military-B"])
    breakdown = state.score_breakdown()
    assert breakdown["decided_by"] is None and breakdown["end"] is None
    assert breakdown["seats"][0]["total"] == 3


def test_offices_are_named_as_the_cards_name_them() -> None:
    """An office is a name, as the rulebook writes its cards ("Diplomacy cards"): the board's
    headings read "Diplomacy", not "diplomacy" like an identifier."""
    for office in OFFICES:
        word = TEXTS.text(f"term.office.{office}", "en")
        assert word == office.capitalize(), word
