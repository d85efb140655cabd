"""ui/board/pool.py: pieces are kept by key between redraws; a redraw that does not ask for a piece
removes it, or, for keys named in `hide`, leaves it transparent and inert until asked again (its
cached painting kept); only legal pieces are found by their action."""

from __future__ import annotations

from PySide6.QtWidgets import QGraphicsScene

from engine.core.contract import Action
from ui.board.pieces import ButtonItem
from ui.board.pool import ItemPool


def test_pool_keeps_hides_and_removes(qapp):
    scene = QGraphicsScene()
    pool = ItemPool(scene)
    act, other = Action("go", 0, ()), Action("stop", 0, ())
    pool.begin()
    button = pool.item(("btn", 1), lambda: ButtonItem(80, 30))
    plain = pool.item(("plain", 1), lambda: ButtonItem(80, 30))
    pool.target(button, act, {act})
    pool.target(plain, other, {act})
    assert pool.by_action == {act: button} and plain.action == other and not plain.legal
    pool.prune(hide=("btn",))
    assert button.scene() is scene and plain.scene() is scene
    pool.begin()  # a redraw that asks for neither
    pool.prune(hide=("btn",))
    assert plain.scene() is None and ("plain", 1) not in pool.items
    assert button.scene() is scene and button.opacity() == 0 and button.action is None and not button.legal
    assert not button.acceptHoverEvents()
    pool.begin()
    assert pool.item(("btn", 1), lambda: ButtonItem(80, 30)) is button
    assert button.opacity() == 1 and button.acceptHoverEvents()
