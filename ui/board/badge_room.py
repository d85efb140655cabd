"""Where a badge over the board goes: on its piece's frame or just beside it, never over a word.

A badge (a hint's "1 · 54 %", the disc with the mark of the player who changed a piece) keeps its
size in screen pixels while the board is fitted to any window, so a place that is free on a large
board can cover a piece's name on a small one. Each badge is therefore placed in the view as it
is shown now: the first of its candidate places round its piece's outline (`disc_places`,
`pill_places`: on a corner of the frame, inside a corner, beside the piece) that

- covers no word drawn there (of its piece or a neighbour, as they were painted: see
  ui/board/text_boxes.py) more than `WORD_SHARE`,
- covers no other piece if it can (a die, a token), and no badge placed before it,
- and lies inside the view.

A badge with no such place is hidden (the ring still marks the piece, the words say whose doing it
was), except a hint's, which must be read: it takes the place that covers words least, if that
covers no word more than `LAST_RESORT` (else it too is hidden: its ring still marks the piece, and
the prompt's lines and the mark's tooltip say the move in words).

    place(view, [Placing(badge, piece, disc_places, hidden_if_no_room=True), ...])
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt

from ui.board.items import BoardItem
from ui.board.overlay import is_overlay
from ui.board.text_boxes import boxes_in_view

WORD_SHARE = 0.08
LAST_RESORT = 0.15
"""The most of a word a hint's badge may cover where no place covers none."""
"""The most of any word's box a badge may cover (a corner of its box, never its letters)."""
GAP = 2.0
"""Screen pixels kept between two badges, and between a badge and a word."""


Places = Callable[[QRectF, float, float], list[QRectF]]
"""Candidate places of a badge `w` × `h` (screen pixels) round a piece's outline box in the
view, best first."""


def disc_places(box: QRectF, w: float, h: float) -> list[QRectF]:
    """A player's disc: centred on a corner of the frame, then tucked inside a corner, then
    beside the piece's top corners."""
    def at(x: float, y: float) -> QRectF:
        return QRectF(x, y, w, h)

    l, t, r, b = box.left(), box.top(), box.right(), box.bottom()
    m = 2.0  # inside: clear of the frame's line
    return [at(l - w / 2, t - h / 2), at(r - w / 2, t - h / 2), at(l + m, t + m), at(r - w - m, t + m),
            at(l - w / 2, b - h / 2), at(r - w / 2, b - h / 2), at(l + m, b - h - m), at(r - w - m, b - h - m),
            at(l - w, t), at(r, t), at(l, t - h), at(r - w, t - h), at(l - w, b - h), at(r, b - h)]


def pill_places(box: QRectF, w: float, h: float) -> list[QRectF]:
    """A hint's pill: across the top right corner (its first place), then along the top or the
    bottom edge, then above or below the piece, then inside its corners."""
    def at(x: float, y: float) -> QRectF:
        return QRectF(x, y, w, h)

    l, t, r, b = box.left(), box.top(), box.right(), box.bottom()
    m = 2.0
    over = h * 0.6  # the share of its height above the frame, as first designed
    return [at(r - w + over, t - over), at(l - over, t - over), at(r - w + over, b - h + over),
            at(l - over, b - h + over), at(r - w, t - h - GAP), at(l, t - h - GAP), at(r - w, b + GAP),
            at(l, b + GAP), at(r - w - m, t + m), at(l + m, t + m), at(r - w - m, b - h - m),
            at(l + m, b - h - m), at(r + GAP, t), at(l - w - GAP, t), at(r + GAP, b - h), at(l - w - GAP, b - h)]


@dataclass
class Placing:
    """A badge to place: the badge (a `ScreenBadge`), the piece it belongs to, its candidate
    places, and whether it hides when no place covers no word (else: its short form, a disc, where
    that covers none, or at last the place that covers words least)."""

    badge: object
    piece: object
    places: Places
    hidden_if_no_room: bool = True


LETTERS = 2.0
"""Of a long line, what a badge covers is measured against a stretch of it this many letters'
squares wide (its height squared each), not the whole line: a disc over 'Cli' of 'Click the
building to play this Decade' covered less than WORD_SHARE of the line and hid its first word."""


def word_share(rect: QRectF, word: QRectF) -> float:
    inter = rect.intersected(word)
    if inter.isEmpty():
        return 0.0
    stretch = min(word.width(), LETTERS * word.height())
    return inter.height() * min(inter.width(), stretch) / max(1.0, word.height() * stretch)


