"""Legible boards in small windows (STYLE.md: nothing on the board under 9 pt at
the default zoom). For every game with a board, at 1024×700 and at 1600×1000, a game in progress
is fitted into the window and painted; every text drawn is measured as it is drawn: the painter's
font size times the painter's scale (the view's zoom times the item's own transform), in points at
96 dpi. None may be under 9 pt. The board must still say something (texts are drawn), so a board
that shows nothing cannot pass."""

from __future__ import annotations

import math

import pytest
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsSimpleTextItem, QGraphicsTextItem

from engine.core.contract import SeatInfo
from engine.core.rng import Rng
from ui.games import playable_specs

MIN_PT = 9.0
SIZES = [(1024, 700), (1600, 1000)]


def point_size(font, scale: float) -> float:
    px = font.pixelSize() if font.pixelSize() > 0 else font.pointSizeF() * 96 / 72
    return px * scale * 72 / 96


def transform_scale(t) -> float:
    return math.sqrt(abs(t.m11() * t.m22() - t.m12() * t.m21()))


def game_in_progress(shell, qtbot, game_id: str, size: tuple[int, int]):
    seats = [SeatInfo("You"), SeatInfo("Ann", "ai", "easy"), SeatInfo("Bob", "ai", "easy")]
    window = shell.start_game(game_id, seats, {}, 3)
    window.resize(*size)
    qtbot.waitExposed(window)
    c = window.controller
    rng = Rng(5)
    for _ in range(12):  # a few rounds in: companies owned, markers placed, factories built
        qtbot.waitUntil(lambda: c.human_to_move() or c.session.is_over(), timeout=20_000)
        if c.session.is_over():
            break
        c.take(rng.choice(c.legal))
    qtbot.waitUntil(lambda: c.human_to_move() or c.session.is_over(), timeout=20_000)
    qtbot.wait(20)  # slides end, the layout settles
    return window


def texts_on_screen(window, monkeypatch) -> list[tuple[float, str]]:
    """(points on the screen, text) of every text the view paints now."""
    drawn: list[tuple[float, str]] = []
    draw_text = QPainter.drawText

    def measuring(painter, *args):
        text = next((a for a in args if isinstance(a, str)), "")
        if text.strip():
            drawn.append((point_size(painter.font(), transform_scale(painter.worldTransform())), text))
        return draw_text(painter, *args)

    view = window.view
    scene = view.scene()
    for item in scene.items():
        item.update()  # every cached piece paints again, now
    monkeypatch.setattr(QPainter, "drawText", measuring)
    view.viewport().grab()
    monkeypatch.setattr(QPainter, "drawText", draw_text)
    # text items paint in C++ (not through QPainter.drawText from Python): measure their fonts
    shown = view.mapToScene(view.viewport().rect()).boundingRect()
    for item in scene.items(shown):
        if isinstance(item, (QGraphicsSimpleTextItem, QGraphicsTextItem)) and item.isVisible() \
                and item.opacity() > 0:
            scale = transform_scale(item.deviceTransform(view.viewportTransform()))
            text = item.text() if isinstance(item, QGraphicsSimpleTextItem) else item.toPlainText()
            drawn.append((point_size(item.font(), scale), text))
    return drawn


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("game_id", [s.id for s in playable_specs()])
def test_no_text_on_the_board_under_9_pt_at_the_default_fit(shell, qtbot, monkeypatch, game_id, size):
    window = game_in_progress(shell, qtbot, game_id, size)
    view = window.view
    assert view.auto_fit, "the board is at the default fit"
    drawn = texts_on_screen(window, monkeypatch)
    assert len(drawn) >= 15, f"the board shows almost no text: {drawn}"
    small = sorted({(round(pt, 1), text) for pt, text in drawn if pt < MIN_PT - 0.05})
    zoom = view.transform().m11()
    assert not small, f"{len(small)} texts under {MIN_PT} pt at {size} (zoom {zoom:.2f}): {small[:12]}"


def test_the_measure_sees_small_text(shell, qtbot, monkeypatch):
    """The measure itself: a text drawn straight with QPainter (past the shared helper) at the
    design size is caught, while the board's own texts all pass."""
    from PySide6.QtCore import QRectF

    from ui.board import style
    from ui.board.items import BoardItem

    class Careless(BoardItem):
        def paint_body(self, p, lod):
            p.setFont(style.sans(9))
            p.drawText(QRectF(0, 0, self.w, self.h), "tiny")

    window = game_in_progress(shell, qtbot, "first-ceo", (1024, 700))
    window.view.scene().addItem(Careless(60, 20))
    drawn = texts_on_screen(window, monkeypatch)
    assert any(text == "tiny" and pt < MIN_PT for pt, text in drawn)
    assert all(pt >= MIN_PT - 0.05 for pt, text in drawn if text != "tiny")
