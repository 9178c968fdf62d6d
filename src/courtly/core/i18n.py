"""Languages: message catalogues, the language a reader chose, and Korean particles.

Texts live in gettext ``.po`` catalogues, one domain per package (the kernel, CLI and server in
``courtly``, each game in its own), keyed by stable ids (``event.draw``, ``term.suit.hearts``,
``score.glory``...). Catalogues are read with Babel when first needed and kept: nothing is
compiled, so an editable install sees an edited catalogue at the next start.

A text is formed for a language when it is shown. English is the fallback for a key a
language lacks; a key missing from English too is a bug (the catalogue tests catch it).
"""

from __future__ import annotations

import os
import re
import string
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from babel.messages.pofile import read_po
from rich.cells import cell_len

ENGLISH = "en"
KOREAN = "ko"
#: Every language the project ships, English first (the fallback).
LANGUAGES = (ENGLISH, KOREAN)
LANGUAGE_NAMES = {ENGLISH: "English", KOREAN: "한국어"}

_current: ContextVar[str] = ContextVar("courtly_language", default=ENGLISH)
# The seats' names (None: a seat read by its number), where a front knows them.
_seat_names: ContextVar[tuple[str | None, ...]] = ContextVar("courtly_seat_names", default=())


# --- choosing a language ---------------------------------------------------------------------


def normalize(tag: object) -> str | None:
    """The shipped language a locale or language tag names ('ko_KR.UTF-8', 'ko-KR', 'en'), or
    None when it names none of them."""
    if not isinstance(tag, str):
        return None
    base = re.split(r"[-_.@]", tag.strip(), maxsplit=1)[0].lower()
    return base if base in LANGUAGES else None


def check_language(tag: str) -> str:
    """``tag`` as a shipped language; ValueError with the choices for anything else."""
    lang = normalize(tag)
    if lang is None:
        raise ValueError(f"unknown language {tag!r}; languages: {', '.join(LANGUAGES)}")
    return lang


