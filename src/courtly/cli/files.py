"""Where the terminal reads and writes files: checked before work starts, so that a path that
cannot be used is refused in one line, not discovered at the end of a game."""

from __future__ import annotations

import datetime
import json
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Protocol, TypeVar

import platformdirs

from courtly.core.errors import UnusableFileError, os_reason
from courtly.core.records import GameRecord


def check_writable(path: str | Path) -> Path:
    """``path`` if a file can be written there; the file is left as it was."""
    target = Path(path).expanduser()
    if target.is_dir():
        raise UnusableFileError.keyed("error.file.is_folder", path=path)
    folder = target.parent
    if not folder.exists():
        raise UnusableFileError.keyed("error.file.no_folder", path=path, folder=folder)
    if not folder.is_dir():
        raise UnusableFileError.keyed("error.file.folder_is_file", path=path, folder=folder)
    existed = target.exists()
    try:
        with target.open("a", encoding="utf-8"):
            pass
    except OSError as exc:
        raise UnusableFileError.keyed(
            "error.file.write", path=path, reason=os_reason(exc)
        ) from None
    if not existed:
        target.unlink()
    return target


def check_folder(path: str | Path) -> Path:
    """``path`` as a folder that exists (made if missing), or a one-line refusal."""
    folder = Path(path).expanduser()
    if folder.exists() and not folder.is_dir():
        raise UnusableFileError.keyed("error.file.not_folder", path=path)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UnusableFileError.keyed(
            "error.file.mkdir", path=path, reason=os_reason(exc)
        ) from None
    return folder


def saved_games_folder() -> Path:
    """Where an interrupted game is kept when no ``--save`` file was named."""
    return platformdirs.user_data_path("courtly") / "saved-games"


def temporary_saved_games_folder() -> Path:
    """The last place a game goes when neither ``--save`` nor the data folder can be written."""
    return Path(tempfile.gettempdir()) / "courtly-saved-games"


def new_save_path(game: str, seed: int, folder: Path | None = None) -> Path:
    """A fresh file in ``folder`` (:func:`saved_games_folder` by default) for a game stopped
    before its end."""
    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y%m%d-%H%M%S")
    where = check_folder(saved_games_folder() if folder is None else folder)
    return where / f"{game}-{stamp}-seed{seed}.json"


def save_places(preferred: Path | None, game: str, seed: int) -> Iterator[Callable[[], Path]]:
    """Where a game may be saved, best first: ``preferred`` (the ``--save`` file), a new file
    in the data folder, a new file in the temporary folder. Each is made only when asked
    for, so a folder that cannot be made refuses only its own turn
    (:class:`UnusableFileError`)."""
    if preferred is not None:
        yield lambda: preferred
    yield lambda: new_save_path(game, seed)
    yield lambda: new_save_path(game, seed, temporary_saved_games_folder())


class _Stepped(Protocol):
    @property
    def step(self) -> int: ...


Saved = TypeVar("Saved", bound=_Stepped)


#: The format name of a review's side file (a seat's review or the spectator's series).
REVIEW_SIDE_FORMAT = "courtly-review-progress"


def review_identity(
    record: GameRecord, seat: int | str, settings: dict[str, Any]
) -> dict[str, Any]:
    """What a review's side file must match to be resumed: the same finished record (its last
    fingerprint), the same seat (``"spectator"`` for the public series), the same settings and
    the same calibration (a file of an older courtly's curve is started afresh, not mixed)."""
    # Imported here: the review's package brings the search, which only a review needs.
    from courtly.analysis.review.calibration import load_calibration

    return {
        "format": REVIEW_SIDE_FORMAT,
        "record": record.fingerprints[-1] if record.fingerprints else None,
        "seat": seat,
        "settings": settings,
        "calibration": load_calibration(record.game, record.num_players).digest(),
    }


def saved_by_step(
    path: Path, identity: dict[str, Any], key: str, parse: Callable[[Any], Saved]
) -> dict[int, Saved]:
    """What a review's side file holds under ``key``, by step, when it was made with the same
    settings (``identity``): nothing when there is no such file, or one of another review or
    unreadable, so that the work is started afresh rather than mixed."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if {k: data.get(k) for k in identity} != identity:
            return {}
        items = [parse(item) for item in data[key]]
    except (OSError, ValueError, KeyError, TypeError):
        return {}
    return {item.step: item for item in items}
