"""A paint error never kills the app.

With PySide6 6.11 an item whose `paint()` raises, drawn by `QGraphicsScene.render` into an image,
ends the process with SIGSEGV (the 10-line repro: such an item, rendered to a QImage). The check
runs that repro with the guard, and one of our pieces whose paint_body raises, through `ui.board.render`
and on screen, in a child process, so a crash fails the test instead of killing pytest; another
checks that every item class of ours that paints is guarded."""

from __future__ import annotations

import importlib
import os
import pkgutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CHILD = r'''
import logging, sys
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QApplication, QGraphicsItem, QGraphicsScene, QGraphicsView
app = QApplication([])
logging.basicConfig(level=logging.ERROR, stream=sys.stderr)
from ui.board.items import BoardItem
from ui.board.paint_guard import guarded_paint
from ui.board.render import render_scene_image

class BrokenPiece(BoardItem):          # one of ours: paint_body raises
    def paint_body(self, p, lod):
        raise ValueError("boom in paint_body")

class BrokenBare(QGraphicsItem):       # the 10-line repro's item, with the guard
    def boundingRect(self):
        return QRectF(0, 0, 50, 50)
    @guarded_paint
    def paint(self, p, option, widget=None):
        p.save()                      # left unbalanced by the error
        raise ValueError("boom in paint")

scene = QGraphicsScene(0, 0, 300, 100)
piece = BrokenPiece(80, 60)
piece.setPos(10, 10)
scene.addItem(piece)
bare = BrokenBare()
bare.setPos(200, 10)
scene.addItem(bare)
for _ in range(3):                     # tycoons render, the new-game preview, the review picture
    img = render_scene_image(scene, 1.0)
for x, y in ((50, 40), (225, 35)):
    colour = img.pixelColor(x, y).name()
    print("PIXEL", x, y, colour)
view = QGraphicsView(scene)            # and on screen
view.resize(320, 120)
view.show()
app.processEvents()
shot = view.grab()
print("GRAB", shot.width(), shot.height())
print("SURVIVED")
'''

def run_child(code: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)


def test_a_raising_paint_is_logged_and_drawn_as_a_placeholder():
    out = run_child(CHILD)
    assert out.returncode == 0, f"exit {out.returncode}: {out.stderr[-2000:]}"
    assert "SURVIVED" in out.stdout
    from ui.board.paint_guard import PLACEHOLDER_FILL, PLACEHOLDER_INK

    pixels = [line.split()[-1] for line in out.stdout.splitlines() if line.startswith("PIXEL")]
    assert len(pixels) == 2 and all(p in (PLACEHOLDER_FILL, PLACEHOLDER_INK) for p in pixels), pixels
    # logged once per class with its traceback, not once per repaint
    assert out.stderr.count("painting __main__.BrokenPiece failed") == 1, out.stderr[-2000:]
    assert out.stderr.count("painting __main__.BrokenBare failed") == 1
    assert "boom in paint_body" in out.stderr


def test_every_item_class_of_ours_that_paints_is_guarded():
    from PySide6.QtWidgets import QGraphicsItem

    import ui

    for info in pkgutil.walk_packages(ui.__path__, "ui."):
        if info.name.startswith(("ui.app.shell", "ui.cli")):
            continue
        importlib.import_module(info.name)
    from ui.board.paint_guard import is_guarded

    def subclasses(cls):
        for sub in cls.__subclasses__():
            yield sub
            yield from subclasses(sub)

    ours = {c for c in subclasses(QGraphicsItem) if c.__module__.startswith("ui.")}
    painting = [c for c in ours if "paint" in vars(c)]
    assert len(painting) >= 5
    unguarded = sorted(f"{c.__module__}.{c.__qualname__}" for c in painting if not is_guarded(c))
    assert not unguarded, f"paint() without guarded_paint: {unguarded}"
