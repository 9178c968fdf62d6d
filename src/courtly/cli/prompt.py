"""What a person types at ``your choice>``: a number, or one of a few letters."""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rich.text import Text

from courtly.cli.choices import Amounts, Choice
from courtly.cli.common import console
from courtly.core.actions import Action
from courtly.core.i18n import text


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


def discard_typed_ahead() -> None:
    """Drop what was typed but not read yet (keys pressed while a bot thought), where the input
    is a terminal; piped input is a script meant to be read in full."""
    try:
        import termios
    except ImportError:  # not a POSIX terminal: nothing to drop
        return
    try:
        if sys.stdin.isatty():
            termios.tcflush(sys.stdin.fileno(), termios.TCIFLUSH)
    except (OSError, ValueError, termios.error):
        pass  # stdin closed or not a real terminal: there is nothing to drop


def _read(prompt: str) -> str:
    try:
        # Text, not markup: plain words, numbers not recoloured by rich's highlighter.
        return console.input(Text(f"{prompt}> ", style="bold")).strip().lower()
    except EOFError:
        raise QuitGame("input ended") from None


def whole_number(typed: str) -> int | None:
    """``typed`` as a whole number, or None: only decimal digits count (``str.isdigit`` also
    takes ``²`` and ``①``, which ``int`` refuses), and no number longer than Python reads."""
    if not typed.isdecimal():
        return None
    try:
        return int(typed)
    except ValueError:  # more digits than int() converts
        return None


def ask(listed: Sequence[Choice]) -> Answer:
    """Ask until the answer is a numbered choice or a command; anything else is refused in one
    line (the full list of commands is ``?``'s). An amount choice takes its amount after its
    number (``2 30``), or asks for it."""
    while True:
        answer = _read(text("cli.prompt"))
        if not answer:
            continue
        if answer in ("q", "quit", "exit"):
            raise QuitGame("quit")
        if answer in _LETTERS:
            return Answer(command=_LETTERS[answer])
        typed, _, amount = answer.partition(" ")
        number = whole_number(typed)
        if number is not None and 1 <= number <= len(listed):
            choice = listed[number - 1]
            if not isinstance(choice, Amounts):
                if not amount.strip():
                    return Answer(action=choice)
            else:
                action = _amount(choice, amount.strip())
                if action is not None:
                    return Answer(action=action)
                continue
        # Text, not markup: what was typed may hold square brackets.
        console.print(Text(refusal(answer, len(listed)), style="yellow"), highlight=False)


def refusal(answer: str, count: int) -> str:
    """The one line that refuses ``answer`` where ``count`` choices are numbered."""
    numbers = "1" if count == 1 else text("cli.play.numbers", last=count)
    return text("cli.play.not_a_choice", answer=repr(answer), numbers=numbers)


def _amount(choice: Amounts, typed: str) -> Action | None:
    """The action of the amount typed after the choice's number, or asked for now; None when
    the person goes back (an empty answer) to choose again."""
    while True:
        if not typed:
            typed = _read(text("cli.choice.how_much", span=choice.span()))
            if not typed:
                return None
        amount = whole_number(typed)
        if amount is not None and amount in choice.by_amount:
            return choice.by_amount[amount]
        refused = text("cli.choice.not_amount", answer=repr(typed), span=choice.span())
        console.print(Text(refused, style="yellow"), highlight=False)
        typed = ""


def generic_help(
    observation: Mapping[str, Any],
    legal: Sequence[Action],
    describe: Callable[[Action], str],
    phase_words: Any = None,
) -> str:
    """What ``?`` shows when the game has no explanation for this phase: the phase, and the
    kinds of choice on offer with an example of each (``describe`` reads an action and
    ``phase_words`` a phase id in the reader's language; ids are never shown as words)."""
    kinds: dict[str, list[Action]] = {}
    for action in legal:
        kinds.setdefault(action.kind, []).append(action)
    phase = str(observation.get("phase") or "")
    named = phase_words(phase) if phase and phase_words is not None else ""
    lines = [text("cli.help.now", phase=named or text("cli.help.a_decision"), n=len(legal))]
    for actions in kinds.values():
        example = describe(actions[0])
        more = text("cli.help.more", n=len(actions) - 1) if len(actions) > 1 else ""
        lines.append("  " + text("cli.help.kind", example=repr(example), more=more))
    return "\n".join(lines)
