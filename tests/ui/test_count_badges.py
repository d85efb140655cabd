"""A count's badge on a piece ("∞" or "1" on a City of the Big Shoulders action space, a pile's
count in Robber Barons) sits where no word of the piece reaches, at every size a window fits the
board to: with the log open and closed, from 1024×700 to 2560×1440.

Measured in the real window through ui/board/text_boxes.py (a badge says what it hides with
`note_over`). Before the action spaces' badges moved from the top right corner, where a name
drawn a little wider than its box ran under them, to the bottom right beside the Partners:
'Hire Workers' touched its "∞" at 1920×1080 (1 %), 'Hire Salesperson' its "1" at 1366×768
(4 %), and 'Hire Manager' at 1600×1000.
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from tests.ui.board_measure import played_window, settle
from ui.board.text_boxes import covered_words

SIZES = [(1024, 700), (1280, 720), (1366, 768), (1600, 1000), (1728, 972), (1920, 1080), (2112, 1188),
         (2560, 1440)]


@pytest.mark.parametrize("game_id", ["big-shoulders", "robber-barons"])
def test_no_count_badge_lies_on_a_word(shell, game_id):
    window = played_window(shell, game_id, (1920, 1080), decisions=6)
    found = []
    for log in (False, True):
        for size in SIZES:
            window.log_dock.setVisible(log)
            window.resize(*size)
            settle(QApplication.instance(), 60)
            view = window.view
            for item in view.scene().items():
                item.update()
            view.viewport().grab()  # every piece painted at this size: its words and badges as drawn
            found += [f"{size} log {log}: {text!r} {share:.0%} under a badge"
                      for item in view.scene().items() if item.isVisible()
                      for text, share in covered_words(item)]
    window.controller.close()
    assert not found, "\n".join(found[:30])
