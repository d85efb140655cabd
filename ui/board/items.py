"""Reusable board pieces, drawn with QPainter vectors (no bitmaps), so they stay sharp at every zoom
and device-pixel ratio.

- `BoardItem`: the base of every clickable piece. It carries an optional `action`; a left click
  asks the scene to emit `intent(action)`. With `legal=True` it glows (the `Highlight` mixin); a
  candidate action that is not legal still emits on click, so the controller can explain the
  refusal, but it never glows. The mouse brightens the piece and reports its `status` text.
- `CardItem`: a rounded card with a title band, an icon row, big numbers and a face-down back.
- `TokenItem`: a disc in a seat colour with the seat mark (NPC: grey, hatched).
- `TrackItem`: numbered spaces laid out by the caller, and where the markers on them stand
  (`place_markers`: a space's markers in a row by it, through `fan_out`, the one rule for markers
  that share a place).
- `PulseDriver`: one timer per scene that makes every legal target pulse in step.
- `HotSpot`: an invisible area carrying only a tooltip (a printed space of the board).
- `slide()` / `flip_in()`: a short ease-out move, a card turning over; both scaled by the
  scene's animation speed (0 = instant) and never blocking input.

Speed. Every piece paints into a device-pixel cache (DeviceCoordinateCache) and repaints only
when `refresh(*content)` sees new content or the zoom changes; moving a piece only blits. What
changes often lives in small cached children: the glow (`GlowOverlay`, pulsed by opacity), the
grey veil of a card nobody can take (`ShadeOverlay`). `ensure_pixmap_cache()` raises Qt's
pixmap-cache limit so those caches are not evicted. A piece's pictures for the contents it showed
before are kept too (`LookCache`): a review step back or an undo copies them instead of painting.
Subclasses override `bounds()` (not boundingRect, which is cached) and `paint_body()`.

Level of detail: pieces skip fine text when the view shows them very small
(`QStyleOptionGraphicsItem.levelOfDetailFromTransform`).
"""

from __future__ import annotations

import itertools
import math
import weakref
from collections.abc import Sequence

from PySide6.QtCore import (
    QAbstractAnimation,
    QEasingCurve,
    QElapsedTimer,
    QObject,
    QPointF,
    QPropertyAnimation,
    QRectF,
    Qt,
    QTimer,
)
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QImage, QPainter, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject, QStyleOptionGraphicsItem
from shiboken6 import isValid

from engine.core.memo import game_cache
from ui.board import icons, style, text_boxes
from ui.board.legible import draw_legible, legible_font, screen_scale
from ui.board.overlay import Overlay
from ui.board.paint_guard import guarded_paint
from ui.services.plain_text import plain_tip, tip_text

FINE_LOD = 0.2
"""Below this level of detail (scene shown at < 20 %), fine text is not even tried. Above it,
`draw_text` (ui/board/legible.py) decides what is drawn: never a text under 9 pt on screen."""


def lod_of(painter: QPainter, option: QStyleOptionGraphicsItem | None) -> float:
    """The level of detail of the current paint (1.0 = default zoom)."""
    if option is None:
        return 1.0
    return option.levelOfDetailFromTransform(painter.worldTransform())


def board_of(item: QGraphicsItem):
    """The game board (`ui.board.scene.GameScene`) `item` is on, or None when it is on a plain
    QGraphicsScene (a picture, a bench, a test) or on none: a piece is drawn the same on either,
    and only a board has the hooks for hover words, refusals and clicks."""
    scene = item.scene()
    # a probe rather than isinstance: ui/board/scene.py builds on this module, not the reverse
    return scene if hasattr(scene, "intent") else None


# -- the pulse ---------------------------------------------------------------------------------------
class PulseDriver(QObject):
    """One shared clock per scene for the glow of legal targets (a ≈1.2 s cycle).

    Items register while they glow; the timer runs only while some item is registered and
    repaints just those items. Without a running event loop (offscreen renders) `level()` is a
    fixed, clearly visible value.
    """

    PERIOD_MS = 1200
    TICK_MS = 40  # 25 frames/s is smooth for a slow pulse and cheap for the 2-core budget

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self._items: set[QGraphicsItem] = set()
        self._clock = QElapsedTimer()
        self._clock.start()
        self._timer = QTimer(self)
        self._timer.setInterval(self.TICK_MS)
        self._timer.timeout.connect(self._tick)
        self.frozen: float | None = None
        """Set to a level 0..1 to stop the pulse (renders, tests, reduced motion)."""

    def level(self) -> float:
        """Glow strength 0..1 now (a smooth sine over PERIOD_MS)."""
        if self.frozen is not None:
            return self.frozen
        if not self._timer.isActive():
            return 0.8
        t = (self._clock.elapsed() % self.PERIOD_MS) / self.PERIOD_MS
        return 0.5 + 0.5 * math.sin(2 * math.pi * t)

    def register(self, item: QGraphicsItem) -> None:
        self._items.add(item)
        if self.frozen is None and not self._timer.isActive():
            self._timer.start()

    def unregister(self, item: QGraphicsItem) -> None:
        self._items.discard(item)
        if not self._items:
            self._timer.stop()

    def active(self) -> bool:
        return self._timer.isActive()

    def _tick(self) -> None:
        level = self.level()
        for item in list(self._items):
            if item.scene() is None:
                self._items.discard(item)
            elif isinstance(item, GlowOverlay):
                item.pulse(level)
            else:
                item.update()
        if not self._items:
            self._timer.stop()


def pulse_for(scene) -> PulseDriver | None:
    """The scene's shared PulseDriver (created on first use, a child of the scene)."""
    if scene is None:
        return None
    driver = scene.findChild(PulseDriver, "", Qt.FindChildOption.FindDirectChildrenOnly)
    if driver is None:
        driver = PulseDriver(scene)
    return driver


# -- highlight and clicks ----------------------------------------------------------------------------
class GlowOverlay(QGraphicsItem, Overlay):
    """The pulsing gold outline of a legal target, as a child item of the piece.

    It is drawn once at full strength into its own device-pixel cache, from an image shared by
    every piece of the same shape (`glow_image`); the pulse only changes its opacity, so a pulse
    frame is a few cached blits (stroking wide antialiased outlines on every frame would cost
    milliseconds per piece)."""

    MARGIN = 7.0
    # an Overlay, drawn round its piece: the board's fit does not count it (a row of choices
    # glowing at the board's edge would shrink the whole board between two clicks)

    def __init__(self, piece: BoardItem):
        super().__init__(piece)
        self.piece = piece
        self._bounds: QRectF | None = None
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setAcceptHoverEvents(False)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        if self._bounds is None:
            m = self.MARGIN
            self._bounds = self.piece.outline().boundingRect().adjusted(-m, -m, m, m)
        return self._bounds

    def invalidate(self) -> None:
        """The piece changed size."""
        self.prepareGeometryChange()
        self._bounds = None

    def shape(self) -> QPainterPath:
        return QPainterPath()  # never takes a click or a hover

    def pulse(self, level: float) -> None:
        """Set the glow strength 0..1 (the piece under the mouse glows fully)."""
        self.setOpacity(1.0 if self.piece.hover else 0.4 + 0.6 * level)

    @guarded_paint
    def paint(self, p: QPainter, option, widget=None) -> None:
        driver = pulse_for(self.piece.scene())
        if driver is not None and self.piece.legal:
            driver.register(self)  # in case the piece was targeted before it joined the scene
        outline = self.piece.outline()
        t = p.worldTransform()
        if t.isRotating():  # never on our boards; draw the vectors rather than a skewed image
            stroke_glow(p, outline)
            return
        # pieces of one shape share one image of their glow at each zoom: a prompt that lights up
        # ten cards strokes the wide antialiased outline once, not ten times
        scale = max(abs(t.m11()), abs(t.m22())) * p.device().devicePixelRatioF()
        # zoom steps of 6 %: a card turning over (its scale animates) or a refit reuses the
        # nearest image, drawn a little scaled, rather than stroking the outline again
        step = GLOW_ZOOM_STEP ** round(math.log(max(scale, 0.01)) / math.log(GLOW_ZOOM_STEP))
        image = glow_image(outline, round(step, 4), self.MARGIN)
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        p.drawPixmap(outline.boundingRect().topLeft() - QPointF(self.MARGIN, self.MARGIN), image)


