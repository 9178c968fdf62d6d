"""Difficulty levels: one table, every level nameable for every game, parameters override."""

from __future__ import annotations

import pytest
from agents_toy_duel import DUEL

from courtly.agents import agent_kinds, make_agent, parse_agent_spec
from courtly.agents.ismcts import ISMCTSAgent, level_settings
from courtly.agents.levels import DEFAULT_LEVELS, LEVELS, level_spec, level_table
from courtly.core.errors import AgentSpecError
from courtly.core.registry import game_names


def test_levels_and_search_are_registered_beside_random_and_greedy() -> None:
    kinds = agent_kinds()
    for kind in ("random", "greedy", "ismcts", *LEVELS):
        assert kind in kinds


def test_every_game_and_unknown_games_have_all_three_levels() -> None:
    for name in [*game_names(), "duel"]:
        for level in LEVELS:
            kind, _params = parse_agent_spec(level_spec(name, level))
            assert kind in agent_kinds()
    assert level_spec("no-such-game", "hard") == DEFAULT_LEVELS["hard"]


@pytest.mark.parametrize("table", [DEFAULT_LEVELS, *map(level_table, game_names())])
def test_each_level_searches_more_than_the_one_below(table: dict[str, str]) -> None:
    budgets = [parse_agent_spec(table[level])[1].get("iterations", 0) for level in LEVELS]
    assert budgets == sorted(budgets) and len(set(budgets)) == len(budgets)


def test_level_agent_is_named_by_its_level_and_uses_the_table() -> None:
    agent = make_agent("hard", DUEL)
    assert agent.name == "hard"
    assert isinstance(agent, ISMCTSAgent)
    assert agent.searcher.settings == level_settings("duel", "hard")


def test_level_parameters_override_the_table() -> None:
    agent = make_agent("medium:iterations=7,c=1.5", DUEL)
    assert isinstance(agent, ISMCTSAgent)
    assert agent.searcher.settings.iterations == 7
    assert agent.searcher.settings.c == 1.5
    timed = make_agent("hard:seconds=0.25", DUEL)
    assert isinstance(timed, ISMCTSAgent)
    assert timed.searcher.settings.seconds == 0.25
    assert timed.searcher.settings.iterations is None


def test_unknown_level_is_refused() -> None:
    with pytest.raises(AgentSpecError):
        level_spec("duel", "expert")
    with pytest.raises(AgentSpecError):
        make_agent("hard:iterations=0", DUEL)


@pytest.mark.parametrize("table", [DEFAULT_LEVELS, *map(level_table, game_names())])
def test_levels_are_one_search_with_a_longer_budget_at_each_level(table: dict[str, str]) -> None:
    # Measured: a search that models greedy opponents did not beat a plain search one level
    # below it (Tudor's hard vs medium 58%, Kingdoms' medium vs easy 45%, 100 games each);
    # within one modelled family each level beat the one below.
    searches = []
    for level in LEVELS:
        _kind, params = parse_agent_spec(table[level])
        params.pop("iterations")
        params.pop("seconds", None)
        searches.append(params)
    assert all(params == searches[0] for params in searches)
    assert searches[0]["opponents"] == "policy"
