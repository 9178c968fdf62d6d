"""Every component number of Tudor, in one place (rulebook facts and the DATA.md choices).

Indices used throughout the engine: factions 0..6 in FACTIONS order, chambers 0..2,
fingers 0..4 (thumb .. little), action letters 0..7 for A..H.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

FACTIONS: Final[tuple[str, ...]] = ("blue", "green", "red", "yellow", "brown", "grey", "purple")
NUM_FACTIONS: Final = len(FACTIONS)
FACTION_INDEX: Final = {name: i for i, name in enumerate(FACTIONS)}

COURT_TOKENS_PER_FACTION: Final = 20
COURT_CARDS_PER_FACTION: Final = 10
RINGS_PER_FACTION: Final = 3
INFLUENCE_TOKENS: Final = 18
INTRIGUE_TOKENS: Final = 18
OPPORTUNITY_TOKENS: Final = 8
COURTIERS_PER_PLAYER: Final = 14

# Influence/Intrigue/Opportunity markers lying on a Throne Room space.
NO_MARKER: Final = 0
INFLUENCE: Final = 1
INTRIGUE: Final = 2
OPPORTUNITY: Final = 3
MARKER_NAMES: Final[tuple[str | None, ...]] = (None, "influence", "intrigue", "opportunity")

FINGERS: Final[tuple[str, ...]] = ("thumb", "index", "middle", "ring", "little")
NUM_FINGERS: Final = 5

LETTERS: Final = "ABCDEFGH"
A: Final = 0
B: Final = 1
C: Final = 2
D: Final = 3
E: Final = 4
F: Final = 5
G: Final = 6
H: Final = 7
ACTION_NAMES: Final[tuple[str, ...]] = (
    "Privilege Movement",
    "Privilege Ring Exchange",
    "Short Court Movement",
    "Privilege Cards",
    "Long Court Movement",
    "Any Court Card",
    "One Space Court Movement",
    "Privilege Ring Court Card",
)
# Chamber I: A and B, Chamber II: C and D, Chamber III: E and F (DATA.md).
CHAMBER_ACTIONS: Final[tuple[tuple[int, int], ...]] = ((A, B), (C, D), (E, F))
CHAMBER_NAMES: Final[tuple[str, ...]] = ("I", "II", "III")
LORDS_PER_CHAMBER: Final = 2

# Ring Action Enhancements: the two fingers that must both hold a ring (DATA.md).
ENHANCEMENT_FINGERS: Final[dict[int, tuple[int, int]]] = {
    A: (0, 1),
    B: (3, 4),
    C: (1, 2),
    D: (0, 2),
    E: (2, 3),
    F: (0, 4),
}
ENHANCEMENT_MASKS: Final[tuple[int, ...]] = tuple(
    (1 << ENHANCEMENT_FINGERS[x][0]) | (1 << ENHANCEMENT_FINGERS[x][1])
    if x in ENHANCEMENT_FINGERS
    else 0
    for x in range(8)
)

# Movement allowances (spaces, a placement counting as the first one).
SHORT_MOVE: Final = 2
LONG_MOVE: Final = 7
ENHANCED_SHORT_MOVE: Final = 3
ENHANCED_LONG_REFUND_MIN: Final = 3
ONE_SPACE_MOVE: Final = 1
STRONG_MOVE: Final = 2  # Only The Strong Shall Rule, left action
JUMP_SPACES: Final = 2  # Climbing The Ranks, right action
# Only The Strong, right: rows 1-3 / rows 4+
BANISH_COST_LOW: Final = 2
BANISH_COST_HIGH: Final = 3
# v15: more than five Rings only for a player holding four or more Offices.
V15_RING_LIMIT: Final = 5
V15_OFFICES_FOR_MORE_RINGS: Final = 4


@dataclass(frozen=True)
class Layout:
    """What the player count fixes at setup."""

    column_heights: tuple[int, ...]
    chairs_per_table: int
    bench_limit: int
    rings_per_faction: int
    court_tokens_removed_per_faction: int
    markers_removed_per_type: int
    garter_points: tuple[int, ...]


LAYOUTS: Final[dict[int, Layout]] = {
    2: Layout((7, 7, 7, 7), 3, 2, 2, 2, 4, (5, 0)),
    3: Layout((5, 6, 7, 7, 6, 5), 4, 3, 2, 0, 0, (5, 2, 0)),
    4: Layout((5, 6, 7, 7, 6, 5), 5, 4, 3, 0, 0, (5, 3, 1, 0)),
}

# Rows 1..3 are below the stairs, 4+ above (Only The Strong Shall Rule).
STAIRS_ROW: Final = 3

OFFICE_NAMES: Final[tuple[str, ...]] = (
    "Lord Chancellor",
    "Lord Treasurer",
    "Lord Privy Seal",
    "Lord Chamberlain",
    "Master of the Horse",
    "Archbishop of Canterbury",
)

WIVES: Final[tuple[str, ...]] = (
    "Catherine of Aragon",
    "Anne Boleyn",
    "Jane Seymour",
    "Anne of Cleves",
    "Catherine Howard",
    "Catherine Parr",
)

# --- Scoring Cards -------------------------------------------------------------------------

FOCUSED: Final = 1
ESSENTIALS: Final = 2
FLEXIBLE: Final = 3
QUEST: Final = 4
CROWDED: Final = 5
DIPLOMATIC: Final = 6


@dataclass(frozen=True)
class ScoringCard:
    number: int
    name: str
    colour: str
    timing: str  # "game end", "immediate" or "end of round"
    text: str


SCORING_CARDS: Final[dict[int, ScoringCard]] = {
    FOCUSED: ScoringCard(
        FOCUSED,
        "Politically Focused",
        "red",
        "game end",
        "Sets of matching Court Tokens: 1, 3, 6, 10, 15, 21, 28; beyond 7 a new set starts.",
    ),
    ESSENTIALS: ScoringCard(
        ESSENTIALS,
        "Only The Essentials",
        "red",
        "game end",
        "Each Court Token: blue/green +3, red/yellow +2, brown/grey +1, purple -3.",
    ),
    FLEXIBLE: ScoringCard(
        FLEXIBLE,
        "Politically Flexible",
        "red",
        "game end",
        "Sets of different Court Tokens: 1, 3, 6, 10, 15, 21, 28 per set.",
    ),
    QUEST: ScoringCard(
        QUEST,
        "The Quest For Power",
        "green",
        "immediate",
        "4 Prestige each time you acquire a Court Office.",
    ),
    CROWDED: ScoringCard(
        CROWDED,
        "Crowded Court",
        "green",
        "end of round",
        "Each round, 6 Prestige per Throne Room column to the player with most Courtiers there.",
    ),
    DIPLOMATIC: ScoringCard(
        DIPLOMATIC,
        "Diplomatic Service",
        "green",
        "game end",
        "Trade a new Influence/Intrigue Token for an Ambassador; 6 Prestige each at game end.",
    ),
}

SET_POINTS: Final[tuple[int, ...]] = (0, 1, 3, 6, 10, 15, 21, 28)  # triangular, by set size
MAX_SET: Final = 7
ESSENTIALS_VALUES: Final[tuple[int, ...]] = (3, 3, 2, 2, 1, 1, -3)
ESSENTIALS_SETUP_REMOVAL: Final[tuple[int, ...]] = (4, 4, 0, 0, 0, 0, 0)
QUEST_POINTS: Final = 4
CROWDED_POINTS: Final = 6
AMBASSADOR_POINTS: Final = 6

# --- Scenario Cards ------------------------------------------------------------------------

PERSISTENT: Final = 1
RISE_AND_FALL: Final = 2
CLIMBING: Final = 3
CONNECTIONS: Final = 4
STRONG: Final = 5


@dataclass(frozen=True)
class ScenarioCard:
    number: int
    name: str
    first_round_courtiers: int
    later_round_courtiers: int
    rounds: dict[int, int]  # by player count
    left_text: str
    right_text: str
    left_immediate: bool
    right_immediate: bool


SCENARIO_CARDS: Final[dict[int, ScenarioCard]] = {
    PERSISTENT: ScenarioCard(
        PERSISTENT,
        "Persistent Courtiers",
        2,
        1,
        {2: 5, 3: 4, 4: 4},
        "Discard 2 Influence: move one of your Courtiers from a chamber to an open bench.",
        "Immediate, on an Intrigue Token: discard it to swap two Court Tokens in the Throne Room.",
        False,
        True,
    ),
    RISE_AND_FALL: ScenarioCard(
        RISE_AND_FALL,
        "Rise And Fall",
        2,
        1,
        {2: 5, 3: 4, 4: 4},
        "Immediate, on an Influence Token: discard it to take a Court Card of your choice.",
        "Immediate, on an Intrigue Token: discard it to switch one of your Courtiers with an "
        "adjacent Courtier in the same chamber.",
        True,
        True,
    ),
    CLIMBING: ScenarioCard(
        CLIMBING,
        "Climbing The Ranks",
        0,
        2,
        {2: 5, 3: 4, 4: 4},
        "Discard 2 Influence: take a Court Card of your choice.",
        "Discard 2 Intrigue: jump one of your Throne Room Courtiers over an adjacent Courtier.",
        False,
        False,
    ),
    CONNECTIONS: ScenarioCard(
        CONNECTIONS,
        "Exploiting Connections",
        0,
        2,
        {2: 5, 3: 4, 4: 4},
        "Discard 1 Influence and 1 Intrigue: exchange one of your Rings with another player's.",
        "Immediate, on acquiring a Court Office: take any one Chamber Action (A-F).",
        False,
        True,
    ),
    STRONG: ScenarioCard(
        STRONG,
        "Only The Strong Shall Rule",
        0,
        2,
        {2: 6, 3: 5, 4: 5},
        "Discard 2 Influence: move one of your Courtiers up to 2 spaces in any directions.",
        "Discard 2 (rows 1-3) or 3 (rows 4+) Intrigue: banish another player's Courtier.",
        False,
        False,
    ),
}

# The rulebook's recommended combinations: (red, green, blue).
RECOMMENDED_SETUPS: Final[dict[str, tuple[int, int, int]]] = {
    "recommended": (FOCUSED, QUEST, PERSISTENT),
    "head-of-the-snake": (ESSENTIALS, CROWDED, RISE_AND_FALL),
    "combination-2": (ESSENTIALS, QUEST, PERSISTENT),
    "combination-3": (FLEXIBLE, CROWDED, CLIMBING),
    "combination-4": (FOCUSED, DIPLOMATIC, STRONG),
}
# v15 recommends Blue 2 for the first game.
V15_FIRST_GAME: Final[tuple[int, int, int]] = (FOCUSED, QUEST, RISE_AND_FALL)
