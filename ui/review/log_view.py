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

_DISPLAY, _FOREGROUND, _BACKGROUND, _FONT, _TOOLTIP = (
    int(r) for r in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ForegroundRole, Qt.ItemDataRole.BackgroundRole,
                     Qt.ItemDataRole.FontRole, Qt.ItemDataRole.ToolTipRole))
_ROLES = frozenset((_DISPLAY, _FOREGROUND, _BACKGROUND, _FONT, _TOOLTIP))


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
        ai_rows = {row for row in firsts if review.ai_flags[self.lines[row].entry]
                   and review.actions[self.lines[row].entry].seat >= 0}
        # what a row shows, made once: a view asks for eight or so roles of each row it paints
        self._texts = [("AI · " if row in ai_rows else "") + line.text for row, line in enumerate(self.lines)]
        inks: dict[str | None, QBrush] = {}
        self._inks = []
        for line in self.lines:
            colour = kind_colour(line.kind)
            if colour not in inks:
                inks[colour] = QBrush(QColor(colour) if colour else INK)
            self._inks.append(inks[colour])
        self._future = QBrush(FUTURE_INK)
        self._paper = QBrush(CURRENT_PAPER)
        self._bold = QFont()
        self._bold.setBold(True)

    def rowCount(self, parent=None) -> int:  # noqa: N802
        return self._count if parent is None or not parent.isValid() else 0

    def rows_of(self, step: int) -> tuple[int, int]:
        """The first row of `step` and the row after its last (equal when it has no line)."""
        return bisect.bisect_left(self._steps, step), bisect.bisect_right(self._steps, step)

    def data(self, index: QModelIndex, role: int = _DISPLAY):
        if role not in _ROLES or not index.isValid():  # most roles asked for are none of ours
            return None
        row = index.row()
        role = int(role)
        if role == _DISPLAY:
            return self._texts[row]
        step = self._steps[row]
        if role == _FOREGROUND:
            return self._future if step > self.step else self._inks[row]
        if role == _BACKGROUND:
            return self._paper if step == self.step else None
        if role == _FONT:
            return self._bold if step == self.step else None
        return f"Decision {step}: click to go there"  # the tooltip

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
