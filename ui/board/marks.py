"""Marks on board pieces: the candidates of a hint, the better move and the move played in a
review. One mechanism for every game: a mark finds its piece through the scene's own
piece-per-action lookup (`scene.piece_towards(action)`: the piece to click on the way to it, its
own for most), so no game needs code of its own for it.

A mark is a ring around the piece and a numbered badge at its top-right corner ("1 · 54 %"), a
child of the piece, so it follows the piece wherever the board's layout puts it; the ring and the
badge keep their size in screen pixels, so a board fitted into a small window still shows them
(and a badge that would cover a neighbouring piece's badge at the view's zoom is moved clear of
it: `declutter`). Colour is never
the only cue: each badge carries its number and words. `show_marks` returns the marks that found
no piece (an action the board shows only as a button), so the caller can say them in words.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem

from engine.core.contract import Action
from ui.board import style
from ui.board.items import BoardItem
from ui.board.paint_guard import guarded_paint
from ui.services.plain_text import plain_tip, tip_text

TONES = {"hint": "#0072B2", "better": style.MONEY_GREEN, "played": style.BRICK_RED}
"""Ring and badge colour of each kind of mark (Okabe–Ito blue: not the gold of legal targets)."""
MARK_Z = 50.0


@dataclass(frozen=True, slots=True)
class Mark:
    """A piece to mark: its action, the badge's text, and its tone (a key of TONES)."""

    action: Action
    text: str
    tone: str = "hint"
    words: str = ""
    """The mark in words, for its tooltip ("1. Acquire Amazin for $19 (54 % to win)"); the badge's
    text if empty. The piece's own tooltip follows it: the mark lies over the piece."""


class MarkItem(QGraphicsItem):
    """The ring of one mark around its piece (a child of it), with its badge."""

    RING = 3.0

    def __init__(self, piece: QGraphicsItem, mark: Mark):
        super().__init__(piece)
        self.mark = mark
        self.setZValue(MARK_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)  # clicks go to the piece
        rect = piece.rect() if isinstance(piece, BoardItem) else piece.boundingRect()
        self.piece_rect = QRectF(rect)
        m = self.RING + 2
        self._bounds = self.piece_rect.adjusted(-m, -m, m, m)
        self.badge = BadgeItem(self, mark)
        self.badge.setPos(rect.topRight())
        own = tip_text(piece.toolTip())
        self.setToolTip(plain_tip("\n\n".join(t for t in (mark.words or mark.text, own) if t)))

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return self._bounds

    @guarded_paint
    def paint(self, p: QPainter, option, widget=None) -> None:
        p.save()
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        ring = QPainterPath()
        ring.addRoundedRect(self.piece_rect.adjusted(-1.5, -1.5, 1.5, 1.5), 6, 6)
        pen = QPen(style.qcolor(TONES.get(self.mark.tone, TONES["hint"])), self.RING)
        pen.setCosmetic(True)  # as thick at any zoom: a small board still shows it
        p.setPen(pen)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawPath(ring)
        p.restore()


class ScreenBadge(QGraphicsItem):
    """A pill of words drawn in screen pixels (it ignores the board's zoom), so its words stay
    legible on a board fitted into a small window: a hint's "1 · 54 %", the mark of the player
    who changed a piece (ui/board/spotlight.py). `rect` is in screen pixels round the item's place."""

    HEIGHT = 20.0

    def __init__(self, parent: QGraphicsItem, text: str, fill: str, ink: str, edge: str, rect: QRectF):
        super().__init__(parent)
        self.text, self.fill, self.ink, self.edge = text, fill, ink, edge
        self.rect = rect
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    font = None

    @staticmethod
    def badge_font():
        return style.sans(9, bold=True, tabular=False)  # never under 9 pt (STYLE.md)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return self.rect.adjusted(-1, -1, 1, 1)

    @guarded_paint
    def paint(self, p: QPainter, option, widget=None) -> None:
        p.save()
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(QPen(style.qcolor(self.edge), 1.2))
        p.setBrush(style.qcolor(self.fill))
        h = self.rect.height()
        p.drawRoundedRect(self.rect, h / 2, h / 2)
        p.setFont(self.font or self.badge_font())
        p.setPen(style.qcolor(self.ink))
        p.drawText(self.rect, Qt.AlignmentFlag.AlignCenter, self.text)
        p.restore()


