"""Contests between the kingdoms: Polity (C9.6) and Battle (C9.5, DATA.md)."""

from __future__ import annotations

from courtly.core.events import Event
from courtly.games.kingdoms import codes as A
from courtly.games.kingdoms import court as C
from courtly.games.kingdoms.codes import (
    T_BATTLE_DEFEND,
    T_POLITY_LEAD,
    T_POLITY_RESPOND,
    USED_POLITY,
    Task,
)
from courtly.games.kingdoms.data import (
    BATTLE_CLUB_BONUS,
    BATTLE_CLUB_REGNANT_BONUS,
    BATTLE_REGNANT_SUIT_BONUS,
    CARD_NAMES,
    CLUBS,
    IS_NUMBER,
    POLITY_GLORY_SUIT_BONUS,
    POLITY_REGNANT_SUIT_BONUS,
    POLITY_ROUNDS_TO_WIN,
    SUIT,
    VALUE,
)
from courtly.games.kingdoms.events import note
from courtly.games.kingdoms.state import KingdomsState

# --- Polity (C9.6) -----------------------------------------------------------------------------


def polity_value(s: KingdomsState, p: int, card: int, glory_card: int) -> int:
    value = VALUE[card]
    if SUIT[card] == SUIT[glory_card]:
        value += POLITY_GLORY_SUIT_BONUS
    if SUIT[card] == C.regnant_suit(s.court[p]):
        value += POLITY_REGNANT_SUIT_BONUS
    return value


def polity(s: KingdomsState, events: list[Event] | None) -> None:
    p = s.turn
    s.used |= USED_POLITY
    card = s.pop_deck()
    if card < 0:
        return
    if not IS_NUMBER[card]:
        s.discard.append(card)
        note(events, "polity-void", seat=p, card=CARD_NAMES[card])
        return
    s.aside.append(card)
    note(events, "polity", seat=p, card=CARD_NAMES[card])
    s.stack.append((T_POLITY_LEAD, p, 0, 0))


def _polity_round(
    s: KingdomsState, leader: int, lead_wins: int, resp_wins: int, events: list[Event] | None
) -> None:
    note(
        events,
        "polity-rounds",
        seat=leader,
        rounds=lead_wins,
        other_seat=1 - leader,
        other_rounds=resp_wins,
    )
    if lead_wins >= POLITY_ROUNDS_TO_WIN or resp_wins >= POLITY_ROUNDS_TO_WIN:
        winner = leader if lead_wins > resp_wins else 1 - leader
        card = s.aside.pop()
        note(events, "polity-won", seat=winner, card=CARD_NAMES[card])
        s.to_glory(winner, card)
    else:
        s.stack.append((T_POLITY_LEAD, leader, lead_wins, resp_wins))


def polity_lead_legal(s: KingdomsState, t: Task) -> list[int]:
    out = [A.K_GIVE + c for c in s.hand[t[1]] if IS_NUMBER[c]]
    out.append(A.ABSTAIN)
    return out


def polity_lead_apply(s: KingdomsState, t: Task, aid: int, events: list[Event] | None) -> None:
    p = t[1]
    if aid == A.ABSTAIN:
        _polity_round(s, p, t[2], t[3] + 1, events)
        return
    card = aid - A.K_GIVE
    value = polity_value(s, p, card, s.aside[-1])
    s.from_hand(p, card)
    s.to_hand(1 - p, card, True)
    note(events, "polity-pass", seat=p, value=value)
    note(events, "polity-card", frozenset({0, 1}), seat=p, card=CARD_NAMES[card])
    s.stack.append((T_POLITY_RESPOND, 1 - p, value, t[2] * 4 + t[3]))


def polity_respond_legal(s: KingdomsState, t: Task) -> list[int]:
    q = t[1]
    glory_card = s.aside[-1]
    out = [
        A.K_GIVE + c for c in s.hand[q] if IS_NUMBER[c] and polity_value(s, q, c, glory_card) > t[2]
    ]
    out.append(A.ABSTAIN)
    return out


def polity_respond_apply(s: KingdomsState, t: Task, aid: int, events: list[Event] | None) -> None:
    q = t[1]
    leader = 1 - q
    lead_wins, resp_wins = divmod(t[3], 4)
    if aid == A.ABSTAIN:
        note(events, "polity-abstain", seat=q)
        _polity_round(s, leader, lead_wins + 1, resp_wins, events)
        return
    card = aid - A.K_GIVE
    value = polity_value(s, q, card, s.aside[-1])
    s.from_hand(q, card)
    s.to_hand(leader, card, True)
    note(events, "polity-pass", seat=q, value=value)
    note(events, "polity-card", frozenset({0, 1}), seat=q, card=CARD_NAMES[card])
    _polity_round(s, leader, lead_wins, resp_wins + 1, events)


# --- Battle (C9.5, DATA.md's reconstruction) ---------------------------------------------------


def battle_strength(s: KingdomsState, p: int, card: int) -> int:
    strength = VALUE[card]
    suit = SUIT[card]
    rsuit = C.regnant_suit(s.court[p])
    if suit == CLUBS:
        strength += BATTLE_CLUB_BONUS
    if suit == rsuit:
        strength += BATTLE_REGNANT_SUIT_BONUS
    if rsuit == CLUBS:
        strength += BATTLE_CLUB_REGNANT_BONUS
    return strength


def battle_target_apply(s: KingdomsState, t: Task, aid: int, events: list[Event] | None) -> None:
    target = aid - A.K_SELECT
    note(events, "battle-target", seat=1 - t[1], card=CARD_NAMES[target])
    s.stack.append((T_BATTLE_DEFEND, 1 - t[1], t[2], target))


def battle_defend_legal(s: KingdomsState, t: Task) -> list[int]:
    out = [A.K_SELECT + c for c in s.army[t[1]]]
    out.append(A.SKIP)
    return out


def battle_defend_apply(s: KingdomsState, t: Task, aid: int, events: list[Event] | None) -> None:
    defender = t[1]
    attacker = 1 - defender
    attack_card, target = t[2], t[3]
    attack = battle_strength(s, attacker, attack_card)
    defence = 0
    if aid != A.SKIP:
        card = aid - A.K_SELECT
        s.army[defender].remove(card)
        s.discard.append(card)
        defence = battle_strength(s, defender, card)
        note(events, "battle-defence", seat=defender, card=CARD_NAMES[card])
    ties_to_attacker = s.params.battle_ties_to_attacker
    won = attack > defence or (ties_to_attacker and attack == defence)
    s.aside.remove(attack_card)
    note(events, "battle-result", attack=attack, defence=defence, attacker_wins=won)
    if won:
        s.discard.append(attack_card)
        s.remove_subject(defender, target)
        s.to_glory(attacker, target)
    else:
        s.peasant[attacker].append(attack_card)
