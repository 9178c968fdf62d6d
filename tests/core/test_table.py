"""The kernel Table: per-viewer deliveries, sequence numbers, records and the undo rule."""

from __future__ import annotations

from typing import Any

import pytest
from highcards import HighCards, HighCardsState

from courtly.core.build import build_name
from courtly.core.errors import (
    IllegalActionError,
    InvalidSeatError,
    RecordError,
    StaleSequenceError,
    UndoError,
    WrongPlayerError,
)
from courtly.core.records import GameRecord
from courtly.core.table import Table


def new_table(players: int = 2, seed: int = 3) -> Table:
    return Table(HighCards(), players, seed=seed, seats=["ann", "bob", "cy"][:players])


def play_until_deck_empty(table: Table) -> None:
    while table.state.deck:  # type: ignore[attr-defined]
        seat = table.state.current_player
        assert seat is not None
        table.act(seat, table.seq, table.state.legal_action_ids()[0])


def test_act_tells_each_viewer_only_what_it_may_see() -> None:
    table = new_table()
    deliveries = table.act(0, 0, table.state.legal_action_ids()[0])
    assert set(deliveries) == {0, 1, None}
    private = [e for e in deliveries[0].events if e.audience is not None]
    assert private and all(e.audience == frozenset({0}) for e in private)
    for viewer in (1, None):
        assert all(e.audience is None for e in deliveries[viewer].events)
    assert deliveries[1].legal_actions and not deliveries[0].legal_actions
    assert not deliveries[None].legal_actions
    assert deliveries[None].observation["viewer"] is None
    assert "hand" not in deliveries[None].observation
    assert all(d.seq == 1 and not d.reset for d in deliveries.values())


@pytest.mark.parametrize(
    ("seat", "seq", "action", "error"),
    [
        (0, 1, 0, StaleSequenceError),
        (1, 0, 0, WrongPlayerError),
        (0, 0, 99, IllegalActionError),
        (2, 0, 0, InvalidSeatError),
        (-1, 0, 0, InvalidSeatError),
    ],
)
def test_refused_acts_change_nothing(seat: int, seq: int, action: int, error: type) -> None:
    table = new_table()
    before = (table.state.fingerprint(), table.seq, len(table.record.actions))
    with pytest.raises(error):
        table.act(seat, seq, action)
    assert (table.state.fingerprint(), table.seq, len(table.record.actions)) == before


def test_a_retried_act_is_applied_once() -> None:
    table = new_table()
    action = table.state.legal_action_ids()[0]
    table.act(0, 0, action)
    with pytest.raises(StaleSequenceError):
        table.act(0, 0, action)
    assert len(table.record.actions) == 1


def test_from_record_rebuilds_the_same_table_and_log() -> None:
    table = new_table(3)
    while not table.state.is_terminal:
        seat = table.state.current_player
        assert seat is not None
        table.act(seat, table.seq, table.state.legal_action_ids()[-1])
    again = Table.from_record(HighCards(), GameRecord.from_json(table.record.dumps()))
    assert again.state.fingerprint() == table.state.fingerprint()
    assert again.record.to_json() == table.record.to_json()
    assert again.events_seen(1) == table.events_seen(1)
    assert again.seq == len(table.record.actions)


def test_from_record_refuses_a_forged_result_or_fingerprint() -> None:
    table = new_table()
    play_until_deck_empty(table)
    data = table.record.to_json()
    forged = dict(data, result={"scores": [99.0, 0.0], "winners": [0]})
    with pytest.raises(RecordError, match="result"):
        Table.from_record(HighCards(), GameRecord.from_json(forged))
    prints = list(data["fingerprints"])
    prints[2] = "0" * 20
    with pytest.raises(RecordError, match="step 2"):
        Table.from_record(HighCards(), GameRecord.from_json(dict(data, fingerprints=prints)))


def test_snapshot_shows_private_events_to_their_seat_only_until_the_end() -> None:
    table = new_table()
    table.act(0, 0, table.state.legal_action_ids()[0])
    assert any(e.audience for e in table.snapshot(0).events)
    assert not any(e.audience for e in table.snapshot(1).events)
    while not table.state.is_terminal:
        seat = table.state.current_player
        assert seat is not None
        table.act(seat, table.seq, table.state.legal_action_ids()[0])
    everything = [e for s in table.steps for e in s.events]
    assert table.snapshot(1).events == everything == table.snapshot(None).events


def test_undo_follows_the_games_answer_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """Table reads State.reveal and nothing else: not the events' audiences, not the generator.
    A High Cards play draws a card the drawer alone is told of; with the rules' reveal
    silenced, that play may be taken back, private event and all."""
    table = new_table()
    table.act(0, 0, table.state.legal_action_ids()[0])
    assert not table.steps[-1].undoable
    monkeypatch.setattr(HighCardsState, "reveal", lambda self: None)
    table = new_table()
    table.act(0, 0, table.state.legal_action_ids()[0])
    assert any(e.audience == frozenset({0}) for e in table.steps[-1].events)
    assert table.steps[-1].undoable and table.can_undo(0)


