"""AI decisions off the UI thread (ARCHITECTURE §6).

The normal mode is a one-worker `ProcessPoolExecutor` with the `spawn` context, awaited through
the qasync event loop (`loop.run_in_executor`). It is started only after the first paint so that
cold start stays lean, and warmed with an import of the worker module so the first AI decision
does not pay the interpreter start. If the pool cannot start, decisions run in a `QThread`
(qasync's `QThreadExecutor`). Tests use the "inline" mode: synchronous and deterministic.

The worker only ever receives `state.determinize(seat, rng).to_data()`, never the real state.
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import os
import pkgutil
from collections.abc import Callable

from PySide6.QtCore import QObject, Signal

from ai.core.priority import start_worker
from engine.core.contract import Action


def _choose_inline(game_id, state_data, seat, level, seed, think_ms) -> dict:
    from ai.core.worker import choose_action

    return choose_action(game_id, state_data, seat, level, seed, think_ms)


class AiRunner(QObject):
    """Runs `ai.core.worker.choose_action` somewhere that does not block the UI."""

    _delivered = Signal(object, object)  # (callback, result-or-exception), queued to the GUI thread

    def __init__(self, mode: str = "process", parent: QObject | None = None):
        super().__init__(parent)
        self.mode = mode
        self._pool: concurrent.futures.Executor | None = None
        self._delivered.connect(self._deliver)
        self.started_mode: str | None = None  # the mode actually in use once started

    # -- lifetime -------------------------------------------------------------------------------
    def start(self, warm_games: tuple[str, ...] = ()) -> None:
        """Start the executor (idempotent). Call after the first paint."""
        if self._pool is not None or self.mode == "inline":
            self.started_mode = self.started_mode or self.mode
            return
        if self.mode == "process":
            try:
                ctx = multiprocessing.get_context("spawn")
                # The worker watches the app's pid and ends itself when the app is gone, even
                # after a kill -9 that leaves no chance to shut the pool down; it runs below the
                # app's priority, so the UI is served first (ai/core/priority.py).
                self._pool = concurrent.futures.ProcessPoolExecutor(
                    max_workers=1, mp_context=ctx, initializer=start_worker,
                    initargs=(os.getpid(),))
                # Warm the worker: import the Qt-free worker module (and the games) now, not on
                # the first AI turn. resolve_name returns a plain string, so the reply pickles.
                self._pool.submit(pkgutil.resolve_name, "ai.core.worker:__name__")
                self.started_mode = "process"
                for gid in warm_games:
                    self.warm(gid)
                return
            except (OSError, ValueError, RuntimeError, NotImplementedError):
                self._pool = None  # e.g. no semaphores in a sandbox: fall back to a thread
        from qasync import QThreadExecutor

        self._pool = QThreadExecutor(1)
        self.started_mode = "thread"

    def shutdown(self) -> None:
        """Stop the executor without waiting for a decision in flight."""
        pool, self._pool = self._pool, None
        if pool is None:
            return
        try:
            if isinstance(pool, concurrent.futures.ProcessPoolExecutor):
                pool.shutdown(wait=False, cancel_futures=True)
            else:
                # QThreads must finish before their objects go away (Qt aborts otherwise);
                # the wait is bounded by one decision.
                pool.shutdown(wait=True)
        except Exception:  # noqa: BLE001 - shutting down must never raise at exit
            pass

    # -- requests -------------------------------------------------------------------------------
    def request(self, game_id: str, state_data: dict, seat: int, level: str, seed: int,
                think_ms: int | None, callback: Callable[[Action | Exception], None]) -> None:
        """Ask for a decision; `callback(action)` (or `callback(exception)`) runs on the GUI
        thread later. In inline mode it runs before this returns."""
        fn = _choose_inline if self.mode == "inline" else _worker_entry()
        self.call(fn, (game_id, state_data, seat, level, seed, think_ms), callback, Action.from_dict)

    def call(self, fn: Callable, args: tuple, callback: Callable, convert: Callable | None = None) -> None:
        """Run the top-level, Qt-free `fn(*args)` where decisions run (a hint, ai/analysis.py);
        `callback(convert(result))`, or `callback(exception)`, runs on the GUI thread later (in
        inline mode, before this returns)."""
        convert = convert or (lambda data: data)
        if self.mode == "inline":
            try:
                result = convert(fn(*args))
            except Exception as exc:  # noqa: BLE001 - handed to the caller to report
                result = exc
            callback(result)
            return
        if self._pool is None:
            self.start()
        import asyncio

        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        job = (fn, args, convert)
        if loop is not None:
            asyncio.ensure_future(self._await(loop, job, callback))
        else:  # no qasync loop (e.g. embedded in a test's plain Qt loop): a thread-safe signal
            self._submit_plain(job, callback, 0)

    def _submit_plain(self, job, callback, attempt: int) -> None:
        fn, args, convert = job

        def done(future) -> None:
            result = _result_of(future, convert)
            self._delivered.emit(lambda r: self._plain_result(job, callback, attempt, r), result)

        try:
            future = self._pool.submit(fn, *args)
        except Exception as exc:  # noqa: BLE001 - e.g. BrokenProcessPool raised at submit time
            self._plain_result(job, callback, attempt, exc)
            return
        future.add_done_callback(done)

    def _plain_result(self, job, callback, attempt: int, result) -> None:
        from concurrent.futures.process import BrokenProcessPool

        if isinstance(result, BrokenProcessPool) and attempt == 0:
            self.shutdown()  # the worker died: a fresh pool, one more try
            self.start()
            self._submit_plain(job, callback, 1)
            return
        callback(result)

    async def _await(self, loop, job, callback) -> None:
        from concurrent.futures.process import BrokenProcessPool

        fn, args, convert = job
        result: object
        for attempt in range(2):
            try:
                data = await loop.run_in_executor(self._pool, fn, *args)
                result = convert(data)
                break
            except BrokenProcessPool as exc:
                # The worker died (killed, out of memory): start a fresh pool and ask once more;
                # if that dies too, decisions fall back to a thread.
                result = exc
                self.shutdown()
                if attempt == 1:
                    self.mode = "thread"
                self.start()
            except Exception as exc:  # noqa: BLE001 - a failing decision must not kill the UI
                result = exc
                break
        callback(result)

    def warm(self, game_id: str, levels: list[str] | tuple[str, ...] = ()) -> None:
        """Have the worker import `game_id`'s rules and agents now, before its first AI turn (and,
        when a seat plays Expert, numpy and the learned model)."""
        if self._pool is None or self.started_mode != "process":
            return
        from engine.core.registry import GAME_MODULES

        module = GAME_MODULES.get(game_id)
        if module is None:
            return
        package = module.rsplit(".", 1)[-1]
        for name in (module, f"ai.games.{package}.agents"):
            try:
                self._pool.submit(pkgutil.resolve_name, name + ":__name__")
            except Exception:  # noqa: BLE001 - warming is only an optimisation
                return
        if "expert" in levels:
            try:
                self._pool.submit(_preload_expert(), game_id)
            except Exception:  # noqa: BLE001 - warming is only an optimisation
                return

    def _deliver(self, callback, result) -> None:
        callback(result)


def _preload_expert():
    """The picklable worker function that loads a game's Expert model (a missing one is fine)."""
    from ai.expert.agent import preload

    return preload


def _worker_entry():
    """The picklable worker function (imported here, not at module load, to keep start-up lean)."""
    from ai.core.worker import choose_action

    return choose_action


def _result_of(future, convert) -> object:
    try:
        return convert(future.result())
    except Exception as exc:  # noqa: BLE001
        return exc
