"""The Qt undo adapter (ARCHITECTURE §3): the `QUndoStack` mirrors the decisions the player at the
screen may take back now, one `DecisionCommand` for each.

The session decides what may be undone (its undo window, closed by barriers); the controller
narrows it to what the person at the screen may take back (their own decisions, not confirmed,
no curtain down). `UndoMirror.follow()` makes the stack match that, and it is called from one
place: the controller's path after every change (a decision, an undo, a redo, a barrier, a
confirmation, the curtain, closing). Decisions are applied to the session first and mirrored
after; Undo and Redo (the stack's own actions) change the session through their command, and the
stack moves its own index to match.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import contextmanager

from PySide6.QtGui import QUndoCommand, QUndoStack

from engine.core.contract import Action
from engine.core.session import LogEntry, Session

Window = list[tuple[int, LogEntry]] | None
"""The decisions that may be taken back, with their places in the log, oldest first; None when
nothing may be taken back or redone (the redo side goes too)."""


class DecisionCommand(QUndoCommand):
    """A decision already applied to the session: undo restores the previous snapshot, redo
    re-applies it. The first `redo()` (which `QUndoStack.push` calls at once) does nothing."""

    def __init__(self, mirror: UndoMirror, action: Action, text: str):
        super().__init__(text)
        self.mirror = mirror
        self.action = action
        self._pushed = False

    def redo(self) -> None:
        if not self._pushed:
            self._pushed = True
            return
        with self.mirror.running():
            self.mirror.session.redo()

    def undo(self) -> None:
        with self.mirror.running():
            self.mirror.session.undo()


class UndoMirror:
    """Keeps `stack` equal to `window()` (see the module doc); `label(action)` names a command
    of a decision whose words were not noted before it was applied."""

    def __init__(self, stack: QUndoStack, session: Session, window: Callable[[], Window],
                 label: Callable[[Action], str]):
        self.stack = stack
        self.session = session
        self._window = window
        self._label = label
        self._mirrored: list[tuple[int, Action]] = []
        """(place in the log, action) of every command on the stack, in the stack's order."""
        self._labels: dict[tuple[int, Action], str] = {}
        self._running = False
        self._stale = False
        stack.indexChanged.connect(self._after_command)

    def note_label(self, index: int, action: Action, text: str) -> None:
        """The words of the decision about to be applied at `index` of the log, taken from the
        position before it (a label names prices and counts of that position)."""
        self._labels = {(index, action): text}

    @contextmanager
    def running(self):
        """A command of the stack is changing the session: the stack moves its index itself once
        the command returns, so the mirror follows only then."""
        self._running = True
        try:
            yield
        finally:
            self._running = False

    def follow(self) -> None:
        """Make the stack hold one command for each decision of the window (see the module doc)."""
        if self._running:
            self._stale = True  # followed once the stack has moved its index (_after_command)
            return
        window = self._window()
        want = [(i, entry.action) for i, entry in window or ()]
        stack = self.stack
        done = self._mirrored[:stack.index()]
        if want == done:
            if stack.count() > stack.index() and (window is None or not self.session.can_redo()):
                self._clear()  # the redo side is closed too (or the session cannot redo it)
                self._push(want)
            return
        if want[:len(done)] == done:  # new decisions on top: pushing drops the redo side, as they did
            del self._mirrored[stack.index():]
            self._push(want[len(done):])
        else:  # a barrier, a confirmation, the curtain, another player's turn: the window anew
            self._clear()
            self._push(want)

    def _push(self, decisions: list[tuple[int, Action]]) -> None:
        for index, action in decisions:
            text = self._labels.pop((index, action), None)
            self._mirrored.append((index, action))
            self.stack.push(DecisionCommand(self, action, text if text is not None else self._label(action)))

    def _clear(self) -> None:
        self._mirrored.clear()
        self.stack.clear()

    def _after_command(self, _index: int) -> None:
        if self._stale:
            self._stale = False
            self.follow()
