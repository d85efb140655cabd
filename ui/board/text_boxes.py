"""Where each board piece drew its words, the last time it painted: what a mark, a badge or a card
laid over the board must leave uncovered (ui/board/spotlight.py places a player's mark by them;
tests/ui/board_measure.py counts the words something covers).

Every piece paints through `guarded_paint` (ui/board/paint_guard.py), which calls `begin` and
`end` round its paint, and every text it draws goes through `legible.draw_shown`, which calls
`note`; so nothing here knows a game, and a piece's own layout decides where its words are.
A piece keeps only how each text was drawn (its plan and the painter's transform relative to
the piece's own coordinates); the box is measured when asked (`boxes`).

    for rect, text in boxes(piece):     # in the piece's own coordinates
        ...
    for rect, text, piece in boxes_in_view(view):   # in the view's pixels, on screen now
        ...
"""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QTransform

_painting: list[tuple[object, QTransform]] = []
"""The pieces painting now (a piece's paint may draw another's: a scene's render), innermost
last, each with the inverse of the painter's transform when it began."""


def begin(item, painter) -> None:
    """`item` starts painting with `painter`: its words of the last paint are forgotten."""
    inverse, ok = painter.worldTransform().inverted()
    if not ok:
        inverse = QTransform()
    try:
        item._text_drawn = []
    except AttributeError:  # an item that takes no attributes keeps no words
        return
    _painting.append((item, inverse))


def end(item) -> None:
    if _painting and _painting[-1][0] is item:
        _painting.pop()


def note(painter, shown) -> None:
    """The piece painting now drew `shown` (a `legible.Shown`) with `painter`."""
    if not _painting:
        return
    item, inverse = _painting[-1]
    item._text_drawn.append((painter.worldTransform() * inverse, shown))


def boxes(item) -> list[tuple[QRectF, str]]:
    """The rects `item` drew its words in (its own coordinates) and the words, at its last paint."""
    # any item: one that has not painted yet (or takes no attributes) has drawn no words
    return [(to_item.mapRect(shown.extent()), shown.text) for to_item, shown in getattr(item, "_text_drawn", ())]


def boxes_in_view(view, pieces=None) -> list[tuple[QRectF, str, object]]:
    """The words of the pieces shown in `view` now (all of its scene's, or `pieces`), each as a
    rect of the view's viewport pixels, the text and its piece; words outside the viewport are
    left out and words partly in it cut to it."""
    scene = view.scene()
    if scene is None:
        return []
    port = QRectF(view.viewport().rect())
    to_view = view.viewportTransform()
    out = []
    for item in pieces if pieces is not None else scene.items():
        drawn = getattr(item, "_text_drawn", None)  # (any item of the scene: see boxes)
        if not drawn or not item.isVisible():
            continue
        device = item.deviceTransform(to_view)
        for rect, text in boxes(item):
            box = device.mapRect(rect).intersected(port)
            if not box.isEmpty():
                out.append((box, text, item))
    return out
