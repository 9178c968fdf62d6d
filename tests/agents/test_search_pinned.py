"""Search decisions and sampled worlds pinned per game: a faster engine must search the same.

A speed change to a game's rules, copies, greedy policy, evaluation or world sampling is meant
to leave every search result as it was (docs/performance.md); these hashes were taken before
issue 42's engine changes (commit 90ae0fb). They cover the ``hard`` search's result (choice,
visits, values, line) at positions of random games, on a fixed iteration budget, and the
fingerprints of the worlds ``resample`` deals every seat at those positions. A change meant to
make the bots stronger changes them on purpose: re-measure the ladders and pin again."""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace

import pytest

from courtly.agents.ismcts import Searcher, level_settings
from courtly.core.registry import load_game
from courtly.core.rng import Rng
from courtly.core.seat import SeatView

# (search results, sampled worlds) per game.
PINNED = {
    "courtisans": ("9c40350aecef0197", "77cc03ee5aa40bec"),
    "tudor": ("083d5d972bd4c647", "c7eec722a0a0b798"),
    "for-the-king": ("52ea7e80eee9aea6", "d631544378bccae6"),
    "kingdoms": ("d3a0ddbf1f24356a", "93c8515d80377c39"),
}


def _hashes(name: str) -> tuple[str, str]:
    game = load_game(name)
    settings = replace(level_settings(name, "hard"), iterations=60, seconds=None)
    searches = hashlib.sha256()
    worlds = hashlib.sha256()
    for players in (2, game.max_players):
        state = game.new_game(players, seed=players)
        rng = Rng(players)
        deal = Rng(100 + players)
        step = 0
        while state.current_player is not None and step < 300:
            legal = state.legal_action_ids()
            if step % 10 == 0:
                for seat in range(players):
                    worlds.update(state.resample(seat, deal).fingerprint().encode())
            if step % 30 == 0 and len(legal) > 1:
                view = SeatView(state, state.current_player)
                result = Searcher(game, settings).search(view, Rng(step))
                found = [result.action_id, result.visits, result.values, result.line]
                searches.update(json.dumps(found, sort_keys=True).encode())
            state.step(legal[rng.below(len(legal))])
            step += 1
    return searches.hexdigest()[:16], worlds.hexdigest()[:16]


@pytest.mark.parametrize("name", sorted(PINNED))
def test_a_games_searches_and_worlds_are_as_pinned(name: str) -> None:
    assert _hashes(name) == PINNED[name]
