"""The pool of a scene's pieces, keyed by tuples, that every board keeps between redraws.

A scene's `show()` asks for each piece it draws by a key ("market", "Stone", 3): the piece made
the first time is kept and reused (so its cached painting, position and glow survive), and the
pieces no redraw asked for are removed at the end (`prune`). Pieces that carry a decision are
recorded by their action (`target`), which is how tests and the keyboard find them.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.contract import Action
from ui.board.items import BoardItem


class ItemPool:
    """Pieces of one scene by key, the keys used by the current redraw, and the legal actions'
    pieces. `begin()` starts a redraw, `item()` fetches or makes a piece, `prune()` ends it."""

    def __init__(self, scene):
        self.scene = scene
        self.items: dict[tuple, BoardItem] = {}
        self.used: set[tuple] = set()
        self.by_action: dict[Action, BoardItem] = {}

    def begin(self) -> None:
        self.used = set()
        self.by_action = {}

    def item(self, key: tuple, factory: Callable[[], BoardItem]) -> BoardItem:
        """The piece kept under `key`, made by `factory()` and added to the scene the first time
        (shown again if the last redraw made it transparent)."""
        piece = self.items.get(key)
        if piece is None:
            piece = factory()
            self.scene.addItem(piece)
            self.items[key] = piece
        elif piece.opacity() < 1:
            piece.setOpacity(1.0)
            piece.setAcceptHoverEvents(True)
        self.used.add(key)
        return piece

    def target(self, piece: BoardItem, action: Action | None, legal: set, status: str = "") -> None:
        """Attach `action` to `piece`: it glows if legal; a candidate that is not legal stays
        clickable so the click is refused with the reason."""
        ok = action is not None and action in legal
        piece.set_target(action, ok, status)
        if ok:
            self.by_action[action] = piece

    def prune(self, hide: tuple[str, ...] = ()) -> None:
        """Remove the pieces this redraw did not ask for; those whose key starts with a name in
        `hide` (buttons that come and go with every turn) are only made transparent and inert, so
        the next turn shows them again without making and painting them anew (a hidden item
        loses its cached painting; a transparent one keeps it)."""
        for key in [k for k in self.items if k not in self.used]:
            if key[0] in hide:
                piece = self.items[key]
                if piece.opacity() > 0 or piece.action is not None:
                    piece.set_target(None, False)
                    piece.setOpacity(0.0)
                    piece.setAcceptHoverEvents(False)
                continue
            piece = self.items.pop(key)
            if isinstance(piece, BoardItem):
                piece.forget_pulse()
            self.scene.removeItem(piece)

    def clear(self) -> None:
        for piece in self.items.values():
            self.scene.removeItem(piece)
        self.items.clear()
        self.used = set()
        self.by_action = {}
