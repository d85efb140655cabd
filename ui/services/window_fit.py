"""Every window the app opens fits its screen: one watcher on the application, so no window or
dialog needs a fix of its own.

When a top-level window (a main window, a dialog, a message box) is shown, or a shown one is
resized by the program, it is made no larger than the available area of its screen (the screen
less the task bar and docks) and moved inside it, its frame included. A window that opens larger
than a laptop's screen (the game window's 1360×880, a dialog centred over a wider window) so
opens within it; a window already inside is left exactly where it is, so a player's own size and
place are kept. A window cannot be made smaller than its minimum size: those are kept to fit
1024×700 (tests/ui/test_window_fit.py opens every window on such a screen).

    install(app)      # once, by the application shell
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QRect, Qt, QTimer
from PySide6.QtWidgets import QApplication, QWidget

SMALLEST_SCREEN = (1024, 700)
"""The smallest available area every window is made to fit (its minimum size included)."""

_FITTED_TYPES = (Qt.WindowType.Window, Qt.WindowType.Dialog, Qt.WindowType.Sheet, Qt.WindowType.Tool)
"""Windows the watcher fits; popups, menus and tooltips place themselves."""


def available_area(widget: QWidget) -> QRect:
    """The available area of the screen `widget` is (or will be) shown on: its parent window's
    screen for a dialog, else its own, else the primary screen."""
    parent = widget.parentWidget()
    screen = None
    if parent is not None and parent.window().isVisible():
        screen = parent.window().screen()
    if screen is None:
        screen = widget.screen() or QApplication.primaryScreen()
    return screen.availableGeometry()


def fit(widget: QWidget) -> bool:
    """Make top-level `widget` (and its frame) fit its screen's available area, moving it as
    little as needed; True if it was resized or moved. Maximized and full-screen windows are the
    window system's to place."""
    if widget.isMaximized() or widget.isFullScreen():
        return False
    area = available_area(widget)
    if area.isEmpty():
        return False
    frame, inner = widget.frameGeometry(), widget.geometry()
    extra_w, extra_h = frame.width() - inner.width(), frame.height() - inner.height()
    width = min(inner.width(), area.width() - extra_w)
    height = min(inner.height(), area.height() - extra_h)
    changed = False
    if (width, height) != (inner.width(), inner.height()):
        widget.resize(max(1, width), max(1, height))
        changed = True
    frame = widget.frameGeometry()
    x = max(area.left(), min(frame.x(), area.right() + 1 - frame.width()))
    y = max(area.top(), min(frame.y(), area.bottom() + 1 - frame.height()))
    if (x, y) != (frame.x(), frame.y()):
        widget.move(x, y)  # a window's position is its frame's
        changed = True
    return changed


def _fitted(widget: QWidget) -> bool:
    if not widget.isWindow():
        return False
    kind = widget.windowType()
    return kind in _FITTED_TYPES and not widget.testAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen)


class WindowFit(QObject):
    """The application's watcher: fits each top-level window when it is shown, and again when the
    program resizes a shown one (a window that grows a panel after its first paint)."""

    def __init__(self, app: QApplication):
        super().__init__(app)
        self._due: set[int] = set()
        self._showing = False
        app.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt API
        kind = event.type()
        if kind not in (QEvent.Type.Show, QEvent.Type.Resize) or self._showing:
            return False
        if not isinstance(obj, QWidget) or not _fitted(obj):
            return False
        if kind == QEvent.Type.Show:
            # the window's own show handling first (a dialog centres itself over its parent in
            # it), then the fit, before the window system maps it: it never shows elsewhere
            self._showing = True
            try:
                QApplication.sendEvent(obj, event)
            finally:
                self._showing = False
            fit(obj)
            self._later(obj)  # again once the window system has framed it (its title bar)
            return True
        if obj.isVisible():
            self._later(obj)  # a resize by the program: fitted outside the resize event itself
        return False

    def _later(self, widget: QWidget) -> None:
        key = id(widget)
        if key in self._due:
            return
        self._due.add(key)

        def again():
            self._due.discard(key)
            from shiboken6 import isValid

            if isValid(widget) and widget.isVisible():
                fit(widget)

        QTimer.singleShot(0, self, again)


def install(app: QApplication | None = None) -> WindowFit:
    """Fit every window of `app` (the running application by default) from now on; once."""
    app = app or QApplication.instance()
    watcher = app.findChild(WindowFit)
    return watcher if watcher is not None else WindowFit(app)
