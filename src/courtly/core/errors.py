"""The errors courtly raises for bad input. Every one says why, and none leaves a state changed.

An error a person meets is *keyed*: it carries a message key of the ``courtly`` catalogue and
the data that fills it (``OptionError.keyed("error.option.value", name=..., ...)``). Its
English text (``str(error)``, what logs, tests and records see) comes from the English
catalogue; a front shows it in its reader's language with :func:`error_text`. An error raised
with a plain English message (the field-by-field checks of a saved state, rare internal
failures) reads in another language as a sentence of that language framing the English detail
(``error.frame.<kind>``), so nobody meets a bare English line without a word they can read.
"""

from __future__ import annotations

import errno
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Self

from courtly.core.i18n import COURTLY, ENGLISH, LANGUAGES, current_language


class Words:
    """Error data that reads differently by language (an action's description): its text in
    every language, formed when the error is raised (so the error still pickles). An
    exception given as data whose one argument is Words (``ValueError(Words.of(...))``, an
    option parser's reason) reads in the reader's language too."""

    def __init__(self, texts: Mapping[str, str]) -> None:
        self.texts = dict(texts)

    @classmethod
    def of(cls, form: Callable[[str], str]) -> Words:
        return cls({lang: form(lang) for lang in LANGUAGES})

    def text(self, lang: str) -> str:
        return self.texts.get(lang, self.texts[ENGLISH])

    def __str__(self) -> str:
        return self.texts[ENGLISH]


class CourtlyError(Exception):
    """Base class of every error courtly raises on purpose."""

    #: The catalogue key (``error.frame.<frame>``) of the sentence that frames an unkeyed
    #: message of this kind in another language.
    frame: ClassVar[str] = "other"

    def __init__(
        self, message: str = "", *, key: str | None = None, data: Mapping[str, Any] | None = None
    ) -> None:
        super().__init__(message)
        self.key = key
        self.data: dict[str, Any] = dict(data or {})

    @classmethod
    def keyed(cls, message_key_: str, /, **data: Any) -> Self:
        """The error whose text is ``message_key_`` of the ``courtly`` catalogue, filled with
        ``data`` (values may be other errors: they are shown in the reader's language too).
        The odd name leaves ``key`` free for the data: compiled by mypyc, a positional-only
        parameter still takes its name from the keywords."""
        return cls(_render(message_key_, data, ENGLISH), key=message_key_, data=data)

    def __reduce__(self) -> tuple[Any, ...]:
        # Across processes (the analysis workers) the key and data travel with the message.
        return (_rebuild, (type(self), self.args, self.key, self.data))


def _rebuild(
    cls: type[CourtlyError], args: tuple[Any, ...], key: str | None, data: dict[str, Any]
) -> CourtlyError:
    return cls(*args, key=key, data=data)


def _render(key: str, data: Mapping[str, Any], lang: str) -> str:
    fields = {name: _field(value, lang) for name, value in data.items()}
    return COURTLY.render(key, lang, fields)


def _field(value: Any, lang: str) -> Any:
    if isinstance(value, CourtlyError):
        return error_text(value, lang)
    if isinstance(value, BaseException):
        if len(value.args) == 1 and isinstance(value.args[0], Words):
            return value.args[0].text(lang)  # ValueError(Words...): a parser's own reason
        return str(value)  # Python's own detail (a JSON or number error) has no other words
    if isinstance(value, Words):
        return value.text(lang)
    return value


def os_reason(exc: OSError) -> Words:
    """Why the system refused a file (``exc.strerror``, as the C library words it in English):
    in another language the common reasons are read from the catalogue by their errno
    (``error.os.ENOENT``...), the others stay as the system said them."""
    detail = exc.strerror or str(exc)
    key = f"error.os.{errno.errorcode.get(exc.errno or 0, '')}"

    def form(lang: str) -> str:
        if lang == ENGLISH or not COURTLY.has(key):
            return detail
        return COURTLY.text(key, lang)

    return Words.of(form)


def error_text(error: BaseException, lang: str | None = None) -> str:
    """``error`` as a reader of ``lang`` (default: the current language) reads it. In English
    this is ``str(error)``, always."""
    lang = lang or current_language()
    if lang == ENGLISH:
        return str(error)
    if isinstance(error, CourtlyError):
        if error.key is not None:
            return _render(error.key, error.data, lang)
        return COURTLY.text(f"error.frame.{error.frame}", lang, detail=str(error))
    return COURTLY.text("error.frame.other", lang, detail=str(error))


class UnknownGameError(CourtlyError):
    """A game name that is not registered."""


class OptionError(CourtlyError):
    """An unknown option, or a value the option does not allow."""

    frame: ClassVar[str] = "option"


class PlayerCountError(CourtlyError):
    """A player count the game does not support."""


class IllegalActionError(CourtlyError):
    """An action that is not legal in this state (or not an action of this game at all)."""

    frame: ClassVar[str] = "action"


class WrongPlayerError(IllegalActionError):
    """An action submitted by a player whose turn it is not."""


class InvalidStateError(CourtlyError):
    """A state description (JSON) that is malformed or describes an impossible position."""

    frame: ClassVar[str] = "state"


class RecordError(CourtlyError):
    """A game record that is malformed or does not replay to what it claims."""

    frame: ClassVar[str] = "record"


class UnusableFileError(CourtlyError):
    """A path a command cannot read or write, or a file that is not what it must be (a results
    file or report folder of another run, a line that is not a game): the command line was
    fine, the file is not, so the terminal exits with code 1 rather than the usage code 2."""


class AgentSpecError(CourtlyError):
    """An agent name or agent parameter that is not understood."""

    frame: ClassVar[str] = "agent"


class InvalidSeatError(CourtlyError):
    """A seat index outside the game's seats (seats are numbered 0 to players - 1 in the API)."""


class StaleSequenceError(CourtlyError):
    """An action sent for a position that has changed since the sender saw it."""


class UndoError(CourtlyError):
    """An undo the rules of undo do not allow now (chance or a reveal since, or not your move)."""
