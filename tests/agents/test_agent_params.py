"""Agent specs name their parameters: an unknown one, or a value of the wrong type, is refused
with the parameter named and what it allows."""

from __future__ import annotations

import ast
import inspect
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import courtly
from courtly.agents import make_agent
from courtly.agents.builtin import ISMCTS_PARAMS
from courtly.agents.ismcts import settings_from_params
from courtly.core.errors import AgentSpecError


def test_the_declared_search_parameters_are_the_searchs() -> None:
    declared = [p.name for p in ISMCTS_PARAMS]
    assert declared == _parameters(settings_from_params)


def _parameters(function: Callable[..., object]) -> list[str]:
    """A function's parameter names, also compiled (which keeps no signature): from the source
    of its module, which the compiled build installs beside the extension."""
    try:
        return list(inspect.signature(function).parameters)
    except ValueError:
        module = Path(sys.modules[function.__module__].__file__ or "")
        tree = ast.parse(module.with_name(module.name.split(".")[0] + ".py").read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name == function.__name__:
                args = node.args
                return [a.arg for a in args.posonlyargs + args.args + args.kwonlyargs]
        raise


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("random:depth=3", ("'random' has no parameter 'depth'", "its parameters: none")),
        ("greedy:sample=3", ("no parameter 'sample'", "samples (a whole number")),
        ("greedy:samples=1.5", ("samples=1.5", "a whole number")),
        ("greedy:samples=true", ("samples=True", "a whole number")),
        ("ismcts:iterations=lots", ("iterations=lots", "a whole number")),
        ("ismcts:seconds=soon", ("seconds=soon", "a number")),
        ("ismcts:depth=deep", ("depth=deep", "or end")),
        ("ismcts:opponents=all", ("opponents=all", "tree or policy")),
        ("hard:rollout=fast", ("rollout=fast", "random or greedy")),
        ("easy:budget=9", ("'easy' has no parameter 'budget'", "iterations (")),
    ],
)
def test_bad_parameters_are_named(spec: str, words: tuple[str, ...]) -> None:
    with pytest.raises(AgentSpecError) as refused:
        make_agent(spec, courtly.load("courtisans"))
    for word in words:
        assert word in str(refused.value)
    assert "keyword argument" not in str(refused.value)


@pytest.mark.parametrize(
    "spec", ["greedy:samples=3", "ismcts:seconds=1,depth=end", "hard:seconds=0.5", "medium:c=1"]
)
def test_good_parameters_make_agents(spec: str) -> None:
    assert make_agent(spec, courtly.load("courtisans")).name == spec
