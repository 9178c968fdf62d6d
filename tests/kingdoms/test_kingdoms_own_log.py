"""What each seat's own log says of the moves only it may see: the card it drew for itself is
named to it and to nobody else (C7, Master of the Hunt)."""

from __future__ import annotations

from kingdoms_helpers import build

from courtly.core.events import Event, events_for
from courtly.core.render import event_text
from courtly.games.kingdoms import GAME


def test_c7_master_of_the_hunt_names_the_drawn_card_to_the_drawer_only() -> None:
    s = build(
        phase="action",
        seats=({"court": {"king": "KS"}, "hand": ["5S", "6S"]}, {"court": {"king": "KC"}}),
        deck_top=["9D"],
    )
    events = s.apply({"kind": "ascend", "card": "5S"}, player=0)
    drawer = [event_text(GAME, e) for e in events_for(events, 0)]
    assert drawer == [
        "seat 1 discards 5♠: Master of the Hunt",
        "The card seat 1 took from the Draw pile is 9♦",
    ]
    public = ["seat 1 discards 5♠: Master of the Hunt"]
    for viewer in (1, None):
        seen = events_for(events, viewer)
        assert [event_text(GAME, e) for e in seen] == public
        assert all("9D" not in str(e.to_json()) for e in seen)


def _texts(events: list[Event], viewer: int | None, over: bool = False) -> list[str]:
    return [event_text(GAME, e) for e in events_for(events, viewer, over=over)]


def test_c3_2_a_face_down_duel_card_is_one_line_for_each_reader() -> None:
    """Its player reads the card it chose, once; the opponent and a spectator that a card was
    played face down; once the game is over (every event shown) the card's line only, not
    both lines of the one move."""
    s = build(phase="duel", seats=({"hand": ["9S", "2S", "KH"]}, {"hand": ["5D", "6D", "QC"]}))
    events = s.apply({"kind": "duel", "card": "9S"}, player=0)
    assert _texts(events, 0) == ["seat 1's face-down duel card is 9♠"]
    for viewer in (1, None):
        assert _texts(events, viewer) == ["seat 1 plays a duel card face down"]
    assert _texts(events, None, over=True) == ["seat 1's face-down duel card is 9♠"]


def test_c5_a_card_from_the_draw_pile_is_named_to_its_taker_once() -> None:
    s = build(phase="draw", seats=({}, {}), phase_started=False)
    legal = [a for a in s.legal_actions() if a.to_json().get("from") == "deck"]
    events = s.apply(legal[0].id, player=0)
    taker, other = _texts(events, 0), _texts(events, 1)
    seen = "The card seat 1 took from the Draw pile is "
    assert [line for line in taker if line.startswith(seen)] != []
    assert "seat 1 takes a card from the Draw pile" not in taker
    assert "seat 1 takes a card from the Draw pile" in other
    assert not any(line.startswith(seen) for line in other)


def test_c7_4_the_treasurers_draw_is_named_to_the_drawer_only() -> None:
    s = build(
        phase="action",
        seats=({"court": {"king": "KS"}, "hand": ["6D"]}, {"court": {"king": "KC"}}),
        deck_top=["9S"],
    )
    s.apply({"kind": "ascend", "card": "6D"}, player=0)
    events = s.apply({"kind": "draw", "from": "deck"}, player=0)
    assert _texts(events, 0) == ["The card seat 1 took from the Draw pile is 9♠"]
    assert _texts(events, 1) == ["seat 1 takes a card from the Draw pile"]
    assert _texts(events, None) == ["seat 1 takes a card from the Draw pile"]


def test_c8_3_cultivate_names_the_cards_drawn_to_the_drawer_only() -> None:
    s = build(
        phase="action",
        seats=(
            {"court": {"king": "KS", "queen": "QH", "jack": "JD"}, "glory": ["5S"], "hand": []},
            {"court": {"king": "KC"}},
        ),
        deck_top=["2C", "3C", "4C", "5C", "6C", "7C", "8C"],
    )
    # An empty hand has nothing to discard: the power draws at once.
    events = s.apply({"kind": "power", "card": "5S"}, player=0)
    power = "seat 1 discards 5♠ from Glory: Cultivate"
    drawn = "Cultivate: seat 1 draws up to 7 cards: 8♣, 7♣, 6♣, 5♣, 4♣, 3♣, 2♣"
    assert _texts(events, 0) == [power, drawn]
    for viewer in (1, None):
        assert _texts(events, viewer) == [power, "Cultivate: seat 1 draws up to 7 cards"]
    assert _texts(events, None, over=True) == [power, drawn]
