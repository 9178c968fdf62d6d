"""info() per action and one deadline tick over 1000 unclocked tables, CPU time (issue 42).
Run from the repository root: .venv/bin/python measurements/issue42/serve_periodic_micro.py
(another tree: PYTHONPATH=<tree>/src first; it borrows the live tables of test_server_periodic)."""
import asyncio, sys, tempfile, time
from pathlib import Path
sys.path.insert(0, "tests/server")
import courtly
print(courtly.__file__)
from courtly.server import clocks
from courtly.server.database import StoreThread
from courtly.server.deadlines import Deadlines
from courtly.server.peer_signals import PeerSignals
from courtly.server.store import Store
from courtly.server.tables import LiveTables
import importlib.util
spec = importlib.util.spec_from_file_location("tp", "tests/server/test_server_periodic.py")
# reuse _live without importing utc_text (absent in base)
src = open("tests/server/test_server_periodic.py").read().replace("from courtly.server.live import LiveTable, utc_text", "from courtly.server.live import LiveTable")
ns = {}; exec(compile(src, "tp", "exec"), ns)
lives = [ns["_live"](f"t{i}") for i in range(1000)]
best = min(
    (lambda t0: ([l.info() for l in lives], time.process_time() - t0)[1])(time.process_time())
    for _ in range(20)
)
print(f"info: {best / len(lives) * 1e6:.2f} us per call")
tmp = tempfile.mkdtemp()
store = Store(f"sqlite:///{Path(tmp) / 'm.sqlite3'}"); store.migrate()
thread = StoreThread(store)
tables = LiveTables(thread, PeerSignals(thread), lambda live: None)
for l in lives: tables.add(l)
d = Deadlines(tables, clocks.system_clock, lambda live: None)
async def ticks():
    best = 1e9
    for _ in range(40):
        t0 = time.thread_time(); await d.tick(); best = min(best, time.thread_time() - t0)
    return best
print(f"tick (event loop's CPU, 1000 tables): {asyncio.run(ticks()) * 1e3:.3f} ms")
thread.shutdown()
thread = StoreThread(store)
tables.thread = thread
d = Deadlines(tables, clocks.system_clock, lambda live: None)
async def whole():
    t0 = time.process_time()
    for _ in range(40): await d.tick()
    return (time.process_time() - t0) / 40
print(f"tick (whole process CPU incl. the expired query): {asyncio.run(whole()) * 1e3:.3f} ms")
thread.shutdown()
