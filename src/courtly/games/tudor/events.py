"""Every event Tudor emits: a stable kind, data of ids and numbers, and how its sentence is made
in the reader's language (the sentences: ``event.<kind>`` in the catalogue).

Each decision played is one event whose kind is the action's kind (kebab-case) and whose data
are the seat that decided plus the action's arguments (faction, finger, chamber, letter,
space label, side...); three steps whose action's words would tell another story have kinds
of their own (``exchange``, ``swap-first``, ``swap``: ``rules.dispatch``). Then come the
public news a seat should not have to work out: Prestige gained, a new Round, the end.
Everything in Tudor happens in the open (cards are taken from and returned to visible stacks,
tokens picked up face up), so every event is public; what stays hidden is which of the items
behind a screen are which.
"""

from __future__ import annotations

from typing import Final

from courtly.core.events import EventKinds
from courtly.games.tudor.words import (
    FIELD_WORDS,
    TEXTS,
    gains_words,
    scores_words,
    seats_words,
)

EVENTS: Final = EventKinds(
    (
        # One per action kind (actions.py): the seat that decided and the action's arguments.
        "draft",
        "finger",
        "rearrange",
        "keep-rings",
        "bench",
        "forgo",
        "lord",
        "no-lord",
        "activate-courtier",
        "activate-lord",
        "action",
        "done-figure",
        "end-turn",
        "take",
        "give",
        "pay",
        "skip",
        "advance",
        "stop",
        "new-courtier",
        "stand-ring",
        "hand-ring",
        "bonus-move",
        "spend",
        "scenario",
        "keep-token",
        "chair",
        "seat",
        "decline",
        "ambassador",
        "select",
        "to",
        "recall",
        # Steps read otherwise than their action's kind: the first card of Exchange 2 Cards
        # for 1 (a ``give`` in the turn's menu) and the two steps of Persistent Courtiers'
        # swap (a ``select`` and a ``to``), with the tokens on the spaces.
        "exchange",
        "swap-first",
        "swap",
        # Public news.
        "prestige",
        "round",
        "game-end",
    ),
    {**FIELD_WORDS, "gains": gains_words, "scores": scores_words, "winners": seats_words},
    domain=TEXTS,
)
