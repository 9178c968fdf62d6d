"""Every event Kingdoms emits: its kind and its data; the sentences are the catalogue's
``event.<kind>`` messages (``locales/``), formed for the reader's language.

Data holds seats as 0-based indices, cards by their JSON names ("10H", "QS", "X1"), slots,
suits, piles and abilities as lower-case ids. The rules call :func:`note`, which builds nothing
on the fast path (``events`` is None in search and simulation).
"""

from __future__ import annotations

from typing import Any, Final

from courtly.core.events import Event, EventKinds
from courtly.games.kingdoms.words import (
    TEXTS,
    card_short,
    cards_words,
    counts_words,
    slot_words,
    terms,
)


def _battle_outcome(won: Any, lang: str) -> str:
    return TEXTS.text("term.battle.attacker_wins" if won else "term.battle.defender_holds", lang)


EVENTS: Final = EventKinds(
    (
        # The opening duel (C3.2, C3.3).
        "duel-mulligan",
        "duel-card-played",
        "duel-card-chosen",
        "duel-cards-shown",
        "duel-tie",
        "duel-won",
        # Draw Phase (C2).
        "turn-begins",
        "draw-skipped",
        "draw-deck",
        "draw-deck-seen",
        "draw-discard",
        "draw-peasant",
        "draw-shown",
        # Action Phase (C5-C10).
        "scandal",
        "scandal-glory",
        "revolt",
        "revolt-outcast",
        "treason",
        "treason-taken",
        "ascendancy",
        "herald",
        "champion",
        "treasurer-gives",
        "treasurer-card",
        "treasurer-subject",
        "glory-power",
        "cultivate-discard",
        "cultivate-draw",
        "cultivate-drawn",
        "oracle",
        "pillage",
        "pledge",
        "declaration",
        "declaration-paid",
        "ace",
        "ace-kills",
        "treaty",
        "treaty-broken",
        "polity",
        "polity-void",
        "polity-pass",
        "polity-card",
        "polity-abstain",
        "polity-rounds",
        "polity-won",
        "battle",
        "battle-target",
        "battle-defence",
        "battle-result",
        "regnant-ability",
        "ability-outcast",
        "to-glory",
        "taken-to-glory",
        "prestige",
        # What a placement into Glory sets off (C6, C9.9).
        "sedition-discard",
        "sedition-army",
        "sedition-outcast",
        "conspiracy",
        "consort-ability",
        "negotiations",
        # Inauguration and Population Phases (C4).
        "royal-redraw",
        "crowned",
        "jack-dismissed",
        "no-subject-shown",
        "no-subject-redraw",
        "subject-placed",
        "army-placed",
        "army-placed-seen",
        "army-kept",
        "army-kept-seen",
        "army-flipped",
        "surplus-outcast",
        "rearrange",
        "jester",
        # Discard and Refugee Phases (C2.7, C2.8), the end (C1.3).
        "treaty-expires",
        "discarded",
        "subject-moved",
        "subject-outcast",
        "refugee-turned",
        "refugee-count",
        "refugee-taker",
        "endow",
        "turn-limit",
    ),
    {
        "card": card_short,
        "glory": card_short,
        "jack": card_short,
        "treaty": card_short,
        "cards": cards_words,
        "counts": counts_words,
        "slot": slot_words,
        "suit": terms("suit"),
        "ability": terms("ability"),
        "declaration": terms("declaration"),
        "attacker_wins": _battle_outcome,
    },
    domain=TEXTS,
)


def note(
    events: list[Event] | None,
    kind: str,
    audience: frozenset[int] | None = None,
    *,
    private_to: frozenset[int] = frozenset(),
    **data: Any,
) -> None:
    """Record an event of ``kind`` when events are being collected (``private_to``: the seats
    told this public event's move, with its card, in a private event of their own)."""
    if events is not None:
        events.append(EVENTS.event(kind, data, audience, private_to=private_to))