def stroke_glow(p: QPainter, outline: QPainterPath) -> None:
    """The gold glow of a legal target along `outline` (at full strength)."""
    gold = QColor(style.GOLD)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setBrush(Qt.BrushStyle.NoBrush)
    for width, alpha in ((11.0, 50), (7.0, 90)):
        c = QColor(gold)
        c.setAlpha(alpha)
        p.setPen(QPen(c, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
        p.drawPath(outline)
    # a dark hairline each side of the gold line keeps it visible on orange and yellow pieces
    edge = QColor(style.INK)
    edge.setAlpha(150)
    p.setPen(QPen(edge, 5.0, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
    p.drawPath(outline)
    p.setPen(QPen(gold, 3.0, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
    p.drawPath(outline)


_GLOW_IMAGES: dict[tuple, QPixmap] = {}
GLOW_IMAGES_KEPT = 128
"""Glow images kept (one per shape and zoom; a board has a handful of shapes)."""
GLOW_ZOOM_STEP = 1.06
"""Zoom levels closer than this ratio share one glow image (drawn a little scaled)."""


def glow_image(outline: QPainterPath, scale: float, margin: float) -> QPixmap:
    """The glow along `outline` drawn at `scale` device pixels per scene unit, with `margin`
    around the outline's bounds; its device-pixel ratio makes it paint at the outline's size."""
    key = (scale, margin, tuple((round(e.x, 2), round(e.y, 2), e.type.value)
                                for e in map(outline.elementAt, range(outline.elementCount()))))
    image = _GLOW_IMAGES.get(key)
    if image is None:
        box = outline.boundingRect().adjusted(-margin, -margin, margin, margin)
        image = QPixmap(max(1, math.ceil(box.width() * scale)), max(1, math.ceil(box.height() * scale)))
        image.fill(Qt.GlobalColor.transparent)
        q = QPainter(image)
        q.scale(scale, scale)
        q.translate(-box.topLeft())
        stroke_glow(q, outline)
        q.end()
        image.setDevicePixelRatio(scale)
        if len(_GLOW_IMAGES) >= GLOW_IMAGES_KEPT:
            _GLOW_IMAGES.pop(next(iter(_GLOW_IMAGES)))  # the oldest: zooms long past
        _GLOW_IMAGES[key] = image
    return image


def forget_glow_images() -> None:
    """Drop every glow image (a closed board's shapes and zooms; see ui/app/memory.py)."""
    _GLOW_IMAGES.clear()


class Highlight:
    """Mixin for a QGraphicsObject: gold pulsing glow on legal targets (a `GlowOverlay` child
    driven by the scene's one `PulseDriver`), brightening on hover, a tooltip with the full text,
    and a click that emits the scene's `intent(action)`.

    Subclasses call `paint_hover(painter, path)` at the end of their painting.
    """

    GLOW_MARGIN = GlowOverlay.MARGIN

    def init_highlight(self) -> None:
        self.action = None
        self.legal = False
        self.hover = False
        self.status = ""
        self._glow: GlowOverlay | None = None
        self.hover_hook = None
        """Called with True/False as the mouse enters/leaves (a scene previews what a click does)."""
        self.setAcceptHoverEvents(True)
        self.setAcceptedMouseButtons(Qt.MouseButton.LeftButton)

    def set_target(self, action, legal: bool, status: str = "") -> None:
        """Make the piece emit `action` on click (None: inert); `legal` makes it glow. A piece
        given an action that is not legal now still emits it, so the click is refused with the
        engine's reason, and hovering it shows that same reason instead of `status`."""
        legal = bool(legal and action is not None)
        self.action = action
        self.status = status
        if legal != self.legal:
            # the hand only over a legal choice; a piece with a refused action still explains the
            # refusal on hover and on click (the status bar)
            self.setCursor(Qt.CursorShape.PointingHandCursor if legal else Qt.CursorShape.ArrowCursor)
            self.legal = legal
            if legal and self._glow is None:
                self._glow = GlowOverlay(self)
            if self._glow is not None:
                self._glow.setVisible(legal)
                driver = pulse_for(self.scene())
                if driver is not None:
                    if legal:
                        driver.register(self._glow)
                        self._glow.pulse(driver.level())
                    else:
                        driver.unregister(self._glow)

    def paint_hover(self, p: QPainter, outline: QPainterPath) -> None:
        """Brighten the piece under the mouse (only pieces that do something)."""
        if self.hover and self.action is not None:
            p.save()
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(255, 255, 255, 60))
            p.drawPath(outline)
            p.restore()

    def forget_pulse(self) -> None:
        """Leave the shared clock (the piece is being removed)."""
        if self._glow is not None:
            driver = pulse_for(self.scene())
            if driver is not None:
                driver.unregister(self._glow)

    # Qt event handlers (found by name on the QGraphicsObject subclass)
    def hoverEnterEvent(self, event) -> None:  # noqa: N802 - Qt API
        self.hover = True
        if self.action is not None:
            self.update()
        if self._glow is not None:
            self._glow.pulse(1.0)
        board = board_of(self)
        if board is not None:
            board.hovered.emit(self.hover_text())
        if self.hover_hook is not None:
            self.hover_hook(True)

    def hover_text(self) -> str:
        """The status-bar text while the mouse is over the piece: what a click does if it is a
        legal choice, else why a click is refused (the very words the click will show)."""
        board = board_of(self)
        tip = tip_text(self.toolTip()).split("\n", 1)[0]  # the status bar shows text as it is
        if self.action is None:  # a click does nothing: describe the piece, never a move
            return tip
        explain = board.explain if board is not None else None
        if explain is None:  # no controller to ask (a review board): only a legal piece names its move
            return (self.status or tip) if self.legal else tip
        return explain(self.action) or self.status or tip

    def hoverLeaveEvent(self, event) -> None:  # noqa: N802 - Qt API
        self.hover = False
        if self.action is not None:
            self.update()
        board = board_of(self)
        if board is not None:
            board.hovered.emit("")
        if self.hover_hook is not None:
            self.hover_hook(False)

    def mousePressEvent(self, event) -> None:  # noqa: N802 - Qt API
        if self.action is not None and event.button() == Qt.MouseButton.LeftButton:
            event.accept()
        else:
            event.ignore()

    def mouseReleaseEvent(self, event) -> None:  # noqa: N802 - Qt API
        if self.action is not None and event.button() == Qt.MouseButton.LeftButton \
                and self.contains(event.pos()):
            self.click()

    def click(self) -> bool:
        """Ask the scene to emit `intent(action)`; False if the piece is inert."""
        board = board_of(self)
        if self.action is None or board is None:
            return False
        # the piece clicked, held weakly: a refusal is said by it (ui/panels/refusal.py)
        board.clicked = (weakref.ref(self), self.action)
        board.intent.emit(self.action)
        return True


class ScreenClick:
    """Mixin for a piece whose click is a choice of the screen (open a complex large, turn a
    preview), not a decision: a left release over it calls `on_click`. Put it before the
    BoardItem base so these handlers replace the decision click of `Highlight`."""

    on_click = None

    def mousePressEvent(self, event) -> None:  # noqa: N802 - Qt API
        if self.on_click is not None:
            event.accept()
        else:  # no choice of the screen now: a click on it is answered as on any piece (scene.py)
            event.ignore()

    def mouseReleaseEvent(self, event) -> None:  # noqa: N802 - Qt API
        if self.on_click is not None and self.contains(event.pos()):
            self.on_click()


PIXMAP_CACHE_KB = 96 * 1024
"""Qt keeps item caches in QPixmapCache (10 MB by default): too small for a board's pieces at a
2× device-pixel ratio, and a thrashing cache repaints every piece on every frame."""


def ensure_pixmap_cache() -> None:
    """Raise QPixmapCache's limit to PIXMAP_CACHE_KB (never lower it)."""
    from PySide6.QtGui import QPixmapCache

    if QPixmapCache.cacheLimit() < PIXMAP_CACHE_KB:
        QPixmapCache.setCacheLimit(PIXMAP_CACHE_KB)


class LookCache:
    """Pictures of pieces as painted, by piece, content and placement, up to `limit` bytes (the
    oldest go first).

    Qt keeps one painted picture per piece (its device cache) and paints the piece afresh whenever
    its content changes. A review that steps back and forth, or an undo, shows a piece's earlier
    content again: its picture for that content is then copied, not painted (painting the texts
    and paths of a board's changed pieces cost most of a review step). A piece's picture is kept
    only for the content it was painted from (`refresh`); `update()` drops what it had."""

    def __init__(self, limit: int):
        self.limit = limit
        self.size = 0
        self._looks: dict[tuple, tuple[QPixmap, int]] = {}

    def get(self, key: tuple) -> QPixmap | None:
        entry = self._looks.pop(key, None)
        if entry is None:
            return None
        self._looks[key] = entry  # the most recent last
        return entry[0]

    def put(self, key: tuple, look: QPixmap, size: int) -> None:
        old = self._looks.pop(key, None)
        if old is not None:
            self.size -= old[1]
        self._looks[key] = (look, size)
        self.size += size
        while self.size > self.limit:
            _, gone = self._looks.pop(next(iter(self._looks)))
            self.size -= gone

    def drop(self, key: tuple) -> None:
        entry = self._looks.pop(key, None)
        if entry is not None:
            self.size -= entry[1]

    def clear(self) -> None:
        self._looks.clear()
        self.size = 0


LOOKS = LookCache(24 * 2**20)
LOOKS_PER_PIECE = 12
"""Pictures kept per piece: a piece whose content rarely comes back (a mat's money) cannot crowd
out the others' (a space's few states, a marker stack's counts)."""
LOOK_MAX_PIXELS = 640 * 640
"""Larger pictures (a whole board at a large zoom, a picture saved at 2×) are painted, not kept."""
_LOOK_IDS = itertools.count()


class BoardItem(Highlight, QGraphicsObject):
    """A rectangular piece of `w` × `h` with an optional click action and the highlight.

    Its painting is cached in device pixels and redone only when `refresh()` sees new content
    (or the zoom changes). Subclasses implement `paint_body(painter, lod)` and may override
    `outline()`; setters call `refresh(*content)` instead of `update()`."""

    SHADOW_MARGIN = 5.0

    _goal: QPointF | None = None
    """Where the board last placed the piece (`GameScene.place`): a slide's end, or its place."""
    _placed = False
    """The piece was put in place once: the next place slides it there."""

    def __init__(self, w: float, h: float, parent: QGraphicsItem | None = None):
        QGraphicsObject.__init__(self, parent)
        self.w = float(w)
        self.h = float(h)
        self.motions: dict[str, QAbstractAnimation] = {}
        """The piece's running animations by name (a slide, a walk, a card turning over)."""
        self._content: tuple | None = None
        self._bounds: QRectF | None = None
        self._shape: QPainterPath | None = None
        self._tip = ""
        self._look_id = next(_LOOK_IDS)
        self._look_gen = 0
        self._look_keys: list[tuple] = []
        self.init_highlight()
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def refresh(self, *content) -> bool:
        """Repaint if `content` differs from what is drawn; True if it did."""
        if content == self._content:
            return False
        self._content = content
        QGraphicsObject.update(self)  # a new content: a look of its own (see LookCache)
        return True

    def set_tip(self, text: str) -> None:
        """The tooltip (full text), set only when it changes."""
        if text != self._tip:
            self._tip = text
            self.setToolTip(plain_tip(text))  # it names players

    def resize(self, w: float, h: float) -> None:
        if (w, h) != (self.w, self.h):
            self.prepareGeometryChange()
            self.w, self.h = float(w), float(h)
            self._content = None
            self._bounds = None
            self._shape = None
            if self._glow is not None:
                self._glow.invalidate()

    def rect(self) -> QRectF:
        return QRectF(0, 0, self.w, self.h)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        # Qt asks for this hundreds of times a frame: compute once per size
        if self._bounds is None:
            self._bounds = self.bounds()
        return self._bounds

    def bounds(self) -> QRectF:
        """The painted area (the piece and its shadow); subclasses override this, not
        boundingRect."""
        m = self.SHADOW_MARGIN
        return self.rect().adjusted(-1, -1, m, m)

    def outline(self) -> QPainterPath:
        path = QPainterPath()
        path.addRect(self.rect())
        return path

    def shape(self) -> QPainterPath:
        if self._shape is None:
            self._shape = self.outline()
        return self._shape

    def update(self, *args) -> None:
        """Repaint: what the piece looked like before no longer counts (see `LOOKS`)."""
        self._look_gen += 1
        QGraphicsObject.update(self, *args)

    @guarded_paint
    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        lod = lod_of(p, option)
        look = self._look(p, lod)
        if look is not None:
            p.save()
            p.resetTransform()
            p.drawPixmap(0, 0, look)
            p.restore()
        else:
            self._paint_look(p, lod)
        if self.hover and self.action is not None:  # (no outline made for the pieces not hovered)
            self.paint_hover(p, self.outline())

    def _paint_look(self, p: QPainter, lod: float) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        self.paint_body(p, lod)

    def _look(self, p: QPainter, lod: float) -> QPixmap | None:
        """The piece as painted for its content at this exact placement in the device (a cache
        pixmap of the view), from `LOOKS` or painted into it now; None if too large to keep."""
        if self._content is None:
            return None
        device = p.device()
        ratio = device.devicePixelRatioF()
        width, height = device.width(), device.height()
        if not isinstance(device, (QPixmap, QImage)):
            # a widget painted directly (no cache pixmap) counts its size in logical pixels, a
            # pixmap or image in its own: the look is as many device pixels as the device has
            width, height = round(width * ratio), round(height * ratio)
        if width * height > LOOK_MAX_PIXELS or width <= 0 or height <= 0:
            return None
        t = p.worldTransform()
        key = (self._look_id, self._look_gen, self._content, self.w, self.h, width, height, round(lod, 4),
               round(t.m11(), 5), round(t.m12(), 5), round(t.m21(), 5), round(t.m22(), 5),
               round(t.dx(), 3), round(t.dy(), 3))
        look = LOOKS.get(key)
        if look is None:
            look = QPixmap(width, height)
            look.setDevicePixelRatio(ratio)
            look.fill(Qt.GlobalColor.transparent)
            painter = QPainter(look)
            painter.setWorldTransform(t)
            self._paint_look(painter, lod)
            painter.end()
            LOOKS.put(key, look, width * height * 4)
            self._look_keys.append(key)
            if len(self._look_keys) > LOOKS_PER_PIECE:
                LOOKS.drop(self._look_keys.pop(0))
        return look

    def paint_body(self, p: QPainter, lod: float) -> None:
        raise NotImplementedError

    def texts(self) -> list[str]:
        """Every text the piece shows (for tests that check for leaked secrets)."""
        return [self.toolTip()]


class HotSpot(QGraphicsItem):
    """An invisible area that only carries a tooltip: a printed space of the board (a market
    space, an endgame space, a table cell), so every space explains itself."""

    def __init__(self, rect: QRectF, tooltip: str, parent: QGraphicsItem | None = None):
        super().__init__(parent)
        self._rect = QRectF(rect)
        self.setToolTip(plain_tip(tooltip))
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents)  # never asked to paint

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return self._rect

    @guarded_paint
    def paint(self, p: QPainter, option, widget=None) -> None:
        pass

    def texts(self) -> list[str]:
        return [self.toolTip()]


# -- drawing helpers -----------------------------------------------------------------------------------
def draw_text(p: QPainter, rect: QRectF, text: str, font: QFont, colour: str = style.INK,
              align=Qt.AlignmentFlag.AlignCenter, elide: bool = True, short: str | Sequence[str] = ()) -> bool:
    """Text in `rect`, elided on the right if it does not fit; never under 9 pt on the screen:
    when the view shows the piece small, the text (or its `short` form) is drawn at the minimum
    size if it fits, else left to the tooltip (ui/board/legible.py). False if nothing was drawn."""
    return draw_legible(p, rect, text, font, colour, int(align), elide, short)


def paint_count_badge(p: QPainter, rect: QRectF, text: str, fill: str, font: QFont, radius: float = 4.0,
                      pen: float = 1.0) -> None:
    """A small badge with a count or a sign ("1", "∞", "×3") on a piece: a rounded box of `fill`
    and its text. It hides what the piece drew under it, which the cover measure is told
    (ui/board/text_boxes.py), so a badge over a piece's own words is caught as one laid over it."""
    p.setPen(QPen(QColor(style.INK), pen))
    p.setBrush(QColor(fill))
    p.drawRoundedRect(rect, radius, radius)
    text_boxes.note_over(p, rect)
    draw_text(p, rect, text, font, style.INK, elide=False)


def fit_font(text: str, font: QFont, width: float, min_pt: float = style.MIN_PT) -> QFont:
    """`font` shrunk (not below `min_pt`) until `text` fits `width`."""
    key = (text, font, width, min_pt)
    fitted = _FITTED.get(key)
    if fitted is None:
        fitted = QFont(font)
        while QFontMetricsF(fitted).horizontalAdvance(text) > width and fitted.pixelSize() > style.px(min_pt):
            fitted.setPixelSize(fitted.pixelSize() - 1)
        if len(_FITTED) >= 4096:
            _FITTED.clear()
        _FITTED[(text, QFont(font), width, min_pt)] = fitted
    return QFont(fitted)  # the caller's to change


_FITTED: dict[tuple, QFont] = {}
"""fit_font's answers: measuring a text at each size cost more than drawing it."""


def forget_fitted_fonts() -> None:
    """Forget fit_font's answers (ui/app/memory.py, once a board is dropped)."""
    _FITTED.clear()


def paint_paper(p: QPainter, path: QPainterPath, rect: QRectF, shadow: bool = True) -> None:
    """A paper piece: its drop shadow and the paper gradient inside `path` (the ink rim is the
    caller's, drawn last)."""
    if shadow:
        draw_shadow(p, path, 2, 3, 80)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(paper_brush(rect))
    p.drawPath(path)


def paper_brush(rect: QRectF, light: str = style.PAPER, dark: str = style.PAPER_DARK) -> QBrush:
    """A soft vertical paper gradient."""
    from PySide6.QtGui import QLinearGradient

    g = QLinearGradient(rect.topLeft(), rect.bottomLeft())
    g.setColorAt(0.0, QColor(light))
    g.setColorAt(1.0, QColor(dark))
    return QBrush(g)


def draw_shadow(p: QPainter, path: QPainterPath, dx: float = 2.0, dy: float = 3.0, alpha: int = 70) -> None:
    """A subtle drop shadow under `path` (one offset translucent fill: cheap on large pieces)."""
    p.save()
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(0, 0, 0, alpha))
    p.drawPath(path.translated(dx, dy))
    p.restore()


@game_cache(maxsize=512)
def _rounded_part(w: float, h: float, radius: float, x: float, y: float, pw: float, ph: float) -> QPainterPath:
    outline = QPainterPath()
    outline.addRoundedRect(QRectF(0, 0, w, h), radius, radius)
    part = QPainterPath()
    part.addRect(QRectF(x, y, pw, ph))
    return outline.intersected(part)


def fill_rounded_part(p: QPainter, w: float, h: float, radius: float, part: QRectF, colour: str) -> None:
    """Fill the part of a (0, 0, w, h) rounded rectangle that lies in `part` (a title band, a
    stripe) with `colour`. The intersection is computed once per geometry: clipping to a rounded
    path on every paint costs the raster engine far more."""
    p.save()
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(colour))
    p.drawPath(_rounded_part(round(w, 2), round(h, 2), round(radius, 2), round(part.x(), 2), round(part.y(), 2),
                             round(part.width(), 2), round(part.height(), 2)))
    p.restore()


class ShadeOverlay(QGraphicsItem):
    """A translucent grey veil over a piece (a card nobody can take now), as a cached child so
    the piece itself need not repaint when it comes and goes."""

    def __init__(self, piece: BoardItem):
        super().__init__(piece)
        self.piece = piece
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return self.piece.rect()

    def shape(self) -> QPainterPath:
        return QPainterPath()

    @guarded_paint
    def paint(self, p: QPainter, option, widget=None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(43, 43, 43, 70))
        p.drawPath(self.piece.outline())


# -- cards -----------------------------------------------------------------------------------------------
class CardItem(BoardItem):
    """A card: rounded rectangle (radius ≈ 6 % of the width), title band, icon row, big number,
    caption and footer; or, face down, the common back of its deck.

    Game-specific cards subclass it and override `paint_face` (and keep the frame and back).
    """

    def __init__(self, w: float = 120, h: float = 168, parent: QGraphicsItem | None = None):
        super().__init__(w, h, parent)
        self.title = ""
        self.band = style.INK
        self.icon_names: list[str] = []
        self.big = ""
        self.caption = ""
        self.footer = ""
        self.face_down = False
        self.back_label = ""
        self.back_colour = style.CARD_BACK
        self.dimmed = False
        self._shade: ShadeOverlay | None = None
        self.shadow = True

    def set_face(self, title: str = "", band: str = style.INK, icon_names: Sequence[str] = (),
                 big: str = "", caption: str = "", footer: str = "", tooltip: str = "") -> None:
        """Set the printed face (generic layout) and the full-text tooltip."""
        self.title, self.band, self.icon_names = title, band, list(icon_names)
        self.big, self.caption, self.footer = big, caption, footer
        self.face_down = False
        self.set_tip(tooltip or "\n".join(t for t in (title, caption, footer) if t))
        self.refresh("face", title, band, tuple(icon_names), big, caption, footer)

    def set_back(self, label: str = "", colour: str = style.CARD_BACK, tooltip: str = "") -> None:
        """Show the common back of the deck (a face-down card): no face text at all."""
        self.face_down = True
        self.back_label, self.back_colour = label, colour
        self.title = self.caption = self.footer = self.big = ""
        self.icon_names = []
        self.set_tip(tooltip or "A face-down card")
        self.refresh("back", label, colour)

    @property
    def radius(self) -> float:
        return 0.06 * self.w

    def outline(self) -> QPainterPath:
        path = QPainterPath()
        path.addRoundedRect(self.rect(), self.radius, self.radius)
        return path

    def paint_body(self, p: QPainter, lod: float) -> None:
        outline = self.outline()
        if self.shadow:
            draw_shadow(p, outline, 1.5, 2.0, 60)
        if self.face_down:
            self.paint_back(p, lod)
        else:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(paper_brush(self.rect()))
            p.drawPath(outline)
            p.save()
            self.paint_face(p, lod)  # faces stay inside the card; bands use fill_rounded_part
            p.restore()
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(QColor(style.INK), 1.4))
        p.drawPath(outline)

    def set_dimmed(self, dimmed: bool) -> None:
        """Grey the card over (e.g. one the player cannot afford), without repainting the card."""
        dimmed = bool(dimmed)
        if dimmed == self.dimmed:
            return
        self.dimmed = dimmed
        if self._shade is None:
            self._shade = ShadeOverlay(self)
        self._shade.setVisible(dimmed)

    def band_height(self) -> float:
        return max(style.px(10) + 8, self.h * 0.16)

    def paint_face(self, p: QPainter, lod: float) -> None:
        """The generic face: band + title, icon row, big number, caption, footer."""
        w, h = self.w, self.h
        bh = self.band_height()
        fill_rounded_part(p, w, h, self.radius, QRectF(0, 0, w, bh), self.band)
        if lod >= FINE_LOD and self.title:
            f = fit_font(self.title, style.serif(10, bold=True), w - 10)
            draw_text(p, QRectF(5, 0, w - 10, bh), self.title, f, style.text_on(self.band))
        y = bh + 6
        if self.icon_names:
            size = min(26.0, (w - 12) / max(1, len(self.icon_names)) - 4)
            x = 6.0
            for name in self.icon_names:
                r = QRectF(x, y, size, size)
                key = icons.canonical(name)
                if key in icons.INDUSTRY_COLOURS:
                    icons.paint_industry(p, key, r)
                elif key == "income":
                    icons.paint_coin(p, r)
                else:
                    icons.paint_icon(p, key, r)
                x += size + 4
            y += size + 4
        if self.big:
            draw_text(p, QRectF(0, y, w, h * 0.3), self.big, style.sans(20, bold=True))
            y += h * 0.3
        if lod >= FINE_LOD:
            if self.caption:
                draw_text(p, QRectF(6, y, w - 12, h - y - 20), self.caption, style.sans(9),
                          align=Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop
                          | Qt.TextFlag.TextWordWrap, elide=False)
            if self.footer:
                draw_text(p, QRectF(6, h - 20, w - 12, 16), self.footer, style.sans(9), style.INK_SOFT)

    def paint_back(self, p: QPainter, lod: float) -> None:
        """The common back: deep colour, brass double frame, a lozenge, the deck's label."""
        outline = self.outline()
        r = self.rect()
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(self.back_colour))
        p.drawPath(outline)
        brass = QColor(style.BRASS)
        inset = max(3.0, self.w * 0.07)
        inner = r.adjusted(inset, inset, -inset, -inset)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(brass, max(1.0, self.w * 0.015)))
        p.drawRoundedRect(inner, self.radius * 0.6, self.radius * 0.6)
        if self.w >= 40:
            inner2 = inner.adjusted(3, 3, -3, -3)
            p.setPen(QPen(brass, 0.8))
            p.drawRoundedRect(inner2, self.radius * 0.4, self.radius * 0.4)
        c = r.center()
        d = min(inner.width(), inner.height()) * 0.32
        diamond = QPainterPath()
        diamond.moveTo(c.x(), c.y() - d)
        diamond.lineTo(c.x() + d * 0.75, c.y())
        diamond.lineTo(c.x(), c.y() + d)
        diamond.lineTo(c.x() - d * 0.75, c.y())
        diamond.closeSubpath()
        p.setPen(QPen(brass, max(1.0, self.w * 0.02)))
        p.setBrush(QColor(style.BRASS).darker(260))
        p.drawPath(diamond)
        if self.back_label and lod >= FINE_LOD and self.w >= 40:
            f = fit_font(self.back_label, style.serif(9, bold=True), inner.width() - 4)
            # a label in capitals that does not fit reads in small letters ("Business", not "BUSIN…")
            draw_text(p, QRectF(inner.left(), inner.bottom() - style.px(9) - 8, inner.width(), style.px(9) + 6),
                      self.back_label, f, style.PAPER,
                      short=(self.back_label.capitalize(),) if self.back_label.isupper() else ())

    def texts(self) -> list[str]:
        return [self.toolTip(), self.title, self.big, self.caption, self.footer, self.back_label]


