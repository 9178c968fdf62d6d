# The compiled-vs-pure probe of tests/support/build_probe.py for For the King only (a scratch
# build compiles only the kernel, the agents and For the King; the other games' pure classes
# cannot subclass a compiled State in it).
import json, sys
import build_probe
from courtly.core.build import build_name
from courtly.core.registry import load_game
out = {}
game = load_game("for-the-king")
for players in (2, 5):
    out[f"for-the-king/{players}"] = {
        "games": [build_probe._random_game("for-the-king", players, seed) for seed in range(build_probe.RANDOM_GAMES)],
        "decisions": build_probe._decisions("for-the-king", players, 101 + players),
    }
print(json.dumps({"build": build_name(), "results": out}))
