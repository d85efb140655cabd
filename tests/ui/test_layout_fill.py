"""A panel that may fill (ui/board/layout.py `Leaf.h_fill`) grows only into the room its
arrangement leaves inside the board, after the arrangement is chosen: the board is no larger and
the same arrangement is chosen as without it, so a board looks the same however it came to be."""

from ui.board.layout import Column, Either, Leaf, Row, arrange


def tree(fill: float):
    short = Column(Leaf("a", 100, 100), Leaf("b", 100, 50, h_fill=fill), gap=12)
    return Either(Row(short, Leaf("c", 100, 300), gap=12), Column(short, Leaf("c", 100, 300), gap=12))


def test_a_panel_fills_the_room_beside_a_longer_column_and_no_more():
    for room in ((400, 300), (300, 800), (1000, 200)):
        plain, filled = arrange(tree(0.0), room), arrange(tree(80.0), room)
        assert filled.key == plain.key and filled.size == plain.size, room
        if plain.key[0] == 0:  # side by side: b grows toward c's bottom, at most 80 units
            assert filled.rects["b"][3] == 50 + 80
            assert arrange(tree(500.0), room).rects["b"][3] == 300 - 100 - 12
        else:  # stacked: no room beside a longer column, b stays as it is
            assert filled.rects["b"] == plain.rects["b"]
