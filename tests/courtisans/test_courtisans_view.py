"""The terminal view and the greedy heuristic."""

from __future__ import annotations

import io
import re
from types import SimpleNamespace
from typing import Any

import pytest
from courtisans_views import cards_shown
from rich.cells import cell_len
from rich.console import Console

from courtly.agents.greedy import GreedyAgent
from courtly.agents.random_agent import RandomAgent
from courtly.core.i18n import using
from courtly.core.match import play_match
from courtly.core.render import event_text
from courtly.core.rng import Rng
from courtly.games.courtisans import GAME
from courtly.games.courtisans.events import EVENTS


def text_of(observation: dict[str, object]) -> str:
    console = Console(width=200, record=True, color_system=None)
    console.print(GAME.render(observation))
    return console.export_text()


def test_render_shows_the_table_domains_and_hand_but_no_hidden_spy(cz: SimpleNamespace) -> None:
    spy = cz.card("Hare", "spy")
    state = cz.position(
        2,
        hands=[cz.cards("Toad courtier*3"), cz.cards("Carp courtier*3")],
        deck_size=6,
        above=[spy, cz.card("Stag", "noble")],
        domains=[[], cz.cards("Butterfly guard")],
        default_spy_player=1,
    )
    mine = text_of(state.observation(0))
    assert "Queen" in mine and "Stag" in mine and "a2:Nob" in mine
    assert "a1:?spy/2" in mine  # seats are shown numbered from 1
    assert "Your hand: Toad courtier" in mine
    assert "Spy*(Hare)" not in mine and "Hare spy" not in mine
    theirs = text_of(state.observation(1))
    assert "a1:Spy*(Hare)" in theirs


def test_render_after_the_end(cz: SimpleNamespace) -> None:
    state = cz.position(2, below=[cz.card("Hare", "spy")], domains=[[], []], current=None)
    shown = text_of(state.public_observation())
    assert "game over" in shown and "Seat 1 missions" in shown


def test_heuristic_prefers_points_in_own_domain(cz: SimpleNamespace) -> None:
    """Toad is esteemed: the greedy evaluation likes a Toad in its own domain, not the rival's."""
    toad = cz.card("Toad", "noble")
    state = cz.position(
        2,
        hands=[[toad, *cz.cards("Carp courtier*2")], cz.cards("Stag guard*3")],
        deck_size=6,
        above=cz.cards("Toad courtier"),
    )
    own, rival = state.clone(), state.clone()
    cz.play(own, kind="play", card=toad, place="domain", seat=0)
    cz.play(rival, kind="play", card=toad, place="domain", seat=1)
    assert GAME.heuristic(own, 0) == 2.0
    assert GAME.heuristic(rival, 0) == -2.0


def test_search_estimate_trusts_a_lead_more_as_the_deck_runs_out(cz: SimpleNamespace) -> None:
    """The search's leaf estimate: a one-card lead at the Queen's table makes Toad esteemed now,
    but early on it is worth much less than a Noble's full 2 points; at the end it nearly is."""
    toad = cz.card("Toad", "noble")

    def lead_value(deck_size: int) -> float:
        state = cz.position(
            2,
            hands=[cz.cards("Carp courtier*3"), cz.cards("Stag guard*3")],
            deck_size=deck_size,
            above=cz.cards("Toad courtier"),
            domains=[[toad], []],
        )
        assert GAME.heuristic(state, 0) == 2.0
        return GAME.search_evaluation(state, 0)

    early, late = lead_value(30), lead_value(0)
    assert 0.0 < early < 1.0 < late < 2.0


def test_greedy_beats_random_mostly() -> None:
    wins = 0
    for seed in range(12):
        result = play_match(GAME, [GreedyAgent(GAME), RandomAgent()], seed=seed)
        wins += 0 in result.winners
    assert wins >= 9


def short_screen(observation: dict[str, object]) -> str:
    """The view as a 24-line terminal draws it when it runs short of lines (compact)."""
    console = Console(width=80, record=True, color_system=None)
    console.print(GAME.render(observation), height=12)
    return console.export_text()


def test_the_queens_column_counts_each_face_down_spy_on_a_short_screen(
    cz: SimpleNamespace,
) -> None:
    """Three of the viewer's spies above the Queen's table and another seat's below: the
    column says 4, though a short screen writes the spies above as one word (S*S*S*)."""
    spies_above = [cz.card("Toad", "spy"), cz.card("Hare", "spy"), cz.card("Carp", "spy")]
    theirs = cz.card("Butterfly", "spy")
    state = cz.position(
        3,
        hands=[cz.cards("Toad courtier*3"), cz.cards("Carp courtier*3"), cz.cards("Stag guard*3")],
        deck_size=6,
        above=[*spies_above, cz.card("Stag", "noble")],
        below=[theirs],
        spies_played_by={theirs: 1},
    )
    short = short_screen(state.observation(0))
    queen = next(line.split() for line in short.splitlines() if "Queen's column" in line)
    assert queen == ["Queen's", "column", "4", "S*S*S*", "?2"]
    assert "4 hidden" in text_of(state.observation(0))
    assert "Queen's column 4" in " ".join(short_screen(state.observation(1)).split())


