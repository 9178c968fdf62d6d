"""What the commands that play many games share: where the games run (``--workers``,
``--backend``, ``--address``) and what Ctrl-C does (stop the workers, keep what finished,
exit 130)."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Annotated, Any, NoReturn, TypeVar

import typer

from courtly.analysis.runner import RayMissingError, Runner
from courtly.cli import INTERRUPTED
from courtly.cli.common import err_console
from courtly.core.i18n import text

F = TypeVar("F", bound=Callable[..., Any])


BackendOpt = Annotated[
    str,
    typer.Option("--backend", metavar="local|ray"),
]
AddressOpt = Annotated[
    str | None,
    typer.Option("--address", metavar="ADDRESS"),
]


def make_runner(backend: str, workers: int, address: str | None) -> Runner:
    """The runner the options ask for; CourtlyError (one line, exit 2) if it cannot run."""
    chosen = Runner(backend, workers, address)
    try:
        chosen.check()
    except RayMissingError as exc:
        refuse_plainly(str(exc))
    return chosen


def refuse_plainly(message: str) -> NoReturn:
    """One error line printed as it is (an install hint's ``[extra]`` is not markup), exit 2."""
    err_console.print(f"error: {message}", markup=False, highlight=False)
    raise typer.Exit(code=2)


def interruptible(what_is_kept: str = "") -> Callable[[F], F]:
    """Turn Ctrl-C into one line and exit code 130 (the runner has already stopped the
    workers). ``what_is_kept``, a key of the catalogue, tells the user how to go on."""

    def decorate(func: F) -> F:
        @wraps(func)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            try:
                return func(*args, **kwargs)
            except KeyboardInterrupt:
                kept = f": {text(what_is_kept)}" if what_is_kept else ""
                err_console.print(text("cli.interrupted") + kept)
                raise typer.Exit(code=INTERRUPTED) from None

        return wrapper  # type: ignore[return-value]

    return decorate
