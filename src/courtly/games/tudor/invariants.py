"""Everything that must always add up: figures, tokens, cards and Rings."""

from __future__ import annotations

from courtly.core.errors import InvalidStateError
from courtly.games.tudor.codes import (
    M_OVER,
    M_PLACE_RING,
    M_VICTIM,
    MODE_NAMES,
    T_VICTIM,
)
from courtly.games.tudor.data import (
    COURT_CARDS_PER_FACTION,
    COURT_TOKENS_PER_FACTION,
    COURTIERS_PER_PLAYER,
    LORDS_PER_CHAMBER,
    NUM_FINGERS,
    SCENARIO_CARDS,
    SCORING_CARDS,
)
from courtly.games.tudor.state import TudorState


def _fail(msg: str) -> None:
    raise InvalidStateError(f"impossible Tudor position: {msg}")


def check_invariants(st: TudorState) -> None:
    n = st.num_players
    b = st.board
    setup = st.params
    if any(c not in SCORING_CARDS for c in setup.scoring) or setup.scenario not in SCENARIO_CARDS:
        _fail("cards_in_play: unknown Scoring or Scenario Card")
    if not 0 <= st.mode < len(MODE_NAMES) - 1:
        _fail(f"decision.mode: {st.mode} is not a decision")
    if st.mode != M_OVER and not 0 <= st.cur < n:
        _fail(f"decision.player: the deciding seat {st.cur} does not exist")
    if not 0 <= st.round <= st.rounds or not 0 <= st.start < n:
        _fail("round or start_player out of range")
    if not 0 <= st.fig <= 3 or not -1 <= st.figure_chamber < 3 or not 0 <= st.turn_player < n:
        _fail("decision: turn progress out of range")
    if len(st.movement) != 6 or not 0 <= st.movement[4] < n or not -1 <= st.movement[1] < b.size:
        _fail("decision.movement malformed")
    for task in st.todo:
        if not task or not 0 <= task[0] <= 5 or not all(0 <= x < n for x in task[1:2]):
            _fail(f"decision.queue: follow-up {list(task)} malformed")
    if any(not 0 <= f < 7 for f in st.pend) or any(not 0 <= f < 7 for f in st.bag):
        _fail("unknown faction in decision.pending_rings or bag")
    limit = b.layout.bench_limit
    chairs = b.layout.chairs_per_table
    for ch in range(3):
        if len(st.bench[ch]) > limit:
            _fail(f"bench {ch + 1} holds more than {limit} Courtiers")
        if len(st.chairs[ch]) != chairs or len(st.acted[ch]) != chairs:
            _fail(f"each table has {chairs} Courtier chairs")
        if st.lords.count(ch) > LORDS_PER_CHAMBER:
            _fail("more than two Lords in a chamber")
    for s in range(b.size):
        if not -1 <= st.tok[s] < 7 or not 0 <= st.mark[s] <= 3 or not -1 <= st.occ[s] < n:
            _fail(f"space {b.label(s)} holds an unknown piece")
        if st.occ[s] >= 0 and b.is_top[s]:
            _fail(f"a Courtier stands on top space {b.label(s)} instead of its Office")
    for p in range(n):
        where = (
            st.csup[p]
            + sum(bench.count(p) for bench in st.bench)
            + sum(row.count(p) for row in st.chairs)
            + st.occ.count(p)
            + st.office.count(p)
            + st.amb[p]
        )
        if where != COURTIERS_PER_PLAYER or st.csup[p] < 0:
            _fail(f"seat {p} has {where} Courtiers, not {COURTIERS_PER_PLAYER}")
        if not -1 <= st.lords[p] < 3:
            _fail(f"seat {p}'s Lord is in no chamber")
        if min(st.hand[p]) < 0 or min(st.ctok[p]) < 0 or min(st.spent[p]) < 0:
            _fail(f"seat {p} holds a negative count")
        if min(st.infl[p], st.intr[p], st.oppt[p], st.amb[p]) < 0:
            _fail(f"seat {p} holds negative Influence/Intrigue")
        fingers = [code >> 3 for code in st.rings[p]]
        if any(not 0 <= k < NUM_FINGERS for k in fingers):
            _fail(f"seat {p} wears a Ring on no finger")
        settling = (T_VICTIM, p) in st.todo or (st.cur == p and st.mode in (M_PLACE_RING, M_VICTIM))
        if len(fingers) <= NUM_FINGERS and len(set(fingers)) != len(fingers) and not settling:
            _fail(f"seat {p} shares a finger while wearing five Rings or fewer")
    for f in range(7):
        cards = st.supply[f] + sum(st.hand[p][f] for p in range(n))
        if cards != COURT_CARDS_PER_FACTION or st.supply[f] < 0:
            _fail(f"{cards} Court Cards of faction {f}, not {COURT_CARDS_PER_FACTION}")
        tokens = (
            st.tok.count(f)
            + st.bag.count(f)
            + st.removed_tok[f]
            + sum(st.ctok[p][f] + st.spent[p][f] for p in range(n))
        )
        if tokens != COURT_TOKENS_PER_FACTION:
            _fail(f"{tokens} Court Tokens of faction {f}, not {COURT_TOKENS_PER_FACTION}")
        rings = (
            st.stand[f]
            + sum(1 for p in range(n) for code in st.rings[p] if code & 7 == f)
            + st.pend.count(f)
            + sum(1 for code in st.drafted if code & 7 == f)
        )
        if rings != b.layout.rings_per_faction or st.stand[f] < 0:
            _fail(f"{rings} Rings of faction {f}, not {b.layout.rings_per_faction}")
    totals = st.marker_totals()
    held = [0, sum(st.infl), sum(st.intr), sum(st.oppt)]
    for kind in (1, 2, 3):
        count = st.mark.count(kind) + st.removed_marks[kind] + held[kind]
        if count != totals[kind]:
            name = ("", "Influence", "Intrigue", "Opportunity")[kind]
            _fail(f"{count} {name} Tokens, not {totals[kind]}")
