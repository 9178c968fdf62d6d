"""The assassin's kill in words (issues 37 and 38): an ``eliminate`` names a position in a
row, and its sentence, made by the kernel's renderer from the reader's own observation, names
the card the reader sees there and whose domain it lies in, in English and Korean. A spy face
down to the reader stays "a face-down spy": the words never tell more than the view."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from courtly.core.actions import Action
from courtly.core.render import action_text, actions_json, event_text, listed_actions
from courtly.core.table import Delivery
from courtly.games.courtisans import GAME
from courtly.games.courtisans.state import CourtisansState
from courtly.server.protocol import game_message

NAMES = ["Ann", "민지"]


def kills(state: CourtisansState) -> dict[tuple[str, int], Action]:
    return {
        (str(a.arg("row")), int(str(a.arg("position")))): a
        for a in state.legal_actions()
        if a.kind == "eliminate"
    }


def queen_kill(cz: SimpleNamespace) -> tuple[CourtisansState, int, int]:
    """Seat 0 has just placed an assassin above the Queen's table, where seat 1's Toad spy
    lies face down first and a Toad noble second; a Hare courtier lies below."""
    spy, noble = cz.card("Toad", "spy"), cz.card("Toad", "noble")
    assassin = cz.card("Stag", "assassin")
    state = cz.position(
        2,
        hands=[[assassin, *cz.cards("Carp courtier*2")], cz.cards("Stag guard*3")],
        above=[spy, noble],
        below=cz.cards("Hare courtier"),
        spies_played_by={spy: 1},
        deck_size=6,
    )
    cz.play(state, kind="play", card=assassin, place="above")
    assert state.observation(0)["turn"]["pending_kill"] == {"place": "above"}
    return state, spy, noble


def test_a_kill_at_the_queens_table_names_the_card_the_reader_sees(cz: SimpleNamespace) -> None:
    state, _spy, _noble = queen_kill(cz)
    view = state.observation(0)
    choice = kills(state)
    assert action_text(GAME, choice["above", 2], "en", NAMES, view) == (
        "eliminate the Toad noble above the Queen's table"
    )
    assert action_text(GAME, choice["above", 2], "ko", NAMES, view) == (
        "여왕의 테이블 위의 두꺼비 귀족 제거하기"
    )
    assert action_text(GAME, choice["below", 1], "en", NAMES, view).startswith(
        "eliminate the Hare courtier below"
    )
    # Without a reader's view (a research adapter, an error's words) it names the position.
    assert action_text(GAME, choice["above", 2], "en") == (
        "eliminate card #2 above the Queen's table"
    )


def test_a_spy_face_down_to_the_reader_stays_face_down_in_the_words(cz: SimpleNamespace) -> None:
    state, _spy, _noble = queen_kill(cz)
    choice = kills(state)["above", 1]
    # Seat 0 does not know seat 1's spy: its words say only what its board shows.
    mine = state.observation(0)
    assert action_text(GAME, choice, "en", NAMES, mine) == (
        "eliminate the face-down spy above the Queen's table"
    )
    assert action_text(GAME, choice, "ko", NAMES, mine) == (
        "여왕의 테이블 위의 뒷면인 첩자 제거하기"
    )
    # Seat 1 played it and knows it: the same action reads as its card, for that reader only
    # (the sentence kept for one view is not handed to another).
    theirs = state.observation(1)
    assert action_text(GAME, choice, "en", NAMES, theirs) == (
        "eliminate the Toad spy above the Queen's table"
    )
    assert "Toad" not in action_text(GAME, choice, "en", NAMES, mine)
    assert "Toad" not in action_text(GAME, choice, "en", NAMES, state.observation(None))


def test_a_kill_in_a_domain_names_whose_domain_it_is(cz: SimpleNamespace) -> None:
    carp = cz.card("Carp", "noble")
    assassin = cz.card("Stag", "assassin")
    state = cz.position(
        2,
        hands=[[assassin, *cz.cards("Toad courtier*2")], cz.cards("Stag guard*3")],
        domains=[[], [carp]],
        deck_size=6,
    )
    cz.play(state, kind="play", card=assassin, place="domain", seat=1)
    choice = kills(state)["domain", 1]
    view = state.observation(0)
    assert action_text(GAME, choice, "en", NAMES, view) == (
        "eliminate the Carp noble in 민지's domain"
    )
    assert action_text(GAME, choice, "ko", ["Ann", "민지"], view) == (
        "민지의 영지에 있는 잉어 귀족 제거하기"
    )
    # A seat without a name reads by its number, as everywhere.
    assert action_text(GAME, choice, "en", [], view) == (
        "eliminate the Carp noble in seat 2's domain"
    )


def test_the_servers_choices_are_worded_from_the_viewers_delivery(cz: SimpleNamespace) -> None:
    """The server's message for the seat to act: its choices' texts made from its own
    observation (the front hands the renderer the delivery's view)."""
    state, _spy, _noble = queen_kill(cz)
    delivery = Delivery(0, 5, [], state.observation(0), state.legal_actions())
    table: dict[str, Any] = {"seats": [{"seat": s, "name": n} for s, n in enumerate(NAMES)]}
    texts = {
        (a["action"].get("row"), a["action"].get("position")): a["text"]
        for a in game_message("update", delivery, table, GAME, "en")["legal_actions"]
    }
    assert texts["above", 1] == "eliminate the face-down spy above the Queen's table"
    assert texts["above", 2] == "eliminate the Toad noble above the Queen's table"


def test_the_kills_event_says_where_the_card_lay_as_the_board_shows_it(
    cz: SimpleNamespace,
) -> None:
    """The log's sentence of a kill names the card and its row of the Queen's table or whose
    domain it lay in: no position number ("#2"), which no board writes."""
    state, spy, _noble = queen_kill(cz)
    (event,) = [e for e in cz.play(state, kind="eliminate", row="above", position=2)]
    words = {lang: event_text(GAME, event, lang, NAMES) for lang in ("en", "ko")}
    assert words == {
        "en": "Ann eliminates the Toad noble above the Queen's table",
        "ko": "Ann이 여왕의 테이블 위의 두꺼비 귀족 카드를 제거합니다",
    }
    carp, assassin = cz.card("Carp", "noble"), cz.card("Stag", "assassin")
    spy = cz.card("Hare", "spy")
    state = cz.position(
        2,
        hands=[[assassin, *cz.cards("Toad courtier*2")], cz.cards("Stag guard*3")],
        domains=[[], [spy, carp]],
        spies_played_by={spy: 1},
        deck_size=6,
    )
    cz.play(state, kind="play", card=assassin, place="domain", seat=1)
    (killed,) = cz.play(state, kind="eliminate", row="domain", position=1)
    assert killed.kind == "eliminate-spy-domain" and "card" not in killed.data
    assert event_text(GAME, killed, "en", NAMES) == (
        "Ann eliminates a face-down spy in 민지's domain"
    )
    assert event_text(GAME, killed, "ko", NAMES) == (
        "Ann이 민지의 영지에 있는 뒷면인 첩자를 제거합니다"
    )


def two_spies_kill(cz: SimpleNamespace, place: str) -> CourtisansState:
    """Seat 0 has just placed an assassin above the Queen's table (or in seat 1's domain),
    where seat 1's Toad spy, a Hare noble, then seat 1's Carp spy lie: two face-down spies seat
    0 does not know, one place."""
    toad, carp = cz.card("Toad", "spy"), cz.card("Carp", "spy")
    cards = [toad, cz.card("Hare", "noble"), carp]
    assassin = cz.card("Stag", "assassin")
    state = cz.position(
        2,
        hands=[[assassin, *cz.cards("Butterfly courtier*2")], cz.cards("Stag guard*3")],
        above=cards if place == "above" else [],
        domains=[[], cards] if place == "domain" else None,
        spies_played_by={toad: 1, carp: 1},
        deck_size=6,
    )
    if place == "domain":
        cz.play(state, kind="play", card=assassin, place="domain", seat=1)
    else:
        cz.play(state, kind="play", card=assassin, place="above")
    assert isinstance(state, CourtisansState)
    return state


def test_two_face_down_spies_in_one_place_read_apart_in_the_boards_order(
    cz: SimpleNamespace,
) -> None:
    """A player may choose which spy to kill (C5.3): two spies face down to the reader read
    as their order among the place's face-down spies, as the boards draw it (left to right,
    the observation's order); a card the reader sees keeps its short sentence."""
    state = two_spies_kill(cz, "above")
    view = state.observation(0)
    choice = kills(state)
    words = {
        (lang, position): action_text(GAME, choice["above", position], lang, NAMES, view)
        for lang in ("en", "ko")
        for position in (1, 2, 3)
    }
    assert words == {
        ("en", 1): "eliminate the first face-down spy above the Queen's table",
        ("en", 2): "eliminate the Hare noble above the Queen's table",
        ("en", 3): "eliminate the second face-down spy above the Queen's table",
        ("ko", 1): "여왕의 테이블 위의 첫 번째 뒷면인 첩자 제거하기",
        ("ko", 2): "여왕의 테이블 위의 산토끼 귀족 제거하기",
        ("ko", 3): "여왕의 테이블 위의 두 번째 뒷면인 첩자 제거하기",
    }
    # Seat 1 played both and knows them: it reads their names, no order needed.
    theirs = state.observation(1)
    assert action_text(GAME, choice["above", 3], "en", NAMES, theirs) == (
        "eliminate the Carp spy above the Queen's table"
    )
    # A spectator sees both face down, as seat 0 does.
    spectator = state.observation(None)
    assert action_text(GAME, choice["above", 3], "en", NAMES, spectator) == words["en", 3]


def test_two_face_down_spies_in_a_domain_read_apart(cz: SimpleNamespace) -> None:
    state = two_spies_kill(cz, "domain")
    view = state.observation(0)
    choice = kills(state)
    assert action_text(GAME, choice["domain", 3], "en", NAMES, view) == (
        "eliminate the second face-down spy in 민지's domain"
    )
    assert action_text(GAME, choice["domain", 1], "ko", NAMES, view) == (
        "민지의 영지에 있는 첫 번째 뒷면인 첩자 제거하기"
    )


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_both_face_down_spies_are_listed_and_in_the_terminals_grid(
    cz: SimpleNamespace, lang: str
) -> None:
    """The kernel lists byte-identical sentences once; two spies are two listed choices (no
    ``same``), and the terminal's kill grid, made from the listed choices, numbers both."""
    state = two_spies_kill(cz, "above")
    view = state.observation(0)
    legal = state.legal_actions()
    listed = listed_actions(GAME, legal, lang, NAMES, view)
    assert listed == legal
    assert not any("same" in o for o in actions_json(GAME, legal, lang, NAMES, view))
    grid = GAME.choice_grid(view, listed, lang)
    assert grid is not None
    spies = {kills(state)["above", 1].id, kills(state)["above", 3].id}
    assert spies <= grid.action_ids()