def language_from_env(environ: Mapping[str, str] | None = None) -> str:
    """The language of a POSIX environment: the first of LC_ALL, LC_MESSAGES, LANG that is
    set decides (their order of precedence); a locale we do not ship means English."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if value:
            return normalize(value) or ENGLISH
    return ENGLISH


def language_from_accept(header: str | None) -> str:
    """The shipped language an HTTP ``Accept-Language`` header prefers most (English if none)."""
    best, best_q = ENGLISH, -1.0
    for part in (header or "").split(","):
        tag, _, params = part.strip().partition(";")
        lang = normalize(tag)
        if lang is None:
            continue
        q = 1.0
        match = re.search(r"q\s*=\s*([^;\s]*)", params)
        if match:
            try:
                q = float(match.group(1))
            except ValueError:
                continue
        # Equal weights keep the header's order: the earlier entry wins.
        if q > best_q and q > 0:
            best, best_q = lang, q
    return best


def current_language() -> str:
    """The language this thread or task shows texts in (set by the front, English otherwise)."""
    return _current.get()


def set_language(lang: str) -> None:
    """Show texts in ``lang`` from now on in this context (a front's start-up choice)."""
    _current.set(check_language(lang))


@contextmanager
def using(lang: str) -> Iterator[None]:
    """Show texts in ``lang`` inside the block."""
    token = _current.set(check_language(lang))
    try:
        yield
    finally:
        _current.reset(token)


# --- Korean particles ------------------------------------------------------------------------

# The particle spec (its form after a consonant) -> (after a consonant, after a vowel).
PARTICLES = {
    "을": ("을", "를"),
    "이": ("이", "가"),
    "은": ("은", "는"),
    "과": ("과", "와"),
    "으로": ("으로", "로"),
}
_RIEUL = 8  # the final-consonant index of ㄹ in a Hangul syllable
# How the last digit of a number is read in Korean: its final consonant index, 0 for none.
# 영 일 이 삼 사 오 육 칠 팔 구
_DIGIT_FINAL = dict(zip("0123456789", (21, _RIEUL, 0, 16, 0, 0, 1, _RIEUL, _RIEUL, 0), strict=True))
# Round numbers are read by their unit: 십 (ㅂ), 백 (ㄱ), 천 (ㄴ), 만 (ㄴ).
_ZEROS_FINAL = {1: 17, 2: 1, 3: 4}
# Latin letters spelled out (an abbreviation, a card's "X1"...): L 엘, M 엠, N 엔, R 알.
_LETTER_FINAL = {"l": _RIEUL, "m": 16, "n": 4, "r": _RIEUL}
# The last letter of a Latin word as Korean writes it: l -> ㄹ, nasals and stops -> a final
# consonant; vowels, r (British "-er", "-or"), s, x, z, f, v, h -> a vowel (으/어 ending).
_WORD_FINAL = {
    "l": _RIEUL,
    "m": 16,
    "n": 4,
    "g": 21,
    "k": 1,
    "c": 1,
    "q": 1,
    "b": 17,
    "p": 17,
    "t": 19,
    "d": 19,
}


def final_consonant(word: str) -> int | None:
    """How ``word`` ends when read in Korean: 0 for a vowel, 8 for ㄹ, another index for
    another final consonant; None when nothing in it can be read (punctuation only)."""
    stripped = word.rstrip()
    end = len(stripped)
    while end and not stripped[end - 1].isalnum():
        end -= 1
    if not end:
        return None
    last = stripped[end - 1]
    if "가" <= last <= "힣":
        return (ord(last) - 0xAC00) % 28
    if last.isdigit():
        run = len(stripped[:end]) - len(stripped[:end].rstrip("0"))
        if last == "0" and run < end and stripped[end - run - 1].isdigit():
            return _ZEROS_FINAL.get(run, 4)
        return _DIGIT_FINAL.get(last, 0)
    start = end
    while start and stripped[start - 1].isascii() and stripped[start - 1].isalpha():
        start -= 1
    latin = stripped[start:end]
    if latin and (len(latin) == 1 or latin.isupper()):
        return _LETTER_FINAL.get(latin[-1].lower(), 0)
    if latin:
        if latin.lower().endswith("ng"):
            return 21
        return _WORD_FINAL.get(latin[-1].lower(), 0)
    return 0


def attach(word: str, particle: str) -> str:
    """``word`` followed by the form of ``particle`` (named by its after-consonant form, or
    its other form) that its last sound takes: 을/를, 이/가, 은/는, 과/와, 으로/로."""
    pair = PARTICLES.get(particle) or next(
        (p for p in PARTICLES.values() if p[1] == particle), None
    )
    if pair is None:
        raise ValueError(f"unknown particle {particle!r}; particles: {', '.join(PARTICLES)}")
    final = final_consonant(word)
    if final is None:
        return word + f"{pair[0]}({pair[1]})"
    if pair[0] == "으로":
        return word + (pair[1] if final in (0, _RIEUL) else pair[0])
    return word + (pair[0] if final else pair[1])


class _TextFormatter(string.Formatter):
    """``str.format`` whose format spec may name a Korean particle (``{card:을}``) or an
    English word's singular and plural (``{n} {n:card|cards}``: "1 card", "2 cards")."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if "|" in format_spec:
            # A count may come as text: events' fields are put into words before the fill.
            one, other = format_spec.split("|", 1)
            return one if str(value) == "1" else other
        if format_spec and not format_spec[0].isascii():
            return attach(str(value), format_spec)
        return str(super().format_field(value, format_spec))


def _needs_formatter(spec: str | None) -> bool:
    """Whether a placeholder's spec is one of ours (a particle, or singular|plural), which
    ``str.format_map`` does not know."""
    return spec is not None and spec != "" and (not spec[0].isascii() or "|" in spec)


_FORMATTER = _TextFormatter()
# Per template: whether it names a particle or a plural (only those need the slower Python
# formatter).
_HAS_PARTICLE: dict[str, bool] = {}


def fill(template: str, fields: Mapping[str, Any]) -> str:
    """``template`` with its ``{name}`` / ``{name:particle}`` / ``{name:one|other}``
    placeholders filled."""
    particle = _HAS_PARTICLE.get(template)
    if particle is None:
        particle = _HAS_PARTICLE[template] = any(
            _needs_formatter(spec) for _, _, spec, _ in string.Formatter().parse(template)
        )
    if particle:
        return _FORMATTER.vformat(template, (), fields)
    return template.format_map(fields)


@lru_cache(maxsize=4096)
def placeholders(template: str) -> frozenset[str]:
    """The field names a template uses (``{card:을}`` counts as ``card``)."""
    return frozenset(name for _, name, _, _ in string.Formatter().parse(template) if name)


def wrap(line: str, width: int, subsequent_indent: str = "") -> list[str]:
    """``line`` broken at spaces into lines of at most ``width`` terminal cells (a Korean
    syllable takes two: ``textwrap`` counts characters and would overflow)."""
    lines: list[str] = []
    current = line[: len(line) - len(line.lstrip(" "))]
    filled = False  # whether ``current`` holds a word yet
    for word in line.split():
        candidate = f"{current} {word}" if filled else current + word
        if filled and cell_len(candidate) > width:
            lines.append(current)
            current = subsequent_indent + word
        else:
            current = candidate
        filled = True
    lines.append(current.rstrip())
    return lines


# --- catalogues ------------------------------------------------------------------------------


def _read(package: str, domain: str, lang: str) -> dict[str, str]:
    path = resources.files(package).joinpath("locales", lang, "LC_MESSAGES", f"{domain}.po")
    if not path.is_file():
        return {}
    with path.open("rb") as handle:
        catalogue = read_po(handle, locale=lang, domain=domain)
    return {
        str(message.id): str(message.string)
        for message in catalogue
        if message.id and isinstance(message.string, str) and message.string and not message.fuzzy
    }


class Domain:
    """One catalogue domain: the ``.po`` files under ``<package>/locales/<lang>/LC_MESSAGES/
    <name>.po``. A key it lacks is looked up in ``fallback`` (a game's domain falls back to
    ``courtly``'s, which holds the shared words such as ``term.seat``)."""

    def __init__(self, name: str, package: str, fallback: Domain | None = None) -> None:
        self.name = name
        self.package = package
        self.fallback = fallback
        self._messages: dict[str, dict[str, str]] = {}
        self._found: dict[tuple[str, str], str | None] = {}

    def messages(self, lang: str) -> dict[str, str]:
        """Every key and text of this domain's catalogue in ``lang`` (empty if it has none)."""
        found = self._messages.get(lang)
        if found is None:
            found = self._messages[lang] = _read(self.package, self.name, lang)
        return found

    def lookup(self, key: str, lang: str | None = None) -> str | None:
        """The text of ``key`` in ``lang`` (default: the current language), else in English,
        here or in the fallback domain; None if no catalogue has it."""
        lang = lang or current_language()
        cached = (key, lang)
        if cached in self._found:
            return self._found[cached]
        found = next(
            (d.messages(lang)[key] for d in self._chain() if key in d.messages(lang)), None
        )
        if found is None and lang != ENGLISH:
            found = self.lookup(key, ENGLISH)
        self._found[cached] = found
        return found

    def has(self, key: str) -> bool:
        """Whether the English catalogue (here or in the fallback) has ``key``."""
        return self.lookup(key, ENGLISH) is not None

    def text(self, key: str, lang: str | None = None, /, **fields: Any) -> str:
        """The text of ``key`` in ``lang`` with ``fields`` filled in (KeyError if no catalogue
        has the key: a bug, which the catalogue tests catch)."""
        return self.render(key, lang, fields)

    def render(self, key: str, lang: str | None, fields: Mapping[str, Any]) -> str:
        """:meth:`text` with the fields as a mapping, for data whose names are not known in
        advance (an error's data may hold a ``key`` or a ``lang``: compiled by mypyc, a
        positional-only parameter still clashes with a keyword of its name)."""
        template = self.lookup(key, lang)
        if template is None:
            raise KeyError(f"no message {key!r} in the {self.name} catalogues")
        return fill(template, fields) if fields else template

    def phrase(self, phrase_key_: str, /, **fields: Any) -> Phrase:
        """``phrase_key_`` with ``fields``, to be formed in whichever language it is shown in
        (the odd name leaves ``key`` free for the data, as :meth:`CourtlyError.keyed` does)."""
        return Phrase(phrase_key_, tuple(fields.items()), self)

    def term(self, vocabulary: str, word: object, lang: str | None = None) -> str:
        """A word of the vocabulary (``term.<vocabulary>.<word>``) in ``lang``."""
        return self.text(f"term.{vocabulary}.{word}", lang)

    def terms(self, vocabulary: str) -> Callable[[Any, str], str]:
        """A formatter: a field's id read as a word of ``vocabulary``."""

        def word(value: Any, lang: str) -> str:
            return self.term(vocabulary, value, lang)

        return word

    def _chain(self) -> Iterator[Domain]:
        domain: Domain | None = self
        while domain is not None:
            yield domain
            domain = domain.fallback


#: The kernel's, the terminal's and the server's texts.
COURTLY = Domain("courtly", "courtly")

#: A text declared once and read in several languages: fixed words (a plug-in's own, in one
#: language) or a function of the language, such as a :class:`Phrase`.
Localized = str | Callable[[str], str]


@dataclass(frozen=True)
class Phrase:
    """A keyed text kept as its key and data until it is shown, so a declaration made once
    at import (an option's allowed values, an agent parameter's range) reads in the language
    of each reader. Call it with a language for its text; ``Domain.phrase`` makes one."""

    key: str
    fields: tuple[tuple[str, Any], ...]
    domain: Domain

    def __call__(self, lang: str) -> str:
        return self.domain.render(self.key, lang, dict(self.fields))


def either(words: Sequence[str]) -> Phrase:
    """``"a, b or c"`` in the reader's language (the words are values, typed as they are)."""
    return COURTLY.phrase("allowed.or", words=", ".join(words[:-1]), last=words[-1])


def localized(words: Localized, lang: str | None = None) -> str:
    """``words`` in ``lang`` (default: the current language)."""
    return words if isinstance(words, str) else words(lang or current_language())


def seat_text(seat: Any, lang: str = ENGLISH) -> str:
    """A seat as people read it: its name inside :func:`naming` where it has one, else
    numbered from 1 ("seat 2", "2번 자리")."""
    index = int(seat)
    names = _seat_names.get()
    name = names[index] if 0 <= index < len(names) else None
    if name:
        return name
    return _seat_text(index, lang)


@contextmanager
def naming(names: Sequence[str | None]) -> Iterator[None]:
    """Inside the block, seat ``i`` reads as ``names[i]`` where it is not None (the renderer,
    ``courtly.core.render``, names a table's seats so). Particles after a seat follow the
    name's last sound (``{seat:이}``: "Bob이", "민지가"), so a name reads as naturally as a
    number."""
    token = _seat_names.set(tuple(names))
    try:
        yield
    finally:
        _seat_names.reset(token)


@lru_cache(maxsize=256)
def _seat_text(seat: int, lang: str) -> str:
    return COURTLY.text("term.seat", lang, n=seat + 1)


def text(key: str, lang: str | None = None, /, **fields: Any) -> str:
    """A text of the ``courtly`` domain (the kernel, the CLI, the server)."""
    return COURTLY.text(key, lang, **fields)
