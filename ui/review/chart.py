"""The review's score chart: the end-of-game chart, one point per review step, with the current
decision marked by a vertical line; a click on the chart jumps to the nearest point."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QWidget

from ui.dialogs.end_game import ScoreChart


class ReviewChart(ScoreChart):
    """`history[k]` is every seat's score at step k; `jump(step)` on a click."""

    jump = Signal(int)

    def __init__(self, history: list[list[float]], names: list[str], parent: QWidget | None = None):
        super().__init__(history, names, parent)
        self.setMinimumSize(360, 170)
        self.current = 0
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setToolTip("Click a point of the chart to go to that decision")

    def step_at(self, x: float) -> int:
        """The step whose point lies nearest to `x` (widget coordinates)."""
        plot = self.plot_rect()
        last = max(1, len(self.history) - 1)
        fraction = (x - plot.left()) / plot.width() if plot.width() > 0 else 0.0
        return max(0, min(len(self.history) - 1, round(fraction * last)))

    def x_of(self, step: int) -> float:
        plot = self.plot_rect()
        return plot.left() + plot.width() * step / max(1, len(self.history) - 1)

    def set_current(self, step: int) -> None:
        if step != self.current:
            self.current = step
            self.update()

    def mousePressEvent(self, event) -> None:  # noqa: N802
        if event.button() == Qt.MouseButton.LeftButton:
            self.jump.emit(self.step_at(event.position().x()))
            event.accept()
        else:
            super().mousePressEvent(event)

    def paintEvent(self, event) -> None:  # noqa: N802
        super().paintEvent(event)
        plot = self.plot_rect()
        x = self.x_of(self.current)
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(QPen(QColor("#d4a017"), 2, Qt.PenStyle.SolidLine))
        p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()))
        p.end()
