"""The pool of a scene's pieces, keyed by tuples, that every board keeps between redraws.

A scene's `show()` asks for each piece it draws by a key ("market", "Stone", 3): the piece made
the first time is kept and reused (so its cached painting, position and glow survive), and only
what changed is set on it. Pieces that carry a decision are recorded by their action (`target`),
which is how tests and the keyboard find them.

A piece no redraw asked for is *parked* at the end (`prune`): hidden, inert and kept, so when its
key is shown again (a review stepping back and forth, a marker stack that empties and fills) the
same item is shown again instead of being made and added to the scene anew; making, indexing and
deleting items cost a review step more than the rest of the scene's update (ARCHITECTURE §9: a step
within one frame).

    pool.begin()
    chip = pool.item(("chip", space, seat), MarkerChip)   # for every piece shown now
    pool.target(chip, action, legal, "Replace a marker")
    pool.prune()                                          # the rest are parked

`pool.items` holds the pieces shown (parked ones are not in it); `pool[key]`, `key in pool` and
iterating the pool read it too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene
from shiboken6 import isValid

from engine.core.contract import Action
from ui.board.items import BoardItem

MAX_PARKED = 400
"""Parked pieces kept at most; beyond it the longest-parked leave the scene (a long game of many
different pieces must not grow the scene without end)."""

def drop(scene: QGraphicsScene, item) -> None:
    """Take `item` off `scene` for good, so that it is freed once nothing else holds it.

    Removing is not enough: PySide makes the scene the owner, in Python's bookkeeping, of every
    item whose `scene()` was ever asked (a piece's glow asks it on every paint), and `removeItem`
    undoes that only for the item itself. A removed piece's glow thus kept the piece, its hover
    hooks and through them the whole scene alive after the game had ended: the soak
    (tests/bench/soak.py) showed hundreds of such pieces a game. Giving every child back to its
    parent lets Python's side free them with the piece."""
    if not isValid(item):  # a child deleted with its parent
        return
    if isinstance(item, BoardItem):
        item.forget_pulse()
    if item.scene() is scene:
        scene.removeItem(item)
    _own_children(item)


def _own_children(item) -> None:
    for child in item.childItems():
        child.setParentItem(item)  # the same parent for Qt; for PySide the piece owns it again
        _own_children(child)


def settle(item: QGraphicsItem) -> None:
    """Finish any motion of `item` at once (a slide, a walk, a card turning over) and forget where
    it was placed, so the next time it is shown it is put in place, not slid from where it was.
    A piece that is no BoardItem (a hot spot) neither moves nor is placed."""
    if not isinstance(item, BoardItem):
        return
    for anim in list(item.motions.values()):
        if isValid(anim) and anim.state() != anim.State.Stopped:
            anim.setCurrentTime(anim.totalDuration())  # runs to its end: `finished` tidies up
    item._placed, item._goal = False, None


class ItemPool:
    """Pieces of one scene by key, the keys used by the current redraw, and the legal actions'
    pieces. `begin()` starts a redraw, `item()` fetches or makes a piece, `prune()` ends it.
    `keep` names key heads (`key[0]`) that are never parked (a board's fixed parts)."""

    def __init__(self, scene, keep: Iterable[Any] = ()):
        self.scene = scene
        self.keep = frozenset(keep)
        self.items: dict[tuple, BoardItem] = {}
        """The pieces shown, by key."""
        self.used: set[tuple] = set()
        """Keys asked for in the current redraw (kept after `prune()` until the next `begin()`)."""
        self.by_action: dict[Action, BoardItem] = {}
        self.created = 0
        """Items made so far (a steady board stops making them once every piece has been seen)."""
        self._parked: dict[tuple, BoardItem] = {}
        # a board's pieces join the panel being drawn (GameScene.adopt); a plain scene (a test's,
        # a picture's) has no panels
        self._adopt = getattr(scene, "adopt", None)
        """The scene's `adopt` (a piece joins the panel being drawn: ui/board/scene.py)."""

    # -- a redraw ---------------------------------------------------------------------------------
    def begin(self) -> None:
        self.used = set()
        self.by_action = {}

    def item(self, key: tuple, factory: Callable[[], BoardItem]) -> BoardItem:
        """The piece for `key`, shown: the one from the last redraw, a parked one shown again, or
        one made by `factory()` and added to the scene."""
        piece = self.items.get(key)
        if piece is None:
            piece = self._parked.pop(key, None)
            if piece is None:
                piece = factory()
                if piece.scene() is None:  # a child of a kept piece is in the scene with its parent
                    self.scene.addItem(piece)
                self.created += 1
            else:
                piece.setVisible(True)
            self.items[key] = piece
        self.used.add(key)
        adopt = self._adopt
        if adopt is not None:
            adopt(piece)
        return piece

    def add(self, key: tuple, piece: BoardItem) -> BoardItem:
        """Keep a piece the caller made (a fixed part of the board) under `key`, in the scene."""
        if piece.scene() is not self.scene:
            self.scene.addItem(piece)
        if self._adopt is not None:
            self._adopt(piece)
        self.created += 1
        self.items[key] = piece
        self.used.add(key)
        return piece

    def use(self, keys: Iterable[tuple]) -> None:
        """Count `keys` as shown in this redraw without asking for them (a part left as it was)."""
        self.used.update(keys)

    def target(self, piece: BoardItem, action: Action | None, legal: set, status: str = "") -> None:
        """Attach `action` to `piece`: it glows if legal; a candidate that is not legal stays
        clickable so the click is refused with the reason."""
        ok = action is not None and action in legal
        piece.set_target(action, ok, status)
        if ok:
            self.by_action[action] = piece

    def prune(self) -> None:
        """Park the pieces this redraw did not ask for (except the `keep` heads)."""
        for key in [k for k in self.items if k not in self.used and k[0] not in self.keep]:
            self._park(key)
        while len(self._parked) > MAX_PARKED:
            drop(self.scene, self._parked.pop(next(iter(self._parked))))  # a child may have gone with its parent

    def _park(self, key: tuple) -> None:
        piece = self.items.pop(key)
        if isinstance(piece, BoardItem):
            piece.set_target(None, False)
            piece.forget_pulse()
            piece.hover = False
        settle(piece)
        piece.setVisible(False)
        self._parked[key] = piece

    def forget(self, pred) -> None:
        """Take the pieces for which `pred(key, piece)` holds out of the scene, shown or parked
        (a panel drawn at another size makes them afresh)."""
        for store in (self.items, self._parked):
            for key in [k for k, piece in store.items() if pred(k, piece)]:
                drop(self.scene, store.pop(key))

    def clear(self) -> None:
        """Take every piece, shown or parked, out of the scene (a new player count: a new board)."""
        for piece in [*self.items.values(), *self._parked.values()]:
            drop(self.scene, piece)
        self.items.clear()
        self._parked.clear()
        self.used = set()
        self.by_action = {}

    @property
    def parked(self) -> int:
        return len(self._parked)

    # -- the pieces shown, read like a dict -----------------------------------------------------------
    def __getitem__(self, key: tuple) -> BoardItem:
        return self.items[key]

    def __contains__(self, key: object) -> bool:
        return key in self.items

    def __iter__(self) -> Iterator[tuple]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def values(self):
        return self.items.values()
