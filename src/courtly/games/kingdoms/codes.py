"""Integer codes every rule module shares: phases, pending tasks, once-per-phase marks and
the action ids.

A task is a tuple ``(kind, player, a, b)`` pushed on the decision stack; ``a`` and ``b`` carry
what the task needs (a value, a card, a slot). Every card a task carries is public (face up
somewhere, or set aside face up), so observations may show task arguments as they are.
"""

from __future__ import annotations

from typing import Final

from courtly.games.kingdoms.data import DECLARATIONS, NUM_CARDS

Task = tuple[int, int, int, int]
ARMY_FLAG: Final = 64  # marks a lifted card that was a face-down Army card
MAX_MULLIGANS: Final = 50  # a guard only: a legal deck always yields a good hand long before this

# Phases of a turn (rule C2).
PH_DUEL: Final = 0
PH_DRAW: Final = 1
PH_ACTION: Final = 2
PH_INAUG: Final = 3
PH_POP: Final = 4
PH_DISCARD: Final = 5
PH_REFUGEE: Final = 6
PH_END_TURN: Final = 7
PH_OVER: Final = 8
PHASE_NAMES: Final = (
    "duel",
    "draw",
    "action",
    "inauguration",
    "population",
    "discard",
    "refugee",
    "end_turn",
    "over",
)

TASK_NAMES: Final = (
    "fit",  # place every lifted Population card again (Royal Discards, C4.5)
    "pop_card",  # a: slot (3 = Army): choose the hand card to place
    "forced_row",  # a: the drawn Subject that must be placed: choose its row
    "forced_pick",  # choose which Subject of a fresh hand must be placed
    "sedition",  # the victim discards / outcasts (C6.1)
    "conspiracy",  # may discard one Glory card (C6.2)
    "consort_offer",  # may activate the Consort ability (C9.9)
    "scandal",
    "revolt",
    "treason",
    "treason_row",  # a: the taken Subject
    "herald",
    "herald_row",  # a: the Glory card coming down
    "champion",  # a: value of the discarded card
    "treasurer",  # opponent gives a hand card
    "treasurer_subject",  # opponent gives a Subject
    "may_draw",
    "cultivate",
    "oracle",
    "pillage",
    "pledge",  # a: value of the Glory card discarded
    "declare_pay",  # a: declaration index
    "ace_target",  # a: the Ace
    "polity_lead",  # a: leader's rounds won, b: responder's rounds won
    "polity_respond",  # a: value to beat, b: leader's wins * 4 + responder's wins
    "battle_target",  # a: attacking Army card (revealed)
    "battle_defend",  # a: attacking card, b: target Subject
    "harvest",  # a: value
    "invention_outcast",  # a: value
    "invention_take",
    "invade",  # a: value
    "investment_outcast",
    "investment_take",
    "reap_outcast",
    "reap_take",  # a: value
    "honour_outcast",
    "honour_take",  # a: value
    "epiphany",
    "epiphany_card",  # a: slot
    "negotiation_subject",
    "negotiation_glory",  # a: the Diamond Subject
    "endow",  # a: the Refugee card
    "move_dest",  # a: the Subject being moved in the Discard Phase
)
(
    T_FIT,
    T_POP_CARD,
    T_FORCED_ROW,
    T_FORCED_PICK,
    T_SEDITION,
    T_CONSPIRACY,
    T_CONSORT_OFFER,
    T_SCANDAL,
    T_REVOLT,
    T_TREASON,
    T_TREASON_ROW,
    T_HERALD,
    T_HERALD_ROW,
    T_CHAMPION,
    T_TREASURER,
    T_TREASURER_SUBJECT,
    T_MAY_DRAW,
    T_CULTIVATE,
    T_ORACLE,
    T_PILLAGE,
    T_PLEDGE,
    T_DECLARE_PAY,
    T_ACE_TARGET,
    T_POLITY_LEAD,
    T_POLITY_RESPOND,
    T_BATTLE_TARGET,
    T_BATTLE_DEFEND,
    T_HARVEST,
    T_INVENTION_OUTCAST,
    T_INVENTION_TAKE,
    T_INVADE,
    T_INVESTMENT_OUTCAST,
    T_INVESTMENT_TAKE,
    T_REAP_OUTCAST,
    T_REAP_TAKE,
    T_HONOUR_OUTCAST,
    T_HONOUR_TAKE,
    T_EPIPHANY,
    T_EPIPHANY_CARD,
    T_NEGOTIATION_SUBJECT,
    T_NEGOTIATION_GLORY,
    T_ENDOW,
    T_MOVE_DEST,
) = range(len(TASK_NAMES))

