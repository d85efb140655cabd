"""The hot-seat curtain (DESIGN §4): a full-window overlay "Pass the computer to Ann" that hides
the board, the players panel and the log until that player clicks."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPen
from PySide6.QtWidgets import QWidget

from engine.core.names import short_name


class Curtain(QWidget):
    """An opaque overlay over its parent window; click (or Space/Enter) to lift it."""

    lifted = Signal()

    def __init__(self, parent: QWidget):
        super().__init__(parent)
        self.setObjectName("Curtain")
        self.name = ""
        self.colour = "#8a8a8a"
        self.mark = ""
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self.hide()
        parent.installEventFilter(self)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802
        if obj is self.parent() and event.type() == QEvent.Type.Resize:
            self.setGeometry(self.parent().rect())
        return False

    def drop(self, name: str, colour: str = "#8a8a8a", mark: str = "") -> None:
        """Hide the game behind the curtain for `name`."""
        self.name, self.colour, self.mark = name, colour, mark
        self.setGeometry(self.parent().rect())
        self.raise_()
        self.show()
        self.setFocus()
        self.update()

    def lift(self) -> None:
        if self.isVisible():
            self.hide()
            self.lifted.emit()

    def mousePressEvent(self, event) -> None:  # noqa: N802
        self.lift()

    def keyPressEvent(self, event) -> None:  # noqa: N802
        if event.key() in (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.lift()
        else:
            super().keyPressEvent(event)

    def paintEvent(self, event) -> None:  # noqa: N802
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), QColor("#2b2b2b"))
        w, h = self.width(), self.height()
        card = QRectF(w / 2 - 260, h / 2 - 120, 520, 240)
        p.setPen(QPen(QColor("#b08d57"), 2))
        p.setBrush(QColor("#f4ecd8"))
        p.drawRoundedRect(card, 10, 10)
        # the seat's disc and mark, so the right player recognises their seat
        disc = QRectF(card.center().x() - 28, card.top() + 22, 56, 56)
        p.setPen(QPen(QColor("#3b3127"), 2))
        p.setBrush(QColor(self.colour))
        p.drawEllipse(disc)
        f = QFont("DejaVu Sans")
        f.setPixelSize(26)
        f.setBold(True)
        p.setFont(f)
        p.drawText(disc, Qt.AlignmentFlag.AlignCenter, self.mark)
        title = QFont("DejaVu Serif")
        title.setPixelSize(30)
        p.setFont(title)
        p.setPen(QColor("#3b3127"))
        # a long name is cut to the card (issue 30); the seat's disc and mark above still tell it
        line = QFontMetrics(title).elidedText(f"Pass the computer to {self.name}", Qt.TextElideMode.ElideRight,
                                              int(card.width()) - 24)
        p.drawText(QRectF(card.left(), card.top() + 90, card.width(), 50), Qt.AlignmentFlag.AlignCenter, line)
        body = QFont("DejaVu Sans")
        body.setPixelSize(15)
        p.setFont(body)
        p.setPen(QColor("#6b5d4d"))
        p.drawText(QRectF(card.left() + 12, card.top() + 150, card.width() - 24, 60),
                   Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap,
                   f"{short_name(self.name)}: click anywhere (or press Space) when you are ready.")
        p.end()
