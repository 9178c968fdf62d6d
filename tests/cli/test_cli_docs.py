"""The docs show real things: docs/formats.md's record example replays."""

from __future__ import annotations

import json
import re
from pathlib import Path

from courtly.core.records import GameRecord
from courtly.core.registry import load_game

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_the_record_example_in_formats_md_is_a_real_record() -> None:
    text = (DOCS / "formats.md").read_text(encoding="utf-8")
    example = re.search(r"## Game record.*?```json\n(.*?)```", text, re.S)
    assert example is not None
    data = json.loads(example.group(1))
    assert set(data) == set(GameRecord("g", 2, {}, [], 0).to_json())
    record = GameRecord.from_json(data)
    game = load_game(record.game)
    state = game.new_game(record.num_players, seed=record.seed, options=record.options)
    assert state.fingerprint() == record.fingerprints[0]
    for action, fingerprint in zip(record.actions, record.fingerprints[1:], strict=True):
        state.apply(action)
        assert state.fingerprint() == fingerprint
