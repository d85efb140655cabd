"""The "Since your turn" list: a small card over the board's corner that says, when a human's
turn begins, what each other player did since that human's last turn, grouped by player, in
plain words (ui/game/follow.py makes the report). Pointing at a line (the mouse, or the arrow keys in
the list) rings the pieces that line changed; the card folds away when the player acts, and
View → Since your turn (Ctrl+T) opens it again.

It floats over the board view's viewport, so showing or folding it never moves the board; it
sits in the corner where it covers the fewest of the pieces it marks."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QRect, Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from engine.core.text import count
from ui.services.plain_text import PlainLabel


class LineLabel(PlainLabel):
    """One decision in words; the mouse over it (or the keyboard's focus on it) points at it."""

    def __init__(self, line, panel: SinceTurnPanel):
        super().__init__(line.text)
        self.line = line
        self.panel = panel
        self.setWordWrap(True)
        self.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.setContentsMargins(14, 1, 2, 1)
        self.setAccessibleName(line.text)
        if not line.keys:
            self.setStyleSheet("color: #6b5d4d;")
            self.setToolTip("Nothing on the board to point at for this one.")
        else:
            self.setToolTip("Its pieces are ringed on the board while the mouse is here.")

    def enterEvent(self, event) -> None:  # noqa: N802 - Qt API
        self.panel.point(self)
        super().enterEvent(event)

    def leaveEvent(self, event) -> None:  # noqa: N802 - Qt API
        self.panel.point(None)
        super().leaveEvent(event)

    def focusInEvent(self, event) -> None:  # noqa: N802 - Qt API
        self.panel.point(self)
        super().focusInEvent(event)


class SinceTurnPanel(QFrame):
    """The card; `pointed(line or None)` as the mouse or the keys move over its lines."""

    pointed = Signal(object)

    WIDTH = 340
    MARGIN = 10

    def __init__(self, view: QWidget):
        super().__init__(view.viewport())
        self.view = view
        self.setObjectName("SinceTurn")
        self.setAccessibleName("Since your turn")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setStyleSheet("#SinceTurn { background: #f4ecd8; border: 1px solid #b08d57; border-radius: 6px; }"
                           "#SinceTurn QLabel { color: #3b3127; }"
                           "#SinceBody { background: #f4ecd8; }")
        col = QVBoxLayout(self)
        col.setContentsMargins(8, 6, 8, 8)
        col.setSpacing(4)
        head = QHBoxLayout()
        self.title = PlainLabel()
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        head.addWidget(self.title, 1)
        self.close_button = QToolButton()
        self.close_button.setText("✕")
        self.close_button.setAutoRaise(True)
        self.close_button.setToolTip("Fold the list away (View → Since your turn, Ctrl+T, opens it again)")
        self.close_button.setAccessibleName("Close the Since your turn list")
        self.close_button.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.close_button.clicked.connect(self.hide)
        head.addWidget(self.close_button)
        col.addLayout(head)
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.body = QWidget()
        self.body.setObjectName("SinceBody")
        self.rows = QVBoxLayout(self.body)
        self.rows.setContentsMargins(0, 0, 0, 0)
        self.rows.setSpacing(2)
        self.scroll.setWidget(self.body)
        col.addWidget(self.scroll)
        self.report = None
        self._labels: list[QLabel] = []
        self._avoid: list[QRect] = []  # view rects of pieces the card should not cover
        self.hide()
        view.viewport().installEventFilter(self)
        # a child of the viewport is moved with the board when the view scrolls (QWidget.scroll),
        # as the fit after a resize does: the card goes back to its corner
        for bar in (view.horizontalScrollBar(), view.verticalScrollBar()):
            bar.valueChanged.connect(self._replace)

    # -- content -----------------------------------------------------------------------------------
    def set_report(self, report, names: list[str], ai: list[bool]) -> None:
        """Fill the list from `report` (ui/follow.Report) for the players `names`."""
        self.report = report
        for label in self._labels:
            self.rows.removeWidget(label)
            label.hide()  # at once: until it is deleted it would paint under the new lines
            label.deleteLater()
        self._labels = []
        self.title.setText(f"Since your turn, {names[report.seat]}" if report is not None else "Since your turn")
        if report is None or not report.lines:
            self._add(QLabel("Nothing happened since your last turn."))
        else:
            for seat, lines in report.groups():
                who = names[seat] if seat >= 0 else "The game"
                if seat >= 0 and ai[seat]:
                    who += " (AI)"
                head = PlainLabel(f"{who}: {count(len(lines), 'decision')}")
                font = head.font()
                font.setBold(True)
                head.setFont(font)
                self._add(head)
                for line in lines:
                    self._add(LineLabel(line, self))
        self.rows.addStretch(1) if not self.rows.count() or self.rows.itemAt(self.rows.count() - 1).widget() else None
        self.setAccessibleDescription(self.as_text())
        self._size()

    def _add(self, label: QLabel) -> None:
        label.setWordWrap(True)
        self.rows.insertWidget(len(self._labels), label)
        self._labels.append(label)

    def as_text(self) -> str:
        """The list as plain text (screen readers, tests): each player, their decisions under them."""
        out = [self.title.text()]
        out.extend(("  " if isinstance(label, LineLabel) else "") + label.text() for label in self._labels)
        return "\n".join(out)

    def lines(self) -> list[LineLabel]:
        """The labels of the decisions, in order."""
        return [label for label in self._labels if isinstance(label, LineLabel)]

    def point(self, label: LineLabel | None) -> None:
        for other in self.lines():
            other.setStyleSheet("" if other.line.keys else "color: #6b5d4d;")
        if label is not None:
            label.setStyleSheet("background: #e9dcc0;")
        self.pointed.emit(label.line if label is not None else None)

    # -- place --------------------------------------------------------------------------------------
    def open(self, avoid: list[QRect] | None = None) -> None:
        """Show the card in the corner that covers the fewest of the pieces in `avoid` (view
        pixels: the marked pieces, and more so the ones the player may choose)."""
        if avoid is not None:
            self._avoid = avoid
        self.show()
        self._size()
        self.raise_()

    def _size(self) -> None:
        port = self.view.viewport().rect()
        width = min(self.WIDTH, max(220, port.width() // 3))
        self.setFixedWidth(width)
        inner = width - 40
        wanted = 4
        for label in self._labels:
            wanted += label.heightForWidth(inner) if label.wordWrap() else label.sizeHint().height()
            wanted += self.rows.spacing()
        self.scroll.setFixedHeight(max(24, min(wanted, int(port.height() * 0.4))))
        self.adjustSize()
        self._place()

    def _place(self) -> None:
        port = self.view.viewport().rect()
        m = self.MARGIN
        w, h = self.width(), self.height()
        corners = [QPoint(port.right() - w - m, port.top() + m), QPoint(port.left() + m, port.top() + m),
                   QPoint(port.right() - w - m, port.bottom() - h - m), QPoint(port.left() + m, port.bottom() - h - m)]

        def covered(p: QPoint) -> int:
            box = QRect(p, self.size())
            return sum(weight for rect, weight in self._avoid if box.intersects(rect))

        best = min(corners, key=covered)
        # never beyond the view's edges, even when the card is taller or wider than its room
        best.setX(max(port.left(), min(best.x(), port.right() + 1 - w)))
        best.setY(max(port.top(), min(best.y(), port.bottom() + 1 - h)))
        self.move(best)

    def _replace(self, _value: int = 0) -> None:
        if self.isVisible():
            self._place()

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        # the card's height settles after its labels are laid out for a new width: placed again,
        # it keeps to its corner (placed once, it hung over the view's edge after a resize)
        super().resizeEvent(event)
        self._replace()

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt API
        if obj is self.view.viewport() and event.type() == QEvent.Type.Resize and self.isVisible():
            self._size()
        return False

    def hideEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().hideEvent(event)
        self.pointed.emit(None)
