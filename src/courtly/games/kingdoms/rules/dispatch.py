"""One explicit dispatch: which rule answers each phase and each pending task.

A position is either in a phase (its menu: ``PHASE_LEGAL`` / ``PHASE_APPLY``; its start:
``PHASE_ENTRY``) or has tasks on its decision stack (the top task's ``TASK_LEGAL`` /
``TASK_APPLY``). The tables are written here, where they are read, indexed by the codes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Final

from courtly.core.events import Event
from courtly.games.kingdoms.codes import (
    PH_ACTION,
    PH_DISCARD,
    PH_DRAW,
    PH_DUEL,
    PH_END_TURN,
    PH_INAUG,
    PH_OVER,
    PH_POP,
    PH_REFUGEE,
    T_ACE_TARGET,
    T_BATTLE_DEFEND,
    T_BATTLE_TARGET,
    T_CHAMPION,
    T_CONSORT_OFFER,
    T_CONSPIRACY,
    T_CULTIVATE,
    T_DECLARE_PAY,
    T_ENDOW,
    T_EPIPHANY,
    T_EPIPHANY_CARD,
    T_FIT,
    T_FORCED_PICK,
    T_FORCED_ROW,
    T_HARVEST,
    T_HERALD,
    T_HERALD_ROW,
    T_HONOUR_OUTCAST,
    T_HONOUR_TAKE,
    T_INVADE,
    T_INVENTION_OUTCAST,
    T_INVENTION_TAKE,
    T_INVESTMENT_OUTCAST,
    T_INVESTMENT_TAKE,
    T_MAY_DRAW,
    T_MOVE_DEST,
    T_NEGOTIATION_GLORY,
    T_NEGOTIATION_SUBJECT,
    T_ORACLE,
    T_PILLAGE,
    T_PLEDGE,
    T_POLITY_LEAD,
    T_POLITY_RESPOND,
    T_POP_CARD,
    T_REAP_OUTCAST,
    T_REAP_TAKE,
    T_REVOLT,
    T_SCANDAL,
    T_SEDITION,
    T_TREASON,
    T_TREASON_ROW,
    T_TREASURER,
    T_TREASURER_SUBJECT,
    Task,
)
from courtly.games.kingdoms.rules import (
    abilities,
    action,
    ascendancy,
    chamberlain,
    contests,
    glory,
    population,
    turn,
)
from courtly.games.kingdoms.rules.secrecy import menu_shows
from courtly.games.kingdoms.rules.targets import (
    opp_glory_choices,
    opp_subject_choices,
    own_free_rows,
    own_glory_choices,
    own_subject_choices,
)
from courtly.games.kingdoms.state import KingdomsState

LegalFn = Callable[[KingdomsState, Task], list[int]]
ApplyFn = Callable[[KingdomsState, Task, int, "list[Event] | None"], None]
PhaseLegalFn = Callable[[KingdomsState], list[int]]
PhaseApplyFn = Callable[[KingdomsState, int, "list[Event] | None"], None]
EntryFn = Callable[[KingdomsState, "list[Event] | None"], None]


# Phase -> the rule that starts it, lists its menu, and plays a menu choice. The Refugee Phase
# and the end of a turn only run their start: they never wait for a decision.
PHASE_ENTRY: Final[dict[int, EntryFn]] = {
    PH_DUEL: turn.duel_entry,
    PH_DRAW: turn.draw_entry,
    PH_ACTION: turn.action_entry,
    PH_INAUG: turn.inaug_entry,
    PH_POP: population.pop_entry,
    PH_DISCARD: turn.discard_entry,
    PH_REFUGEE: turn.refugee_entry,
    PH_END_TURN: turn.end_turn_entry,
}
PHASE_LEGAL: Final[dict[int, PhaseLegalFn]] = {
    PH_DUEL: turn.duel_legal,
    PH_DRAW: turn.draw_sources,
    PH_ACTION: action.action_legal,
    PH_INAUG: turn.inaug_legal,
    PH_POP: population.pop_legal,
    PH_DISCARD: turn.discard_legal,
}
PHASE_APPLY: Final[dict[int, PhaseApplyFn]] = {
    PH_DUEL: turn.duel_apply,
    PH_DRAW: turn.draw_apply,
    PH_ACTION: action.action_apply,
    PH_INAUG: turn.inaug_apply,
    PH_POP: population.pop_apply,
    PH_DISCARD: turn.discard_apply,
}

# Task kind -> its choices and the rule that plays one.
TASK_LEGAL: Final[dict[int, LegalFn]] = {
    T_FIT: population.fit_legal,
    T_POP_CARD: population.pop_card_legal,
    T_FORCED_ROW: population.forced_row_legal,
    T_FORCED_PICK: population.forced_pick_legal,
    T_SEDITION: glory.sedition_legal,
    T_CONSPIRACY: glory.conspiracy_legal,
    T_CONSORT_OFFER: glory.consort_offer_legal,
    T_SCANDAL: opp_subject_choices,
    T_REVOLT: opp_subject_choices,
    T_TREASON: opp_subject_choices,
    T_TREASON_ROW: own_free_rows,
    T_HERALD: own_glory_choices,
    T_HERALD_ROW: own_free_rows,
    T_CHAMPION: ascendancy.champion_legal,
    T_TREASURER: ascendancy.treasurer_legal,
    T_TREASURER_SUBJECT: own_subject_choices,
    T_MAY_DRAW: ascendancy.may_draw_legal,
    T_CULTIVATE: chamberlain.cultivate_legal,
    T_ORACLE: own_subject_choices,
    T_PILLAGE: opp_glory_choices,
    T_PLEDGE: chamberlain.pledge_legal,
    T_DECLARE_PAY: chamberlain.declare_pay_legal,
    T_ACE_TARGET: action.ace_target_legal,
    T_POLITY_LEAD: contests.polity_lead_legal,
    T_POLITY_RESPOND: contests.polity_respond_legal,
    T_BATTLE_TARGET: opp_subject_choices,
    T_BATTLE_DEFEND: contests.battle_defend_legal,
    T_HARVEST: abilities.harvest_legal,
    T_INVENTION_OUTCAST: abilities.invention_outcast_legal,
    T_INVENTION_TAKE: opp_subject_choices,
    T_INVADE: abilities.invade_legal,
    T_INVESTMENT_OUTCAST: own_subject_choices,
    T_INVESTMENT_TAKE: own_subject_choices,
    T_REAP_OUTCAST: own_subject_choices,
    T_REAP_TAKE: glory.reap_take_legal,
    T_HONOUR_OUTCAST: own_subject_choices,
    T_HONOUR_TAKE: glory.honour_take_legal,
    T_EPIPHANY: glory.epiphany_legal,
    T_EPIPHANY_CARD: glory.epiphany_card_legal,
    T_NEGOTIATION_SUBJECT: glory.negotiation_subject_legal,
    T_NEGOTIATION_GLORY: glory.negotiation_glory_legal,
    T_ENDOW: turn.endow_legal,
    T_MOVE_DEST: turn.move_dest_legal,
}
TASK_APPLY: Final[dict[int, ApplyFn]] = {
    T_FIT: population.fit_apply,
    T_POP_CARD: population.pop_card_apply,
    T_FORCED_ROW: population.forced_row_apply,
    T_FORCED_PICK: population.forced_pick_apply,
    T_SEDITION: glory.sedition_apply,
    T_CONSPIRACY: glory.conspiracy_apply,
    T_CONSORT_OFFER: glory.consort_offer_apply,
    T_SCANDAL: action.scandal_apply,
    T_REVOLT: action.revolt_apply,
    T_TREASON: action.treason_apply,
    T_TREASON_ROW: action.treason_row_apply,
    T_HERALD: ascendancy.herald_apply,
    T_HERALD_ROW: ascendancy.herald_row_apply,
    T_CHAMPION: ascendancy.champion_apply,
    T_TREASURER: ascendancy.treasurer_apply,
    T_TREASURER_SUBJECT: ascendancy.treasurer_subject_apply,
    T_MAY_DRAW: ascendancy.may_draw_apply,
    T_CULTIVATE: chamberlain.cultivate_apply,
    T_ORACLE: chamberlain.oracle_apply,
    T_PILLAGE: chamberlain.pillage_apply,
    T_PLEDGE: chamberlain.pledge_apply,
    T_DECLARE_PAY: chamberlain.declare_pay_apply,
    T_ACE_TARGET: action.ace_target_apply,
    T_POLITY_LEAD: contests.polity_lead_apply,
    T_POLITY_RESPOND: contests.polity_respond_apply,
    T_BATTLE_TARGET: contests.battle_target_apply,
    T_BATTLE_DEFEND: contests.battle_defend_apply,
    T_HARVEST: abilities.own_to_glory_apply,
    T_INVENTION_OUTCAST: abilities.invention_outcast_apply,
    T_INVENTION_TAKE: abilities.opp_to_glory_apply,
    T_INVADE: abilities.opp_to_glory_apply,
    T_INVESTMENT_OUTCAST: abilities.investment_outcast_apply,
    T_INVESTMENT_TAKE: abilities.own_to_glory_apply,
    T_REAP_OUTCAST: glory.reap_outcast_apply,
    T_REAP_TAKE: glory.reap_take_apply,
    T_HONOUR_OUTCAST: glory.honour_outcast_apply,
    T_HONOUR_TAKE: glory.honour_take_apply,
    T_EPIPHANY: glory.epiphany_apply,
    T_EPIPHANY_CARD: glory.epiphany_card_apply,
    T_NEGOTIATION_SUBJECT: glory.negotiation_subject_apply,
    T_NEGOTIATION_GLORY: glory.negotiation_glory_apply,
    T_ENDOW: turn.endow_apply,
    T_MOVE_DEST: turn.move_dest_apply,
}


# The phase menus with many choices, one id at a time: whether a menu holds a single choice is
# known at its second (``sole_action``), without building the rest.
PHASE_OPTIONS: Final[dict[int, Callable[[KingdomsState], Iterator[int]]]] = {
    PH_ACTION: action.action_options,
    PH_POP: population.pop_options,
}


def advance(s: KingdomsState, events: list[Event] | None, keep_legal: bool = True) -> None:
    """Settle the phases, then play every decision that has a single possible answer
    (ruling R22), until a real choice or the end of the game.

    With ``keep_legal`` the legal ids of that choice are kept for the next
    ``legal_action_ids``; without, they are not built (a position that is only evaluated
    never asks for them), and the position is the same. Whether a menu weighed here tells a
    seat something (``secrecy``, then ``State.reveal``) is judged only when ``events`` are
    made: a move is only ever taken back from a table, which plays with events, and the
    judgement would cost a search's fast path about a tenth of its speed."""
    settle(s, events)
    while s.phase != PH_OVER:
        if keep_legal:
            ids = s.legal_action_ids()
            if events is not None and menu_shows(s, ids):
                s.reveal()
            if len(ids) != 1:
                s._legal = ids
                return
            only = ids[0]
        else:
            only = sole_action(s)
            if only < 0:
                return
        stack = s.stack
        if stack:
            top = stack.pop()
            TASK_APPLY[top[0]](s, top, only, events)
        else:
            PHASE_APPLY[s.phase](s, only, events)
        settle(s, events)


def sole_action(s: KingdomsState) -> int:
    """The legal id of a position (not over) that offers exactly one, else -1."""
    stack = s.stack
    if not stack:
        options = PHASE_OPTIONS.get(s.phase)
        if options is not None:
            menu = options(s)
            first = next(menu, -1)
            return first if next(menu, -1) < 0 else -1
    ids = s.legal_action_ids()
    return ids[0] if len(ids) == 1 else -1


def settle(s: KingdomsState, events: list[Event] | None) -> None:
    """Run phase entries until someone has a decision to make."""
    while s.phase != PH_OVER and not s.stack and not s.entered:
        s.entered = True
        PHASE_ENTRY[s.phase](s, events)
