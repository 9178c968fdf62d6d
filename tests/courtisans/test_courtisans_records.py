"""Records saved before the package was reshaped still replay, fingerprint for fingerprint."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from courtly.core.records import GameRecord, result_of
from courtly.core.replay import replay
from courtly.games.courtisans import GAME

RECORDS = json.loads(
    (Path(__file__).parent / "fixtures" / "records_before_anatomy.json").read_text()
)


@pytest.mark.parametrize("data", RECORDS, ids=lambda d: f"{d['num_players']}p-seed{d['seed']}")
def test_an_old_record_replays_exactly(data: dict[str, object]) -> None:
    record = GameRecord.from_json(data)
    steps = list(replay(GAME, record))
    assert len(steps) == len(record.actions) + 1 == len(record.fingerprints)
    final = steps[-1][0]
    assert final.is_terminal and result_of(final) == record.result
    for state, _events in steps:
        assert GAME.from_json(state.to_json()).fingerprint() == state.fingerprint()


STATES = json.loads((Path(__file__).parent / "fixtures" / "states_before_anatomy.json").read_text())


def test_states_saved_before_load_with_the_same_fingerprint_and_choices() -> None:
    for saved in STATES:
        state = GAME.from_json(saved["state"])
        assert state.fingerprint() == saved["fingerprint"]
        assert state.legal_action_ids() == saved["legal"]
