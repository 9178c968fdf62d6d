# For the King scoring pieces, CPU µs per call: PYTHONPATH=BUILD/src python ftk_scoring_timings.py
import time
from courtly.core.registry import load_game
from courtly.core.rng import Rng
from courtly.games.for_the_king import evaluation as ev, scoring as sc
g = load_game("for-the-king")
pos = []
for seed in range(30):
    s = g.new_game(2, seed=seed); r = Rng(seed)
    for _ in range(40):
        if s.current_player is None: break
        pos.append(s.clone()); legal = s.legal_action_ids(); s.step(legal[r.below(len(legal))])
def t(label, fn, reps=30):
    best = 1e9
    for _ in range(3):
        a = time.process_time()
        for _ in range(reps):
            for p in pos: fn(p)
        best = min(best, (time.process_time() - a) / (reps * len(pos)))
    print(f"{label:22s} {best*1e6:7.2f} us", flush=True)
t("victory_points", lambda p: sc.victory_points(p))
tables = {id(p): [sc.office_standings(h) for h in p.hands] for p in pos}
t("victory_points(table)", lambda p: sc.victory_points(p, tables[id(p)]))
t("office_standings x2", lambda p: [sc.office_standings(h) for h in p.hands])
t("heuristic", lambda p: ev.heuristic(p, p.cur))
t("greedy_choices", lambda p: ev.greedy_choices(p, p.legal_action_ids(), p.cur), 10)
