"""Who knows what (see RULINGS.md "Hidden information").

Behind each screen the identities are hidden: Court Card colours, Court Token types, and which
of the Influence/Intrigue Tokens are which. How many items lie behind a screen is public, as
every item enters and leaves in the open. The bag's contents and order are hidden from all.
"""

from __future__ import annotations

from typing import Any

from courtly.core.rng import Rng
from courtly.games.tudor.codes import (
    M_IMMEDIATE,
    M_SPEND,
    T_IMMEDIATE,
)
from courtly.games.tudor.data import (
    COURT_CARDS_PER_FACTION,
    COURT_TOKENS_PER_FACTION,
    FACTIONS,
    INFLUENCE,
    INTRIGUE,
    OPPORTUNITY,
)
from courtly.games.tudor.rules.turn import spendable_tokens
from courtly.games.tudor.serialize import public_body
from courtly.games.tudor.state import COMPILED, TudorState


def _screen(st: TudorState, p: int) -> dict[str, Any]:
    """What lies behind seat ``p``'s screen."""
    return {
        "cards": {FACTIONS[f]: st.hand[p][f] for f in range(7)},
        "court_tokens": {FACTIONS[f]: st.ctok[p][f] for f in range(7)},
        "influence": st.infl[p],
        "intrigue": st.intr[p],
        "opportunity": st.oppt[p],
    }


def observe(st: TudorState, player: int | None) -> dict[str, Any]:
    """The game's sections of what ``player`` (None: a spectator) may know; the kernel's
    envelope in front already says who views, who decides (``to_act``), the decision mode
    (``phase``) and the Prestige (``scores``)."""
    obs = public_body(st)
    decision = obs["decision"]
    del decision["mode"], decision["player"]  # the envelope's phase and to_act
    obs["bag_count"] = len(st.bag)
    obs["screens"] = [
        {
            "cards": sum(st.hand[p]),
            "court_tokens": sum(st.ctok[p]),
            "influence_intrigue": st.infl[p] + st.intr[p] + st.oppt[p],
        }
        for p in range(st.num_players)
    ]
    if st.is_terminal:
        # Game end: the screens are lifted to score, so everything behind them is public.
        obs["revealed"] = [_screen(st, p) for p in range(st.num_players)]
    if player is not None:
        obs["behind_screen"] = _screen(st, player)
    return obs


def pending_markers(st: TudorState) -> list[tuple[int, int]]:
    """(seat, token type) of received tokens whose Immediate choice is still to come."""
    out = [(task[1], task[2]) for task in st.todo if task[0] == T_IMMEDIATE]
    if st.mode == M_IMMEDIATE:
        out.append((st.cur, st.chosen))
    return out


def resample(st: TudorState, player: int | None, rng: Rng) -> TudorState:
    """A world ``player`` (None: a spectator) cannot tell from ``st``: what lies behind the
    screens it cannot see (every screen, for a spectator) and the bag dealt again."""
    w = st.clone()
    w.rng = Rng(rng.next_u64())
    if st.is_terminal:
        # The screens are lifted at the end (``revealed``): only the bag's order is unknown.
        w.bag = sorted(st.bag)
        rng.shuffle(w.bag)
        return w
    # ``player`` sees the game wait for another seat's decision, so that seat can make it:
    # dealing again until it can draws uniformly from the worlds that agree (RULINGS 59).
    # The true state's own answer only matters for a hand-written position where the seat is
    # stuck; in play it never is.
    waiting = st.current_player not in (None, player) and _can_go_on(st)
    while True:
        _deal_hidden(st, w, player, rng)
        if not waiting or _can_go_on(w):
            return w


def _can_go_on(st: TudorState) -> bool:
    """The seat to act has a legal action, and a Bonus move it has begun can be paid for (it
    was offered with two spendable Court Tokens behind the screen; T11.5 bars purple)."""
    if not st.legal_action_ids():
        return False
    if st.mode == M_SPEND:
        return spendable_tokens(st, st.cur) >= (2 if st.chosen < 0 else 1)
    return True


def _count(counts: list[int]) -> int:
    """``sum(counts)``, as each build does it fastest (see ``state.COMPILED``)."""
    if COMPILED:
        total = 0
        for n in counts:
            total += n
        return total
    return sum(counts)


def _deal_hidden(st: TudorState, w: TudorState, player: int | None, rng: Rng) -> None:
    """Deal into ``w`` everything ``player`` cannot see in ``st``. Every search world is dealt
    here: the pools are counted in plain loops and each seat's share tallied straight from the
    shuffled pool (the same shuffles, so the same worlds, as dealing out lists would give)."""
    n = st.num_players
    others = [q for q in range(n) if q != player]
    # Court Cards: all that are in no supply stack and not in my hand are in other hands.
    mine = [0] * 7 if player is None else st.hand[player]
    pool: list[int] = []
    for f in range(7):
        pool += [f] * (COURT_CARDS_PER_FACTION - st.supply[f] - mine[f])
    rng.shuffle(pool)
    i = 0
    for q in others:
        counted = [0] * 7
        end = i + _count(st.hand[q])
        for k in range(i, end):
            counted[pool[k]] += 1
        i = end
        w.hand[q] = counted
    # Court Tokens: the bag and the other screens share what is not on view.
    seen = st.removed_tok[:]
    for f in st.tok:
        if f >= 0:
            seen[f] += 1
    if player is not None:
        for f, held in enumerate(st.ctok[player]):
            seen[f] += held
    for q in range(n):
        for f, spent in enumerate(st.spent[q]):
            seen[f] += spent
    pool = []
    for f in range(7):
        pool += [f] * (COURT_TOKENS_PER_FACTION - seen[f])
    rng.shuffle(pool)
    i = 0
    for q in others:
        counted = [0] * 7
        end = i + _count(st.ctok[q])
        for k in range(i, end):
            counted[pool[k]] += 1
        i = end
        w.ctok[q] = counted
    w.bag = pool[i:]
    # Influence / Intrigue (/ Opportunity) Tokens behind the other screens.
    totals = st.marker_totals()
    on_board = [0, 0, 0, 0]
    for m in st.mark:
        on_board[m] += 1
    pool = []
    for kind in (INFLUENCE, INTRIGUE, OPPORTUNITY):
        mine_now = (
            0 if player is None else (0, st.infl[player], st.intr[player], st.oppt[player])[kind]
        )
        pool += [kind] * (totals[kind] - on_board[kind] - st.removed_marks[kind] - mine_now)
    # A token another player has just received and still has to decide about is known.
    known = [[0, 0, 0, 0] for _ in range(n)]
    known_count = [0] * n
    for q, marker in pending_markers(st):
        if q != player:
            known[q][marker] += 1
            known_count[q] += 1
            pool.remove(marker)
    rng.shuffle(pool)
    i = 0
    for q in others:
        tally = known[q]
        count = st.infl[q] + st.intr[q] + st.oppt[q] - known_count[q]
        for k in range(i, i + count):
            tally[pool[k]] += 1
        i += count
        w.infl[q] = tally[INFLUENCE]
        w.intr[q] = tally[INTRIGUE]
        w.oppt[q] = tally[OPPORTUNITY]
