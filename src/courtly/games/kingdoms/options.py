"""The options of Kingdoms: the turn-limit safeguard, the Battle reconstruction and the
readings the rulebook leaves open (RULINGS.md names each)."""

from __future__ import annotations

from typing import Any

from courtly.core.options import Option
from courtly.games.kingdoms.data import DEFAULT_TURN_LIMIT


def _parse_turn_limit(text: str) -> int:
    value = int(text)
    if value < 1:
        raise ValueError("the turn limit must be at least 1")
    return value


OPTIONS = (
    Option(
        "turn_limit",
        DEFAULT_TURN_LIMIT,
        "turns (both players counted) after which the game ends and is scored",
        parse=_parse_turn_limit,
        allowed="an integer >= 1",
    ),
    Option(
        "battle",
        True,
        "Battle actions with Army cards (DATA.md's reconstruction of the lost rules)",
        choices=(True, False),
    ),
    Option(
        "scandal_glory",
        "opponent",
        "whose Glory a Scandal puts the Subject into (the rulebook says the opponent's)",
        choices=("opponent", "own"),
    ),
    Option(
        "battle_ties",
        "defender",
        "who wins a Battle of equal strength",
        choices=("defender", "attacker"),
    ),
    Option(
        "refugee_army",
        True,
        "whether face-down Army cards count in the Refugee tie-break (the rulebook counts the "
        "whole Population; false counts face-up cards only)",
        choices=(True, False),
    ),
)

# Options added after games were first saved. A state leaves them out of its options while they
# hold their default: the options are part of a state's JSON and fingerprint, so positions and
# records saved before an option existed keep their fingerprints (and replay, as long as the
# new rule did not change what happened in them). The rules read them with ``options.get``.
LATER_OPTIONS = {"refugee_army": True}


def stored_options(options: dict[str, Any]) -> dict[str, Any]:
    """The options a state keeps: ``options`` (resolved) without later ones at their default."""
    return {
        name: value
        for name, value in options.items()
        if name not in LATER_OPTIONS or value != LATER_OPTIONS[name]
    }
