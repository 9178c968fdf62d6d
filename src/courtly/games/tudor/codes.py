"""Integer codes of the Tudor position: decision modes, turn progress, sequences, movement
kinds, card-taking purposes, queued follow-ups and the sentinels kept in ``chosen`` (``aux``).

Every rule module takes its constants from here; the state only stores them.
"""

from __future__ import annotations

from courtly.games.tudor.data import (
    JUMP_SPACES,
    LONG_MOVE,
    ONE_SPACE_MOVE,
    SHORT_MOVE,
    STRONG_MOVE,
)

# Decision modes: what the current player is choosing now.
(
    M_DRAFT,
    M_PLACE_RING,
    M_VICTIM,
    M_ASSIGN,
    M_LORD,
    M_TURN,
    M_SELECT,
    M_DEST,
    M_STEP,
    M_PAY,
    M_TAKE,
    M_STAND,
    M_HAND_RING,
    M_GIVE,
    M_SPEND,
    M_IMMEDIATE,
    M_SWAP_FIRST,
    M_SWAP_SECOND,
    M_CHAIR,
    M_BENCH_MOVE,
    M_RETURN,
    M_SWITCH,
    M_SEAT,
    M_OFFICE_ACTION,
    M_BANISH,
    M_SECOND_EXCHANGE,
    M_OVER,
    M_RESUME,
) = range(28)
MODE_NAMES: tuple[str, ...] = (
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
FIG_NONE, FIG_COURTIER, FIG_LORD, FIG_DONE = 0, 1, 2, 3

# What the running sequence is (``act``): letters 0..7, then these.
ACT_BONUS_MOVE, ACT_EXCHANGE, ACT_SCENARIO_LEFT, ACT_SCENARIO_RIGHT, ACT_NONE = 8, 9, 10, 11, 12
ACT_NOVICE = 13  # the novice option's Ring rearranging at the start of Round 2

# Movement kinds (``mv[0]``).
MK_A, MK_C, MK_E, MK_G, MK_BONUS, MK_STRONG, MK_JUMP = 0, 1, 2, 3, 4, 5, 6
MOVE_ALLOWANCE = (
    ONE_SPACE_MOVE,
    SHORT_MOVE,
    LONG_MOVE,
    ONE_SPACE_MOVE,
    ONE_SPACE_MOVE,
    STRONG_MOVE,
    JUMP_SPACES,
)
CARD_PAID = (False, True, True, True, False, False, False)

# Card-taking purposes (``take_kind``).
TK_D_FIRST, TK_D_SECOND, TK_F, TK_H, TK_B, TK_EXCHANGE, TK_REFUND, TK_F_SECOND, TK_ANY = range(9)

# Queued follow-ups (``todo`` entries are tuples whose first item is one of these).
T_STAND, T_SEIZE, T_VICTIM, T_IMMEDIATE, T_REFUND, T_OFFICE_ACTION = range(6)

# Movement context indices.
# MV_FREE: each step may go in any direction (enhanced C, Only The Strong's left action).
MV_KIND, MV_POS, MV_LEFT, MV_MOVED, MV_PLAYER, MV_FREE = range(6)

# What ``chosen`` holds while a Ring is chosen from a hand (otherwise the disgraced holder's seat).
SEIZE_NONE = -1
RETURN_FOR_EXCHANGE = -2
RING_SWAP_OWN = -3
RING_SWAP_OTHER = -4
CHAIR_FOR_SWITCH = -5  # a chair chosen for Rise And Fall's switch (not Persistent's bench move)

# Scenario Card sides.
LEFT, RIGHT = 0, 1
