"""The review's log: every line of the game, the current decision's lines highlighted, lines of
later decisions greyed (they had not happened yet), AI decisions marked; a click jumps there."""

from __future__ import annotations

import bisect

from PySide6.QtCore import QAbstractListModel, QModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QPalette
from PySide6.QtWidgets import QAbstractItemView, QListView, QWidget

from engine.core.review import Review
from ui.panels.log_dock import kind_colour

FUTURE_INK = QColor("#a89a86")
CURRENT_PAPER = QColor("#ecd9a8")
INK = QColor("#3b3127")


class ReviewLogModel(QAbstractListModel):
    """`review.lines()` as rows; what a row looks like depends on the current step."""

    def __init__(self, review: Review, parent=None):
        super().__init__(parent)
        self.review = review
        self.lines = review.lines()
        self._steps = [line.step for line in self.lines]
        self._count = len(self.lines)
        self.step = 0
        firsts, seen = set(), set()
        for row, line in enumerate(self.lines):
            if line.entry not in seen:
                seen.add(line.entry)
                firsts.add(row)
        self._ai_rows = {row for row in firsts if review.ai_flags[self.lines[row].entry]
                         and review.actions[self.lines[row].entry].seat >= 0}
        self._bold = QFont()
        self._bold.setBold(True)

    def rowCount(self, parent=None) -> int:  # noqa: N802
        return self._count if parent is None or not parent.isValid() else 0

    def rows_of(self, step: int) -> tuple[int, int]:
        """The first row of `step` and the row after its last (equal when it has no line)."""
        return bisect.bisect_left(self._steps, step), bisect.bisect_right(self._steps, step)

    def data(self, index: QModelIndex, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        row = index.row()
        line = self.lines[row]
        if role == Qt.ItemDataRole.DisplayRole:
            return ("AI · " if row in self._ai_rows else "") + line.text
        if role == Qt.ItemDataRole.ForegroundRole:
            if line.step > self.step:
                return QBrush(FUTURE_INK)
            colour = kind_colour(line.kind)
            return QBrush(QColor(colour) if colour else INK)
        if role == Qt.ItemDataRole.BackgroundRole and line.step == self.step:
            return QBrush(CURRENT_PAPER)
        if role == Qt.ItemDataRole.FontRole and line.step == self.step:
            return self._bold
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"Decision {line.step}: click to go there"
        return None

    def set_step(self, step: int) -> None:
        """Rows look different from now on; the view repaints the rows it shows (a dataChanged
        over the thousands of rows a long jump re-colours costs the list view milliseconds)."""
        self.step = step


class ReviewLog(QListView):
    """The log list. `jump(step)` is emitted when a line is clicked."""

    jump = Signal(int)

    def __init__(self, review: Review, parent: QWidget | None = None):
        super().__init__(parent)
        self.model_ = ReviewLogModel(review, self)
        self.setModel(self.model_)
        self.setUniformItemSizes(True)  # thousands of rows lay out in constant time
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # ← → belong to the review, not to this list
        palette = self.palette()  # a palette, not a style sheet: style sheets slow every repaint
        palette.setColor(QPalette.ColorRole.Base, QColor("#f4ecd8"))
        palette.setColor(QPalette.ColorRole.Text, INK)
        self.setPalette(palette)
        self.clicked.connect(lambda index: self.jump.emit(self.model_.lines[index.row()].step))

    def set_step(self, step: int) -> None:
        self.model_.set_step(step)
        self.viewport().update()
        first, _ = self.model_.rows_of(step)
        # The decision's first line in the middle: what led to it above, what followed below.
        # Rows are all one height, so the position is arithmetic (scrollTo asks the model for its
        # row count thousands of times in a long game).
        row = min(first, self.model_.rowCount() - 1)
        if row >= 0:
            height = self.sizeHintForRow(0) + 2 * self.spacing()
            bar = self.verticalScrollBar()
            bar.setValue(row * height - (self.viewport().height() - height) // 2)
