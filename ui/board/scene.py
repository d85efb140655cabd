"""The base of every game's board scene.

The scene is built from a seat's `view` (never the real state) and follows the session: the
controller calls `show()` after every change. Items never change the session themselves; a click
emits `intent` with an Action (or a candidate Action), which the controller validates and either
applies or refuses with the state's reason in the status bar.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QGraphicsScene

from engine.core.contract import Action

IDLE_CLICK_SLOP = 4
"""A press and release this close (screen pixels) are a click, farther apart a drag of the board."""


def drop(scene: QGraphicsScene, item) -> None:
    """Take `item` off `scene` for good, so that it is freed once nothing else holds it.

    Removing is not enough: PySide makes the scene the owner, in Python's bookkeeping, of every
    item whose `scene()` was ever asked (a piece's glow asks it on every paint), and `removeItem`
    undoes that only for the item itself. A removed piece's glow thus kept the piece, its hover
    hooks and through them the whole scene alive after the game had ended: the soak
    (tests/bench/soak.py) showed hundreds of such pieces a game. Giving every child back to its
    parent lets Python's side free them with the piece."""
    from shiboken6 import isValid

    if not isValid(item):  # a child deleted with its parent
        return
    forget = getattr(item, "forget_pulse", None)
    if forget is not None:
        forget()
    if item.scene() is scene:
        scene.removeItem(item)
    _own_children(item)


def _own_children(item) -> None:
    for child in item.childItems():
        child.setParentItem(item)  # the same parent for Qt; for PySide the piece owns it again
        _own_children(child)


class GameScene(QGraphicsScene):
    """A game board. Subclasses build their items in `draw()`, which `show()` calls."""

    intent = Signal(object)
    """Emitted with an `Action` when the player clicks something that maps to a decision."""

    idle_click = Signal()
    """Emitted when the player clicks the board where no piece takes a click (not a drag): the
    controller answers with what to do instead, so no click goes unanswered."""

    hovered = Signal(str)
    """Emitted with a short description of what is under the mouse (for the status bar)."""

    game_id: str = ""

    explain = None
    """Set by the controller: `explain(action)` is why a click on `action` would be refused now
    (None if it would be taken). A piece whose action is not legal shows it on hover."""

    pool_keep: tuple[str, ...] = ()
    """Key heads (`key[0]`) of the board's fixed parts, which the scene's pool never parks."""

    unmarked: tuple = ()
    """Pieces never marked as changed by another player (ui/board/changes.py): key heads of the
    board's captions, status lines and choice chips, which only say what the other pieces show
    (a tuple in it names a key prefix, as ("text", "money") for ("text", "money", 2))."""

    def __init__(self, parent=None):
        """What every board starts with: the dressed table, the pool of its pieces, no piece for
        any action yet, and no view shown."""
        super().__init__(parent)
        from ui.board.pool import ItemPool  # pool.py takes `drop` from this module

        self.dress_table()
        self.pool = ItemPool(self, keep=self.pool_keep)
        """The scene's pieces by key (`ui.board.pool.ItemPool`)."""
        self._by_action: dict[Action, object] = {}
        """The piece of each action offered now, which a scene fills as it targets its pieces."""
        self.view: dict | None = None
        """The view last shown."""
        self.viewer: int | None = None
        """The seat whose view it is (None: a spectator)."""

    def dress_table(self) -> None:
        """The dark table behind the board, the bundled fonts, and a pixmap cache large enough
        for the pieces' caches (once per scene, in the constructor)."""
        from PySide6.QtGui import QBrush, QColor

        from ui.board import style
        from ui.board.items import ensure_pixmap_cache

        self.setBackgroundBrush(QBrush(QColor(style.TABLE)))
        style.load_fonts()
        ensure_pixmap_cache()

    def show(self, view: dict, legal: list[Action], names: list[str], viewer: int | None) -> None:
        """Redraw from `view` for `viewer`; highlight items whose action is in `legal`. What was
        shown is kept (`view`, `viewer`), and `redraw` shows it again after a choice of the screen."""
        self._last_show = (view, legal, names, viewer)
        self.view, self.viewer = view, viewer
        self.draw(view, legal, names, viewer)

    def draw(self, view: dict, legal: list[Action], names: list[str], viewer: int | None) -> None:
        """The game's board for `show`: build or update its pieces from `view`."""
        raise NotImplementedError

    remembers_steps = False
    """True for a board that marks what changed since the view it showed before (Captains'
    purchase ghosts). Review then calls `forget_steps` before a step that is not the next one."""

    def forget_steps(self, previous_view: dict | None) -> None:
        """Start afresh from `previous_view` (the view just before the next `show`, or None), so a
        jump in review never shows a change that did not happen between two decisions."""

    def _item(self, key: tuple, factory):
        """The piece for `key` in this redraw (reused from the last one, or made by `factory`)."""
        return self.pool.item(key, factory)

    def item_for(self, action: Action):
        """The clickable item that emits `action` when clicked (for tests and keyboard focus), or None.
        The default reads `_by_action`."""
        return self._by_action.get(action)

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

    def mousePressEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().mousePressEvent(event)
        # no piece took the press: it may become a drag of the board, or a click on nothing
        taken = event.isAccepted() and self.mouseGrabberItem() is not None
        self._idle_press = None if taken else event.screenPos()

    def mouseReleaseEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().mouseReleaseEvent(event)
        press, self._idle_press = self._idle_press, None
        if press is not None and (event.screenPos() - press).manhattanLength() <= IDLE_CLICK_SLOP:
            self.idle_click.emit()

    def set_animation_speed(self, factor: float) -> None:
        """Scale motion (1.0 normal, 0 instant). Motion never blocks input."""
        self.animation_speed = factor

    animation_speed: float = 1.0

    def drop(self, item) -> None:
        """Take `item` off the board for good (see `drop`)."""
        drop(self, item)

    def place(self, item, pos) -> None:
        """Put `item` at `pos`: the first time directly, later with a slide (`slide`), so a row
        that reflows (a card taken, the rest closing up) moves visibly instead of jumping."""
        from PySide6.QtCore import QPointF

        from ui.board.items import slide

        if getattr(item, "_goal", None) == pos:
            return  # already there, or on its way
        item._goal = QPointF(pos)
        if getattr(item, "_placed", False):
            slide(item, pos, self.animation_speed)
        else:
            item.setPos(pos)
            item._placed = True
