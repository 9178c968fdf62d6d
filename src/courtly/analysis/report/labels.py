"""How a report names a game's own statistics in the reader's language, and how the designer
commands (``report``, ``simulate``, ``tournament``) write a figure and an interval.

A statistic's name (``group/item``) and a text statistic's values are data: the games file,
``games.csv`` and the figures' file names and ids keep them as the game wrote them. Only what
a person reads goes through the game's catalogue: ``stat.GROUP`` for a group,
``stat.GROUP.ITEM`` for an item, ``stat.value.VALUE`` for a value (each part as its
:func:`slug`); ``seat N`` reads as that language's seat. What the catalogue lacks is shown as
the game wrote it.
"""

from __future__ import annotations

import re

from courtly.core.i18n import ENGLISH, seat_text, text
from courtly.core.registry import load_game

SEAT_VALUE = re.compile(r"seat (\d+)")


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "statistic"


def number(value: float, digits: int, signed: bool = False) -> str:
    """A figure with ``digits`` decimals and a true minus sign (U+2212), as every designer
    output writes one (report, simulate, tournament, ladder): a range of negative figures
    reads as one (``−11.85 to −6.40``), never as ``-11.85--6.40``. ``signed`` gives a
    positive figure its ``+`` (an Elo rating: ``+223``, ``−223``, ``0``)."""
    shown = f"{value:.{digits}f}"
    if shown.startswith("-"):
        shown = shown[1:] if float(shown) == 0 else "\u2212" + shown[1:]
    elif signed and float(shown) != 0:
        shown = "+" + shown
    return shown


def interval_text(low: float, high: float, digits: int, percent: bool = False) -> str:
    """A 95% interval as people read it, in words: ``0.040 to 0.231`` (Korean ``0.040~0.231``),
    each bound as :func:`number` writes it; ``percent`` shows proportions as percentages
    (``0% to 16%``). Never ``0.040-0.231``, where the hyphen reads as a minus sign."""
    scale, unit = (100.0, "%") if percent else (1.0, "")
    return text(
        "report.page.range",
        low=number(scale * low, digits) + unit,
        high=number(scale * high, digits) + unit,
    )


class StatLabels:
    """The words of one game's statistics in ``lang`` (unchanged in English)."""

    def __init__(self, game: str | None, lang: str) -> None:
        self.game = None if game is None or lang == ENGLISH else load_game(game)
        self.lang = lang

    def _word(self, key: str, default: str) -> str:
        if self.game is None:
            return default
        return self.game.text(key, self.lang, default)

    def group(self, group: str) -> str:
        return self._word(f"stat.{slug(group)}", group)

    def item(self, name: str) -> str:
        """The part of ``group/item`` after the group."""
        group, _, item = name.partition("/")
        if not item:
            return self.group(group)
        return self._word(f"stat.{slug(group)}.{slug(item)}", item)

    def name(self, name: str) -> str:
        """``group/item`` whole, each part in the reader's words."""
        group, sep, _ = name.partition("/")
        return self.group(group) + (sep + self.item(name) if sep else "")

    def value(self, value: str) -> str:
        seat = SEAT_VALUE.fullmatch(value)
        if seat is not None and self.game is not None:
            return seat_text(int(seat.group(1)) - 1, self.lang)
        return self._word(f"stat.value.{slug(value)}", value)
