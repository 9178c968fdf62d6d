"""Integer codes of the Tudor position: decision modes, turn progress, sequences, movement
kinds, card-taking purposes, queued follow-ups and the sentinels kept in ``chosen`` (``aux``).

Every rule module takes its constants from here; the state only stores them.
"""

from __future__ import annotations

from typing import Final

from courtly.games.tudor.data import (
    JUMP_SPACES,
    LONG_MOVE,
    ONE_SPACE_MOVE,
    SHORT_MOVE,
    STRONG_MOVE,
)

# Decision modes: what the current player is choosing now.
M_DRAFT: Final = 0
M_PLACE_RING: Final = 1
M_VICTIM: Final = 2
M_ASSIGN: Final = 3
M_LORD: Final = 4
M_TURN: Final = 5
M_SELECT: Final = 6
M_DEST: Final = 7
M_STEP: Final = 8
M_PAY: Final = 9
M_TAKE: Final = 10
M_STAND: Final = 11
M_HAND_RING: Final = 12
M_GIVE: Final = 13
M_SPEND: Final = 14
M_IMMEDIATE: Final = 15
M_SWAP_FIRST: Final = 16
M_SWAP_SECOND: Final = 17
M_CHAIR: Final = 18
M_BENCH_MOVE: Final = 19
M_RETURN: Final = 20
M_SWITCH: Final = 21
M_SEAT: Final = 22
M_OFFICE_ACTION: Final = 23
M_BANISH: Final = 24
M_SECOND_EXCHANGE: Final = 25
M_OVER: Final = 26
M_RESUME: Final = 27
MODE_NAMES: Final[tuple[str, ...]] = (
    "draft",
    "place_ring",
    "victim_rings",
    "assign",
    "lord",
    "turn",
    "select",
    "destination",
    "step",
    "pay",
    "take",
    "stand_ring",
    "hand_ring",
    "give",
    "spend",
    "immediate",
    "swap_first",
    "swap_second",
    "chair",
    "bench_move",
    "return_card",
    "switch",
    "seat",
    "office_action",
    "banish",
    "second_exchange",
    "over",
    "resume",
)

# Turn progress (``fig``): nothing activated, courtier active, lord active, figure done.
FIG_NONE: Final = 0
FIG_COURTIER: Final = 1
FIG_LORD: Final = 2
FIG_DONE: Final = 3

# What the running sequence is (``act``): letters 0..7, then these.
ACT_BONUS_MOVE: Final = 8
ACT_EXCHANGE: Final = 9
ACT_SCENARIO_LEFT: Final = 10
ACT_SCENARIO_RIGHT: Final = 11
ACT_NONE: Final = 12
ACT_NOVICE: Final = 13  # the novice option's Ring rearranging at the start of Round 2

# Movement kinds (``mv[0]``).
MK_A: Final = 0
MK_C: Final = 1
MK_E: Final = 2
MK_G: Final = 3
MK_BONUS: Final = 4
MK_STRONG: Final = 5
MK_JUMP: Final = 6
MOVE_ALLOWANCE: Final = (
    ONE_SPACE_MOVE,
    SHORT_MOVE,
    LONG_MOVE,
    ONE_SPACE_MOVE,
    ONE_SPACE_MOVE,
    STRONG_MOVE,
    JUMP_SPACES,
)
CARD_PAID: Final = (False, True, True, True, False, False, False)

# Card-taking purposes (``take_kind``).
TK_D_FIRST: Final = 0
TK_D_SECOND: Final = 1
TK_F: Final = 2
TK_H: Final = 3
TK_B: Final = 4
TK_EXCHANGE: Final = 5
TK_REFUND: Final = 6
TK_F_SECOND: Final = 7
TK_ANY: Final = 8

# Queued follow-ups (``todo`` entries are tuples whose first item is one of these).
T_STAND: Final = 0
T_SEIZE: Final = 1
T_VICTIM: Final = 2
T_IMMEDIATE: Final = 3
T_REFUND: Final = 4
T_OFFICE_ACTION: Final = 5

# Movement context indices.
# MV_FREE: each step may go in any direction (enhanced C, Only The Strong's left action).
MV_KIND: Final = 0
MV_POS: Final = 1
MV_LEFT: Final = 2
MV_MOVED: Final = 3
MV_PLAYER: Final = 4
MV_FREE: Final = 5

# What ``chosen`` holds while a Ring is chosen from a hand (otherwise the disgraced holder's seat).
SEIZE_NONE: Final = -1
RETURN_FOR_EXCHANGE: Final = -2
RING_SWAP_OWN: Final = -3
RING_SWAP_OTHER: Final = -4
CHAIR_FOR_SWITCH: Final = (
    -5
)  # a chair chosen for Rise And Fall's switch (not Persistent's bench move)

# Scenario Card sides.
LEFT: Final = 0
RIGHT: Final = 1
