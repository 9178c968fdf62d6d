"""Courtisans' observation tensor: a seat's observation as fixed-length numbers.

Reads only the observation dict (docs/schemas/courtisans.observation.json); the layout is in
docs/games/courtisans.md, "Observation tensor". Each card has its own slots (where it is, its
place in its row, whether it lies face down), so the eliminate handles (positions in a row)
and the families can both be read off; a face-down spy the viewer does not know is counted
by row, position and the seat that played it, never by identity.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from courtly.core.tensor import TensorWriter
from courtly.games.courtisans.codes import PHASE_ELIMINATE, PHASE_OVER, PHASE_PLAY, ROW_NAMES
from courtly.games.courtisans.data import (
    FAMILIES,
    HAND_SIZE,
    MAX_ROW_CARDS,
    MISSIONS,
    NUM_CARDS,
    STATUS_NAMES,
)

PHASES = (PHASE_PLAY, PHASE_ELIMINATE, PHASE_OVER)
AREAS = ("queen", "own", "opponent")
STATUSES = tuple(STATUS_NAMES.values())
MISSION_CODES = tuple(m.code for m in MISSIONS)
SCORE_SCALE = 10.0


def _rows(obs: Mapping[str, Any]) -> list[list[Mapping[str, Any]]]:
    """Every row in zone order: above, below, each seat's domain, then the eliminated."""
    table = obs["queen_table"]
    return [table["above"], table["below"], *obs["domains"], obs["eliminated"]]


def write_observation(obs: Mapping[str, Any], w: TensorWriter) -> None:
    n = obs["num_players"]
    w.envelope(obs, n)
    w.choice("phase", obs["phase"], PHASES, "play a card / decide an assassin's kill / over")
    w.numbers("scores", obs["scores"], n, SCORE_SCALE, "running score per seat (face-up cards)")
    w.one_hot("first_player", obs["first_player"], n, "the seat that played first")
    turn = obs["turn"]
    w.counts(
        "areas_used",
        [AREAS.index(a) for a in turn["areas_used"]],
        len(AREAS),
        1,
        "areas already played to this turn: Queen's table, own domain, an opponent's",
    )
    pending = turn["pending_kill"]
    w.choice(
        "kill_row",
        None if pending is None else pending["place"],
        ROW_NAMES,
        "the row of the assassin whose kill is being decided: above, below, a domain",
    )
    w.one_hot(
        "kill_domain",
        None if pending is None else pending.get("seat"),
        n,
        "whose domain that assassin is in",
    )
    w.number("deck_size", obs["deck_size"], NUM_CARDS, "cards in the draw pile")
    w.number("removed_count", obs["removed_count"], NUM_CARDS, "cards removed at setup")
    w.numbers("hand_sizes", obs["hand_sizes"], n, HAND_SIZE, "cards in hand per seat")
    status = obs["family_status"]
    for family in FAMILIES:
        w.choice(
            f"status_{family.lower()}",
            status[family],
            STATUSES,
            f"the {family} family: esteemed / neutral / fallen from grace",
        )

    rows = _rows(obs)
    zones = len(rows) + 1  # the hand, then the rows
    where: list[int] = []
    place: list[float] = [0.0] * NUM_CARDS
    face_down: list[int] = []
    hidden_at: list[list[int]] = [[] for _ in rows]
    hidden_by: list[list[int]] = [[] for _ in rows]
    for card in obs.get("hand") or []:
        where.append(card["card"] * zones)
    for r, row in enumerate(rows):
        for position, item in enumerate(row):
            if "card" not in item:
                hidden_at[r].append(position)
                hidden_by[r].append(item["played_by"])
                continue
            card = item["card"]
            where.append(card * zones + r + 1)
            place[card] = position + 1
            if item.get("face_down"):
                face_down.append(card)
    w.counts(
        "card_zone",
        where,
        NUM_CARDS * zones,
        1,
        "per card (id 0..89) then per zone: in the viewer's hand, above, below, "
        "seat 0..n-1's domain, eliminated; 1 where the viewer knows the card is",
    )
    w.numbers(
        "card_position",
        place,
        NUM_CARDS,
        MAX_ROW_CARDS,
        "per card: its 1-based position in its row (the eliminate handle), 0 in hand or unknown",
    )
    w.counts(
        "card_face_down",
        face_down,
        NUM_CARDS,
        1,
        "per card: a spy lying face down whose identity the viewer knows (its own)",
    )
    w.counts(
        "hidden_spy_positions",
        [r * MAX_ROW_CARDS + p for r, at in enumerate(hidden_at) for p in at],
        len(rows) * MAX_ROW_CARDS,
        1,
        "per row (above, below, seat 0..n-1's domain, eliminated) then per position "
        "0..29: a face-down spy the viewer does not know lies there",
    )
    w.counts(
        "hidden_spy_owners",
        [r * n + s for r, by in enumerate(hidden_by) for s in by],
        len(rows) * n,
        1,
        "per row then per seat: how many such spies that seat played there",
    )

    w.counts(
        "missions",
        [MISSION_CODES.index(m["code"]) for m in obs.get("missions") or []],
        len(MISSION_CODES),
        1,
        "the viewer's Secret Missions (W1..W10, B1..B10)",
    )
    revealed = obs.get("revealed_missions") or [[] for _ in range(n)]
    codes = len(MISSION_CODES)
    w.counts(
        "revealed_missions",
        [
            s * codes + MISSION_CODES.index(m["code"])
            for s, pair in enumerate(revealed)
            for m in pair
        ],
        n * codes,
        1,
        "once over: per seat, its missions",
    )
    w.counts(
        "missions_met",
        [
            s * codes + MISSION_CODES.index(m["code"])
            for s, pair in enumerate(revealed)
            for m in pair
            if m["met"]
        ],
        n * codes,
        1,
        "once over: per seat, its missions met",
    )
    w.counts("winners", obs.get("winners") or [], n, 1, "once over: the winning seats")
