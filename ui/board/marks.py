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
from ui.board.badge_room import Placing, disc_places, pill_places, place
from ui.board.items import BoardItem
from ui.board.overlay import Overlay
from ui.board.paint_guard import guarded_paint
from ui.services.plain_text import plain_tip, tip_text

TONES = {"hint": "#0072B2", "better": style.MONEY_GREEN, "played": style.BRICK_RED}
"""Ring and badge colour of each kind of mark (Okabe–Ito blue: not the gold of legal targets)."""
MARK_Z = 50.0
MIN_ZOOM = 0.15
"""The view's least zoom (BoardView.MIN_SCALE): how far beyond its piece a ring may reach."""


@dataclass(frozen=True, slots=True)
class Mark:
    """A piece to mark: its action, the badge's text, and its tone (a key of TONES)."""

    action: Action
    text: str
    tone: str = "hint"
    words: str = ""
    """The mark in words, for its tooltip ("1. Acquire Amazin for $19 (54 % to win)"); the badge's
    text if empty. The piece's own tooltip follows it: the mark lies over the piece."""
    short: str = ""
    """The badge's text where the whole has no room clear of the board's words ("1", "✓"): drawn
    as a disc; by default the text before its " · "."""


class MarkItem(QGraphicsItem, Overlay):
    """The ring of one mark around its piece (a child of it), with its badge."""

    RING = 3.0
    def __init__(self, piece: QGraphicsItem, mark: Mark):
        super().__init__(piece)
        self.mark = mark
        self.setZValue(MARK_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)  # clicks go to the piece
        self.badge = BadgeItem(self, mark)
        self.offsets: tuple[float, ...] | None = None
        """How far outside its piece each side of the ring lies (left, top, right, bottom), in
        screen pixels: chosen clear of the board's words (`fit_to_words`); None: all outside."""
        self.piece_rect = QRectF()
        self._bounds = QRectF()
        self.refit()
        own = tip_text(piece.toolTip())
        self.setToolTip(plain_tip("\n\n".join(t for t in (mark.words or mark.text, own) if t)))

    def refit(self) -> None:
        """Round its piece as the piece is now (a piece laid out for another room takes another
        size: the ring would hang over its neighbours)."""
        piece = self.parentItem()
        rect = QRectF(piece.rect() if isinstance(piece, BoardItem) else piece.boundingRect())
        if rect == self.piece_rect:
            return
        self.prepareGeometryChange()
        self.piece_rect = rect
        m = (self.RING + 2) / MIN_ZOOM  # the ring lies outside the piece by screen pixels: at any zoom
        self._bounds = rect.adjusted(-m, -m, m, m)
        self.badge.setPos(rect.topRight())

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return self._bounds

    def outside(self) -> float:
        """How far outside its piece the ring's line lies, in screen pixels (its middle)."""
        return self.RING / 2 + 1

    def fit_to_words(self, view) -> None:
        """Draw each side of the ring where it covers the board's words least, as `view` shows
        them now: outside the piece (so the piece's own words keep clear of it), else nearer its
        edge, on it or just inside it (a heading just above the piece: 1st CEO's "Shares to issue",
        Captains of Industry's "Market Research"; a neighbour's words close beside it)."""
        from ui.board.badge_room import word_share
        from ui.board.overlay import is_overlay
        from ui.board.text_boxes import boxes_in_view

        piece = self.parentItem()
        scene = piece.scene()
        if scene is None:
            return
        to_view = view.viewportTransform()
        box = piece.deviceTransform(to_view).mapRect(self.piece_rect)
        out = self.outside()
        half = self.RING / 2 + 1  # the line's half width, antialiased, to the pixels it touches
        around = box.adjusted(-out - half, -out - half, out + half, out + half)
        near = [i for i in scene.items(view.mapToScene(around.toAlignedRect()).boundingRect(),
                                       Qt.ItemSelectionMode.IntersectsItemBoundingRect)
                if not is_overlay(i) and i.isVisible()]
        words = [rect for rect, _text, _item in boxes_in_view(view, near)]
        l, t, r, b = box.left(), box.top(), box.right(), box.bottom()

        def line(side: int, o: float) -> QRectF:
            """The ring's line on `side` (left, top, right, bottom) `o` pixels outside the piece."""
            if side == 0:
                return QRectF(l - o - half, t - out - half, 2 * half, box.height() + 2 * (out + half))
            if side == 1:
                return QRectF(l - out - half, t - o - half, box.width() + 2 * (out + half), 2 * half)
            if side == 2:
                return QRectF(r + o - half, t - out - half, 2 * half, box.height() + 2 * (out + half))
            return QRectF(l - out - half, b + o - half, box.width() + 2 * (out + half), 2 * half)

        def covers(rect: QRectF) -> float:
            return max((word_share(rect, w) for w in words), default=0.0)

        offsets = (out, out * 2 / 3, out / 3, 0.0, -out)  # (between a heading and the piece's own words)
        sides = tuple(min(offsets, key=lambda o, side=side: (round(covers(line(side, o)), 2), -o))
                      for side in range(4))
        if sides != self.offsets:
            self.offsets = sides
            self.update()

    @guarded_paint
    def paint(self, p: QPainter, option, widget=None) -> None:
        p.save()
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        # wholly outside the piece, as many screen pixels at any zoom: a piece whose words fill it
        # (a charter's certificate button) keeps them clear of the ring; a side nearer the piece
        # where a word of the board lies outside it (`fit_to_words`)
        t = p.worldTransform()
        out = self.outside() / max(1e-3, (abs(t.m11()) + abs(t.m22())) / 2)
        scale = out / self.outside()
        left, top, right, bottom = (o * scale for o in self.offsets) if self.offsets else (out,) * 4
        ring = QPainterPath()
        ring.addRoundedRect(self.piece_rect.adjusted(-left, -top, right, bottom), 6, 6)
        pen = QPen(style.qcolor(TONES.get(self.mark.tone, TONES["hint"])), self.RING)
        pen.setCosmetic(True)  # as thick at any zoom: a small board still shows it
        p.setPen(pen)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawPath(ring)
        p.restore()


