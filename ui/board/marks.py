"""Marks on board pieces: the candidates of a hint, the better move and the move played in a
review. One mechanism for every game: a mark finds its piece through the scene's own
piece-per-action lookup (`scene.item_for(action)`), so no game needs code of its own for it.

A mark is a ring around the piece and a numbered badge at its top-right corner ("1 · 54 %"), a
child of the piece, so it follows the piece wherever the board's layout puts it. Colour is never
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

TONES = {"hint": "#0072B2", "better": style.MONEY_GREEN, "played": style.BRICK_RED}
"""Ring and badge colour of each kind of mark (Okabe–Ito blue: not the gold of legal targets)."""
MARK_Z = 50.0


@dataclass(frozen=True, slots=True)
class Mark:
    """A piece to mark: its action, the badge's text, and its tone (a key of TONES)."""

    action: Action
    text: str
    tone: str = "hint"


class MarkItem(QGraphicsItem):
    """The ring and badge of one mark, drawn over its piece (a child of it)."""

    RING = 3.0

    def __init__(self, piece: QGraphicsItem, mark: Mark):
        super().__init__(piece)
        self.mark = mark
        self.setZValue(MARK_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)  # clicks go to the piece
        self.setAcceptHoverEvents(False)
        rect = piece.rect() if hasattr(piece, "rect") else piece.boundingRect()
        self.piece_rect = QRectF(rect)
        side = max(14.0, min(26.0, min(rect.width(), rect.height()) * 0.34))
        self.font = style.sans(max(7.5, side * 0.42), bold=True)
        width = QFontMetricsF(self.font).horizontalAdvance(mark.text) + side * 0.7
        self.badge = QRectF(rect.right() - width * 0.75, rect.top() - side * 0.45, width, side)
        m = self.RING + 1
        self._bounds = self.piece_rect.adjusted(-m, -m, m, m).united(self.badge.adjusted(-1, -1, 1, 1))
        self.setToolTip(mark.text)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return self._bounds

    def paint(self, p: QPainter, option, widget=None) -> None:
        colour = style.qcolor(TONES.get(self.mark.tone, TONES["hint"]))
        p.save()
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        ring = QPainterPath()
        r = self.piece_rect.adjusted(-1.5, -1.5, 1.5, 1.5)
        ring.addRoundedRect(r, 6, 6)
        p.setPen(QPen(colour, self.RING))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawPath(ring)
        p.setPen(QPen(style.qcolor(style.PAPER), 1.2))
        p.setBrush(colour)
        h = self.badge.height()
        p.drawRoundedRect(self.badge, h / 2, h / 2)
        p.setFont(self.font)
        p.setPen(style.qcolor(style.PAPER))
        p.drawText(self.badge, Qt.AlignmentFlag.AlignCenter, self.mark.text)
        p.restore()


def show_marks(scene, marks: list[Mark]) -> list[Mark]:
    """Mark each action's piece on `scene` (after clearing the marks shown before); returns the
    marks whose action has no piece on the board now."""
    clear_marks(scene)
    shown, missing = [], []
    for mark in marks:
        piece = scene.item_for(mark.action)
        if piece is None:
            missing.append(mark)
            continue
        shown.append(MarkItem(piece, mark))
    scene._board_marks = shown
    return missing


def clear_marks(scene) -> None:
    """Take every mark off `scene`."""
    from shiboken6 import isValid

    for item in getattr(scene, "_board_marks", ()):
        if not isValid(item):  # deleted with its piece
            continue
        if item.scene() is scene:
            scene.removeItem(item)  # off the scene and off its piece
        else:
            item.setParentItem(None)
    scene._board_marks = []


def marks_on(scene) -> list[MarkItem]:
    """The marks shown now (tests, pictures)."""
    from shiboken6 import isValid

    return [m for m in getattr(scene, "_board_marks", ()) if isValid(m) and m.scene() is scene]
