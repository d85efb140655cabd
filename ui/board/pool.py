"""The pieces of a board scene by key, kept from one update to the next.

A scene rebuilds itself from a view on every change (`GameScene.show`), but most pieces stay: a
marker stack, a card in a pile, a player's mat. The pool hands back the same item for the same key
each time, so an update only sets what changed on it. A piece that is not asked for in an update
is *parked*: hidden, inert and kept, so when its key is shown again (a review stepping back and
forth, a marker stack that empties and fills) the item is shown again instead of being created and
added to the scene anew; creating, indexing and deleting items cost a review step more than the
rest of the scene's update.

    pool.begin()
    chip = pool.piece(("chip", space, seat), MarkerChip)   # for every piece shown now
    pool.end()                                             # the rest are parked

Read like a dict, the pool holds the pieces shown (`pool[key]`, `key in pool`, `pool.items()`);
parked ones are not in it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

MAX_PARKED = 400
"""Parked pieces kept at most; beyond it the longest-parked leave the scene (a long game of many
different pieces must not grow the scene without end)."""

_ANIMATIONS = ("_slide_anim", "_walk_anim", "_flip_anim")


def settle(item: QGraphicsItem) -> None:
    """Finish any motion of `item` at once (a slide, a walk, a card turning over) and forget where
    it was placed, so the next time it is shown it is put in place, not slid from where it was."""
    for name in _ANIMATIONS:
        anim = getattr(item, name, None)
        if anim is not None and anim.state() != anim.State.Stopped:
            anim.setCurrentTime(anim.totalDuration())  # runs to its end: `finished` tidies up
    for name in ("_placed", "_goal"):
        if name in getattr(item, "__dict__", {}):
            delattr(item, name)


class ItemPool:
    """The scene's pieces by key: `piece(key, factory)` during an update, between `begin()` and
    `end()`; `keep` names key heads (`key[0]`) that are never parked (a board's fixed parts)."""

    def __init__(self, scene: QGraphicsScene, keep: Iterable[Any] = ()):
        self.scene = scene
        self.keep = frozenset(keep)
        self.used: set[tuple] = set()
        """Keys asked for in the current update (kept after `end()` until the next `begin()`)."""
        self.created = 0
        """Items made so far (a steady board stops creating once every piece has been seen)."""
        self._live: dict[tuple, QGraphicsItem] = {}
        self._parked: dict[tuple, QGraphicsItem] = {}

    # -- an update --------------------------------------------------------------------------------
    def begin(self) -> None:
        self.used.clear()

    def piece(self, key: tuple, factory: Callable[[], QGraphicsItem]) -> QGraphicsItem:
        """The item for `key`, shown: the one from the last update, a parked one, or a new one."""
        item = self._live.get(key)
        if item is None:
            item = self._parked.pop(key, None)
            if item is None:
                item = factory()
                self.scene.addItem(item)
                self.created += 1
            else:
                item.setVisible(True)
            self._live[key] = item
        self.used.add(key)
        return item

    def add(self, key: tuple, item: QGraphicsItem) -> QGraphicsItem:
        """Put an item the caller made under `key` (a fixed part of the board), in the scene."""
        if item.scene() is not self.scene:
            self.scene.addItem(item)
        self.created += 1
        self._live[key] = item
        self.used.add(key)
        return item

    def use(self, keys: Iterable[tuple]) -> None:
        """Count `keys` as shown in this update without asking for them (a part left as it was)."""
        self.used.update(keys)

    def end(self) -> None:
        """Park every shown piece not asked for since `begin()` (except the `keep` heads)."""
        for key in [k for k in self._live if k not in self.used and k[0] not in self.keep]:
            self._park(key)
        while len(self._parked) > MAX_PARKED:
            key = next(iter(self._parked))
            self.scene.removeItem(self._parked.pop(key))

    def _park(self, key: tuple) -> None:
        item = self._live.pop(key)
        if hasattr(item, "set_target"):
            item.set_target(None, False)
        if hasattr(item, "forget_pulse"):
            item.forget_pulse()
        if hasattr(item, "hover"):
            item.hover = False
        settle(item)
        item.setVisible(False)
        self._parked[key] = item

    def clear(self) -> None:
        """Take every piece, shown or parked, out of the scene (a new player count: a new board)."""
        for item in [*self._live.values(), *self._parked.values()]:
            if hasattr(item, "forget_pulse"):
                item.forget_pulse()
            if item.scene() is self.scene:
                self.scene.removeItem(item)
        self._live.clear()
        self._parked.clear()
        self.used.clear()

    @property
    def parked(self) -> int:
        return len(self._parked)

    # -- the pieces shown, read like a dict -----------------------------------------------------------
    def __getitem__(self, key: tuple) -> QGraphicsItem:
        return self._live[key]

    def __contains__(self, key: object) -> bool:
        return key in self._live

    def __iter__(self) -> Iterator[tuple]:
        return iter(self._live)

    def __len__(self) -> int:
        return len(self._live)

    def get(self, key: tuple, default=None):
        return self._live.get(key, default)

    def keys(self):
        return self._live.keys()

    def values(self):
        return self._live.values()

    def items(self):
        return self._live.items()
