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
    """The marks' badges do not cover one another, each is near its piece and, if its piece is in
    sight, inside the view, and none covers more than a corner of a word of the board
    (ui/board/badge_room.py) where the board leaves it room."""
    from PySide6.QtCore import QRectF

    from ui.board.text_boxes import boxes_in_view

    rects = [badge_on_screen(view, m) for m in marks]
    for i, a in enumerate(rects):
        for b in rects[i + 1:]:
            assert not a.intersects(b), "two marks' badges overlap"
    port = QRectF(view.viewport().rect())
    words = [(rect, text) for rect, text, _piece in boxes_in_view(view)]
    for m, r in zip(marks, rects, strict=True):
        piece = view.mapFromScene(m.parentItem().sceneBoundingRect()).boundingRect()
        assert r.intersects(piece.adjusted(-r.width() - 8, -r.height() - 8, r.width() + 8, r.height() + 8)), \
            "a badge far from its piece"
        if port.contains(piece):
            assert port.contains(r), "a badge out of the view"
        covered = [(text, round(_share(r, rect), 2)) for rect, text in words if _share(r, rect) > 0.2]
        assert not covered, f"the badge {m.badge.shown_text()!r} covers {covered}"


def _share(badge, word) -> float:
    inter = badge.intersected(word)
    return 0.0 if inter.isEmpty() else inter.width() * inter.height() / max(1.0, word.width() * word.height())
