"""Loading refuses what cannot be played (issue 21 §2).

Reachable positions from random games have their JSON mutated (a value changed, a field or
list item dropped, an item duplicated, two items or two fields swapped); every result is
either refused with InvalidStateError or is a position that plays to the end under the
conformance checks. No other exception may escape.
"""

from __future__ import annotations

import copy
import json
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tudor_support import legal, play, ring_exchange_begun

from courtly.core.errors import InvalidStateError
from courtly.core.rng import Rng
from courtly.games.tudor import GAME
from courtly.games.tudor.data import FACTION_INDEX, FINGERS
from courtly.testing import refused_or_plays_out

CHECK_EVERY = 40  # full conformance checks on the loaded position and every 40th step after


@cache
def reachable() -> tuple[str, ...]:
    """JSON texts of positions from random games (2-4 players, several cards in play)."""
    out = []
    for players, options in (
        (2, {}),
        (3, {"scenario": 3}),
        (4, {"scenario": 2, "variant": "opportunity"}),
        (3, {"edition": "v15", "scenario": 5, "scoring": "5,6"}),
        (2, {"scenario": 4, "novice": "all"}),
    ):
        state = GAME.new_game(players, seed=players * 7, options=options)
        rng = Rng(players)
        step = 0
        while not state.is_terminal:
            if step % 29 == 0:
                out.append(json.dumps(state.to_json()))
            ids = state.legal_action_ids()
            state.step(ids[rng.below(len(ids))])
            step += 1
        out.append(json.dumps(state.to_json()))
    return tuple(out)


def _containers(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Paths of every dict and list in a JSON tree."""
    out = []
    if isinstance(node, dict | list):
        out.append(path)
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for key, child in items:
            out.extend(_containers(child, (*path, key)))
    return out


def _at(tree: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        tree = tree[key]
    return tree


REPLACEMENTS: st.SearchStrategy[object] = st.one_of(
    st.integers(-3, 30),
    st.sampled_from([None, True, False, "blue", "purple", "influence", "I", "turn", "thumb"]),
    st.just([]),
    st.just({}),
)


@st.composite
def mutated(draw: st.DrawFn) -> dict[str, Any]:
    text = draw(st.sampled_from(reachable()))
    tree: dict[str, Any] = json.loads(text)
    for _ in range(draw(st.integers(1, 2))):
        paths = _containers(tree)
        node = _at(tree, draw(st.sampled_from(paths)))
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            continue
        key = draw(st.sampled_from(keys))
        op = draw(st.sampled_from(["change", "drop", "duplicate", "swap", "bump"]))
        if op == "change":
            node[key] = draw(REPLACEMENTS)
        elif op == "bump" and type(node[key]) is int:
            node[key] += draw(st.sampled_from([-1, 1, 2]))
        elif op == "drop":
            del node[key]
        elif op == "duplicate" and isinstance(node, list):
            node.insert(key, copy.deepcopy(node[key]))
        elif op == "swap":
            other = draw(st.sampled_from(keys))
            node[key], node[other] = node[other], node[key]
    return tree


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None
)
@given(mutated(), st.integers(0, 2**32))
def test_a_mutated_position_is_refused_or_plays_to_the_end(data: dict[str, Any], seed: int) -> None:
    refused_or_plays_out(GAME, data, Rng(seed), checked=1, every=CHECK_EVERY)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["decision"].__setitem__("mode", "resume"), "decision.mode"),
        (lambda d: d["players"][0].__setitem__("prestige", "3"), "players[0].prestige"),
        (lambda d: d["decision"]["movement"].append(0), "decision.movement"),
        (lambda d: d.__setitem__("rounds", 9), "rounds"),
        (lambda d: d["throne_room"][0]["tokens"].__setitem__(0, "pink"), "throne_room[0].tokens"),
        (lambda d: d["decision"].__setitem__("queue", [[7, 0]]), "decision.queue[0][0]"),
        (lambda d: d["decision"].__setitem__("player", None), "decision"),
    ],
)
def test_refusals_name_the_field(change: Any, message: str) -> None:
    data = json.loads(reachable()[3])
    change(data)
    with pytest.raises(InvalidStateError, match=message.replace("[", r"\[")):
        GAME.from_json(data)


def _reloaded(state: Any) -> Any:
    return GAME.from_json(json.dumps(state.to_json()))


def test_a_ring_exchange_saved_midway_reloads_and_finishes_alike() -> None:
    """T10.8's exchange, saved after each of its choices: the scratch then holds the Ring
    handed over (little finger, brown: a code above any seat number) and the chosen seat,
    which the loader once refused as out of bounds."""
    st = _reloaded(ring_exchange_begun())
    assert legal(st) == [{"kind": "seat", "seat": 1}]
    play(st, "seat", seat=1)
    st = _reloaded(st)
    play(st, "hand_ring", finger="ring", ring="yellow")
    assert st.rings[0] == [FINGERS.index("little") * 8 + FACTION_INDEX["yellow"]]
    assert st.rings[1] == [FINGERS.index("ring") * 8 + FACTION_INDEX["brown"]]


@pytest.mark.parametrize(
    ("scratch", "message"),
    [([7], "seat 1 wears no such Ring"), ([37, 0], "must have 1 entries")],
)
def test_an_exchange_scratch_that_does_not_fit_is_refused(scratch: list[int], message: str) -> None:
    data = ring_exchange_begun().to_json()
    data["decision"]["scratch"] = scratch
    with pytest.raises(InvalidStateError, match=message):
        GAME.from_json(data)
