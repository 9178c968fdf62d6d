"""A turn (docs/games/courtisans.md C3, C4): three cards, one per area, then draw."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from courtly.core.errors import IllegalActionError, WrongPlayerError


def destinations(state) -> set[tuple[int, str, int | None]]:  # type: ignore[no-untyped-def]
    out = set()
    for action in state.legal_actions():
        args = dict(action.args)
        out.add((args["card"], args["place"], args.get("seat")))
    return out


def fresh_turn(cz: SimpleNamespace, players: int = 3):  # type: ignore[no-untyped-def]
    hand = cz.cards("Toad courtier, Carp courtier, Hare courtier")
    others = [cz.cards(f"{f} guard*3") for f in ("Stag", "Butterfly", "Nightingale", "Toad")]
    hands = [hand, *others[: players - 1]]
    return cz.position(players, hands=hands, deck_size=6)


def test_c3_2_first_card_may_go_to_any_area(cz: SimpleNamespace) -> None:
    """C3.2/C4: any card of the hand to above/below the Queen's table, own domain, any opponent."""
    state = fresh_turn(cz)
    toad = cz.card("Toad", "courtier")
    dests = destinations(state)
    for card in state.hands[0]:
        assert {
            (card, "above", None),
            (card, "below", None),
            (card, "domain", 0),
            (card, "domain", 1),
            (card, "domain", 2),
        } <= dests
    assert len(dests) == 3 * 5
    assert (toad, "domain", 0) in dests


def test_c3_2_one_card_per_area(cz: SimpleNamespace) -> None:
    """C3.2: after the Queen's table, own domain and one opponent's domain, no area repeats."""
    state = fresh_turn(cz)
    toad, carp, hare = cz.cards("Toad courtier, Carp courtier, Hare courtier")
    cz.play(state, kind="play", card=toad, place="above")
    dests = destinations(state)
    assert all(place == "domain" for _, place, _ in dests)
    with pytest.raises(IllegalActionError):
        cz.play(state, kind="play", card=carp, place="below")
    cz.play(state, kind="play", card=carp, place="domain", seat=2)
    assert destinations(state) == {(hare, "domain", 0)}, "one opponent's domain per turn"
    with pytest.raises(IllegalActionError):
        cz.play(state, kind="play", card=hare, place="domain", seat=1)
    cz.play(state, kind="play", card=hare, place="domain", seat=0)
    assert state.current_player == 1
    assert state.above == [toad] and state.domains[2] == [carp] and state.domains[0] == [hare]


def test_c3_2_own_domain_first_then_table(cz: SimpleNamespace) -> None:
    """C3.2: the three cards may be played in any order."""
    state = fresh_turn(cz, players=2)
    toad, carp, hare = cz.cards("Toad courtier, Carp courtier, Hare courtier")
    cz.play(state, kind="play", card=carp, place="domain", seat=0)
    assert (toad, "domain", 0) not in destinations(state)
    cz.play(state, kind="play", card=hare, place="domain", seat=1)
    assert destinations(state) == {(toad, "above", None), (toad, "below", None)}
    cz.play(state, kind="play", card=toad, place="below")
    assert state.below == [toad]


def test_c3_2_only_cards_in_hand_and_only_the_current_player(cz: SimpleNamespace) -> None:
    """C3.2: you play cards from your own hand, on your own turn; refusals change nothing."""
    state = fresh_turn(cz, players=2)
    before = state.fingerprint()
    with pytest.raises(IllegalActionError):
        cz.play(state, kind="play", card=cz.card("Stag", "noble"), place="above")
    with pytest.raises(WrongPlayerError):
        state.apply({"kind": "play", "card": cz.card("Stag", "guard"), "place": "above"}, player=1)
    assert state.fingerprint() == before


def test_c3_3_draw_three_after_playing(cz: SimpleNamespace) -> None:
    """C3.3: after the third card the player draws 3 from the deck; the draw is private."""
    state = fresh_turn(cz, players=2)
    deck = set(state.deck)
    toad, carp, hare = cz.cards("Toad courtier, Carp courtier, Hare courtier")
    cz.play(state, kind="play", card=toad, place="above")
    cz.play(state, kind="play", card=carp, place="domain", seat=0)
    assert state.hands[0] == [hare] and len(state.deck) == 6
    events = cz.play(state, kind="play", card=hare, place="domain", seat=1)
    assert len(state.hands[0]) == 3 and set(state.hands[0]) <= deck
    assert len(state.deck) == 3
    secret = [e for e in events if e.kind == "draw-secret"]
    assert secret and secret[0].audience == frozenset({0})
    public = [e for e in events if e.audience is None]
    draws = [e for e in public if e.kind == "draw"]
    assert draws and all(set(e.data) == {"seat", "count"} for e in draws)


def test_c3_3_empty_deck_means_last_turn_and_game_end(cz: SimpleNamespace) -> None:
    """C3.3/C3.4: with the deck empty no card is drawn; once nobody holds cards the game ends."""
    toad, carp, hare = cz.cards("Toad courtier, Carp courtier, Hare courtier")
    stag = cz.cards("Stag guard*3")
    state = cz.position(2, hands=[[toad, carp, hare], stag], deck_size=0)
    cz.play(state, kind="play", card=toad, place="above")
    cz.play(state, kind="play", card=carp, place="domain", seat=0)
    cz.play(state, kind="play", card=hare, place="domain", seat=1)
    assert state.hands[0] == [] and state.current_player == 1
    for card, place, seat in (
        (stag[0], "above", None),
        (stag[1], "domain", 1),
        (stag[2], "domain", 0),
    ):
        action = {"kind": "play", "card": card, "place": place}
        if seat is not None:
            action["seat"] = seat
        events = cz.play(state, **action)
    assert state.is_terminal and state.current_player is None
    assert state.legal_action_ids() == []
    assert any(e.kind == "game-over" for e in events)


def test_c3_1_next_player_is_clockwise_skipping_empty_hands(cz: SimpleNamespace) -> None:
    """C3.1: turns pass to the next seat; a seat whose last turn is over is skipped."""
    hand = cz.cards("Toad courtier, Carp courtier, Hare courtier")
    state = cz.position(3, hands=[[], hand, cz.cards("Stag guard*3")], current=1)
    cz.play(state, kind="play", card=hand[0], place="above")
    cz.play(state, kind="play", card=hand[1], place="domain", seat=1)
    cz.play(state, kind="play", card=hand[2], place="domain", seat=0)
    assert state.current_player == 2


def test_c4_1_a_table_card_joins_its_family_at_the_chosen_level(cz: SimpleNamespace) -> None:
    """C4.1/C6.2: a face-up card at the Queen's table counts for its own family, at the level
    the player chose."""
    state = fresh_turn(cz, players=2)
    toad = cz.card("Toad", "courtier")
    cz.play(state, kind="play", card=toad, place="below")
    obs = state.observation(1)
    assert obs["queen_table"]["below"] == [{"card": toad, "family": "Toad", "role": "courtier"}]
    assert obs["family_status"]["Toad"] == "fallen from grace"
    assert obs["family_status"]["Carp"] == "neutral"
