"""Tudor's observation tensor: a seat's observation as fixed-length numbers.

Reads only the observation dict (docs/schemas/tudor.observation.json); the layout is in
docs/games/tudor.md, "Observation tensor". The board is written at its largest (6 chambers
of 7 spaces, 3 tables of 5 chairs) whatever the player count, with a slot saying which
spaces exist, so a learner sees one shape; what lies behind another seat's screen is there
only as the public counts, exactly as in the observation.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from courtly.core.tensor import TensorWriter
from courtly.games.tudor.codes import MODE_NAMES
from courtly.games.tudor.data import (
    CHAMBER_NAMES,
    COURT_CARDS_PER_FACTION,
    COURT_TOKENS_PER_FACTION,
    COURTIERS_PER_PLAYER,
    FACTIONS,
    FINGERS,
    INFLUENCE_TOKENS,
    LAYOUTS,
    MARKER_NAMES,
    RINGS_PER_FACTION,
    SCENARIO_CARDS,
    SCORING_CARDS,
)

MAX_SEATS: Final = 4
PHASES: Final = tuple(m for m in MODE_NAMES if m != "resume")  # resume is never a decision
MARKERS: Final = tuple(m for m in MARKER_NAMES if m is not None)
CHAMBERS: Final = max(len(layout.column_heights) for layout in LAYOUTS.values())
SPACES: Final = max(max(layout.column_heights) for layout in LAYOUTS.values())
TABLES: Final = 3
CHAIRS: Final = max(layout.chairs_per_table for layout in LAYOUTS.values())
BENCH: Final = max(layout.bench_limit for layout in LAYOUTS.values())
FIGURES: Final = 4  # codes.FIG_*: nothing active, courtier, lord, figure done
SEQUENCE: Final = 14
# Lists of the decision's working memory, written up to these lengths (the longest the rules
# allow: scratch holds new Rings or paid cards, one per faction at most; a move lifts at most
# a player's courtiers; queued tasks are few).
SCRATCH: Final = len(FACTIONS) + 1
MOVED_FROM: Final = COURTIERS_PER_PLAYER
QUEUE: Final = 6
QUEUE_ITEM: Final = 3
SPACE_SCALE: Final = 50.0
SMALL_SCALE: Final = 10.0
SCREEN_SCALE: Final = 20.0
BAG_SCALE: Final = 150.0


def _per_faction(counts: Mapping[str, int]) -> list[int]:
    return [counts[f] for f in FACTIONS]


def _screen(w: TensorWriter, prefix: str, screen: Mapping[str, Any] | None, meaning: str) -> None:
    """What is behind a screen: cards and court tokens per faction, the three token kinds
    (all zero when ``screen`` is None)."""
    cards = _per_faction(screen["cards"]) if screen else []
    tokens = _per_faction(screen["court_tokens"]) if screen else []
    kinds = [screen[m] for m in MARKERS] if screen else []
    w.numbers(
        f"{prefix}_cards",
        cards,
        len(FACTIONS),
        COURT_CARDS_PER_FACTION,
        f"{meaning}: court cards per faction",
    )
    w.numbers(
        f"{prefix}_court_tokens",
        tokens,
        len(FACTIONS),
        SCREEN_SCALE,
        f"{meaning}: court tokens per faction",
    )
    w.numbers(
        f"{prefix}_tokens",
        kinds,
        len(MARKERS),
        SCREEN_SCALE,
        f"{meaning}: influence, intrigue, opportunity tokens",
    )


def _seat_grid(rows: Sequence[Sequence[int | None]], width: int, n: int) -> list[int]:
    """Indices of a (row, place, seat) one-hot for a grid of seats (None: empty)."""
    return [
        (r * width + i) * n + seat
        for r, row in enumerate(rows)
        for i, seat in enumerate(row)
        if seat is not None
    ]


def write_observation(obs: Mapping[str, Any], w: TensorWriter) -> None:
    n = obs["num_players"]
    w.envelope(obs, n)
    w.choice("phase", obs["phase"], PHASES, "the decision being made (codes.MODE_NAMES)")
    w.numbers("prestige", obs["scores"], n, SMALL_SCALE, "Prestige per seat")
    in_play = obs["cards_in_play"]
    w.counts(
        "scoring_cards",
        [c - 1 for c in in_play["scoring"]],
        len(SCORING_CARDS),
        1,
        "the Scoring cards in play (1..6)",
    )
    scenario = in_play.get("scenario")
    w.one_hot(
        "scenario_card",
        None if not scenario else scenario - 1,
        len(SCENARIO_CARDS),
        "the Scenario card in play (1..5), if any",
    )
    w.number("round", obs["round"], 5, "the round")
    w.number("rounds", obs["rounds"], 5, "rounds in this game")
    w.one_hot("start_player", obs["start_player"], n, "the round's start player")

    room = obs["throne_room"]
    exists, tokens, markers, courtiers, offices = [], [], [], [], []
    for c, chamber in enumerate(room):
        if chamber["office"] is not None:
            offices.append(c * n + chamber["office"])
        for s, token in enumerate(chamber["tokens"]):
            exists.append(c * SPACES + s)
            if token is not None:
                tokens.append((c * SPACES + s) * len(FACTIONS) + FACTIONS.index(token))
            marker = chamber["markers"][s]
            if marker is not None:
                markers.append((c * SPACES + s) * len(MARKERS) + MARKERS.index(marker))
            seat = chamber["courtiers"][s]
            if seat is not None:
                courtiers.append((c * SPACES + s) * n + seat)
    cells = CHAMBERS * SPACES
    w.counts(
        "space_exists",
        exists,
        cells,
        1,
        f"per column (0..{CHAMBERS - 1}) then space (0..{SPACES - 1}): the space is on this board",
    )
    w.counts(
        "space_token",
        tokens,
        cells * len(FACTIONS),
        1,
        "per column, space, faction: the court token lying there",
    )
    w.counts(
        "space_marker",
        markers,
        cells * len(MARKERS),
        1,
        "per column, space, kind (influence, intrigue, opportunity): the marker lying there",
    )
    w.counts(
        "space_courtier",
        courtiers,
        cells * n,
        1,
        "per column, space, seat: that seat's courtier stands there",
    )
    w.counts("column_office", offices, CHAMBERS * n, 1, "per column, seat: holds its office")

    w.numbers(
        "court_card_supply",
        _per_faction(obs["court_card_supply"]),
        len(FACTIONS),
        COURT_CARDS_PER_FACTION,
        "court cards left per faction",
    )
    w.numbers(
        "ring_stand",
        _per_faction(obs["ring_stand"]),
        len(FACTIONS),
        RINGS_PER_FACTION,
        "rings on the stand per faction",
    )
    w.counts(
        "benches",
        _seat_grid(obs["benches"], BENCH, n),
        TABLES * BENCH * n,
        1,
        f"per table (I..III), bench place (0..{BENCH - 1}, first in line first), seat",
    )
    w.counts(
        "chairs",
        _seat_grid(obs["chairs"], CHAIRS, n),
        TABLES * CHAIRS * n,
        1,
        f"per table, chair (0..{CHAIRS - 1}), seat: sitting there",
    )
    w.counts(
        "behind_chairs",
        [
            t * CHAIRS + i
            for t, row in enumerate(obs["behind_chairs"])
            for i, behind in enumerate(row)
            if behind
        ],
        TABLES * CHAIRS,
        1,
        "per table, chair: its courtier stands behind the chair",
    )
    w.numbers(
        "removed_tokens",
        _per_faction(obs["removed_tokens"]),
        len(FACTIONS),
        COURT_TOKENS_PER_FACTION,
        "court tokens removed per faction",
    )
    w.numbers(
        "removed_markers",
        [obs["removed_markers"][m] for m in MARKERS],
        len(MARKERS),
        INFLUENCE_TOKENS,
        "markers removed per kind",
    )

    players = obs["players"]
    w.counts(
        "rings",
        [
            (p * len(FINGERS) + FINGERS.index(r["finger"])) * len(FACTIONS)
            + FACTIONS.index(r["ring"])
            for p, seat in enumerate(players)
            for r in seat["rings"]
        ],
        n * len(FINGERS) * len(FACTIONS),
        1,
        "per seat, finger, faction: wears that ring",
    )
    w.numbers(
        "spent_tokens",
        [v for seat in players for v in _per_faction(seat["spent_tokens"])],
        n * len(FACTIONS),
        SCREEN_SCALE,
        "per seat, faction: court tokens spent",
    )
    w.numbers(
        "courtiers_in_supply",
        [seat["courtiers_in_supply"] for seat in players],
        n,
        COURTIERS_PER_PLAYER,
        "per seat: courtiers in its supply",
    )
    w.counts(
        "lord",
        [
            p * len(CHAMBER_NAMES) + CHAMBER_NAMES.index(seat["lord"])
            for p, seat in enumerate(players)
            if seat["lord"] is not None
        ],
        n * len(CHAMBER_NAMES),
        1,
        "per seat, chamber (I, II, III): its lord stands there",
    )
    w.counts(
        "lord_acted",
        [p for p, seat in enumerate(players) if seat["lord_acted"]],
        n,
        1,
        "per seat: its lord has acted",
    )
    w.counts(
        "moved_courtier",
        [p for p, seat in enumerate(players) if seat["moved_courtier_this_round"]],
        n,
        1,
        "per seat: moved a courtier this round",
    )
    w.numbers(
        "to_place",
        [seat["to_place"] for seat in players],
        n,
        3,
        "per seat: courtiers still to place",
    )
    w.numbers(
        "ambassadors",
        [seat["ambassadors"] for seat in players],
        n,
        3,
        "per seat: Ambassadors on Diplomatic Service",
    )

    d = obs["decision"]
    w.one_hot("turn_player", d["turn_player"], n, "whose turn it is")
    w.one_hot("figure", d["figure"], FIGURES, "turn progress: none, courtier, lord, done")
    w.one_hot(
        "figure_chamber",
        d["figure_chamber"] + 1,
        len(CHAMBER_NAMES) + 1,
        "the acting figure's chamber: none, I, II, III",
    )
    w.number("lord_actions_left", d["lord_actions_left"], 3, "lord actions left")
    w.one_hot("sequence", d["sequence"], SEQUENCE, "the step of the action sequence")
    w.numbers("movement", d["movement"], 6, SMALL_SCALE, "the movement in progress (6 numbers)")
    w.numbers(
        "scratch",
        d["scratch"],
        SCRATCH,
        SMALL_SCALE,
        "working list: new Rings of Action B or cards paid for Action E",
    )
    w.number("scenario_actions_used", d["scenario_actions_used"], 3, "Scenario actions used (bits)")
    w.numbers(
        "moved_from",
        d["moved_from"],
        MOVED_FROM,
        SPACE_SCALE,
        "spaces courtiers were moved from this action",
    )
    w.number("take", d["take"], 8, "the kind of take in progress")
    w.number("aux", d["aux"], SPACE_SCALE, "the decision's auxiliary number (-1: none)")
    w.counts(
        "pending_rings",
        [FACTIONS.index(r) for r in d["pending_rings"]],
        len(FACTIONS),
        1,
        "rings waiting to be placed",
    )
    w.flag("may_rearrange", d["may_rearrange"], "rings may be rearranged")
    queued = d["queue"][:QUEUE]
    w.numbers(
        "queue",
        [v for item in queued for v in (*item, *[0] * (QUEUE_ITEM - len(item)))],
        QUEUE * QUEUE_ITEM,
        SMALL_SCALE,
        "queued tasks, 3 numbers each (kind, seat, value)",
    )
    w.number("queue_length", len(d["queue"]), QUEUE, "how many tasks are queued")
    w.number("draft_position", d["draft_position"], 2 * MAX_SEATS, "the starting draft's position")
    w.counts(
        "drafted",
        [seat * len(FACTIONS) + FACTIONS.index(ring) for seat, ring in d["drafted"]],
        n * len(FACTIONS),
        1,
        "per seat, faction: drafted that ring",
    )

    w.number("bag_count", obs["bag_count"], BAG_SCALE, "tokens in the bag")
    w.numbers(
        "screens",
        [
            v
            for screen in obs["screens"]
            for v in (screen["cards"], screen["court_tokens"], screen["influence_intrigue"])
        ],
        3 * n,
        SCREEN_SCALE,
        "per seat: cards, court tokens, influence+intrigue behind its screen",
    )
    _screen(w, "behind_screen", obs.get("behind_screen"), "behind the viewer's own screen")
    revealed = obs.get("revealed")
    for p in range(MAX_SEATS):
        _screen(
            w,
            f"revealed_{p}",
            revealed[p] if revealed and p < n else None,
            f"once over: behind seat {p}'s screen (zero for absent seats)",
        )