# -- tokens ------------------------------------------------------------------------------------------------
class TokenItem(BoardItem):
    """A disc in a seat colour with the seat mark, a thin dark rim and a subtle shadow.

    NPC / neutral tokens are grey (#8a8a8a) with a hatched fill. The item's origin is its centre,
    so stacking and sliding work on centres."""

    def __init__(self, diameter: float = 20, colour: str = style.NPC_GREY, mark: str = "",
                 npc: bool = False, parent: QGraphicsItem | None = None):
        super().__init__(diameter, diameter, parent)
        self.colour = colour
        self.mark = mark
        self.npc = npc
        self._anim = None

    def set_look(self, colour: str, mark: str, npc: bool = False, tooltip: str = "") -> None:
        self.colour, self.mark, self.npc = colour, mark, npc
        if tooltip:
            self.set_tip(tooltip)
        self.refresh(colour, mark, npc)

    def rect(self) -> QRectF:
        return QRectF(-self.w / 2, -self.h / 2, self.w, self.h)

    def bounds(self) -> QRectF:
        return self.rect().adjusted(-1, -1, 4, 4)

    def outline(self) -> QPainterPath:
        path = QPainterPath()
        path.addEllipse(self.rect())
        return path

    def paint_body(self, p: QPainter, lod: float) -> None:
        r = self.rect()
        outline = self.outline()
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(0, 0, 0, 80))
        p.drawEllipse(r.translated(1.2, 1.8))
        base = QColor(style.NPC_GREY if self.npc else self.colour)
        from PySide6.QtGui import QRadialGradient

        g = QRadialGradient(r.center() - QPointF(r.width() * 0.2, r.height() * 0.25), r.width() * 0.75)
        g.setColorAt(0.0, base.lighter(135))
        g.setColorAt(1.0, base)
        p.setBrush(QBrush(g))
        p.drawPath(outline)
        if self.npc:
            p.setBrush(icons.hatch_brush())
            p.drawPath(outline)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(QColor(style.INK), 1.2))
        p.drawPath(outline)
        if self.mark and (lod >= FINE_LOD or self.w * lod >= 10):
            f = style.sans(9, bold=True, tabular=False)
            if len(self.mark) == 1:
                f.setPixelSize(max(style.px(9), round(self.w * 0.55)))
            fg = style.INK if self.npc else style.text_on(self.colour)
            if self.npc:
                inset = 0.12 if len(self.mark) > 1 else 0.2
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(QColor(style.PAPER))
                p.drawEllipse(r.adjusted(r.width() * inset, r.height() * inset,
                                         -r.width() * inset, -r.height() * inset))
            draw_text(p, r, self.mark, f, fg, elide=False)


