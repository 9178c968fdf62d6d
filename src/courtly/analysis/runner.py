"""Where many independent games run: worker processes on this machine, or Ray tasks.

Every command that plays many games (simulate, tournament, ladder, selftest, report) hands its
work to a :class:`Runner` as a stream of batches. The runner applies a module-level function
to each batch and yields the results as batches finish, in whatever order they finish; the
callers fold them into totals that do not depend on that order, so a run gives the same
numbers on any backend with any number of workers.

Two things make long runs safe:
- work is submitted lazily, a few batches per worker ahead of what has finished, so a run of
  millions of games never holds millions of pending tasks;
- on Ctrl-C (KeyboardInterrupt in the main process) the workers are stopped at once
  (processes terminated, Ray tasks cancelled) and the interrupt is raised again, so the
  caller keeps what had finished and the command exits with code 130. Pool workers ignore
  SIGINT themselves: a Ctrl-C in a terminal reaches every process of the group, and only the
  main process should decide what happens.

Ray is optional (``pip install -e '.[cluster]'``): it is imported only when asked for.
"""

from __future__ import annotations

import multiprocessing
import os
import queue
import signal
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from itertools import islice
from typing import Any, TypeVar

from courtly.core.errors import CourtlyError, Words
from courtly.core.i18n import either

T = TypeVar("T")
R = TypeVar("R")

BACKENDS = ("local", "ray")
# The run seed of every command that plays many games when none is given: one default for
# all (report, tournament, ladder take it from here; simulate, selftest and review's searches
# in cli/main.py say 0 too, and tests/cli/test_tournament_and_ladder_figures.py holds them to
# it). ``bench`` alone has fixed seeds of its own: it times the same work on every run.
DEFAULT_SEED = 0
RAY_INSTALL_HINT = "the ray backend needs Ray: pip install -e '.[cluster]'"

# Batches kept in flight per worker: enough that no worker waits for the next one.
_AHEAD = 3
# How often the waiting main process wakes up (it stays interruptible while it waits).
_POLL_SECONDS = 0.2


