"""The end-of-game dialog: winners, the score breakdown per category per player, and a line
chart of each player's `score_track()` over the game drawn with QPainter."""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QIcon, QPainter, QPainterPath, QPainterPathStroker, QPen, QPixmap
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from engine.core.contract import CHANCE
from engine.core.names import short_name
from ui.panels import seat_colour, seat_dashes, seat_marks, text_on
from ui.panels.steady_text import ClampedText
from ui.services.plain_text import PlainLabel, plain_tip


def score_history(session) -> list[list[float]]:
    """Each seat's `score_track()` after every player decision, from the start of the game,
    ending on the final scores when the game is over.

    Recomputed by replaying the log on a fresh state (cheap: a few hundred small decisions), so
    it works the same for a game played now, continued from an autosave, or loaded from a file.
    """
    state = session.spec.new_state(len(session.seats), session.options)
    history = []
    try:
        history.append(list(state.score_track()))
        for entry in session.log:
            state.apply(entry.action)
            if entry.action.seat != CHANCE:
                history.append(list(state.score_track()))
    except Exception:  # noqa: BLE001 - a chart is not worth an error dialog
        pass
    final = list(session.state.score_track())
    if not history or history[-1] != final:
        history.append(final)
    outcome = session.state.outcome()
    if outcome is not None and [float(x) for x in outcome.scores] != [float(x) for x in history[-1]]:
        # the track is public information; the final scoring may reveal more (hidden cards):
        # the line ends on the real result
        history.append([float(x) for x in outcome.scores])
    return history


def hints_line(session) -> str:
    """Who used how many hints ("Ann used 2 hints; Bob used none."), for the human seats; "" in a
    game without humans."""
    humans = [i for i, seat in enumerate(session.seats) if not seat.is_ai]
    if not humans:
        return ""
    counts = [(session.names[i], session.hints_used(i)) for i in humans]
    if not any(n for _, n in counts):
        return "No hints were used." if len(humans) > 1 else f"{counts[0][0]} used no hints."
    parts = [f"{name} used {'no hints' if n == 0 else 'a hint' if n == 1 else f'{n} hints'}" for name, n in counts]
    return "; ".join(parts) + "."


def winners_line(names: list[str], outcome) -> str:
    winners = [names[i] for i in outcome.winners]
    if len(winners) > 1:
        return "Shared victory: " + ", ".join(winners)
    line = (f"{winners[0]} {'win' if winners[0] == 'You' else 'wins'}!") if winners else "No winner."
    if outcome.tie_break:
        line += f" ({outcome.tie_break})"
    return line


