"""A small disc in a seat's colour with its mark, so colour is never the only cue."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QWidget

from ui.panels import seat_colour, text_on


class SeatBadge(QWidget):
    """A seat's colour disc with its mark (letter or shape) drawn on it."""

    def __init__(self, seat: int, mark: str, size: int = 22, parent: QWidget | None = None):
        super().__init__(parent)
        self.seat = seat
        self.mark = mark
        self.colour = seat_colour(seat)
        self._size = size
        self.setFixedSize(size, size)
        self.setToolTip("This seat's colour and mark, on its pieces and in the charts")

    def set_mark(self, mark: str) -> None:
        self.mark = mark
        self.update()

    def set_colour(self, colour: str) -> None:
        self.colour = colour
        self.update()

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt naming
        return QSize(self._size, self._size)

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt naming
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = QRectF(1.5, 1.5, self.width() - 3, self.height() - 3)
        p.setPen(QPen(QColor("#3b3127"), 1.4))
        p.setBrush(QColor(self.colour))
        p.drawEllipse(r)
        font = QFont(self.font())
        font.setBold(True)
        font.setPixelSize(max(8, int(self.height() * 0.5)))
        p.setFont(font)
        p.setPen(QColor(text_on(self.colour)))
        p.drawText(r, Qt.AlignmentFlag.AlignCenter, self.mark)
        p.end()
