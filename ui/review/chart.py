"""The review's score chart: the end-of-game chart, one point per review step, with the current
decision marked by a vertical line; a click on the chart jumps to the nearest point."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPen, QPixmap
from PySide6.QtWidgets import QWidget

from ui.dialogs.end_game import ScoreChart


class ReviewChart(ScoreChart):
    """`history[k]` is every seat's score at step k; `jump(step)` on a click."""

    jump = Signal(int)

    def __init__(self, history: list[list[float]], names: list[str], parent: QWidget | None = None):
        super().__init__(history, names, parent)
        self.setMinimumSize(360, 170)
        self.current = 0
        self._cache: QPixmap | None = None
        self._drawing_cache = False
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
        self._ensure_cache()
        if step != self.current:
            plot = self.plot_rect()
            for x in (self.x_of(self.current), self.x_of(step)):  # only the old and new marker
                self.update(round(x) - 3, 0, 6, round(plot.bottom()) + 2)
            self.current = step

    def mousePressEvent(self, event) -> None:  # noqa: N802
        if event.button() == Qt.MouseButton.LeftButton:
            self.jump.emit(self.step_at(event.position().x()))
            event.accept()
        else:
            super().mousePressEvent(event)

    def _cache_valid(self) -> bool:
        return self._cache is not None and self._cache.size() == self.size() * self.devicePixelRatioF()

    def _ensure_cache(self) -> None:
        """The lines do not change while stepping: draw them once per size (outside a paint event:
        QWidget.render may not be called from one), then each step paints only the marker."""
        if self._cache_valid() or not self.isVisible():
            return
        ratio = self.devicePixelRatioF()
        cache = QPixmap(self.size() * ratio)
        cache.setDevicePixelRatio(ratio)
        self._drawing_cache = True
        try:
            self.render(cache)
        finally:
            self._drawing_cache = False
        self._cache = cache

    def resizeEvent(self, event) -> None:  # noqa: N802
        super().resizeEvent(event)
        self._cache = None

    def paint_overlay(self) -> None:
        """What a subclass draws over the lines, once per size with them (the win chart's marks)."""

    def invalidate(self) -> None:
        """The lines changed: draw them again."""
        self._cache = None
        self.update()

    def paintEvent(self, event) -> None:  # noqa: N802
        if self._drawing_cache or not self._cache_valid():
            super().paintEvent(event)
            self.paint_overlay()
        if self._drawing_cache:
            return
        plot = self.plot_rect()
        x = self.x_of(self.current)
        p = QPainter(self)
        if self._cache_valid():
            p.drawPixmap(0, 0, self._cache)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(QPen(QColor("#d4a017"), 2, Qt.PenStyle.SolidLine))
        p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()))
        p.end()
