"""Game after game, the window keeps nothing of the finished ones (found by the soak,
tests/bench/soak.py: the end-of-game dialog was only closed, so it, the finished session, its
controller and scene stayed alive as children of the window, some 8 MB a game)."""

from __future__ import annotations

import gc
import weakref

from PySide6.QtCore import QCoreApplication, QEvent

from engine.core.contract import SeatInfo


def finish_a_game(shell, qtbot, seed):
    window = shell.start_game("first-ceo", [SeatInfo(f"AI{i}", "ai", "easy") for i in range(3)], {}, seed)
    c = window.controller
    qtbot.waitUntil(lambda: c.session.is_over() and window.end_dialog is not None, timeout=60_000)
    return window, c


def test_a_new_game_frees_the_finished_one(shell, qtbot):
    window, first = finish_a_game(shell, qtbot, 1)
    gone = [weakref.ref(first.session), weakref.ref(first), weakref.ref(window.end_dialog)]
    del first
    finish_a_game(shell, qtbot, 2)
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
    gc.collect()
    assert [r() is None for r in gone] == [True, True, True]
