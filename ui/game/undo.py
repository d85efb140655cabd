"""The Qt undo adapter (ARCHITECTURE §3): one `QUndoCommand` per human decision.

Commands change the session, never the scene; the scene follows the session through its
listeners. The session decides what may be undone (barriers); the controller keeps the
`QUndoStack` in step with it by clearing the stack whenever a barrier closes the undo window.
"""

from __future__ import annotations

from PySide6.QtGui import QUndoCommand

from engine.core.contract import Action
from engine.core.session import Session


class DecisionCommand(QUndoCommand):
    """Apply `action` to `session`; undo restores the previous snapshot, redo re-applies it.

    With `already_applied=True` the first `redo()` (which `QUndoStack.push` calls at once) does
    nothing: used to put a decision back on a freshly cleared stack after it has been applied.
    """

    def __init__(self, session: Session, action: Action, text: str, already_applied: bool = False):
        super().__init__(text)
        self.session = session
        self.action = action
        self._fresh = not already_applied
        self._skip_first = already_applied

    def redo(self) -> None:
        if self._skip_first:
            self._skip_first = False
            return
        if self._fresh:
            self._fresh = False
            self.session.apply(self.action)
        else:
            self.session.redo()

    def undo(self) -> None:
        self.session.undo()
