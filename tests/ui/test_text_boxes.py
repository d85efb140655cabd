"""Where a piece's words are inked (ui/board/text_boxes.py), as the marks' placement and the cover
measure read them: a text wrapped into lines is one box a line, each as long as its line, so a
mark beside a short last line hides nothing and a mark over its first letters is seen. (One box
for the lines together hid a City of the Big Shoulders change mark laid over "off" of a building's
"Asset $10 off": a fifth of the three lines' box was not covered, the word was.)"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QFontMetricsF

from ui.board import style
from ui.board.text_boxes import _inked_lines


def test_a_wrapped_text_is_a_box_a_line(qapp):
    font = style.sans(10)
    fm = QFontMetricsF(font)
    width = fm.horizontalAdvance("Asset $10") + 4
    box = (0.0, 0.0, width, 200.0)
    flags = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap)
    lines = _inked_lines("Asset $10 off", font, box, flags)
    assert len(lines) == 2
    first, last = lines
    assert last.top() > first.bottom() - 1 and last.width() < first.width() / 2
    assert abs(last.width() - fm.horizontalAdvance("off")) < 2
    assert first.left() == last.left() == 0.0
    # centred lines stand in the middle of the box; an explicit line break breaks there
    centred = _inked_lines("Asset $10 off", font, box, flags & ~int(Qt.AlignmentFlag.AlignLeft)
                           | int(Qt.AlignmentFlag.AlignHCenter))
    assert abs(centred[1].center().x() - width / 2) < 1
    assert len(_inked_lines("2 Lumber\n1 Stone 1 R", font, (0.0, 0.0, 500.0, 200.0), flags)) == 2
    # one line that fits is its letters' ink, as before
    (one,) = _inked_lines("off", font, box, flags)
    assert one.width() <= fm.horizontalAdvance("off") + 1 and one.height() < fm.height()
    assert QRectF(*box).contains(one)
