"""Every fixed fact of For the King (and me): cards, offices, setup tables, King effects.

Sources: the rulebook and the "For the King" section of shared/rules/DATA.md. Cards are
numbered 0..107 once, here; every other module refers to cards by these ids and to their
*kinds* (cards that play identically: one kind per Government card, per King effect and per
Gold value).
"""

from __future__ import annotations

from typing import Final

# --- offices (index = office id; the rulebook's opening order) --------------------------
OFFICES: Final[tuple[str, ...]] = (
    "diplomacy",
    "military",
    "architecture",
    "livestock",
    "entertainment",
    "provisions",
)
COLOURS: Final[tuple[str, ...]] = ("blue", "purple", "green", "pink", "red", "orange")
NUM_OFFICES: Final = len(OFFICES)
LIVESTOCK: Final = OFFICES.index("livestock")

# The end-of-game tie-break visits colours in this order (rulebook, "How to finish").
TIEBREAK_OFFICES: Final[tuple[int, ...]] = tuple(
    OFFICES.index(name)
    for name in (
        "diplomacy",
        "entertainment",
        "livestock",
        "architecture",
        "military",
        "provisions",
    )
)


def offices_in_play(num_players: int) -> tuple[int, ...]:
    """Five offices (all but livestock) with 2-4 players, all six with 5."""
    if num_players == 5:
        return tuple(range(NUM_OFFICES))
    return tuple(o for o in range(NUM_OFFICES) if o != LIVESTOCK)


PRIMARY_START: Final = 3
SECONDARY_VALUE: Final = 1
DUTY_MIN: Final = 1
DUTY_MAX: Final = 6


def uses_secondary(num_players: int) -> bool:
    return num_players > 2


# Cards put back in the box at random after the numbered ones (by player count).
RANDOM_REMOVAL: Final[dict[int, int]] = {2: 22, 3: 13, 4: 8, 5: 0}
# The deck sizes that follow (a check on the tables above, asserted by the tests).
DECK_SIZE: Final[dict[int, int]] = {2: 60, 3: 72, 4: 80, 5: 108}

# --- card categories -----------------------------------------------------------------------
GOV: Final = 0
KING: Final = 1
GOLD: Final = 2

LETTERS: Final = "ABCDEFGHI"
HIGH_VALUES: Final = (2, 2, 2, 2, 3, 3, 3, 4, 4)  # blue, purple, pink
LOW_VALUES: Final = (1, 1, 1, 1, 1, 1, 1, 2, 2)  # green, orange, red
HIGH_OFFICES: Final = frozenset(OFFICES.index(n) for n in ("diplomacy", "military", "livestock"))

# King effects: (short code, text, delta (+1, -1, or 0 = the winner chooses), offices changed).
KING_EFFECTS: Final[tuple[tuple[str, str, int, int], ...]] = (
    ("up2", "+1 to two offices", 1, 2),
    ("down2", "-1 to two offices", -1, 2),
    ("up1", "+1 to one office", 1, 1),
    ("down1", "-1 to one office", -1, 1),
    ("either1", "+1 or -1 to one office", 0, 1),
)
# Copies per effect: (unmarked, marked "5").
KING_COPIES: Final[tuple[tuple[int, int], ...]] = ((2, 1), (2, 1), (3, 1), (2, 1), (1, 1))

GOLD_VALUES: Final = (1, 2, 3)
# Per Gold value: marks of its 13 cards (0 = unmarked).
GOLD_MARKS: Final[tuple[int, ...]] = (0,) * 9 + (3, 4, 5, 5)

# --- kinds: 54 Government cards, 5 King effects, 3 Gold values ------------------------------
NUM_GOV: Final = NUM_OFFICES * len(LETTERS)
KING_KIND_BASE: Final = NUM_GOV
GOLD_KIND_BASE: Final = KING_KIND_BASE + len(KING_EFFECTS)
NUM_KINDS: Final = GOLD_KIND_BASE + len(GOLD_VALUES)


def _kind_names() -> tuple[str, ...]:
    names = [
        f"{OFFICES[k // 9].capitalize()} {gov_value(k)} ({LETTERS[k % 9]})" for k in range(NUM_GOV)
    ]
    names += [f"King card ({text})" for _code, text, _d, _n in KING_EFFECTS]
    names += [f"Gold {v}" for v in GOLD_VALUES]
    return tuple(names)


def gov_value(kind: int) -> int:
    office, letter = divmod(kind, 9)
    return (HIGH_VALUES if office in HIGH_OFFICES else LOW_VALUES)[letter]


KIND_NAMES: Final[tuple[str, ...]] = _kind_names()


# --- the 108 cards ------------------------------------------------------------------------------
def _build_cards() -> tuple[list[int], list[int], list[int], list[str], list[int]]:
    kinds: list[int] = []
    marks: list[int] = []
    values: list[int] = []
    codes: list[str] = []
    for k in range(NUM_GOV):
        office, letter = divmod(k, 9)
        kinds.append(k)
        marks.append(5 if office == LIVESTOCK else 0)
        values.append(gov_value(k))
        codes.append(f"{OFFICES[office]}-{LETTERS[letter]}")
    for e, (unmarked, marked) in enumerate(KING_COPIES):
        for i in range(unmarked + marked):
            kinds.append(KING_KIND_BASE + e)
            marks.append(5 if i >= unmarked else 0)
            values.append(0)
            codes.append(f"king-{KING_EFFECTS[e][0]}-{i + 1}")
    for g, value in enumerate(GOLD_VALUES):
        for i, mark in enumerate(GOLD_MARKS):
            kinds.append(GOLD_KIND_BASE + g)
            marks.append(mark)
            values.append(value)
            codes.append(f"gold{value}-{i + 1:02d}")
    return kinds, marks, values, codes, [_category(k) for k in kinds]


def _category(kind: int) -> int:
    if kind < KING_KIND_BASE:
        return GOV
    return KING if kind < GOLD_KIND_BASE else GOLD


_kinds, _marks, _values, _codes, _cats = _build_cards()
CARD_KIND: Final[tuple[int, ...]] = tuple(_kinds)
CARD_MARK: Final[tuple[int, ...]] = tuple(_marks)
CARD_CATEGORY: Final[tuple[int, ...]] = tuple(_cats)
# Government: office value; Gold: gold value; King: 0.
CARD_VALUE: Final[tuple[int, ...]] = tuple(_values)
CARD_CODE: Final[tuple[str, ...]] = tuple(_codes)
CODE_TO_CARD: Final[dict[str, int]] = {code: c for c, code in enumerate(CARD_CODE)}
NUM_CARDS: Final = len(CARD_KIND)
# Office of a Government card (-1 otherwise) and its tie-break letter rank (0 = A).
CARD_OFFICE: Final[tuple[int, ...]] = tuple(k // 9 if k < NUM_GOV else -1 for k in CARD_KIND)
CARD_LETTER: Final[tuple[int, ...]] = tuple(k % 9 if k < NUM_GOV else -1 for k in CARD_KIND)
GOLD_OF: Final[tuple[int, ...]] = tuple(
    CARD_VALUE[c] if CARD_CATEGORY[c] == GOLD else 0 for c in range(NUM_CARDS)
)
# No hand can ever pay more than every Gold card together: the largest bid offered.
MAX_BID: Final = sum(GOLD_OF)


def card_name(card: int) -> str:
    return KIND_NAMES[CARD_KIND[card]]


def king_effect(card: int) -> tuple[str, str, int, int]:
    return KING_EFFECTS[CARD_KIND[card] - KING_KIND_BASE]
