"""Text from outside the app (a file, a save, a room, a user) is shown as plain text, never as markup.

Qt renders a label (`Qt.AutoText`), a tooltip or a message box's text as rich text as soon as its
first line looks like markup (`Qt.mightBeRichText`), and rich text loads every image it names: a
player named `<img src=/dev/zero>` made the app read /dev/zero until it aborted, on a tooltip alone,
and another path reads a local file a stranger chose. So every widget that can show such text
takes it through this module:

- `PlainLabel`: a QLabel that never renders markup (use it for any label whose words are not a
  literal of the app);
- `plain_tip(text)`: a tooltip that shows `text` literally, whatever it holds;
- `escape(text)`: data inside a label that must be rich (its own bold or line breaks);
- `message_box(...)`: a message whose text is plain;
- `show_skipped(label, notes, ...)`: the note of files that could not be read and were skipped.
"""

from __future__ import annotations

import html

from PySide6.QtGui import Qt  # QtGui's Qt holds mightBeRichText besides QtCore's enums
from PySide6.QtWidgets import QLabel, QMessageBox, QWidget


def escape(text: object) -> str:
    """`text` as rich text that shows its characters literally (no tag, no entity of its own)."""
    return html.escape(str(text))


def renders_as_markup(text: str) -> bool:
    """Whether Qt would render `text` as rich text where it guesses (a tooltip, an AutoText label)."""
    return bool(text) and Qt.mightBeRichText(text)


def plain_tip(text: str) -> str:
    """A tooltip that shows `text` as it is. Text that Qt would not take for markup is returned
    unchanged (so it looks as every other tooltip); text that it would is escaped inside a
    paragraph that keeps its spaces and line breaks, which shows the same characters and loads
    nothing."""
    if not renders_as_markup(text):
        return text
    return f"{_TIP_OPEN}{escape(text)}{_TIP_CLOSE}"


_TIP_OPEN, _TIP_CLOSE = "<p style='white-space:pre'>", "</p>"


def tip_text(tip: str) -> str:
    """The text a tooltip made by `plain_tip` shows (to join it into another tooltip)."""
    if tip.startswith(_TIP_OPEN) and tip.endswith(_TIP_CLOSE):
        return html.unescape(tip[len(_TIP_OPEN):-len(_TIP_CLOSE)])
    return tip


class PlainLabel(QLabel):
    """A QLabel that shows its text as plain text, whatever the text holds."""

    def __init__(self, text: str = "", parent: QWidget | None = None):
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.PlainText)
        if text:
            self.setText(text)


def message_box(parent: QWidget | None, title: str, text: str,
                icon: QMessageBox.Icon = QMessageBox.Icon.Warning) -> QMessageBox:
    """A message box (OK only) whose text is plain: an error message quotes file names and what
    a file held."""
    box = QMessageBox(icon, title, text, QMessageBox.StandardButton.Ok, parent)
    box.setTextFormat(Qt.TextFormat.PlainText)
    return box


MAX_SKIPPED_SHOWN = 50
"""Lines of skipped files a note's tooltip lists (a folder may hold thousands)."""


def show_skipped(label: QLabel, notes: list[str], noun: str, where: str = "") -> None:
    """Say in `label` (a PlainLabel) what could not be read and was skipped: `notes` holds a line
    "<file>: why" for each (a file's name and what it holds are data); the count and the first
    line in the label, the first lines in its tooltip. The label is hidden when nothing was."""
    n = len(notes)
    if n:
        label.setText(f"{n:,} {noun}{'s' if n != 1 else ''}{where} could not be read and "
                      f"{'were' if n != 1 else 'was'} skipped: " + notes[0] + (" …" if n > 1 else ""))
        more = n - MAX_SKIPPED_SHOWN
        shown = "\n".join(notes[:MAX_SKIPPED_SHOWN])
        label.setToolTip(plain_tip(shown + (f"\n… and {more:,} more" if more > 0 else "")))
    label.setVisible(bool(n))
