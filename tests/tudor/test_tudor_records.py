"""Records saved before the package was reshaped still replay, step for step.

``fixtures/records_before_anatomy.json`` holds eight random games (2-4 players, both editions,
the Opportunity variant, Climbing The Ranks, random cards, novices) recorded with the code of
commit 993d337, before the anatomy change: each with its record (actions, fingerprints, result)
and, per step, a hash of the generator state and the state's JSON body.

Two rule readings changed since (issue 21): the top space a Courtier leaves for its Office is
refilled (option ``restock_top_space``, RULINGS 16) and the Climbing The Ranks jump takes the
landing space's tokens (``jump_tokens``, RULINGS 33). Both options' legacy value is the reading
these games were played by (``en``: false, ``v15``: true), so the records replay as saved, every
fingerprint checked, and the bodies and the generator agree at every step.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from courtly.core.canonical import canonical_json
from courtly.core.records import GameRecord
from courtly.core.replay import replay
from courtly.core.state import State
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
def test_old_record_replays_with_every_fingerprint(case: dict[str, Any]) -> None:
    record = GameRecord.from_json(case["record"])
    prints = [body_print(state) for state, _ in replay(GAME, record)]
    assert prints == case["bodies"]
