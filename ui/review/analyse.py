"""Running the analysis of a reviewed game in the background (the review window's "Analyse").

Two stages, as ai/refine.py plans them: a first pass over every decision, then duels for the
decisions that look costliest, a wave at a time, until each is resolved or the budget is spent
(`checking(n)` says how many duels have run).

The decisions go to a spawn-context process pool with one worker per core (at most two: the
machine is the player's), each worker below the app's priority (ai/core/priority.py) and started
from a thread of its own, so the board and the window stay smooth. The window's thread only
plans the next few decisions (a state and its determinization from the decider's view: about
0.3 ms each) and collects answers, both on a 50 ms timer, at most 2 ms a tick. Cancel stops at once:
waiting decisions are dropped, the one or two in a worker finish there within their budget.

In the "inline" AI mode (tests) the decisions run a few per timer tick in this process, so the
progress, the result and the cancel can be checked without worker processes.
"""

from __future__ import annotations

import contextlib
import os
import pkgutil
import sys
import threading

from PySide6.QtCore import QObject, QTimer, Signal

from ai.analysis import (
    ANALYSIS_BUDGET,
    Analysis,
    analysed_of,
    decisions_of,
    default_seats,
    duel_args,
    final_outcome,
    first_budget,
    iter_tasks,
    measure_args,
)
from ai.core.priority import NICENESS
from ai.refine import Refiner, duel_task, far_behind_seats, measure_task

TICK_MS = 50
PLAN_SLICE_S = 0.002
"""The most one tick spends planning decisions on the UI thread (a decision takes about 0.3 ms)."""


def workers() -> int:
    return max(1, min(2, os.cpu_count() or 1))


def _start_workers(pool, warm: threading.Event) -> None:
    """Start the pool's workers from this short-lived thread, not the window's: starting a process
    costs the starting thread some 15 ms, a frame's worth. On Linux a thread has a priority of
    its own and a child starts at its parent thread's, so lowering this thread's first makes the
    workers start (and import) below the app, not only once their initializer has run."""
    try:
        if sys.platform.startswith("linux"):
            with contextlib.suppress(OSError):
                os.nice(NICENESS)
        for _ in range(workers()):
            pool.submit(pkgutil.resolve_name, "ai.analysis:__name__")
    except Exception:  # noqa: BLE001 - the first real submit then starts them, or reports
        pass
    finally:
        warm.set()


