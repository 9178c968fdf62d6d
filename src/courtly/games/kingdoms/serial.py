"""The JSON body of a Kingdoms state (documented in docs/games/kingdoms.md) and its invariants."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from courtly.core.errors import InvalidStateError
from courtly.games.kingdoms import court as C
from courtly.games.kingdoms.data import (
    CARD_NAMES,
    IS_JOKER,
    IS_NUMBER,
    NUM_CARDS,
    RANK,
    SLOT_NAMES,
    parse_card,
)
from courtly.games.kingdoms.info import duel_pending
from courtly.games.kingdoms.state import ARMY_FLAG, KingdomsState
from courtly.games.kingdoms.tasks import (
    CARD_ARG_TASKS,
    CARD_B_TASKS,
    PH_OVER,
    PHASE_NAMES,
    T_FIT,
    TASK_NAMES,
)

SLOT_KEYS = tuple(name.lower() for name in SLOT_NAMES)
ALL_CARDS = list(range(NUM_CARDS))


def _opt(card: int) -> str | None:
    return CARD_NAMES[card] if card >= 0 else None


def _limbo_name(entry: int) -> str:
    return "~" + CARD_NAMES[entry - ARMY_FLAG] if entry >= ARMY_FLAG else CARD_NAMES[entry]


def body_to_json(s: KingdomsState) -> dict[str, Any]:
    n = CARD_NAMES
    players = []
    for p in (0, 1):
        mask = s.known[p]
        court = s.court[p]
        rows = s.rows[p]
        players.append(
            {
                "hand": [n[c] for c in s.hand[p]],
                "hand_seen_by_opponent": [n[c] for c in sorted(s.hand[p]) if (mask >> c) & 1],
                "peek": _opt(s.peek[p]),
                "court": {"jack": _opt(court[0]), "queen": _opt(court[1]), "king": _opt(court[2])},
                "jester": _opt(s.jester[p]),
                "treaty": _opt(s.treaty[p]),
                "rows": {
                    "jack": [n[c] for c in rows[0]],
                    "queen": [n[c] for c in rows[1]],
                    "king": [n[c] for c in rows[2]],
                },
                "army": [n[c] for c in s.army[p]],
                "limbo": [_limbo_name(e) for e in s.limbo[p]],
                "glory": [n[c] for c in s.glory[p]],
                "peasant": [n[c] for c in s.peasant[p]],
                "duel": _opt(s.duel[p]),
            }
        )
    stack = []
    for kind, player, a, b in s.stack:
        stack.append(
            [
                TASK_NAMES[kind],
                player,
                n[a] if kind in CARD_ARG_TASKS else a,
                n[b] if kind in CARD_B_TASKS else b,
            ]
        )
    return {
        "phase": PHASE_NAMES[s.phase],
        "phase_started": s.entered,
        "turn": s.turn,
        "turns": s.turns,
        "used": s.used,
        "draws_left": s.draws_left,
        "sabotage": s.sabotage,
        "deck": [n[c] for c in s.deck],
        "discard": [n[c] for c in s.discard],
        "aside": [n[c] for c in s.aside],
        "players": players,
        "stack": stack,
    }


def _cards(value: Any) -> list[int]:
    if not isinstance(value, list):
        raise InvalidStateError(f"expected a list of cards, got {value!r}")
    return [parse_card(v) for v in value]


def _card_or_none(value: Any) -> int:
    return -1 if value is None else parse_card(value)


def _int(value: Any, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidStateError(f"{what} must be an integer")
    return value


def fill_from_json(s: KingdomsState, data: Mapping[str, Any]) -> None:
    phase = data["phase"]
    if phase not in PHASE_NAMES:
        raise InvalidStateError(f"unknown phase {phase!r}")
    s.phase = PHASE_NAMES.index(phase)
    s.entered = bool(data.get("phase_started", True))
    s.turn = _int(data["turn"], "turn")
    if s.turn not in (0, 1):
        raise InvalidStateError("turn must be 0 or 1")
    s.turns = _int(data.get("turns", 0), "turns")
    s.used = _int(data.get("used", 0), "used")
    s.draws_left = _int(data.get("draws_left", 0), "draws_left")
    s.sabotage = bool(data.get("sabotage", False))
    s.deck = _cards(data["deck"])
    s.discard = _cards(data.get("discard", []))
    s.aside = _cards(data.get("aside", []))
    players = data["players"]
    if not isinstance(players, list) or len(players) != 2:
        raise InvalidStateError("players must be a list of two seats")
    for p, seat in enumerate(players):
        s.hand[p] = _cards(seat.get("hand", []))
        s.known[p] = 0
        for c in _cards(seat.get("hand_seen_by_opponent", [])):
            s.known[p] |= 1 << c
        s.peek[p] = _card_or_none(seat.get("peek"))
        court = seat.get("court", {})
        s.court[p] = [_card_or_none(court.get(k)) for k in SLOT_KEYS]
        s.jester[p] = _card_or_none(seat.get("jester"))
        s.treaty[p] = _card_or_none(seat.get("treaty"))
        rows = seat.get("rows", {})
        s.rows[p] = [_cards(rows.get(k, [])) for k in SLOT_KEYS]
        s.army[p] = _cards(seat.get("army", []))
        s.limbo[p] = [
            parse_card(e[1:]) + ARMY_FLAG
            if isinstance(e, str) and e.startswith("~")
            else parse_card(e)
            for e in seat.get("limbo", [])
        ]
        s.glory[p] = _cards(seat.get("glory", []))
        s.peasant[p] = _cards(seat.get("peasant", []))
        s.duel[p] = _card_or_none(seat.get("duel"))
    s.stack = []
    for item in data.get("stack", []):
        name, player, a, b = item
        if name not in TASK_NAMES:
            raise InvalidStateError(f"unknown task {name!r}")
        kind = TASK_NAMES.index(name)
        a = parse_card(a) if kind in CARD_ARG_TASKS else _int(a, "task argument")
        b = parse_card(b) if kind in CARD_B_TASKS else _int(b, "task argument")
        if player not in (0, 1):
            raise InvalidStateError("a task's player must be 0 or 1")
        s.stack.append((kind, player, a, b))


def _numbers_only(cards: list[int], where: str) -> None:
    for c in cards:
        if not IS_NUMBER[c]:
            raise InvalidStateError(f"{where}: {CARD_NAMES[c]} is not a Number card")


def check_invariants(s: KingdomsState) -> None:
    """Every one of the 54 cards exactly once, each zone holding only what it may hold."""
    everything = s.deck + s.discard + s.aside
    for p in (0, 1):
        _numbers_only(s.peasant[p], "peasant pile")
        _numbers_only(s.glory[p], "glory")
        _numbers_only(s.army[p], "army")
        lifted = [e & (ARMY_FLAG - 1) for e in s.limbo[p]]
        _numbers_only(lifted, "lifted population")
        everything += s.hand[p] + s.peasant[p] + s.glory[p] + s.army[p] + lifted
        court = s.court[p]
        for slot in range(3):
            card = court[slot]
            if card >= 0:
                everything.append(card)
                if RANK[card] != 11 + slot:
                    raise InvalidStateError(
                        f"{CARD_NAMES[card]} sits in the {SLOT_NAMES[slot]} slot"
                    )
                if s.occupancy(p, slot) > C.capacity(court, slot):
                    raise InvalidStateError(
                        f"too many Subjects beside seat {p}'s {SLOT_NAMES[slot]}"
                    )
            elif s.rows[p][slot]:
                raise InvalidStateError(f"Subjects beside an empty {SLOT_NAMES[slot]} slot")
            _numbers_only(s.rows[p][slot], "population")
            everything += s.rows[p][slot]
        for card, what in ((s.jester[p], "jester"), (s.treaty[p], "treaty"), (s.duel[p], "duel")):
            if card >= 0:
                everything.append(card)
                if (what == "jester") != IS_JOKER[card] or (
                    what != "jester" and not IS_NUMBER[card]
                ):
                    raise InvalidStateError(f"{CARD_NAMES[card]} cannot be a {what} card")
        if s.known[p] & ~sum(1 << c for c in s.hand[p]):
            raise InvalidStateError("cards marked as seen must be in that hand")
        if s.limbo[p] and not any(t[0] == T_FIT and t[1] == p for t in s.stack):
            raise InvalidStateError("lifted Population cards with no re-placement pending")
        if s.army[p] and C.regnant_slot(court) < 0:
            raise InvalidStateError("Army cards with no Regnant")
        if duel_pending(s, p) and not any(IS_NUMBER[c] for c in s.hand[p]):
            raise InvalidStateError(
                f"seat {p} must choose a duel card but holds no Subject (C3.3: it mulligans "
                "before the duel; start the phase with phase_started false to play that)"
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
    if s.phase == PH_OVER and s.stack:
        raise InvalidStateError("a finished game has pending decisions")