class ScoreChart(QWidget):
    """Lines of each seat's score or money over the game: each seat in its colour and its own dash
    pattern, with its mark at the line's end, so lines are told apart without colour (STYLE.md)."""

    def __init__(self, history: list[list[float]], names: list[str], parent: QWidget | None = None,
                 decisions: int | None = None):
        super().__init__(parent)
        self.history = history
        self.names = names
        # the x label counts player decisions; the end chart's last point may be the final
        # scoring rather than a decision, so the caller can say how many there were
        self.decisions = decisions
        self.marks = seat_marks(names)
        self.setMinimumSize(520, 240)

    def x_label(self) -> str:
        count = self.decisions if self.decisions is not None else max(1, len(self.history) - 1)
        return f"decisions ({count})"

    def plot_rect(self) -> QRectF:
        left, top, right, bottom = 52, 14, 40, 30  # room for the y labels, the x label, the marks
        return QRectF(left, top, self.width() - left - right, self.height() - top - bottom)

    def value_range(self) -> tuple[float, float, float]:
        """The y axis: lowest and highest value shown, and the step between grid lines."""
        values = [v for row in self.history for v in row] or [0.0]
        lo, hi = min(0.0, min(values)), max(values)
        if hi - lo < 1e-9:
            hi = lo + 1
        step = _nice_step((hi - lo) / 4)
        return step * math.floor(lo / step), step * math.ceil(hi / step), step

    def seat_lines(self) -> list[ChartLine]:
        """The lines as they are drawn at the widget's present size."""
        lo, hi, _ = self.value_range()
        return self.lines(self.plot_rect(), lo, hi, max(1, len(self.history) - 1))

    def paintEvent(self, event) -> None:  # noqa: N802
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), QColor("#f4ecd8"))
        plot = self.plot_rect()
        left = plot.left()
        lo, hi, step = self.value_range()
        ticks = int(round((hi - lo) / step))
        steps = max(1, len(self.history) - 1)
        small = QFont("DejaVu Sans")
        small.setPixelSize(11)
        p.setFont(small)
        # grid and y labels
        for k in range(ticks + 1):
            v = lo + step * k
            y = plot.bottom() - plot.height() * k / ticks
            p.setPen(QPen(QColor("#d9c9a3"), 1))
            p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
            p.setPen(QColor("#6b5d4d"))
            p.drawText(QRectF(0, y - 8, left - 6, 16), Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                       f"{v:.0f}")
        p.setPen(QPen(QColor("#3b3127"), 1.2))
        p.drawLine(plot.bottomLeft(), plot.bottomRight())
        p.drawLine(plot.bottomLeft(), plot.topLeft())
        p.setPen(QColor("#6b5d4d"))
        p.drawText(QRectF(plot.left(), plot.bottom() + 6, plot.width(), 18), Qt.AlignmentFlag.AlignCenter,
                   self.x_label())

        lines = self.lines(plot, lo, hi, steps)
        for line in lines:
            # the dashes themselves as an outline: filled with the seat colour and rimmed with ink,
            # so a light colour reads on paper and the gaps stay paper
            p.setPen(QPen(QColor("#3b3127"), 0.8))
            p.setBrush(QColor(line.colour))
            p.drawPath(line.stroke)
        bold = QFont(small)
        bold.setBold(True)
        bold.setPixelSize(10)
        p.setFont(bold)
        for line in lines:  # marks last, so no line crosses a mark
            p.setPen(QPen(QColor("#3b3127"), 1))
            if line.mark_at != line.end:  # pushed apart from an equal end: a leader to its line
                p.drawLine(line.end, line.mark_at)
            disc = QRectF(line.mark_at.x() - MARK_R, line.mark_at.y() - MARK_R, 2 * MARK_R, 2 * MARK_R)
            p.setBrush(QColor(line.colour))
            p.drawEllipse(disc)
            p.setPen(QColor(text_on(line.colour)))
            p.drawText(disc, Qt.AlignmentFlag.AlignCenter, line.mark)
        p.end()

    def lines(self, plot: QRectF, lo: float, hi: float, steps: int) -> list[ChartLine]:
        """Each seat's line in widget coordinates: its dashed stroke, colour, end and the centre
        of its mark (on the end, or pushed down from an equal end so every mark stays readable)."""

        def point(i: int, v: float) -> QPointF:
            return QPointF(plot.left() + plot.width() * i / steps,
                           plot.bottom() - plot.height() * (v - lo) / (hi - lo))

        lines = []
        for seat in range(len(self.names)):
            path = QPainterPath()
            for i, row in enumerate(self.history):
                if seat >= len(row):
                    continue
                pt = point(i, row[seat])
                if path.elementCount() == 0:
                    path.moveTo(pt)
                else:
                    path.lineTo(pt)
            stroker = QPainterPathStroker()
            stroker.setWidth(LINE_W)
            stroker.setCapStyle(Qt.PenCapStyle.FlatCap)
            stroker.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            dashes = seat_dashes(seat)
            if dashes:
                stroker.setDashPattern(list(dashes))
            end = path.currentPosition()
            lines.append(ChartLine(seat, seat_colour(seat), dashes, stroker.createStroke(path), end, end,
                                   self.marks[seat]))
        # marks at least a disc apart, in the order of their lines' ends: pushed down from equal
        # ends, then the run pulled back up if it would leave the widget at the bottom
        gap = 2 * MARK_R + 1
        order = sorted(lines, key=lambda ln: (ln.end.y(), ln.seat))
        ys = [ln.end.y() for ln in order]
        for i in range(1, len(ys)):
            ys[i] = max(ys[i], ys[i - 1] + gap)
        lowest = self.height() - MARK_R - 1
        for i in range(len(ys) - 1, -1, -1):
            ys[i] = min(ys[i], lowest if i == len(ys) - 1 else ys[i + 1] - gap)
        for line, y in zip(order, ys, strict=True):
            if y != line.end.y():
                line.mark_at = QPointF(line.end.x(), y)
        return lines


LINE_W = 2.4
"""Width of a seat's line in the chart, pixels (dash patterns are in units of it)."""
MARK_R = 8
"""Radius of the seat mark at a line's end, pixels."""


@dataclass
class ChartLine:
    """One seat's line as the chart draws it."""

    seat: int
    colour: str
    dashes: tuple[float, ...]
    stroke: QPainterPath
    end: QPointF
    mark_at: QPointF
    mark: str


