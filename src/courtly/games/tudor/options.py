"""Options and the card selection they lead to."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Final

from courtly.core.errors import OptionError, Words
from courtly.core.i18n import ENGLISH
from courtly.core.options import Option
from courtly.core.rng import Rng
from courtly.games.tudor.data import (
    RECOMMENDED_SETUPS,
    SCENARIO_CARDS,
    SCORING_CARDS,
    V15_FIRST_GAME,
)
from courtly.games.tudor.words import TEXTS

SETUP_CHOICES: Final[tuple[str, ...]] = (*RECOMMENDED_SETUPS, "random")


def _help(name: str) -> str:
    """An option's description: the catalogue's English ``option.NAME.help``."""
    return TEXTS.text(f"option.{name}.help", ENGLISH)


def parse_scoring(text: str) -> str:
    """``"X,Y"``: two Scoring Card numbers 1-6 (the same colour twice is allowed, one card once).
    Its reasons are Words, so an option error reads in each reader's language."""
    text = text.strip()
    if not text:
        return ""
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise ValueError(Words.of(TEXTS.phrase("error.scoring.two")))
    a, b = int(parts[0]), int(parts[1])
    if a not in SCORING_CARDS or b not in SCORING_CARDS:
        raise ValueError(Words.of(TEXTS.phrase("error.scoring.range")))
    if a == b:
        raise ValueError(Words.of(TEXTS.phrase("error.scoring.same")))
    return f"{min(a, b)},{max(a, b)}"


def parse_novice(text: str) -> str:
    """``false`` (nobody), ``true``/``all`` (every seat) or seat numbers such as ``1,3``."""
    text = text.strip().lower()
    if text in ("", "false", "no", "off", "none"):
        return ""
    if text in ("true", "yes", "on", "all"):
        return "all"
    parts = [p.strip() for p in text.split(",")]
    if not all(p.isdigit() and 1 <= int(p) <= 4 for p in parts):
        raise ValueError(Words.of(TEXTS.phrase("error.novice.value")))
    return ",".join(str(n) for n in sorted({int(p) for p in parts}))


def edition_v15(options: Mapping[str, Any]) -> bool:
    """Before the rule readings of issue 21, only the v15 text refilled the top space left for
    an Office and took tokens on the Climbing jump: games saved then played by this (legacy)."""
    return bool(options["edition"] == "v15")


def lord_placement_before(options: Mapping[str, Any]) -> str:
    """Games saved before ``lord_placement`` offered ``no_lord`` in both editions: a saved v15
    game without the option read "may"; an English one reads as its edition (the same rule)."""
    return "may" if options["edition"] == "v15" else "edition"


OPTIONS: Final[tuple[Option, ...]] = (
    Option(
        "setup",
        "recommended",
        _help("setup"),
        choices=SETUP_CHOICES,
    ),
    Option(
        "scoring",
        "",
        _help("scoring"),
        parse=parse_scoring,
        allowed=TEXTS.phrase("option.scoring.allowed"),
    ),
    Option("scenario", 0, _help("scenario"), choices=(0, 1, 2, 3, 4, 5)),
    Option("edition", "en", _help("edition"), choices=("en", "v15")),
    Option(
        "variant",
        "standard",
        _help("variant"),
        choices=("standard", "opportunity"),
    ),
    Option(
        "last_round_scoring",
        True,
        _help("last_round_scoring"),
        choices=(True, False),
    ),
    Option(
        "restock_top_space",
        True,
        _help("restock_top_space"),
        choices=(True, False),
        legacy=edition_v15,
    ),
    Option(
        "jump_tokens",
        True,
        _help("jump_tokens"),
        choices=(True, False),
        legacy=edition_v15,
    ),
    Option(
        "lord_placement",
        "edition",
        _help("lord_placement"),
        choices=("edition", "may", "must"),
        legacy=lord_placement_before,
    ),
    Option(
        "bonus_turns",
        "edition",
        _help("bonus_turns"),
        choices=("edition", "actions", "all"),
        # Games saved before the option: en took Bonus and Scenario actions in Phase 4 only;
        # v15 now adds the Phase 1 turns, which only adds choices, so its saved games replay.
        legacy="edition",
    ),
    Option(
        "novice",
        "",
        _help("novice"),
        parse=parse_novice,
        allowed=TEXTS.phrase("option.novice.allowed"),
        seats=True,
    ),
)


