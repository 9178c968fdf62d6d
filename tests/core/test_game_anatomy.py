"""Every game has the same anatomy: the same module for a role, and in it the same function
names (docs/kernel.md, "Anatomy of a game"), so that having read one game you find anything
in another."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from courtly.agents.levels import level_spec
from courtly.core.registry import game_names, load_game

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


@pytest.mark.parametrize("name", game_names())
def test_every_role_has_the_same_names(name: str) -> None:
    package = type(load_game(name)).__module__.rsplit(".", 1)[0]
    missing = [
        f"{module}.{function}"
        for module, functions in ANATOMY.items()
        for function in functions
        if not callable(getattr(importlib.import_module(f"{package}.{module}"), function, None))
    ]
    assert missing == [], f"{name} lacks {missing}"


@pytest.mark.parametrize("name", game_names())
def test_options_are_read_once_into_parameters(name: str) -> None:
    """Every game reads its options once into a typed ``Parameters`` the state holds, and
    repeats no option's default: the kernel's resolved options are the only source."""
    game = load_game(name)
    package = type(game).__module__.rsplit(".", 1)[0]
    parameters = importlib.import_module(f"{package}.options").Parameters
    state = game.new_game(game.min_players, seed=1)
    assert state.params == parameters.from_options(state.options, game.min_players)  # type: ignore[attr-defined]
    for option in game.options:
        partial = {k: v for k, v in state.options.items() if k != option.name}
        with pytest.raises(KeyError, match=option.name):
            parameters.from_options(partial, game.min_players)


@pytest.mark.parametrize("name", game_names())
def test_the_game_declares_its_metadata(name: str) -> None:
    """A game's bound on its length and its bots' budgets live with the game; OpenSpiel and
    the agents' levels read them from it (issue 37 §1)."""
    game = load_game(name)
    options = game.resolve_options(None)
    length = game.max_game_length(options)
    assert isinstance(length, int) and length > 0
    budgets = game.level_budgets
    assert budgets is not None and budgets.easy < budgets.medium < budgets.hard
    hard = level_spec(name, "hard")
    assert f"iterations={budgets.hard}," in hard and hard.endswith(f"scale={budgets.scale}")


def test_the_declared_figures_are_the_ones_measured() -> None:
    """The figures that moved into the games are those interop and agents held before."""
    lengths = {
        name: load_game(name).max_game_length(load_game(name).resolve_options(None))
        for name in game_names()
    }
    assert lengths == {"courtisans": 102, "tudor": 2100, "for-the-king": 2800, "kingdoms": 14000}
    assert load_game("kingdoms").max_game_length({"turn_limit": 50}) == 3500
    hard = {name: level_spec(name, "hard").split(",")[0] for name in game_names()}
    assert hard == {
        "courtisans": "ismcts:iterations=1000",
        "tudor": "ismcts:iterations=1000",
        "for-the-king": "ismcts:iterations=800",
        "kingdoms": "ismcts:iterations=600",
    }


# --- one floor plan behind the names (issue 37 §1, docs/kernel.md "Anatomy of a game") --------

#: The games already built on the one anatomy (the others join as they are converted).
CONVERTED = ("tudor", "kingdoms")

#: What a game's ``state.py`` may import from its own package: data and vocabulary, never a
#: module with rules in it (``rules``, ``knowledge``, ``serialize``, ``invariants``...).
STATE_MAY_IMPORT = {"codes", "words", "data", "options", "actions", "events", "board", "court"}

#: The kernel's hooks the position class in ``game.py`` answers by calling the modules.
POSITION_HOOKS = ("legal_action_ids", "_apply", "clone", "_observe", "_resample", "_body_to_json")

#: The flow every ``rules/dispatch.py`` declares: a phase's menu and play, and one advance.
DISPATCH = ("PHASE_LEGAL", "PHASE_APPLY", "legal_action_ids", "apply", "advance")


def _package(name: str) -> str:
    return type(load_game(name)).__module__.rsplit(".", 1)[0]


def _sources(package: str) -> dict[str, ast.Module]:
    root = Path(importlib.import_module(package).__file__ or "").parent
    return {
        path.relative_to(root).as_posix(): ast.parse(path.read_text(encoding="utf-8"))
        for path in sorted(root.rglob("*.py"))
    }


def _imported(tree: ast.Module, package: str) -> set[str]:
    """The modules of ``package`` that ``tree`` imports (their first name under it)."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            modules = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            modules = [a.name for a in node.names]
        else:
            continue
        names.update(
            m[len(package) + 1 :].split(".")[0] for m in modules if m.startswith(package + ".")
        )
    return names


@pytest.mark.parametrize("name", CONVERTED)
def test_the_state_is_data_and_imports_no_rule(name: str) -> None:
    package = _package(name)
    imported = _imported(_sources(package)["state.py"], package)
    assert imported <= STATE_MAY_IMPORT, f"{name}'s state.py imports {imported - STATE_MAY_IMPORT}"


@pytest.mark.parametrize("name", CONVERTED)
def test_no_import_dodges_a_cycle(name: str) -> None:
    """Every import is real: none under ``if TYPE_CHECKING:``, none inside a function."""
    dodges = []
    for path, tree in _sources(_package(name)).items():
        for node in ast.walk(tree):
            if isinstance(node, ast.Name | ast.Attribute) and "TYPE_CHECKING" in ast.unparse(node):
                dodges.append(f"{path}:{node.lineno} TYPE_CHECKING")
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                dodges.extend(
                    f"{path}:{inner.lineno} import in {node.name}"
                    for inner in ast.walk(node)
                    if isinstance(inner, ast.Import | ast.ImportFrom)
                )
    assert dodges == []


@pytest.mark.parametrize("name", CONVERTED)
def test_game_py_wires_the_hooks_and_the_state_holds_none(name: str) -> None:
    """A position is ``game.py``'s subclass of the state's data class; it answers the kernel's
    hooks itself (no record of functions carried and copied by every position)."""
    package = _package(name)
    game = load_game(name)
    position = game.new_game(game.min_players, seed=1)
    cls = type(position)
    assert cls.__module__ == f"{package}.game"
    assert cls.__bases__[0].__module__ == f"{package}.state"
    assert cls.__slots__ == ()
    assert [hook for hook in POSITION_HOOKS if hook not in vars(cls)] == []
    assert type(position.clone()) is cls


@pytest.mark.parametrize("name", CONVERTED)
def test_the_flow_is_declared_the_same_way(name: str) -> None:
    dispatch = importlib.import_module(f"{_package(name)}.rules.dispatch")
    assert [name for name in DISPATCH if not hasattr(dispatch, name)] == []
    assert isinstance(dispatch.PHASE_LEGAL, dict) and isinstance(dispatch.PHASE_APPLY, dict)