def _inside(rect: QRectF, port: QRectF) -> QRectF:
    """`rect` moved the least that puts it inside `port` (as far as it fits)."""
    dx = max(0.0, port.left() - rect.left()) or min(0.0, port.right() - rect.right())
    dy = max(0.0, port.top() - rect.top()) or min(0.0, port.bottom() - rect.bottom())
    return rect.translated(dx, dy)


def _size(rect: QRectF) -> tuple[float, float]:
    return rect.width(), rect.height()


def _cost(rect: QRectF, words: list[QRectF], others: list[QRectF]) -> tuple[float, int]:
    """What a badge at `rect` covers: the largest share of a word, and how many other pieces."""
    worst = max((word_share(rect, word) for word in words), default=0.0)
    return worst, sum(1 for o in others if o.intersects(rect))


def _related(item, piece) -> bool:
    """`item` is `piece`, or one of its ancestors: what the badge belongs on."""
    while piece is not None:
        if item is piece:
            return True
        piece = piece.parentItem()
    return False


def place(view, placings: list[Placing]) -> None:
    """Place each badge of `placings`, in order (earlier ones have the first choice), in `view`
    as it is shown now."""
    scene = view.scene() if view is not None else None
    if scene is None or not placings:
        return
    port = QRectF(view.viewport().rect())
    to_view = view.viewportTransform()
    taken: list[QRectF] = []
    for placing in placings:
        badge, piece = placing.badge, placing.piece
        if not piece.isVisible():
            continue
        outline = piece.outline() if isinstance(piece, BoardItem) else None
        local = outline.boundingRect() if outline is not None and not outline.isEmpty() else piece.boundingRect()
        box = piece.deviceTransform(to_view).mapRect(local)
        reach = box.adjusted(-badge.home.width() - GAP, -badge.home.height() - GAP,
                             badge.home.width() + GAP, badge.home.height() + GAP)
        # (by bounding rect: a caption that takes no hover has no shape, and is read all the same)
        near = [i for i in scene.items(view.mapToScene(reach.toAlignedRect()).boundingRect(),
                                       Qt.ItemSelectionMode.IntersectsItemBoundingRect)
                if not is_overlay(i) and i.isVisible()]
        words = [rect.adjusted(-GAP / 2, -GAP / 2, GAP / 2, GAP / 2)
                 for rect, _text, _item in boxes_in_view(view, near)]
        others = [i.deviceTransform(to_view).mapRect(i.boundingRect()) for i in near
                  if not _related(i, piece) and not i.sceneBoundingRect().contains(piece.sceneBoundingRect())
                  and i.boundingRect().width() > 0]
        forms = [(False, badge.home, placing.places)]
        if badge.short_text and not placing.hidden_if_no_room:
            forms.append((True, badge.short_home(), disc_places))
        chosen, scored_all = None, []
        for short, home, places_of in forms:
            places = [r for r in places_of(box, home.width(), home.height()) if port.contains(r)]
            if not places and not placing.hidden_if_no_room and port.intersects(box):
                # a piece at the view's edge: its badge just inside the view, never cut ("ayed · −$310")
                places = [_inside(r, port) for r in places_of(box, home.width(), home.height())]
            free = [r for r in places if not any(r.adjusted(-GAP, -GAP, GAP, GAP).intersects(t) for t in taken)]
            scored = [(r, *_cost(r, words, others)) for r in free]
            scored_all += [(short, *s) for s in scored] or [(short, r, 1.0, 0) for r in places[:1]]
            clear = [r for r, worst, hits in scored if worst <= WORD_SHARE]
            best = next((r for r, worst, hits in scored if worst <= WORD_SHARE and hits == 0), None)
            best = best if best is not None else (clear[0] if clear else None)
            if best is not None:
                chosen = (short, best)
                break
        if chosen is None and not placing.hidden_if_no_room and scored_all:
            # the least covering, the short form first among equals (it covers less)
            short, best, worst, _hits = min(scored_all, key=lambda s: (round(s[2], 1), not s[0], s[2], s[3]))
            if worst <= LAST_RESORT:
                chosen = (short, best)
        if chosen is None and not any(port.intersects(r) for r in placing.places(box, *_size(badge.home))):
            # its piece is out of sight (the board zoomed in or panned): back to its first place
            badge.set_short(False)
            badge.show_at(badge.home)
            badge.setVisible(True)
            continue
        if chosen is None:
            badge.setVisible(False)
            continue
        short, best = chosen
        badge.setVisible(True)
        badge.set_short(short)
        anchor = to_view.map(badge.parentItem().mapToScene(badge.pos()))
        badge.show_at(best.translated(-QPointF(anchor)))
        taken.append(best)
