"""Loading refuses what the engine could not reach and continue (issue 21 §2): the known holes,
and a property test over mutated positions taken from random games."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kingdoms_helpers import build

from courtly.core.errors import InvalidStateError
from courtly.core.rng import Rng
from courtly.games.kingdoms import GAME
from courtly.games.kingdoms.codes import PH_ACTION
from courtly.games.kingdoms.data import CARD_NAMES
from courtly.testing import refused_or_plays_out

COURTS = ({"court": {"king": "KS"}}, {"court": {"king": "KD"}})


@pytest.mark.parametrize("phase", ["refugee", "end_turn"])
def test_a_refugee_or_end_of_turn_phase_under_way_is_refused(phase: str) -> None:
    with pytest.raises(InvalidStateError, match="phase_started"):
        build(phase=phase, seats=COURTS)
    # Not yet started, it plays: the phase runs its start at once.
    s = build(phase=phase, seats=COURTS, phase_started=False)
    assert s.legal_action_ids()


def test_an_inauguration_with_nothing_to_decide_is_refused() -> None:
    with pytest.raises(InvalidStateError, match="no legal action"):
        build(phase="inauguration", seats=({"hand": ["5S"], "court": {"king": "KS"}}, COURTS[1]))


def test_a_draw_phase_not_started_applies_the_seven_card_rule() -> None:
    hand = ["2S", "3S", "4S", "5S", "6S", "7S", "8S"]
    s = build(
        phase="draw",
        seats=({"hand": hand, "court": {"king": "KS"}}, COURTS[1]),
        phase_started=False,
    )
    assert s.phase == PH_ACTION and len(s.hand[0]) == 7  # C2.3: no draw at all


def test_a_draw_phase_under_way_must_agree_with_its_start() -> None:
    hand = ["2S", "3S", "4S", "5S", "6S", "7S", "8S"]
    seats = ({"hand": hand, "court": {"king": "KS"}}, COURTS[1])
    with pytest.raises(InvalidStateError, match=r"C2\.3"):
        build(phase="draw", seats=seats, draws_left=2)
    with pytest.raises(InvalidStateError, match="draws_left"):
        build(phase="draw", seats=COURTS, draws_left=0)
    with pytest.raises(InvalidStateError, match="sabotage"):
        build(phase="draw", seats=COURTS, draws_left=2, sabotage=True)
    build(phase="draw", seats=COURTS, draws_left=1)


def test_task_arguments_must_be_where_the_task_says() -> None:
    with pytest.raises(InvalidStateError, match=r"stack\[0\] \(move_dest\)"):
        build(phase="discard", seats=COURTS, stack=[["move_dest", 0, "5S", 0]])
    with pytest.raises(InvalidStateError, match="aside"):
        build(seats=COURTS, stack=[["polity_lead", 0, 0, 0]])
    with pytest.raises(InvalidStateError, match="only the top task"):
        build(
            seats=({"court": {"king": "KS"}, "rows": {"king": ["5S"]}}, COURTS[1]),
            stack=[["harvest", 0, 6, 0], ["conspiracy", 0, 0, 0]],
        )


def test_malformed_fields_are_named() -> None:
    data = build(seats=COURTS).to_json()
    data["turn"] = True
    with pytest.raises(InvalidStateError, match="turn"):
        GAME.from_json(data)
    data = build(seats=COURTS).to_json()
    data["players"][1]["rows"] = {"ace": []}
    with pytest.raises(InvalidStateError, match=r"players\[1\].rows"):
        GAME.from_json(data)
    data = build(seats=COURTS).to_json()
    data["stack"] = [["no_such_task", 0, 0, 0]]
    with pytest.raises(InvalidStateError, match=r"stack\[0\]"):
        GAME.from_json(data)


# --- the property ------------------------------------------------------------------------------


def _reachable(seed: int, every: int) -> list[dict[str, Any]]:
    state = GAME.new_game(2, seed=seed, options={"turn_limit": 40})
    rng = Rng(seed)
    out = []
    step = 0
    while not state.is_terminal:
        if step % every == 0:
            out.append(state.to_json())
        ids = state.legal_action_ids()
        state.step(ids[rng.below(len(ids))])
        step += 1
    return out


POOL = [data for seed in (1, 2, 3) for data in _reachable(seed, 23)]
ZONES = ("hand", "army", "glory", "peasant", "hand_seen_by_opponent", "limbo")
SCALARS = ("phase", "phase_started", "turn", "turns", "used", "draws_left", "sabotage")
VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-2, 12),
    st.sampled_from(["action", "draw", "refugee", "end_turn", "over", "duel", "population"]),
    st.sampled_from(CARD_NAMES),
)


def _card_lists(data: dict[str, Any]) -> list[list[Any]]:
    lists = [data.get("deck"), data.get("discard"), data.get("aside")]
    for seat in data.get("players", []):
        lists += [seat.get(z) for z in ZONES]
        lists += list(seat.get("rows", {}).values())
    return [cards for cards in lists if isinstance(cards, list)]


@st.composite
def mutated(draw: st.DrawFn) -> dict[str, Any]:
    data: dict[str, Any] = copy.deepcopy(draw(st.sampled_from(POOL)))
    for _ in range(draw(st.integers(1, 2))):
        how = draw(st.sampled_from(["scalar", "drop", "duplicate", "swap", "move", "task"]))
        lists = [cards for cards in _card_lists(data) if cards]
        seat = data["players"][draw(st.integers(0, 1))] if "players" in data else data
        if how == "scalar":
            data[draw(st.sampled_from(SCALARS))] = draw(VALUES)
        elif how == "drop":
            target = draw(st.sampled_from([data, seat]))
            keys = sorted(k for k in target if k not in ("format", "game", "version"))
            target.pop(draw(st.sampled_from(keys)))
        elif how in ("duplicate", "move") and lists:
            source = draw(st.sampled_from(lists))
            card = source[draw(st.integers(0, len(source) - 1))]
            if how == "move":
                source.remove(card)
            targets = _card_lists(data)
            if targets:
                draw(st.sampled_from(targets)).append(card)
        elif how == "swap" and len(lists) >= 2:
            a, b = draw(st.sampled_from(lists)), draw(st.sampled_from(lists))
            i, j = draw(st.integers(0, len(a) - 1)), draw(st.integers(0, len(b) - 1))
            a[i], b[j] = b[j], a[i]
        elif how == "task":
            stack = data.setdefault("stack", [])
            if stack and draw(st.booleans()):
                item = stack[draw(st.integers(0, len(stack) - 1))]
                item[draw(st.integers(0, 3))] = draw(VALUES)
            else:
                name = draw(st.sampled_from(["sedition", "fit", "scandal", "endow", "harvest"]))
                stack.append([name, draw(st.integers(0, 1)), draw(VALUES), 0])
    return data


@settings(max_examples=60, deadline=None)
@given(data=mutated(), seed=st.integers(0, 2**16))
def test_mutated_positions_are_refused_or_play_to_the_end(data: dict[str, Any], seed: int) -> None:
    refused_or_plays_out(GAME, data, Rng(seed), checked=12)
