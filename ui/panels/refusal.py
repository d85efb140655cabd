"""A refused click said where it was made: a short callout by the piece, as well as the status
bar. It floats over the board view's viewport (never a scene item, so the board
neither grows nor moves for it), points at the piece from above it (below, if there is no room),
reads as plain text to a screen reader, and goes by itself after a few seconds, on the next
click, or when the board changes."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, QRect, Qt, QTimer
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QLabel, QWidget

INK = "#3b3127"
PAPER = "#f4ecd8"
BRICK = "#b23a2e"


class RefusalCallout(QWidget):
    """The callout of one refusal at a time."""

    WIDTH = 300
    ARROW = 9
    PAD = 8

    def __init__(self, view):
        super().__init__(view.viewport())
        self.view = view
        self.setObjectName("Refusal")
        self.setAccessibleName("Refused")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)  # never in a click's way
        self.label = QLabel(self)
        self.label.setWordWrap(True)
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        self.label.setStyleSheet(f"color: {INK}; background: transparent;")
        self.below = False
        self._tip_x = 12
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.hide)
        self.hide()

    def say(self, text: str, anchor: QRect) -> None:
        """Show `text` by `anchor` (the piece's rect in viewport pixels)."""
        self.label.setText(text)
        self.setAccessibleDescription(text)
        port = self.view.viewport().rect()
        natural = self.label.fontMetrics().horizontalAdvance(text) + 2 * self.PAD + 4
        width = min(self.WIDTH, max(120, port.width() - 20), max(120, natural))
        self.label.setFixedWidth(width - 2 * self.PAD)
        text_h = self.label.heightForWidth(width - 2 * self.PAD)
        h = text_h + 2 * self.PAD + self.ARROW
        x = max(port.left() + 4, min(anchor.center().x() - width // 2, port.right() - width - 4))
        self.below = anchor.top() - h < port.top() + 4
        y = anchor.bottom() + 2 if self.below else anchor.top() - h - 2
        y = max(port.top() + 4, min(y, port.bottom() - h - 4))
        self.setGeometry(x, y, width, h)
        self.label.move(self.PAD, self.PAD + (self.ARROW if self.below else 0))
        self.label.setFixedHeight(text_h)
        self._tip_x = max(12, min(anchor.center().x() - x, width - 12))
        self.show()
        self.raise_()
        self._timer.start(max(3500, 60 * len(text)))

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt API
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        a, w, h = self.ARROW, self.width(), self.height()
        top, bottom = (a, h - 1) if self.below else (1, h - a)
        path = QPainterPath()
        path.addRoundedRect(1, top, w - 2, bottom - top, 6, 6)
        tip = QPainterPath()
        x = self._tip_x
        if self.below:
            tip.moveTo(QPointF(x - a, top + 1))
            tip.lineTo(QPointF(x, 1))
            tip.lineTo(QPointF(x + a, top + 1))
        else:
            tip.moveTo(QPointF(x - a, bottom - 1))
            tip.lineTo(QPointF(x, h - 1))
            tip.lineTo(QPointF(x + a, bottom - 1))
        path = path.united(tip)
        p.setPen(QPen(QColor(BRICK), 2))
        p.setBrush(QColor(PAPER))
        p.drawPath(path)
        p.end()


def piece_rect(view, piece) -> QRect | None:
    """`piece`'s rect in `view`'s viewport pixels, or None if it is not on the visible board."""
    if piece is None or piece.scene() is None or not piece.isVisible():
        return None
    rect = view.mapFromScene(piece.sceneBoundingRect()).boundingRect()
    port = view.viewport().rect()
    return rect if port.intersects(rect) else None


def at_point(point: QPoint) -> QRect:
    """A small anchor round a point (a click on the board's empty paper)."""
    return QRect(point - QPoint(4, 4), point + QPoint(4, 4))
