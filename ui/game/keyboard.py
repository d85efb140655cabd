"""Keyboard-only play: every legal decision can be made from the keyboard.

Tab and Shift+Tab cycle the legal choices: the board's pieces first, in reading order (the
board's panels in their layout's order where it has one, else top to bottom and left to right),
then the prompt's buttons for what the board has no piece for, then the prompt's own choices
(Confirm turn, Undo, Next). The piece in focus glows (the "focus" ring of ui/board/spotlight.py)
and the button in focus takes Qt's keyboard focus; a choice that is neither on the board nor a
button shown (one in the prompt's More menu) is named in the status bar. Enter or Space takes
the choice in focus, as a click would; Esc backs out (the focus goes, a screen choice of the
board such as a piece opened large is closed, an auto-pass is cancelled).

The focus appears only once the player has pressed Tab: a player using the mouse sees no ring.
After a decision it moves to the first choice of the new position (the same action if it is
still on offer). What is in focus is also said to screen readers: the board view's accessible
description names it, and `choices_text()` lists the prompt and every choice as plain text.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QApplication, QPushButton, QWidget
from shiboken6 import isValid

from engine.core.contract import Action
from ui.board.items import Highlight
from ui.board.scene import PanelFrame
from ui.board.spotlight import Look, spotlight

ROW = 24.0
"""Board units within which two pieces count as one row (reading order)."""


@dataclass
class Choice:
    """One legal choice: the action (or a prompt sentinel), its words, and where it is."""

    action: object
    label: str
    piece: object = None
    button: QPushButton | None = None


def reading_order(scene, pieces: list) -> list:
    """`pieces` in the order a reader meets them: by the board's panels in layout order (a
    responsive board, ui/board/layout.py), then top to bottom, left to right within each."""
    order = {name: i for i, name in enumerate(scene.panel_order())}

    def panel_of(piece) -> int:
        item = piece
        while item is not None:
            if isinstance(item, PanelFrame) and item.name in order and item.parentItem() is None:
                return order[item.name]
            item = item.parentItem()
        return len(order)

    def key(piece):
        pos = piece.sceneBoundingRect().topLeft()
        return (panel_of(piece), round(pos.y() / ROW), pos.x())

    return sorted(pieces, key=key)


class KeyboardPlay(QObject):
    """The keyboard's focus on the legal choices of one game window."""

    KEYS = {Qt.Key.Key_Tab, Qt.Key.Key_Backtab, Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space,
            Qt.Key.Key_Escape}

    def __init__(self, window):
        super().__init__(window)
        self.window = window
        self.active = False
        """True once Tab was pressed in this window (the focus shows from then on)."""
        self.focus: Choice | None = None
        QApplication.instance().installEventFilter(self)

    # -- the choices -----------------------------------------------------------------------------
    def choices(self) -> list[Choice]:
        """Every choice open now, in the order Tab visits them."""
        w = self.window
        c = w.controller
        if c is None or c.curtain_up:
            return []
        scene = w.view.scene()
        actions, labels = w._prompt_choices()
        pieces, rest = [], []
        for action, label in zip(actions, labels, strict=True):
            # a decision may have a piece; the prompt's own choices (Confirm, Undo, Next) do not
            piece = scene.item_for(action) if scene is not None and isinstance(action, Action) else None
            if piece is not None and (not piece.isVisible() or piece.scene() is not scene):
                piece = None
            button = w.prompt.button_for(action)
            if piece is not None:
                pieces.append(Choice(action, label, piece, button))
            else:
                rest.append(Choice(action, label, None, button))
        by_piece = {id(ch.piece): ch for ch in pieces}
        ordered = [by_piece[id(p)] for p in reading_order(scene, [ch.piece for ch in pieces])]
        return ordered + rest

    def choices_text(self) -> str:
        """The prompt and every choice open now, as plain text (for reading aloud or copying)."""
        w = self.window
        lines = [w.prompt.label.full_text() or w.prompt_text()]
        if w.prompt.hint_line.whole:  # the whole hint, a line a move (the bar shows it in one)
            lines.append(w.prompt.hint_line.whole)
        options = self.choices()
        if options:
            lines.append("Choices (Tab to move, Enter to take):")
            for i, ch in enumerate(options, 1):
                where = "on the board" if ch.piece is not None else "above the board"
                mark = "  ◀ in focus" if self.focus is not None and ch.action == self.focus.action else ""
                lines.append(f"{i}. {ch.label} ({where}){mark}")
        else:
            lines.append("No choice to make now.")
        return "\n".join(lines)

    # -- the focus -------------------------------------------------------------------------------
    def move(self, step: int) -> Choice | None:
        """Tab (+1) or Shift+Tab (-1): the next or previous choice."""
        options = self.choices()
        self.active = True
        self.window._hide_refusal()  # the callout was about a click; the keyboard moved on
        if not options:
            self.set_focus(None)
            self.window.show_status("No choice to make now.")
            return None
        index = next((i for i, ch in enumerate(options) if self.focus is not None and ch.action == self.focus.action),
                     None)
        index = (0 if step > 0 else len(options) - 1) if index is None else (index + step) % len(options)
        self.set_focus(options[index])
        return self.focus

    def set_focus(self, choice: Choice | None, announce: bool = True) -> None:
        w = self.window
        scene = w.view.scene()
        self.focus = choice
        w._follow_choices_text()  # its "in focus" mark follows the focus
        if scene is not None:
            spot = spotlight(scene)
            if choice is not None and choice.piece is not None:
                spot.show("focus", {choice.action: Look("focus")})
                # scrolled to only if not wholly in sight: a board shown whole never jumps
                seen = w.view.mapFromScene(choice.piece.sceneBoundingRect()).boundingRect()
                if not w.view.viewport().rect().contains(seen):
                    w.view.ensureVisible(choice.piece, 30, 30)
            else:
                spot.clear("focus")
        if choice is None:
            w.view.setAccessibleDescription("")
            return
        options = self.choices()
        n = next((i for i, ch in enumerate(options, 1) if ch.action == choice.action), 0)
        said = f"Choice {n} of {len(options)}: {choice.label}. Enter takes it."
        w.view.setAccessibleDescription(said)
        if choice.button is not None and choice.button.isVisible():
            choice.button.setFocus(Qt.FocusReason.TabFocusReason)
        else:
            w.view.setFocus(Qt.FocusReason.TabFocusReason)
        if announce:  # a Tab said in the status bar; a focus that only followed the game is not
            w.show_status(said)

    def take(self) -> bool:
        """Enter or Space: take the choice in focus, as its click would."""
        choice = self.focus
        if choice is None:
            return False
        w = self.window
        if choice.piece is not None and isValid(choice.piece) and isinstance(choice.piece, Highlight):
            choice.piece.click()  # the click's own path: refused or taken, said by the piece
        elif choice.button is not None and isValid(choice.button):
            choice.button.click()
        else:
            w._prompt_chosen(choice.action)
        return True

    def back_out(self) -> None:
        """Esc: the focus goes, and whatever the board or the window has open closes."""
        w = self.window
        scene = w.view.scene()
        if scene is not None:
            scene.back_out()
        w.cancel_auto_pass()
        self.set_focus(None)
        w.view.setFocus(Qt.FocusReason.OtherFocusReason)

    def follow(self) -> None:
        """After a change of the game: keep the focus on its action if still offered, else on the
        first choice (only once the keyboard is in use)."""
        if not self.active:
            return
        options = self.choices()
        keep = next((ch for ch in options if self.focus is not None and ch.action == self.focus.action), None)
        self.set_focus(keep or (options[0] if options else None), announce=False)

    # -- keys ------------------------------------------------------------------------------------
    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt API
        if event.type() != QEvent.Type.KeyPress or event.key() not in self.KEYS:
            return False
        w = self.window
        if not isValid(w) or not isinstance(obj, QWidget) or obj.window() is not w or w.controller is None:
            return False
        if w.curtain.isVisible() or QApplication.activePopupWidget() is not None:
            return False  # the curtain has its own keys (ui/game/curtain.py); a menu its own
        if not self._ours(obj):
            return False
        mods = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        key = event.key()
        if key in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab) and not mods & ~Qt.KeyboardModifier.ShiftModifier:
            self.move(-1 if key == Qt.Key.Key_Backtab or mods & Qt.KeyboardModifier.ShiftModifier else 1)
            return True
        if mods:
            return False
        if key == Qt.Key.Key_Escape:
            self.back_out()
            return True
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space) and self.focus is not None:
            if event.isAutoRepeat():
                return True  # a held key takes one choice, not a row of them
            return self.take()
        return False

    def _ours(self, obj: QWidget) -> bool:
        """Keys typed into the board, the prompt bar or the window itself (not into a text field
        or a list of a dock, which have their own use for them)."""
        w = self.window
        widget = obj
        while widget is not None:
            if widget is w.view or widget is w.prompt or widget is w:
                return True
            if widget is w.since_panel:
                return False
            if widget in (w.log_dock, w.players_dock):
                return False
            widget = widget.parentWidget()
        return False
