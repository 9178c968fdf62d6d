"""What a Tudor player reads (terminal sweep B, items 3, 10, 11, 12): Persistent Courtiers' swap
reads as two Court Tokens swapped, not a Courtier moving (the choices, the grid's heading, the
log); the Scenario Card's choice says what it does; Exchange 2 Cards for 1 says which card of
the bonus a returned card is; the header names the seat as the log does; the log says
sentences; the screen line keeps its separators apart from an empty list."""

from __future__ import annotations

import io
import random
import re
from typing import Any

from rich.console import Console
from tudor_support import (
    clear_markers,
    give_cards,
    give_ring,
    place,
    play,
    put_marker,
    put_token,
    sp,
    turn_state,
)

from courtly.core.actions import Action
from courtly.core.i18n import using
from courtly.core.render import action_text, event_text
from courtly.games.tudor import GAME
from courtly.games.tudor.data import FACTIONS
from courtly.games.tudor.events import EVENTS
from courtly.games.tudor.state import TudorState
from courtly.games.tudor.words import TEXTS


def _texts(st: TudorState, lang: str = "en") -> dict[str, str]:
    """Each legal action's sentence as seat 1 reads it, by its JSON form."""
    view = st.observation(0)
    return {str(a): action_text(GAME, a, lang, view=view) for a in st.legal_actions()}


def _said(st: TudorState, action: Action | dict[str, Any], lang: str = "en") -> str:
    found = next(a for a in st.legal_actions() if a == action or a.to_json() == action)
    return action_text(GAME, found, lang, view=st.observation(0))


def _screen(st: TudorState, lang: str = "en", viewer: int = 0) -> str:
    console = Console(width=100, record=True, file=io.StringIO(), legacy_windows=False)
    with using(lang):
        console.print(GAME.render(st.observation(viewer)))
    return console.export_text()


def _received_intrigue() -> TudorState:
    """Seat 1 has just ended an E movement on an Intrigue Token under Persistent Courtiers (the
    recommended setup's Blue 1): keep it, or discard it to swap two Court Tokens (T10.3)."""
    st = turn_state(3)
    clear_markers(st)
    place(st, 0, "3-1")
    put_token(st, "3-2", "red")
    put_marker(st, "3-2", 2)
    give_cards(st, 0, red=1)
    st.lords[0] = 2
    play(st, "activate_lord")
    play(st, "action", letter="E")
    moved = play(st, "select", space="3-1")
    # The movement's own choice of a Courtier still reads as one.
    assert [e.kind for e in moved] == ["select"]
    assert event_text(GAME, moved[0]) == "seat 1 chooses the Courtier on 3-1"
    play(st, "advance")
    return st


def _colour(st: TudorState, label: str, lang: str = "en") -> str:
    """The colour word of the Court Token on the space ``label``."""
    return TEXTS.term("faction", FACTIONS[st.tok[sp(st, label)]], lang)


def test_the_scenario_choice_says_what_it_does() -> None:
    st = _received_intrigue()
    right = {"kind": "scenario", "side": "right"}
    assert _said(st, right) == (
        "Discard the token: swap two Throne Room Court Tokens (Scenario Card)"
    )
    assert _said(st, right, "ko") == ("토큰 버리기: 알현실 파벌 토큰 2개 맞바꾸기 (시나리오 카드)")


def test_the_swap_reads_as_two_tokens_swapped_in_choices_grid_and_log() -> None:
    st = _received_intrigue()
    play(st, "scenario", side="right")
    first = _colour(st, "3-1")
    assert _said(st, {"kind": "select", "space": "3-1"}) == (
        f"Swap the {first} Court Token on 3-1 with another one"
    )
    assert _said(st, {"kind": "select", "space": "3-1"}, "ko") == (
        f"3-1 칸의 {_colour(st, '3-1', 'ko')} 파벌 토큰을 다른 토큰과 맞바꾸기"
    )
    assert not any("Courtier" in text for text in _texts(st).values())
    grid = GAME.choice_grid(st.observation(0), st.legal_actions(), "en")
    assert grid is not None and grid.corner == "Swap the Court Token on"
    grid = GAME.choice_grid(st.observation(0), st.legal_actions(), "ko")
    assert grid is not None and grid.corner == "맞바꿀 파벌 토큰의 칸"

    events = play(st, "select", space="3-1")
    assert [(e.kind, e.audience) for e in events] == [("swap-first", None)]
    assert events[0].data == {"seat": 0, "space": "3-1", "token": FACTIONS[st.tok[sp(st, "3-1")]]}
    assert event_text(GAME, events[0]) == f"seat 1 picks the {first} Court Token on 3-1 to swap"

    other = next(a for a in st.legal_actions())
    label = str(other.arg("space"))
    second = _colour(st, label)
    assert _said(st, other) == (
        f"Swap the {first} Court Token on 3-1 with the {second} one on {label}"
    )
    assert not any("Courtier" in text or "Move" in text for text in _texts(st).values())
    grid = GAME.choice_grid(st.observation(0), st.legal_actions(), "en")
    assert grid is not None and grid.corner == "Swap 3-1 with the token on"
    grid = GAME.choice_grid(st.observation(0), st.legal_actions(), "ko")
    assert grid is not None and grid.corner == "3-1 칸과 맞바꿀 칸"

    first_ko, second_ko = _colour(st, "3-1", "ko"), _colour(st, label, "ko")
    events = play(st, "to", space=label)
    assert [(e.kind, e.audience) for e in events] == [("swap", None)]
    assert event_text(GAME, events[0]) == (
        f"seat 1 swaps the {first} Court Token on 3-1 with the {second} one on {label}"
    )
    assert event_text(GAME, events[0], "ko") == (
        f"1번 자리가 3-1 칸의 {first_ko} 파벌 토큰과 {label} 칸의 {second_ko} 파벌 토큰을"
        " 맞바꿉니다"
    )
    # The tokens did change places, as the sentence says.
    assert _colour(st, "3-1") == second and _colour(st, label) == first


