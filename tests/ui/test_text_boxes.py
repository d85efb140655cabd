"""Where a piece's words are inked (ui/board/text_boxes.py), as the marks' placement and the cover
measure read them: a text wrapped into lines is one box a line, each as long as its line, so a
mark beside a short last line hides nothing and a mark over its first letters is seen. (One box
for the lines together hid a City of the Big Shoulders change mark laid over "off" of a building's
"Asset $10 off": a fifth of the three lines' box was not covered, the word was.)"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QFontMetricsF

from ui.board import style
from ui.board.text_boxes import _inked_lines
from ui.games import playable_specs


def test_a_wrapped_text_is_a_box_a_line(qapp):
    font = style.sans(10)
    fm = QFontMetricsF(font)
    width = fm.horizontalAdvance("Asset $10") + 4
    box = (0.0, 0.0, width, 200.0)
    flags = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap)
    lines = _inked_lines("Asset $10 off", font, box, flags)
    assert len(lines) == 2
    first, last = lines
    assert last.top() > first.bottom() - 1 and last.width() < first.width() / 2
    assert abs(last.width() - fm.horizontalAdvance("off")) < 2
    assert first.left() == last.left() == 0.0
    # centred lines stand in the middle of the box; an explicit line break breaks there
    centred = _inked_lines("Asset $10 off", font, box, flags & ~int(Qt.AlignmentFlag.AlignLeft)
                           | int(Qt.AlignmentFlag.AlignHCenter))
    assert abs(centred[1].center().x() - width / 2) < 1
    assert len(_inked_lines("2 Lumber\n1 Stone 1 R", font, (0.0, 0.0, 500.0, 200.0), flags)) == 2
    # one line that fits is its letters' ink, as before
    (one,) = _inked_lines("off", font, box, flags)
    assert one.width() <= fm.horizontalAdvance("off") + 1 and one.height() < fm.height()
    assert QRectF(*box).contains(one)


GAMES = [s.id for s in playable_specs()]


@pytest.mark.parametrize("game_id", GAMES)
def test_no_board_text_runs_beyond_its_piece(shell, game_id):
    """Every text a board draws lies on the piece it is painted in, early in a game (24 of your
    decisions, at 1024x700, 1280x720 and 1920x1080) and late in a game played by the Easy level
    (board_measure.late_board_at_rest): a text that does not fit its piece in any allowed form is
    left to the tooltip (and counted so), never drawn with its last line under the piece's edge.
    Before, City of the Big Shoulders at 1280x720 late in a game drew "must hold $150" of a
    dividend building half under its card's edge (and, in Decade 5 of a random game, the
    Executive's "factories)" and the Savings Bank's "slot price"), which the measure counted as
    drawn: the effect's rect ran to the card's edge, and wrapped lines may run a tenth below it."""
    from PySide6.QtWidgets import QApplication

    from tests.ui.board_measure import late_board_at_rest, measure, played_window, settle, words_beyond

    sizes = [(1024, 700), (1280, 720), (1920, 1080)]
    found = []
    window = played_window(shell, game_id, sizes[0], decisions=24)
    for size in sizes:
        window.resize(*size)
        settle(QApplication.instance())
        measure(window.view)
        found += [f"early {size}: {w}" for w in words_beyond(window.view)]
    window.controller.close()
    for size in sizes:
        window = late_board_at_rest(shell, game_id, size)
        measure(window.view)
        found += [f"late {size}: {w}" for w in words_beyond(window.view)]
        window.controller.close()
    assert not found, f"{game_id}:\n" + "\n".join(found)


def test_every_big_shoulders_building_keeps_its_effect_on_its_card(shell):
    """Every building of City of the Big Shoulders, laid on a built tile of a player's row late in
    a game (with its "used" tag and without), at 1024x700, 1280x720 and 1920x1080: its effect is
    drawn on the card, in a shorter form or fewer lines where the whole does not fit, never with
    a line under the card's edge. Before, at 1280x720, the Executive's "factories)", the Savings
    Bank's "slot price" and the dividends' "must hold $150" were drawn half under it."""
    from engine.games.big_shoulders.data import BUILDINGS
    from tests.ui.board_measure import late_board_at_rest
    from ui.board import text_boxes
    from ui.games.big_shoulders.items import BuildingTile

    found = []
    for size in [(1024, 700), (1280, 720), (1920, 1080)]:
        window = late_board_at_rest(shell, "big-shoulders", size)
        tiles = [t for t in window.view.scene().items()
                 if isinstance(t, BuildingTile) and t.isVisible() and t.look and t.look[0] is not None]
        assert tiles, "no building built late in the game"
        # a tile of each size: the rows' built tiles and the hand's larger ones
        for tile in {(t.w, t.h): t for t in tiles}.values():
            _, colour, mark, note, era = tile.look[:5]
            for bid in BUILDINGS:
                for marked in ("", "used"):
                    tile.set_building(bid, colour, mark, note, "", era, marked)
                    window.view.viewport().grab()  # (the tile paints again: its look changed)
                    found += [f"{size} {tile.w:.0f}x{tile.h:.0f} #{bid} {marked}: {text} {reach}"
                              for text, reach in text_boxes.beyond_piece(tile, tile.rect())]
        window.controller.close()
    assert not found, "\n".join(found)
