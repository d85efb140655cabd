"""Victory Through Industry late in a game as players make it: its complexes spread over fifteen
columns and seventeen rows, and the complex shown large takes at most the room of 12 × 10 cells
(`regions.geometry.complex_scale`), so the rest of the board keeps words a player can read.

A game played to its last turns by the Easy level in every seat (tests/ui/board_measure.py
`late_window`), in the real window: at 1280×720 and 1024×700, of the texts the board asks to draw
outside the complex's cells (the factory supply, the contracts, the players, the products, the
choices), at most 2 % and 5 % are left to tooltips. Before, the complex was drawn at full size
and the board shrank to scale 0.28: 97.5 % of all its texts went to tooltips at both sizes (9
words drawn at 1280×720), the right column a blank of empty boxes; after, the board is drawn at
0.50 and 0.48. The complex's own small cells show their products' colours and leave the names of
most factories to their tooltips (zoom in, or a larger window, for those).
"""

from __future__ import annotations

import pytest

from tests.ui.board_measure import late_board_at_rest, measure

CELL_PIECES = {"FactoryTile", "ProductCard", "CellTarget"}
"""What stands in a cell of the complex shown large."""
MOST_LEFT_OUT = {(1280, 720): 0.02, (1024, 700): 0.05}


@pytest.mark.parametrize("size", list(MOST_LEFT_OUT))
def test_a_large_complex_leaves_the_rest_of_the_board_readable(shell, size):
    window = late_board_at_rest(shell, "victory-through-industry", size)
    c = window.controller
    seat = c.session.state.view(0)["seats"][0]
    reach = seat["reach"]
    assert reach[2] - reach[0] + 1 > 12 or reach[3] - reach[1] + 1 > 10, "the complex is not large: no test"
    m = measure(window.view, trace=True)
    # (the measure says which kinds of piece left each text out, not how often each did: a text
    # left out by a cell and by another piece counts once)
    elsewhere = sorted({t for t in m.left_out if not m.where.get(t, set()) <= CELL_PIECES})
    assert len(elsewhere) / m.texts <= MOST_LEFT_OUT[size], \
        f"{size}: {len(elsewhere)} of {m.texts} texts outside the complex left out (scale {m.scale:.2f}): " \
        f"{[(t, sorted(m.where.get(t, ()))) for t in elsewhere[:20]]}"
