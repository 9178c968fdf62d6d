"""The state's JSON body (documented in docs/games/tudor.md) and its inverse."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from courtly.core.errors import InvalidStateError
from courtly.core.rng import Rng
from courtly.core.state import Game
from courtly.games.tudor.codes import (
    MODE_NAMES,
)
from courtly.games.tudor.data import CHAMBER_NAMES, FACTION_INDEX, FACTIONS, FINGERS, MARKER_NAMES
from courtly.games.tudor.state import Hooks, TudorState


def _faction(f: int) -> str | None:
    return FACTIONS[f] if f >= 0 else None


def _counts(values: list[int]) -> dict[str, int]:
    return dict(zip(FACTIONS, values, strict=True))


_FACTION_OR_NONE: tuple[str | None, ...] = (*FACTIONS, None)  # index -1 is None


def _seat(x: int) -> int | None:
    return x if x >= 0 else None


def public_body(st: TudorState) -> dict[str, Any]:
    b = st.b
    columns = []
    s = 0
    tok, mark, occ = st.tok, st.mark, st.occ
    for c, h in enumerate(b.heights):
        columns.append(
            {
                "office": _seat(st.office[c]),
                "tokens": [_FACTION_OR_NONE[f] for f in tok[s : s + h]],
                "markers": [MARKER_NAMES[m] for m in mark[s : s + h]],
                "courtiers": [None if q < 0 else q for q in occ[s : s + h]],
            }
        )
        s += h
    players = []
    for p in range(st.num_players):
        players.append(
            {
                "rings": [
                    {"finger": FINGERS[code >> 3], "ring": FACTIONS[code & 7]}
                    for code in st.rings[p]
                ],
                "spent_tokens": _counts(st.spent[p]),
                "courtiers_in_supply": st.csup[p],
                "lord": CHAMBER_NAMES[st.lords[p]] if st.lords[p] >= 0 else None,
                "lord_acted": bool(st.lord_acted[p]),
                "prestige": st.prestige[p],
                "moved_courtier_this_round": bool(st.bonus_used[p]),
                "to_place": st.to_place[p],
                "ambassadors": st.amb[p],
            }
        )
    return {
        "cards_in_play": {"scoring": list(st.setup.scoring), "scenario": st.setup.scenario},
        "round": st.round,
        "rounds": st.rounds,
        "start_player": st.start,
        "throne_room": columns,
        "court_card_supply": _counts(st.supply),
        "ring_stand": _counts(st.stand),
        "benches": [list(bench) for bench in st.bench],
        "chairs": [[_seat(x) for x in row] for row in st.chairs],
        "behind_chairs": [[bool(x) for x in row] for row in st.acted],
        "removed_tokens": _counts(st.removed_tok),
        "removed_markers": {MARKER_NAMES[k]: st.removed_marks[k] for k in (1, 2, 3)},
        "players": players,
        "decision": {
            "mode": MODE_NAMES[st.mode],
            "player": _seat(st.cur),
            "turn_player": st.tp,
            "figure": st.fig,
            "figure_chamber": st.fch,
            "lord_actions_left": st.lmask,
            "sequence": st.act,
            "movement": list(st.mv),
            "scratch": list(st.xs),
            "scenario_actions_used": st.scen_used,
            "moved_from": list(st.moved_from),
            "take": st.take_kind,
            "aux": st.tmp,
            "pending_rings": [FACTIONS[f] for f in st.pend],
            "may_rearrange": bool(st.pend_rearrange),
            "queue": [list(t) for t in st.todo],
            "draft_position": st.draft_pos,
            "drafted": [[code >> 3, FACTIONS[code & 7]] for code in st.drafted],
        },
    }


def body_to_json(st: TudorState) -> dict[str, Any]:
    body = public_body(st)
    body["bag"] = [FACTIONS[f] for f in st.bag]
    for p, entry in enumerate(body["players"]):
        entry["cards"] = _counts(st.hand[p])
        entry["court_tokens"] = _counts(st.ctok[p])
        entry["influence"] = st.infl[p]
        entry["intrigue"] = st.intr[p]
        entry["opportunity"] = st.oppt[p]
    return body


def _fidx(name: Any) -> int:
    if name is None:
        return -1
    if name not in FACTION_INDEX:
        raise InvalidStateError(f"unknown faction {name!r}; factions: {', '.join(FACTIONS)}")
    return FACTION_INDEX[name]


def _fcounts(data: Mapping[str, Any]) -> list[int]:
    unknown = set(data) - set(FACTIONS)
    if unknown:
        raise InvalidStateError(f"unknown faction(s) {sorted(unknown)}")
    return [int(data.get(name, 0)) for name in FACTIONS]


def _int_seat(x: Any) -> int:
    return -1 if x is None else int(x)


def from_json(
    game: Game, hooks: Hooks, data: Mapping[str, Any], n: int, options: dict[str, Any], rng: Rng
) -> TudorState:
    st = TudorState(game, hooks, n, options, rng)
    cards = data["cards_in_play"]
    scoring = tuple(int(x) for x in cards["scoring"])
    if len(scoring) != 2:
        raise InvalidStateError("cards_in_play.scoring must list two Scoring Cards")
    st.setup = replace(
        st.setup,
        scoring=(scoring[0], scoring[1]),
        scenario=int(cards["scenario"]),
        random_scoring=False,
        random_scenario=False,
    )
    st.round = int(data["round"])
    st.rounds = int(data["rounds"])
    st.start = int(data["start_player"])
    b = st.b
    columns = data["throne_room"]
    if len(columns) != b.columns:
        raise InvalidStateError(f"the Throne Room has {b.columns} columns for {n} players")
    markers = {name: k for k, name in enumerate(MARKER_NAMES)}
    s = 0
    for c, column in enumerate(columns):
        h = b.heights[c]
        lists = (column["tokens"], column["markers"], column["courtiers"])
        if any(len(x) != h for x in lists):
            raise InvalidStateError(f"column {c + 1} must list {h} spaces, bottom to top")
        for r in range(h):
            st.tok[s + r] = _fidx(column["tokens"][r])
            st.mark[s + r] = markers[column["markers"][r]]
            st.occ[s + r] = _int_seat(column["courtiers"][r])
        st.office[c] = _int_seat(column.get("office"))
        s += h
    st.bag = [_fidx(x) for x in data["bag"]]
    st.supply = _fcounts(data["court_card_supply"])
    st.stand = _fcounts(data["ring_stand"])
    st.bench = [[int(x) for x in bench] for bench in data["benches"]]
    st.chairs = [[_int_seat(x) for x in row] for row in data["chairs"]]
    st.acted = [[1 if x else 0 for x in row] for row in data["behind_chairs"]]
    st.removed_tok = _fcounts(data["removed_tokens"])
    rm = data["removed_markers"]
    st.removed_marks = [0, int(rm["influence"]), int(rm["intrigue"]), int(rm["opportunity"])]
    players = data["players"]
    if len(players) != n:
        raise InvalidStateError(f"players must list {n} entries")
    chamber = {name: i for i, name in enumerate(CHAMBER_NAMES)}
    for p, entry in enumerate(players):
        st.rings[p] = sorted(
            FINGERS.index(r["finger"]) * 8 + _fidx(r["ring"]) for r in entry["rings"]
        )
        st.spent[p] = _fcounts(entry["spent_tokens"])
        st.csup[p] = int(entry["courtiers_in_supply"])
        st.lords[p] = -1 if entry["lord"] is None else chamber[entry["lord"]]
        st.lord_acted[p] = 1 if entry["lord_acted"] else 0
        st.prestige[p] = int(entry["prestige"])
        st.bonus_used[p] = 1 if entry["moved_courtier_this_round"] else 0
        st.to_place[p] = int(entry["to_place"])
        st.hand[p] = _fcounts(entry["cards"])
        st.ctok[p] = _fcounts(entry["court_tokens"])
        st.infl[p] = int(entry["influence"])
        st.intr[p] = int(entry["intrigue"])
        st.oppt[p] = int(entry.get("opportunity", 0))
        st.amb[p] = int(entry.get("ambassadors", 0))
    d = data["decision"]
    st.mode = MODE_NAMES.index(d["mode"])
    st.cur = _int_seat(d["player"])
    st.tp = int(d["turn_player"])
    st.fig = int(d["figure"])
    st.fch = int(d["figure_chamber"])
    st.lmask = int(d["lord_actions_left"])
    st.act = int(d["sequence"])
    st.mv = [int(x) for x in d["movement"]]
    st.xs = [int(x) for x in d.get("scratch", [])]
    st.scen_used = int(d.get("scenario_actions_used", 0))
    st.moved_from = [int(x) for x in d["moved_from"]]
    st.take_kind = int(d["take"])
    st.tmp = int(d["aux"])
    st.pend = [_fidx(x) for x in d["pending_rings"]]
    st.pend_rearrange = 1 if d["may_rearrange"] else 0
    st.todo = [tuple(int(x) for x in t) for t in d["queue"]]
    st.draft_pos = int(d["draft_position"])
    st.drafted = [int(seat) * 8 + _fidx(f) for seat, f in d["drafted"]]
    return st
