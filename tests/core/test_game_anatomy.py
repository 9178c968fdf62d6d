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
from courtly.core.state import Game

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


# The games built as docs/kernel.md's "Anatomy of a game" says (issue 37 §1; Kingdoms was
# the model): each game converted joins them here.
CONVERTED = ("courtisans", "kingdoms")
# What a game's state.py may import of its own package: the data it is made of, never a rule.
STATE_IMPORTS = frozenset({"codes", "words", "data", "options", "actions", "board", "court"})


def _package(game: Game) -> str:
    return type(game).__module__.rsplit(".", 1)[0]


def _modules(package: str) -> dict[str, ast.Module]:
    """Every module of ``package`` by its dotted name under the package, parsed."""
    root = Path(importlib.import_module(package).__file__ or "").parent
    return {
        ".".join(path.relative_to(root).with_suffix("").parts): ast.parse(path.read_text("utf-8"))
        for path in sorted(root.rglob("*.py"))
    }


def _own_imports(tree: ast.Module, package: str) -> set[str]:
    """The first part of the name of every module of ``package`` that ``tree`` imports."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module is not None:
            if node.module == package:
                found |= {alias.name for alias in node.names}
            elif node.module.startswith(package + "."):
                found.add(node.module[len(package) + 1 :].split(".")[0])
        elif isinstance(node, ast.Import):
            found |= {
                a.name[len(package) + 1 :].split(".")[0]
                for a in node.names
                if a.name.startswith(package + ".")
            }
    return found


@pytest.mark.parametrize("name", CONVERTED)
def test_the_state_is_data_and_reaches_no_rule(name: str) -> None:
    """state.py holds the fields: it imports no rule, view or JSON module of its game, so the
    rules can import it for real (no ``TYPE_CHECKING`` cycle)."""
    package = _package(load_game(name))
    imported = _own_imports(_modules(package)["state"], package)
    assert imported <= STATE_IMPORTS, f"{name}/state.py imports {sorted(imported - STATE_IMPORTS)}"


@pytest.mark.parametrize("name", CONVERTED)
def test_imports_are_real_and_at_the_top(name: str) -> None:
    """No ``if TYPE_CHECKING:`` import and no import inside a function in the game package:
    its modules import one another one way, which lint-imports checks as they are."""
    found = []
    for module, tree in _modules(_package(load_game(name))).items():
        for node in ast.walk(tree):
            if isinstance(node, ast.Name | ast.alias) and "TYPE_CHECKING" in (
                node.id if isinstance(node, ast.Name) else node.name
            ):
                found.append(f"{module}:{node.lineno} TYPE_CHECKING")
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                for inner in ast.walk(node):
                    if isinstance(inner, ast.Import | ast.ImportFrom):
                        found.append(f"{module}:{inner.lineno} import in {node.name}")
    assert found == []


@pytest.mark.parametrize("name", CONVERTED)
def test_game_py_wires_a_position_to_a_declared_dispatch(name: str) -> None:
    """Every position is the ``game.py`` subclass of the state class, and the flow is declared
    in ``rules/dispatch.py``: per phase its menu and its rule, then one ``advance``."""
    game = load_game(name)
    package = _package(game)
    state_class = importlib.import_module(f"{package}.state")
    position = game.new_game(game.min_players, seed=1)
    assert type(position).__module__ == f"{package}.game"
    assert type(position).__slots__ == ()
    assert any(
        isinstance(base, type) and base.__module__ == state_class.__name__
        for base in type(position).__mro__[1:]
    )
    assert type(position.clone()) is type(position)
    dispatch = importlib.import_module(f"{package}.rules.dispatch")
    assert isinstance(dispatch.PHASE_LEGAL, dict) and isinstance(dispatch.PHASE_APPLY, dict)
    assert set(dispatch.PHASE_LEGAL) == set(dispatch.PHASE_APPLY)
    assert callable(dispatch.advance)
