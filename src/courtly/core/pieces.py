"""Words that name a thing a front may draw rather than write (a card): the text itself, as
every front reads it (the terminal writes the sentence as it is), and its pieces, so that a
front drawing cards (the browser's glyphs) knows which words name which card without reading
the sentence (which no parser of words can do in every language, nor when a seat's name is a
card's).

A game's formatter returns :func:`card` for a card's words; ``courtly.core.render`` keeps the
pieces through the sentence (a Korean particle after a card's words stays text) and gives
the message its ``parts``."""

from __future__ import annotations

import string
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from mypy_extensions import mypyc_attr

from courtly.core.i18n import attach, fill

__all__ = ["Card", "Pieces", "card", "joined", "parts_json", "sentence"]


@dataclass(frozen=True, slots=True)
class Card:
    """A card named in a text: its id (the game's JSON form, "9C") and the words naming it."""

    id: str
    words: str


# A str subclass: the compiled build (mypyc) keeps it a Python class.
@mypyc_attr(native_class=False)
class Pieces(str):
    """A text (this string) and its pieces in order: plain text, and the cards it names."""

    parts: tuple[str | Card, ...]

    def __new__(cls, parts: Iterable[str | Card]) -> Pieces:
        merged: list[str | Card] = []
        for part in parts:
            if isinstance(part, Card):
                merged.append(part)
            elif part:
                if merged and isinstance(merged[-1], str):
                    merged[-1] += part
                else:
                    merged.append(str(part))
        text = str.__new__(cls, "".join(p.words if isinstance(p, Card) else p for p in merged))
        text.parts = tuple(merged)
        return text


def card(card_id: str, words: str) -> Pieces:
    """``words`` naming the card ``card_id``."""
    return Pieces((Card(card_id, words),))


def joined(separator: str, items: Iterable[str]) -> str:
    """``items`` joined by ``separator``, keeping the cards among them."""
    parts: list[str | Card] = []
    for i, item in enumerate(items):
        if i:
            parts.append(separator)
        parts.extend(item.parts if isinstance(item, Pieces) else (item,))
    pieces = Pieces(parts)
    return pieces if any(isinstance(p, Card) for p in pieces.parts) else str(pieces)


_PARSER = string.Formatter()


def sentence(template: str, words: Mapping[str, Any]) -> str:
    """``template`` filled with ``words`` (as ``courtly.core.i18n.fill``); :class:`Pieces` when
    a word names a card, its pieces kept (a particle, ``{card:을}``, follows as text)."""
    if not any(isinstance(w, Pieces) for w in words.values()):
        return fill(template, words)
    parts: list[str | Card] = []
    for literal, name, spec, _conversion in _PARSER.parse(template):
        parts.append(literal)
        if name is None:
            continue
        word, spec = words[name], spec or ""
        particle = bool(spec) and not spec[0].isascii()
        if isinstance(word, Pieces):
            parts.extend(word.parts)
            if particle:
                parts.append(attach(str(word), spec)[len(word) :])
        else:
            parts.append(fill("{w:" + spec + "}" if spec else "{w}", {"w": word}))
    return Pieces(parts)


def parts_json(text: str) -> list[dict[str, str]] | None:
    """A text's pieces as a message carries them (``{"text"}``, ``{"text", "card"}``), None
    for a text that names no card (its ``text`` says it all)."""
    if not isinstance(text, Pieces):
        return None
    return [
        {"text": p.words, "card": p.id} if isinstance(p, Card) else {"text": p} for p in text.parts
    ]
