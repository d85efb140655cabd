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
from ui.board.overlay import Overlay, is_overlay
from ui.board.paint_guard import guarded_paint
from ui.board.pool import drop
from ui.board.text_boxes import boxes, boxes_with_parts

BADGE_ROOM = 36.0
"""Retired: a piece of any size gets its badge, which goes beside a small piece, never over it
(ui/board/badge_room.py)."""
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


class Ring(QGraphicsObject, Overlay):
    """One ring round its parent piece (and the badge of whose doing it was): drawn on the piece's
    outline, half on the frame and half beside it, so it lies over no word inside the piece."""

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
        # beyond the piece by half the widest pen at the smallest zoom: an overlay, which the
        # view's fit does not count (a ring at the board's edge does not grow the board)
        reach = max(w for _c, w, _d in RING_PENS.get(look.kind, RING_PENS["changed"])) / MIN_ZOOM
        self._bounds = outline.boundingRect().united(piece.boundingRect()).adjusted(-reach, -reach, reach, reach)
        self.badge = None
        box = outline.boundingRect()
        if look.mark and look.kind in ("changed", "moved"):
            self.badge = Badge(self, look)
            self.badge.setPos(box.topLeft())

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return self._bounds

    def fits(self, piece) -> bool:
        """True if the ring is still drawn round `piece`'s outline (a piece laid out for another
        room takes another size: its ring is made again, else it hangs over its neighbours)."""
        outline = piece.outline() if isinstance(piece, BoardItem) else None
        if outline is None or outline.isEmpty():
            outline = QPainterPath()
            outline.addRect(piece.boundingRect())
        return outline.boundingRect() == self.outline.boundingRect()

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
        small = min(box.width(), box.height()) * scale < SMALL_PX
        if small and self.look.kind == "changed" and self.badge is not None:
            # a chip, a token on a track: any line round it crosses its own words or its
            # neighbours'; its badge beside it marks it (where the board leaves room for one)
            p.restore()
            return
        if small or min(box.width(), box.height()) * scale < THIN_PX:
            pens = THIN_PENS.get(self.look.kind, pens)  # a thin strip, a chip: a ring that leaves it legible
        path = self.outline
        half = max(w for _c, w, _d in pens) / 2 / scale
        words = QRectF()
        for rect, _text in boxes_with_parts(self.parentItem()):
            words = words.united(rect)
        if not words.isEmpty() and not box.contains(words):
            # words beyond the outline (a count on a deck's edge): the ring goes round them too
            box = box.united(words)
            path = QPainterPath()
            path.addRoundedRect(box, 3, 3)
        if box.width() > 4 * half and box.height() > 4 * half:
            # wholly inside the piece where its own words leave its edge free, else wholly
            # outside where its neighbours' words do, else on the outline in a thin line
            inner = box.adjusted(2 * half, 2 * half, -2 * half, -2 * half)
            if not small and (words.isEmpty() or inner.contains(words)):
                path = _scaled(path, box, -half)
            elif not self._neighbours_words(box.adjusted(-2 * half, -2 * half, 2 * half, 2 * half)):
                path = _scaled(path, box, half)
            else:
                pens = THIN_PENS.get(self.look.kind, pens)
        else:
            path = _scaled(path, box, half)  # a sliver: round it
        for colour, width, dashed in pens:  # centred on the outline: half on the frame, half beside it
            pen = QPen(QColor(self.look.colour if colour is None else colour), width)
            pen.setCosmetic(True)  # as wide at any zoom
            pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            if dashed:
                pen.setDashPattern([3.0, 2.0])
            p.setPen(pen)
            p.drawPath(path)
        p.restore()

    def _neighbours_words(self, around: QRectF) -> bool:
        """True if a word of another piece lies in `around` (the ring's coordinates)."""
        scene = self.scene()
        piece = self.parentItem()
        if scene is None:
            return False
        for item in scene.items(self.mapRectToScene(around), Qt.ItemSelectionMode.IntersectsItemBoundingRect):
            if is_overlay(item) or item is piece or not item.isVisible() or piece.isAncestorOf(item):
                continue
            if any(around.intersects(self.mapRectFromItem(item, rect)) and not piece.boundingRect().contains(
                    self.mapRectFromItem(item, rect)) for rect, _text in boxes(item)):
                return True
        return False

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
    # (colour or None for the look's own, width in screen pixels, dashed), drawn in order, each
    # centred on the piece's outline: half of the widest lies inside the piece, at its frame
    "changed": ((style.PAPER, 3.5, False), (style.INK, 2.0, True)),
    "moved": ((style.PAPER, 5.0, False), (None, 3.0, False)),
    "pointed": (("#ffffff", 6.0, False), (style.INK, 2.5, False)),
    "focus": (("#ffffff", 6.0, False), ("#0072B2", 3.0, False), (style.INK, 1.0, False)),
}
"""The pens of each kind of ring: none is gold, the colour of a legal target."""

