"""The game log as a movable dock: the session's events as the viewer may read them, gains in
money green and losses in brick red where the event's kind says so."""

from __future__ import annotations

import html
import weakref

from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QDockWidget, QPlainTextEdit, QWidget

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
        # A plain-text document appends in constant time (a word-wrapping list view re-lays out
        # every row on each append, which grows with the game).
        self.text = QPlainTextEdit()
        self.text.setAccessibleName("Game log")
        self.setAccessibleName("Game log")
        self.text.setReadOnly(True)
        self.text.setUndoRedoEnabled(False)
        self.text.setStyleSheet("QPlainTextEdit { background: #f4ecd8; color: #3b3127; }")
        self.setWidget(self.text)
        self._entries = 0  # log entries rendered
        self._viewer: object = object()  # sentinel: forces the first rebuild
        self._session = None  # a weak reference: the id of a freed session can come back
        self._lines: list[str] = []
        self._per_entry: list[int] = []  # lines shown for each log entry

    def lines(self) -> list[str]:
        """The lines shown, in order (read back from the document)."""
        text = self.text.toPlainText()
        return text.split("\n") if text else []

    def sync(self, session, viewer: int | None) -> None:
        log = session.log
        current = self._session() if self._session is not None else None
        if current is not session or viewer != self._viewer:
            self._reset(session, viewer)
        elif len(log) < self._entries:
            self._truncate(len(log))  # undo: drop the undone entries' lines only
        if len(log) == self._entries:
            return
        names = session.names
        bar = self.text.verticalScrollBar()
        at_end = bar.value() >= bar.maximum() - 2
        for entry in log[self._entries:]:
            shown = 0
            for ev in entry.events:
                line = ev.render(names, viewer)
                if not line:
                    continue
                self._lines.append(line)
                body = html.escape(line)
                colour = kind_colour(ev.kind)
                if ev.kind in ("round", "phase", "header", "title", "endgame"):
                    body = f"<b>{body}</b>"
                if colour:
                    body = f'<span style="color:{colour}">{body}</span>'
                self.text.appendHtml(body)  # one block per line, so undo can cut at a line
                shown += 1
            self._per_entry.append(shown)
        self._entries = len(log)
        if at_end:
            self.text.moveCursor(QTextCursor.MoveOperation.End)
            bar.setValue(bar.maximum())

    def _reset(self, session, viewer) -> None:
        self.text.clear()
        self._lines = []
        self._per_entry = []
        self._entries = 0
        self._viewer = viewer
        self._session = weakref.ref(session)

    def _truncate(self, entries: int) -> None:
        keep = sum(self._per_entry[:entries])
        del self._per_entry[entries:]
        del self._lines[keep:]
        self._entries = entries
        if keep == 0:
            self.text.clear()
            return
        doc = self.text.document()
        cursor = QTextCursor(doc.findBlockByNumber(keep - 1))
        cursor.movePosition(QTextCursor.MoveOperation.EndOfBlock)
        cursor.movePosition(QTextCursor.MoveOperation.End, QTextCursor.MoveMode.KeepAnchor)
        cursor.removeSelectedText()
