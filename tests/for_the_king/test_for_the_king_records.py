"""Records and states saved by the code before its reshaping still replay and load exactly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from courtly.core.records import GameRecord
from courtly.core.table import Table
from courtly.games.for_the_king import GAME

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("record-*.json")), ids=lambda p: p.name)
def test_an_old_record_replays_to_every_fingerprint_and_result(path: Path) -> None:
    record = GameRecord.load(path)
    table = Table.from_record(GAME, record)
    assert table.record.fingerprints == record.fingerprints
    assert table.record.result == record.result
    assert table.state.is_terminal


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("state-*.json")), ids=lambda p: p.name)
def test_an_old_state_loads_and_writes_back_the_same(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    state = GAME.from_json(data)
    assert state.to_json() == data
