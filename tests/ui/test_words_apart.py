"""No word of a board is drawn over another word of it. For every registered game, in the real
window (You and two Easy AIs, after 8 of your decisions, once the pieces rest) at 1024×700,
1280×720 and 1920×1080, the boxes of the texts the board's pieces drew (ui/board/text_boxes.py,
from the top of a line's capitals to the foot of its descenders) are compared two by two: none
may lie more than a third inside another.

A third, not the fifth the overlays are held to (tests/ui/test_calm_table.py): two lines set close
in a small piece (an Advance's name in two lines above its cost, in Captains of Industry at
1024×700) share up to 30 % of the smaller box where no letter touches another, while a word
drawn over another shares more: Robber Barons' Business spaces drew "Draw a card" under their
number at 1024×700 and 1280×720 ("Draw a car16", 40–48 %).

Tokens are words of the board too: a marker's mark (a seat's initial, a company's two letters)
is held to the same third against every other word, and no word is more than a third under a
token drawn over it (`words_under_tokens`: a disc over the letters of another marker, or over the
track's number it stands by). They were left out while a track's markers stood on one another
and on their space's number ("Sp" over "Br" 84 %, "Br" over the Appeal Track's "1" 100 %, in
City of the Big Shoulders; 1st CEO's "NV" over two thirds of an "A"): a track's markers now stand
in a row by their space (ui/board/items.py `TrackItem.place_markers`).
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from tests.ui.board_measure import at_rest, overlay_kind, played_window, words_under_tokens
from ui.games import playable_specs

INSIDE = 1 / 3
SIZES = [(1024, 700), (1280, 720), (1920, 1080)]


def words_over_words(view) -> list[tuple[str, str, float]]:
    """(a text, a text it lies over, the share of the smaller box inside the other) of every pair
    of the board's drawn texts that overlap by more than INSIDE, tokens' marks with the rest."""
    from ui.board.text_boxes import boxes_in_view

    scene = view.scene()
    for item in scene.items():
        item.update()  # every cached piece paints again, now
    view.viewport().grab()
    pieces = [i for i in scene.items() if overlay_kind(i) is None]
    boxes = [(r, t) for r, t, _p in boxes_in_view(view, pieces) if r.width() > 1 and r.height() > 1]
    found = []
    for i, (a, text_a) in enumerate(boxes):
        for b, text_b in boxes[i + 1:]:
            inter = a.intersected(b)
            if inter.isEmpty():
                continue
            smaller = min(a.width() * a.height(), b.width() * b.height())
            share = inter.width() * inter.height() / smaller
            if share > INSIDE:
                found.append((text_a, text_b, round(share, 2)))
    return found


def test_the_measure_sees_a_word_over_another(shell):
    """The measure itself: a board's text moved onto another is found."""
    from ui.board.text_boxes import boxes_in_view

    window = played_window(shell, "robber-barons", (1280, 720), decisions=0)
    view = window.view
    at_rest(QApplication.instance(), view)
    assert words_over_words(view) == []
    drawn = [(r, p) for r, t, p in boxes_in_view(view, view.scene().items()) if t == "Railroads" or t == "Rails"]
    other = [(r, p) for r, t, p in boxes_in_view(view, view.scene().items()) if t in ("Sugar", "Tobacco")]
    assert drawn and other
    (rect, piece), (target, _) = drawn[0], other[0]
    scale = view.transform().m11()
    piece.moveBy((target.center().x() - rect.center().x()) / scale, (target.center().y() - rect.center().y()) / scale)
    assert words_over_words(view), "a name moved onto another was not seen"


@pytest.mark.parametrize("game_id", [s.id for s in playable_specs()])
def test_no_word_of_the_board_is_drawn_over_another(shell, game_id):
    found = []
    for size in SIZES:
        window = played_window(shell, game_id, size, decisions=8)
        at_rest(QApplication.instance(), window.view)
        found += [f"{size}: {a!r} and {b!r} ({share:.0%})" for a, b, share in words_over_words(window.view)]
        found += [f"{size}: {word!r} under the token {mark!r} ({share:.0%})"
                  for word, mark, share in words_under_tokens(window.view, INSIDE)]
        window.controller.close()
    assert not found, f"{game_id}:\n" + "\n".join(found[:30])
