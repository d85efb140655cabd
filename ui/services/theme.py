"""Light or dark chrome (Preferences → Window colours): the menus, panels and dialogs around the
board, as the system has them or chosen. The board, the prompt bar, the log and the players panel
keep their paper (STYLE.md): only the native widgets follow.

Qt asks the platform for the scheme first (`QStyleHints.setColorScheme`: Windows, macOS and the
desktops that support it follow it with their own palettes); where the platform cannot switch
(an X11 desktop without a theme, the offscreen platform), a palette of our own is set instead."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication


def dark_palette() -> QPalette:
    """A calm dark palette for the chrome (the table's dark neutral, warm paper for text)."""
    p = QPalette()
    roles = QPalette.ColorRole
    window, base, text = QColor("#2f2d2b"), QColor("#242220"), QColor("#ece4d2")
    for role, colour in ((roles.Window, window), (roles.WindowText, text), (roles.Base, base),
                         (roles.AlternateBase, QColor("#34312e")), (roles.ToolTipBase, QColor("#3b3127")),
                         (roles.ToolTipText, text), (roles.Text, text), (roles.Button, QColor("#3a3734")),
                         (roles.ButtonText, text), (roles.BrightText, QColor("#ffffff")),
                         (roles.Highlight, QColor("#b08d57")), (roles.HighlightedText, QColor("#1d1b19")),
                         (roles.Link, QColor("#56B4E9")), (roles.PlaceholderText, QColor("#9c9386")),
                         (roles.Mid, QColor("#4a4642")), (roles.Dark, QColor("#1d1b19")),
                         (roles.Light, QColor("#56524d")), (roles.Shadow, QColor("#000000"))):
        p.setColor(role, colour)
    for role in (roles.WindowText, roles.Text, roles.ButtonText):
        p.setColor(QPalette.ColorGroup.Disabled, role, QColor("#7d766c"))
    return p


def apply_chrome(choice: str, app: QApplication | None = None) -> str:
    """Set the chrome to "system", "light" or "dark"; returns the scheme in use ("light"/"dark")."""
    app = app or QApplication.instance()
    if app is None:
        return "light"
    hints = app.styleHints()
    wanted = {"dark": Qt.ColorScheme.Dark, "light": Qt.ColorScheme.Light}.get(choice)
    if wanted is None:
        if hasattr(hints, "unsetColorScheme"):  # Qt ≥ 6.8 only: before it, the system's is kept anyway
            hints.unsetColorScheme()
        app.setPalette(QPalette())  # an empty palette: the platform's own again
    else:
        hints.setColorScheme(wanted)
        switched = hints.colorScheme() == wanted
        if switched:
            app.setPalette(QPalette())  # the platform's palette for that scheme
        if not switched or in_use(app) != choice:  # the platform cannot switch: our own palette
            app.setPalette(dark_palette() if choice == "dark" else app.style().standardPalette())
    return in_use(app)


def in_use(app: QApplication | None = None) -> str:
    """"dark" if the chrome's window colour is dark now, else "light"."""
    app = app or QApplication.instance()
    return "dark" if app is not None and app.palette().color(QPalette.ColorRole.Window).lightness() < 128 else "light"
