"""A paint error never kills the app.

With PySide6 6.11 an exception raised inside an item's `paint()` while `QGraphicsScene.render`
draws it (the board picture of `tycoons render`, the new-game preview, the review's picture) ends
the process with SIGSEGV, and on screen it leaves the painter in an undefined state. Every item of
ours that paints wraps its `paint` in `guarded_paint`: an exception is logged (once per class,
with its traceback) and the item is drawn as a hatched placeholder instead, so one broken piece
costs one odd-looking piece, never the game. `tests/ui/test_paint_guard.py` checks that every
item class under `ui/` that paints is guarded.
"""

from __future__ import annotations

import functools
import logging

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QPen

from ui.board import text_boxes

log = logging.getLogger("tycoons.paint")
_reported: set[str] = set()

PLACEHOLDER_FILL = "#d8cfbf"
PLACEHOLDER_INK = "#7a6f60"


def guarded_paint(paint):
    """Wrap an item's `paint(painter, option, widget)` so that an exception inside it is logged
    and a placeholder drawn instead of letting it reach Qt."""

    @functools.wraps(paint)
    def paint_guarded(self, p, option, widget=None):
        p.save()
        text_boxes.begin(self, p)  # where it draws its words (what marks leave uncovered)
        try:
            paint(self, p, option, widget)
        except Exception:  # noqa: BLE001 - any error here would take the whole app down
            name = f"{type(self).__module__}.{type(self).__qualname__}"
            if name not in _reported:  # a broken piece repaints often: one log entry a class
                _reported.add(name)
                log.exception("painting %s failed; drawn as a placeholder", name)
            p.restore()
            p.save()
            try:
                draw_placeholder(p, self.boundingRect())
            except Exception:  # noqa: BLE001 - not even the placeholder: draw nothing
                pass
        finally:
            text_boxes.end(self)
            p.restore()

    paint_guarded.paint_guarded = True
    return paint_guarded


def draw_placeholder(p, rect) -> None:
    """A pale hatched box with a thin outline where a piece could not be drawn."""
    p.setPen(QPen(QColor(PLACEHOLDER_INK), 1.0))
    p.setBrush(QColor(PLACEHOLDER_FILL))
    p.drawRect(rect)
    hatch = QBrush(QColor(PLACEHOLDER_INK), Qt.BrushStyle.BDiagPattern)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(hatch)
    p.drawRect(rect)


def is_guarded(cls) -> bool:
    """True if `cls.paint` (wherever it is defined along the MRO) is wrapped by guarded_paint."""
    # any class is asked (the test walks every item class): one without paint, or with a plain one
    return getattr(getattr(cls, "paint", None), "paint_guarded", False)
