"""ui/board/pool.py: pieces are kept by key between redraws; a piece a redraw does not ask for is
parked (hidden, inert, kept) and the same item comes back when its key is asked for again; `keep`
heads are never parked; only legal pieces are found by their action."""

from __future__ import annotations

from PySide6.QtWidgets import QGraphicsScene

from engine.core.contract import Action
from ui.board.pieces import ButtonItem
from ui.board.pool import ItemPool


def test_pool_parks_and_shows_again(qapp):
    scene = QGraphicsScene()
    pool = ItemPool(scene, keep=("fixed",))
    act, other = Action("go", 0, ()), Action("stop", 0, ())
    pool.begin()
    button = pool.item(("btn", 1), lambda: ButtonItem(80, 30))
    plain = pool.item(("plain", 1), lambda: ButtonItem(80, 30))
    fixed = pool.item(("fixed", 1), lambda: ButtonItem(80, 30))
    pool.target(button, act, {act})
    pool.target(plain, other, {act})
    assert pool.by_action == {act: button} and plain.action == other and not plain.legal
    pool.prune()
    assert all(p.isVisible() for p in (button, plain, fixed)) and pool.created == 3
    pool.begin()  # a redraw that asks for none of them
    pool.prune()
    assert ("btn", 1) not in pool and ("fixed", 1) in pool and fixed.isVisible()
    assert button.scene() is scene and not button.isVisible() and button.action is None and not button.legal
    assert pool.parked == 2
    pool.begin()
    assert pool.item(("btn", 1), lambda: ButtonItem(80, 30)) is button and button.isVisible()
    assert pool.created == 3 and pool.parked == 1
    pool.clear()
    assert button.scene() is None and plain.scene() is None and not len(pool)