class EndGameDialog(QDialog):
    """Winners, breakdown table (categories × players, total, rank) and the score chart."""

    def __init__(self, session, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(f"Game over — {session.spec.title}")
        self.resize(720, 640)
        outcome = session.state.outcome()
        names = session.names
        self.outcome = outcome
        layout = QVBoxLayout(self)
        self.headline = ClampedText(2)  # a long name is cut, never widening the dialog
        self.headline.setText(winners_line(names, outcome))
        hf = QFont("DejaVu Serif")
        hf.setPixelSize(24)
        hf.setBold(True)
        self.headline.setFont(hf)
        self.headline.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(self.headline)

        categories: list[str] = []
        for row in outcome.breakdown:
            for key in row:
                if key not in categories:
                    categories.append(key)
        revealed = _revealed_rows(session)
        self.table = QTableWidget(len(categories) + 2 + len(revealed), len(names))
        self.table.setHorizontalHeaderLabels(names)
        self.table.setVerticalHeaderLabels([c.replace("_", " ").capitalize() for c in categories]
                                           + ["Total", "Rank"] + [label for label, _ in revealed])
        for r in range(len(revealed)):  # below the Total: what the end revealed, no points of its own
            self.table.verticalHeaderItem(len(categories) + 2 + r).setToolTip(
                "What the end of the game revealed: not added to the Total (it may have moved the "
                "scores above it, as 1st CEO's asset cards move the share values counted in Shares).")
        for seat in range(len(names)):
            for r, cat in enumerate(categories):
                value = outcome.breakdown[seat].get(cat, 0) if seat < len(outcome.breakdown) else 0
                self._cell(r, seat, _fmt(value))
            self._cell(len(categories), seat, _fmt(outcome.scores[seat]), bold=True)
            rank = outcome.ranking[seat]
            # ★ is in the bundled DejaVu fonts (an emoji trophy is not)
            self._cell(len(categories) + 1, seat, ("★ " if seat in outcome.winners else "") + f"{rank}",
                       bold=seat in outcome.winners)
            for r, (_, values) in enumerate(revealed):
                self._cell(len(categories) + 2 + r, seat, values[seat])
            header = self.table.horizontalHeaderItem(seat)
            header.setText(short_name(names[seat]))  # the seat's mark tells apart names cut alike
            header.setToolTip(plain_tip(names[seat]))
            header.setIcon(_seat_icon(seat, seat_marks(names)[seat]))
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        height = self.table.horizontalHeader().sizeHint().height() + 4
        height += sum(self.table.verticalHeader().sectionSizeHint(r) for r in range(self.table.rowCount()))
        self.table.setFixedHeight(height)
        layout.addWidget(self.table)
        if outcome.tie_break:
            note = PlainLabel(f"Tie-break: {outcome.tie_break}")
            note.setStyleSheet("color: #6b5d4d;")
            layout.addWidget(note)
        self.hints_label = PlainLabel(hints_line(session))  # it names the players
        self.hints_label.setStyleSheet("color: #6b5d4d;")
        self.hints_label.setVisible(bool(self.hints_label.text()))
        layout.addWidget(self.hints_label)
        self.record_note = PlainLabel("")  # the system's words for why the game was not kept
        self.record_note.setWordWrap(True)
        self.record_note.setStyleSheet("color: #9b2d20; font-weight: bold;")
        self.record_note.setVisible(False)
        layout.addWidget(self.record_note)
        self.history = score_history(session)
        layout.addWidget(QLabel("Score over the game"))
        decisions = sum(1 for entry in session.log if entry.action.seat != CHANCE)
        self.chart = ScoreChart(self.history, names, decisions=decisions)
        layout.addWidget(self.chart, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.new_game_button = buttons.addButton("New game…", QDialogButtonBox.ButtonRole.ActionRole)
        self.review_button = buttons.addButton("Review the game…", QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.close)
        layout.addWidget(buttons)

    def record_failed(self, why: str) -> None:
        """Say that this game could not be kept in Past games, and why."""
        self.record_note.setText(f"This game could not be kept in Past games ({why}). "
                                 "Use Save As in the game window to keep it.")
        self.record_note.setVisible(True)

    def _cell(self, row: int, col: int, text: str, bold: bool = False) -> None:
        item = QTableWidgetItem(text)
        item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if bold:
            f = item.font()
            f.setBold(True)
            item.setFont(f)
        self.table.setItem(row, col, item)


def _revealed_rows(session) -> list[tuple[str, list[str]]]:
    """The game's rows of what the end revealed (`revealed_rows(view, names)` of its ui package,
    e.g. 1st CEO's asset cards), below the scores: the rules reveal them, so the dialog shows them
    as the board and the players panel do."""
    try:
        from ui.games import game_ui

        return list(game_ui(session.spec.id).revealed_rows(session.state.view(None), session.names))
    except Exception:  # noqa: BLE001 - a dialog row is never worth losing the dialog
        return []


def _seat_icon(seat: int, mark: str) -> QIcon:
    pix = QPixmap(32, 32)
    pix.fill(Qt.GlobalColor.transparent)
    p = QPainter(pix)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setPen(QPen(QColor("#3b3127"), 2))
    p.setBrush(QColor(seat_colour(seat)))
    p.drawEllipse(QRectF(2, 2, 28, 28))
    f = QFont("DejaVu Sans")
    f.setPixelSize(16)
    f.setBold(True)
    p.setFont(f)
    p.setPen(QColor(text_on(seat_colour(seat))))
    p.drawText(QRectF(2, 2, 28, 28), Qt.AlignmentFlag.AlignCenter, mark)
    p.end()
    return QIcon(pix)


def _nice_step(raw: float) -> float:
    """The 1-2-5 × 10^k step at or above `raw` (axis labels people can read at a glance)."""
    if raw <= 0:
        return 1.0
    power = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 5, 10):
        if m * power >= raw:
            return m * power
    return 10 * power


def _fmt(value) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value)
