"""Help: the rules of a game (its `rules_help` markdown) in a readable window, the keyboard
shortcuts, and About."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

SHORTCUTS = [
    # the keys no menu item carries (the menus' own shortcuts are listed from the window's actions)
    ("Tab / Shift+Tab", "Next / previous legal choice: the board's pieces, then the buttons above the board"),
    ("Enter or Space", "Take the choice in focus (its piece glows)"),
    ("Esc", "Back out: the focus goes, a piece opened large closes, an auto-pass stops"),
    ("1 … 9", "Take the 1st … 9th choice offered above the board"),
    ("Ctrl+wheel, + / −", "Zoom the board"),
    ("0 or F", "Fit the board to the window (its panels arranged afresh)"),
    ("Drag the empty board", "Pan"),
    ("← → / Home End", "In a review: previous / next decision, the first / last"),
    ("Space or a click", "Lift the hot-seat curtain, once it has been shown a moment (never Enter)"),
]

_CSS = ("body { font-family: 'DejaVu Serif'; font-size: 15px; color: #3b3127; background: #f4ecd8; }"
        "h1, h2, h3 { font-family: 'DejaVu Serif'; color: #3b3127; }"
        "td { padding: 3px 10px; } code { font-family: 'DejaVu Sans Mono'; }")


class HelpWindow(QDialog):
    """A non-modal reading window with a QTextBrowser."""

    def __init__(self, title: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(title)
        self.resize(760, 820)
        layout = QVBoxLayout(self)
        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(True)
        self.browser.document().setDefaultStyleSheet(_CSS)
        self.browser.document().setDocumentMargin(24)
        self.browser.setStyleSheet("QTextBrowser { background: #f4ecd8; color: #3b3127; }")
        layout.addWidget(self.browser)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        layout.addWidget(buttons)

    def set_markdown(self, text: str) -> None:
        self.browser.setMarkdown(text)

    def set_html(self, html: str) -> None:
        self.browser.setHtml(html)


def rules_window(spec, parent: QWidget | None = None) -> HelpWindow:
    """The rules of `spec` (its `rules_help` markdown, or a note that none is written yet)."""
    w = HelpWindow(f"Rules — {spec.title}", parent)
    text = spec.rules_help or f"# {spec.title}\n\n{spec.pitch}\n\n*The rules summary is not written yet.*"
    w.set_markdown(text)
    return w


def menu_shortcuts(window) -> list[tuple[str, str]]:
    """Every shortcut of `window`'s actions, from its menus and its own (key, what it does), in
    menu order; an action with several keys lists them all."""
    from PySide6.QtGui import QAction, QKeySequence

    seen: set[int] = set()
    rows: list[tuple[str, str]] = []

    def visit(actions) -> None:
        for act in actions:
            if id(act) in seen or act.isSeparator():
                continue
            seen.add(id(act))
            if act.menu() is not None:
                visit(act.menu().actions())
                continue
            keys = [k.toString(QKeySequence.SequenceFormat.NativeText) for k in act.shortcuts() if not k.isEmpty()]
            if keys:
                rows.append((" or ".join(keys), act.text().replace("&&", "\0").replace("&", "").replace("\0", "&")))

    if window is not None:
        bar = window.menuBar() if isinstance(window, QMainWindow) else None
        if bar is not None:
            visit(bar.actions())
        visit([a for a in window.findChildren(QAction) if a.parent() is window])
    return rows


def keyboard_rows(window=None) -> list[tuple[str, str]]:
    """Help → Keyboard: the menus' shortcuts, then the keys of play."""
    return menu_shortcuts(window) + SHORTCUTS


def shortcuts_window(parent: QWidget | None = None) -> HelpWindow:
    """Help → Keyboard: every shortcut (the window's menus and actions) and every key of play."""
    w = HelpWindow("Keyboard", parent)
    w.resize(620, 640)
    import html

    rows = "".join(f"<tr><td><b>{html.escape(k)}</b></td><td>{html.escape(v)}</td></tr>"
                   for k, v in keyboard_rows(parent))
    w.set_html(f"<h2>Keyboard</h2><p>Every decision can be made without the mouse.</p><table>{rows}</table>")
    return w


def about_text() -> str:
    try:
        from importlib.metadata import version

        v = version("tycoons")
    except Exception:  # noqa: BLE001
        v = "development"
    from PySide6 import __version__ as pyside

    return (f"<h2>Tycoons {v}</h2><p>Economic board games to play solo against AI opponents or "
            f"hot-seat on one computer.</p><p>PySide6 {pyside}. Fonts: DejaVu (free licence).</p>")


class GamePicker(QDialog):
    """Which game? Titles with their one-line pitch; double-click or OK. (The rules' question
    by default; Learn to play asks its own.)"""

    def __init__(self, specs, parent: QWidget | None = None, title: str = "Read the rules of which game?",
                 prompt: str = "Read the rules of:"):
        super().__init__(parent)
        self.setWindowTitle(title)
        self.specs = list(specs)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(prompt))
        self.list = QListWidget()
        self.list.setWordWrap(True)
        self.list.setSpacing(4)
        for spec in self.specs:
            item = QListWidgetItem(f"{spec.title}\n{spec.pitch}")
            item.setData(Qt.ItemDataRole.UserRole, spec.id)
            self.list.addItem(item)
        self.list.setCurrentRow(0)
        self.list.itemDoubleClicked.connect(lambda _item: self.accept())
        layout.addWidget(self.list)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(520, 320)

    def chosen(self):
        row = self.list.currentRow()
        return self.specs[row] if 0 <= row < len(self.specs) else None


def pick_game(specs, parent: QWidget | None = None, **words):
    """Ask which game (skipped when there is only one); the GameSpec, or None if cancelled.
    `words`: the picker's `title` and `prompt`."""
    specs = list(specs)
    if len(specs) <= 1:
        return specs[0] if specs else None
    picker = GamePicker(specs, parent, **words)
    return picker.chosen() if picker.exec() == QDialog.DialogCode.Accepted else None


def text_window(title: str, text: str, parent: QWidget | None = None) -> QDialog:
    """Plain text in a read-only box (a screen reader reads it; it can be copied), with Close."""
    from PySide6.QtWidgets import QPlainTextEdit

    w = QDialog(parent)
    w.setWindowTitle(title)
    w.resize(560, 420)
    layout = QVBoxLayout(w)
    box = QPlainTextEdit(text)
    box.setReadOnly(True)
    box.setAccessibleName(title)
    layout.addWidget(box)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
    buttons.rejected.connect(w.close)
    layout.addWidget(buttons)
    w.text = box
    return w
