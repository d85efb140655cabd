"""The AI runner: a real spawn-context process pool (off the UI thread), the qasync path, and
dropping answers for a position that changed meanwhile."""

from __future__ import annotations

import asyncio

from engine.core.contract import Action, SeatInfo
from engine.core.rng import Rng
from engine.core.session import Session
from ui.services.ai_runner import AiRunner


def _request_args(session: Session):
    seat = session.to_move()
    data = session.state.determinize(seat, Rng(5)).to_data()
    return session.spec.id, data, seat, "easy", 123, None


def _session() -> Session:
    return Session.new("first-ceo", [SeatInfo("Ann", "ai", "easy"), SeatInfo("Bob", "ai", "easy"),
                                     SeatInfo("Cyd", "ai", "easy")], {}, 3)


def test_process_pool_returns_a_legal_action(qtbot):
    session = _session()
    runner = AiRunner("process")
    try:
        runner.start(("first-ceo",))
        assert runner.started_mode == "process"
        results = []
        runner.request(*_request_args(session), callback=results.append)
        qtbot.waitUntil(lambda: bool(results), timeout=30_000)
        assert isinstance(results[0], Action), results[0]
        assert results[0] in session.legal_actions()
        # the same request in-process gives the same decision (the worker is deterministic)
        inline = []
        AiRunner("inline").request(*_request_args(session), callback=inline.append)
        assert inline == results
    finally:
        runner.shutdown()


def test_qasync_loop_awaits_the_thread_fallback(qapp):
    import qasync

    session = _session()
    runner = AiRunner("thread")
    loop = qasync.QEventLoop(qapp, already_running=False)
    try:
        runner.start()
        assert runner.started_mode == "thread"
        done = loop.create_future()

        async def ask():
            runner.request(*_request_args(session), callback=lambda r: done.set_result(r))
            return await asyncio.wait_for(done, 20)

        result = loop.run_until_complete(ask())
        assert result in session.legal_actions()
    finally:
        runner.shutdown()
        loop.close()
        asyncio.set_event_loop(None)


def test_stale_ai_answer_is_dropped(shell, qtbot, settings):
    """An AI answer for a position that was undone/replaced never reaches the session."""
    window = shell.start_game("first-ceo", [SeatInfo("You"), SeatInfo("Ann", "ai", "easy"),
                                            SeatInfo("Bob", "ai", "easy")], {}, 7)
    c = window.controller
    delivered = []
    # hold the answer back, as a slow worker would
    c.runner.request = lambda *args: delivered.append(args[-1])
    qtbot.waitUntil(lambda: c.human_to_move() or bool(delivered), timeout=5000)
    while c.human_to_move():
        c.take(c.legal[-1])
        qtbot.waitUntil(lambda: c.human_to_move() or bool(delivered), timeout=5000)
    assert delivered and c.ai_seat is not None
    seat = c.ai_seat
    before = (c.state_hash(), len(c.session.log))
    c.generation += 1  # as an undo or load would
    delivered[0](c.session.legal_actions()[0])
    assert (c.state_hash(), len(c.session.log)) == before
    assert c.session.to_move() == seat  # still the AI's turn: it is asked again
    qtbot.waitUntil(lambda: len(delivered) == 2, timeout=3000)


def test_a_killed_worker_is_replaced(qtbot):
    import os
    import signal

    session = _session()
    runner = AiRunner("process")
    try:
        runner.start()
        first = []
        runner.request(*_request_args(session), callback=first.append)
        qtbot.waitUntil(lambda: bool(first), timeout=30_000)
        for pid in list(runner._pool._processes):
            os.kill(pid, signal.SIGKILL)
        qtbot.wait(300)  # let the pool notice, so the next submit itself meets a broken pool
        again = []
        runner.request(*_request_args(session), callback=again.append)
        qtbot.waitUntil(lambda: bool(again), timeout=30_000)
        assert again == first  # answered by a fresh worker, not an error
    finally:
        runner.shutdown()


def test_the_worker_runs_below_the_apps_priority(qtbot):
    import os
    import sys

    import pytest

    if sys.platform == "win32":
        pytest.skip("POSIX niceness")
    runner = AiRunner("process")
    try:
        runner.start()
        mine = os.nice(0)
        theirs = runner._pool.submit(os.nice, 0).result(timeout=30)
        assert theirs > mine
    finally:
        runner.shutdown()


def test_a_game_with_an_expert_seat_loads_the_model_before_its_first_turn(qtbot):
    """Warming a game where a seat plays Expert has the worker load numpy and the learned model
    ahead of Expert's first decision; a game without an Expert seat is not asked to."""
    from concurrent.futures import Future

    from ai.expert.agent import preload
    from ui.services.ai_runner import AiRunner

    class Recorder:
        def __init__(self):
            self.calls = []

        def submit(self, fn, *args):
            self.calls.append((fn, args))
            done = Future()
            done.set_result(None)
            return done

    runner = AiRunner("process")
    runner.started_mode = "process"
    runner._pool = Recorder()
    runner.warm("first-ceo", ["normal", "normal"])
    assert all(fn is not preload for fn, _ in runner._pool.calls)
    runner.warm("first-ceo", ["normal", "expert"])
    assert (preload, ("first-ceo",)) in runner._pool.calls
    runner._pool = None
    assert preload("first-ceo") is None  # loads the shipped model (and says nothing if it cannot)
