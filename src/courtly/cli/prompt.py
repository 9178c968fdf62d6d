"""What a person types at ``your choice>``: a number, or one of a few letters."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from courtly.cli.common import console
from courtly.core.actions import Action

COMMANDS = (
    "Type the number of a choice. Other commands: ? = what this choice means, "
    "u = take back your last decision, r = show the table again, "
    "q = stop (the game is saved so you can go on later)."
)


class QuitGame(Exception):
    """The person stopped the game (``q``) or the input ended."""


@dataclass(frozen=True)
class Answer:
    """One thing typed at the prompt: a choice, or a command letter."""

    action: Action | None = None
    command: str = ""  # "undo", "explain" or "redraw" when action is None


_LETTERS = {
    "u": "undo",
    "undo": "undo",
    "?": "explain",
    "h": "explain",
    "help": "explain",
    "r": "redraw",
    "redraw": "redraw",
}


def ask(legal: Sequence[Action]) -> Answer:
    """Ask until the answer is a numbered choice or a command; anything else just asks again."""
    while True:
        try:
            answer = console.input("[bold]your choice> [/]").strip().lower()
        except EOFError:
            raise QuitGame("input ended") from None
        if not answer:
            continue
        if answer in ("q", "quit", "exit"):
            raise QuitGame("quit")
        if answer in _LETTERS:
            return Answer(command=_LETTERS[answer])
        if answer.isdigit() and 1 <= int(answer) <= len(legal):
            return Answer(action=legal[int(answer) - 1])
        console.print(f"[yellow]{answer!r} is not a choice here.[/] {COMMANDS}", highlight=False)


def generic_help(observation: Mapping[str, Any], legal: Sequence[Action]) -> str:
    """What ``?`` shows when the game has no explanation for this phase: the kinds of choice
    on offer, with an example of each."""
    kinds: dict[str, list[Action]] = {}
    for action in legal:
        kinds.setdefault(action.kind, []).append(action)
    phase = str(observation.get("phase", "")).replace("-", " ").replace("_", " ")
    lines = [f"Now: {phase or 'a decision'}. You have {len(legal)} choices:"]
    for kind, actions in kinds.items():
        example = actions[0].describe()
        more = f", and {len(actions) - 1} more like it" if len(actions) > 1 else ""
        lines.append(f"  {kind.replace('_', ' ')}: e.g. {example!r}{more}")
    return "\n".join(lines)
