"""The game log as a movable dock: the session's events as the viewer may read them, gains in
money green and losses in brick red where the event's kind says so."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QAbstractItemView, QDockWidget, QListWidget, QListWidgetItem, QWidget

from ui.panels import BRICK_RED, MONEY_GREEN

GAIN_KINDS = frozenset({"gain", "income", "profit", "dividend", "dividends", "earn", "money+", "score+", "good"})
LOSS_KINDS = frozenset({"loss", "pay", "payment", "cost", "spend", "money-", "score-", "bad", "penalty"})


def kind_colour(kind: str) -> str | None:
    """The text colour for an event kind: green for gains, red for losses, None otherwise."""
    k = (kind or "").lower()
    if k in GAIN_KINDS or k.startswith("gain"):
        return MONEY_GREEN
    if k in LOSS_KINDS or k.startswith("loss"):
        return BRICK_RED
    return None


class LogDock(QDockWidget):
    """Follows `session.log` incrementally: appends new lines, rebuilds after undo or a change
    of viewer (what a seat may read differs)."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__("Game log", parent)
        self.setObjectName("LogDock")
        self.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable
                         | QDockWidget.DockWidgetFeature.DockWidgetFloatable
                         | QDockWidget.DockWidgetFeature.DockWidgetClosable)
        self.list = QListWidget()
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.list.setWordWrap(True)
        self.list.setUniformItemSizes(False)
        self.list.setStyleSheet("QListWidget { background: #f4ecd8; color: #3b3127; }")
        self.setWidget(self.list)
        self._entries = 0  # log entries rendered
        self._viewer: object = object()  # sentinel: forces the first rebuild
        self._session_id = None

    def lines(self) -> list[str]:
        return [self.list.item(i).text() for i in range(self.list.count())]

    def sync(self, session, viewer: int | None) -> None:
        log = session.log
        if id(session) != self._session_id or viewer != self._viewer or len(log) < self._entries:
            self.list.clear()
            self._entries = 0
            self._viewer = viewer
            self._session_id = id(session)
        if len(log) == self._entries:
            return
        names = session.names
        at_end = self.list.verticalScrollBar().value() >= self.list.verticalScrollBar().maximum() - 2
        for entry in log[self._entries:]:
            for ev in entry.events:
                text = ev.render(names, viewer)
                if not text:
                    continue
                item = QListWidgetItem(text)
                colour = kind_colour(ev.kind)
                if colour:
                    item.setForeground(QColor(colour))
                if ev.kind in ("round", "phase", "header", "title", "endgame"):
                    f = item.font()
                    f.setBold(True)
                    item.setFont(f)
                item.setFlags(Qt.ItemFlag.ItemIsEnabled)
                self.list.addItem(item)
        self._entries = len(log)
        if at_end:
            self.list.scrollToBottom()
            QTimer.singleShot(0, self.list.scrollToBottom)  # again after the new rows are laid out
