"""Victory Through Industry late in a game as players make it: the complexes spread over fourteen
to eighteen rows, and the player's own complex reads on a laptop, every factory by its name and
every card by its product and points.

A game played to its last turns by the Easy level in every seat (tests/ui/board_measure.py
`late_window`), in the real window at 1280×720 and 1024×700. Before, the complex panel took the
room of the largest complex of any player (Ann's, 15 × 18 cells), so the player's own 14 × 14 was
drawn at 30 pixels a cell, and half of the board's texts went to tooltips (195 of 384 at 1280×720,
198 of 383 at 1024×700): most factory names, the cards' "1 pt", every side's product code. Now the
panel's room is the player's own complex (another one opened is drawn smaller in it), and a
complex shown small draws its factories and cards dense (items.py `DENSE_PX`): the name on one
line across the cell (a short form of words.py's FACTORY_SHORT where it does not fit: "Refinery",
"Knaps."), a card's name over its points, the sides as arrows in their products' colours; and
on a small screen the Factories and Products panels stand two to a row in a column of their own,
so the complex takes the board's whole height (cells of 39 pixels at 1280×720, 37 at 1024×700). At
1280×720, 3 texts of 256 are left out, at 1024×700 4, none of them the complex's (product codes on
the Factories panel's longest recipe).
"""

from __future__ import annotations

import pytest

from engine.games.victory_through_industry.data import FACTORIES, PRODUCTS
from tests.ui.board_measure import click_piece, late_board_at_rest, measure, settle
from ui.board.text_boxes import boxes
from ui.games.victory_through_industry.items import FactoryTile, ProductCard
from ui.games.victory_through_industry.words import FACTORY_SHORT, PRODUCT_SHORT

MOST_LEFT_OUT = {(1280, 720): 0.02, (1024, 700): 0.05}


def _complex_pieces(scene):
    return [p for p in scene.pieces_of("complex") if isinstance(p, (FactoryTile, ProductCard)) and p.opacity() == 1]


@pytest.mark.parametrize("size", list(MOST_LEFT_OUT), ids=[f"{w}x{h}" for w, h in MOST_LEFT_OUT])
def test_a_large_complex_reads_on_a_laptop(shell, size):
    window = late_board_at_rest(shell, "victory-through-industry", size)
    c = window.controller
    seat = c.session.state.view(0)["seats"][0]
    reach = seat["reach"]
    assert reach[2] - reach[0] + 1 > 12 or reach[3] - reach[1] + 1 > 10, "the complex is not large: no test"
    m = measure(window.view, trace=True)  # (every piece painted anew, at the size shown)
    assert m.undrawn <= MOST_LEFT_OUT[size], \
        f"{size}: {len(m.left_out)} of {m.texts} texts left out (scale {m.scale:.2f}): " \
        f"{[(t, sorted(m.where.get(t, ()))) for t in sorted(set(m.left_out))[:20]]}"
    scene = window.view.scene()
    pieces = _complex_pieces(scene)
    assert len([p for p in pieces if isinstance(p, FactoryTile)]) == len(seat["factories"])
    unread = []
    for piece in pieces:
        words = {text for _rect, text in boxes(piece)}
        if isinstance(piece, FactoryTile):
            name = FACTORIES[piece.ftype].name
            if not words & {name, *FACTORY_SHORT.get(name, ())}:
                unread.append((name, words))
        else:
            product = PRODUCTS[piece.prod]
            if not words & {product.name, *PRODUCT_SHORT.get(product.name, ())} \
                    or not words & {f"{product.value} pt", str(product.value)}:
                unread.append((product.name, words))
    assert not unread, f"{size}: pieces of the complex without their name or points: {unread}"