class AnalysisJob(QObject):
    """Analyses one review's decisions; `progress(done, total)`, then `finished(Analysis)` or
    `failed(reason)`; `cancel()` stops it (nothing more is emitted after that)."""

    progress = Signal(int, int)
    checking = Signal(int)
    """The first pass is done; this many duels have been run on the costliest decisions."""
    finished = Signal(object)
    failed = Signal(str)

    def __init__(self, review, state_hash: str, mode: str = "process", budget=ANALYSIS_BUDGET,
                 seats=None, parent: QObject | None = None):
        super().__init__(parent)
        self.review = review
        self.game_id = review.spec.id
        self.state_hash = state_hash
        self.mode = mode
        self.budget = budget
        self.seats = sorted(set(default_seats(review.seats) if seats is None else seats))
        self.total = decisions_of(review, self.seats)
        self.done = 0
        self.refiner = Refiner(budget, far_behind_seats(final_outcome(review), self.seats))
        self._first = first_budget(budget)
        self._wave: list = []
        """The duels in flight: (decision, future or result) each."""
        self._tasks = iter_tasks(review, self.seats)
        self._planned_all = False
        self._futures: list = []
        self._pool = None
        self._warm = threading.Event()
        self.running = False
        self._timer = QTimer(self)
        self._timer.setInterval(TICK_MS)
        self._timer.timeout.connect(self._tick)

    def start(self) -> None:
        if self.running:
            return
        self.running = True
        if self.mode != "inline" and self.total:
            try:
                import multiprocessing
                from concurrent.futures import ProcessPoolExecutor

                from ai.core.priority import start_worker

                self._pool = ProcessPoolExecutor(workers(), mp_context=multiprocessing.get_context("spawn"),
                                                 initializer=start_worker, initargs=(os.getpid(),))
                self._warm = threading.Event()
                threading.Thread(target=_start_workers, args=(self._pool, self._warm), name="analysis-start",
                                 daemon=True).start()
            except (OSError, ValueError, RuntimeError, NotImplementedError):
                self._pool = None  # no processes here (a sandbox): one decision per tick in this one
        self.progress.emit(0, self.total)
        self._timer.start()

    def cancel(self) -> None:
        """Stop now; what was analysed so far is dropped."""
        self.running = False
        self._timer.stop()
        self._shutdown()

    def _shutdown(self) -> None:
        pool, self._pool = self._pool, None
        for _task, f in self._futures:
            f.cancel()
        for _m, f in self._wave:
            f.cancel()
        self._futures = []
        self._wave = []
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    def _next_task(self):
        """The next decision that needs analysing, counting those without a choice as done."""
        for task in self._tasks:
            if task is not None:
                return task
            self.done += 1
        self._planned_all = True
        return None

    def _tick(self) -> None:
        if not self.running:
            return
        try:
            if self._pool is None:
                self._tick_inline()
            else:
                self._tick_pool()
        except Exception as exc:  # noqa: BLE001 - a failed analysis is reported, never a crash
            self.cancel()
            self.failed.emit(f"{type(exc).__name__}: {exc}")
            return
        if not self.running:
            return
        self.progress.emit(self.done, self.total)
        if self._planned_all and not self._futures and not self._wave and not self._next_wave():
            self.running = False
            self._timer.stop()
            self._shutdown()
            analysis = Analysis(self.game_id, self.state_hash, len(self.review.actions), self.budget.ms,
                                self.seats, self.refiner.analysed(analysed_of))
            self.finished.emit(analysis)

    def _next_wave(self) -> bool:
        """Start the next wave of duels (every result of the one before is in); False if none."""
        wave = self.refiner.wave()
        if not wave:
            return False
        if self._pool is None:  # inline: the wave is run here, a tick's work
            for m, budget, seed in wave:
                self.refiner.add(m.task.index, duel_task(*duel_args(self.game_id, m, budget, seed)))
            self.checking.emit(self.refiner.duels_run)
            return True
        self._wave = [(m, self._pool.submit(duel_task, *duel_args(self.game_id, m, budget, seed)))
                      for m, budget, seed in wave]
        return True

    def _collect_wave(self) -> None:
        """Pool the wave's duels once all are in (the next wave is planned from all of them)."""
        if not self._wave or not all(f.done() for _m, f in self._wave):
            return
        for m, f in self._wave:
            self.refiner.add(m.task.index, f.result())
        self._wave = []
        self.checking.emit(self.refiner.duels_run)

    def _tick_inline(self) -> None:
        import time

        until = time.perf_counter() + PLAN_SLICE_S
        while not self._planned_all and time.perf_counter() < until:
            task = self._next_task()
            if task is None:
                break
            self.refiner.first(task, measure_task(*measure_args(self.game_id, task, self._first)))
            self.done += 1

    def _tick_pool(self) -> None:
        if not self._warm.is_set():
            return  # the workers are being started (off this thread)
        self._collect_wave()
        still = []
        for task, f in self._futures:
            if f.done():
                self.refiner.first(task, f.result())
                self.done += 1
            else:
                still.append((task, f))
        self._futures = still
        import time

        until = time.perf_counter() + PLAN_SLICE_S
        # keep each worker one decision ahead, planning only within the slice
        while not self._planned_all and len(self._futures) < 2 * workers() and time.perf_counter() < until:
            task = self._next_task()
            if task is None:
                break
            future = self._pool.submit(measure_task, *measure_args(self.game_id, task, self._first))
            self._futures.append((task, future))
