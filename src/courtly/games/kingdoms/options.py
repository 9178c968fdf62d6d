"""The options of Kingdoms: the turn-limit safeguard, the Battle reconstruction and the
readings the rulebook leaves open (RULINGS.md names each)."""

from __future__ import annotations

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
        legacy=False,  # games saved before the option counted face-up cards only
    ),
)