def _cut_words(observation: dict[str, Any], lang: str) -> list[str]:
    """What the full view at 80 columns cuts: a card not whole on one line (broken after its
    handle's colon too), a line wider than 80 cells (a Korean letter takes two)."""
    with using(lang):
        console = Console(width=80, record=True, color_system=None, file=io.StringIO())
        console.print(GAME.render(observation))
        text = console.export_text()
    words = set(text.split())
    problems = [line for line in text.splitlines() if cell_len(line) > 80]
    shown = list(cards_shown(observation, lang))
    whole = {handle + mark for handle, mark in shown}
    for handle, mark in shown:
        if handle + mark not in words:
            problems.append(handle + mark)
    # A handle followed by part of its card ("a7:Spy*(T", its "oad)" on the next line).
    problems += [w for w in words if re.match(r"[abd]\d+:", w) and w not in whole]
    return problems


def test_a_known_spy_in_the_queens_column_is_never_cut_at_5_players(cz: SimpleNamespace) -> None:
    """The player's own face-down Toad spy at the Queen's table (``a7:Spy*(Toad)``) and
    hidden spies in every domain, at 5 players on 80 columns: every card reads whole."""
    toad_spy = cz.card("Toad", "spy")
    hidden = cz.cards("Hare spy*2, Stag spy*2")
    state = cz.position(
        5,
        hands=[
            cz.cards(hand)
            for hand in (
                "Toad courtier*3",
                "Carp courtier*3",
                "Carp guard*3",
                "Butterfly courtier*3",
                "Butterfly noble*3",
            )
        ],
        deck_size=3,
        above=[*cz.cards("Nightingale assassin, Butterfly guard, Toad noble"), toad_spy],
        below=cz.cards("Hare guard*2"),
        domains=[cz.cards("Carp noble"), *([c] for c in hidden)],
        spies_played_by={c: seat for seat, c in enumerate(hidden)},
    )
    for lang in ("en", "ko"):
        for viewer in (0, 1, None):
            assert _cut_words(state.observation(viewer), lang) == [], (lang, viewer)
    console = Console(width=80, record=True, color_system=None)
    console.print(GAME.render(state.observation(0)))
    assert "a4:Spy*(Toad)" in console.export_text().split()


@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
def test_no_card_is_cut_on_80_columns(num_players: int) -> None:
    """Positions of a random game seen by a seat and by a spectator, in both languages."""
    state = GAME.new_game(num_players, seed=num_players)
    rng = Rng(num_players)
    step = 0
    while not state.is_terminal:
        if step % 2 == 0:
            for viewer in (0, None):
                for lang in ("en", "ko"):
                    observation = state.observation(viewer)
                    assert _cut_words(observation, lang) == [], (step, viewer, lang)
        legal = state.legal_action_ids()
        state.step(legal[rng.below(len(legal))])
        step += 1


def test_the_draw_and_a_short_screens_eliminated_cards_say_one_card(cz: SimpleNamespace) -> None:
    for count, english, korean in ((1, "1 card", "카드 1장"), (3, "3 cards", "카드 3장")):
        event = EVENTS.event("draw", {"seat": 0, "count": count})
        assert event_text(GAME, event) == f"seat 1 draws {english}"
        assert event_text(GAME, event, "ko") == f"1번 자리가 {korean}을 뽑습니다"
    state = cz.position(
        2,
        hands=[cz.cards("Toad courtier*3"), cz.cards("Carp courtier*3")],
        deck_size=6,
        eliminated=cz.cards("Stag noble"),
        domains=[[], []],
    )
    # The builder sends every card it is not given to the eliminated pile: keep one there.
    observation = state.observation(0)
    observation["eliminated"] = observation["eliminated"][:1]
    assert "Eliminated: 1 card (? lists them)" in short_screen(observation)
    observation["eliminated"] = state.observation(0)["eliminated"][:2]
    assert "Eliminated: 2 cards (? lists them)" in short_screen(observation)


def test_the_rules_of_a_decision_leave_out_the_terminals_legend() -> None:
    # The browser's "Rules of this phase" (Game.rules): no abbreviations, no missions by code.
    state = GAME.new_game(2, seed=4)
    observation = state.observation(0)
    rules, help_text = GAME.rules(observation), GAME.explain(observation)
    assert help_text.startswith(rules) and rules
    codes = [m["code"] for m in observation["missions"]]
    assert all(code in help_text for code in codes)
    assert not any(code in rules for code in codes) and "Nob" not in rules