MARKER_FAN = 0.92
"""Markers that share a place stand side by side, each centre this share of the wider one's width
from the next (the later one drawn over the earlier's rim): on a board shown small a mark of two
letters is as wide as its disc, and a disc over more than its rim hid a letter of it (stacked a
few units apart on a track's space, 51-84 % of a mark lay under the next disc)."""


# -- tracks -----------------------------------------------------------------------------------------------------
class TrackItem(BoardItem):
    """Numbered spaces (rects in item coordinates, laid out by the caller) with the value printed
    in each, and the places of the markers standing on them (`place_markers`).

    `inward[i]` is the unit direction from space i towards the board's inside: the side on which
    the markers of a track whose `lane` is not 0 stand.
    """

    FAN = MARKER_FAN

    GROUP_GAP = 8.0
    """The least room between the markers of two spaces: a space's markers read as its own."""

    def __init__(self, spaces: Sequence[QRectF], labels: Sequence[str], inward: Sequence[QPointF],
                 parent: QGraphicsItem | None = None, font_pt: float = 9, lane: float = 0.0):
        super().__init__(1, 1, parent)
        self.labels = list(labels)
        self.font_pt = font_pt
        self.lane = lane
        """How far from its space's centre, inwards, a marker's centre stands: 0, on the space (its
        value, printed small, goes beside the markers: `plate_centre`); more, beside the track,
        where no marker hides a value at any size."""
        self.accent: dict[int, str] = {}
        """Space index -> fill colour for marked spaces (e.g. the end trigger)."""
        self.tip_for = None
        """Optional callable(index) -> the tooltip of a space (the track's tooltip follows the mouse)."""
        self.occupied: frozenset[int] = frozenset()
        """Spaces a marker stands on (`place_markers`)."""
        self._discs: list[tuple[QPointF, float, int]] = []
        """The markers' discs as last placed: centre (item coordinates), radius, space."""
        self.set_spaces(spaces, inward)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setAcceptHoverEvents(True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_spaces(self, spaces: Sequence[QRectF], inward: Sequence[QPointF]) -> None:
        """Lay the spaces out anew (a board laid out for another room: ui/board/layout.py)."""
        bounds = QRectF()
        for r in spaces:
            bounds = bounds.united(r)
        self.prepareGeometryChange()
        self.w, self.h = float(bounds.right()), float(bounds.bottom())
        self._content = None
        self._bounds = None
        if self._glow is not None:
            self._glow.invalidate()
        self._spaces_box = bounds.adjusted(-1, -1, 1, 1)
        self._space_bounds = self._spaces_box.united(self._trays_box())
        self.spaces = list(spaces)
        self.inward = list(inward)
        self._runs = _straight_runs(self.spaces)
        self._ring = QPainterPath()
        for r in self.spaces:
            self._ring.addRect(r)
        self._shape = None
        self.update()

    def place_markers(self, groups: dict[int, Sequence[float]]) -> dict[int, list[QPointF]]:
        """Where the markers go: for each space, the widths of the markers standing on it (the
        first drawn lowest) -> their centres, in the same order, in the coordinates of the track's
        parent (the panel its markers share; the scene's for a track without one).

        The one way every game's track places its markers: a space's markers stand in a row along
        the track (`FAN`), centred on the space (or `lane` inwards of it); where the rows of
        near spaces would meet, they move apart along their stretch of the track, each as little
        as it can (a row never leaves the stretch's ends), so no marker covers more than a sixth of
        another's mark and the markers of two spaces keep a gap (`GROUP_GAP`)."""
        groups = {i: list(ds) for i, ds in groups.items() if ds}
        out: dict[int, list[QPointF]] = {}
        discs: list[tuple[QPointF, float, int]] = []
        for run in self._runs:
            here = [i for i in run if i in groups]
            if not here:
                continue
            origin, along = self._run_axis(run)
            lo, hi = (self._extent(self.spaces[i], origin, along) for i in (run[0], run[-1]))
            low_end, high_end = min(lo[0], hi[0]), max(lo[1], hi[1])
            placed = fan_out([(self._along(i, origin, along), groups[i]) for i in here], low_end, high_end,
                             self.FAN, self.GROUP_GAP)
            for i, ts in zip(here, placed, strict=True):
                side = self.inward[i] * self.lane
                centres = [origin + along * t + side for t in ts]
                discs += [(c, d / 2, i) for c, d in zip(centres, groups[i], strict=True)]
                out[i] = [self.mapToParent(c) for c in centres]
        occupied = frozenset(groups)
        if occupied != self.occupied or discs != self._discs:
            self.prepareGeometryChange()
            self.occupied, self._discs = occupied, discs
            self._space_bounds = self._spaces_box.united(self._trays_box())
            self._bounds = None
            self._content = None
            self.update()
        return out

    TRAY_MARGIN = (4.0, 1.5)
    """How far a tray reaches beyond its markers' discs, along the track and across it (hardly:
    markers beside a track stand close under a panel's title)."""

    def trays(self) -> list[tuple[int, QRectF]]:
        """The trays under the rows of two markers or more (item coordinates), each with its
        space: a row reads as the markers of one space, apart from its neighbours'."""
        rows: dict[int, list[tuple[QPointF, float]]] = {}
        for centre, radius, space in self._discs:
            rows.setdefault(space, []).append((centre, radius))
        out = []
        for space, row in rows.items():
            if len(row) < 2:
                continue
            box = QRectF()
            for centre, radius in row:
                box = box.united(QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius))
            along, across = self.TRAY_MARGIN
            d = self.inward[space]
            mx = abs(d.y()) * along + abs(d.x()) * across
            my = abs(d.x()) * along + abs(d.y()) * across
            out.append((space, box.adjusted(-mx, -my, mx, my)))
        return out

    def _trays_box(self) -> QRectF:
        box = QRectF()
        for _space, tray in self.trays():
            box = box.united(tray.adjusted(-1, -1, 1, 1))
        return box

    def _run_axis(self, run: list[int]) -> tuple[QPointF, QPointF]:
        """The centre of a stretch's first space and the unit direction the stretch runs in (a
        stretch of one space: across its inward direction)."""
        origin = self.spaces[run[0]].center()
        if len(run) > 1:
            return origin, self._direction(run[0], run[1])
        d = self.inward[run[0]]
        return origin, QPointF(-d.y(), d.x())

    def _along(self, i: int, origin: QPointF, along: QPointF) -> float:
        """How far along the stretch space `i`'s centre is."""
        d = self.spaces[i].center() - origin
        return d.x() * along.x() + d.y() * along.y()

    def _extent(self, r: QRectF, origin: QPointF, along: QPointF) -> tuple[float, float]:
        """How far along the stretch a space's rect begins and ends."""
        ts = [(c - origin).x() * along.x() + (c - origin).y() * along.y()
              for c in (r.topLeft(), r.topRight(), r.bottomLeft(), r.bottomRight())]
        return min(ts), max(ts)

    def _direction(self, i: int, k: int) -> QPointF:
        """The unit direction from space `i` towards space `k`."""
        d = self.spaces[k].center() - self.spaces[i].center()
        length = math.hypot(d.x(), d.y()) or 1.0
        return QPointF(d.x() / length, d.y() / length)

    def plate_centre(self, i: int, width: float, height: float) -> QPointF:
        """Where the plate of space `i`'s value goes when the track is shown small: on the space,
        or, when a marker stands over that place, the nearest place along the track clear of
        every marker (a marker over the middle of "100" left "1MS0" to read), beside the
        space's own markers rather than another space's (a row pushed aside by its neighbour's
        put "40" beside the marker of 41)."""
        centre = self.spaces[i].center()
        if self.lane > 0 or self._clear_of_markers(centre, width, height):
            return centre  # (markers beside the track leave every value where it is printed)
        ways = [self._direction(i, k) for k in (i + 1, i - 1) if 0 <= k < len(self.spaces)]
        beside_other = None
        for step in range(1, 80):
            for along in ways:
                place = centre + along * (2.0 * step)
                if self._clear_of_markers(place, width, height):
                    if self._nearest_space(place) in (i, None):
                        return place
                    beside_other = beside_other or place
        return beside_other or centre + ways[0] * (2 * max((r for _c, r, _s in self._discs), default=12.0) + width)

    def _nearest_space(self, place: QPointF) -> int | None:
        """The space whose marker stands nearest `place`."""
        return min(self._discs, key=lambda d: (d[0] - place).manhattanLength(), default=(None, 0, None))[2]

    def _clear_of_markers(self, plate: QPointF, width: float, height: float) -> bool:
        """True if a plate of that size centred at `plate` leaves every marker's disc clear (its
        rim may touch the plate)."""
        for mark, radius, _space in self._discs:
            reach = radius - 2
            if (abs(plate.x() - mark.x()) < width / 2 + reach
                    and abs(plate.y() - mark.y()) < height / 2 + reach):
                return False
        return True

    def space_at(self, pos: QPointF) -> int | None:
        """Index of the space under `pos` (item coordinates), or None."""
        for i, r in enumerate(self.spaces):
            if r.contains(pos):
                return i
        return None

    def hoverMoveEvent(self, event) -> None:  # noqa: N802 - Qt API
        i = self.space_at(event.pos())
        if i is None:
            return
        text = self.tip_for(i) if self.tip_for else f"Space {self.labels[i]}"
        self.set_tip(text)

    def hoverEnterEvent(self, event) -> None:  # noqa: N802 - Qt API
        self.hoverMoveEvent(event)

    def hoverLeaveEvent(self, event) -> None:  # noqa: N802 - Qt API
        pass

    def outline(self) -> QPainterPath:
        path = QPainterPath()
        path.addRect(self.rect())
        return path

    def shape(self) -> QPainterPath:
        return self._ring  # the spaces only: never blocks clicks on what lies inside the track

    def bounds(self) -> QRectF:
        return self._space_bounds

    def paint_body(self, p: QPainter, lod: float) -> None:
        font = style.sans(self.font_pt, tabular=True)
        bold = style.sans(self.font_pt, bold=True)
        pen = QPen(QColor(style.INK), 1.0)
        for i, r in enumerate(self.spaces):
            fill = self.accent.get(i)
            p.setPen(pen)
            p.setBrush(QColor(fill) if fill else QColor(style.PAPER if i % 2 else style.PAPER_DARK))
            p.drawRect(r)
        # a row of markers on its tray (under the values: a value moved beside a row may touch it)
        p.setPen(QPen(QColor(style.INK_SOFT), 1.0))
        p.setBrush(QColor(style.PAPER_SHADE))
        for _space, tray in self.trays():
            radius = tray.height() / 2
            p.drawRoundedRect(tray, radius, radius)
        # Shown small, the track reads as a ruler: only every tenth value (or fifth, where
        # there is room), each over its neighbours' width; the tooltip names every space.
        legible = legible_font(font, screen_scale(p))
        fm = QFontMetricsF(legible)
        widest = max((fm.horizontalAdvance(label) for label in self.labels), default=0)
        narrowest = min((min(r.width(), r.height()) for r in self.spaces), default=0)
        every = 1 if widest <= narrowest + 0.5 else 5 if widest <= 4 * narrowest else 10
        for i, r in enumerate(self.spaces):
            label = self.labels[i]
            number = int(label) if label.isdigit() else None
            major = number is not None and number % 10 == 0
            if every == 1:
                draw_text(p, r, label, bold if major else font, style.INK, elide=False)
            elif number is not None and number % every == 0:
                f = legible_font(bold if major else font, screen_scale(p))
                plate = QRectF(0, 0, QFontMetricsF(f).horizontalAdvance(label) + 4, fm.height())
                plate.moveCenter(self.plate_centre(i, plate.width(), plate.height()))
                p.setPen(QPen(QColor(style.INK), 0.8))
                p.setBrush(QColor(self.accent.get(i) or style.PAPER))
                p.drawRect(plate)
                draw_text(p, plate, label, f, style.INK, elide=False)
        # the spaces markers stand on, outlined (round their value's plate too)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(QColor(style.INK), 2.0))
        for i in self.occupied:
            p.drawRect(self.spaces[i].adjusted(1, 1, -1, -1))

    def texts(self) -> list[str]:
        return [self.toolTip(), *self.labels]


