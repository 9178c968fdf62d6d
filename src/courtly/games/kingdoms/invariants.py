"""What every Kingdoms position the engine can reach satisfies; anything else is refused.

The cards: every one of the 54 exactly once, each zone holding only what it may hold. The
bookkeeping: the phase, its marks and the decision stack agree with each other the way play
leaves them, so that a loaded position always has someone with a legal action (issue 21 §2).
"""

from __future__ import annotations

from typing import Final

from courtly.core.errors import InvalidStateError
from courtly.games.kingdoms import court as C
from courtly.games.kingdoms.codes import (
    ARMY_FLAG,
    PH_DRAW,
    PH_DUEL,
    PH_END_TURN,
    PH_OVER,
    PH_REFUGEE,
    PHASE_NAMES,
    T_ACE_TARGET,
    T_BATTLE_DEFEND,
    T_BATTLE_TARGET,
    T_CHAMPION,
    T_CONSORT_OFFER,
    T_CONSPIRACY,
    T_DECLARE_PAY,
    T_ENDOW,
    T_EPIPHANY_CARD,
    T_FIT,
    T_FORCED_ROW,
    T_HARVEST,
    T_HERALD_ROW,
    T_HONOUR_TAKE,
    T_INVADE,
    T_INVENTION_OUTCAST,
    T_MOVE_DEST,
    T_NEGOTIATION_GLORY,
    T_PLEDGE,
    T_POLITY_LEAD,
    T_POLITY_RESPOND,
    T_POP_CARD,
    T_REAP_TAKE,
    T_SEDITION,
    T_TREASON_ROW,
    TASK_NAMES,
    Task,
)
from courtly.games.kingdoms.data import (
    CARD_NAMES,
    CLUBS,
    DECLARATIONS,
    DIAMONDS,
    DRAW_SKIP_AT,
    GLORY_TO_END,
    IS_ACE,
    IS_JOKER,
    IS_NUMBER,
    NUM_CARDS,
    RANK,
    SLOT_NAMES,
    SUIT,
)
from courtly.games.kingdoms.rules.turn import full_draws
from courtly.games.kingdoms.state import KingdomsState

ALL_CARDS: Final = list(range(NUM_CARDS))
# Tasks that wait below others in play: each always has a choice when it comes up again (a
# "skip", the Peasant pile...). Every other task is answered before anything is pushed on it.
MAY_WAIT: Final = frozenset({T_SEDITION, T_CONSPIRACY, T_CONSORT_OFFER, T_FIT})
# Tasks whose ``a`` is a value (Number card 1..10), a slot or an index, with its bounds.
VALUE_ARGS: Final = frozenset(
    {T_CHAMPION, T_HARVEST, T_INVADE, T_INVENTION_OUTCAST, T_REAP_TAKE, T_HONOUR_TAKE, T_PLEDGE}
)
ARG_BOUNDS: Final = {
    T_POP_CARD: (0, 3),
    T_EPIPHANY_CARD: (0, 2),
    T_DECLARE_PAY: (0, len(DECLARATIONS) - 1),
    T_FIT: (0, 1),
    T_POLITY_LEAD: (0, 1),
    T_POLITY_RESPOND: (1, 12),
}
POLITY: Final = frozenset({T_POLITY_LEAD, T_POLITY_RESPOND})
ASIDE_TASKS: Final = frozenset({T_BATTLE_TARGET, T_BATTLE_DEFEND, T_ENDOW})


def _numbers_only(cards: list[int], where: str) -> None:
    for c in cards:
        if not IS_NUMBER[c]:
            raise InvalidStateError(f"{where}: {CARD_NAMES[c]} is not a Number card")


def check_invariants(s: KingdomsState) -> None:
    """Raise InvalidStateError, naming the field, for a position play cannot reach."""
    check_cards(s)
    _check_phase(s)
    _check_stack(s)
    if s.phase != PH_OVER and not s.legal_action_ids():
        raise InvalidStateError(
            f"nobody can act: phase {PHASE_NAMES[s.phase]!r} with this stack has no legal action"
        )


