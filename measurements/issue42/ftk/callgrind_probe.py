# Run by callgrind_profile.sh: the parts of the work are separated by os.getppid() calls.
import os, sys
from dataclasses import replace
from courtly.agents.ismcts import Searcher, level_settings
from courtly.analysis.bench import _midgame_states, random_playout
from courtly.core.registry import load_game
from courtly.core.rng import Rng
from courtly.core.seat import SeatView
game = load_game("for-the-king")
states = _midgame_states(game, 2, 16, Rng(54321))
start = game.new_game(2, seed=1)
while start.current_player is not None and len(start.legal_action_ids()) == 1:
    start.step(start.legal_action_ids()[0])
searcher = Searcher(game, replace(level_settings(game.name, "hard"), iterations=500, seconds=None))
view = SeatView(start, start.current_player)
rng = Rng(12345)
os.getppid()
for seed in range(20):
    random_playout(game.new_game(2, seed=seed), rng)
os.getppid()
for k in range(200):
    s = states[k % 16]
    s.resample(s.current_player if s.current_player is not None else 0, rng)
os.getppid()
searcher.search(view, Rng(1))
os.getppid()
