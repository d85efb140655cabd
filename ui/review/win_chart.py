"""The review's win-chance chart: every player's estimated chance to win across the game, from
an analysis (ai/analysis.py), with each mistake and blunder marked on the line of the player who
made it. Between analysed decisions the lines run straight; the game starts at an equal share and
ends on the real result. A click jumps to a decision like the score chart's."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QPainter, QPen

from ui.board import style
from ui.review.chart import ReviewChart


def win_history(analysis, steps: int, players: int, outcome_shares: list[float] | None) -> list[list[float]]:
    """Each seat's win chance in percent at every step 0..steps, interpolated between the analysed
    decisions (the estimate after the move made), from an equal share at the start to the result."""
    known: dict[int, list[float]] = {0: [100.0 / players] * players}
    for d in analysis.decisions:
        if len(d.shares) == players:
            known[d.index] = [100.0 * x for x in d.shares]
    if outcome_shares is not None:
        known[steps] = [100.0 * x for x in outcome_shares]
    points = sorted(known)
    rows = []
    for step in range(steps + 1):
        after = next((p for p in points if p >= step), points[-1])
        before = max((p for p in points if p <= step), default=points[0])
        if after == before:
            rows.append(list(known[before]))
            continue
        t = (step - before) / (after - before)
        rows.append([a + (b - a) * t for a, b in zip(known[before], known[after], strict=True)])
    return rows


class WinChart(ReviewChart):
    """Flat at an equal share until `set_analysis`; `jump(step)` on a click."""

    def __init__(self, names: list[str], steps: int, parent=None):
        super().__init__([[100.0 / len(names)] * len(names)] * (steps + 1), names, parent)
        self.steps = steps
        self.marked: list[tuple[int, int, float, str]] = []  # (step, seat, percent, severity)
        # measured (ai/ANALYSIS.md, "On the players analysed"): the search plays every seat as the
        # Normal level from each position on, so a weak player's line runs above their real chance
        self.setToolTip("Each player's estimated chance to win if every player plays like the Normal level "
                        "from there on (a weaker player's real chance is lower); rings mark mistakes, filled "
                        "dots blunders. Click to go to that decision.")

    def set_analysis(self, analysis, outcome_shares, marks: bool) -> None:
        self.history = win_history(analysis, self.steps, len(self.names), outcome_shares)
        self.marked = [(d.index, d.seat, 100.0 * d.win_after, d.severity(marks)) for d in analysis.decisions
                       if d.severity(marks)]
        self.invalidate()

    def value_range(self) -> tuple[float, float, float]:
        return 0.0, 100.0, 25.0

    def x_label(self) -> str:
        return f"decisions ({self.steps}) · win chance in %"

    def paint_overlay(self) -> None:
        if not self.marked:
            return
        plot = self.plot_rect()
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        red = QColor(style.BRICK_RED)
        for step, _seat, pct, severity in self.marked:
            centre = QPointF(plot.left() + plot.width() * step / max(1, self.steps),
                             plot.bottom() - plot.height() * pct / 100.0)
            r = 5.5 if severity == "blunder" else 4.5
            p.setPen(QPen(red, 2))
            p.setBrush(red if severity == "blunder" else QColor(style.PAPER))
            p.drawEllipse(QRectF(centre.x() - r, centre.y() - r, 2 * r, 2 * r))
        p.end()
