"""Rings on board pieces that follow the game: what changed since a player's turn, the piece an
AI just moved, the piece the keyboard is on, the pieces of a "since your turn" line pointed at.
One mechanism for every game: a ring finds its piece by its key in the scene's pool
(ui/board/pool.py) or by its action (`scene.item_for`), and is a child of the piece, so it goes
wherever the board's layout puts the piece and hides when the piece is parked.

Each kind of ring has its own look, and none is the gold pulse of a legal target:

- "changed": a dashed ink-and-paper ring, with the mark of the player who changed the piece in
  that player's colour at its top-left corner (colour is never the only cue);
- "moved": a solid ring in the mover's colour with their mark, which fades out (`fade_ms`);
- "pointed": a wide bright ring (a "since your turn" line under the mouse);
- "focus": the keyboard's piece, a white glow with an ink line inside it.

Rings and badges are drawn in screen pixels (cosmetic pens, a badge that ignores the zoom), so a
board fitted into a small window still shows them. They take no click and no hover.

    spot = spotlight(scene)
    spot.show("since", {key: Look("changed", colour, mark)})
    spot.show("focus", {key: Look("focus")})
    spot.clear("since")
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QEasingCurve, QPropertyAnimation, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject
from shiboken6 import isValid

from engine.core.contract import Action
from ui.board import style
from ui.board.items import BoardItem
from ui.board.marks import ScreenBadge
from ui.board.paint_guard import guarded_paint
from ui.board.pool import drop

BADGE_ROOM = 36.0
"""A piece smaller than this (board units: a token, a marker) gets no badge, which would hide it;
its ring alone marks it, and the words say who did it."""
RING_Z = 60.0
"""Above a piece's glow and a hint's mark (50), below nothing the player clicks: rings take no click."""

LAYER_ORDER = ("since", "moved", "pointed", "focus")
"""Layers drawn later lie above earlier ones on the same piece."""


@dataclass(frozen=True, slots=True)
class Look:
    """How one piece is ringed: the kind, and for "changed"/"moved" whose doing it was."""

    kind: str
    colour: str = style.INK
    mark: str = ""


class Ring(QGraphicsObject):
    """One ring round its parent piece (and the badge of whose doing it was)."""

    def __init__(self, piece: QGraphicsItem, look: Look, layer: str):
        super().__init__(piece)
        self.look = look
        self.layer = layer
        self.setZValue(RING_Z + LAYER_ORDER.index(layer) if layer in LAYER_ORDER else RING_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setAcceptHoverEvents(False)
        outline = piece.outline() if isinstance(piece, BoardItem) else None
        if outline is None or outline.isEmpty():
            outline = QPainterPath()
            outline.addRect(piece.boundingRect())
        self.outline = outline
        # never beyond the piece's own painted area: a ring (or its badge) that reached past a
        # piece at the board's edge would grow the board, and the view would fit it again
        self._bounds = QRectF(piece.boundingRect())
        self.badge = None
        box = outline.boundingRect()
        if look.mark and look.kind in ("changed", "moved") and min(box.width(), box.height()) >= BADGE_ROOM:
            self.badge = Badge(self, look)
            self.badge.setPos(outline.boundingRect().topLeft())

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return self._bounds

    def shape(self) -> QPainterPath:
        return QPainterPath()  # never under the mouse

    @guarded_paint
    def paint(self, p: QPainter, option, widget=None) -> None:
        p.save()
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setBrush(Qt.BrushStyle.NoBrush)
        pens = RING_PENS.get(self.look.kind, RING_PENS["changed"])
        t = p.worldTransform()
        scale = max(1e-3, (abs(t.m11()) + abs(t.m22())) / 2)
        box = self.outline.boundingRect()
        if min(box.width(), box.height()) * scale < THIN_PX:  # a thin strip: a ring that leaves it legible
            pens = THIN_PENS.get(self.look.kind, pens)
        # the widest pen's outer edge on the piece's outline: the ring lies inside the piece
        inset = max(w for _c, w, _d in pens) / 2 / scale
        inset = min(inset, box.width() / 3, box.height() / 3)
        path = self.outline
        if inset > 0 and box.width() > 0 and box.height() > 0:
            from PySide6.QtGui import QTransform

            sx, sy = (box.width() - 2 * inset) / box.width(), (box.height() - 2 * inset) / box.height()
            c = box.center()
            path = QTransform().translate(c.x(), c.y()).scale(sx, sy).translate(-c.x(), -c.y()).map(self.outline)
        for colour, width, dashed in pens:
            pen = QPen(QColor(self.look.colour if colour is None else colour), width)
            pen.setCosmetic(True)  # as wide at any zoom
            pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            if dashed:
                pen.setDashPattern([3.0, 2.0])
            p.setPen(pen)
            p.drawPath(path)
        p.restore()

    def fade(self, ms: int) -> None:
        """Fade out over `ms` and go (0: stay until cleared)."""
        if ms <= 0:
            return
        anim = QPropertyAnimation(self, b"opacity", self)
        anim.setDuration(ms)
        anim.setStartValue(1.0)
        anim.setKeyValueAt(0.6, 1.0)
        anim.setEndValue(0.0)
        anim.setEasingCurve(QEasingCurve.Type.InQuad)
        anim.finished.connect(self._faded)
        self._fade = anim
        anim.start()

    def _faded(self) -> None:
        if isValid(self):
            self.setVisible(False)


RING_PENS: dict[str, tuple[tuple[str | None, float, bool], ...]] = {
    # (colour or None for the look's own, width in screen pixels, dashed), drawn in order
    "changed": ((style.PAPER, 4.5, False), (style.INK, 2.5, True)),
    "moved": ((style.PAPER, 6.0, False), (None, 4.0, False)),
    "pointed": (("#ffffff", 8.0, False), (style.INK, 3.0, False)),
    "focus": (("#ffffff", 7.0, False), ("#0072B2", 3.0, False), (style.INK, 1.0, False)),
}
"""The pens of each kind of ring: none is gold, the colour of a legal target."""

THIN_PX = 34.0
"""A piece thinner than this on the screen (a company's strip, a share) gets THIN_PENS, which
cover less of what it says."""
THIN_PENS: dict[str, tuple[tuple[str | None, float, bool], ...]] = {
    "changed": ((style.INK, 1.5, True),),
    "moved": ((None, 2.5, False),),
    "pointed": ((style.INK, 2.5, False),),
    "focus": (("#0072B2", 2.5, False),),
}


class Badge(ScreenBadge):
    """A disc in a player's colour with their mark, in screen pixels, inward from a ring's corner
    (never beyond the piece: see Ring)."""

    def __init__(self, parent: Ring, look: Look):
        self.look = look
        font = self.badge_font()
        s = self.HEIGHT
        width = max(s, QFontMetricsF(font).horizontalAdvance(look.mark) + 8)
        super().__init__(parent, look.mark, look.colour, style.text_on(look.colour), style.INK, QRectF(0, 0, width, s))
        self.font = font


class Spotlight:
    """The rings on one scene, in named layers ("since", "moved", "pointed", "focus")."""

    def __init__(self, scene):
        self.scene = scene
        self.layers: dict[str, dict[tuple, tuple[Look, Ring]]] = {}

    def piece(self, key):
        """The piece shown under `key` (a pool key, or an Action through `item_for`), or None."""
        if isinstance(key, Action):  # (an Action is a tuple too: asked first)
            piece = self.scene.item_for(key)
        else:
            piece = self.scene.pool.items.get(key)
        return piece if piece is not None and isValid(piece) and piece.isVisible() else None

    def show(self, layer: str, looks: dict, fade_ms: int = 0) -> list:
        """Ring the pieces of `looks` (key -> Look) in `layer`, replacing what it had; returns the
        keys that have no piece on the board now."""
        self.clear(layer)
        rings, missing = {}, []
        for key, look in looks.items():
            piece = self.piece(key)
            if piece is None:
                missing.append(key)
                continue
            ring = Ring(piece, look, layer)
            ring.fade(fade_ms)
            rings[key] = (look, ring)
        self.layers[layer] = rings
        return missing

    def clear(self, layer: str | None = None) -> None:
        """Take the rings of `layer` (every layer if None) off the board."""
        for name in [layer] if layer is not None else list(self.layers):
            for _look, ring in self.layers.pop(name, {}).values():
                _remove(ring)

    def keys(self, layer: str) -> set:
        """The keys ringed in `layer` now (tests, pictures)."""
        return {key for key, (_look, ring) in self.layers.get(layer, {}).items()
                if isValid(ring) and ring.isVisible() and ring.scene() is self.scene}

    def rings(self, layer: str) -> list[Ring]:
        return [ring for _look, ring in self.layers.get(layer, {}).values()
                if isValid(ring) and ring.scene() is self.scene]

    def follow(self) -> None:
        """After a redraw: a ring whose piece left the board (or became another piece under its
        key) goes; a ring whose key has a piece again is put back on it."""
        for layer, rings in self.layers.items():
            for key, (look, ring) in list(rings.items()):
                piece = self.piece(key)
                if isValid(ring) and piece is not None and ring.parentItem() is piece:
                    continue
                _remove(ring)
                if piece is None:
                    del rings[key]
                else:
                    rings[key] = (look, Ring(piece, look, layer))


def _remove(ring: Ring) -> None:
    if not isValid(ring):  # deleted with its piece
        return
    scene = ring.scene()
    if scene is not None:
        drop(scene, ring)  # its badge too (see drop: removing alone would keep them)
    else:
        ring.setParentItem(None)


def spotlight(scene) -> Spotlight:
    """The scene's Spotlight (made on first use)."""
    if scene.spot is None:
        scene.spot = Spotlight(scene)
    return scene.spot
