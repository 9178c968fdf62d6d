"""Every event Kingdoms emits: its kind, its data and its English sentence.

Data holds seats as 0-based indices, cards by their JSON names ("10H", "QS", "X1"), slots,
suits, piles and abilities as lower-case ids. The rules call :func:`note`, which builds nothing
on the fast path (``events`` is None in search and simulation).
"""

from __future__ import annotations

from typing import Any

from courtly.core.events import Event, EventKinds
from courtly.games.kingdoms.data import (
    ASCENDANCY,
    ASCENDANCY_KEYS,
    CONSORT_ABILITY,
    CONSORT_KEYS,
    GLORY_POWER,
    GLORY_POWER_KEYS,
    REGNANT_ABILITY,
    REGNANT_KEYS,
    SLOT_KEYS,
    SLOT_NAMES,
    SUIT_KEYS,
    SUIT_NAMES,
)

ABILITY_NAMES = dict(
    zip(
        REGNANT_KEYS + CONSORT_KEYS + ASCENDANCY_KEYS + GLORY_POWER_KEYS,
        REGNANT_ABILITY + CONSORT_ABILITY + ASCENDANCY + GLORY_POWER,
        strict=True,
    )
)
SLOT_WORDS = dict(zip(SLOT_KEYS, SLOT_NAMES, strict=True))
SUIT_WORDS = dict(zip(SUIT_KEYS, SUIT_NAMES, strict=True))


def _cards(value: Any) -> str:
    return " ".join(value) if value else "(no cards)"


def _counts(value: Any) -> str:
    return f"seat 1 {value[0]}, seat 2 {value[1]}"


