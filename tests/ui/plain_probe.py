"""What a window shows, for the tests that put markup in every text that comes from outside (a
save, a file name, a room, a user): every label, button, tooltip, list and table cell, tab, scene
item's tooltip and text box, each with whether Qt renders it as rich text."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import Qt as GuiQt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QGraphicsView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QTabBar,
    QTextEdit,
    QWidget,
)

RAW = ("<img", "<b>bob", "<i>cy", "<u>")
"""Pieces of the probes below: any of them in a text Qt renders as rich text is markup from data."""

NAMES = ["<img src=probe/ann.png>Ann", "<b>Bob</b>", "<i>Cy</i> <u>x</u>"]
"""Players' names (at most 40 printable characters, as a save may hold them)."""
LEVEL = "<img src=p/lv.png>"
"""An AI level (at most 20 characters in a save)."""


@dataclass
class Shown:
    where: str
    text: str
    rich: bool

    def visible(self) -> str:
        """The characters a person reads."""
        if not self.rich:
            return self.text
        doc = QTextDocument()
        doc.setHtml(self.text)
        return doc.toPlainText()


def _guessed(text: str) -> bool:
    return bool(text) and GuiQt.mightBeRichText(text)


def _label(label: QLabel) -> bool:
    fmt = label.textFormat()
    return fmt in (Qt.TextFormat.RichText, Qt.TextFormat.MarkdownText) or (
        fmt == Qt.TextFormat.AutoText and _guessed(label.text()))


def _columns(model) -> int:
    try:
        return model.columnCount(QModelIndex())
    except TypeError:  # a list model's is private in PySide: it has one
        return 1


def _model(view: QAbstractItemView, name: str, out: list[Shown]) -> None:
    model = view.model()
    if model is None:
        return
    columns = _columns(model)
    for row in range(min(model.rowCount(QModelIndex()), 200)):
        for col in range(columns):
            index = model.index(row, col)
            text = model.data(index, Qt.ItemDataRole.DisplayRole)
            if isinstance(text, str):
                out.append(Shown(f"{name} cell {row},{col}", text, False))  # items are drawn as plain text
            tip = model.data(index, Qt.ItemDataRole.ToolTipRole)
            if isinstance(tip, str):
                out.append(Shown(f"{name} tooltip {row},{col}", tip, _guessed(tip)))
    for orientation, count in ((Qt.Orientation.Horizontal, columns),
                               (Qt.Orientation.Vertical, model.rowCount(QModelIndex()))):
        for section in range(min(count, 200)):
            tip = model.headerData(section, orientation, Qt.ItemDataRole.ToolTipRole)
            if isinstance(tip, str):
                out.append(Shown(f"{name} header tooltip {section}", tip, _guessed(tip)))


def shown(*roots: QWidget) -> list[Shown]:
    """Every text the windows `roots` (and every widget in them) show or hold as a tooltip."""
    out: list[Shown] = []
    for root in roots:
        out.append(Shown("window title", root.windowTitle(), False))
        for w in [root, *root.findChildren(QWidget)]:
            name = f"{type(w).__name__} {w.objectName() or w.accessibleName()}".strip()
            if w.toolTip():
                out.append(Shown(f"{name} tooltip", w.toolTip(), _guessed(w.toolTip())))
            if isinstance(w, QLabel) and w.text():
                out.append(Shown(name, w.text(), _label(w)))
            elif isinstance(w, QAbstractButton | QLineEdit):
                out.append(Shown(name, w.text(), False))
            elif isinstance(w, QPlainTextEdit):
                out.append(Shown(name, w.toPlainText(), False))
            elif isinstance(w, QTextEdit):
                out.append(Shown(name, w.toPlainText(), False))
            if isinstance(w, QTabBar):
                for i in range(w.count()):
                    tip = w.tabToolTip(i)
                    out.append(Shown(f"{name} tab {i}", w.tabText(i), False))
                    if tip:
                        out.append(Shown(f"{name} tab {i} tooltip", tip, _guessed(tip)))
            if isinstance(w, QAbstractItemView):
                _model(w, name, out)
            if isinstance(w, QGraphicsView) and w.scene() is not None:
                for item in w.scene().items():
                    tip = item.toolTip()
                    if tip:
                        out.append(Shown(f"{type(item).__name__} tooltip", tip, _guessed(tip)))
    return out


def assert_plain(texts: list[Shown], expected: list[str]) -> None:
    """No text from data is rendered as markup, and each of `expected` is read as written
    somewhere (so the data did reach the widgets)."""
    markup = [(t.where, t.text) for t in texts if t.rich and any(r in t.text.lower() for r in RAW)]
    assert not markup, f"rendered as rich text: {markup[:5]}"
    read = [t.visible() for t in texts]
    missing = [e for e in expected if not any(e in r for r in read)]
    assert not missing, f"never shown as written: {missing}"
