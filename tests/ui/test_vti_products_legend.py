"""Victory Through Industry's products read without hovering: the cards, recipes and contracts show
a product by its glyph ("Fe", "Ni", "Kn"), and the bank's Products panel is a legend on the board
that spells out every glyph the board shows, beside its name (or the short word players use:
"Nitro") and its value. Through the real window, offscreen, after a few rounds with the AIs; the
texts are read as the pieces paint them (ui/board/legible.py's tally)."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPainter

from engine.core.contract import SeatInfo
from engine.core.rng import Rng
from engine.games.victory_through_industry.data import PRODUCTS
from tests.ui.test_newcomer_words import drawn_texts
from ui.games.victory_through_industry.items import PRODUCT_SHORT


def texts_in(view, rect: QRectF) -> list[str]:
    """The texts the board draws inside `rect` (board units), painted at the scale the view
    shows the board at."""
    from ui.board import legible

    for item in view.scene().items(rect):
        item.update()  # painted afresh, not copied from its picture as last painted
    scale = view.transform().m11()
    image = QImage(math.ceil(rect.width() * scale), math.ceil(rect.height() * scale), QImage.Format.Format_ARGB32)
    image.fill(0)
    tally = legible.Tally()
    legible.TALLY = tally
    painter = QPainter(image)
    try:
        view.scene().render(painter, QRectF(image.rect()), rect)
    finally:
        painter.end()
        legible.TALLY = None
    return tally.shown


@pytest.mark.parametrize("size", [(1280, 720), (1024, 700)], ids=["1280x720", "1024x700"])
def test_the_legend_spells_out_every_product_code_the_board_shows(shell, qtbot, settings, size):
    window = shell.start_game("victory-through-industry",
                              [SeatInfo("You"), SeatInfo("Ann", "ai", "easy"), SeatInfo("Bob", "ai", "easy")], {}, 5)
    qtbot.waitExposed(window)
    window.resize(*size)
    c = window.controller
    rng = Rng(3)
    for _ in range(30):  # the draft, the placing and a few rounds of play
        qtbot.waitUntil(lambda: c.human_to_move() or c.session.is_over(), timeout=30_000)
        c.take(rng.choice(c.legal))
    qtbot.waitUntil(c.human_to_move, timeout=30_000)
    qtbot.wait(50)
    view, scene = window.view, window.view.scene()
    glyphs = {p.glyph: key for key, p in PRODUCTS.items()}
    shown = [t for t in drawn_texts(view) if t in glyphs]
    assert len(set(shown)) >= len(glyphs) // 2, f"the board shows few product codes: {sorted(set(shown))}"
    on_screen = view.mapToScene(view.viewport().rect()).boundingRect()
    for glyph in sorted(set(shown)):
        product = PRODUCTS[glyphs[glyph]]
        entry = scene.pool.items.get(("palette", glyphs[glyph]))
        assert entry is not None and entry.isVisible(), f"no legend entry for {glyph} ({product.name})"
        rect = entry.sceneBoundingRect()
        assert on_screen.contains(rect), f"the legend's {product.name} lies outside the view"
        words = texts_in(view, rect)
        assert glyph in words, f"the legend does not show {glyph} beside {product.name}: {words}"
        assert {product.name, *PRODUCT_SHORT.get(product.name, ())} & set(words), \
            f"the legend does not spell out {glyph}: {words}"
        assert str(product.value) in words, f"the legend does not give {product.name}'s value: {words}"
