"""Games saved before an option existed load and replay with the fingerprints they had.

``fixtures/saved_at_a51affe`` holds records and states written by the code of commit a51affe
(its README says how), before Tudor's ``restock_top_space`` and ``jump_tokens``, Kingdoms'
``refugee_army`` and For the King's ``king_cards``. Such an option declares the value that
gives the old rules (``Option.legacy``): a saved game without it reads that value, and a
state's JSON leaves it out while it holds it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import courtly
from courtly.core.options import NO_LEGACY, Option, resolve_options, stored_options
from courtly.core.records import GameRecord
from courtly.core.replay import replay
from courtly.core.rng import Rng
from courtly.core.table import Table

FIXTURES = Path(__file__).parent / "fixtures" / "saved_at_a51affe"
SAVED = {path.stem: json.loads(path.read_text()) for path in sorted(FIXTURES.glob("*.json"))}
RECORDS = [(game, i) for game, saved in SAVED.items() for i in range(len(saved["records"]))]
STATES = [(game, i) for game, saved in SAVED.items() for i in range(len(saved["states"]))]


def test_every_game_has_saved_records_and_states() -> None:
    assert sorted(SAVED) == sorted(courtly.game_names())
    assert all(saved["records"] and saved["states"] for saved in SAVED.values())


@pytest.mark.parametrize(("game", "index"), RECORDS, ids=lambda v: str(v))
def test_an_old_record_replays_with_every_fingerprint(game: str, index: int) -> None:
    record = GameRecord.from_json(SAVED[game]["records"][index])
    steps = sum(1 for _ in replay(courtly.load(game), record))  # checks every fingerprint
    assert steps == len(record.actions) + 1
    table = Table.from_record(courtly.load(game), record)  # the way play --resume reads it
    assert table.record.fingerprints == record.fingerprints
    assert table.record.result == record.result


@pytest.mark.parametrize(("game", "index"), STATES, ids=lambda v: str(v))
def test_an_old_state_loads_with_its_fingerprint(game: str, index: int) -> None:
    saved: dict[str, Any] = SAVED[game]["states"][index]
    state = courtly.load(game).from_json(saved["state"])
    assert state.fingerprint() == saved["fingerprint"]
    assert state.legal_action_ids() == saved["legal"]
    assert state.to_json() == saved["state"]


# Records whose games differ under the new readings (a Climbing jump onto tokens; a Refugee
# tie decided by an Army card): under the new defaults they would not replay at all.
CHANGED_BY_NEW_READINGS = [
    ("tudor", 0, {"jump_tokens": True}),
    ("tudor", 1, {"jump_tokens": True}),
    ("kingdoms", 0, {"refugee_army": True}),
    ("kingdoms", 1, {"refugee_army": True}),
]


@pytest.mark.parametrize(("game", "index", "new"), CHANGED_BY_NEW_READINGS, ids=str)
def test_the_old_reading_is_what_replays_them(game: str, index: int, new: dict[str, Any]) -> None:
    record = GameRecord.from_json(SAVED[game]["records"][index])
    loaded = courtly.load(game)
    old = loaded.resolve_options(record.options, saved=True)
    state = loaded.new_game(record.num_players, seed=record.seed, options={**old, **new})
    with_old = loaded.new_game(record.num_players, seed=record.seed, options=old)
    bodies_differ = False
    for action in record.actions:
        if action not in [state.action_space[a].to_json() for a in state.legal_action_ids()]:
            bodies_differ = True
            break
        state.apply(action)
        with_old.apply(action)
        if state._body_to_json() != with_old._body_to_json():
            bodies_differ = True
            break
    assert bodies_differ


@pytest.mark.parametrize("game", sorted(SAVED))
@pytest.mark.parametrize("players", [2, 4])
def test_a_new_game_round_trips_through_json(game: str, players: int) -> None:
    loaded = courtly.load(game)
    players = min(max(players, loaded.min_players), loaded.max_players)
    state = loaded.new_game(players, seed=5)
    rng = Rng(6)
    for _ in range(40):
        if state.is_terminal:
            break
        again = loaded.from_json(json.loads(json.dumps(state.to_json())))
        assert again.options == state.options
        assert again.to_json() == state.to_json()
        assert again.fingerprint() == state.fingerprint()
        state.step(rng.choice(state.legal_action_ids()))


@pytest.mark.parametrize(
    ("game", "options", "kept"),
    [
        ("tudor", {}, {"restock_top_space": True, "jump_tokens": True}),  # en, new readings
        # v15 read those two so already; its Lord placement is "must" since issue 44
        ("tudor", {"edition": "v15"}, {"lord_placement": "edition"}),
        ("tudor", {"restock_top_space": False, "jump_tokens": False}, {}),
        ("kingdoms", {}, {"refugee_army": True}),
        ("kingdoms", {"refugee_army": False}, {}),
        ("for-the-king", {}, {}),
        ("for-the-king", {"king_cards": "apply"}, {"king_cards": "apply"}),
    ],
)
def test_the_json_names_a_later_option_only_off_its_legacy_value(
    game: str, options: dict[str, Any], kept: dict[str, Any]
) -> None:
    loaded = courtly.load(game)
    state = loaded.new_game(2, seed=1, options=options)
    later = {spec.name for spec in loaded.options if spec.legacy is not NO_LEGACY}
    written = state.to_json()["options"]
    assert {k: v for k, v in written.items() if k in later} == kept
    assert loaded.from_json(state.to_json()).options == state.options


def test_resolving_saved_options_reads_the_legacy_value() -> None:
    specs = (
        Option("edition", "a", "", choices=("a", "b")),
        Option("plain", 1, "", choices=(1, 2)),
        Option("later", True, "", choices=(True, False), legacy=False),
        Option("by_edition", True, "", choices=(True, False), legacy=lambda o: o["edition"] == "b"),
    )
    assert resolve_options(specs, {}) == {
        "edition": "a",
        "plain": 1,
        "later": True,
        "by_edition": True,
    }
    assert resolve_options(specs, {}, saved=True) == {
        "edition": "a",
        "plain": 1,
        "later": False,
        "by_edition": False,
    }
    assert resolve_options(specs, {"edition": "b"}, saved=True)["by_edition"] is True
    assert resolve_options(specs, {"later": True}, saved=True)["later"] is True
    full = resolve_options(specs, {"edition": "b", "later": True})
    assert stored_options(specs, full) == {"edition": "b", "plain": 1, "later": True}
    assert resolve_options(specs, stored_options(specs, full), saved=True) == full
