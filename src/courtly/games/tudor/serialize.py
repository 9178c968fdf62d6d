"""The state's JSON body (documented in docs/games/tudor.md) and its inverse."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, Final

from courtly.core import fields
from courtly.core.errors import InvalidStateError
from courtly.games.tudor.codes import (
    ACT_NOVICE,
    M_HAND_RING,
    M_RESUME,
    M_SEAT,
    MK_JUMP,
    MODE_NAMES,
    RING_SWAP_OTHER,
    T_IMMEDIATE,
    T_OFFICE_ACTION,
    T_REFUND,
    T_SEIZE,
    T_STAND,
    T_VICTIM,
    TK_ANY,
)
from courtly.games.tudor.data import (
    CHAMBER_NAMES,
    FACTION_INDEX,
    FACTIONS,
    FINGERS,
    MARKER_NAMES,
    NUM_FINGERS,
    SCENARIO_CARDS,
)
from courtly.games.tudor.state import TudorState


def _counts(values: list[int]) -> dict[str, int]:
    return dict(zip(FACTIONS, values, strict=True))


_FACTION_OR_NONE: Final[tuple[str | None, ...]] = (*FACTIONS, None)  # index -1 is None


def _seat(x: int) -> int | None:
    return x if x >= 0 else None


def public_body(st: TudorState) -> dict[str, Any]:
    b = st.board
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
        "cards_in_play": {"scoring": list(st.params.scoring), "scenario": st.params.scenario},
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
            "turn_player": st.turn_player,
            "figure": st.fig,
            "figure_chamber": st.figure_chamber,
            "lord_actions_left": st.lord_actions_left,
            "sequence": st.act,
            "movement": list(st.movement),
            "scratch": list(st.xs),
            "scenario_actions_used": st.scen_used,
            "moved_from": list(st.moved_from),
            "take": st.take_kind,
            "aux": st.aux,
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


# --- reading a body back: every field read strictly, named when refused ---------------------

_FACTION_OR_EMPTY: Final[dict[Any, int]] = {**FACTION_INDEX, None: -1}
_MARKERS: Final[dict[Any, int]] = {name: k for k, name in enumerate(MARKER_NAMES)}
_CHAMBERS: Final[dict[Any, int]] = {**{name: i for i, name in enumerate(CHAMBER_NAMES)}, None: -1}
_FINGERS: Final[dict[Any, int]] = {name: i for i, name in enumerate(FINGERS)}
_MODES: Final[dict[Any, int]] = {name: i for i, name in enumerate(MODE_NAMES) if i != M_RESUME}
# Queued follow-ups: kind -> the number of items after it and the highest value of each
# (``None``: a seat). T_REFUND's last item is a bit mask of colours.
_TASK_ITEMS: Final[dict[int, tuple[int | None, ...]]] = {
    T_STAND: (None,),
    T_SEIZE: (None, None),
    T_VICTIM: (None,),
    T_IMMEDIATE: (None, 3),
    T_REFUND: (None, 127),
    T_OFFICE_ACTION: (None,),
}


def _read_faction(value: Any, what: str) -> int:
    return int(fields.choice(value, what, FACTION_INDEX))


def _counts_of(value: Any, what: str) -> list[int]:
    if not isinstance(value, Mapping):
        raise InvalidStateError(f"{what} must be an object of faction counts")
    unknown = sorted(str(k) for k in set(value) - set(FACTIONS))
    if unknown:
        raise InvalidStateError(f"{what} names unknown faction(s) {unknown}")
    return [fields.integer(value.get(name, 0), f"{what}.{name}", 0) for name in FACTIONS]


def _task(value: Any, what: str, n: int) -> tuple[int, ...]:
    items = fields.listing(value, what)
    if not items:
        raise InvalidStateError(f"{what} must not be empty")
    kind = fields.integer(items[0], f"{what}[0]", 0, len(_TASK_ITEMS) - 1)
    highs = _TASK_ITEMS[kind]
    fields.listing(items, what, len(highs) + 1)
    out = [kind]
    for i, high in enumerate(highs, start=1):
        if high is None:
            out.append(fields.seat(items[i], f"{what}[{i}]", n))
        else:
            out.append(fields.integer(items[i], f"{what}[{i}]", 1, high))
    return tuple(out)


def _setup(st: TudorState, data: Mapping[str, Any]) -> None:
    cards = fields.field(data, "cards_in_play")
    scoring = fields.integers(
        fields.field(cards, "scoring", "cards_in_play"), "cards_in_play.scoring", 1, 6
    )
    if len(scoring) != 2 or scoring[0] == scoring[1]:
        raise InvalidStateError("cards_in_play.scoring must list two different Scoring Cards")
    scenario = fields.integer(
        fields.field(cards, "scenario", "cards_in_play"), "cards_in_play.scenario", 1, 5
    )
    st.params = replace(
        st.params,
        scoring=(scoring[0], scoring[1]),
        scenario=scenario,
        random_scoring=False,
        random_scenario=False,
    )
    st.rounds = fields.integer(fields.field(data, "rounds"), "rounds")
    if st.rounds != SCENARIO_CARDS[scenario].rounds[st.num_players]:
        raise InvalidStateError(
            f"rounds must be {SCENARIO_CARDS[scenario].rounds[st.num_players]} with Scenario "
            f"Card {scenario} and {st.num_players} players"
        )
    st.round = fields.integer(fields.field(data, "round"), "round", 0, st.rounds)
    st.start = fields.seat(fields.field(data, "start_player"), "start_player", st.num_players)


def _board(st: TudorState, data: Mapping[str, Any]) -> None:
    n = st.num_players
    b = st.board
    columns = fields.listing(fields.field(data, "throne_room"), "throne_room", b.columns)
    s = 0
    for c, column in enumerate(columns):
        where = f"throne_room[{c}]"
        h = b.heights[c]
        tokens = fields.listing(fields.field(column, "tokens", where), f"{where}.tokens", h)
        marks = fields.listing(fields.field(column, "markers", where), f"{where}.markers", h)
        occ = fields.listing(fields.field(column, "courtiers", where), f"{where}.courtiers", h)
        for r in range(h):
            st.tok[s + r] = int(fields.choice(tokens[r], f"{where}.tokens[{r}]", _FACTION_OR_EMPTY))
            st.mark[s + r] = int(fields.choice(marks[r], f"{where}.markers[{r}]", _MARKERS))
            st.occ[s + r] = fields.seat(occ[r], f"{where}.courtiers[{r}]", n, -1)
        st.office[c] = fields.seat(fields.field(column, "office", where), f"{where}.office", n, -1)
        s += h
    st.bag = fields.each(fields.field(data, "bag"), "bag", _read_faction)
    st.supply = _counts_of(fields.field(data, "court_card_supply"), "court_card_supply")
    st.stand = _counts_of(fields.field(data, "ring_stand"), "ring_stand")
    st.removed_tok = _counts_of(fields.field(data, "removed_tokens"), "removed_tokens")
    rm = fields.field(data, "removed_markers")
    st.removed_marks = [0] + [
        fields.integer(fields.field(rm, k, "removed_markers"), f"removed_markers.{k}", 0)
        for k in ("influence", "intrigue", "opportunity")
    ]
    chairs = b.layout.chairs_per_table

    def seat_or_empty(value: Any, what: str) -> int:
        return fields.seat(value, what, n, -1)

    def seats(value: Any, what: str) -> list[int]:
        return fields.each(value, what, lambda v, w: fields.seat(v, w, n))

    st.bench = fields.each(fields.field(data, "benches"), "benches", seats, 3)
    st.chairs = fields.each(
        fields.field(data, "chairs"),
        "chairs",
        lambda v, w: fields.each(v, w, seat_or_empty, chairs),
        3,
    )
    st.acted = fields.each(
        fields.field(data, "behind_chairs"),
        "behind_chairs",
        lambda v, w: [1 if x else 0 for x in fields.each(v, w, fields.boolean, chairs)],
        3,
    )


def _ring(value: Any, what: str) -> int:
    finger = int(fields.choice(fields.field(value, "finger", what), f"{what}.finger", _FINGERS))
    return finger * 8 + _read_faction(fields.field(value, "ring", what), f"{what}.ring")


def _players(st: TudorState, data: Mapping[str, Any]) -> None:
    n = st.num_players
    players = fields.per_seat(fields.field(data, "players"), "players", n)
    for p, entry in enumerate(players):
        w = f"players[{p}]"

        def get(name: str, entry: Any = entry, w: str = w) -> Any:
            return fields.field(entry, name, w)

        st.rings[p] = sorted(fields.each(get("rings"), f"{w}.rings", _ring))
        st.spent[p] = _counts_of(get("spent_tokens"), f"{w}.spent_tokens")
        st.csup[p] = fields.integer(get("courtiers_in_supply"), f"{w}.courtiers_in_supply", 0)
        st.lords[p] = int(fields.choice(get("lord"), f"{w}.lord", _CHAMBERS))
        st.lord_acted[p] = 1 if fields.boolean(get("lord_acted"), f"{w}.lord_acted") else 0
        st.prestige[p] = fields.integer(get("prestige"), f"{w}.prestige")
        moved = fields.boolean(get("moved_courtier_this_round"), f"{w}.moved_courtier_this_round")
        st.bonus_used[p] = 1 if moved else 0
        st.to_place[p] = fields.integer(get("to_place"), f"{w}.to_place", 0)
        st.hand[p] = _counts_of(get("cards"), f"{w}.cards")
        st.ctok[p] = _counts_of(get("court_tokens"), f"{w}.court_tokens")
        st.infl[p] = fields.integer(get("influence"), f"{w}.influence", 0)
        st.intr[p] = fields.integer(get("intrigue"), f"{w}.intrigue", 0)
        # Written by every version; optional only for positions typed by hand.
        st.oppt[p] = fields.integer(entry.get("opportunity", 0), f"{w}.opportunity", 0)
        st.amb[p] = fields.integer(entry.get("ambassadors", 0), f"{w}.ambassadors", 0)


def _decision(st: TudorState, data: Mapping[str, Any]) -> None:
    n = st.num_players
    size = st.board.size
    d = fields.field(data, "decision")

    def get(name: str) -> Any:
        return fields.field(d, name, "decision")

    st.mode = int(fields.choice(get("mode"), "decision.mode", _MODES))
    st.cur = fields.seat(get("player"), "decision.player", n, -1)
    st.turn_player = fields.seat(get("turn_player"), "decision.turn_player", n)
    st.fig = fields.integer(get("figure"), "decision.figure", 0, 3)
    st.figure_chamber = fields.integer(get("figure_chamber"), "decision.figure_chamber", -1, 2)
    st.lord_actions_left = fields.integer(
        get("lord_actions_left"), "decision.lord_actions_left", 0, 3
    )
    st.act = fields.integer(get("sequence"), "decision.sequence", 0, ACT_NOVICE)
    mv = fields.integers(get("movement"), "decision.movement")
    fields.listing(mv, "decision.movement", 6)
    highs = (MK_JUMP, size - 1, 8, 2 * size, n - 1, 1)
    lows = (0, -1, -1, 0, 0, 0)
    for i, (low, high) in enumerate(zip(lows, highs, strict=True)):
        fields.integer(mv[i], f"decision.movement[{i}]", low, high)
    st.movement = mv
    st.scen_used = fields.integer(
        d.get("scenario_actions_used", 0), "decision.scenario_actions_used", 0, 3
    )
    st.moved_from = fields.integers(get("moved_from"), "decision.moved_from", 0, size - 1)
    st.take_kind = fields.integer(get("take"), "decision.take", 0, TK_ANY)
    st.aux = fields.integer(get("aux"), "decision.aux", -5, 8 * size)
    st.xs = _scratch(st, d.get("scratch", []))
    st.pend = fields.each(get("pending_rings"), "decision.pending_rings", _read_faction)
    st.pend_rearrange = 1 if fields.boolean(get("may_rearrange"), "decision.may_rearrange") else 0
    st.todo = fields.each(get("queue"), "decision.queue", lambda v, w: _task(v, w, n))
    st.draft_pos = fields.integer(get("draft_position"), "decision.draft_position", 0, 2 * n)

    def drafted(value: Any, what: str) -> int:
        pair = fields.listing(value, what, 2)
        return fields.seat(pair[0], f"{what}[0]", n) * 8 + _read_faction(pair[1], f"{what}[1]")

    st.drafted = fields.each(get("drafted"), "decision.drafted", drafted)


def _scratch(st: TudorState, value: Any) -> list[int]:
    """Scratch holds Ring colours (Action B's new Rings, Action E's paid cards), except in
    the middle of Exploiting Connections' exchange, where it holds the Ring handed over (a
    finger-and-colour code) and then the seat chosen to receive it."""
    what = "decision.scratch"
    exchanging = st.mode == M_SEAT or (st.mode == M_HAND_RING and st.chosen == RING_SWAP_OTHER)
    if not exchanging:
        return fields.integers(value, what, 0, len(FACTIONS) - 1)
    items = fields.listing(value, what, 1 if st.mode == M_SEAT else 2)
    code = fields.integer(items[0], f"{what}[0]", 0, 8 * NUM_FINGERS - 1)
    if code not in st.rings[st.cur]:
        raise InvalidStateError(f"{what}[0]: seat {st.cur + 1} wears no such Ring")
    if st.mode == M_SEAT:
        return [code]
    other = fields.seat(items[1], f"{what}[1]", st.num_players)
    if other == st.cur:
        raise InvalidStateError(f"{what}[1]: a seat exchanges a Ring with another seat")
    return [code, other]


def load_body(st: TudorState, data: Mapping[str, Any]) -> None:
    """A blank ``st`` filled from its body: every field read strictly, then the position
    checked whole (``check_invariants``: counts, bookkeeping, and a decision that can be
    made)."""
    _setup(st, data)
    _board(st, data)
    _players(st, data)
    _decision(st, data)
    st.check_invariants()
    _check_playable(st)


def _check_playable(st: TudorState) -> None:
    """A position the engine could reach goes on: the seat to act has a decision, and every
    choice it is offered can be played."""
    if st.is_terminal:
        return
    mode = MODE_NAMES[st.mode]
    try:
        legal = st.legal_action_ids()
        for aid in legal:
            st.clone().step(aid)
    except InvalidStateError:
        raise
    except Exception as exc:  # the bookkeeping of the decision does not add up
        raise InvalidStateError(
            f"decision: the {mode} decision of seat {st.cur + 1} cannot be played on "
            f"({type(exc).__name__}: {exc})"
        ) from None
    if not legal:
        raise InvalidStateError(f"decision: seat {st.cur + 1} has nothing to do in {mode}")
