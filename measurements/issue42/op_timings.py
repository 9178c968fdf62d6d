# Per-operation CPU µs on the same positions (docs/performance.md, "Issue 42, second round"):
# PYTHONPATH=BUILD/src python op_timings.py GAME
import sys, time
from courtly.core.registry import load_game
from courtly.core.rng import Rng
from courtly.core.state import State
name = sys.argv[1]; g = load_game(name)
# positions: the first 40 decisions of 30 games at 2 players (what an opening search walks)
pos = []
for seed in range(30):
    s = g.new_game(2, seed=seed); r = Rng(seed)
    for _ in range(40):
        if s.current_player is None: break
        pos.append(s.clone())
        legal = s.legal_action_ids(); s.step(legal[r.below(len(legal))])
def t(label, fn, reps=30):
    best = 1e9
    for _ in range(3):
        a = time.process_time()
        for _ in range(reps):
            for p in pos: fn(p)
        best = min(best, (time.process_time() - a) / (reps * len(pos)))
    print(f"{label:22s} {best*1e6:7.2f} us", flush=True)
legals = {id(p): p.legal_action_ids() for p in pos}
t("clone", lambda p: p.clone())
t("clone+step", lambda p: p.clone().step(legals[id(p)][0]))
t("legal_action_ids", lambda p: p.legal_action_ids())
t("candidate_actions", lambda p: g.candidate_actions(p, legals[id(p)]))
def ga(p):
    l = legals[id(p)]
    if len(l) > 1: g.greedy_afters(p, l, p.current_player, [])
t("greedy_afters", ga, 10)
t("search_evaluations", lambda p: g.search_evaluations(p), 10)
rr = Rng(5)
t("resample", lambda p: p.resample(p.current_player, rr), 10)
def cs(p):
    l = legals[id(p)]
    if len(l) > 1:
        for a in l:
            p.clone().step_to_score(a)
t("greedy: clone+step only", cs, 10)
n = sum(len(legals[id(p)]) for p in pos if len(legals[id(p)]) > 1); m = sum(1 for p in pos if len(legals[id(p)]) > 1)
print("candidates per greedy", n / m, "share of positions", m / len(pos))
