"""A board view shown on screen for a test (offscreen under pytest-qt)."""

from __future__ import annotations


def shown_board_view(qtbot, scene, width: int, height: int):
    """A `BoardView` of `scene`, resized and shown, once its window is exposed."""
    from ui.game.window import BoardView

    view = BoardView()
    qtbot.addWidget(view)
    view.setScene(scene)
    view.resize(width, height)
    view.show()
    qtbot.waitExposed(view)
    return view


def game_window(shell, qtbot, game_id: str, seats, size: tuple[int, int], seed: int, moves: int = 0,
                rng_seed: int = 0):
    """A game window of `size`, shown, after `moves` random decisions (the AI seats answering),
    when a human is to move."""
    from engine.core.rng import Rng

    window = shell.start_game(game_id, seats, {}, seed)
    window.resize(*size)
    qtbot.waitExposed(window)
    c = window.controller
    rng = Rng(rng_seed)
    for _ in range(moves):
        qtbot.waitUntil(lambda: c.human_to_move() or c.session.is_over(), timeout=20_000)
        c.take(rng.choice(c.legal))
    qtbot.waitUntil(c.human_to_move, timeout=20_000)
    return window


def badge_on_screen(view, mark):
    """A mark's badge (ui/board/marks.py) in `view`'s viewport pixels."""
    badge = mark.badge
    corner = view.mapFromScene(badge.scenePos())
    return badge.rect.translated(corner.x(), corner.y())


def badges_apart(view, marks) -> None:
    """The marks' badges do not cover one another, and each is near its piece and, unless its
    piece is not, inside the view."""
    from PySide6.QtCore import QRectF

    rects = [badge_on_screen(view, m) for m in marks]
    for i, a in enumerate(rects):
        for b in rects[i + 1:]:
            assert not a.intersects(b), "two marks' badges overlap"
    port = QRectF(view.viewport().rect())
    for m, r in zip(marks, rects, strict=True):
        piece = view.mapFromScene(m.parentItem().sceneBoundingRect()).boundingRect()
        assert r.bottom() >= piece.top() - 3 * r.height() - 8 and r.right() >= piece.left() - 2 * r.width() - 8
        if m.badge.rect != m.badge.home:
            assert port.contains(r), "a badge was moved out of the view"
