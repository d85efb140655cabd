"""The review's log: every line of the game, the current decision's lines highlighted, lines of
later decisions greyed (they had not happened yet), AI decisions marked; a click jumps there."""

from __future__ import annotations

import bisect

from PySide6.QtCore import QAbstractListModel, QModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont
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
        return 0 if parent is not None and parent.isValid() else len(self.lines)

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
        old, self.step = self.step, step
        lo, hi = sorted((old, step))
        first, _ = self.rows_of(lo)
        _, last = self.rows_of(hi)
        if last > first:  # only the rows whose look changed
            self.dataChanged.emit(self.index(first), self.index(last - 1))


class ReviewLog(QListView):
    """The log list. `jump(step)` is emitted when a line is clicked."""

    jump = Signal(int)

    def __init__(self, review: Review, parent: QWidget | None = None):
        super().__init__(parent)
        self.model_ = ReviewLogModel(review, self)
        self.setModel(self.model_)
        self.setUniformItemSizes(True)  # thousands of rows lay out in constant time
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # ← → belong to the review, not to this list
        self.setStyleSheet("QListView { background: #f4ecd8; color: #3b3127; }")
        self.clicked.connect(lambda index: self.jump.emit(self.model_.lines[index.row()].step))

    def set_step(self, step: int) -> None:
        self.model_.set_step(step)
        first, _ = self.model_.rows_of(step)
        # the decision's first line in the middle: what led to it above, what followed below
        row = first if first < self.model_.rowCount() else first - 1
        if row >= 0:
            self.scrollTo(self.model_.index(row), QAbstractItemView.ScrollHint.PositionAtCenter)