def test_undo_takes_back_a_public_chance_free_decision() -> None:
    table = new_table()
    table.act(0, 0, table.state.legal_action_ids()[0])
    assert not table.can_undo(0)  # that play drew a card, seen only by seat 0
    with pytest.raises(UndoError, match="stands"):
        table.undo(0)
    play_until_deck_empty(table)
    before = table.state.fingerprint()
    seat = table.state.current_player
    assert seat is not None
    seq = table.seq
    table.act(seat, seq, table.state.legal_action_ids()[0])
    assert not table.can_undo(1 - seat)
    deliveries = table.undo(seat)
    assert table.state.fingerprint() == before
    assert table.seq == seq + 2 and len(table.record.actions) == seq
    assert all(d.reset and d.seq == seq + 2 for d in deliveries.values())
    with pytest.raises(StaleSequenceError):
        table.act(seat, seq + 1, table.state.legal_action_ids()[0])


def test_each_delivery_says_whether_its_viewer_may_undo() -> None:
    table = new_table()
    deliveries = table.act(0, 0, table.state.legal_action_ids()[0])
    assert not any(d.can_undo for d in deliveries.values())  # seat 0 drew a card
    play_until_deck_empty(table)
    seat = table.state.current_player
    assert seat is not None
    deliveries = table.act(seat, table.seq, table.state.legal_action_ids()[0])
    assert deliveries[seat].can_undo and table.snapshot(seat).can_undo
    assert not deliveries[1 - seat].can_undo and not deliveries[None].can_undo
    assert deliveries[seat].to_json()["can_undo"] is True
    assert table.undo(seat)[seat].can_undo is False  # the seat's decision before was a draw


def test_the_last_decision_of_a_game_stands() -> None:
    table = new_table()
    play_until_deck_empty(table)
    while not table.state.is_terminal:
        seat = table.state.current_player
        assert seat is not None
        table.act(seat, table.seq, table.state.legal_action_ids()[0])
    last = table.steps[-1]
    assert last.undoable  # public and chance-free: only the end keeps it from being undone
    assert not table.can_undo(last.seat)
    assert not any(d.can_undo for d in (table.snapshot(v) for v in table.viewers()))
    with pytest.raises(UndoError, match="over"):
        table.undo(last.seat)


def test_event_kinds_make_kind_and_data_and_the_renderer_the_text() -> None:
    from types import SimpleNamespace

    from courtly.core.events import EventKinds
    from courtly.core.render import event_text

    kinds = EventKinds(
        {"play": "{seat} plays {card}", "swap": "{seat} swaps with {other_seat}"},
        {"card": lambda c: f"card #{c}"},
    )
    plugin = SimpleNamespace(event_kinds=kinds, action_texts=None)
    event = kinds.event("play", {"seat": 0, "card": 7}, frozenset({0}))
    assert (event.kind, dict(event.data), event.audience) == (
        "play",
        {"seat": 0, "card": 7},
        frozenset({0}),
    )
    assert not hasattr(event, "text")
    assert event_text(plugin, event) == "seat 1 plays card #7"
    swap = kinds.event("swap", {"seat": 1, "other_seat": 0})
    assert event_text(plugin, swap) == "seat 2 swaps with seat 1"
    assert event_text(plugin, swap, "en", ["Ann", None]) == "seat 2 swaps with Ann"
    with pytest.raises(KeyError):
        kinds.event("unknown", {})


def _refused(seat: object) -> Any:
    """The error a bad seat meets. Compiled, a seat of the wrong type is refused by the call
    itself (TypeError) before the kernel's check, and a bool is taken as the int it is."""
    if build_name() == "compiled" and type(seat) is not int:
        if isinstance(seat, bool):
            pytest.skip("the compiled build reads a bool seat as the int it is")
        return pytest.raises((InvalidSeatError, TypeError))
    return pytest.raises(InvalidSeatError)


@pytest.mark.parametrize("seat", [-1, 2, True, "0"])
def test_events_for_refuses_a_seat_outside_the_game(seat: object) -> None:
    from courtly.core.events import events_for

    with _refused(seat):
        events_for([], seat, 2)  # type: ignore[arg-type]


@pytest.mark.parametrize("seat", [-1, 2, True])
def test_observation_and_resample_refuse_a_seat_outside_the_game(seat: object) -> None:
    from courtly.core.rng import Rng
    from courtly.core.seat import SeatView

    state = new_table().state
    with _refused(seat):
        state.observation(seat)  # type: ignore[arg-type]
    with _refused(seat):
        state.resample(seat, Rng(1))  # type: ignore[arg-type]
    with _refused(seat):
        SeatView(state, seat)  # type: ignore[arg-type]


def test_observation_starts_with_the_envelope() -> None:
    from courtly.core.state import OBSERVATION_ENVELOPE

    state = new_table().state
    obs = state.observation(1)
    assert tuple(obs)[: len(OBSERVATION_ENVELOPE)] == OBSERVATION_ENVELOPE
    assert (obs["game"], obs["viewer"], obs["to_act"]) == ("high-cards", 1, 0)
    assert state.public_observation() == state.observation(None)


def test_a_viewers_delivery_is_built_when_read_and_never_after_the_table_moved() -> None:
    table = new_table()
    first = table.act(0, 0, table.state.legal_action_ids()[0])
    seat_one = first[1]  # read while the table is at position 1
    assert first[1] is seat_one  # built once
    assert first.get(7) is None and len(first) == 3
    table.act(1, 1, table.state.legal_action_ids()[0])
    assert first[1] is seat_one  # what was read stays readable
    with pytest.raises(RuntimeError, match="position 1 read at position 2"):
        first[None]  # built now, it would describe position 2 as position 1
    with pytest.raises(KeyError):
        first[5]
