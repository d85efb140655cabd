"""The room a board leaves empty in its view: where a card may lie over the view and cover nothing.

The view is cut into cells of `CELL` pixels; every cell a piece of the board takes (its painted
area, a little margin round it) or the strip the view keeps above the board for the prompt bar
(`BoardView.top_reserve`) is taken; the largest rectangle of free cells is the room.

    room = free_room(view, QSize(240, 120))     # a QRect of viewport pixels, or None
    taken = Taken(view); taken.share(rect)      # how much of a rectangle the board's pieces take
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from PySide6.QtCore import QRect, QSize

from ui.board.overlay import is_overlay

if TYPE_CHECKING:
    from ui.board.view import BoardView

CELL = 8
"""Pixels a side of the grid's cells."""
MARGIN = 6
"""Pixels kept free round every piece."""


def _taken(view: BoardView) -> list[list[bool]]:
    port = view.viewport().rect()
    cols, rows = math.ceil(port.width() / CELL), math.ceil(port.height() / CELL)
    grid = [[False] * cols for _ in range(rows)]
    reserve = view.top_reserve
    for r in range(min(rows, math.ceil(reserve / CELL))):
        grid[r] = [True] * cols
    scene = view.scene()
    if scene is None:
        return grid
    to_view = view.viewportTransform()
    from PySide6.QtWidgets import QGraphicsItem

    empty = QGraphicsItem.GraphicsItemFlag.ItemHasNoContents
    for item in scene.items():
        if not item.isVisible() or is_overlay(item) or item.flags() & empty:
            continue
        parent = item.parentItem()
        if parent is not None and not (parent.flags() & empty) and parent.isVisible():
            continue  # a part of a piece lies on it
        box = item.deviceTransform(to_view).mapRect(item.boundingRect()).adjusted(-MARGIN, -MARGIN, MARGIN, MARGIN)
        c0, c1 = max(0, math.floor(box.left() / CELL)), min(cols, math.ceil(box.right() / CELL))
        r0, r1 = max(0, math.floor(box.top() / CELL)), min(rows, math.ceil(box.bottom() / CELL))
        for r in range(r0, r1):
            row = grid[r]
            row[c0:c1] = [True] * max(0, c1 - c0)
    return grid


def free_room(view, least: QSize, inside: QRect | None = None) -> QRect | None:
    """The largest rectangle of `view`'s viewport where no piece of its board is drawn, at least
    `least` (pixels), or None. `inside`: only within that rectangle of the viewport (the board's
    own box: the room a layout leaves empty between its panels, not the view's margins)."""
    grid = _taken(view)
    if not grid:
        return None
    if inside is not None:
        for r, row in enumerate(grid):
            for c in range(len(row)):
                cell = QRect(c * CELL, r * CELL, CELL, CELL)
                if not inside.contains(cell):
                    row[c] = True
    cols = len(grid[0])
    heights = [0] * cols
    best, best_area = None, 0
    for r, row in enumerate(grid):
        for c in range(cols):
            heights[c] = 0 if row[c] else heights[c] + 1
        stack: list[int] = []  # the largest rectangles in the histogram of free cells above row r
        for c in range(cols + 1):
            h = heights[c] if c < cols else 0
            while stack and heights[stack[-1]] >= h:
                top = stack.pop()
                height = heights[top]
                left = stack[-1] + 1 if stack else 0
                width = c - left
                rect = QRect(left * CELL, (r - height + 1) * CELL, width * CELL, height * CELL)
                if rect.width() >= least.width() and rect.height() >= least.height() \
                        and rect.width() * rect.height() > best_area:
                    best, best_area = rect, rect.width() * rect.height()
            stack.append(c)
    return best.intersected(view.viewport().rect()) if best is not None else None


class Taken:
    """The cells of `view`'s viewport the board takes now (its pieces with a margin, the strip kept
    for the prompt bar), to ask how much of any rectangle of the viewport they take: a lesson's
    bubble looks for the place that covers least of the board (ui/tutorial/callout.py)."""

    def __init__(self, view: BoardView):
        grid = _taken(view)
        cols = len(grid[0]) if grid else 0
        # sums[r][c]: the taken cells above row r and left of column c (a summed-area table)
        self.sums = [[0] * (cols + 1) for _ in range(len(grid) + 1)]
        for r, row in enumerate(grid):
            run, above, line = 0, self.sums[r], self.sums[r + 1]
            for c, taken in enumerate(row):
                run += taken
                line[c + 1] = above[c + 1] + run

    def share(self, rect: QRect) -> float:
        """The share of `rect` (viewport pixels) in cells the board takes (0 outside the viewport)."""
        rows, cols = len(self.sums) - 1, len(self.sums[0]) - 1 if self.sums else 0
        left, right = rect.left() // CELL, math.ceil((rect.right() + 1) / CELL)
        top, bottom = rect.top() // CELL, math.ceil((rect.bottom() + 1) / CELL)
        whole = max(1, (right - left) * (bottom - top))  # the cells it touches, off the viewport too
        c0, c1, r0, r1 = max(0, left), min(cols, right), max(0, top), min(rows, bottom)
        if c1 <= c0 or r1 <= r0:
            return 0.0
        s = self.sums
        return (s[r1][c1] - s[r0][c1] - s[r1][c0] + s[r0][c0]) / whole