EVENTS = EventKinds(
    {
        # The opening duel (C3.2, C3.3).
        "duel-mulligan": "{seat} has no Subject for the duel and mulligans",
        "duel-card-played": "{seat} plays a duel card face down",
        "duel-card-chosen": "{seat} plays {card} face down",
        "duel-cards-shown": "The duel cards are {cards}",
        "duel-tie": "The duel is a tie: both cards are discarded and each player draws",
        "duel-won": "{seat} wins the duel and takes the first turn",
        # Draw Phase (C2).
        "turn-begins": "{seat}'s turn {turn} begins",
        "draw-skipped": "{seat} holds {hand} cards and skips the Draw Phase",
        "draw-deck": "{seat} takes a card from the Draw pile",
        "draw-deck-seen": "{seat} takes {card} from the Draw pile",
        "draw-discard": "{seat} takes {card} from the Discard pile",
        "draw-peasant": "{seat} takes {card} from {pile_seat}'s Peasant pile",
        "draw-shown": "{seat} draws and shows {card}",
        # Action Phase (C5-C10).
        "scandal": "{seat} invokes Scandal",
        "scandal-glory": "Scandal: {card} goes into {seat}'s Glory",
        "revolt": "{seat} invokes Revolt",
        "revolt-outcast": "Revolt: {card} goes onto {seat}'s Peasant pile",
        "treason": "{seat} invokes Treason",
        "treason-taken": "Treason: {seat} takes {card} into their Population beside their {slot}",
        "ascendancy": "{seat} discards {card}: {ability}",
        "herald": "Herald: {card} comes from {seat}'s Glory into their Population ({slot})",
        "champion": "Champion: {card} is removed from {seat}'s Population",
        "treasurer-gives": "Treasurer: {seat} gives a card from hand",
        "treasurer-card": "Treasurer: the card {seat} gives is {card}",
        "treasurer-subject": "Treasurer: {seat} gives the Subject {card}",
        "glory-power": "{seat} discards {card} from Glory: {ability}",
        "cultivate-discard": "Cultivate: {seat} discards {card}",
        "cultivate-draw": "Cultivate: {seat} draws up to {hand} cards",
        "oracle": "Oracle: {card} goes into {seat}'s Glory",
        "pillage": "Pillage: {card} is discarded from {seat}'s Glory",
        "pledge": "Pledge: {seat} takes {card} into their Glory",
        "declaration": "{seat} makes the Chamberlain Declaration {declaration}",
        "declaration-paid": "{seat} pays {card} and takes the Chamberlain {jack} with its Subjects",
        "ace": "{seat} plays {card} as an assassin",
        "ace-kills": "The Ace kills {seat}'s {card}",
        "treaty": "{seat} places {card} as a Treaty card",
        "treaty-broken": "{seat} breaks the Treaty {treaty} with {card}",
        "polity": "{seat} declares Polity: the Glory card is {card}",
        "polity-void": "{seat} declares Polity: {card} is turned over and discarded; no Polity",
        "polity-pass": "Polity: {seat} passes a card of value {value}",
        "polity-card": "Polity: the card {seat} passes is {card}",
        "polity-abstain": "Polity: {seat} abstains",
        "polity-rounds": "Polity rounds: {seat} {rounds}, {other_seat} {other_rounds}",
        "polity-won": "{seat} wins the Polity and takes {card} into Glory",
        "battle": "{seat} declares a Battle with the Army card {card}",
        "battle-target": "Battle: the target is {seat}'s {card}",
        "battle-defence": "Battle: {seat} defends with {card}",
        "battle-result": "Battle: strength {attack} against {defence}: {attacker_wins}",
        "regnant-ability": "{seat} outcasts {card}: {ability}",
        "ability-outcast": "{ability}: {seat} outcasts {card}",
        "to-glory": "{card} goes into {seat}'s Glory",
        "taken-to-glory": "{card} is taken from {from_seat} into {seat}'s Glory",
        "prestige": "{seat}'s Prestigious Court takes {card} into Glory",
        # What a placement into Glory sets off (C6, C9.9).
        "sedition-discard": "Sedition: {seat} discards {card} from hand",
        "sedition-army": "Sedition: {seat} discards the Army card {card}",
        "sedition-outcast": "Sedition: {seat} outcasts {card}",
        "conspiracy": "Conspiracy: {seat} discards {card} from their Glory",
        "consort-ability": "{seat} activates the Consort ability {ability}",
        "negotiations": "Negotiations: {seat} swaps {card} with {glory}",
        # Inauguration and Population Phases (C4).
        "royal-redraw": "{seat} shows a hand without Royal cards, discards it and draws seven: "
        "{cards}",
        "crowned": "{seat} places {card} into their Royal Court",
        "jack-dismissed": "{seat}'s Jack {card} is discarded by the King",
        "no-subject-shown": "{seat} has no Subject to place and shows their hand: {cards}",
        "no-subject-redraw": "{seat} reached seven cards without a Subject: discards them and "
        "draws seven",
        "subject-placed": "{seat} places {card} beside their {slot}",
        "army-placed": "{seat} places an Army card face down",
        "army-placed-seen": "{seat} places {card} as an Army card",
        "army-kept": "{seat} keeps an Army card face down",
        "army-kept-seen": "{seat} keeps {card} as an Army card",
        "army-flipped": "{seat} turns the Army card {card} face up",
        "surplus-outcast": "{seat} puts the surplus {card} onto their Peasant pile",
        "rearrange": "{seat} rearranges their Population",
        "jester": "{seat} places {card} as their Court Jester",
        # Discard and Refugee Phases (C2.7, C2.8), the end (C1.3).
        "treaty-expires": "The Treaty card {card} on {seat}'s Jester space is discarded",
        "discarded": "{seat} discards {card}",
        "subject-moved": "{seat} moves {card} into the opponent's Population",
        "subject-outcast": "{seat} outcasts {card} onto their Peasant pile",
        "refugee-turned": "{seat} turns over the Refugee card {card}",
        "refugee-count": "Refugee: cards of {suit} in court and Population: {counts}",
        "refugee-taker": "{seat} must take the Refugee card {card}",
        "endow": "{seat} uses Endow and takes the Refugee card {card}",
        "turn-limit": "The turn limit ({turns} turns) is reached: the game is scored",
    },
    {
        "cards": _cards,
        "counts": _counts,
        "slot": SLOT_WORDS.__getitem__,
        "suit": SUIT_WORDS.__getitem__,
        "ability": ABILITY_NAMES.__getitem__,
        "declaration": str.capitalize,
        "attacker_wins": lambda won: "the attacker wins" if won else "the defender holds",
    },
)


def note(
    events: list[Event] | None, kind: str, audience: frozenset[int] | None = None, **data: Any
) -> None:
    """Record an event of ``kind`` when events are being collected."""
    if events is not None:
        events.append(EVENTS.event(kind, data, audience))