class BadgeItem(ScreenBadge):
    """The badge at the piece's top-right corner, over the corner and mostly inside the piece."""

    def __init__(self, parent: MarkItem, mark: Mark):
        self.mark = mark
        font = self.badge_font()
        h = self.HEIGHT
        width = QFontMetricsF(font).horizontalAdvance(mark.text) + h * 0.8
        colour = TONES.get(mark.tone, TONES["hint"])
        self.home = QRectF(-width + h * 0.6, -h * 0.6, width, h)
        """Its place by the corner, in screen pixels; `rect` is this, or moved clear of another (`declutter`)."""
        super().__init__(parent, mark.text, colour, style.PAPER, style.PAPER, QRectF(self.home))
        self.font = font

    def move_by(self, dx: float, dy: float) -> None:
        """Draw the badge (dx, dy) screen pixels from its place."""
        rect = self.home.translated(dx, dy)
        if rect != self.rect:
            self.prepareGeometryChange()
            self.rect = rect


def show_marks(scene, marks: list[Mark]) -> list[Mark]:
    """Mark each action's piece on `scene` (after clearing the marks shown before); returns the
    marks whose action has no piece on the board now."""
    clear_marks(scene)
    shown, missing = [], []
    towards = scene.piece_towards
    for mark in marks:
        # a choice made in two clicks (Big Shoulders' building to play, then the one to discard)
        # is marked on the piece of its first
        piece = towards(mark.action)
        if piece is None:
            missing.append(mark)
            continue
        shown.append(MarkItem(piece, mark))
    scene.board_marks = shown
    declutter(scene)
    return missing


LIFT_GAP = 2.0
"""Screen pixels kept between two badges."""


MOVES = ((0, 0), (0, -1), (-1, 0), (-1, -1), (0, -2), (-2, 0), (-1, -2), (-2, -1), (0, -3), (-2, -2))
"""Where a badge may go from its place, nearest first, in badge widths to the right and badge
heights down: up and to the left only, over what a board draws before its piece (its panel's
title, the pieces before it in reading order); what comes after would be drawn over it."""


def declutter(scene, view=None) -> None:
    """Keep the badges of marks on neighbouring pieces from covering one another in `view` (the
    scene's first view by default): a badge that would overlap an earlier mark's (a hint's second
    candidate beside the first, a review's move played beside the better move) is moved to the
    nearest place of `MOVES` that is clear and still inside the view (its ring stays on its
    piece). A badge whose place by its corner would hang out of the view (a piece at the board's
    edge: "Played · −$310" read "ayed · −$310") is first moved just inside it, when its piece is in
    view. The badges keep their size in screen pixels while the pieces do not, so the board's
    view calls this again whenever its zoom or place changes."""

    marks = marks_on(scene) if scene is not None else []
    if view is None:
        views = scene.views() if scene is not None else []
        view = views[0] if views else None
    if view is None or not marks:
        return
    port = QRectF(view.viewport().rect())
    placed: list[QRectF] = []
    for mark in marks:
        corner = view.mapFromScene(mark.mapToScene(mark.badge.pos()))
        origin = mark.badge.home.translated(corner.x(), corner.y())
        piece = view.mapFromScene(mark.mapToScene(mark.piece_rect)).boundingRect()
        home = _inside(origin, port) if piece.intersects(port.toRect()) else origin
        across, down = home.width() + LIFT_GAP, home.height() + LIFT_GAP
        chosen = home
        for dx, dy in MOVES:
            rect = home.translated(dx * across, dy * down)
            if (dx or dy) and not port.contains(rect):
                continue
            if not any(rect.adjusted(-LIFT_GAP, -LIFT_GAP, LIFT_GAP, LIFT_GAP).intersects(r) for r in placed):
                chosen = rect
                break
        mark.badge.move_by(chosen.left() - origin.left(), chosen.top() - origin.top())
        placed.append(chosen)


def _inside(rect: QRectF, port: QRectF) -> QRectF:
    """`rect` moved the least that puts it inside `port` (as far as it fits)."""
    dx = max(0.0, port.left() - rect.left()) or min(0.0, port.right() - rect.right())
    dy = max(0.0, port.top() - rect.top()) or min(0.0, port.bottom() - rect.bottom())
    return rect.translated(dx, dy)


def clear_marks(scene) -> None:
    """Take every mark off `scene`."""
    from shiboken6 import isValid

    for item in scene.board_marks:
        if not isValid(item):  # deleted with its piece
            continue
        if item.scene() is scene:
            scene.removeItem(item)  # off the scene and off its piece
        else:
            item.setParentItem(None)
    scene.board_marks = []


def marks_on(scene) -> list[MarkItem]:
    """The marks shown now (tests, pictures)."""
    from shiboken6 import isValid

    return [m for m in scene.board_marks if isValid(m) and m.scene() is scene]