# Task arguments that are cards (so JSON writes them by name).
CARD_ARG_TASKS: Final = frozenset(
    {
        T_FORCED_ROW,
        T_TREASON_ROW,
        T_HERALD_ROW,
        T_ACE_TARGET,
        T_BATTLE_TARGET,
        T_BATTLE_DEFEND,
        T_NEGOTIATION_GLORY,
        T_ENDOW,
        T_MOVE_DEST,
    }
)
# Of those, the tasks whose ``b`` is a card too.
CARD_B_TASKS: Final = frozenset({T_BATTLE_DEFEND})

# "Once per Action Phase" marks (rule C5, C9).
USED_SCANDAL: Final = 1  # Scandal, Revolt or Treason: one of them
USED_ASCEND: Final = 2
USED_ACE: Final = 4
USED_BATTLE: Final = 8
USED_POLITY: Final = 16
USED_REGNANT: Final = 32
USED_PRESTIGE: Final = 64
# Population Phase marks.
USED_PLACED: Final = 128  # a card from hand went into the Population (C4.6)
USED_REARRANGED: Final = 256
# Discard Phase steps done.
USED_HAND_DISCARD: Final = 512
USED_MOVE: Final = 1024
USED_ALL: Final = 2047

# --- action ids ---------------------------------------------------------------------------
# Ids are laid out as blocks so the hot path builds them with one addition: first one block
# of NUM_CARDS ids per kind that takes a card (in this order; the catalogue's ``action.KIND``
# gives their texts), then the kinds without a card.
CARD_KIND_NAMES: Final = (
    "duel",
    "select",
    "discard",
    "move",
    "flip",
    "jester",
    "crown",
    "ace",
    "treaty",
    "break",
    "ascend",
    "power",
    "regnant",
    "battle",
    "give",
)
# Written out one by one and ``Final``, so compiled code reads each as a C constant (unpacked
# from one expression they were module attributes, looked up at every use on the hot path).
K_DUEL: Final = 0 * NUM_CARDS
K_SELECT: Final = 1 * NUM_CARDS
K_DISCARD: Final = 2 * NUM_CARDS
K_MOVE: Final = 3 * NUM_CARDS
K_FLIP: Final = 4 * NUM_CARDS
K_JESTER: Final = 5 * NUM_CARDS
K_CROWN: Final = 6 * NUM_CARDS
K_ACE: Final = 7 * NUM_CARDS
K_TREATY: Final = 8 * NUM_CARDS
K_BREAK: Final = 9 * NUM_CARDS
K_ASCEND: Final = 10 * NUM_CARDS
K_POWER: Final = 11 * NUM_CARDS
K_REGNANT: Final = 12 * NUM_CARDS
K_BATTLE: Final = 13 * NUM_CARDS
K_GIVE: Final = 14 * NUM_CARDS
assert len(CARD_KIND_NAMES) == 15  # one K_ block above per kind, in this order

_base: Final = len(CARD_KIND_NAMES) * NUM_CARDS
ROW: Final = _base  # + slot
OPP_ROW: Final = _base + 3  # + slot
ARMY: Final = _base + 6
PEASANT: Final = _base + 7
DRAW_DECK: Final = _base + 8
DRAW_OWN_PEASANT: Final = _base + 9
DRAW_OPP_PEASANT: Final = _base + 10
DRAW_DISCARD: Final = _base + 11
SCANDAL: Final = _base + 12
REVOLT: Final = _base + 13
TREASON: Final = _base + 14
POLITY: Final = _base + 15
REARRANGE: Final = _base + 16
CONSORT: Final = _base + 17
ENDOW: Final = _base + 18
PRESTIGE_OWN: Final = _base + 19
PRESTIGE_OPP: Final = _base + 20
DONE: Final = _base + 21
SKIP: Final = _base + 22
ABSTAIN: Final = _base + 23
DECLARE: Final = _base + 24  # + declaration index (Estate, Paramour, Depose, Greed)
SPACE_SIZE: Final = DECLARE + len(DECLARATIONS)
