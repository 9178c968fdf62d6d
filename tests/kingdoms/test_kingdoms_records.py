"""Records and states saved by the engine before the anatomy change still replay and load.

``fixtures/before_anatomy.json`` was written by the code as it stood before the modules were
reorganised (three random games with different options, and positions taken along the way).
Those games predate the ``refugee_army`` option and were played with the face-up Refugee count,
the option's legacy value (ruling R24): they replay with every fingerprint as saved.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from courtly.core.records import GameRecord
from courtly.core.replay import replay
from courtly.games.kingdoms import GAME

FIXTURE = json.loads((Path(__file__).parent / "fixtures" / "before_anatomy.json").read_text())


@pytest.mark.parametrize("index", range(len(FIXTURE["records"])))
def test_every_old_record_replays_with_every_fingerprint(index: int) -> None:
    record = GameRecord.from_json(FIXTURE["records"][index])
    steps = list(replay(GAME, record))  # checks every fingerprint and the result
    assert len(steps) == len(record.actions) + 1
    assert steps[-1][0].is_terminal
    assert steps[-1][0].options["refugee_army"] is False


@pytest.mark.parametrize("index", range(len(FIXTURE["states"])))
def test_old_state_loads_unchanged(index: int) -> None:
    saved: dict[str, Any] = FIXTURE["states"][index]
    state = GAME.from_json(saved["state"])
    assert state.fingerprint() == saved["fingerprint"]
    assert state.legal_action_ids() == saved["legal"]