def _straight_runs(spaces: Sequence[QRectF]) -> list[list[int]]:
    """The track's spaces in straight stretches: consecutive spaces that touch and go on in the
    same direction (a row of a track in rows, a side of a track round a board)."""
    runs: list[list[int]] = []
    heading = None
    for i, r in enumerate(spaces):
        if runs:
            prev = spaces[runs[-1][-1]]
            d = r.center() - prev.center()
            length = math.hypot(d.x(), d.y())
            near = length <= 0.75 * (max(r.width(), r.height()) + max(prev.width(), prev.height()))
            unit = QPointF(d.x() / length, d.y() / length) if length else QPointF()
            same = heading is None or unit.x() * heading.x() + unit.y() * heading.y() > 0.99
            if near and same:
                runs[-1].append(i)
                heading = unit
                continue
        runs.append([i])
        heading = None
    return runs


def fan_out(groups: list[tuple[float, list[float]]], low: float, high: float, fan: float = MARKER_FAN,
            gap: float = 4.0) -> list[list[float]]:
    """Positions along a line for rows of markers (discs), the one rule of every board for markers
    that share a place (a track's space, a rank): `groups` are (where the row's centre wants to
    be, the discs' widths, the first drawn lowest) in order along the line; a row's discs stand
    `fan` times the wider one's width apart, two rows at least `gap` apart edge to edge. Rows that
    would meet become one block, centred where its rows want it on average (the least squared
    move), kept between `low` and `high` where it fits. The centres of each row's discs, in
    order. (`TrackItem.place_markers` lays a track's stretches out with it.)"""

    class Block:
        def __init__(self, g: int, row: list[float], widths: list[float]):
            self.rows = [(g, 0.0, row)]  # (group, its row centre's offset in the block, the row)
            self.left = row[0] - widths[0] / 2
            self.right = row[-1] + widths[-1] / 2

        def at(self) -> float:
            """Where the block's origin goes: each row's wish, averaged, kept within the ends."""
            at = sum(groups[g][0] - off for g, off, _row in self.rows) / len(self.rows)
            if self.right - self.left <= high - low:
                at = min(max(at, low - self.left), high - self.right)
            return at

    blocks: list[Block] = []
    for g, (_want, widths) in enumerate(groups):
        offsets = [0.0]
        for a, b in itertools.pairwise(widths):
            offsets.append(offsets[-1] + fan * max(a, b))
        blocks.append(Block(g, [o - offsets[-1] / 2 for o in offsets], widths))
        while len(blocks) > 1 and blocks[-2].at() + blocks[-2].right + gap > blocks[-1].at() + blocks[-1].left:
            b = blocks.pop()
            a = blocks[-1]
            shift = a.right + gap - b.left
            a.rows += [(g2, off + shift, row) for g2, off, row in b.rows]
            a.right = b.right + shift
    out: list[list[float]] = [[] for _ in groups]
    for block in blocks:
        at = block.at()
        for g, off, row in block.rows:
            out[g] = [at + off + x for x in row]
    return out