def check_cards(s: KingdomsState) -> None:
    everything = s.deck + s.discard + s.aside
    for p in (0, 1):
        _numbers_only(s.peasant[p], f"players[{p}].peasant")
        _numbers_only(s.glory[p], f"players[{p}].glory")
        _numbers_only(s.army[p], f"players[{p}].army")
        lifted = [e & (ARMY_FLAG - 1) for e in s.limbo[p]]
        _numbers_only(lifted, f"players[{p}].limbo")
        everything += s.hand[p] + s.peasant[p] + s.glory[p] + s.army[p] + lifted
        court = s.court[p]
        for slot in range(3):
            card = court[slot]
            if card >= 0:
                everything.append(card)
                if RANK[card] != 11 + slot:
                    raise InvalidStateError(
                        f"players[{p}].court: {CARD_NAMES[card]} sits in the "
                        f"{SLOT_NAMES[slot]} slot"
                    )
                if s.occupancy(p, slot) > C.capacity(court, slot):
                    raise InvalidStateError(
                        f"players[{p}].rows: too many Subjects beside the {SLOT_NAMES[slot]}"
                    )
            elif s.rows[p][slot]:
                raise InvalidStateError(
                    f"players[{p}].rows: Subjects beside an empty {SLOT_NAMES[slot]} slot"
                )
            _numbers_only(s.rows[p][slot], f"players[{p}].rows")
            everything += s.rows[p][slot]
        for card, what in ((s.jester[p], "jester"), (s.treaty[p], "treaty"), (s.duel[p], "duel")):
            if card >= 0:
                everything.append(card)
                if (what == "jester") != IS_JOKER[card] or (
                    what != "jester" and not IS_NUMBER[card]
                ):
                    raise InvalidStateError(
                        f"players[{p}].{what}: {CARD_NAMES[card]} cannot be a {what} card"
                    )
        if s.known[p] & ~sum(1 << c for c in s.hand[p]):
            raise InvalidStateError(
                f"players[{p}].hand_seen_by_opponent: cards marked as seen must be in that hand"
            )
        if s.army[p] and C.regnant_slot(court) < 0:
            raise InvalidStateError(f"players[{p}].army: Army cards with no Regnant")
        if len(s.glory[p]) >= GLORY_TO_END and s.phase != PH_OVER:
            raise InvalidStateError(
                f"players[{p}].glory: {GLORY_TO_END} Glory cards end the game (phase must be over)"
            )
    if len(everything) != NUM_CARDS or sorted(everything) != ALL_CARDS:
        counts = [0] * NUM_CARDS
        for c in everything:
            if 0 <= c < NUM_CARDS:
                counts[c] += 1
        bad = [CARD_NAMES[c] for c in range(NUM_CARDS) if counts[c] != 1]
        raise InvalidStateError(
            f"cards not accounted for exactly once: {', '.join(bad) or everything}"
        )


def _check_phase(s: KingdomsState) -> None:
    phase = s.phase
    name = PHASE_NAMES[phase]
    limit = s.params.turn_limit
    if phase == PH_OVER:
        if s.stack:
            raise InvalidStateError("stack: a finished game has pending decisions")
        return
    if s.turns >= limit:
        raise InvalidStateError(f"turns: {s.turns} turns reach the turn limit ({limit})")
    if phase in (PH_REFUGEE, PH_END_TURN) and s.entered:
        # These phases only run their start and move on: they never wait under way.
        raise InvalidStateError(f"phase_started: the {name} phase is never under way")
    if phase == PH_DUEL:
        if s.stack:
            raise InvalidStateError("stack: nothing is pending during the duel")
        if s.duel[1] >= 0:
            raise InvalidStateError("players[1].duel: seat 2 plays its duel card last")
        for p in (0, 1):
            if s.duel_pending(p) and not any(IS_NUMBER[c] for c in s.hand[p]):
                raise InvalidStateError(
                    f"players[{p}].hand: seat {p + 1} must choose a duel card but holds no "
                    "Subject (C3.3: it mulligans before the duel; start the phase with "
                    "phase_started false to play that)"
                )
    elif s.duel != [-1, -1]:
        raise InvalidStateError(f"duel cards outside the duel (phase {name!r})")
    if phase == PH_DRAW and s.entered:
        if s.stack:
            raise InvalidStateError("stack: nothing is pending during the Draw Phase")
        p = s.turn
        full = full_draws(s, p)
        if not 1 <= s.draws_left <= full:
            raise InvalidStateError(
                f"draws_left: {s.draws_left} is not a count of draws left (1..{full})"
            )
        if s.draws_left == full:
            # C2.3: nobody starts drawing with seven cards or more.
            if len(s.hand[p]) >= DRAW_SKIP_AT:
                raise InvalidStateError(
                    f"players[{p}].hand: with {len(s.hand[p])} cards the Draw Phase is skipped "
                    "(C2.3)"
                )
            if s.sabotage != (C.influence(s.court[1 - p]) == CLUBS):
                raise InvalidStateError(
                    "sabotage: before the first draw, true exactly when the opponent's court "
                    "has Club influence (C10.3)"
                )
        elif s.sabotage:
            raise InvalidStateError("sabotage: only the first draw of a turn can be taken")


