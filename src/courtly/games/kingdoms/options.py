"""The options of Kingdoms: the turn-limit safeguard, the Battle reconstruction and the
readings the rulebook leaves open (RULINGS.md names each)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from courtly.core.errors import Words
from courtly.core.i18n import COURTLY, ENGLISH
from courtly.core.options import Option
from courtly.games.kingdoms.data import DEFAULT_TURN_LIMIT
from courtly.games.kingdoms.words import TEXTS


def _help(name: str) -> str:
    """An option's description: the catalogue's English ``option.NAME.help``."""
    return TEXTS.text(f"option.{name}.help", ENGLISH)


def _parse_turn_limit(text: str) -> int:
    # The reasons are Words: the option's error reads in each reader's language.
    try:
        value = int(text)
    except ValueError:
        raise ValueError(Words.of(TEXTS.phrase("error.turn_limit.integer"))) from None
    if value < 1:
        raise ValueError(Words.of(TEXTS.phrase("error.turn_limit.min")))
    return value


OPTIONS: Final = (
    Option(
        "turn_limit",
        DEFAULT_TURN_LIMIT,
        _help("turn_limit"),
        parse=_parse_turn_limit,
        allowed=COURTLY.phrase("allowed.integer_at_least", min=1),
    ),
    Option(
        "battle",
        True,
        _help("battle"),
        choices=(True, False),
    ),
    Option(
        "scandal_glory",
        "opponent",
        _help("scandal_glory"),
        choices=("opponent", "own"),
    ),
    Option(
        "battle_ties",
        "defender",
        _help("battle_ties"),
        choices=("defender", "attacker"),
    ),
    Option(
        "refugee_army",
        True,
        _help("refugee_army"),
        choices=(True, False),
        legacy=False,  # games saved before the option counted face-up cards only
    ),
)


@dataclass(frozen=True, slots=True)
class Parameters:
    """The options read once into what the rules ask (every game's ``Parameters``)."""

    turn_limit: int  # the game ends after this many turns (RULINGS R20)
    battle: bool  # the reconstructed Battle is played (RULINGS R23)
    scandal_glory_own: bool  # scandal_glory=own: the Subject Scandal takes goes to the player's
    # own Glory, not the opponent's (RULINGS R8)
    battle_ties_to_attacker: bool  # battle_ties=attacker: a tied Battle goes to the attacker
    refugee_army: bool  # face-down Army cards count in the Refugee tie-break (RULINGS R24)

    @staticmethod
    def from_options(options: Mapping[str, Any], num_players: int) -> Parameters:
        """``options`` holds every option (``resolve_options``): no default is repeated here."""
        return Parameters(
            turn_limit=int(options["turn_limit"]),
            battle=bool(options["battle"]),
            scandal_glory_own=options["scandal_glory"] == "own",
            battle_ties_to_attacker=options["battle_ties"] == "attacker",
            refugee_army=bool(options["refugee_army"]),
        )