MIN_ZOOM = 0.15
"""The view's least zoom (BoardView.MIN_SCALE): a ring's bounds reach as far beyond its piece as
its pens do there."""

SMALL_PX = 30.0
"""A piece smaller than this on the screen (a chip, a token with a letter) is ringed wholly
outside its outline: its words reach its edges."""

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
    """A disc in a player's colour with their mark, in screen pixels, on a corner of the ring's
    piece where it covers no word (ui/board/badge_room.py), else not shown."""

    def __init__(self, parent: Ring, look: Look):
        self.look = look
        font = self.badge_font()
        s = self.HEIGHT
        width = max(s, QFontMetricsF(font).horizontalAdvance(look.mark) + 8)
        super().__init__(parent, look.mark, look.colour, style.text_on(look.colour), style.INK, QRectF(0, 0, width, s))
        self.font = font  # its place: on a corner of the frame clear of every word (marks.declutter)


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
        self._place_badges()
        return missing

    def _place_badges(self) -> None:
        """Place the badges clear of the board's words now, and again once the pieces painted."""
        from ui.board.marks import badges_due, declutter

        declutter(self.scene)
        badges_due(self.scene)

    def clear(self, layer: str | None = None) -> None:
        """Take the rings of `layer` (every layer if None) off the board."""
        for name in [layer] if layer is not None else list(self.layers):
            for _look, ring in self.layers.pop(name, {}).values():
                _remove(ring)

    def keys(self, layer: str) -> set:
        """The keys ringed in `layer` now (tests, pictures)."""
        return {key for key, (_look, ring) in self.layers.get(layer, {}).items()
                if isValid(ring) and ring.isVisible() and ring.scene() is self.scene}

    def all_rings(self) -> list[Ring]:
        """Every ring shown now, the earlier layers first."""
        order = sorted(self.layers, key=lambda n: LAYER_ORDER.index(n) if n in LAYER_ORDER else len(LAYER_ORDER))
        return [ring for name in order for ring in self.rings(name)]

    def rings(self, layer: str) -> list[Ring]:
        return [ring for _look, ring in self.layers.get(layer, {}).values()
                if isValid(ring) and ring.scene() is self.scene]

    def follow(self) -> None:
        """After a redraw (or the board laid out for another room): a ring whose piece left the
        board (or became another piece under its key) goes; a ring whose key has a piece again is
        put back on it; a ring whose piece took another size is drawn round its new outline."""
        for layer, rings in self.layers.items():
            for key, (look, ring) in list(rings.items()):
                piece = self.piece(key)
                if isValid(ring) and piece is not None and ring.parentItem() is piece and ring.fits(piece):
                    continue
                _remove(ring)
                if piece is None:
                    del rings[key]
                else:
                    rings[key] = (look, Ring(piece, look, layer))
        if any(ring.badge is not None for ring in self.all_rings()):
            self._place_badges()  # a piece under a ring may say something else now


def _scaled(path: QPainterPath, box: QRectF, by: float) -> QPainterPath:
    """`path` grown (`by` > 0) or shrunk by `by` on every side of `box`, about its centre."""
    from PySide6.QtGui import QTransform

    sx, sy = (box.width() + 2 * by) / box.width(), (box.height() + 2 * by) / box.height()
    c = box.center()
    return QTransform().translate(c.x(), c.y()).scale(sx, sy).translate(-c.x(), -c.y()).map(path)


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