# -- motion ---------------------------------------------------------------------------------------------------
def on_item(item: QGraphicsObject, fn):
    """A slot for a signal of `item`'s own animation: calls `fn(item, *args)` while the item
    lives, without holding it. A lambda that held the piece, connected to an animation that is
    the piece's child, made a cycle through Qt that Python's collector cannot see: every piece
    that had ever moved outlived its removal from the board, and with it the scene (the soak,
    tests/bench/soak.py, showed the app growing by megabytes a minute)."""
    ref = weakref.ref(item)

    def slot(*args) -> None:
        it = ref()
        if it is not None and isValid(it):
            fn(it, *args)

    return slot


def stop_animation(item: BoardItem, name: str) -> None:
    """Stop the animation `name` of `item` (`item.motions`), if any (it deletes itself on
    stopping)."""
    old = item.motions.pop(name, None)
    if old is not None and isValid(old):
        old.stop()


def start_animation(item: BoardItem, name: str, anim, on_finished=None) -> None:
    """Run `anim` (a child of `item`) as its animation `name`. It is deleted once it stops, so
    finished animations do not pile up as children of a piece that lives the whole game; when it
    runs to its end, it leaves `item.motions` and `on_finished(item)` is called."""

    def finished(it) -> None:
        if it.motions.get(name) is anim:
            del it.motions[name]
        if on_finished is not None:
            on_finished(it)

    anim.finished.connect(on_item(item, finished))
    item.motions[name] = anim
    anim.start(anim.DeletionPolicy.DeleteWhenStopped)


