"""AI decisions off the UI thread (DESIGN §6).

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
import pkgutil
from collections.abc import Callable

from PySide6.QtCore import QObject, Signal

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
                self._pool = concurrent.futures.ProcessPoolExecutor(max_workers=1, mp_context=ctx)
                # Warm the worker: import the Qt-free worker module (and the games) now, not on
                # the first AI turn. resolve_name returns a plain string, so the reply pickles.
                self._pool.submit(pkgutil.resolve_name, "ai.core.worker:__name__")
                for gid in warm_games:
                    self._pool.submit(pkgutil.resolve_name, _game_module(gid) + ":__name__")
                self.started_mode = "process"
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
        args = (game_id, state_data, seat, level, seed, think_ms)
        if self.mode == "inline":
            try:
                result = Action.from_dict(_choose_inline(*args))
            except Exception as exc:  # noqa: BLE001 - handed to the controller to report
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
        if loop is not None:
            asyncio.ensure_future(self._await(loop, args, callback))
        else:  # no qasync loop (e.g. embedded in a test's plain Qt loop): a thread-safe signal
            future = self._pool.submit(_worker_entry(), *args)
            future.add_done_callback(lambda f: self._delivered.emit(callback, _result_of(f)))

    async def _await(self, loop, args, callback) -> None:
        try:
            data = await loop.run_in_executor(self._pool, _worker_entry(), *args)
            result = Action.from_dict(data)
        except Exception as exc:  # noqa: BLE001 - a crashed worker must not kill the UI
            result = exc
        callback(result)

    def _deliver(self, callback, result) -> None:
        callback(result)


def _worker_entry():
    """The picklable worker function (imported here, not at module load, to keep start-up lean)."""
    from ai.core.worker import choose_action

    return choose_action


def _result_of(future) -> Action | Exception:
    try:
        return Action.from_dict(future.result())
    except Exception as exc:  # noqa: BLE001
        return exc


def _game_module(game_id: str) -> str:
    from engine.core.registry import GAME_MODULES

    return GAME_MODULES.get(game_id, "engine")