@dataclass(frozen=True)
class Parameters:
    """The options and the player count read once into what the rules ask (every game's
    ``Parameters``), with the cards in play: a random setup draws them at the opening."""

    scoring: tuple[int, int]  # the Red and Green Scoring Cards in play (T1)
    scenario: int  # the Blue Scenario Card in play (T1)
    edition: str  # "en" or "v15": the rulebook edition whose readings are played
    opportunity: bool  # variant=opportunity: Opportunity Tokens replace some markers
    novice_seats: frozenset[int]  # 0-based seats ignoring the enhancements in Round 1
    random_scoring: bool  # setup=random: the Scoring Cards are still to be drawn
    random_scenario: bool  # setup=random: the Scenario Card is still to be drawn
    last_round_scoring: bool  # the Scoring Cards score after the last round too
    restock_top_space: bool  # a top space left for an Office is refilled (RULINGS 16)
    jump_tokens: bool  # the Climbing jump takes the tokens it passes
    lord_must: bool  # Phase 3: every player places their Lord (no ``no_lord``)
    bonus_in_assignment: bool  # Bonus/Scenario actions in Phase 1 turns too
    enhancements: bool = True  # the Ring enhancements are played (always, but for novices)

    @property
    def v15(self) -> bool:
        return self.edition == "v15"

    def has(self, card: int) -> bool:
        return card in self.scoring

    @staticmethod
    def from_options(options: Mapping[str, Any], num_players: int) -> Parameters:
        """``options`` holds every option (``resolve_options``): no default is repeated here."""
        name = str(options["setup"])
        edition = str(options["edition"])
        random_scoring = random_scenario = name == "random"
        if random_scoring:
            red, green, blue = 1, 4, 1  # replaced by draw_random_cards at setup
        elif name == "recommended" and edition == "v15":
            red, green, blue = V15_FIRST_GAME
        else:
            red, green, blue = RECOMMENDED_SETUPS[name]
        scoring_text = str(options["scoring"] or "")
        scoring = (red, green)
        if scoring_text:
            a, b = (int(x) for x in scoring_text.split(","))
            scoring = (a, b)
            random_scoring = False
        scenario = int(options["scenario"] or 0)
        if scenario:
            blue = scenario
        if scenario:
            random_scenario = False
        return Parameters(
            scoring=scoring,
            scenario=blue,
            edition=edition,
            opportunity=options["variant"] == "opportunity",
            novice_seats=novice_seats(options["novice"], num_players),
            last_round_scoring=bool(options["last_round_scoring"]),
            restock_top_space=bool(options["restock_top_space"]),
            jump_tokens=bool(options["jump_tokens"]),
            lord_must=lord_must(options, edition),
            bonus_in_assignment=bonus_in_assignment(options, edition),
            random_scoring=random_scoring,
            random_scenario=random_scenario,
        )

    @property
    def novice(self) -> bool:
        return bool(self.novice_seats)

    @property
    def random_cards(self) -> bool:
        return self.random_scoring or self.random_scenario

    def draw_random_cards(self, rng: Rng) -> Parameters:
        """One random Red, Green and Blue card (the rulebook's Random Setup); a card given
        explicitly (``scoring``/``scenario`` options) stays."""
        reds = [c for c, card in sorted(SCORING_CARDS.items()) if card.colour == "red"]
        greens = [c for c, card in sorted(SCORING_CARDS.items()) if card.colour == "green"]
        scoring = self.scoring
        if self.random_scoring:
            scoring = (rng.choice(reds), rng.choice(greens))
        scenario = rng.choice(sorted(SCENARIO_CARDS)) if self.random_scenario else self.scenario
        return replace(
            self, scoring=scoring, scenario=scenario, random_scoring=False, random_scenario=False
        )


def lord_must(options: Mapping[str, Any], edition: str) -> bool:
    """``lord_placement``: ``may`` (the English "may now place"), ``must`` (v15's "배치합니다",
    with no "할 수 있습니다"), ``edition`` (as the edition reads: must under v15)."""
    placement = str(options["lord_placement"])
    return placement == "must" or (placement == "edition" and edition == "v15")


def bonus_in_assignment(options: Mapping[str, Any], edition: str) -> bool:
    """``bonus_turns``: ``actions`` (Phase 4 turns only, the English reading), ``all`` (the
    Phase 1 placement turns too, v15's "어느 단계이든지"), ``edition`` (as the edition reads)."""
    turns = str(options["bonus_turns"])
    return turns == "all" or (turns == "edition" and edition == "v15")


def novice_seats(value: Any, num_players: int) -> frozenset[int]:
    text = parse_novice(str(value))
    if not text:
        return frozenset()
    if text == "all":
        return frozenset(range(num_players))
    seats = frozenset(int(x) - 1 for x in text.split(","))
    if max(seats) >= num_players:
        # The game's own words, in each reader's language (the English is the error's str).
        detail = TEXTS.phrase("error.novice.seat", seat=max(seats) + 1, players=num_players)
        raise OptionError.keyed("error.option.game", detail=Words.of(detail))
    return seats