BASE_SLIDE_MS = 220


def slide(item: BoardItem, target: QPointF, speed: float = 1.0, ms: int = BASE_SLIDE_MS) -> None:
    """Move `item` to `target` with an ease-out slide of `ms` (150–300 ms at speed 1), scaled by
    `speed` (0 = instant). Never blocks input; a new slide replaces an unfinished one, and the
    item always ends exactly on `target`."""
    stop_animation(item, "_slide_anim")
    if speed <= 0 or item.scene() is None or (item.pos() - target).manhattanLength() < 0.5 \
            or not item.scene().views():
        item.setPos(target)
        return
    duration = int(max(150, min(300, ms)) / speed)
    anim = QPropertyAnimation(item, b"pos", item)
    anim.setDuration(max(1, duration))
    anim.setStartValue(item.pos())
    anim.setEndValue(target)
    anim.setEasingCurve(QEasingCurve.Type.OutCubic)
    start_animation(item, "_slide_anim", anim, lambda it: _slid(it, target))


def _slid(item: QGraphicsObject, target: QPointF) -> None:
    """A slide ended: the piece on its place, and the badges over the board placed again round
    the pieces where they now are (one placed during the slide may lie over a word now)."""
    item.setPos(target)
    board = board_of(item)
    if board is not None:
        board.words_moved.emit()


