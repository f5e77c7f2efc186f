"""Running a tournament's games: in local worker processes, or as Ray tasks on a cluster.

Every game is seeded by its task, so both backends give the same outcomes
for the same tournament, whatever the order in which workers finish and
however the games are batched. Workers take batches of games (``batches``):
enough batches to keep every worker busy to the end, each large enough that
sending it out and back costs little beside playing it.

Local workers are not forked from the arena's process: a bot may have
started threads there (torch does, for ``learned:PATH``), and a forked copy
of a process with threads can hang for good. They are forked from a fresh
process that has only imported the arena's modules (``worker_context``).
Like any process started so, each imports the script that runs the arena,
so a script calling ``run`` with several workers keeps its own work under
``if __name__ == "__main__":``.

Workers end with their arena however it ends: each holds the reading end of
a pipe whose only writing end is the arena's, and a thread in the worker
ends the process once that pipe closes, which happens when the arena stops
early (an error, Ctrl-C) and when its process dies, even by ``SIGKILL``.
Workers ignore Ctrl-C themselves: the arena decides, and a terminal sends
Ctrl-C to them all.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from multiprocessing.connection import Connection, wait
from typing import Any

from parlour.arena.play import Outcome, play_batch
from parlour.arena.schedule import Task
from parlour.core.errors import ParlourError

BACKENDS = ("local", "ray")
OnResult = Callable[[Outcome], None]
BATCHES_PER_WORKER = 8
"""Batches per worker at least, so that the last batches end close together."""
MAX_BATCH = 200
"""Games per batch at most, so that results (and the live table) keep coming."""


def batches(tasks: Sequence[Task], workers: int) -> list[tuple[Task, ...]]:
    """``tasks`` cut into consecutive batches: about ``BATCHES_PER_WORKER`` per worker, at most ``MAX_BATCH`` each."""
    size = max(1, min(MAX_BATCH, len(tasks) // (max(workers, 1) * BATCHES_PER_WORKER)))
    return [tuple(tasks[i:i + size]) for i in range(0, len(tasks), size)]


def run(game_spec: str, bot_specs: Sequence[str], tasks: Sequence[Task], workers: int = 1,
        backend: str = "local", address: str | None = None, on_result: OnResult | None = None) -> list[Outcome]:
    """Play every task; returns the outcomes in task order."""
    specs = tuple(bot_specs)
    report = on_result or (lambda _: None)
    if backend == "local":
        outcomes = _run_local(game_spec, specs, tasks, workers, report)
    elif backend == "ray":
        outcomes = _run_ray(game_spec, specs, tasks, workers, address, report)
    else:
        raise ParlourError(f"unknown backend {backend!r}: backends are {', '.join(BACKENDS)}")
    return sorted(outcomes, key=lambda o: o.task.index)


def _run_local(game_spec: str, specs: tuple[str, ...], tasks: Sequence[Task], workers: int,
               report: OnResult) -> list[Outcome]:
    outcomes = []
    if workers <= 1:
        for batch in batches(tasks, 1):
            for outcome in play_batch(game_spec, specs, batch):
                report(outcome)
                outcomes.append(outcome)
        return outcomes
    context = worker_context()
    arena_alive, alive = context.Pipe(duplex=False)
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=start_worker,
                               initargs=(arena_alive,))
    try:
        futures = [pool.submit(play_batch, game_spec, specs, batch) for batch in batches(tasks, workers)]
        for future in as_completed(futures):
            for outcome in future.result():
                report(outcome)
                outcomes.append(outcome)
    except BaseException:
        alive.close()  # the workers still playing stop now rather than at the end of their batch
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    else:
        pool.shutdown(wait=True)
    finally:
        alive.close()
        arena_alive.close()
    return outcomes


def worker_context() -> multiprocessing.context.BaseContext:
    """How local workers start: forked from a fresh server process that has imported the arena's modules
    (``forkserver``) where the system offers it, so that the runs after the first in a process start their
    workers sooner (4,000 games of ``heuristic`` at 2-player Tonk on two workers took 1.05 s, 1.24 s with
    workers started from scratch); started from scratch (``spawn``) elsewhere."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["parlour.arena.play"])
    return context


def start_worker(arena_alive: Connection) -> None:
    """In a new local worker: ignore Ctrl-C, end the process once ``arena_alive`` closes (see the module
    docstring), and keep libraries that start threads of their own (torch, for ``learned:PATH``) to one
    thread unless ``OMP_NUM_THREADS`` says otherwise: the workers share the cores already, and on two cores
    two workers with two torch threads each played 40 games in 17 s where one thread each took 9 s."""
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=end_with_arena, args=(arena_alive,), name="end-with-arena", daemon=True).start()


def end_with_arena(arena_alive: Connection) -> None:
    """Wait for the other end of ``arena_alive`` to close (nothing is ever sent on it), then end this process
    at once, whatever game it is playing: nobody is left to take its outcomes."""
    wait([arena_alive])
    os._exit(1)


def _run_ray(game_spec: str, specs: tuple[str, ...], tasks: Sequence[Task], workers: int,
             address: str | None, report: OnResult) -> list[Outcome]:
    try:
        import ray
    except ImportError:
        raise ParlourError("--backend ray needs Ray: pip install 'parlour[cluster]'") from None
    started = not ray.is_initialized()
    if started:
        options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False,
                                   "configure_logging": False}
        if address:
            ray.init(address=address, **options)
        else:
            ray.init(num_cpus=max(workers, 1), **options)
    try:
        remote = ray.remote(play_batch)
        pending = [remote.remote(game_spec, specs, batch) for batch in batches(tasks, workers)]
        outcomes = []
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                for outcome in ray.get(ref):
                    report(outcome)
                    outcomes.append(outcome)
        return outcomes
    finally:
        if started:
            ray.shutdown()
