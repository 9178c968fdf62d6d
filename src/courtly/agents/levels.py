"""Difficulty levels: ``easy``, ``medium`` and ``hard`` for every game, defined in one table.

Each level is an ordinary agent spec, so ``courtly tournament`` can measure a level and the
spec it stands for interchangeably. Parameters given to a level override its spec's
(``hard:seconds=0.5`` thinks half a second instead of the table's budget).

The budgets are iteration counts, so a level plays the same on every machine and every
replay; ``hard``'s count is sized to take well under a second per decision on one core, and a
one-second cap guarantees the limit on slower machines (see docs/bots.md for the
measurements behind each row).
"""

from __future__ import annotations

from typing import Any

from courtly.agents.spec import parse_agent_spec
from courtly.core.budgets import LevelBudgets
from courtly.core.errors import AgentSpecError
from courtly.core.i18n import COURTLY
from courtly.core.registry import game_names, load_game

LEVELS = ("easy", "medium", "hard")

# The search every ISMCTS level shares: leaf positions are scored by the game's heuristic at once
# (depth=0) and other seats are played by the greedy policy (opponents=policy), so the tree
# holds only the bot's own decisions. ``scale`` is of the order of one standard deviation of the
# game's heuristic in mid-game (measured over greedy self-play), so the logistic return stays
# graded instead of saturating.
_SEARCH = "depth=0,opponents=policy,rollout=greedy,greedy_prob=1,reuse=8"


def _levels(budgets: LevelBudgets) -> dict[str, str]:
    # One search at every level, longer at each: a search that models the other seats as greedy
    # did not beat a plain search with tree nodes for opponents (Tudor: hard won 58% of 100
    # games against such a medium; Kingdoms: medium won 45% against such an easy), because its
    # model of a greedy opponent is wrong against a searching one. Within one family each
    # level beats the one below (docs/bots.md, "Checking the order").
    modelled = f"{_SEARCH},scale={budgets.scale}"
    return {
        "easy": f"ismcts:iterations={budgets.easy},{modelled}",
        "medium": f"ismcts:iterations={budgets.medium},{modelled}",
        # hard also stops at one second, whichever comes first, so it never thinks longer
        # on a slow or busy machine (where it then plays weaker and not reproducibly).
        "hard": f"ismcts:iterations={budgets.hard},seconds=1.0,{modelled}",
    }


# Each game declares its budgets (``Game.level_budgets``), measured so that each level beats
# the one below it in 100 games (docs/bots.md, "Measured ladders"); ``hard`` budgets keep a
# decision under one second on one core (docs/bots.md, "Speed"). This search gains little from
# more iterations once every choice has been scored a few times, so ``easy`` budgets are
# small, leaving choices scored once or not at all.
#
# Not measured (a game that declares none): budgets between the measured rows.
DEFAULT_LEVELS: dict[str, str] = _levels(LevelBudgets(easy=5, medium=100, hard=800, scale=3.0))


def level_table(game_name: str) -> dict[str, str]:
    """The agent spec each level stands for in ``game_name``: from the budgets the game
    declares, or ``DEFAULT_LEVELS`` for a game that declares none or is not registered."""
    budgets = load_game(game_name).level_budgets if game_name in game_names() else None
    return DEFAULT_LEVELS if budgets is None else _levels(budgets)


def level_spec(game_name: str, level: str) -> str:
    """The agent spec that ``level`` stands for in ``game_name``."""
    if level not in LEVELS:
        raise AgentSpecError.keyed("error.agent.level", level=level, known=", ".join(LEVELS))
    return level_table(game_name)[level]


def level_agent_spec(game_name: str, level: str, **overrides: Any) -> str:
    """The full agent spec ``level`` stands for in ``game_name`` with ``overrides`` applied."""
    kind, params = parse_agent_spec(level_spec(game_name, level))
    params.update(overrides)
    if overrides.get("seconds") is not None and "iterations" not in overrides:
        # A time budget given on the command line replaces the table's iteration budget.
        params.pop("iterations", None)
    return kind + (":" + ",".join(f"{k}={v}" for k, v in params.items()) if params else "")


def expand_agent_spec(game_name: str, spec: str) -> str:
    """``spec`` with a difficulty level replaced by the search it stands for (so a record of
    what played does not change meaning when the level table is re-tuned)."""
    kind, params = parse_agent_spec(spec)
    return level_agent_spec(game_name, kind, **params) if kind in LEVELS else spec.strip()


def level_name(spec: str, lang: str | None = None) -> str:
    """A bot seat's level as people read it, from its spec's kind (``hard``; a spec
    ``ismcts:iterations=5`` reads as a search), never the spec's parameters; a kind with no
    word of its own reads "custom"."""
    key = f"agent.name.{spec.split(':')[0]}"
    return COURTLY.text(key if COURTLY.has(key) else "agent.name.custom", lang)


def bot_seat_label(seat: int, spec: str, lang: str | None = None) -> str:
    """A bot seat as the table shows it ("Bot 2 (hard)", "봇 2 (어려움)"), numbered from 1."""
    return COURTLY.text("agent.seat_bot", lang, n=seat + 1, level=level_name(spec, lang))
