"""A board view shown on screen for a test (offscreen under pytest-qt)."""

from __future__ import annotations


def shown_board_view(qtbot, scene, width: int, height: int):
    """A `BoardView` of `scene`, resized and shown, once its window is exposed."""
    from ui.main_window import BoardView

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
