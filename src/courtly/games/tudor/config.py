"""Options and the card selection they lead to."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from courtly.core.options import Option
from courtly.core.rng import Rng
from courtly.games.tudor.data import (
    RECOMMENDED_SETUPS,
    SCENARIO_CARDS,
    SCORING_CARDS,
    V15_FIRST_GAME,
)

SETUP_CHOICES: tuple[str, ...] = (*RECOMMENDED_SETUPS, "random")


def parse_scoring(text: str) -> str:
    """``"X,Y"``: two Scoring Card numbers 1-6 (the same colour twice is allowed, one card once)."""
    text = text.strip()
    if not text:
        return ""
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise ValueError("give two Scoring Card numbers, e.g. 1,4")
    a, b = int(parts[0]), int(parts[1])
    if a not in SCORING_CARDS or b not in SCORING_CARDS:
        raise ValueError("Scoring Cards are numbered 1 to 6")
    if a == b:
        raise ValueError("the two Scoring Cards must be different cards")
    return f"{min(a, b)},{max(a, b)}"


OPTIONS: tuple[Option, ...] = (
    Option(
        "setup",
        "recommended",
        "Scoring and Scenario Cards: the first-game set, a recommended combination, or random",
        choices=SETUP_CHOICES,
    ),
    Option(
        "scoring",
        "",
        "Custom pair of Scoring Cards, e.g. 1,4 (overrides setup)",
        parse=parse_scoring,
        allowed="two different numbers 1-6, e.g. 1,4",
    ),
    Option("scenario", 0, "Custom Scenario Card 1-5 (0: from setup)", choices=(0, 1, 2, 3, 4, 5)),
    Option("edition", "en", "Rules text: English rulebook or rules v15", choices=("en", "v15")),
    Option(
        "variant",
        "standard",
        "Advanced variant: 4 Influence and 4 Intrigue Tokens replaced by 8 Opportunity Tokens",
        choices=("standard", "opportunity"),
    ),
    Option(
        "last_round_scoring",
        True,
        "Score End of Round Prestige (Crowded Court) after the last Round too",
        choices=(True, False),
    ),
    Option(
        "novice",
        False,
        "New players ignore the Ring Action Enhancements in the first Round",
        choices=(False, True),
    ),
)


@dataclass(frozen=True)
class Setup:
    scoring: tuple[int, int]
    scenario: int
    edition: str
    opportunity: bool
    novice_first_round: bool
    random_scoring: bool
    random_scenario: bool
    enhancements: bool = True
    last_round_scoring: bool = True

    @property
    def v15(self) -> bool:
        return self.edition == "v15"

    def has(self, card: int) -> bool:
        return card in self.scoring

    @staticmethod
    def from_options(options: Mapping[str, Any], num_players: int) -> Setup:
        name = str(options.get("setup", "recommended"))
        edition = str(options.get("edition", "en"))
        random_scoring = random_scenario = name == "random"
        if random_scoring:
            red, green, blue = 1, 4, 1  # replaced by draw_random_cards at setup
        elif name == "recommended" and edition == "v15":
            red, green, blue = V15_FIRST_GAME
        else:
            red, green, blue = RECOMMENDED_SETUPS[name]
        scoring_text = str(options.get("scoring", "") or "")
        scoring = (red, green)
        if scoring_text:
            a, b = (int(x) for x in scoring_text.split(","))
            scoring = (a, b)
            random_scoring = False
        scenario = int(options.get("scenario", 0) or 0)
        if scenario:
            blue = scenario
        if scenario:
            random_scenario = False
        return Setup(
            scoring=scoring,
            scenario=blue,
            edition=edition,
            opportunity=options.get("variant") == "opportunity",
            novice_first_round=bool(options.get("novice", False)),
            last_round_scoring=bool(options.get("last_round_scoring", True)),
            random_scoring=random_scoring,
            random_scenario=random_scenario,
        )

    @property
    def random_cards(self) -> bool:
        return self.random_scoring or self.random_scenario

    def draw_random_cards(self, rng: Rng) -> Setup:
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
