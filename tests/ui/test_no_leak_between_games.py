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


def _wrappers(kind):
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
    gc.collect()
    return [o for o in gc.get_objects() if isinstance(o, kind)]


def test_nothing_of_a_finished_board_outlives_it_with_animations_on(shell, qtbot):
    """Pieces slide, walk and turn over while the AIs play; the pieces a board drops during a
    game and the boards of games left are freed (an animation's slot that held its piece
    kept every piece that had ever moved, and through it the whole scene: the soak's growth)."""
    from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene
    from shiboken6 import isValid

    before = _wrappers(QGraphicsItem) + _wrappers(QGraphicsScene)  # other tests' leftovers
    known = {id(o) for o in before}
    for game_id, players in [("first-ceo", 3), ("robber-barons", 3), ("victory-through-industry", 2)]:
        seats = [SeatInfo("Human", "human")] + [SeatInfo(f"AI{i}", "ai", "easy") for i in range(1, players)]
        window = shell.start_game(game_id, seats, {}, 7)
        window.view.scene().set_animation_speed(4.0)
        c = window.controller
        for k in range(2000):  # the human's targets glow; the AIs answer in between
            if c.session.is_over() or len(c.session.log) >= 250:
                break
            if c.human_to_move():
                c.take(c.legal[k % len(c.legal)])
            qtbot.wait(2)
    del c  # the test's own reference would keep the last controller, and its scene
    window = shell.start_game("first-ceo", [SeatInfo(f"AI{i}", "ai", "easy") for i in range(3)], {}, 8)
    board = window.view.scene()
    qtbot.wait(300)  # timers the left games had pending (an AI's answer, an autosave) run out
    scenes = [s for s in _wrappers(QGraphicsScene) if id(s) not in known]
    assert scenes == [board]
    on_board = {id(i) for i in board.items()}
    stray = [o for o in _wrappers(QGraphicsItem) if id(o) not in known and id(o) not in on_board]
    assert [(type(o).__name__, isValid(o)) for o in stray] == []
