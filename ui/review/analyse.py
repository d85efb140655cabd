"""Running the analysis of a reviewed game in the background (the review window's "Analyse").

The decisions go to a spawn-context process pool with one worker per core (at most two: the
machine is the player's), each worker below the app's priority (ai/core/priority.py), so the
board and the window stay smooth. The window's thread only plans the next few decisions (a
state and its determinization from the decider's view: a millisecond or two each) and collects
answers, both on a 50 ms timer, so nothing on the UI thread takes long. Cancel stops at once:
waiting decisions are dropped, the one or two in a worker finish there within their budget.

In the "inline" AI mode (tests) the decisions run a few per timer tick in this process, so the
progress, the result and the cancel can be checked without worker processes.
"""

from __future__ import annotations

import os

from PySide6.QtCore import QObject, QTimer, Signal

from ai.analysis import (
    ANALYSIS_BUDGET,
    Analysed,
    Analysis,
    analyse_task,
    analysed_from_dict,
    decisions_of,
    default_seats,
    iter_tasks,
    task_args,
)

TICK_MS = 50
PLAN_SLICE_S = 0.008
"""The most one tick spends planning decisions on the UI thread (half a frame)."""


def workers() -> int:
    return max(1, min(2, os.cpu_count() or 1))


class AnalysisJob(QObject):
    """Analyses one review's decisions; `progress(done, total)`, then `finished(Analysis)` or
    `failed(reason)`; `cancel()` stops it (nothing more is emitted after that)."""

    progress = Signal(int, int)
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
        self.results: list[Analysed] = []
        self._tasks = iter_tasks(review, self.seats)
        self._planned_all = False
        self._futures: list = []
        self._pool = None
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
        for f in self._futures:
            f.cancel()
        self._futures = []
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
        if self._planned_all and not self._futures:
            self.running = False
            self._timer.stop()
            self._shutdown()
            analysis = Analysis(self.game_id, self.state_hash, len(self.review.actions), self.budget.ms,
                                self.seats, sorted(self.results, key=lambda d: d.index))
            self.finished.emit(analysis)

    def _tick_inline(self) -> None:
        import time

        until = time.perf_counter() + PLAN_SLICE_S
        while not self._planned_all and time.perf_counter() < until:
            task = self._next_task()
            if task is None:
                break
            self.results.append(analysed_from_dict(analyse_task(self.game_id, *task_args(task, self.budget))))
            self.done += 1

    def _tick_pool(self) -> None:
        still = []
        for f in self._futures:
            if f.done():
                self.results.append(analysed_from_dict(f.result()))
                self.done += 1
            else:
                still.append(f)
        self._futures = still
        import time

        until = time.perf_counter() + PLAN_SLICE_S
        # keep each worker one decision ahead, planning only within the slice
        while not self._planned_all and len(self._futures) < 2 * workers() and time.perf_counter() < until:
            task = self._next_task()
            if task is None:
                break
            self._futures.append(self._pool.submit(analyse_task, self.game_id, *task_args(task, self.budget)))
