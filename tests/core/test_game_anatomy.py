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

SRC = Path(__file__).resolve().parents[2] / "src"

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


# Every game is built in the one anatomy of issue 37 §1 (docs/kernel.md, "Anatomy of a game").
CONVERTED_GAMES = tuple(game_names())

# What a state module may import from its own game: the data it is made of, never a rule.
STATE_MAY_IMPORT = frozenset({"codes", "words", "data", "options", "actions", "board", "court"})


def _package(name: str) -> str:
    return type(load_game(name)).__module__.rsplit(".", 1)[0]


def _source(module: str) -> Path:
    """A module's source in the repository (the compiled build's module is a shared library)."""
    return SRC.joinpath(*module.split(".")).with_suffix(".py")


def _own_imports(path: Path, package: str) -> set[str]:
    """The modules of ``package`` that ``path`` imports, wherever the import stands."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == package:
                found.update(alias.name for alias in node.names)
            elif node.module.startswith(package + "."):
                found.add(node.module[len(package) + 1 :].split(".")[0])
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith(package + "."):
                    found.add(alias.name[len(package) + 1 :].split(".")[0])
    return found


@pytest.mark.parametrize("name", CONVERTED_GAMES)
def test_the_state_is_data_and_the_game_wires_the_rules(name: str) -> None:
    """``state.py`` imports no rule module and plays no rule; the position a game makes is a
    subclass defined in ``game.py`` that wires the kernel's hooks; ``rules/dispatch.py``
    declares the phases (tables, or one chain of tests per hook)."""
    package = _package(name)
    imported = _own_imports(_source(f"{package}.state"), package)
    assert imported <= STATE_MAY_IMPORT, f"{name}'s state imports {imported - STATE_MAY_IMPORT}"
    game = load_game(name)
    position = type(game.new_game(game.min_players, seed=1))
    assert position.__module__ == f"{package}.game"
    state_classes = [c for c in position.__mro__ if c.__module__ == f"{package}.state"]
    assert state_classes, f"{name}'s position is no subclass of its state"
    for hook in ("legal_action_ids", "_apply", "_observe", "_body_to_json"):
        assert all(hook not in vars(c) for c in state_classes), f"{name}'s state wires {hook}"
    dispatch = importlib.import_module(f"{package}.rules.dispatch")
    # The phases are declared in one place, as tables or, where the compiled build's direct
    # calls were measured to pay (For the King, Courtisans), as one chain of tests per hook.
    tables = all(hasattr(dispatch, t) for t in ("PHASE_LEGAL", "PHASE_APPLY"))
    chains = all(callable(getattr(dispatch, f, None)) for f in ("legal_ids", "apply_choice"))
    assert tables or chains, f"{name}'s rules/dispatch.py declares no phases"
    assert callable(getattr(dispatch, "advance", None)), f"{name}'s rules/dispatch.py lacks advance"


@pytest.mark.parametrize("name", CONVERTED_GAMES)
def test_no_import_waits_for_type_checking(name: str) -> None:
    """Every module imports what it names for real: no ``if TYPE_CHECKING:`` hides a cycle
    (import-linter then needs no ``exclude_type_checking_imports``)."""
    root = Path(importlib.import_module(_package(name)).__file__ or "").parent
    hiding = sorted(
        str(path.relative_to(root))
        for path in root.rglob("*.py")
        if "TYPE_CHECKING" in path.read_text(encoding="utf-8")
    )
    assert hiding == [], f"{name}: {hiding}"


@pytest.mark.parametrize("name", CONVERTED_GAMES)
def test_no_import_dodges_a_cycle_inside_a_function(name: str) -> None:
    """Every import stands at the top of its module: none waits in a function for a cycle to
    be over."""
    root = Path(importlib.import_module(_package(name)).__file__ or "").parent
    local = [
        f"{path.relative_to(root)}:{inner.lineno}"
        for path in sorted(root.rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        for inner in ast.walk(node)
        if isinstance(inner, ast.Import | ast.ImportFrom)
    ]
    assert local == [], f"{name}: {local}"


@pytest.mark.parametrize("name", CONVERTED_GAMES)
def test_the_position_only_wires(name: str) -> None:
    """The position adds no field to the state's (a clone copies the state's data and nothing
    else, no record of functions carried by every position) and answers the kernel's hooks
    itself."""
    game = load_game(name)
    state = game.new_game(game.min_players, seed=1)
    position = type(state)
    # A compiled (mypyc) class keeps no ``__slots__`` entry: its fields are fixed anyway.
    assert vars(position).get("__slots__", ()) == ()
    assert type(state.clone()) is position
    wired = ("legal_action_ids", "_apply", "clone", "_observe", "_resample", "_body_to_json")
    assert [hook for hook in wired if hook not in vars(position)] == []


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


def test_one_import_contract_holds_every_game_with_no_exclusion() -> None:
    """.importlinter states one layer order for all four games (not one contract per game,
    which would certify that they differ) and needs no ``exclude_type_checking_imports``: no
    import hides behind ``if TYPE_CHECKING:`` to make the layers pass."""
    config = Path(__file__).resolve().parents[2] / ".importlinter"
    text = config.read_text(encoding="utf-8")
    assert "exclude_type_checking_imports" not in text
    sections = [s for s in text.split("[importlinter:contract:") if "containers" in s]
    holding_games = [s for s in sections if "courtly.games." in s.split("\nlayers =")[0]]
    assert len(holding_games) == 1, "one layers contract for the games' modules"
    containers = holding_games[0].split("\nlayers =")[0]
    for name in game_names():
        assert f"courtly.games.{name.replace('-', '_')}" in containers
