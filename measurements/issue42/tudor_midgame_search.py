# `hard`'s ISMCTS iterations per CPU second from the 16 mid-game positions `courtly bench`
# resamples (not the opening, where Tudor's setup placings are named without being played):
# PYTHONPATH=BUILD/src python tudor_midgame_search.py SECONDS_PER_POSITION
import sys
from dataclasses import replace

from courtly.agents.ismcts import Searcher
from courtly.analysis.bench import _midgame_states
from courtly.core.build import build_name
from courtly.core.registry import load_game
from courtly.core.rng import Rng
from courtly.core.seat import SeatView
import time

try:
    from courtly.agents.ismcts import level_settings
except ImportError:  # before the levels' settings moved (db80d95)
    from courtly.agents.levels import level_settings

game = load_game("tudor")
seconds = float(sys.argv[1])
settings = replace(level_settings("tudor", "hard"), iterations=None, seconds=seconds)
searcher = Searcher(game, settings, clock=time.process_time)
iterations = 0
spent = 0.0
for state in _midgame_states(game, 2, 16, Rng(54321)):
    while state.current_player is not None and len(state.legal_action_ids()) == 1:
        state.step(state.legal_action_ids()[0])
    if state.current_player is None:
        continue
    result = searcher.search(SeatView(state, state.current_player), Rng(1))
    iterations += result.iterations
    spent += result.seconds
print(build_name(), round(iterations / spent))
