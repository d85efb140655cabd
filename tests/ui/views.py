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
