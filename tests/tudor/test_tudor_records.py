"""Records saved before the package was reshaped still replay, step for step.

``fixtures/records_before_anatomy.json`` holds eight random games (2-4 players, both editions,
the Opportunity variant, Climbing The Ranks, random cards, novices) recorded with the code of
commit 993d337, before the anatomy change: each with its record (actions, fingerprints, result)
and, per step, a hash of the generator state and the state's JSON body.

Two rule readings changed since (issue 21): the top space a Courtier leaves for its Office is
refilled (option ``restock_top_space``, RULINGS 16) and the Climbing The Ranks jump takes the
landing space's tokens in both editions (RULINGS 33). The records are replayed under the
readings they were made with: ``edition=en`` records with ``restock_top_space=false``, and
an ``en`` record only up to its first jump. The kernel fingerprints cover the options too, so
with the new option in every state they differ from the stored ones; the bodies and the
generator, which are the game, must agree at every step.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from courtly.core.state import State, canonical_json
from courtly.games.tudor import GAME

FIXTURE = Path(__file__).parent / "fixtures" / "records_before_anatomy.json"
CASES: list[dict[str, Any]] = json.loads(FIXTURE.read_text(encoding="utf-8"))


def body_print(state: State) -> str:
    text = canonical_json([state.rng.state, state._body_to_json()])
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def case_id(case: dict[str, Any]) -> str:
    record = case["record"]
    return f"{record['num_players']}p-{record['seed']}"


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_old_record_replays_under_its_readings(case: dict[str, Any]) -> None:
    record = case["record"]
    options = dict(record["options"])
    english = options["edition"] == "en"
    if english:
        options["restock_top_space"] = False
    state = GAME.new_game(record["num_players"], seed=record["seed"], options=options)
    prints = [body_print(state)]
    for action in record["actions"]:
        if english and action == {"kind": "scenario", "side": "right"} and options["scenario"] == 3:
            break  # the jump now takes the landing space's tokens
        state.apply(action)
        prints.append(body_print(state))
    assert prints == case["bodies"][: len(prints)]
    if len(prints) == len(case["bodies"]):
        assert state.is_terminal
        assert {"scores": state.scores(), "winners": state.winners()} == record["result"]
