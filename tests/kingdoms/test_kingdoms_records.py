"""Records and states saved by the engine before the anatomy change still replay and load.

``fixtures/before_anatomy.json`` was written by the code as it stood before the modules were
reorganised (three random games with different options, and positions taken along the way).
Those games predate the ``refugee_army`` option and were played with the face-up Refugee count
(now the option ``refugee_army=false``; ruling R24): a record replays as it is unless the
literal count changed who took a Refugee, and every one replays exactly under the old reading.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from courtly.core.records import GameRecord, replay
from courtly.core.state import canonical_json
from courtly.games.kingdoms import GAME

FIXTURE = json.loads((Path(__file__).parent / "fixtures" / "before_anatomy.json").read_text())


def test_old_record_without_a_refugee_army_tie_replays_as_saved() -> None:
    record = GameRecord.from_json(FIXTURE["records"][0])
    steps = list(replay(GAME, record))
    assert len(steps) == len(record.actions) + 1
    assert steps[-1][0].is_terminal


def _old_fingerprint(data: dict[str, Any]) -> str:
    """The fingerprint the state had before ``refugee_army`` existed."""
    data["options"].pop("refugee_army")
    return hashlib.sha256(canonical_json(data).encode()).hexdigest()[:20]


@pytest.mark.parametrize("index", range(len(FIXTURE["records"])))
def test_every_old_record_replays_exactly_with_the_face_up_count(index: int) -> None:
    record = GameRecord.from_json(FIXTURE["records"][index])
    state = GAME.new_game(2, seed=record.seed, options={**record.options, "refugee_army": False})
    assert _old_fingerprint(state.to_json()) == record.fingerprints[0]
    for action, fingerprint in zip(record.actions, record.fingerprints[1:], strict=True):
        state.apply(action)
        assert _old_fingerprint(state.to_json()) == fingerprint
    assert record.result == {"scores": state.scores(), "winners": state.winners()}


@pytest.mark.parametrize("index", range(len(FIXTURE["states"])))
def test_old_state_loads_unchanged(index: int) -> None:
    saved: dict[str, Any] = FIXTURE["states"][index]
    state = GAME.from_json(saved["state"])
    assert state.fingerprint() == saved["fingerprint"]
    assert state.legal_action_ids() == saved["legal"]
