"""Game records: replays reproduce every fingerprint; a seat sees only what it knew."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from highcards import HighCards

from courtly.agents import make_agent
from courtly.core.errors import RecordError
from courtly.core.match import play_match
from courtly.core.records import GameRecord
from courtly.core.replay import replay, replay_events


def _record(toy: HighCards, seed: int = 4) -> GameRecord:
    agents = [make_agent("random", toy), make_agent("random", toy)]
    result = play_match(toy, agents, seed, keep_record=True)
    assert result.record is not None
    return result.record


def test_record_replays_every_fingerprint(toy: HighCards, tmp_path: Path) -> None:
    record = _record(toy)
    path = tmp_path / "game.json"
    record.save(path)
    loaded = GameRecord.load(path)
    states = [s.fingerprint() for s, _ in replay(toy, loaded)]
    assert states == record.fingerprints
    assert loaded.result == {"scores": record.result["scores"], "winners": record.result["winners"]}  # type: ignore[index]


def test_tampered_record_is_refused(toy: HighCards) -> None:
    record = _record(toy)
    record.fingerprints[3] = "0" * 20
    with pytest.raises(RecordError, match="diverges from the record at step 3"):
        list(replay(toy, record))
    other = _record(toy)
    other.actions[0] = {"kind": "play", "card": 99}
    with pytest.raises(RecordError, match="action 1 cannot be played"):
        list(replay(toy, other))
    with pytest.raises(RecordError, match="not valid JSON"):
        GameRecord.from_json("{")
    with pytest.raises(RecordError, match="not a courtly game record"):
        GameRecord.from_json(json.dumps({"format": "other"}))


def test_seat_view_of_unfinished_record_hides_private_events(toy: HighCards) -> None:
    record = _record(toy)
    unfinished = GameRecord.from_json(record.dumps())
    unfinished.actions = unfinished.actions[:3]
    unfinished.fingerprints = unfinished.fingerprints[:4]
    unfinished.result = None
    as_one = list(replay_events(toy, unfinished, seat=1))
    everything = list(replay_events(toy, unfinished, seat=None))
    assert any(e.audience == frozenset({0}) for e in everything)
    assert all(e.visible_to(1) for e in as_one)
    assert len(as_one) < len(everything)
    # Once the game is over, the whole log is shown to everyone.
    assert len(list(replay_events(toy, record, seat=1))) == len(list(replay_events(toy, record)))


def test_same_seed_same_match(toy: HighCards) -> None:
    a, b = _record(toy, 8), _record(toy, 8)
    assert a.to_json() == b.to_json()


def test_a_record_is_verified_completely(toy: HighCards) -> None:
    record = _record(toy)
    assert record.result is not None

    def refused(change: Callable[[GameRecord], object], words: str) -> None:
        copy = GameRecord.from_json(record.dumps())
        change(copy)
        with pytest.raises(RecordError, match=words):
            list(replay(toy, copy))

    def cut(r: GameRecord) -> None:
        r.actions, r.fingerprints = r.actions[:-1], r.fingerprints[:-1]

    refused(cut, r"cut short: it holds a result, but after its last action \(step")
    refused(lambda r: r.actions.pop(), "cut short: it has .* fingerprints but only")
    refused(lambda r: r.fingerprints.pop(), f"step {len(record.actions)} .* no fingerprint")
    refused(lambda r: r.fingerprints.__setitem__(2, ""), "step 2 of the record has no fingerprint")
    refused(lambda r: setattr(r, "result", {"scores": [0, 0], "winners": [1]}), "result")
    refused(lambda r: setattr(r, "result", None), "result")
    refused(lambda r: r.actions.append(r.actions[-1]), "no fingerprint")
    # Cut short honestly (no result) is an unfinished game, and replays.
    unfinished = GameRecord.from_json(record.dumps())
    cut(unfinished)
    unfinished.result = None
    assert not list(replay(toy, unfinished))[-1][0].is_terminal