class ScreenBadge(QGraphicsItem, Overlay):
    """A pill of words drawn in screen pixels (it ignores the board's zoom), so its words stay
    legible on a board fitted into a small window: a hint's "1 · 54 %", the mark of the player
    who changed a piece (ui/board/spotlight.py). `rect` is in screen pixels round the item's place."""

    HEIGHT = 20.0
    def __init__(self, parent: QGraphicsItem, text: str, fill: str, ink: str, edge: str, rect: QRectF):
        super().__init__(parent)
        self.text, self.fill, self.ink, self.edge = text, fill, ink, edge
        self.rect = rect
        self.home = QRectF(rect)
        """Its first place, in screen pixels round the item's place: `rect` is this until the
        badge is placed clear of the board's words (ui/board/badge_room.py)."""
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    short_text = ""
    """A shorter form, drawn as a disc where the whole badge has no room ("" for none)."""
    _short = False

    def show_at(self, rect: QRectF) -> None:
        """Draw the badge at `rect` (screen pixels round the item's place)."""
        if rect != self.rect:
            self.prepareGeometryChange()
            self.rect = QRectF(rect)

    def short_home(self) -> QRectF:
        """The size of the short form (its place is chosen by ui/board/badge_room.py)."""
        width = max(self.HEIGHT, QFontMetricsF(self.badge_font()).horizontalAdvance(self.short_text) + 8)
        return QRectF(0, 0, width, self.HEIGHT)

    def set_short(self, short: bool) -> None:
        """Draw the short form (True) or the whole text."""
        if short != self._short:
            self._short = short
            self.update()

    def shown_text(self) -> str:
        return self.short_text if self._short and self.short_text else self.text

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
        p.drawText(self.rect, Qt.AlignmentFlag.AlignCenter, self.shown_text())
        p.restore()


class BadgeItem(ScreenBadge):
    """The badge of a mark: across its piece's top-right corner, or wherever round the piece it
    covers none of the board's words (`declutter`)."""

    def __init__(self, parent: MarkItem, mark: Mark):
        self.mark = mark
        font = self.badge_font()
        h = self.HEIGHT
        width = QFontMetricsF(font).horizontalAdvance(mark.text) + h * 0.8
        colour = TONES.get(mark.tone, TONES["hint"])
        corner = QRectF(-width + h * 0.6, -h * 0.6, width, h)  # across the top-right corner
        super().__init__(parent, mark.text, colour, style.PAPER, style.PAPER, corner)
        self.font = font
        # its number alone where the whole has no room: the words under the prompt say the rest
        self.short_text = mark.short or (mark.text.split(" · ")[0] if " · " in mark.text else "")


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
    badges_due(scene)
    return missing


def declutter(scene, view=None) -> None:
    """Place every badge on `scene` in `view` (the scene's first view by default) where it covers
    none of the board's words and no other badge (ui/board/badge_room.py): the marks' badges
    first, then the discs of the rings of what changed (ui/board/spotlight.py). The badges keep
    their size in screen pixels while the pieces do not, so the board's view calls this again
    whenever its zoom or place changes, and once the pieces have painted (their words' places)."""
    if scene is None:
        return
    if view is None:
        views = scene.views()
        view = views[0] if views else None
    if view is None:
        return
    marks = marks_on(scene)
    for m in marks:
        m.refit()
        m.fit_to_words(view)
    placings = [Placing(m.badge, m.parentItem(), pill_places, hidden_if_no_room=False) for m in marks]
    spot = scene.spot
    if spot is not None:
        placings += [Placing(ring.badge, ring.parentItem(), disc_places) for ring in spot.all_rings()
                     if ring.badge is not None]
    place(view, placings)


def badges_due(scene) -> None:
    """The badges on `scene` are to be placed again once its pieces have painted (the view does it
    after its next paint: a piece that changed paints its words afresh there)."""
    scene.words_moved.emit()


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