def _check_stack(s: KingdomsState) -> None:
    stack = s.stack
    for i, task in enumerate(stack):
        kind, _, a, b = task
        where = f"stack[{i}] ({TASK_NAMES[kind]})"
        if i < len(stack) - 1 and kind not in MAY_WAIT:
            raise InvalidStateError(f"{where}: only the top task can be of this kind")
        check = _CARD_CHECKS.get(kind)
        if check is not None:
            check(s, task, where)
            if kind != T_BATTLE_DEFEND and b != 0:
                raise InvalidStateError(f"{where}: this task takes no second argument")
            continue
        low, high = (1, 10) if kind in VALUE_ARGS else ARG_BOUNDS.get(kind, (0, 0))
        if not low <= a <= high:
            raise InvalidStateError(f"{where}: its argument must be in {low}..{high}, not {a}")
        if kind in POLITY:
            wins = (a, b) if kind == T_POLITY_LEAD else divmod(b, 4)
            if not (0 <= wins[0] <= 1 and 0 <= wins[1] <= 1):
                raise InvalidStateError(f"{where}: each player has won 0 or 1 Polity round")
        elif b != 0:
            raise InvalidStateError(f"{where}: this task takes no second argument")
    for p in (0, 1):
        fits = sum(1 for t in stack if t[0] == T_FIT and t[1] == p)
        if fits != (1 if s.limbo[p] else 0):
            raise InvalidStateError(
                f"players[{p}].limbo: lifted Population cards and re-placement tasks (fit) "
                "must go together, one task per player"
            )
    polity = any(t[0] in POLITY for t in stack)
    held = [t[2] for t in stack if t[0] in ASIDE_TASKS]
    if len(s.aside) != len(held) + polity or any(c not in s.aside for c in held):
        raise InvalidStateError(
            "aside: holds exactly the cards in flight (a Polity's Glory card, a Battle's Army "
            "card, a Refugee under Endow)"
        )
    if polity and (s.aside[-1] in held or not IS_NUMBER[s.aside[-1]]):
        raise InvalidStateError("aside: a Polity's Glory card is a Number card, set aside last")


def _in(cards: list[int], card: int, where: str, what: str) -> None:
    if card not in cards:
        raise InvalidStateError(f"{where}: {CARD_NAMES[card]} must be {what}")


def _forced_row(s: KingdomsState, t: Task, where: str) -> None:
    p, card = t[1], t[2]
    _in(s.hand[p], card, where, "in the player's hand")
    if not IS_NUMBER[card] or not (s.known[p] >> card) & 1:
        raise InvalidStateError(f"{where}: {CARD_NAMES[card]} must be a Subject shown to all")


def _treason_row(s: KingdomsState, t: Task, where: str) -> None:
    _in(s.subjects(1 - t[1]), t[2], where, "a Subject of the opponent")


def _herald_row(s: KingdomsState, t: Task, where: str) -> None:
    _in(s.glory[t[1]], t[2], where, "in the player's Glory")


def _ace_target(s: KingdomsState, t: Task, where: str) -> None:
    if not IS_ACE[t[2]]:
        raise InvalidStateError(f"{where}: {CARD_NAMES[t[2]]} is not an Ace")
    _in(s.discard, t[2], where, "on the Discard pile")


def _battle(s: KingdomsState, t: Task, where: str) -> None:
    _in(s.aside, t[2], where, "set aside (the revealed Army card)")
    if t[0] == T_BATTLE_DEFEND:
        _in(s.subjects(t[1]), t[3], where, "a Subject of the defender")


def _negotiation(s: KingdomsState, t: Task, where: str) -> None:
    _in(s.subjects(t[1]), t[2], where, "a Subject of the player")
    if SUIT[t[2]] != DIAMONDS:
        raise InvalidStateError(f"{where}: {CARD_NAMES[t[2]]} is not a Diamond")


def _endow(s: KingdomsState, t: Task, where: str) -> None:
    _in(s.aside, t[2], where, "set aside (the Refugee card)")


def _move_dest(s: KingdomsState, t: Task, where: str) -> None:
    _in(s.subjects(t[1]), t[2], where, "a Subject of the player")


_CARD_CHECKS: Final = {
    T_FORCED_ROW: _forced_row,
    T_TREASON_ROW: _treason_row,
    T_HERALD_ROW: _herald_row,
    T_ACE_TARGET: _ace_target,
    T_BATTLE_TARGET: _battle,
    T_BATTLE_DEFEND: _battle,
    T_NEGOTIATION_GLORY: _negotiation,
    T_ENDOW: _endow,
    T_MOVE_DEST: _move_dest,
}
