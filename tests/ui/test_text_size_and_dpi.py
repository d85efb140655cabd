"""Text size and high DPI.

View → Text size (90–150 %) sets the board's least text size on the screen (the legibility rule,
and with it the scale the layout asks for) and the size of the window's own text; it is
remembered. At device pixel ratios 1.25, 1.5 and 2 every board's cached pictures are made at the
device's resolution: a grab of the view is as sharp with the pieces' caches as painted directly
(each ratio in a process of its own: Qt fixes the ratio when it starts)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QApplication

from tests.ui.board_measure import measure, played_window
from tests.ui.test_board_text_size import point_size, transform_scale
from ui.board import legible

ROOT = Path(__file__).resolve().parents[2]


def smallest_text_px(view, monkeypatch) -> float:
    """The smallest text the board draws now, in pixels on the screen."""
    drawn: list[float] = []
    draw_text = QPainter.drawText

    def measuring(painter, *args):
        if any(isinstance(a, str) and a.strip() for a in args):
            drawn.append(point_size(painter.font(), transform_scale(painter.worldTransform())) * 96 / 72)
        return draw_text(painter, *args)

    for item in view.scene().items():
        item.update()
    monkeypatch.setattr(QPainter, "drawText", measuring)
    view.viewport().grab()
    monkeypatch.setattr(QPainter, "drawText", draw_text)
    assert len(drawn) > 20
    return min(drawn)


def test_the_text_size_menu_sets_the_boards_least_text_and_the_widgets(shell, qtbot, settings, monkeypatch):
    window = played_window(shell, "victory-through-industry", (1280, 720), decisions=4)
    base = QApplication.font().pointSizeF()
    assert legible.min_screen_px() == pytest.approx(12)
    assert smallest_text_px(window.view, monkeypatch) >= 12 - 0.1
    try:
        window.text_size_actions[150].trigger()  # View → Text size → 150 %
        assert settings.get("text_size") == 150
        assert legible.min_screen_px() == pytest.approx(18)
        assert QApplication.font().pointSizeF() == pytest.approx(base * 1.5, abs=0.1)
        assert window.prompt.label.font().pointSizeF() > base * 1.5
        # the board is drawn again: no text on it under 18 pixels, and it still says something
        qtbot.wait(10)
        assert smallest_text_px(window.view, monkeypatch) >= 18 - 0.1
        # larger words need more room: zoomed in far enough, every one of them is drawn
        view = window.view
        view.setFocus()
        while view.transform().m11() < 1.5:
            view.zoom(1.2)
        assert measure(view).undrawn == 0
        # a new window starts at the size chosen
        window.close()
        again = played_window(shell, "first-ceo", (1024, 700), decisions=0)
        assert again.text_size_actions[150].isChecked() and legible.min_screen_px() == pytest.approx(18)
        again.text_size_actions[90].trigger()
        assert legible.min_screen_px() == pytest.approx(10.8)
        assert QApplication.font().pointSizeF() == pytest.approx(base * 0.9, abs=0.1)
    finally:
        from ui.services import text_size

        text_size.apply(100)
    assert legible.min_screen_px() == pytest.approx(12) and QApplication.font().pointSizeF() == pytest.approx(base)


SHARPNESS_CHILD = r'''
import os, sys
sys.path.insert(0, os.getcwd())
from PySide6.QtWidgets import QApplication, QGraphicsItem
app = QApplication([])
from PySide6.QtTest import QTest
from engine.core.contract import SeatInfo
from engine.core.session import Session
from ui.board.items import LOOKS, pulse_for
from ui.games import game_ui, playable_specs
from ui.board.view import BoardView


def shot(game_id, s, cached):
    scene = game_ui(game_id).make_scene()
    scene.set_animation_speed(0)
    pulse_for(scene).frozen = 0.8
    view = BoardView()
    view.resize(800, 480)
    view.setScene(scene)
    view.show()
    QTest.qWaitForWindowExposed(view)
    scene.show(s.state.view(0), s.legal_actions(), s.names, 0)
    view.fit()
    app.processEvents()
    if not cached:
        for item in scene.items():
            item.setCacheMode(QGraphicsItem.CacheMode.NoCache)
    app.processEvents()
    img = view.viewport().grab().toImage()
    view.close()
    return img


def sharpness(img):
    total = 0
    for y in range(1, img.height(), 3):
        prev = img.pixelColor(0, y).lightness()
        for x in range(1, img.width()):
            c = img.pixelColor(x, y).lightness()
            total += abs(c - prev)
            prev = c
    return total


for spec in playable_specs():
    s = Session.new(spec.id, [SeatInfo(n) for n in ("Ann", "Ben", "Cid")], seed=3)
    cached, painted = shot(spec.id, s, True), shot(spec.id, s, False)
    looks = [look for look, _ in LOOKS._looks.values()]
    print("RATIO", spec.id, cached.devicePixelRatio(), cached.width(), painted.width(),
          min((look.devicePixelRatio() for look in looks), default=0), sharpness(cached) / sharpness(painted),
          flush=True)
'''


@pytest.mark.parametrize("ratio", [1.25, 1.5, 2.0])
def test_every_board_is_as_sharp_cached_as_painted_at_high_device_pixel_ratios(ratio):
    from ui.games import playable_specs

    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", QT_SCALE_FACTOR=str(ratio), PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", SHARPNESS_CHILD], capture_output=True, text=True, env=env,
                         cwd=ROOT, timeout=300)
    lines = [x.split()[1:] for x in out.stdout.splitlines() if x.startswith("RATIO")]
    assert [game for game, *_ in lines] == [spec.id for spec in playable_specs()], out.stdout + out.stderr
    for game, *values in lines:
        dpr, cached_w, painted_w, look_dpr, sharp = (float(v) for v in values)
        assert dpr == pytest.approx(ratio), game
        assert cached_w == painted_w == round(800 * ratio), game  # the grab holds the device's pixels
        assert look_dpr == pytest.approx(ratio), game  # the pieces' kept pictures are made at that resolution
        assert sharp >= 0.97, f"{game}: cached pictures are blurred at {ratio}: sharpness {sharp:.3f} of the painted"
        # and the board painted directly is the same board (a piece painted straight into the view
        # once drew into a look of the view's logical size, a quarter of it at 2: a blank to compare with)
        assert sharp <= 1.03, f"{game}: the board painted without caches at {ratio} lacks pieces ({sharp:.3f})"
