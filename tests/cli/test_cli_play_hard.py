"""``courtly play GAME --seat human --seat hard`` for every registered game: the person's typed
choices are taken and the `hard` level answers them with its search."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from courtly.agents import ismcts, make_agent
from courtly.agents.levels import level_spec
from courtly.cli import play as play_module
from courtly.cli.main import app
from courtly.core.actions import Action
from courtly.core.registry import game_names
from courtly.core.rng import Rng
from courtly.core.seat import Agent, SeatView
from courtly.core.state import Game


@pytest.mark.parametrize("game", game_names())
def test_a_person_plays_against_hard(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    searched: list[str] = []

    class CountingSearcher:
        """The seat's searching agent, counting its decisions (a wrapper rather than a patched
        method: the compiled build's classes cannot be patched)."""

        def __init__(self, agent: ismcts.ISMCTSAgent) -> None:
            self.agent = agent
            self.name = agent.name

        def act(self, view: SeatView, rng: Rng) -> Action:
            searched.append(self.name)
            return self.agent.act(view, rng)

    def counting_make_agent(spec: str, game: Game) -> Agent:
        agent = make_agent(spec, game)
        return CountingSearcher(agent) if isinstance(agent, ismcts.ISMCTSAgent) else agent

    monkeypatch.setattr(play_module, "make_agent", counting_make_agent)
    # Three choices by the person (the first option each time), then the input ends.
    result = CliRunner().invoke(
        app, ["play", game, "--seat", "human", "--seat", "hard", "--seed", "1"], input="1\n" * 3
    )
    assert "Traceback" not in result.output
    assert "your choice>" in result.output
    assert "Game stopped (input ended)" in result.output, result.output[-2000:]
    assert result.exit_code == 1
    assert searched and set(searched) == {"hard"}
    assert level_spec(game, "hard").startswith("ismcts:")
