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

A piece that paints a solid shape of its own over the place of its words (a count's badge on a
tile's corner) says so with `note_over`; `covered_words` tells which of its words that shape
hides, and how much of each (tests/ui/board_measure.py counts them with what lies over the board).
"""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QFont, QFontMetricsF, QTransform

from ui.board.overlay import is_overlay

_painting: list[tuple[object, QTransform]] = []
"""The pieces painting now (a piece's paint may draw another's: a scene's render), innermost
last, each with the inverse of the painter's transform when it began."""


GENERATION = 0
"""Counts the paints that drew some piece's words elsewhere or other words than before: what
lies over the board is placed again when it changed (BoardView.paintEvent)."""


def begin(item, painter) -> None:
    """`item` starts painting with `painter`: its words of the last paint are forgotten."""
    inverse, ok = painter.worldTransform().inverted()
    if not ok:
        inverse = QTransform()
    try:
        # (any item: one that has not painted yet has drawn no words)
        item._text_before = getattr(item, "_text_drawn", None)
        item._text_drawn = []
        item._over_drawn = []
    except AttributeError:  # an item that takes no attributes keeps no words
        return
    _painting.append((item, inverse))


def end(item) -> None:
    global GENERATION
    if _painting and _painting[-1][0] is item:
        _painting.pop()
        before, now = item._text_before, item._text_drawn
        item._text_before = None
        if before is None or len(before) != len(now) or any(
                a[1].text != b[1].text or a[1].box != b[1].box or a[0] != b[0]
                for a, b in zip(before, now, strict=True)):
            GENERATION += 1


def note(painter, shown) -> None:
    """The piece painting now drew `shown` (a `legible.Shown`) with `painter`."""
    if not _painting:
        return
    item, inverse = _painting[-1]
    item._text_drawn.append((painter.worldTransform() * inverse, shown))


def note_over(painter, rect: QRectF) -> None:
    """The piece painting now drew a solid shape filling `rect` (the painter's coordinates) over
    whatever it drew before: the words it drew so far lie under it."""
    if not _painting:
        return
    item, inverse = _painting[-1]
    item._over_drawn.append(((painter.worldTransform() * inverse).mapRect(rect), len(item._text_drawn)))


def covered_words(item) -> list[tuple[str, float]]:
    """The words `item` drew at its last paint that a solid shape it drew after them (`note_over`)
    covers, each with the share of its box covered (0 to 1)."""
    overs = getattr(item, "_over_drawn", ())  # (any item: see boxes)
    if not overs:
        return []
    out = []
    for i, (to_item, shown) in enumerate(getattr(item, "_text_drawn", ())):
        for line in _inked_lines(shown.text, shown.font, shown.box.getRect(), shown.flags):
            rect = to_item.mapRect(line)
            area = max(1e-6, rect.width() * rect.height())
            hidden = 0.0
            for over, words_before in overs:
                if i < words_before:  # (drawn over the words painted before it)
                    inter = over.intersected(rect)
                    hidden += inter.width() * inter.height() / area
            if hidden > 0:
                out.append((shown.text, min(1.0, hidden)))
    return out


def boxes(item) -> list[tuple[QRectF, str]]:
    """The rects of the words `item` drew at its last paint (its own coordinates), and the words:
    a line's letters from the top of its capitals to the foot of its descenders, as inked (a mark
    may pass through the empty line height above a word without hiding it); a text in several
    lines, one box for each line, as long as the line (a mark beside a short last line, "off" of
    "Asset $10 off", hides nothing; one over its first letter is seen)."""
    # any item: one that has not painted yet (or takes no attributes) has drawn no words
    return [(to_item.mapRect(rect), shown.text)
            for to_item, shown in getattr(item, "_text_drawn", ())
            for rect in _inked_lines(shown.text, shown.font, shown.box.getRect(), shown.flags)]


def boxes_with_parts(item) -> list[tuple[QRectF, str]]:
    """`boxes(item)` and the words of the parts lying on it (its children: a count on a pile, a
    chip on a card), all in `item`'s coordinates; marks and badges over it are no parts."""
    out = list(boxes(item))
    for child in item.childItems():
        if is_overlay(child) or not child.isVisible():
            continue
        out += [(child.mapRectToParent(rect), text) for rect, text in boxes_with_parts(child)]
    return out


@lru_cache(maxsize=20_000)
def _inked_lines(text: str, font: QFont, box: tuple[float, float, float, float], flags: int) -> tuple[QRectF, ...]:
    """The ink of `text` drawn in `box` with `flags`, a rect for each line (see `boxes`)."""
    fm = QFontMetricsF(font)
    if "\n" not in text and fm.horizontalAdvance(text) <= box[2] + 0.5:
        return (_ink(text, font, box, flags),)
    whole = fm.boundingRect(QRectF(*box), flags, text)
    widths = _line_widths(text, font, box[2], flags)
    if not widths:
        return (whole,)
    step = whole.height() / len(widths)
    top_ink = max(0.0, fm.ascent() - fm.capHeight())  # (the empty height above the capitals)
    x, w = box[0], box[2]
    out = []
    for i, width in enumerate(widths):
        if flags & Qt.AlignmentFlag.AlignHCenter:
            left = x + (w - width) / 2
        elif flags & Qt.AlignmentFlag.AlignRight:
            left = x + w - width
        else:
            left = x
        out.append(QRectF(left, whole.top() + i * step + top_ink, width, max(1.0, step - top_ink)))
    return tuple(out)


def _line_widths(text: str, font: QFont, width: float, flags: int) -> list[float]:
    """The natural width of each line `text` takes in a box `width` wide, wrapped as QPainter
    wraps it (at words; anywhere with TextWrapAnywhere)."""
    from PySide6.QtGui import QTextLayout, QTextOption

    mode = QTextOption.WrapMode.NoWrap
    if flags & Qt.TextFlag.TextWrapAnywhere:
        mode = QTextOption.WrapMode.WrapAnywhere
    elif flags & Qt.TextFlag.TextWordWrap:
        mode = QTextOption.WrapMode.WordWrap
    widths = []
    for paragraph in text.split("\n"):
        layout = QTextLayout(paragraph, font)
        option = QTextOption()
        option.setWrapMode(mode)
        layout.setTextOption(option)
        layout.beginLayout()
        while True:
            line = layout.createLine()
            if not line.isValid():
                break
            line.setLineWidth(width)
            widths.append(min(width, line.naturalTextWidth()))
        layout.endLayout()
    return widths


@lru_cache(maxsize=20_000)
def _ink(text: str, font: QFont, box: tuple[float, float, float, float], flags: int) -> QRectF:
    """Where `text` drawn in `box` with `flags` puts ink (see `boxes`); remembered, as a board
    draws the same words over and over."""
    fm = QFontMetricsF(font)
    line = fm.boundingRect(QRectF(*box), flags, text)
    if "\n" in text or fm.horizontalAdvance(text) > box[2] + 0.5:  # wrapped: the lines' box
        return line
    tight = fm.tightBoundingRect(text)
    return QRectF(line.left() + max(0.0, tight.left()), line.top() + fm.ascent() + tight.top(),
                  min(tight.width(), line.width()), tight.height())


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


def beyond_piece(item, rect: QRectF, share: float = 0.25) -> list[tuple[str, float]]:
    """The lines `item` drew at its last paint that reach beyond `rect` (its own coordinates: the
    piece's edge, where its paper ends) by more than `share` of the line's height, up or down, or sideways by
    more than that share of the line's height as well: the text and how far it reaches out, in
    lines' heights. A line half outside its card ("factories)" under a building's edge) reads as
    cut, though it was drawn; the legibility rule's little slack (a number a bit wider than its
    chip) stays inside this share."""
    def reach(ink: QRectF, on: QRectF) -> float:
        return max(on.top() - ink.top(), ink.bottom() - on.bottom(),
                   on.left() - ink.left(), ink.right() - on.right()) / max(1.0, ink.height())

    out = []
    overs = getattr(item, "_over_drawn", ())  # (any item: see boxes)
    for i, (to_item, shown) in enumerate(getattr(item, "_text_drawn", ())):  # (any item: see boxes)
        # a solid shape the piece drew before the text is its paper too (a count's badge on a
        # deck's corner, its number on it)
        papers = [rect] + [over for over, words_before in overs if words_before <= i]
        for line in _inked_lines(shown.text, shown.font, shown.box.getRect(), shown.flags):
            ink = to_item.mapRect(line)
            out_by = min(reach(ink, paper) for paper in papers)
            if out_by > share:
                out.append((shown.text, out_by))
    return out
