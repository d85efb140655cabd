"""The player's text size (View → Text size): 90 to 150 % of the normal size, applied
to the board's legibility rule (its least size of a text on the screen: ui/board/legible.py, and
so the scale its layout needs: ui/board/layout.py) and to the window's own widgets (the
application's font).

The setting is a whole percentage (`text_size` in ui/services/settings.py)."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from ui.board import legible

SIZES = (90, 100, 110, 125, 150)
"""The sizes the View menu offers, in percent."""

_base_pt: float | None = None
"""The application font's size at 100 % (read once, before any text size is applied)."""


def apply(percent: int) -> bool:
    """Set the text size to `percent` (clamped to 90–150); True if it changed anything. The caller
    redraws the board (its pieces' pictures hold the old sizes)."""
    global _base_pt
    percent = min(150, max(90, int(percent)))
    factor = percent / 100
    changed = legible.set_text_size(factor)
    app = QApplication.instance()
    if app is not None:
        font = app.font()
        if _base_pt is None:
            _base_pt = font.pointSizeF() if font.pointSizeF() > 0 else 9.0
        size = round(_base_pt * factor, 1)
        if abs(font.pointSizeF() - size) > 0.05:
            font.setPointSizeF(size)
            app.setFont(font)
            changed = True
    return changed


def current() -> int:
    """The text size now, in percent."""
    return round(legible.TEXT_SIZE * 100)
