"""The base of every game's board scene.

The scene is built from a seat's `view` (never the real state) and follows the session: the
controller calls `show()` after every change. Items never change the session themselves; a click
emits `intent` with an Action (or a candidate Action), which the controller validates and either
applies or refuses with the state's reason in the status bar.
"""

from __future__ import annotations

import weakref
from contextlib import contextmanager

from PySide6.QtCore import QPointF, QRectF, Signal
from PySide6.QtGui import QFont, QPainterPath
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from engine.core.contract import Action
from ui.board.layout import Arrangement, Node, arrange
from ui.board.paint_guard import guarded_paint
from ui.board.pool import ItemPool, drop

IDLE_CLICK_SLOP = 4
"""A press and release this close (screen pixels) are a click, farther apart a drag of the board."""


class PanelFrame(QGraphicsItem):
    """A panel of a board (a market, a track, a player's mat…): it draws nothing itself; its
    pieces are its children, in the panel's own coordinates, so the board's layout moves a whole
    panel by moving its frame (ui/board/layout.py)."""

    def __init__(self, name: str):
        super().__init__()
        self.name = name
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return QRectF()

    def shape(self) -> QPainterPath:
        return QPainterPath()

    @guarded_paint
    def paint(self, p, option, widget=None) -> None:
        pass  # never asked (ItemHasNoContents)


BOARD_PAD = 8.0
"""Board units the scene's rect leaves round the panels (their shadows and glows)."""


