"""Issue 37: the hard search's decisions and visit counts, digested (run once with each
tree's src on PYTHONPATH and compare the digests)."""

import hashlib
from dataclasses import replace

from courtly.agents.ismcts import Searcher
from courtly.core.registry import load_game
from courtly.core.rng import Rng
from courtly.core.seat import SeatView

try:
    from courtly.agents.ismcts import level_settings
except ImportError:
    from courtly.agents.levels import level_settings
out = []
for name in ["courtisans", "for-the-king", "kingdoms", "tudor"]:
    game = load_game(name)
    for players in range(game.min_players, game.max_players + 1):
        for seed in range(3):
            st = game.new_game(players, seed=seed)
            rng = Rng(seed)
            # walk a few random steps then search
            for _ in range(seed * 7):
                legal = st.legal_action_ids()
                if not legal:
                    break
                st.step(legal[rng.below(len(legal))])
            while st.current_player is not None and len(st.legal_action_ids()) == 1:
                st.step(st.legal_action_ids()[0])
            if st.current_player is None:
                continue
            s = Searcher(game, replace(level_settings(name, "hard"), iterations=200, seconds=None))
            r = s.search(SeatView(st, st.current_player), Rng(seed + 99))
            out.append((name, players, seed, r.action_id, sorted(r.visits.items())))
h = hashlib.sha256(repr(out).encode()).hexdigest()
print(out[0])
print(h)
