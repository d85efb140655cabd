"""The end-of-game chart: every seat in its colour, its own dash pattern and its mark at the end
of its line, so two lines are told apart without colour (STYLE.md)."""

from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage

from ui.board.style import seat_colour, seat_dashes
from ui.dialogs.end_game import MARK_R, ScoreChart

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]


def _chart(qtbot, history, names=NAMES):
    chart = ScoreChart(history, names)
    qtbot.addWidget(chart)
    chart.resize(640, 300)
    return chart


def _render(chart) -> QImage:
    return chart.grab().toImage()


def test_each_seat_has_its_own_colour_and_dash_pattern(qtbot):
    history = [[0, 0, 0, 0, 0, 0], [3, 5, 8, 12, 16, 20], [6, 11, 17, 24, 31, 38]]
    lines = _chart(qtbot, history).seat_lines()
    assert [ln.seat for ln in lines] == list(range(6))
    assert len({ln.colour for ln in lines}) == 6
    assert len({ln.dashes for ln in lines}) == 6
    # the drawn stroke follows the pattern: one piece for the solid line, many for a dashed one
    pieces = [len(ln.stroke.toSubpathPolygons()) for ln in lines]
    assert pieces[0] == 1
    assert all(n > 3 for n in pieces[1:]), pieces
    assert [ln.dashes for ln in lines] == [seat_dashes(s) for s in range(6)]


def test_marks_sit_at_the_line_ends_and_show_the_seat(qtbot):
    history = [[0, 0, 0], [4, 10, 20], [8, 20, 40]]
    chart = _chart(qtbot, history, NAMES[:3])
    lines = chart.seat_lines()
    image = _render(chart)
    scale = image.width() / chart.width()
    for ln in lines:
        assert ln.mark_at == ln.end  # far apart: each mark on its own line's end
        assert abs(ln.end.x() - chart.plot_rect().right()) < 1e-6
        # left of the letter, inside the disc: the seat's colour
        x, y = ln.mark_at.x() - MARK_R + 2.5, ln.mark_at.y()
        assert QColor(image.pixel(int(x * scale), int(y * scale))) == QColor(seat_colour(ln.seat)), ln.seat
    ends_y = sorted(ln.end.y() for ln in lines)
    assert ends_y[0] < ends_y[1] < ends_y[2]


def test_equal_final_scores_keep_every_mark_readable(qtbot):
    history = [[0, 0, 0, 0], [5, 5, 5, 5], [9, 9, 9, 9]]
    chart = _chart(qtbot, history, NAMES[:4])
    lines = chart.seat_lines()
    centres = sorted(ln.mark_at.y() for ln in lines)
    assert all(b - a >= 2 * MARK_R for a, b in zip(centres, centres[1:], strict=False))
    assert all(ln.mark_at.x() == ln.end.x() for ln in lines)
    assert sum(ln.mark_at == ln.end for ln in lines) == 1  # the others hang below on a leader
    image = _render(chart)
    scale = image.width() / chart.width()
    for ln in lines:  # every disc is painted where the chart says
        x, y = ln.mark_at.x() - MARK_R + 2.5, ln.mark_at.y()
        assert QColor(image.pixel(int(x * scale), int(y * scale))) == QColor(seat_colour(ln.seat))


def test_dashed_lines_leave_paper_between_dashes(qtbot):
    """Along a dashed seat's flat line the paper shows through; along the solid one it does not."""
    history = [[11, 27], [11, 27]]  # off the grid lines
    chart = _chart(qtbot, history, NAMES[:2])
    image = _render(chart)
    scale = image.width() / chart.width()
    lines = {ln.seat: ln for ln in chart.seat_lines()}
    plot = chart.plot_rect()

    def paper_share(seat):
        y = lines[seat].end.y()
        xs = range(int(plot.left() + 10), int(plot.right() - 2 * MARK_R - 4))
        paper = QColor("#f4ecd8")
        return sum(QColor(image.pixel(int(x * scale), int(y * scale))) == paper for x in xs) / len(xs)

    assert paper_share(0) == 0
    assert paper_share(1) > 0.15
    assert QPointF(lines[1].end) != QPointF(lines[0].end)


def test_marks_of_lines_ending_at_the_bottom_stay_inside_the_chart(qtbot):
    """Six lines ending on the bottom line: every mark stays whole inside the widget, a disc apart."""
    history = [[5, 3, 4, 2, 6, 1], [0, 0, 0, 0, 0, 0]]
    chart = _chart(qtbot, history)
    lines = chart.seat_lines()
    centres = sorted(ln.mark_at.y() for ln in lines)
    assert all(b - a >= 2 * MARK_R for a, b in zip(centres, centres[1:], strict=False))
    assert centres[-1] + MARK_R <= chart.height()
    assert centres[0] - MARK_R >= 0