def usable_cpus() -> int:
    """The CPUs this process may run on (its affinity mask where the system has one)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


class RayMissingError(CourtlyError):
    """``--backend ray`` without Ray installed."""


@dataclass(frozen=True)
class Runner:
    """How a run's batches are played: ``backend``, ``workers`` at a time, and for Ray the
    ``address`` of a cluster to join (``auto``, ``ray://host:10001``...; None starts Ray here,
    or joins the cluster named by the RAY_ADDRESS environment variable)."""

    backend: str = "local"
    workers: int = 1
    address: str | None = None

    def check(self) -> None:
        """Refuse settings that cannot run, with one readable line."""
        if self.backend not in BACKENDS:
            raise CourtlyError.keyed(
                "error.run.backend", backend=self.backend, choices=Words.of(either(BACKENDS))
            )
        if self.address is not None and self.backend != "ray":
            raise CourtlyError.keyed("error.run.address")
        if self.workers < 1:
            raise CourtlyError.keyed("error.run.workers", workers=self.workers)
        joins_cluster = self.backend == "ray" and (
            self.address is not None or os.environ.get("RAY_ADDRESS")
        )
        cpus = usable_cpus()
        if not joins_cluster and self.workers > cpus:
            raise CourtlyError.keyed("error.run.cpus", workers=self.workers, cpus=cpus)
        if self.backend == "ray":
            if not joins_cluster:
                keep_ray_on_loopback()
                ask_ray_for_tokens()
            _import_ray()

    @property
    def parallel(self) -> bool:
        """Whether batches leave this process (otherwise they run here, one after another)."""
        return self.backend == "ray" or self.workers > 1

    def map(self, func: Callable[[list[T]], R], items: Iterable[T], batch_size: int) -> Iterator[R]:
        """``func(batch)`` for consecutive batches of ``items``, yielded as they finish.
        ``func`` must be a module-level function (it is sent to other processes by name)."""
        batches = _batched(items, max(1, batch_size))
        if self.backend == "ray":
            yield from _ray_map(func, batches, self.workers, self.address)
        elif self.workers > 1:
            yield from _pool_map(func, batches, self.workers)
        else:
            for batch in batches:
                yield func(batch)


def _batched(items: Iterable[T], size: int) -> Iterator[list[T]]:
    iterator = iter(items)
    while batch := list(islice(iterator, size)):
        yield batch


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class _Failed:
    """A batch that raised in a worker: the exception travels back to be raised here."""

    def __init__(self, error: BaseException) -> None:
        self.error = error


def _pool_map(
    func: Callable[[list[T]], R], batches: Iterator[list[T]], workers: int
) -> Iterator[R]:
    finished: queue.SimpleQueue[Any] = queue.SimpleQueue()
    pool = multiprocessing.Pool(workers, initializer=_ignore_sigint)
    pending = 0
    try:
        for batch in islice(batches, workers * _AHEAD):
            _submit(pool, func, batch, finished)
            pending += 1
        while pending:
            try:
                result = finished.get(timeout=_POLL_SECONDS)
            except queue.Empty:
                continue
            pending -= 1
            if isinstance(result, _Failed):
                raise result.error
            for batch in islice(batches, 1):
                _submit(pool, func, batch, finished)
                pending += 1
            yield result
        pool.close()
        pool.join()
    finally:
        # Reached early on an interrupt, an error, or a caller that stopped reading: the
        # workers are stopped without finishing what they hold.
        pool.terminate()
        pool.join()


def _submit(
    pool: Any, func: Callable[[list[T]], R], batch: list[T], finished: queue.SimpleQueue[Any]
) -> None:
    def fail(error: BaseException) -> None:
        finished.put(_Failed(error))

    pool.apply_async(func, (batch,), callback=finished.put, error_callback=fail)


def keep_ray_on_loopback() -> None:
    """Make a Ray started on this machine listen on 127.0.0.1 only. Ray otherwise binds its
    services to the machine's network address, as a cluster's head node must; this switch
    (named for the platforms where loopback is Ray's default) is read when ray is imported,
    and Ray's worker processes inherit it."""
    os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")


def ask_ray_for_tokens() -> None:
    """Ask a Ray started on this machine for token authentication by name. Ray turns it on
    by itself anyway, but then warns that it did, a line that broke into the progress bar;
    asked for, it starts the same way in silence. Read when ray is imported (set later, the
    Ray started would refuse its own driver), so set only before; a user's own
    RAY_AUTH_MODE is kept."""
    if "ray" not in sys.modules:
        os.environ.setdefault("RAY_AUTH_MODE", "token")


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise RayMissingError(RAY_INSTALL_HINT) from None
    return ray


def _run_batch(func: Callable[[list[T]], R], batch: list[T]) -> R:
    return func(batch)


def _ray_map(
    func: Callable[[list[T]], R], batches: Iterator[list[T]], workers: int, address: str | None
) -> Iterator[R]:
    ray = _import_ray()
    # A Ray session outlives one run (a ladder is several runs; tests share one session); Ray
    # ends it when the process exits.
    if not ray.is_initialized():
        address = address or os.environ.get("RAY_ADDRESS")
        if address is None:
            # Ray lowers its workers' priority (nice 15) by default: on a machine doing other
            # work they would then get a fraction of the CPU the local backend's processes get.
            os.environ.setdefault("RAY_worker_niceness", "0")
            try:
                ray.init(
                    num_cpus=workers,
                    include_dashboard=False,
                    log_to_driver=False,
                    configure_logging=False,
                )
            except Exception as exc:  # Ray's start-up errors have no common type
                first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
                raise CourtlyError.keyed("error.ray.start", reason=first) from None
        else:
            try:
                ray.init(address=address, log_to_driver=False, configure_logging=False)
            except (ConnectionError, RuntimeError, ValueError) as exc:
                first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
                raise CourtlyError.keyed("error.ray.join", address=address, reason=first) from None
    # Games are deterministic, so a task lost with its node is simply run again elsewhere
    # (Ray retries system failures only, never an error raised by the games themselves).
    remote = ray.remote(num_cpus=1, max_retries=3)(_run_batch)
    func_ref = ray.put(func)
    pending = [remote.remote(func_ref, batch) for batch in islice(batches, workers * _AHEAD)]
    try:
        while pending:
            done, pending = ray.wait(pending, num_returns=1, timeout=_POLL_SECONDS)
            for ref in done:
                pending.extend(remote.remote(func_ref, batch) for batch in islice(batches, 1))
                yield ray.get(ref)
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
