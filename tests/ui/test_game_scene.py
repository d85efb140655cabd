"""ui/board/scene.GameScene: what every board starts with (a dressed table, its item pool with the
board's fixed heads), and `show` keeping what it drew so that a choice of the screen redraws it."""

from PySide6.QtGui import QColor

from engine.core.contract import Action
from ui.board import style
from ui.board.scene import GameScene


class _Board(GameScene):
    pool_keep = ("fixed",)

    def __init__(self):
        super().__init__()
        self.drawn = []

    def draw(self, view, legal, names, viewer):
        self.drawn.append((view, legal, names, viewer))


def test_a_scene_starts_dressed_with_its_pool(qapp):
    scene = _Board()
    assert scene.backgroundBrush().color() == QColor(style.TABLE)
    assert scene.pool.scene is scene and scene.pool.keep == frozenset({"fixed"})
    assert scene.view is None and scene.viewer is None and scene.items_with_actions() == []
    assert GameScene().pool.keep == frozenset()


def test_show_keeps_what_it_drew_and_redraw_draws_it_again(qapp):
    scene = _Board()
    scene.redraw()  # nothing shown yet: nothing to draw
    assert scene.drawn == []
    act = Action("go", 1, ())
    scene.show({"players": 2}, [act], ["Ann", "Bob"], 1)
    assert scene.view == {"players": 2} and scene.viewer == 1
    scene.redraw()
    assert scene.drawn == [({"players": 2}, [act], ["Ann", "Bob"], 1)] * 2
