# The work profiled for docs/performance.md ("Issue 42, third round: Tudor"), under callgrind:
# PYTHONPATH=BUILD/src valgrind --tool=callgrind --collect-atstart=no \
#   --toggle-collect=CPyDef_courtly___agents___ismcts___Searcher___search python THIS search 400
# (playouts: `python THIS playout2 20` with --dump-before=getppid; dump .2 is the playouts)
import os, sys
from dataclasses import replace
from courtly.agents.ismcts import Searcher, level_settings
from courtly.analysis.bench import _midgame_states, random_playout
from courtly.core.registry import load_game
from courtly.core.rng import Rng
from courtly.core.seat import SeatView
what = sys.argv[1]
game = load_game('tudor')
print(type(game).__module__, sys.modules['courtly.games.tudor.state'].__file__)
rng = Rng(12345)
if what == 'search':
    start = game.new_game(2, seed=1)
    while len(start.legal_action_ids()) == 1: start.step(start.legal_action_ids()[0])
    searcher = Searcher(game, replace(level_settings('tudor', "hard"), iterations=int(sys.argv[2]), seconds=None))
    searcher.search(SeatView(start, start.current_player), rng)
elif what == 'midsearch':
    states = _midgame_states(game, 2, 16, Rng(54321))
    searcher = Searcher(game, replace(level_settings('tudor', "hard"), iterations=int(sys.argv[2]), seconds=None))
    for s in states[:4]:
        searcher.search(SeatView(s, s.current_player), rng)
elif what == 'playout':
    for seed in range(int(sys.argv[2])):
        random_playout(game.new_game(2, seed=seed), rng)
elif what == 'resample':
    states = _midgame_states(game, 2, 16, Rng(54321))
    for _ in range(int(sys.argv[2])):
        for s in states: s.resample(s.current_player, rng)
if what == 'playout2':
    def run():
        for seed in range(int(sys.argv[2])):
            random_playout(game.new_game(2, seed=seed), rng)
    import os; os.getppid(); run(); os.getppid()
