"""The terminal view and the greedy heuristic."""

from __future__ import annotations

from types import SimpleNamespace

from rich.console import Console

from courtly.agents.greedy import GreedyAgent
from courtly.agents.random_agent import RandomAgent
from courtly.core.match import play_match
from courtly.games.courtisans import GAME


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