class GameScene(QGraphicsScene):
    """A game board. Subclasses build their items in `draw()`, which `show()` calls.

    A responsive board declares its panels as a layout tree (ui/board/layout.py) in
    `draw()` and asks `lay_out(tree)` where each goes; it builds each panel's pieces inside
    `with self.in_panel(name):` (they become children of the panel's frame, placed in the panel's
    own coordinates) and ends with `place_panels(origins)`. The view tells the scene the room it
    has (`set_room`, on a new window or dock size, never when the prompt bar grows): the panels
    are then arranged anew, moved without being drawn again where their sizes allow."""

    intent = Signal(object)
    """Emitted with an `Action` when the player clicks something that maps to a decision."""

    idle_click = Signal()
    """Emitted when the player clicks the board where no piece takes a click (not a drag): the
    controller answers with what to do instead, so no click goes unanswered."""

    rearranged = Signal()
    """Emitted when the board takes another arrangement in the same room (it outgrew the one it
    had: ui/board/layout.py): the view fits it afresh, as the board moved anyway."""

    hovered = Signal(str)
    """Emitted with a short description of what is under the mouse (for the status bar)."""

    words_moved = Signal()
    """Emitted when pieces are to paint their words elsewhere (a panel moved, a slide ended, a mark
    shown): the view places the badges over the board again after its next paint."""

    game_id: str = ""

    explain = None
    """Set by the controller: `explain(action)` is why a click on `action` would be refused now
    (None if it would be taken). A piece whose action is not legal shows it on hover."""

    pool_keep: tuple[str, ...] = ()
    """Key heads (`key[0]`) of the board's fixed parts, which the scene's pool never parks."""

    clicked: tuple | None = None
    """The piece last clicked and its action, the piece held weakly (ui/board/items.py): a refusal
    is said by the piece the player clicked (ui/panels/refusal.py)."""

    unmarked: tuple = ()
    """Pieces never marked as changed by another player (ui/board/changes.py): key heads of the
    board's captions, status lines and choice chips, which only say what the other pieces show
    (a tuple in it names a key prefix, as ("text", "money") for ("text", "money", 2))."""

    def __init__(self, parent=None):
        """What every board starts with: the dressed table, the pool of its pieces, no piece for
        any action yet, and no view shown."""
        super().__init__(parent)
        self.dress_table()
        self.pool = ItemPool(self, keep=self.pool_keep)
        """The scene's pieces by key (`ui.board.pool.ItemPool`)."""
        self._by_action: dict[Action, object] = {}
        """The piece of each action offered now, which a scene fills as it targets its pieces."""
        self.view: dict | None = None
        """The view last shown."""
        self.viewer: int | None = None
        """The seat whose view it is (None: a spectator)."""
        self.room: tuple[float, float] | None = None
        """The view pixels the board may take (BoardView.room), None outside a window."""
        self.arrangement: Arrangement | None = None
        """Where the panels are (the last `lay_out`), None for a board that places them itself."""
        self._tree: Node | None = None
        self._laid_room: tuple[float, float] | None = None
        self._chose_anew = False
        self._frames: dict[str, PanelFrame] = {}
        self._origins: dict[str, QPointF] = {}
        self._panel_now: PanelFrame | None = None
        self.board_marks: list = []
        """The marks shown on the board now: hints, a review's better move (ui/board/marks.py)."""
        self.spot = None
        """The rings on the board in their layers (ui/board/spotlight.py), made on first use."""

    def dress_table(self) -> None:
        """The dark table behind the board, the bundled fonts, and a pixmap cache large enough
        for the pieces' caches (once per scene, in the constructor)."""
        from PySide6.QtGui import QBrush, QColor

        from ui.board import style
        from ui.board.items import ensure_pixmap_cache

        self.setBackgroundBrush(QBrush(QColor(style.TABLE)))
        style.load_fonts()
        ensure_pixmap_cache()

    def show(self, view: dict, legal: list[Action], names: list[str], viewer: int | None,
             confirming: int | None = None) -> None:
        """Redraw from `view` for `viewer`; highlight items whose action is in `legal`. What was
        shown is kept (`view`, `viewer`), and `redraw` shows it again after a choice of the screen.
        `confirming`: the seat whose finished turn waits for its confirmation (Confirm turn)."""
        self._last_show = (view, legal, names, viewer, confirming)
        self.view, self.viewer, self.confirming = view, viewer, confirming
        self.draw(view, legal, names, viewer)

    confirming: int | None = None
    """While a finished turn waits for its player's confirmation, that player's seat: the board
    then shows them as the one to act and offers nothing of the next seat's decision, which is
    not open yet (the prompt bar says the turn is done)."""

    def acting(self, view: dict) -> int | None:
        """The seat the board marks as the one to act: the seat to move, or the player whose
        turn waits for its confirmation."""
        return self.confirming if self.confirming is not None else view.get("to_move")

    def confirm_words(self, names: list[str]) -> str:
        """What a board's status line says while a turn waits for its confirmation."""
        return f"{names[self.confirming]}: the turn is done. Confirm it (Enter) or undo (Ctrl+Z)."

    def draw(self, view: dict, legal: list[Action], names: list[str], viewer: int | None) -> None:
        """The game's board for `show`: build or update its pieces from `view`."""
        raise NotImplementedError

    def back_out(self) -> bool:
        """Esc (ui/game/keyboard.py): undo the board's own choices of the screen (a piece opened
        large, the first click of a two-click pick); True if there was one. A board with such
        choices overrides it."""
        return False

    def _item(self, key: tuple, factory):
        """The piece for `key` in this redraw (reused from the last one, or made by `factory`)."""
        return self.pool.item(key, factory)

    # -- the panels and their layout (ui/board/layout.py) ------------------------------------------------
    def frame(self, name: str) -> PanelFrame:
        """The frame of panel `name` (made on first use)."""
        frame = self._frames.get(name)
        if frame is None:
            frame = self._frames[name] = PanelFrame(name)
            self.addItem(frame)
        return frame

    @contextmanager
    def in_panel(self, name: str):
        """The pieces fetched from the pool (or `adopt`ed) meanwhile belong to panel `name`."""
        before, self._panel_now = self._panel_now, self.frame(name)
        try:
            yield self._panel_now
        finally:
            self._panel_now = before

    def adopt(self, piece) -> None:
        """Make `piece` a child of the panel being drawn (the pool calls this for every piece); a
        piece that is part of another (a chip on a card) stays with it."""
        frame = self._panel_now
        parent = piece.parentItem()
        if frame is not None and parent is not frame and (parent is None or isinstance(parent, PanelFrame)):
            piece.setParentItem(frame)

    def lay_out(self, tree: Node, again: bool = False) -> Arrangement:
        """Where the panels of `tree` go (their sizes as the view to show needs them). The
        arrangement shown is kept while the room is the same (a game going on moves nothing but
        what grew); a new room chooses afresh. `again`: the same redraw asks once more, its
        panels drawn at the widths the first answer gave them (it chooses as that one did)."""
        old = self.arrangement
        anew = old is None or self._laid_room != self.room or (again and self._chose_anew)
        self.arrangement = arrange(tree, self.room, keep=old.key if old else None, choose_anew=anew,
                                   grown_from=old.size if old else None)
        if old is not None and not anew and self.arrangement.key != old.key and not self._relaying:
            self._rearranged = True  # (told once the panels are placed: place_panels)
        self._tree, self._laid_room, self._chose_anew = tree, self.room, anew
        return self.arrangement

    _rearranged = False

    def forget_arrangement(self) -> None:
        """Lay the board out next as a board shown for the first time is, as a game loaded from its
        save at this point is: the arrangement chosen for the panels as they are now, not kept from
        when they were smaller, and the panels drawn at the widths a first drawing gives them. So
        a board whose panels grow through a game (Victory Through Industry's complex) looks
        loaded as it does played. The view fits it afresh (`rearranged`), as its panels moved
        anyway."""
        if self.arrangement is not None and not self._relaying:
            self._rearranged = True
        self.arrangement = None

    def shown_font(self, font: QFont) -> QFont:
        """`font` as the legibility rule draws it on the board fitted to its room (enlarged to the
        least size on the screen when the board is shown small): a piece sized for its label (a
        choice chip) is sized for the label as it is read, not cut short for want of room."""
        from ui.board.legible import legible_font

        return legible_font(font, self._shown_scale(self.arrangement))

    @staticmethod
    def _shown_scale(arr: Arrangement | None) -> float:
        # a little under the fitted scale: the view's margins take a few pixels of the room
        return arr.scale * 0.97 if arr is not None and arr.scale > 0 else 1.0

    @classmethod
    def _shown_sizes(cls, arr: Arrangement | None) -> tuple[int, ...]:
        """The sizes `shown_font` gives the board's fonts in `arr`: pieces sized for their labels
        as read (choice chips) are sized anew when these change."""
        from ui.board import style
        from ui.board.legible import font_px, legible_font

        scale = cls._shown_scale(arr)
        return tuple(font_px(legible_font(f, scale)) for f in (style.sans(10, bold=True), style.serif(style.MIN_PT)))

    def panel_rect(self, name: str) -> QRectF:
        """The place of panel `name` on the board, as laid out (board units)."""
        return QRectF(*self.arrangement.rects[name])

    def place_panels(self, origins: dict[str, QPointF]) -> None:
        """Move each panel's frame so that the point `origins[name]` of its own coordinates (its
        top-left as drawn) lands where the layout put the panel, and fit the scene's rect."""
        self._origins = {name: QPointF(p) for name, p in origins.items()}
        self._move_frames()
        if self._rearranged:
            self._rearranged = False
            self.rearranged.emit()

    def _move_frames(self) -> None:
        arr = self.arrangement
        moved = False
        for name, origin in self._origins.items():
            rect = arr.rects.get(name)
            frame = self._frames.get(name)
            if rect is None or frame is None:
                continue
            frame.setVisible(True)
            target = QPointF(rect[0] - origin.x(), rect[1] - origin.y())
            if frame.pos() != target:
                frame.setPos(target)
                moved = True
        for name, frame in self._frames.items():
            if name not in arr.rects:
                frame.setVisible(False)  # a panel this arrangement has no place for
        w, h = arr.size
        self.setSceneRect(QRectF(-BOARD_PAD, -BOARD_PAD, w + 2 * BOARD_PAD, h + 2 * BOARD_PAD))
        if moved:  # the badges over the board go clear of the words where they are now
            self.words_moved.emit()

    def set_room(self, w: float, h: float, anew: bool = False) -> bool:
        """The view has `w` × `h` pixels for the board (a new window or dock size): arrange the
        panels for it. Panels that keep their sizes are only moved; the board is drawn again if
        one changes (another variant, a stretch). `anew`: arrange afresh even for the same room
        (the player asked for the board to be fitted again: its panels may have grown or shrunk
        since the arrangement was chosen). True if anything changed."""
        room = (float(w), float(h))
        if room == self.room and not anew:
            return False
        self.room = room
        if self._tree is None or self.arrangement is None:
            return False
        old = self.arrangement
        new = arrange(self._tree, room, keep=old.key)
        sizes = lambda a: {n: (r[2], r[3], a.variants[n]) for n, r in a.rects.items()}  # noqa: E731
        # labels that read at another size in the new room: the pieces sized for them (choice
        # chips, `shown_font`) are sized anew, as the board drawn afresh for the room sizes them
        reread = self._shown_sizes(new) != self._shown_sizes(old)
        if new.key == old.key and sizes(new) == sizes(old) and new.rects == old.rects and not reread:
            self._laid_room = room
            return False
        changed = {n for n in set(new.rects) | set(old.rects)
                   if n not in old.rects or n not in new.rects or sizes(new)[n] != sizes(old)[n]}
        if reread:
            self._relaying = True
            try:
                self.redraw()
            finally:
                self._relaying = False
        elif not changed:
            self.arrangement, self._laid_room = new, room
            self._move_frames()
        elif new.key != old.key and self._redraw_panels(new, changed):
            self._laid_room = room
        else:
            self._relaying = True  # laid out anew for the room: pieces go to their places at once
            try:
                self.redraw()
            finally:
                self._relaying = False
        return True

    _relaying = False

    def redraw_panels(self, names: set[str]) -> bool:
        """Draw only the panels `names` again, for the arrangement just taken (another variant
        of each: a players panel in one line or two), and place every panel; False if this board
        can only be drawn whole (the default), which `set_room` then does. A resize that changes
        a panel's variant need not draw the other panels again."""
        return False

    def _redraw_panels(self, new: Arrangement, names: set[str]) -> bool:
        old = self.arrangement
        self.arrangement = new
        self._relaying = True
        try:
            if self.redraw_panels(names):
                return True
        finally:
            self._relaying = False
        self.arrangement = old
        return False

    def panel_order(self) -> list[str]:
        """The panels in reading order (keyboard focus and tutorials follow it)."""
        return list(self.arrangement.order) if self.arrangement else []

    def pieces_of(self, name: str) -> list:
        """The pieces shown in panel `name`, in the order they were made (for keyboard focus)."""
        frame = self._frames.get(name)
        return [] if frame is None else [c for c in frame.childItems() if c.isVisible()]

    def item_for(self, action: Action):
        """The clickable item that emits `action` when clicked (for tests and keyboard focus), or None.
        The default reads `_by_action`."""
        return self._by_action.get(action)

    def piece_towards(self, action: Action):
        """The piece to click now on the way to `action`: its own piece (`item_for`), or, on a
        board that takes the choice in two clicks, the piece of the first one (a lesson's callout
        rings it). None if the board has no piece for it."""
        return self.item_for(action)

    def items_with_actions(self) -> list:
        """Every piece that emits a legal action now."""
        return list(self._by_action.values())

    def take_pending(self, pred) -> Action | None:
        """The first legal action still in `_pending` (not yet given a piece) that matches `pred`,
        removed from it: each legal action gets exactly one piece, and whatever is left over goes
        to a strip of chips."""
        for a in self._pending:
            if pred(a):
                self._pending.remove(a)
                return a
        return None

    _last_show: tuple | None = None

    def redraw(self) -> None:
        """Show the last view again (after a choice of the screen, such as a piece opened large)."""
        if self._last_show is not None:
            self.show(*self._last_show)

    _idle_press = None
    idle_at = None  # where that click landed, in scene coordinates
    idle_piece = None
    """The piece a click that took nothing landed on (a weak reference), or None: a click on it is
    answered by it (ui/panels/refusal.py), with what it is and what the player may do now."""

    def mousePressEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().mousePressEvent(event)
        # no piece took the press: it may become a drag of the board, or a click on nothing
        taken = event.isAccepted() and self.mouseGrabberItem() is not None
        self._idle_press = None if taken else event.screenPos()

    def mouseReleaseEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().mouseReleaseEvent(event)
        press, self._idle_press = self._idle_press, None
        if press is not None and (event.screenPos() - press).manhattanLength() <= IDLE_CLICK_SLOP:
            piece = self.piece_at(event.scenePos())
            self.idle_piece = weakref.ref(piece) if piece is not None else None
            self.idle_at = event.scenePos()
            self.idle_click.emit()

    def piece_at(self, where: QPointF):
        """The topmost piece at `where` that says what it is (a tooltip), or None (the cloth)."""
        for item in self.items(where):
            while item is not None:
                if item.toolTip() and item.isVisible():
                    return item
                item = item.parentItem()
        return None

    def set_animation_speed(self, factor: float) -> None:
        """Scale motion (1.0 normal, 0 instant). Motion never blocks input."""
        self.animation_speed = factor

    animation_speed: float = 1.0

    def drop(self, item) -> None:
        """Take `item` off the board for good (see ui/board/pool.py: `drop`)."""
        drop(self, item)

    def place(self, item, pos) -> None:
        """Put `item` at `pos`: the first time directly, later with a slide (`slide`), so a row
        that reflows (a card taken, the rest closing up) moves visibly instead of jumping."""
        from PySide6.QtCore import QPointF

        from ui.board.items import slide

        if item._goal == pos:
            return  # already there, or on its way
        item._goal = QPointF(pos)
        if item._placed and not self._relaying:
            slide(item, pos, self.animation_speed)
        else:
            item.setPos(pos)
            item._placed = True
