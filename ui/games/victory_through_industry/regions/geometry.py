"""Where the Victory Through Industry board's parts go: the cells of the complex shown large, the
product cards in them, the right column, the factory supply and the bank, and the grid a complex is
drawn on."""

from __future__ import annotations

from engine.core.contract import Action
from engine.games.victory_through_industry.data import FACTORY_IDS

C = 110.0          # a cell of the large complex
CARD = 104.0       # a product card inside a cell (a margin of CARD_MARGIN round it)
M = 20.0           # outer margin
SIDE_W = 560.0     # the right column
TILE = 120.0       # a rotation choice (large: the sides' products must be readable on a laptop)
RECIPE_W, RECIPE_H = 172.0, 54.0   # a factory type in the supply
CHIP = 44.0        # a product as a chip
ENTRY_W, ENTRY_H = 170.0, 28.0   # a product in the bank's legend (three in a row of the right column)
MIN_COLS, MIN_ROWS = 6, 4
"""The least grid of the complex shown large (it grows as factories are built beyond it)."""
MIN_COMPLEX_W = MIN_COLS * C + 32
MOST_COLS, MOST_ROWS = 12, 10
"""The most room the complex shown large takes, in cells of full size: a larger complex is drawn
smaller (`complex_scale`), so that late in a game, when a complex has spread over fifteen columns,
it does not shrink the rest of the board until no word of it can be read."""


def complex_scale(cols: int, rows: int) -> float:
    """The scale of a complex's cells, pieces and cards: 1 up to MOST_COLS × MOST_ROWS cells, less
    beyond. It depends on the grid alone (the complexes' reach, a fact of the game), so a game
    loaded from its save draws the complex as the game played did.

    >>> complex_scale(6, 4), complex_scale(15, 8), complex_scale(10, 16)
    (1.0, 0.8, 0.625)
    """
    return min(1.0, MOST_COLS / cols, MOST_ROWS / rows)
SUPPLY_W = [n * (RECIPE_W + 6) + 26 for n in (5, 4, 3, 8, 2)]
"""The factory supply's widths: five types to a row (under the complex), four or three (in a
column of its own), or eight (a wide room)."""


def supply_per_row(width: float) -> int:
    """Factory types to a row of the supply `width` wide."""
    return max(2, int((width - 26) // (RECIPE_W + 6)))


def supply_height(per_row: int) -> float:
    """The factory supply's height with `per_row` types to a row."""
    return (len(FACTORY_IDS) + per_row - 1) // per_row * (RECIPE_H + 6) + 42


def grid_extent(seat: dict, targets: list[Action]) -> tuple[int, int, int, int]:
    """(left, top, right, bottom) of the grid a complex is drawn on: its reach (every cell a factory
    of it has stood on and the ring round it, as the view has it: the cells where one may go). The
    reach only grows, so a card moved, a factory torn down or a decision undone never re-centres
    the grid and nothing slides under the cursor; and a game opened from a save or reviewed draws
    the grid the live board drew. Before the first factory, the cells offered (`targets`)."""
    reach = seat.get("reach")
    if reach:
        return tuple(reach)
    cells = [tuple(a.args[-2:]) for a in targets] or [(0, 0)]
    xs, ys = [c[0] for c in cells], [c[1] for c in cells]
    return min(xs) - 1, min(ys) - 1, max(xs) + 1, max(ys) + 1