def test_exchange_two_cards_for_one_says_which_card_of_the_bonus() -> None:
    st = turn_state(3)
    give_cards(st, 0, red=3, blue=1)
    st.lords[0] = 2
    assert _said(st, {"kind": "give", "card": "red"}) == (
        "Exchange 2 Cards for 1, first card: return a red Court Card"
    )
    assert _said(st, {"kind": "give", "card": "red"}, "ko") == (
        "카드 2장을 1장으로 교환 (첫째): 빨강 파벌 카드 반환"
    )
    events = play(st, "give", card="red")
    assert [(e.kind, e.audience) for e in events] == [("exchange", None)]
    assert event_text(GAME, events[0]) == (
        "seat 1 returns a red Court Card, the first of Exchange 2 Cards for 1"
    )
    assert _said(st, {"kind": "give", "card": "blue"}) == (
        "Exchange 2 Cards for 1, second card: return a blue Court Card"
    )
    events = play(st, "give", card="blue")
    assert [e.kind for e in events] == ["give"]
    assert event_text(GAME, events[0]) == "seat 1 returns a blue Court Card to the supply"


def test_enhanced_f_returns_a_card_as_it_is() -> None:
    st = turn_state(3)
    give_ring(st, 0, "thumb", "red")
    give_ring(st, 0, "little", "blue")
    st.lords[0] = 2
    play(st, "activate_lord")
    play(st, "action", letter="F")
    play(st, "take", card="red")
    play(st, "take", card="blue")
    assert _said(st, {"kind": "give", "card": "red"}) == "Return a red Court Card to the supply"


def test_the_header_names_the_seat_as_the_log_does() -> None:
    st = turn_state(3)
    english = _screen(st)
    assert "seat 1 decides: chamber actions" in english and "P1 decides" not in english
    korean = _screen(st, "ko")
    assert "1번 자리의 결정: 회의실 액션하기" in korean and "P1 결정" not in korean


def test_the_screen_line_separates_an_empty_list() -> None:
    st = turn_state(3)
    assert "Your screen: cards - | tokens - | Influence 0 Intrigue 0" in _screen(st)
    assert "내 가림막: 카드 - | 토큰 - | 영향력 0 음모 0" in _screen(st, "ko")
    give_cards(st, 0, red=1, blue=2)
    assert "Your screen: cards BL2 RD1 | tokens - | Influence 0 Intrigue 0" in _screen(st)


def test_the_log_says_sentences() -> None:
    """Every decision's event reads as a sentence about its seat ("seat 1 drafts a blue
    Ring"), as the other games' logs do, not a choice's words glued to a seat."""
    glued = {"en": re.compile(r"^seat \d: "), "ko": re.compile(r"^\d번 자리: ")}
    for players, options in ((2, {}), (3, {"scenario": 2}), (4, {"scenario": 5})):
        state = GAME.new_game(players, seed=players, options=options)
        rng = random.Random(players)
        while not state.is_terminal:
            for event in state.apply(rng.choice(state.legal_action_ids())):
                if "seat" not in event.data:
                    continue
                for lang, pattern in glued.items():
                    text = event_text(GAME, event, lang)
                    assert not pattern.match(text), (event.kind, text)
    draft = EVENTS.event("draft", {"seat": 0, "ring": "blue"})
    assert event_text(GAME, draft) == "seat 1 drafts a blue Ring"
    assert event_text(GAME, draft, "ko") == "1번 자리가 파랑 반지를 고릅니다"
