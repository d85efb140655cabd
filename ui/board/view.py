"""The board's view: a zoomable, pannable `QGraphicsView` that fits the board to the window and
holds it steady while a player decides (the game window and the review both show a board in it)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QGraphicsView, QWidget

from ui.board import text_boxes
from ui.board.marks import declutter
from ui.board.overlay import is_overlay
from ui.board.scene import GameScene


def _badges_on(scene: GameScene) -> bool:
    """True if badges lie over `scene`: a hint's or a review's marks, or rings with their player's
    disc (ui/board/spotlight.py)."""
    spot = scene.spot
    return bool(scene.board_marks) or (spot is not None and any(ring.badge is not None for ring in spot.all_rings()))


class BoardView(QGraphicsView):
    """The board: antialiased, fit to the window on open, Ctrl+wheel or +/− to zoom, drag the
    empty board to pan, 0 or F to fit again. Keeps fitting on resize until the user zooms.

    A steady board (nothing moves under the cursor when the player acts): the fitted area only
    grows during a game (a strip of choices that comes and goes, a row that gets shorter, never
    re-fit the board), and when the layout around the view changes (the prompt bar grows, a
    panel is shown) the board stays where it was on the screen instead of being re-centred. The
    view may scroll a viewport's size beyond the board for that. The fit leaves room above the
    board for the prompt bar to grow into; if the layout takes more, the board is fitted again:
    a board shown whole is never partly hidden by the widgets around it."""

    MIN_SCALE, MAX_SCALE = 0.15, 6.0

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing
                            | QPainter.RenderHint.SmoothPixmapTransform)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)  # items that accept the press win
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setBackgroundBrush(QColor("#2b2b2b"))
        self.setFrameShape(QGraphicsView.Shape.NoFrame)
        self.auto_fit = True
        self.growth_room = lambda: 0  # view pixels the widgets above may still take (see _fit)
        self.top_reserve = 0  # view pixels the last fit left free at the top for them
        self._fitted: QRectF | None = None  # the board area fitted so far (grows in a game)
        self._window_size = None  # the top-level window's size at the last resize
        self._origin = None  # the viewport's top-left in window coordinates, last seen
        self._port: QRectF | None = None  # the viewport's place in the window, last seen settled
        self._relaying = False  # the scene is being laid out for a new room (see _tell_room)
        self._room_width = None  # the viewport's width when the scene was last told its room
        self._badges_due = False  # the badges over the board are to be placed after the next paint
        self._words_placed = text_boxes.GENERATION  # the words' paints the badges were placed after

    def setScene(self, scene) -> None:  # noqa: N802 - Qt API
        self._fitted = None
        super().setScene(scene)
        if isinstance(scene, GameScene):  # a board (a test may show a plain scene)
            scene.rearranged.connect(self._rearranged)
            scene.words_moved.connect(self.place_badges_later)

    def _rearranged(self) -> None:
        """The board took another arrangement (it outgrew its own): fitted afresh, as its panels
        moved anyway (a board the player zoomed stays as zoomed)."""
        if self.auto_fit:
            self._fitted = None
            self._fit()

    def board_rect(self) -> QRectF:
        scene = self.scene()
        if scene is None:
            return QRectF()
        # the pieces drawn only: Qt's itemsBoundingRect counts hidden items too, and a board's
        # pool parks the pieces it does not show (hidden, wherever they last were), which made
        # the fit zoom out to a board far smaller than the view
        rect = QRectF()
        for item in scene.items():
            if item.isVisible() and not is_overlay(item):  # a ring or a badge is not board
                rect = rect.united(item.sceneBoundingRect())
        return rect if not rect.isEmpty() else scene.sceneRect()

    def _drawn_beyond(self, area: QRectF) -> bool:
        """True if a piece drawn now (hidden ones do not count) reaches outside `area`."""
        scene = self.scene()
        if scene is None:
            return False
        far = 1e7
        mode = Qt.ItemSelectionMode.IntersectsItemBoundingRect
        bands = (QRectF(-far, -far, 2 * far, far + area.top()),  # above, below, left, right
                 QRectF(-far, area.bottom(), 2 * far, far),
                 QRectF(-far, area.top(), far + area.left(), area.height()),
                 QRectF(area.right(), area.top(), far, area.height()))
        return any(not is_overlay(item) for band in bands for item in scene.items(band, mode))

    FIT_MARGIN = 8
    """View pixels left round a fitted board."""

    def room(self) -> tuple[int, int]:
        """The view pixels a fitted board may take: the viewport less the margins and the room
        kept above the board for the prompt bar to grow into (so that the room does not change
        when the bar does: the board's layout follows only the window and the docks)."""
        m = self.FIT_MARGIN
        reserve = self._reserve()
        return max(1, self.viewport().width() - 2 * m), max(1, self.viewport().height() - reserve - 2 * m)

    def _reserve(self) -> int:
        """View pixels kept free above the board for the prompt bar to grow into."""
        return min(self.growth_room(), self.viewport().height() // 4)

    def _tell_room(self, anew: bool = False) -> None:
        """Give the scene's layout the room it has now (ui/board/scene.py: set_room); `anew`:
        arrange it afresh even if the room is the same."""
        scene = self.scene()
        if not isinstance(scene, GameScene) or not self.isVisible():
            return
        self._relaying = True
        try:
            relaid = scene.set_room(*self.room(), anew=anew)
        finally:
            self._relaying = False
        self._room_width = self.viewport().width()
        spot = scene.spot
        if relaid and spot is not None:
            spot.follow()  # the rings round pieces that took another size, at once

    def fit(self, anew: bool = False) -> None:
        """Fit the whole board (the scene's items) into the view, afresh, laid out for the room
        the view has now (`anew`: its arrangement chosen again, as when the player presses 0)."""
        self._tell_room(anew)
        self._fitted = None
        self._fit()

    def _fit(self, keep_place: bool = False) -> None:
        board = rect = self.board_rect()
        if rect.isEmpty():
            return
        grown = self._fitted is not None
        if grown:
            rect = rect.united(self._fitted)
        self._fitted = QRectF(rect)
        # room left free above the board for a prompt bar that grows (a second line, a row of
        # buttons): the view holds still then, so the board's top would slip under it
        reserve = self.top_reserve = self._reserve()
        m = self.FIT_MARGIN
        vw, vh = self.viewport().width() - 2 * m, self.viewport().height() - reserve - 2 * m
        if vw <= 0 or vh <= 0:
            return
        scale = max(self.MIN_SCALE, min(self.MAX_SCALE, vw / rect.width(), vh / rect.height()))
        margin = m / scale
        area = rect.adjusted(-margin, -margin, margin, margin)
        if keep_place and grown:
            if self._grow_in_place(area, scale, reserve, zoom_out=False):
                return
            # the board outgrew the room where it stands (a panel came, the layout took another
            # arrangement): zoomed out only as far as the board now needs, and centred again, so
            # that it keeps filling the view (its own rect: the area it left is no longer board)
            scale = max(self.MIN_SCALE, min(self.transform().m11(), vw / board.width(), vh / board.height()))
            margin = m / scale
            area = board.adjusted(-margin, -margin, margin, margin)
        self.resetTransform()
        self.scale(scale, scale)
        self._update_range()
        self.centerOn(area.center() - QPointF(0, reserve / 2 / scale))
        if isinstance(self.scene(), GameScene):  # (a plain scene has no badges)
            declutter(self.scene(), self)  # in the view as it is placed now
        self.auto_fit = True
        self._origin = self._viewport_origin()
        self._port = self._port_on_window()

    def _grow_in_place(self, area: QRectF, fit_scale: float, reserve: float, zoom_out: bool = True) -> bool:
        """The board grew beyond the fitted area: keep its top-left corner where it is on the
        screen and zoom out only as far as the whole board needs (not at all if it still fits,
        as when a wide board grows along its free side; with `zoom_out` False, only then). False
        if the board is not on screen as fitted, or would need a smaller zoom where it stands
        (the caller fits it afresh)."""
        current = self.transform().m11()
        corner = self.viewportTransform().map(area.topLeft())
        x, y = corner.x(), corner.y()
        vw, vh = self.viewport().width(), self.viewport().height()
        if x < -1 or y < -1 or x >= vw or y >= vh:
            return False
        x, y = max(0.0, x), max(0.0, y)
        bottom_room = vh - y - max(0.0, reserve - y)  # the reserve above the board stays free
        scale = min(current, (vw - x) / area.width(), bottom_room / area.height())
        if scale < fit_scale * 0.9:  # anchored there, the board would come out much smaller than fitted
            return False
        if not zoom_out and scale < current - 1e-9:
            return False
        if scale < current:
            self.resetTransform()
            self.scale(scale, scale)
        self._update_range()
        # the corner back where it was on the screen
        now = self.viewportTransform().map(area.topLeft())
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + round(now.x() - corner.x()))
        self.verticalScrollBar().setValue(self.verticalScrollBar().value() + round(now.y() - corner.y()))
        self.auto_fit = True
        self._origin = self._viewport_origin()
        self._port = self._port_on_window()
        return True

    def _update_range(self, rect: QRectF | None = None) -> None:
        """Let the view scroll a viewport's size beyond the board on every side, so it can keep
        the board in place whatever its size. `rect`: the board and the fitted area, if known."""
        if rect is None:
            rect = self.board_rect()
            if self._fitted is not None:
                rect = rect.united(self._fitted)
        scale = max(self.transform().m11(), self.MIN_SCALE)
        mx = self.viewport().width() / scale + rect.width()
        my = self.viewport().height() / scale + rect.height()
        self.setSceneRect(rect.adjusted(-mx, -my, mx, my))
        if isinstance(self.scene(), GameScene):  # (a plain scene has no badges)
            declutter(self.scene(), self)  # every change of zoom comes this way: the badges are laid out anew

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().paintEvent(event)
        scene = self.scene()
        if not isinstance(scene, GameScene):
            return
        words = text_boxes.GENERATION
        if self._badges_due or (words != self._words_placed and _badges_on(scene)):
            # the pieces have painted their words where they are now (or other words): the
            # badges go clear of them
            self._badges_due = False
            declutter(scene, self)
        self._words_placed = words

    def place_badges_later(self) -> None:
        """Place the badges over the board again once its pieces have painted (after the next
        paint: a piece that changed paints its words afresh there)."""
        self._badges_due = True
        self.viewport().update()

    def zoom(self, factor: float) -> None:
        current = self.transform().m11()
        factor = max(self.MIN_SCALE / current, min(self.MAX_SCALE / current, factor))
        self.scale(factor, factor)
        self._update_range()
        self.auto_fit = False

    def wheelEvent(self, event) -> None:  # noqa: N802
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            steps = event.angleDelta().y() / 120.0
            if steps:
                self.zoom(1.15 ** steps)
            event.accept()
        else:
            super().wheelEvent(event)

    def keyPressEvent(self, event) -> None:  # noqa: N802
        key = event.key()
        if key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom(1.2)
        elif key in (Qt.Key.Key_Minus, Qt.Key.Key_Underscore):
            self.zoom(1 / 1.2)
        elif key in (Qt.Key.Key_0, Qt.Key.Key_F):
            self.fit(anew=True)
        else:
            super().keyPressEvent(event)

    def _viewport_origin(self):
        return self.viewport().mapTo(self.window(), QPoint(0, 0))

    def _hold_still(self) -> None:
        """The view moved or changed size inside the window: scroll by as much, so every point
        of the board keeps its place on the screen."""
        origin = self._viewport_origin()
        if self._origin is not None and origin != self._origin:
            d = origin - self._origin
            self._update_range()
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + d.x())
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() + d.y())
        self._origin = origin
        if not self._sight_pending:  # once the layout around the view has settled
            self._sight_pending = True
            QTimer.singleShot(0, self._settled_sight)

    _sight_pending = False

    def _settled_sight(self) -> None:
        self._sight_pending = False
        self._keep_in_sight()

    def _port_on_window(self) -> QRectF:
        return QRectF(self.viewport().rect().translated(self._viewport_origin())).adjusted(-1, -1, 1, 1)

    def _keep_in_sight(self) -> None:
        """Held still, a board that was wholly in sight must stay so: if the layout around the
        view took more than the room the fit left above the board (a window too small for the
        reserve), fit again. A board the player panned partly out of sight stays as it is."""
        if self.viewport().size() != self.contentsRect().size():
            return  # in the middle of a layout pass: the resize that follows checks again
        before, self._port = self._port, self._port_on_window()
        if not self.auto_fit or self._fitted is None or before is None:
            return
        board = self.viewportTransform().mapRect(self._fitted).translated(QPointF(self._viewport_origin()))
        if before.contains(board) and not self._port.contains(board):
            self._fit()

    def resizeEvent(self, event) -> None:  # noqa: N802
        super().resizeEvent(event)
        window = self.window().size()
        # the player resized the window, or a dock beside the view changed: lay the board out
        # for the new room and fit it again; a change of height alone inside the same window is
        # the prompt bar growing or shrinking, and the board holds still for it
        resized = window != self._window_size
        docked = self._room_width is not None and self.viewport().width() != self._room_width
        if resized or docked:
            self._window_size = window
            if self.auto_fit:
                self.fit()
                return
        self._update_range()
        self._hold_still()

    def moveEvent(self, event) -> None:  # noqa: N802
        super().moveEvent(event)
        self._hold_still()

    def scene_rect_changed(self, _rect: QRectF) -> None:
        """The board grew or shrank: fit again only if it now reaches beyond the fitted area."""
        if self._relaying:  # laid out for a new room: the caller fits it afresh
            return
        if not self.auto_fit:
            self._update_range()
            return
        if self._fitted is not None and not self._drawn_beyond(self._fitted):
            # the usual case (a step in a game, a review step): nothing reaches beyond the fitted
            # area, so the range is the fitted area's; the scene's index tells it without a walk
            # over every piece (which cost a review step more than a millisecond)
            self._update_range(QRectF(self._fitted))
            return
        rect = self.board_rect()
        if self._fitted is None or not self._fitted.contains(rect):
            self._fit(keep_place=True)
        else:
            self._update_range()
