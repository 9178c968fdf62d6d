"""Every game has the same anatomy: the same module for a role, and in it the same function
names (docs/kernel.md, "Anatomy of a game"), so that having read one game you find anything
in another."""

from __future__ import annotations

import importlib

import pytest

from courtly import games, load

# module -> the functions every game's module of that role defines.
ANATOMY: dict[str, tuple[str, ...]] = {
    "actions": ("build_action_space",),
    "setup": ("deal",),
    "knowledge": ("observe", "resample"),
    "serialize": ("body_to_json", "load_body"),
    "invariants": ("check_invariants",),
    "scoring": ("score_breakdown",),
    "evaluation": ("heuristic",),
    "view": ("render", "explain"),
    "tensor": ("write_observation",),
    "statistics": ("report_statistics",),
}


@pytest.mark.parametrize("name", games())
def test_every_role_has_the_same_names(name: str) -> None:
    package = type(load(name)).__module__.rsplit(".", 1)[0]
    missing = [
        f"{module}.{function}"
        for module, functions in ANATOMY.items()
        for function in functions
        if not callable(getattr(importlib.import_module(f"{package}.{module}"), function, None))
    ]
    assert missing == [], f"{name} lacks {missing}"


@pytest.mark.parametrize("name", games())
def test_options_are_read_once_into_parameters(name: str) -> None:
    """Every game reads its options once into a typed ``Parameters`` the state holds, and
    repeats no option's default: the kernel's resolved options are the only source."""
    game = load(name)
    package = type(game).__module__.rsplit(".", 1)[0]
    parameters = importlib.import_module(f"{package}.options").Parameters
    state = game.new_game(game.min_players, seed=1)
    assert state.params == parameters.from_options(state.options, game.min_players)  # type: ignore[attr-defined]
    for option in game.options:
        partial = {k: v for k, v in state.options.items() if k != option.name}
        with pytest.raises(KeyError, match=option.name):
            parameters.from_options(partial, game.min_players)