def test_opening_another_complex_moves_no_panel(shell):
    """Ann's complex (15 × 18 cells) opened from her overview is drawn smaller in the room of the
    player's own (14 × 14): the panel keeps its size, and no other panel moves; Esc brings the
    player's own back, as it was."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    window = late_board_at_rest(shell, "victory-through-industry", (1280, 720))
    view = window.view
    scene = view.scene()
    rects = dict(scene.arrangement.rects)
    own_k = scene._complex_k
    overview = scene.pool.items[("overview", 1)]
    click_piece(view, overview)
    settle(QApplication.instance(), 100)
    assert "Ann" in scene.pool.items[("complex-panel",)].title
    assert scene.arrangement.rects == rects
    assert scene._complex_k < own_k
    QTest.keyClick(view, Qt.Key.Key_Escape)
    settle(QApplication.instance(), 100)
    assert scene.arrangement.rects == rects and scene._complex_k == own_k


def test_the_factories_tear_down_and_move_badges_read_in_a_late_complex(shell):
    """At 1280×720, late, the non-production move (clicked on the board) puts a ✕ and a ↻ on every
    factory: drawn in lines (items.py SignBadge), they read at 9 pixels, where the written signs
    were left to the tooltip (80 of 340 texts: the badges read as blank rings), and they sit in the
    card's corners, clear of its name."""
    from PySide6.QtWidgets import QApplication

    from ui.games.victory_through_industry.items import SignBadge

    window = late_board_at_rest(shell, "victory-through-industry", (1280, 720))
    c, view = window.controller, window.view
    scene = view.scene()
    move = next(a for a in c.legal if a.kind == "nonproduction")
    click_piece(view, scene.item_for(move))
    settle(QApplication.instance(), 150)
    assert {a.kind for a in c.legal} >= {"tear_down", "move_factory"}
    m = measure(view, trace=True)
    assert m.undrawn <= MOST_LEFT_OUT[(1280, 720)], \
        f"{len(m.left_out)} of {m.texts} left out: {sorted(set(m.left_out))}"
    badges = [p for p in scene.pieces_of("complex") if isinstance(p, SignBadge)]
    factories = c.session.state.view(0)["seats"][0]["factories"]
    assert {b.sign for b in badges} == {"tear", "move"} and len(badges) >= len(factories)
    for badge in badges:
        tile = scene.pool.items[("fac", tuple(badge.action.args))]
        name_boxes = [tile.mapRectToScene(rect) for rect, _text in boxes(tile)]
        assert name_boxes, f"{FACTORIES[tile.ftype].name} shows no name"
        disc = badge.mapRectToScene(badge.outline().boundingRect())
        for b in name_boxes:  # (a stretch of two letters' squares of the name, as board_measure.cover)
            over = disc.intersected(b)
            assert over.width() * over.height() <= 0.1 * min(b.width(), 2 * b.height()) * b.height(), \
                f"a badge over the name of the {FACTORIES[tile.ftype].name}"


@pytest.mark.parametrize("size", list(MOST_LEFT_OUT), ids=[f"{w}x{h}" for w, h in MOST_LEFT_OUT])
def test_a_late_game_loaded_looks_like_the_game_played(shell, qtbot, tmp_path, size):
    """The late board played on for a few decisions (its complexes growing, the room of the
    player's own following), saved and loaded: the same pieces, words and places, at the same
    scale (tests/ui/test_load_looks_the_same.py's comparison): the room and the dense cells depend
    on the view and the screen, never on how the game came there."""
    from saves.store import write_session
    from tests.ui.board_measure import play_on
    from tests.ui.test_load_looks_the_same import differences, fit, screen

    window = late_board_at_rest(shell, "victory-through-industry", size)
    c = window.controller
    play_on(window, 12)
    qtbot.waitUntil(lambda: c.human_to_move() or c.session.is_over(), timeout=30_000)
    qtbot.wait(100)
    live, live_fit = screen(window), fit(window)
    path = tmp_path / "late.tycoons"
    write_session(c.session, str(path))
    c.saved_length = len(c.session.log)
    assert shell.load_game(path=str(path)) is window
    qtbot.waitUntil(lambda: window.controller.human_to_move() or window.controller.session.is_over(), timeout=30_000)
    qtbot.wait(100)
    loaded, loaded_fit = screen(window), fit(window)
    assert not differences(live, loaded), "\n".join(differences(live, loaded))
    if live_fit[2] == loaded_fit[2]:
        assert loaded_fit[:2] == live_fit[:2]