FLIP_MS = 300


def flip_in(item: BoardItem, speed: float = 1.0, ms: int = FLIP_MS) -> None:
    """Reveal `item` as a card turning over: it opens from edge-on to full width, a touch
    enlarged, and settles (≈300 ms at speed 1; nothing at speed 0). While it turns the piece is
    cached in item coordinates, so the animation does not repaint its vectors every frame."""
    if speed <= 0 or item.scene() is None or not item.scene().views():
        return
    from PySide6.QtCore import QVariantAnimation
    from PySide6.QtGui import QTransform

    stop_animation(item, "_flip_anim")
    rect = item.boundingRect()
    cx, cy = rect.center().x(), rect.center().y()
    mode = item.cacheMode()
    item.setCacheMode(QGraphicsItem.CacheMode.ItemCoordinateCache)

    def step(it, t) -> None:  # the item comes from on_item: a closure over it would keep it alive
        t = float(t)
        sx = max(0.02, abs(math.sin(t * math.pi / 2)))
        grow = 1.0 + 0.08 * math.sin(t * math.pi)
        it.setTransform(QTransform().translate(cx, cy).scale(sx * grow, grow).translate(-cx, -cy))

    def done(it) -> None:
        it.setTransform(QTransform())
        it.setCacheMode(mode)

    anim = QVariantAnimation(item)
    anim.setStartValue(0.0)
    anim.setEndValue(1.0)
    anim.setDuration(max(1, int(ms / speed)))
    anim.setEasingCurve(QEasingCurve.Type.OutCubic)
    anim.valueChanged.connect(on_item(item, step))
    step(item, 0.0)
    start_animation(item, "_flip_anim", anim, done)

